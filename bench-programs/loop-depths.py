#!/usr/bin/env python3
"""Loop-iteration coverage at depths 1..N (issue 20, after the seed paper
"Loop unrolling: formal definition and application to testing", Table 2).

For each program of a folder (default: bench-programs/loops) and each
depth d, runs `bicd cover --loop-coverage --unwind d --format json` once
and records the wall time and the loop table: how many (loop, count)
pairs have a test, are infeasible within the bound, or are undecided.
Prints a Markdown table of times (seconds) per program and depth, then
one of undecided pairs where there are any.

    python3 bench-programs/loop-depths.py --bicd target/release/bicd \
        [--max-depth 15] [--time-limit 60s] [--solver yices] [DIR]
"""
import argparse, json, os, subprocess, sys, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bicd', default='target/release/bicd')
    ap.add_argument('--max-depth', type=int, default=15)
    ap.add_argument('--time-limit', default='60s')
    ap.add_argument('--solver', default='yices')
    ap.add_argument('dir', nargs='?', default=os.path.join(os.path.dirname(__file__), 'loops'))
    a = ap.parse_args()
    files = sorted(f for f in os.listdir(a.dir) if f.endswith('.bpl'))
    depths = range(1, a.max_depth + 1)
    times, open_pairs = {}, {}
    for f in files:
        for d in depths:
            start = time.time()
            p = subprocess.run([a.bicd, 'cover', '--loop-coverage', '--unwind', str(d),
                                '--time-limit', a.time_limit, '--solver', a.solver,
                                '--format', 'json', '--fail-on', 'never',
                                os.path.join(a.dir, f)], capture_output=True, text=True)
            took = time.time() - start
            if p.returncode != 0:
                sys.exit(f'{f} at depth {d}: exit {p.returncode}: {p.stderr}')
            doc = json.loads(p.stdout)
            status = [it['status'] for pr in doc['procedures'] for l in pr['loops']
                      for it in l['iterations']]
            times[f, d] = took
            open_pairs[f, d] = status.count('unknown')
            print(f'{f} depth {d}: {took:.2f} s, {status.count("covered")} covered, '
                  f'{status.count("infeasible")} infeasible, {status.count("unknown")} unknown',
                  file=sys.stderr, flush=True)
    print('| program | ' + ' | '.join(str(d) for d in depths) + ' |')
    print('|---|' + '---:|' * len(depths))
    for f in files:
        print(f'| {f[:-4]} | ' + ' | '.join(f'{times[f, d]:.2f}' for d in depths) + ' |')
    if any(open_pairs.values()):
        print('\nundecided (loop, count) pairs:')
        for f in files:
            row = [open_pairs[f, d] for d in depths]
            if any(row):
                print(f'| {f[:-4]} | ' + ' | '.join(map(str, row)) + ' |')

if __name__ == '__main__':
    main()

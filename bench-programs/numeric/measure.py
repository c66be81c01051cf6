#!/usr/bin/env python3
"""Solver alone, search alone and both on the numeric programs of this
directory (issue 21, part 2; after CoverMe's benchmark of fdlibm functions).

Usage (from the repository root, after `cargo build --release`):

    python3 bench-programs/numeric/measure.py [--bicd target/release/bicd] [--limit 10s]

For each file and each of `--search off|only|on` it runs `bicd cover
--unwind 1 --search MODE --time-limit LIMIT --format json` and counts the
blocks covered, infeasible and unknown, the tests, and the wall time, and
checks that no test failed to replay (exit status 4). Prints the Markdown
table of docs/experiments.md, "Session 20".
"""
import collections, glob, json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
MODES = ["off", "only", "on"]


def run(bicd, path, mode, limit):
    start = time.monotonic()
    out = subprocess.run(
        [bicd, "cover", "--unwind", "1", "--search", mode, "--time-limit", limit,
         "--format", "json", path],
        capture_output=True, text=True)
    took = time.monotonic() - start
    if out.returncode == 4:
        sys.exit(f"{path} --search {mode}: a test does not replay\n{out.stderr}")
    doc = json.loads(out.stdout)
    counts = collections.Counter()
    for p in doc["procedures"]:
        for b in p["blocks"]:
            counts[b["status"]] += 1
    return counts, took


def main():
    args = sys.argv[1:]
    bicd = "target/release/bicd"
    limit = "10s"
    while args:
        flag = args.pop(0)
        if flag == "--bicd":
            bicd = args.pop(0)
        elif flag == "--limit":
            limit = args.pop(0)
        else:
            sys.exit(__doc__)
    print("| program | blocks | solver alone (`off`) | time | search alone (`only`) "
          "| time | both (`on`) | time |")
    print("|---|---:|---|---:|---|---:|---|---:|")
    totals = {m: [collections.Counter(), 0.0] for m in MODES}
    blocks_total = 0
    for path in sorted(glob.glob(os.path.join(HERE, "*.bpl"))):
        cells = []
        blocks = 0
        for mode in MODES:
            counts, took = run(bicd, path, mode, limit)
            blocks = sum(counts.values())
            totals[mode][0].update(counts)
            totals[mode][1] += took
            cells.append(f"{counts['covered']} / {counts['infeasible']} / {counts['unknown']}")
            cells.append(f"{took:.1f} s")
        blocks_total += blocks
        name = os.path.basename(path)[:-4]
        print(f"| {name} | {blocks} | " + " | ".join(cells) + " |")
    cells = []
    for mode in MODES:
        c, took = totals[mode]
        share = 100 * c["covered"] / max(blocks_total, 1)
        cells.append(f"**{c['covered']} / {c['infeasible']} / {c['unknown']}** ({share:.0f}%)")
        cells.append(f"{took:.0f} s")
    print(f"| **all** | **{blocks_total}** | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

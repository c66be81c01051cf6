#!/usr/bin/env python3
"""Two bicd builds on the same files, in turn: blocks decided per file and
in all (docs/experiments.md measures every change this way).

    python3 bench-programs/ab-pair.py --a bicd-before --b bicd-after \
        --time-limit 20s --out ab-out FILE_LIST_OR_DIR...

Each argument is a .bpl file, a folder (its .bpl files, recursively) or a
text file listing paths, one per line. Each file runs once with A and once
with B, which goes first alternating from file to file, so that a load on
the machine falls on both alike (`bicd cover --time-limit T --format json
--fail-on never FILE`, one process, as a user runs it). Writes
OUT/a.tsv and OUT/b.tsv (file, exit status, wall seconds, blocks,
covered, infeasible, unknown, panic) and prints the files whose decided
blocks (covered + infeasible) or exit status differ, then the totals.
With a time limit, differences of a few percent on one file are often the
spread of that file's timing: run the file again with both before
reading a direction into it.

With --repeat N, each file runs N times with each build (the order
alternating too), each run a row of the tables (its run number last);
the files are compared by their mean, and a file counts as apart where
every run of one build decided more than every run of the other. The
totals of each run say how far the sum moves on its own: on SDV's
harnesses at 10 s one file's decided blocks spread by a few hundred and
43 files' sum by up to 1,800 (docs/experiments.md, session 61).
"""
import argparse
import json
import os
import subprocess
import sys
import time


def files_of(args):
    """The .bpl files the arguments name, in the order given (sorted
    within a folder)."""
    found = []
    for p in args:
        if os.path.isdir(p):
            for d, _, fs in sorted(os.walk(p)):
                found += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".bpl")]
        elif p.endswith(".bpl"):
            found.append(p)
        else:
            with open(p) as listing:
                found += [line.strip() for line in listing if line.strip()]
    return found


def run_once(bicd, path, limit):
    """One `bicd cover` run: (exit status, wall s, blocks, covered,
    infeasible, unknown, panicked)."""
    seconds = float(limit.rstrip("s"))
    start = time.time()
    try:
        done = subprocess.run(
            [bicd, "cover", "--time-limit", limit, "--format", "json", "--fail-on", "never", path],
            capture_output=True, text=True, timeout=4 * seconds + 60,
        )
        out, err, status = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired:
        out, err, status = "", "", -9
    wall = round(time.time() - start, 1)
    counts = {"covered": 0, "infeasible": 0, "unknown": 0}
    try:
        for proc in json.loads(out).get("procedures", []):
            for block in proc.get("blocks", []):
                key = block["status"] if block["status"] in counts else "unknown"
                counts[key] += 1
    except ValueError:
        pass
    blocks = sum(counts.values())
    return [status, wall, blocks, counts["covered"], counts["infeasible"], counts["unknown"],
            int("panicked" in err)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--a", required=True, help="the bicd executable before")
    ap.add_argument("--b", required=True, help="the bicd executable after")
    ap.add_argument("--time-limit", default="20s")
    ap.add_argument("--out", default="ab-out")
    ap.add_argument("--repeat", type=int, default=1, help="runs per file and build")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rows = {"a": [], "b": []}
    with open(os.path.join(args.out, "a.tsv"), "w") as ta, \
            open(os.path.join(args.out, "b.tsv"), "w") as tb:
        tables = {"a": ta, "b": tb}
        for i, path in enumerate(files_of(args.paths)):
            for run in range(args.repeat):
                for side in ("a", "b") if (i + run) % 2 == 0 else ("b", "a"):
                    row = [path] + run_once(getattr(args, side), path, args.time_limit)
                    if args.repeat > 1:
                        row.append(run)
                    rows[side].append(row)
                    tables[side].write("\t".join(map(str, row)) + "\n")
                    tables[side].flush()
    n = args.repeat
    files = len(rows["a"]) // n
    total = {"a": 0.0, "b": 0.0}
    per_run = {"a": [0] * n, "b": [0] * n}
    blocks = 0
    apart = {"up": 0, "down": 0}
    for f in range(files):
        runs = {side: rows[side][f * n:(f + 1) * n] for side in rows}
        decided = {side: [r[4] + r[5] for r in runs[side]] for side in rows}
        for side in rows:
            for run, d in enumerate(decided[side]):
                per_run[side][run] += d
        da, db = (sum(decided[s]) / n for s in ("a", "b"))
        total["a"] += da
        total["b"] += db
        first_a, first_b = runs["a"][0], runs["b"][0]
        blocks += first_a[3]
        exits = {side: sorted({r[1] for r in runs[side]}) for side in rows}
        if min(decided["b"]) > max(decided["a"]):
            apart["up"] += 1
        if max(decided["b"]) < min(decided["a"]):
            apart["down"] += 1
        if da != db or exits["a"] != exits["b"]:
            spread = {side: (f" [{min(decided[side])}-{max(decided[side])}]" if n > 1 else "")
                      for side in rows}
            print(f"{first_a[0]}: {da:g}{spread['a']} -> {db:g}{spread['b']} of {first_a[3]} "
                  f"decided ({db - da:+g}); exit {exits['a']} -> {exits['b']}; "
                  f"{first_a[2]} -> {first_b[2]} s")
    panics = {side: sum(r[7] for r in rows[side]) for side in rows}
    print(f"{files} files, {blocks} blocks: decided {total['a']:g} -> {total['b']:g} "
          f"({total['b'] - total['a']:+g}); panics {panics['a']} -> {panics['b']}")
    if n > 1:
        print(f"each run's total: A {per_run['a']}, B {per_run['b']}; "
              f"files apart: {apart['up']} up, {apart['down']} down")


if __name__ == "__main__":
    sys.exit(main())

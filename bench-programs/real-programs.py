#!/usr/bin/env python3
"""Real programs: `bicd cover` on every .bpl file under the given folders,
as a user runs it, with Boogie's own verification time on the same file in
the same run (issue 18).

    python3 bench-programs/real-programs.py --bicd target/release/bicd \
        --time-limit 20s --unwind 2 --out real-out DIR_OR_FILE...

e.g. on Boogie's test suite (`fetch boogie-org/boogie`, folder `Test/`);
`--only havoc0,livevars` keeps the files whose path contains one of the
words (the driver programs). Writes real-out/results.csv (one row per
file) and real-out/table.md (the totals, ready to paste), and prints one
line per file as it goes.

Per file, bicd runs once (`bicd cover --unwind K --time-limit T --format
json --fail-on never FILE`, one process, as a user would): blocks covered,
infeasible and unknown, wall time, peak resident memory of bicd and its
solver (the larger, `ru_maxrss` from wait4), and
whether it overshot the time limit by more than 2 s. A file bicd refuses
(syntax, types, unsupported constructs) is counted as not read. Where
`boogie` is on PATH (Debian's Boogie 2.4.1), `boogie /nologo
/z3exe:WRAPPER FILE` is timed too (WRAPPER drops the `model_compress`
option line that Boogie 2.4.1 sends and z3 4.8 and later reject) and its
verdict line kept. Blocks decided = covered + infeasible.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def run(cmd, timeout):
    """Runs cmd; returns (stdout, wall seconds, peak resident KiB): the
    larger of the process's own and its waited-for children's (the solver),
    from wait4."""
    start = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    chunks = []
    reader = threading.Thread(target=lambda: chunks.append(proc.stdout.read()))
    reader.start()
    reader.join(timeout)
    if reader.is_alive():
        proc.kill()
        reader.join()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped here, not by subprocess
    wall = time.time() - start
    return b"".join(chunks).decode("utf-8", "replace"), wall, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--bicd", default="bicd")
    ap.add_argument("--time-limit", default="20s")
    ap.add_argument("--unwind", default="2")
    ap.add_argument("--only", default="", help="comma-separated words a path must contain")
    ap.add_argument("--out", default="real-out")
    ap.add_argument("--no-boogie", action="store_true")
    args = ap.parse_args()
    limit = float(args.time_limit.rstrip("s"))
    files = []
    for p in args.paths:
        if os.path.isfile(p):
            files.append(p)
        for d, _, fs in os.walk(p):
            files += [os.path.join(d, f) for f in fs if f.endswith(".bpl")]
    files = sorted(set(files))
    if args.only:
        words = args.only.split(",")
        files = [f for f in files if any(w in f for w in words)]
    boogie = None if args.no_boogie else shutil.which("boogie")
    wrapper = None
    if boogie:
        wrapper = os.path.join(tempfile.mkdtemp(), "z3-for-boogie")
        with open(wrapper, "w") as w:
            w.write('#!/bin/sh\ngrep --line-buffered -v model_compress | z3 "$@"\n')
        os.chmod(wrapper, 0o755)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for f in files:
        out, wall, peak = run(
            [args.bicd, "cover", "--unwind", args.unwind, "--time-limit", args.time_limit,
             "--format", "json", "--fail-on", "never", f],
            limit + 60,
        )
        row = {"file": f, "read": 0, "covered": 0, "infeasible": 0, "unknown": 0,
               "bicd_s": round(wall, 2), "peak_kib": peak, "overshoot": int(wall > limit + 2),
               "boogie_s": "", "ratio": "", "boogie": ""}
        try:
            report = json.loads(out)
        except ValueError:
            report = None
        if report and report.get("procedures") and not report.get("errors"):
            row["read"] = 1
            for proc in report["procedures"]:
                for b in proc.get("blocks", []):
                    key = b["status"] if b["status"] in ("covered", "infeasible") else "unknown"
                    row[key] += 1
        if boogie and row["read"]:
            bout, bwall, _ = run([boogie, "/nologo", "/z3exe:" + wrapper, f], 120)
            row["boogie_s"] = round(bwall, 2)
            row["ratio"] = round(wall / max(bwall, 0.01), 1)
            last = [l for l in bout.splitlines() if l.strip()]
            row["boogie"] = last[-1][:80] if last else ""
        rows.append(row)
        print(f"{f}: {row['covered']} covered, {row['infeasible']} infeasible, "
              f"{row['unknown']} unknown, {row['bicd_s']} s (Boogie {row['boogie_s'] or '-'} s)",
              flush=True)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0].keys()) if rows else ["file"])
        w.writeheader()
        w.writerows(rows)
    read = [r for r in rows if r["read"]]
    blocks = sum(r["covered"] + r["infeasible"] + r["unknown"] for r in read)
    decided = sum(r["covered"] + r["infeasible"] for r in read)
    ratios = [r["ratio"] for r in read if r["ratio"] != ""]
    worst = f"{max(ratios)}x" if ratios else "-"
    lines = [
        "| files | read by bicd | blocks | decided | unknown | overshoots > 2 s | worst bicd/Boogie time |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {len(rows)} | {len(read)} | {blocks} | {decided} ({100 * decided / max(blocks, 1):.1f}%) "
        f"| {blocks - decided} | {sum(r['overshoot'] for r in read)} | {worst} |",
    ]
    with open(os.path.join(args.out, "table.md"), "w") as t:
        t.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Inline vs summary mode on the call-heavy corpus of this directory.

Usage (from the repository root, after `cargo build --release`):

    python3 bench-programs/calls/measure.py [--bicd target/release/bicd] [--regen]

--regen rewrites the corpus (gen-*.bpl) with `bicd gen --procs P
--call-sites M --const-args 50 --seed S`. For each file and each mode it runs
`bicd cover --calls MODE --format json` under /usr/bin/time and sums, per
number of call sites: wall time, solver queries, the original blocks
covered and left uncovered (each block counted once, in the report of the
procedure that owns it: in inline mode a caller's report also lists the
inlined callee's blocks), and the peak memory (max RSS of bicd itself, the
solver process not included). Prints a Markdown table.
"""
import json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
PROCS = 5
SITES = [2, 4, 6, 8, 10]
SEEDS = [0, 1]
TIMEOUT = 300


def corpus_name(sites, seed):
    return os.path.join(HERE, f"gen-p{PROCS}-s{sites}-{seed}.bpl")


def regen(bicd):
    for m in SITES:
        for s in SEEDS:
            text = subprocess.run(
                [bicd, "gen", "--procs", str(PROCS), "--call-sites", str(m),
                 "--const-args", "50", "--seed", str(s)],
                check=True, capture_output=True, text=True).stdout
            with open(corpus_name(m, s), "w") as f:
                f.write(text)


def run(bicd, mode, path):
    cmd = ["/usr/bin/time", "-f", "%e %M", bicd, "cover", "--calls", mode,
           "--format", "json", path]
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    wall = time.time() - start
    if p.returncode not in (0, 1):
        sys.exit(f"{mode} {path}: exit {p.returncode}\n{p.stderr}")
    rss = int(p.stderr.strip().splitlines()[-1].split()[1])
    doc = json.loads(p.stdout)
    queries = covered = uncovered = 0
    for proc in doc["procedures"]:
        queries += proc["queries"]
        for b in proc["blocks"]:
            if b["proc"] != proc["name"]:
                continue
            if b["status"] == "covered":
                covered += 1
            else:
                uncovered += 1
    return dict(wall=wall, queries=queries, covered=covered,
                uncovered=uncovered, rss=rss)


def main():
    bicd = os.path.join(HERE, "..", "..", "target", "release", "bicd")
    if "--bicd" in sys.argv:
        bicd = sys.argv[sys.argv.index("--bicd") + 1]
    if "--regen" in sys.argv:
        regen(bicd)
    print(f"{PROCS} procedures, {len(SEEDS)} programs per row (seeds {SEEDS}); "
          "sums over the programs (peak memory: max). Ratio = summary / inline.\n")
    print("| call sites | inline time (s) | summary time (s) | time ratio "
          "| inline queries | summary queries | inline covered / uncovered "
          "| summary covered / uncovered | inline peak KB | summary peak KB |")
    print("|---:|---:|---:|---:|---:|---:|---|---|---:|---:|")
    for m in SITES:
        tot = {}
        for mode in ("inline", "summary"):
            acc = dict(wall=0.0, queries=0, covered=0, uncovered=0, rss=0, timeouts=0)
            for s in SEEDS:
                r = run(bicd, mode, corpus_name(m, s))
                if r is None:
                    acc["timeouts"] += 1
                    continue
                for k in ("wall", "queries", "covered", "uncovered"):
                    acc[k] += r[k]
                acc["rss"] = max(acc["rss"], r["rss"])
            tot[mode] = acc
        i, su = tot["inline"], tot["summary"]
        note = lambda a: f" ({a['timeouts']} timed out)" if a["timeouts"] else ""
        ratio = su["wall"] / i["wall"] if i["wall"] > 0 else float("nan")
        print(f"| {m} | {i['wall']:.2f}{note(i)} | {su['wall']:.2f}{note(su)} | {ratio:.2f} "
              f"| {i['queries']} | {su['queries']} | {i['covered']} / {i['uncovered']} "
              f"| {su['covered']} / {su['uncovered']} | {i['rss']} | {su['rss']} |")


if __name__ == "__main__":
    main()

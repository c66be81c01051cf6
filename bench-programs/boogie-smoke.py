#!/usr/bin/env python3
"""Boogie's /smoke dead-code check and `bicd cover --mode statements`, timed
side by side on the same programs (issue 5), with a check that they report
the same dead blocks where the two are comparable.

    python3 bench-programs/boogie-smoke.py --bicd target/release/bicd \
        --corpus bench-programs/random --generate 20,50 --seeds 2 --out boogie-out

writes boogie-out/table.md (Markdown, ready to paste), boogie-out/problems.txt
(every disagreement, empty when none) and the programs as run
(boogie-out/programs/). Exit status 1 when a disagreement was found.

How each program is run (one process per program and tool, as a user
would run them; wall time, best of --repeat runs):
- Boogie: `boogie /nologo /smoke /z3exe:WRAPPER FILE` (Debian's Boogie
  2.4.1; WRAPPER is a shell script that drops the option line mentioning
  `model_compress`, which z3 4.8 rejects, and runs z3).
- bicd: `bicd cover --mode statements --format json --fail-on never FILE`
  (its default solver, yices; a pyenv shim for yices-smt2 is resolved once
  here and its folder put first on PATH, so a shim's 0.2 s start is not
  counted against bicd).
Boogie's smoke test only runs on a program that verifies, so each program's
`assert` statements are turned into `assume` first (for both tools).
A last row times every single-procedure program in one run of each tool
(Boogie: one file with the procedures renamed; bicd: all files on one
command line), which leaves process start-up out.

The verdict check (untimed, not counted above) follows
tests/boogie_smoke.rs: Boogie run again with /coalesceBlocks:0 so that its
reports name source blocks; bicd run again on the program with an extra edge
from every block to a new `bicd_exit: return;` (bicd counts a block covered
when a *terminating* run passes its end, Boogie when some run reaches its
end; with the exits the two notions are the same). Boogie's smoke test
checks a block only when it returns or every block it jumps to has two or
more predecessors. Compared, per program: on those blocks, Boogie says
unreachable iff bicd (with exits) says infeasible; Boogie reports no other
block; every block Boogie reports is infeasible for bicd on the program as
it is. Programs with more than one procedure are timed but not compared.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "unknown"


def run(cmd, env=None, stdin=None):
    """Runs cmd; returns (wall seconds, stdout, stderr, exit status)."""
    start = time.perf_counter()
    p = subprocess.run(cmd, stdin=stdin, capture_output=True, text=True, env=env)
    return time.perf_counter() - start, p.stdout, p.stderr, p.returncode


def best_time(cmd, repeat, env=None):
    best, out = None, None
    for _ in range(repeat):
        t, stdout, stderr, rc = run(cmd, env=env)
        if best is None or t < best:
            best, out = t, (stdout, stderr, rc)
    return best, out


LABEL = re.compile(r"^\s*([A-Za-z_$'.#@^~?\\][\w$'.#@^~?\\]*)\s*:(?!=)")
PROC = re.compile(r"^\s*(procedure|implementation)\b")


def procedures(text):
    return len(re.findall(r"^\s*procedure\b", text, re.M))


def successors(text):
    """Block label -> successor labels, for the one procedure body of text
    (a block without goto or return falls through to the next label)."""
    order, succs, current = [], {}, None
    for line in text.splitlines():
        m = LABEL.match(line)
        rest = line
        if m and not line.strip().startswith(("var ", "procedure", "//")):
            current = m.group(1)
            order.append(current)
            succs[current] = None
            rest = line[m.end():]
        if current is None:
            continue
        g = re.search(r"\bgoto\s+([^;]*);", rest)
        if g:
            succs[current] = [s.strip() for s in g.group(1).split(",") if s.strip()]
        elif re.search(r"\breturn\s*;", rest):
            succs[current] = []
    for i, b in enumerate(order):
        if succs[b] is None:
            succs[b] = [order[i + 1]] if i + 1 < len(order) else []
    return succs


def with_exits(text):
    """text with an extra edge from every block to `bicd_exit: return;`."""
    lines = text.splitlines()
    last_brace = max(i for i, l in enumerate(lines) if l.strip() == "}")
    out = []
    for i, line in enumerate(lines):
        if i == last_brace:
            out.append("  bicd_exit: return;")
        t = line.rstrip()
        g = re.search(r"\bgoto\s+([^;]*);\s*$", t)
        if g:
            out.append(t[: g.end(1)] + ", bicd_exit;")
        else:
            out.append(t)
    return "\n".join(out) + "\n"


def boogie_unreachable(stdout):
    """(procedure, label) pairs Boogie's smoke test reports unreachable."""
    found = set()
    for section in stdout.split("found unreachable code:")[1:]:
        m = re.search(r"implementation\s+([^\s(<]+)", section)
        if not m:
            raise ValueError("cannot read a smoke report:\n" + section[:500])
        label = None
        for line in section.splitlines():
            t = line.strip()
            if t.endswith(":") and " " not in t:
                label = t[:-1]
            if t == "assert false;":
                break
        if label is None:
            raise ValueError("no block in a smoke report:\n" + section[:500])
        found.add((m.group(1), label))
    return found


def bicd_infeasible(report):
    """(procedure, label) pairs bicd's JSON report calls infeasible."""
    doc = json.loads(report)
    out = set()
    for p in doc.get("procedures", []):
        for b in p.get("blocks", []):
            if b.get("status") == "infeasible":
                out.add((p["name"], b["label"]))
            elif b.get("status") not in ("covered", "infeasible"):
                raise ValueError(f"block {b.get('label')} is {b.get('status')}")
    return out


def yices_on_path_env():
    """PATH with the real yices-smt2 first when PATH has a pyenv shim."""
    env = dict(os.environ)
    found = shutil.which("yices-smt2")
    if found and os.path.basename(os.path.dirname(found)) == "shims" and shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "which", "yices-smt2"], capture_output=True, text=True)
        real = p.stdout.strip()
        if p.returncode == 0 and os.path.isfile(real):
            env["PATH"] = os.path.dirname(real) + os.pathsep + env.get("PATH", "")
    return env


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bicd", default="target/release/bicd")
    ap.add_argument("--boogie", default="boogie")
    ap.add_argument("--z3", default="z3", help="z3 for Boogie (wrapped)")
    ap.add_argument("--corpus", action="append", default=[], help="folder of .bpl files (repeatable)")
    ap.add_argument("--generate", default="", help="diamond counts to generate with bicd gen, e.g. 20,50")
    ap.add_argument("--seeds", type=int, default=1, help="seeds per generated diamond count")
    ap.add_argument("--first-seed", type=int, default=1000, help="first seed of generated programs")
    ap.add_argument("--repeat", type=int, default=1, help="runs per program and tool (best counts)")
    ap.add_argument("--no-check", action="store_true", help="time only: skip the verdict check")
    ap.add_argument("--out", default="boogie-out")
    args = ap.parse_args()

    if shutil.which(args.boogie) is None:
        sys.exit(f"error: `{args.boogie}` is not on PATH (Debian: apt-get install boogie)")
    bicd = os.path.abspath(args.bicd)
    if not os.access(bicd, os.X_OK):
        sys.exit(f"error: {args.bicd} is not an executable (cargo build --release)")
    out = os.path.abspath(args.out)
    progs_dir = os.path.join(out, "programs")
    exits_dir = os.path.join(out, "exits")
    for d in (progs_dir, exits_dir):
        os.makedirs(d, exist_ok=True)
    wrapper = os.path.join(out, "z3-for-boogie")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\n# z3 for boogie 2.4.1: drop the option line z3 4.8 rejects.\n"
                f"grep --line-buffered -v model_compress | {shutil.which(args.z3) or args.z3} \"$@\"\n")
    os.chmod(wrapper, 0o755)
    env = yices_on_path_env()

    programs = []  # (name, text)
    for folder in args.corpus:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".bpl"):
                with open(os.path.join(folder, name)) as f:
                    programs.append((name, f.read()))
    for n in [int(x) for x in args.generate.split(",") if x.strip()]:
        for s in range(args.first_seed, args.first_seed + args.seeds):
            p = subprocess.run([bicd, "gen", "--diamonds", str(n), "--seed", str(s)],
                               capture_output=True, text=True, check=True)
            programs.append((f"gen_d{n}_s{s}.bpl", p.stdout))
    if not programs:
        sys.exit("error: no programs (give --corpus and/or --generate)")

    boogie_cmd = [args.boogie, "/nologo", "/smoke", f"/z3exe:{wrapper}"]
    bicd_cmd = [bicd, "cover", "--mode", "statements", "--format", "json", "--fail-on", "never"]
    load_before = load_average()
    rows, problems = [], []
    for name, text in programs:
        text = re.sub(r"\bassert\b", "assume", text)
        path = os.path.join(progs_dir, name)
        with open(path, "w") as f:
            f.write(text)
        tb, (bout, berr, brc) = best_time(boogie_cmd + [path], args.repeat)
        tc, (cout, cerr, crc) = best_time(bicd_cmd + [path], args.repeat, env=env)
        row = {"name": name, "lines": len(text.splitlines()), "boogie": tb, "bicd": tc,
               "blocks": "", "reported": "", "infeasible": "", "compared": "", "agree": "n/a"}
        rows.append(row)
        if " 0 errors" not in bout:
            problems.append(f"{name}: boogie did not verify it:\n{bout}{berr}")
            row["agree"] = "boogie failed"
            continue
        try:
            infeasible = bicd_infeasible(cout)
        except (ValueError, json.JSONDecodeError) as e:
            problems.append(f"{name}: bicd: {e}\n{cerr}")
            row["agree"] = "bicd failed"
            continue
        row["infeasible"] = len(infeasible)
        if args.no_check or procedures(text) != 1:
            continue
        _, check_out, _, _ = run(boogie_cmd + ["/coalesceBlocks:0", path])
        try:
            reported = {label for _, label in boogie_unreachable(check_out)}
        except ValueError as e:
            problems.append(f"{name}: {e}")
            row["agree"] = "unreadable"
            continue
        exits_path = os.path.join(exits_dir, name)
        with open(exits_path, "w") as f:
            f.write(with_exits(text))
        _, exits_report, exits_err, _ = run(bicd_cmd + [exits_path], env=env)
        try:
            with_exit_infeasible = {label for _, label in bicd_infeasible(exits_report)}
        except (ValueError, json.JSONDecodeError) as e:
            problems.append(f"{name} (with exits): bicd: {e}\n{exits_err}")
            row["agree"] = "bicd failed"
            continue
        with_exit_infeasible.discard("bicd_exit")
        plain = {label for _, label in infeasible}
        succs = successors(text)
        preds = {}
        for ts in succs.values():
            for t in ts:
                preds[t] = preds.get(t, 0) + 1
        checked = [b for b, ts in succs.items()
                   if not ts or all(preds.get(t, 0) >= 2 for t in ts)]
        mine = []
        for b in succs:
            says = b in reported
            if b in checked:
                if says != (b in with_exit_infeasible):
                    mine.append(f"block {b}: boogie {'unreachable' if says else 'reachable'}, "
                                f"bicd (with exits) {'infeasible' if b in with_exit_infeasible else 'covered'}")
            elif says:
                mine.append(f"block {b}: boogie reports it, but its smoke test should not check it")
            if says and b not in plain:
                mine.append(f"block {b}: boogie says unreachable, bicd does not say infeasible")
        row.update(blocks=len(succs), reported=len(reported), compared=len(checked),
                   agree="yes" if not mine else "NO")
        problems.extend(f"{name}: {m}" for m in mine)

    # Every single-procedure program in one run of each tool.
    single = [(r["name"]) for r in rows if r["agree"] not in ("boogie failed",)]
    single = [n for n in single if procedures(open(os.path.join(progs_dir, n)).read()) == 1]
    batch = None
    if len(single) > 1:
        joined = []
        for i, n in enumerate(single):
            t = open(os.path.join(progs_dir, n)).read()
            name = re.search(r"^\s*procedure\s+([^\s(<]+)", t, re.M).group(1)
            joined.append(re.sub(rf"\b(procedure|implementation)\s+{re.escape(name)}\b",
                                 rf"\1 {name}_{i}", t))
        batch_path = os.path.join(out, "all-programs.bpl")
        with open(batch_path, "w") as f:
            f.write("\n".join(joined))
        tb, _ = best_time(boogie_cmd + [batch_path], args.repeat)
        tc, _ = best_time(bicd_cmd + [os.path.join(progs_dir, n) for n in single], args.repeat, env=env)
        batch = (len(single), tb, tc)
    load_after = load_average()

    versions = subprocess.run([shutil.which(args.z3) or args.z3, "--version"],
                              capture_output=True, text=True).stdout.strip()
    md = []
    md.append(f"{len(rows)} programs; load average {load_before} before, {load_after} after; "
              f"best of {args.repeat} run(s); Boogie 2.4.1 with {versions}; bicd with its default solver.\n")
    md.append("    python3 " + " ".join(sys.argv) + "\n")
    md.append("| Program | Lines | Blocks | Boogie /smoke (s) | bicd statements (s) | Boogie / bicd "
              "| Boogie: unreachable | bicd: infeasible | Blocks compared | Same verdicts |")
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        md.append(f"| {r['name']} | {r['lines']} | {r['blocks']} | {r['boogie']:.3f} | {r['bicd']:.3f} "
                  f"| {r['boogie'] / max(r['bicd'], 1e-9):.1f} | {r['reported']} | {r['infeasible']} "
                  f"| {r['compared']} | {r['agree']} |")
    tb = sum(r["boogie"] for r in rows)
    tc = sum(r["bicd"] for r in rows)
    md.append(f"| **total, one process per program** | | | {tb:.3f} | {tc:.3f} | {tb / max(tc, 1e-9):.1f} "
              f"| {sum(r['reported'] or 0 for r in rows)} | {sum(r['infeasible'] or 0 for r in rows)} "
              f"| {sum(r['compared'] or 0 for r in rows)} | "
              f"{sum(r['agree'] == 'yes' for r in rows)} of {len(rows)} |")
    if batch:
        n, b, c = batch
        md.append(f"| **{n} programs in one run of each tool** | | | {b:.3f} | {c:.3f} | {b / max(c, 1e-9):.1f} | | | | |")
    table = "\n".join(md) + "\n"
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(table)
    with open(os.path.join(out, "problems.txt"), "w") as f:
        f.write("\n\n".join(problems) + ("\n" if problems else ""))
    print(table)
    print(f"Written: {out}/table.md, {out}/problems.txt ({len(problems)} problems)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

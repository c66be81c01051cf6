#!/usr/bin/env python3
"""Replays a solver transcript that bicd wrote (BICD_SMT_LOG=FILE: FILE,
FILE.2, ... one per solver process) into a solver, and times each
`check-sat`: where a run's solver time went, and how another solver does
on the same questions.

    BICD_SMT_LOG=/tmp/t.log bicd cover --time-limit 20s FILE.bpl
    python3 bench-programs/smt-replay.py /tmp/t.log.2              # its own solver
    python3 bench-programs/smt-replay.py /tmp/t.log.2 z3 -in -smt2 # another

Prints one line per check-sat: its number, its line in the transcript,
the answer and the seconds it took. A question not answered within
--limit seconds (default 30) ends the replay. The transcript is what bicd
sent, not what the solver answered: a replay after a stopped question
(bicd killed the process and gave a fresh one the transcript) goes on
as the fresh process did.
"""
import argparse
import os
import select
import subprocess
import sys
import time

ASKS = ("check-sat", "check-sat-assuming", "get-value", "get-model", "get-unsat-core",
        "get-info", "get-option")


def commands(text):
    """The top-level s-expressions of an SMT-LIB script, each with its
    line number (comments, strings and |quoted| symbols skipped over)."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == ";":
            nl = text.find("\n", i)
            i = n if nl < 0 else nl + 1
            continue
        if c != "(":
            i += 1
            continue
        start, depth = i, 0
        while i < n:
            c = text[i]
            if c == "|":
                i = text.find("|", i + 1)
            elif c == '"':
                i += 1
                while i < n and text[i] != '"':
                    i += 1
            elif c == ";":
                i = text.find("\n", i)
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    i += 1
                    break
            i += 1
        yield text[start:i], text.count("\n", 0, start) + 1


def read_answer(proc, limit):
    """One answer: a balanced s-expression or a line; None after `limit`
    seconds."""
    buf, depth, opened = b"", 0, False
    end = time.time() + limit
    while True:
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, end - time.time()))
        if not ready:
            return None
        ch = os.read(proc.stdout.fileno(), 1)
        if not ch:
            return buf.decode()
        buf += ch
        if ch == b"(":
            depth += 1
            opened = True
        elif ch == b")":
            depth -= 1
        if opened and depth == 0:
            return buf.decode()
        if not opened and ch == b"\n" and buf.strip():
            return buf.decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("transcript")
    ap.add_argument("solver", nargs=argparse.REMAINDER,
                    help="solver command (default: the one the transcript names)")
    ap.add_argument("--limit", type=float, default=30.0)
    args = ap.parse_args()
    with open(args.transcript) as f:
        text = f.read()
    lines = text.splitlines()
    # bicd's transcripts start "; Command:" then "; > PROGRAM ARGS".
    named = lines[1].lstrip("; >").split() if len(lines) > 1 else []
    solver = args.solver or named
    if not solver:
        sys.exit("no solver named: give one after the transcript")
    proc = subprocess.Popen(solver, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    asked = 0
    try:
        for command, line in commands(text):
            proc.stdin.write(command.encode() + b"\n")
            proc.stdin.flush()
            head = command[1:].split(None, 1)[0].rstrip(")")
            if head not in ASKS:
                continue
            start = time.time()
            answer = read_answer(proc, args.limit)
            took = time.time() - start
            if head.startswith("check-sat"):
                asked += 1
                shown = (answer or "no answer").strip()
                print(f"{asked}\tline {line}\t{shown}\t{took:.2f}", flush=True)
            if answer is None:
                print(f"stopped: no answer within {args.limit} s")
                break
    finally:
        proc.kill()
        proc.wait()


if __name__ == "__main__":
    sys.exit(main())

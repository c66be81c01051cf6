#!/usr/bin/env python3
"""A second generator of random programs of the paper's shape, written
apart from `bicd gen` so that the random experiments are not measured on
one generator's habits alone.

The shape is the paper's (section 7): a chain of diamonds, each two
levels of nested if-then-else, a few statements per branch, 10-20 integer
variables, linear assignments. What differs from `bicd gen`:

- structured Boogie (`if (...) { ... } else { ... }`) instead of labelled
  blocks and `goto`s, so bicd's front end builds the blocks;
- guards compare a variable with another or with a constant by `<`, `<=`,
  `>` or `>=` (rarely `==`), so that most paths are feasible, as in the
  paper's programs; `bicd gen`'s `==` guards and extra `assume`s leave few;
- a few `assume`s between two variables (`--assume-percent`, default 3),
  which cut some paths without fixing a variable to a constant;
- the inputs are parameters, some locals are `havoc`ked at the start.

Usage: gen-structured.py --out DIR [--diamonds 2,4,6,8] [--seeds 5]
           [--assume-percent 3]
Writes DIR/s<diamonds>_<seed>.bpl; the same arguments give the same files.
"""

import argparse
import os
import random


def expr(rng, names):
    """A linear expression over up to two variables and a constant."""
    a, b = rng.choice(names), rng.choice(names)
    c = rng.randint(-10, 10)
    form = rng.randrange(5)
    if form == 0:
        return f"{a} + {c}" if c >= 0 else f"{a} - {-c}"
    if form == 1:
        return f"{a} + {b}"
    if form == 2:
        return f"{a} - {b} + {abs(c)}"
    if form == 3:
        return f"{rng.randint(2, 3)} * {a} - {b}"
    return str(c)


def guard(rng, names):
    a = rng.choice(names)
    op = rng.choice(["<", "<=", ">", ">=", "<", ">", "=="])
    if rng.random() < 0.5:
        b = rng.choice([n for n in names if n != a])
        if op == "==":
            op = "<="
        return f"{a} {op} {b}"
    return f"{a} {op} {rng.randint(-10, 10)}"


def statements(rng, names, assigned, count, assume_percent, indent):
    out = []
    for _ in range(count):
        if rng.randrange(100) < assume_percent:
            a, b = rng.sample(names, 2)
            out.append(f"{indent}assume {a} {rng.choice(['<=', '>=', '!='])} {b} + {rng.randint(0, 20)};")
        else:
            target = rng.choice(assigned)
            out.append(f"{indent}{target} := {expr(rng, names)};")
    return out


def program(diamonds, seed, assume_percent):
    rng = random.Random(f"structured/{diamonds}/{seed}")
    nvars = rng.randint(10, 20)
    inputs = [f"a{i}" for i in range(rng.randint(3, 6))]
    locals_ = [f"v{i}" for i in range(nvars - len(inputs))]
    names = inputs + locals_
    lines = [f"// gen-structured.py: {diamonds} diamonds, {nvars} variables, seed {seed}"]
    params = ", ".join(f"{n}: int" for n in inputs)
    lines.append(f"procedure main({params}) returns (r: int)")
    lines.append("{")
    for v in locals_:
        lines.append(f"  var {v}: int;")
    havocked = [v for v in locals_ if rng.random() < 0.3]
    if havocked:
        lines.append(f"  havoc {', '.join(havocked)};")
    for v in locals_:
        if v not in havocked:
            lines.append(f"  {v} := {rng.randint(-5, 5)};")
    assigned = locals_ + ["r"]
    def body(indent):
        return statements(rng, names, assigned, 3, assume_percent, indent)

    def inner_diamond():
        out = body("    ")
        out.append(f"    if ({guard(rng, names)}) {{")
        out += body("      ")
        out.append("    } else {")
        out += body("      ")
        out.append("    }")
        return out

    for _ in range(diamonds):
        lines += body("  ")
        lines.append(f"  if ({guard(rng, names)}) {{")
        lines += inner_diamond()
        lines.append("  } else {")
        lines += inner_diamond()
        lines.append("  }")
    lines += body("  ")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("--diamonds", default="2,4,6,8")
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--assume-percent", type=int, default=3)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for d in (int(x) for x in args.diamonds.split(",")):
        for s in range(args.seeds):
            path = os.path.join(args.out, f"s{d}_{s}.bpl")
            with open(path, "w") as f:
                f.write(program(d, s, args.assume_percent))


if __name__ == "__main__":
    main()

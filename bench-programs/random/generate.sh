#!/bin/sh
# Regenerates this corpus (the paper's section 7: 2 to 9 diamonds, 10 seeds each):
#   sh bench-programs/random/generate.sh   (from the repository root, after cargo build)
# Each file is exactly `bicd gen --diamonds N --seed S`.
set -e
BICD=${BICD:-target/debug/bicd}
for n in 2 3 4 5 6 7 8 9; do
  for s in 0 1 2 3 4 5 6 7 8 9; do
    "$BICD" gen --diamonds "$n" --seed "$s" > "bench-programs/random/d${n}_s${s}.bpl"
  done
done

#!/usr/bin/env bash
# Regenerates the project's generated datasets in datasets/ from fixed seeds (same files every
# time with the same rand version):
#   givens-9x9.txt, givens-16x16.txt, givens-25x25.txt — random full grids with a proportion of
#   their cells kept as givens (3 puzzles at each of 12 proportions from 0 to 0.8, dense around
#   the hard region), for success-against-givens sweeps of the stochastic solvers.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked --quiet
proportions=0,0.1,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.6,0.7,0.8
for size in 9 16 25; do
  out="datasets/givens-${size}x${size}.txt"
  target/release/sudoku-bench generate --method givens --size "$size" --givens "$proportions" --count 3 \
    --seed "$size" --out "$out"
  echo "wrote $out"
done

#!/usr/bin/env bash
# Regenerates the project's generated datasets in datasets/ from fixed seeds (same files every
# time with the same rand version):
#   givens-9x9.txt, givens-16x16.txt, givens-25x25.txt — random full grids with a proportion of
#   their cells kept as givens (3 puzzles at each of 12 proportions from 0 to 0.8, dense around
#   the hard region), for success-against-givens sweeps of the stochastic solvers.
#   levels/{9x9,16x16}-{easy,medium,hard,unfair}.txt — the default run's level sets: unique
#   puzzles rated at that level by `sudoku-bench rate`. 9×9: strictly minimal puzzles of the
#   level. 16×16: every random minimal puzzle needs guessing (extreme), so clues are removed
#   only while the puzzle stays at most the level (`--method bounded`). Embedded in the binary.
#   minimal-16x16.txt — 100 strictly minimal 16×16 puzzles (most need guessing): the hard 16×16
#   set the bitmask solver is measured on against DLX (`sudoku-peers` example `sixteen`).
#   jigsaw-9x9.txt, diagonal-9x9.txt — the default run's variant sets: strictly minimal unique
#   puzzles with a half-turn symmetric clue pattern, on a new random region map each (jigsaw)
#   or with both diagonals as houses. Embedded in the binary.
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
mkdir -p datasets/levels
seed=0
for level in easy medium hard unfair; do
  seed=$((seed + 1))
  target/release/sudoku-bench generate --method minimal --size 9 --difficulty "$level" \
    --count 3 --seed "$seed" --out "datasets/levels/9x9-$level.txt"
  target/release/sudoku-bench generate --method bounded --size 16 --difficulty "$level" \
    --count 1 --seed "$seed" --out "datasets/levels/16x16-$level.txt"
  echo "wrote datasets/levels/9x9-$level.txt, datasets/levels/16x16-$level.txt"
done
target/release/sudoku-bench generate --method minimal --size 16 --count 100 --seed 16 \
  --out datasets/minimal-16x16.txt
echo "wrote datasets/minimal-16x16.txt"
for variant in jigsaw diagonal; do
  target/release/sudoku-bench generate --method minimal --size 9 --variant "$variant" \
    --symmetry 180 --count 5 --seed 29 --out "datasets/$variant-9x9.txt"
  echo "wrote datasets/$variant-9x9.txt"
done

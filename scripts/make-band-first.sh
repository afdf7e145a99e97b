#!/usr/bin/env bash
# Builds datasets/band-first.txt, the second multi-solution benchmark set: 35-clue puzzles, a
# whole band of a full grid and eight more cells (the grids are the solutions of puzzles of the
# public 17-clue set, read from ../shared/datasets or $SUDOKU_DATASETS). Deterministic: the same
# seed and count give the same file.
#
#   bash scripts/make-band-first.sh [seed [count]]     # defaults: seed 1, 2,000 puzzles
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${1:-1}"
count="${2:-2000}"
out=datasets/band-first.txt
cargo run --release --quiet -p sudoku-peers --example make_band_first -- "$seed" "$count" >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") puzzles, seed $seed)"

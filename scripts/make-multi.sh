#!/usr/bin/env bash
# Builds datasets/multi-solution.txt, the multi-solution benchmark set: puzzles of the public
# top1465 set (read from ../shared/datasets, or $SUDOKU_DATASETS) with clues removed, in a
# seeded random order, until each has at least two solutions. Deterministic: the same seed and
# count give the same file.
#
#   bash scripts/make-multi.sh [seed [count]]     # defaults: seed 1, 300 puzzles
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${1:-1}"
count="${2:-300}"
out=datasets/multi-solution.txt
cargo run --release --quiet -p sudoku-peers --example make_multi -- "$seed" "$count" >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") puzzles, seed $seed)"

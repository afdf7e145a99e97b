#!/usr/bin/env bash
# The main job: every registered solver on every embedded named board; results in reports/latest/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked --quiet
bin=target/release/sudoku-bench
out=reports/latest
mkdir -p "$out"
tmp=$(mktemp "$out/.solve.XXXXXX")
trap 'rm -f "$tmp"' EXIT
boards=$(tail -n +2 datasets/named.csv | cut -d, -f1 | grep -v '^input-file-example$')
for solver in $("$bin" solvers --format line); do
    for board in $boards; do
        "$bin" solve --solver "$solver" --board "$board" --timeout 60 --format json
    done
done | tee "$tmp"
mv "$tmp" "$out/solve.jsonl"
trap - EXIT
echo "wrote $out/solve.jsonl"

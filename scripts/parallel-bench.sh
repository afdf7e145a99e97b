#!/usr/bin/env bash
# A run split into N shards run at once with GNU parallel (on this machine, or on others with
# parallel's --sshlogin), then merged into one report:
#   bash scripts/parallel-bench.sh 4 runs/split -d ../shared/datasets/puzzles3_magictour_top1465 -s bitmask
# Usage: scripts/parallel-bench.sh SHARDS OUT_FOLDER [bench options...]
# Each shard writes OUT_FOLDER/shard-I; the merge goes to OUT_FOLDER/merged. Timings of shards
# that share a machine contend for its cores: use as many shards as cores, or fewer.
set -euo pipefail
count="${1:?usage: scripts/parallel-bench.sh SHARDS OUT_FOLDER [bench options...]}"
root="${2:?usage: scripts/parallel-bench.sh SHARDS OUT_FOLDER [bench options...]}"
shift 2
bin="${SUDOKU_BENCH:-target/release/sudoku-bench}"
command -v parallel >/dev/null || { echo "GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
seq 1 "$count" | parallel --halt now,fail=1 \
  "$bin" bench --shard "{}/$count" --no-report --out "$root/shard-{}" "$@"
shards=()
for index in $(seq 1 "$count"); do shards+=("$root/shard-$index/results.csv"); done
"$bin" report "${shards[@]}" --out "$root/merged"

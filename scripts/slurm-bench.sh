#!/usr/bin/env bash
# A run spread over a Slurm cluster: each task of a job array runs one shard of the same
# `bench` (the puzzles split by a stable hash, so every task agrees on the split), into
# $SHARD_ROOT/shard-I. Merge the parts afterwards, on any machine:
#   sbatch --array=1-8 scripts/slurm-bench.sh -d ../shared/datasets/puzzles2_17_clue -s bitmask
#   sudoku-bench report runs/shard-*/results.csv --out runs/merged
# The merged report lists each shard's host, CPU and start time. A task that was killed can be
# continued with the same command: it resumes its shard's interrupted file.
# Environment: SLURM_ARRAY_TASK_ID (1-based, as --array=1-N gives), SLURM_ARRAY_TASK_COUNT;
# SUDOKU_BENCH (default target/release/sudoku-bench), SHARD_ROOT (default runs).
#SBATCH --job-name=sudoku-bench
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
index="${SLURM_ARRAY_TASK_ID:?run as a Slurm job array: sbatch --array=1-N $0 [bench options]}"
count="${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?no SLURM_ARRAY_TASK_COUNT}}"
bin="${SUDOKU_BENCH:-target/release/sudoku-bench}"
out="${SHARD_ROOT:-runs}/shard-$index"
if [ -f "$out/results.csv" ]; then
  echo "$out/results.csv: this shard is already complete" >&2
  exit 0
fi
if [ -f "$out/results.partial.csv" ]; then
  exec "$bin" bench --resume --no-report --out "$out"
fi
exec "$bin" bench --shard "$index/$count" --no-report --out "$out" "$@"

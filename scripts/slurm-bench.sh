#!/usr/bin/env bash
# A run spread over a Slurm cluster: each task of a job array runs one shard of the same
# `bench` (the puzzles split by a stable hash, so every task agrees on the split), into
# $SHARD_ROOT/shard-I. Submit it from the repository, then merge the parts, on any machine:
#   sbatch --array=1-8 scripts/slurm-bench.sh -d ../shared/datasets/puzzles2_17_clue -s bitmask
#   sudoku-bench report runs/shard-*/results.csv --out runs/merged
# Slurm runs a copy of this script in the folder sbatch ran in (unless --chdir), so the binary,
# SHARD_ROOT and dataset paths are relative to it, and task I writes its output to
# slurm-JOB_I.out there. `sbatch --wait` returns when every task has ended, with the highest
# exit status among them. The merged report lists each shard's host, CPU and start time. A task
# that was killed can be continued with the same command: it resumes its shard's interrupted file.
# Environment: SLURM_ARRAY_TASK_ID (1-based, as --array=1-N gives), SLURM_ARRAY_TASK_COUNT
# (SLURM_ARRAY_TASK_MAX where an older Slurm lacks it); SUDOKU_BENCH (default
# target/release/sudoku-bench), SHARD_ROOT (default runs). tests/slurm.rs runs it on a one-node
# Slurm, tests/shards.rs with Slurm's variables set by hand.
#SBATCH --job-name=sudoku-bench
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
# Not $0: under Slurm that is the copy in slurmd's spool folder.
usage="run as a Slurm job array: sbatch --array=1-N scripts/slurm-bench.sh [bench options]"
index="${SLURM_ARRAY_TASK_ID:?$usage}"
count="${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?$usage}}"
bin="${SUDOKU_BENCH:-target/release/sudoku-bench}"
if ! command -v "$bin" >/dev/null; then
  echo "$bin: not found from $PWD; submit from the repository (after cargo build --release)" \
    "or set SUDOKU_BENCH" >&2
  exit 2
fi
out="${SHARD_ROOT:-runs}/shard-$index"
if [ -f "$out/results.csv" ]; then
  echo "$out/results.csv: this shard is already complete" >&2
  exit 0
fi
if [ -f "$out/results.partial.csv" ]; then
  exec "$bin" bench --resume --no-report --out "$out"
fi
exec "$bin" bench --shard "$index/$count" --no-report --out "$out" "$@"

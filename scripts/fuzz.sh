#!/usr/bin/env bash
# Fuzzes the project with cargo-fuzz (libFuzzer, nightly toolchain): each target in fuzz/ runs for
# SECONDS_PER_TARGET seconds (default 60), one after another; all targets unless some are named:
#   grid_text           Grid::parse, every one-puzzle text form
#   dataset_file        dataset file bytes: text_from_bytes, then parse_dataset / parse_entries
#   results_csv         the results CSV that `report` and `bench --resume` read
#   solver_conformance  random puzzles of every size through every pure-Rust solver, answers
#                       verified and complete solvers checked against each other
# Prints each target's executions and, if it crashed, the input that did it (fuzz/artifacts/),
# and exits non-zero if any target crashed. A crash becomes a regression test: minimise it with
# `cargo +nightly fuzz tmin TARGET FILE`, keep it under fuzz/regressions/TARGET/, and add a test
# of the crate at fault that feeds it the same input. Inputs libFuzzer finds interesting
# accumulate in fuzz/corpus/TARGET/ (ignored by git except the committed seed-* files).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift $(($# > 0 ? 1 : 0))
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
mkdir -p fuzz/artifacts
crashed=()
for target in "${targets[@]}"; do
  # One conformance input runs thirteen solvers, each stopped by a work cap (and a 2 s guard):
  # only a hang comes near a minute. Parsing one input takes microseconds.
  per_input_timeout=10
  [ "$target" = solver_conformance ] && per_input_timeout=60
  log="fuzz/artifacts/$target.log"
  echo "== $target: ${seconds}s (log: $log)"
  status=0
  cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout="$per_input_timeout" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  [ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
  echo "   executions: ${runs:-unknown}"
  if [ "$status" -ne 0 ]; then
    input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    echo "   CRASHED (exit $status): input ${input:-not written, see the log}"
    grep -m 3 -E "panicked at|^thread '|ERROR: libFuzzer" "$log" | sed 's/^/   /' || true
    crashed+=("$target")
  fi
done
if [ ${#crashed[@]} -gt 0 ]; then
  echo "crashed: ${crashed[*]}"
  exit 1
fi
echo "no crash in ${#targets[@]} target(s)"

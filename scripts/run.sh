#!/usr/bin/env bash
# The main job: every registered solver on the embedded default datasets, timed and verified;
# CSV, summaries, charts and index.html in reports/latest/, replacing the run there (pass
# --resume to continue an interrupted one instead).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
replace=(--force)
for argument in "$@"; do
    [ "$argument" = --resume ] && replace=()
done
cargo run --release --locked --quiet -- bench --out reports/latest "${replace[@]}" "$@"

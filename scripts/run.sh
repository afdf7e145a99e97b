#!/usr/bin/env bash
# The main job: every registered solver on the embedded default datasets, timed and verified;
# CSV, summaries, charts and index.html in reports/latest/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo run --release --locked --quiet -- bench --out reports/latest "$@"

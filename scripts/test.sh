#!/usr/bin/env bash
# The suite's test command: installs what the tests need when it is absent, then runs every test
# of the workspace (release profile: the solver tests search for real).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo test --workspace --release --locked

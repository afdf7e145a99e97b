#!/usr/bin/env bash
# The suite's test command: installs what the tests need when it is absent, then runs every test
# of the workspace (release profile: the solver tests search for real), then bitmask's own tests,
# the kit's checks and its agreement with another complete solver once more on each slower
# compiled path this processor has (the workspace run took the fastest), so the copies most
# machines run are tested end to end here too.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo test --workspace --release --locked
best=""
slower=()
for path in $(cargo run --release --locked --quiet -p sudoku-bitmask --example paths); do
    [ -n "$best" ] && slower+=("$best")
    best=$path
done
echo "bitmask paths this processor runs: ${slower[*]} $best (the workspace run above took $best)"
for path in "${slower[@]}"; do
    echo "== bitmask tests on the $path path (SUDOKU_BITMASK_PATH=$path)"
    SUDOKU_BITMASK_PATH=$path cargo test --release --locked -p sudoku-bitmask -- --nocapture \
        solvers_run_the_path_the_environment_names
    SUDOKU_BITMASK_PATH=$path cargo test --release --locked -p sudoku-bitmask
    SUDOKU_BITMASK_PATH=$path cargo test --release --locked -p sudoku-registry --test conformance \
        -- --exact bitmask
done

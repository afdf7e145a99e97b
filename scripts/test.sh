#!/usr/bin/env bash
# The suite's test command: installs what the tests need when it is absent, then runs the tests
# in release mode (the solver tests search for real), in two tiers:
#   fast  every test of the workspace except the slow tier (shown there as ignored, with why)
#         and the lab's browser test, which then runs on its own with its output and its time
#         (it starts the server, chromedriver and Chromium); then bitmask's own tests, the kit's
#         checks and its agreement with another complete solver once more on each slower
#         compiled path this processor has (the workspace run took the fastest), so the copies
#         most machines run are tested end to end too;
#   slow  the tests marked `#[ignore = "slow tier ..."]`: the 622-million-iteration Table 1
#         board, the scaffolded new solver built from scratch, the engine watchdog.
# Usage: bash scripts/test.sh [fast|slow|all]   (default all: what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."
tier=${1:-all}
case "$tier" in
    fast | slow | all) ;;
    *)
        echo "usage: bash scripts/test.sh [fast|slow|all] (default all)" >&2
        exit 2
        ;;
esac
source scripts/setup.sh

seconds_since() { echo $(($(date +%s) - $1)); }

# The lab's browser test (tests/lab.rs), run apart from the workspace's tests.
lab_test=the_lab_races_explains_and_charts_in_a_real_browser

fast_tier() {
    cargo test --workspace --release --locked -- --skip "$lab_test"
    local lab_started
    lab_started=$(date +%s)
    echo "== lab browser test"
    # `--workspace`, as the run above: the same features, so nothing is built again.
    cargo test --workspace --release --locked --test lab -- --nocapture
    echo "== lab browser test passed in $(seconds_since "$lab_started") s"
    local best="" slower=() path
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
        SUDOKU_BITMASK_PATH=$path cargo test --release --locked -p sudoku-registry \
            --test conformance -- --exact bitmask
    done
}

slow_tier() {
    # Measurements kept as ignored tests (run on request, see their docs) are not checks.
    cargo test --workspace --release --locked -- --ignored --skip forcing::tests::timing
}

if [ "$tier" != slow ]; then
    started=$(date +%s)
    echo "== fast tier"
    fast_tier
    echo "== fast tier passed in $(seconds_since "$started") s"
fi
if [ "$tier" != fast ]; then
    started=$(date +%s)
    echo "== slow tier"
    slow_tier
    echo "== slow tier passed in $(seconds_since "$started") s"
fi

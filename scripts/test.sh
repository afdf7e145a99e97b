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

# The string field $1 of the JSON object on standard input (one line of cargo's listing).
json_string() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }

# Runs, from its package's folder as cargo does, each test program in cargo's JSON build listing
# $1 that belongs to package $2 (and is the test target named $3, when $3 is not empty), with
# the test arguments after those.
run_built() {
    local listing=$1 package=$2 target=$3 line program manifest ran=0
    shift 3
    while IFS= read -r line; do
        [[ $line == *"#$package@"* && $line == *'"test":true},"features"'* ]] || continue
        [[ -z $target || $line == *"\"name\":\"$target\","* ]] || continue
        program=$(json_string executable <<<"$line")
        manifest=$(json_string manifest_path <<<"$line")
        [ -n "$program" ] || continue
        (cd "$(dirname "$manifest")" && "$program" "$@")
        ran=$((ran + 1))
    done <<<"$listing"
    if [ "$ran" -eq 0 ]; then
        echo "no built test program of $package ${target:+named $target }to run" >&2
        return 1
    fi
}

fast_tier() {
    cargo test --workspace --release --locked -- --skip "$lab_test"
    local lab_started
    lab_started=$(date +%s)
    echo "== lab browser test"
    # `--workspace`, as the run above: the same features, so nothing is built again.
    cargo test --workspace --release --locked --test lab -- --nocapture
    echo "== lab browser test passed in $(seconds_since "$lab_started") s"
    # The programs the workspace run built, run as they are: `cargo run -p` or `cargo test -p`
    # would unify fewer features and build the workspace again (6 minutes on this machine).
    local built paths_example best="" slower=() path
    built=$(cargo test --workspace --release --locked --no-run --message-format=json 2>/dev/null)
    paths_example=$(grep '#sudoku-bitmask@' <<<"$built" | grep '"kind":\["example"\].*"name":"paths"' \
        | json_string executable)
    [ -n "$paths_example" ] || { echo "bitmask's paths example was not built" >&2; return 1; }
    for path in $("$paths_example"); do
        [ -n "$best" ] && slower+=("$best")
        best=$path
    done
    echo "bitmask paths this processor runs: ${slower[*]} $best (the workspace run above took $best)"
    for path in "${slower[@]}"; do
        echo "== bitmask tests on the $path path (SUDOKU_BITMASK_PATH=$path)"
        SUDOKU_BITMASK_PATH=$path run_built "$built" sudoku-bitmask "" \
            --nocapture solvers_run_the_path_the_environment_names
        SUDOKU_BITMASK_PATH=$path run_built "$built" sudoku-bitmask ""
        SUDOKU_BITMASK_PATH=$path run_built "$built" sudoku-registry conformance --exact bitmask
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

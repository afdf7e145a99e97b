#!/usr/bin/env bash
# Re-runs every measurement the README's "## Figures" section quotes, each into
# reports/figures/NAME/: what the program wrote (a `bench` run's summary and results, or an
# example's or command's stdout), command.txt (the exact commands, one a line), machine.txt (CPU,
# cores, kernel, date, commit, load before and after) and figures.md (the figures in the very
# words the README quotes them, written by `cargo run --example figures`).
# tests/readme_figures.rs checks the README against those folders, and the folders against
# their data.
#
#   bash scripts/figures.sh                 # every measurement (about an hour on 2 cores)
#   bash scripts/figures.sh peers rate      # only those
#   THROUGHPUT_ROUNDS=5 bash scripts/figures.sh throughput   # five alternated rounds (3 unless set)
#
# It refuses a tree with uncommitted changes to tracked files: machine.txt names the commit that
# measured, so that commit must be what ran.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(main reproduce naive peers guesses sixteen sets ilp stochastic-tuned stochastic-faithful
    genetic-budget rate rate-peers generate jobs ratings throughput colony colony-faithful)

usage() {
    echo "usage: scripts/figures.sh [NAME...]; names: ${all[*]}" >&2
    exit 2
}
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${all[@]}")
for name in "${names[@]}"; do
    [[ " ${all[*]} " == *" $name "* ]] || { echo "unknown measurement: $name" >&2; usage; }
done

if ! git diff --quiet HEAD --; then
    echo "error: tracked files have uncommitted changes (below); commit or stash them first:" \
        "machine.txt records the commit that measured, so the tree must be that commit" >&2
    git status --short --untracked-files=no >&2
    exit 1
fi
commit=$(git rev-parse HEAD)

source scripts/setup.sh
# Relative to the checkout, so command.txt reads the same on every machine.
target=$(realpath --relative-to=. "${CARGO_TARGET_DIR:-target}")
bin="$target/release/sudoku-bench"
examples="$target/release/examples"
sets=../shared/datasets
top1465="$sets/puzzles3_magictour_top1465"
clue17="$sets/puzzles2_17_clue"
hardest="$sets/puzzles6_forum_hardest_1106"
for set in "$top1465" "$clue17" "$hardest"; do
    [ -f "$set" ] || { echo "error: public dataset $set is missing" >&2; exit 1; }
done
# tdoku's benchmark, built outside the repository (fetch t-dillon/tdoku, then
# ../shared/tools/build-tdoku.sh GIT_DIR "$TDOKU"): only the throughput measurement needs it.
tdoku=${TDOKU:-/tmp/tdoku}
if [[ " ${names[*]} " == *" throughput "* ]]; then
    for build in native avx2; do
        [ -x "$tdoku/build-$build/run_benchmark" ] || {
            echo "error: $tdoku/build-$build/run_benchmark is missing: build tdoku with" \
                "../shared/tools/build-tdoku.sh into \$TDOKU (default /tmp/tdoku)" >&2
            exit 1
        }
    done
fi

# Rounds of the throughput measurement (see `measure`), checked before any folder is replaced.
rounds=${THROUGHPUT_ROUNDS:-3}
if [[ " ${names[*]} " == *" throughput "* ]] && ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "error: THROUGHPUT_ROUNDS must be a whole number from 1, not '$rounds'" >&2
    exit 2
fi

# The reference raters, built outside the repository by scripts/reference-raters.sh into
# $REFERENCE_RATERS (default ../reference-raters): only the rate-peers measurement needs them.
raters=$(realpath -m "${REFERENCE_RATERS:-../reference-raters}")
if [[ " ${names[*]} " == *" rate-peers "* ]]; then
    [ -x "$raters/venv/bin/python" ] && [ -d "$raters/se-classes" ] || {
        echo "error: the reference raters are missing from $raters: build them with" \
            "bash scripts/reference-raters.sh \"$raters\"" >&2
        exit 1
    }
    source scripts/reference-raters.sh "$raters"
fi

# Lloyd and Amos's ant colony, built outside the repository (fetch huwlloyd-mmu/sudoku_acs, then
# ../shared/tools/build-acs.sh GIT_DIR "$ACS"): only the colony measurements need it.
acs=${ACS:-/tmp/sudoku_acs}
if [[ " ${names[*]} " =~ " colony"(-faithful)?" " ]] && [ ! -x "$acs/sudokusolver" ]; then
    echo "error: $acs/sudokusolver is missing: build it with ../shared/tools/build-acs.sh" \
        "into \$ACS (default /tmp/sudoku_acs)" >&2
    exit 1
fi

now() { date +%s.%N; }
seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

echo "== building" >&2
built=$(now)
cargo build --release --locked --quiet
cargo build --release --locked --quiet -p sudoku-peers --features peers --examples
cargo build --release --locked --quiet --example figures
cargo build --release --locked --quiet -p sudoku-bitmask --example paths
if [[ " ${names[*]} " == *" naive "* ]]; then
    cargo bench --locked --quiet --bench naive --no-run
fi
echo "built in $(seconds_since "$built") s" >&2

# The folder of the measurement under way, its command log and the machine it ran on.
out=""
start_measurement() {
    out="reports/figures/$1"
    # A folder holding references made elsewhere keeps them; every other is made anew.
    [ "$1" = ratings ] || rm -rf "$out"
    mkdir -p "$out"
    : >"$out/command.txt"
    {
        echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
        echo "cpu flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' \
            | grep -xE 'avx2|avx512f|bmi2' | tr '\n' ' ' | sed 's/ $//')"
        echo "logical cores: $(nproc)"
        echo "kernel: $(uname -sr)"
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "commit: $commit"
        echo "niceness: $(nice)"
        echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    } >"$out/machine.txt"
}
finish_measurement() {
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/machine.txt"
}

# Runs a command, logged to command.txt first as a reader would type it (the binary by its
# path, options as given).
run() {
    echo "$*" >>"$out/command.txt"
    "$@"
}
# `run` in the first of several rounds (its first argument, counted from 1), the command alone
# after it: command.txt lists each command once.
run_logged_once() {
    local round="$1"
    shift
    if [ "$round" = 1 ]; then run "$@"; else "$@"; fi
}
# A `bench` run into a folder, its stderr (the row count and elapsed time) kept beside; the
# charts and page are dropped (`sudoku-bench report FOLDER/results.csv` redraws them).
bench_into() {
    local folder="$1"
    shift
    echo "$bin bench $* --out $folder --force" >>"$out/command.txt"
    "$bin" bench "$@" --out "$folder" --force >"$folder.stdout.txt" 2>"$folder.stderr.txt" \
        || { cat "$folder.stderr.txt" >&2; return 1; }
    mv "$folder.stdout.txt" "$folder/stdout.txt"
    mv "$folder.stderr.txt" "$folder/stderr.txt"
    drop_page "$folder"
}
# A report's charts and page are not committed: `sudoku-bench report` redraws them.
drop_page() {
    rm -rf "$1/charts" "$1/index.html"
}
# A results CSV past ~5 MB is not committed: the summary stays, and the command regenerates it.
drop_big_csv() {
    local csv="$1/results.csv"
    if [ -f "$csv" ] && [ "$(stat -c %s "$csv")" -gt 5000000 ]; then
        echo "results.csv was $(stat -c %s "$csv") bytes: not kept; the command regenerates it" \
            >"$1/results-not-kept.txt"
        rm "$csv"
    fi
}

# The Lloyd and Amos instances a colony measurement runs: sizes with their shares of givens.
# `colony`: every share on 16×16, and on 25×25 every tenth with each fifth around the hard
# region; `colony-faithful` (the faithful searches, which fail for their budget on most boards
# there): the hard region, and the full boards (100%: solved at once), which make each file
# sweep the share of givens wide enough for the report's table by share.
colony_sizes=(16 25)
colony_shares() {
    case "$name-$1" in
        colony-16) seq 0 5 100 ;;
        colony-25) echo 0 10 20 30 35 40 45 50 55 60 70 80 90 100 ;;
        colony-faithful-16) echo 40 45 50 100 ;;
        colony-faithful-25) echo 35 40 45 50 55 100 ;;
    esac
}
# Their program on each instance in turn, pinned to core 1: $2 runs each (it seeds itself from
# the system), $3 s each; a CSV row a run, success as the program reports it.
acs_runs() {
    local count="$1" runs="$2" seconds="$3" size share i run file answer
    echo "size,share,instance,solved,seconds,run"
    for size in "${colony_sizes[@]}"; do
        for share in $(colony_shares "$size"); do
            for ((i = 0; i < count; i++)); do
                file="inst${size}x${size}_${share}_$i.txt"
                for ((run = 1; run <= runs; run++)); do
                    answer=$(taskset -c 1 "$acs/sudokusolver" --timeout "$seconds" \
                        --file "$acs/instances/general/$file" | tr '\n' ' ')
                    read -r code time <<<"$answer"
                    echo "$size,$share,$i,$([ "$code" = 0 ] && echo true || echo false),$time,$run"
                done
            done
        done
    done
}

measure() {
    local name="$1"
    case "$name" in
    main)
        # What `bash scripts/run.sh` runs, into this folder.
        bench_into "$out" ;;
    reproduce)
        run "$bin" reproduce --out "$out" --force >"$out/stdout.txt"
        rm -f "$out"/*.png "$out"/*.svg "$out/index.html" ;;
    naive)
        run cargo bench --locked --bench naive >"$out/criterion.txt" ;;
    peers)
        run "$examples/peers" 7 >"$out/peers.txt"
        run taskset -c 1 "$examples/peers" 7 >"$out/peers-pinned.txt"
        run taskset -c 1 "$examples/peers" 101 multi >"$out/peers-pinned-multi.txt" ;;
    guesses)
        run "$examples/guesses" >"$out/guesses.txt" ;;
    sixteen)
        run "$examples/sixteen" 7 >"$out/sixteen.txt" ;;
    sets)
        bench_into "$out" -s bitmask -s dlx -d "$clue17" -d "$top1465" -d "$hardest" --reps 1
        drop_big_csv "$out" ;;
    ilp)
        local ids=(ilp-cbc ilp-cbc-presolve ilp-highs ilp-highs-presolve ilp-glpk
            ilp-glpk-presolve ilp-microlp ilp-microlp-presolve sat)
        bench_into "$out" "${ids[@]/#/--solver=}" -d "$top1465" --sample 200 --seed 1 --reps 1 ;;
    stochastic-tuned)
        bench_into "$out" -s tabu-tuned -s genetic-tuned -s annealing-tuned -d named \
            -d "$top1465" -d "$clue17" --sample 100 --seed 1 --seeds 10 --timeout 10 \
            --max-iterations 100000000000 --isolate off
        drop_big_csv "$out" ;;
    stochastic-faithful)
        # Several CPU-hours: quoted from the committed runs in reports/runs/, not re-run;
        # reports/README.md tells their story, their headers name the machine and commit.
        local options="-d named -d $top1465 -d $clue17 --sample 100 --seed 1 --seeds 10"
        options+=" --timeout 10 --max-iterations 100000000000 --jobs 1 --isolate off"
        local runs=reports/runs/stochastic-faithful
        {
            echo "# not re-run here: the committed runs of reports/runs/, made with"
            echo "$bin bench -s tabu -s genetic -s annealing $options --out $runs"
            echo "$bin report $runs/results.partial.csv --out $runs-tabu"
            echo "$bin bench -s genetic $options --shard 1/2 --out $runs-genetic-1"
            echo "$bin bench -s genetic $options --shard 2/2 --out $runs-genetic-2"
            echo "$bin report $runs-genetic-1/results.csv $runs-genetic-2/results.csv --out $runs-genetic"
            echo "$bin bench -s annealing $options --out $runs-annealing"
        } >>"$out/command.txt"
        local part field
        echo "# above: where figures.md was written; below: where and when the runs were made" \
            >>"$out/machine.txt"
        for part in tabu genetic annealing; do
            for field in started cpu cores git_commit; do
                # run.json is pretty-printed: one field a line.
                echo "$runs-$part/: $field $(grep -m1 "\"$field\":" "$runs-$part/run.json" \
                    | sed -E 's/^[^:]*: *"?//; s/"?,?$//')"
            done
        done >>"$out/machine.txt" ;;
    colony | colony-faithful)
        # Lloyd and Amos's instances 0 to COLONY_INSTANCES-1 of each share, one file a size,
        # read from ../shared into a scratch folder (never copied into the repository);
        # COLONY_SEEDS runs of each, 10 s a run: their ant colony on core 1 (acs.csv) while
        # the first half of our runs (`bench --shard 1/2`) runs on core 0, then the second half
        # on core 1; `report` merges the halves. Every run has a core of its own. `colony`: 50
        # instances, 3 runs, aco and the tuned solvers; `colony-faithful`: 10 instances, 1 run,
        # the faithful searches, most of which use their whole 10 s.
        local count=50 seeds=3 solvers=(aco tabu-tuned annealing-tuned genetic-tuned)
        [ "$name" = colony-faithful ] && count=10 seeds=1 solvers=(annealing tabu genetic)
        count=${COLONY_INSTANCES:-$count} seeds=${COLONY_SEEDS:-$seeds}
        [ -n "${COLONY_SOLVERS:-}" ] && read -ra solvers <<<"$COLONY_SOLVERS"
        local subsets=/tmp/sudoku-bench-colony
        local specs=() size share i solver
        rm -rf "$subsets" && mkdir -p "$subsets"
        for size in "${colony_sizes[@]}"; do
            for share in $(colony_shares "$size"); do
                for ((i = 0; i < count; i++)); do
                    grep -A1 -x "# inst${size}x${size}_${share}_$i.txt" \
                        "$sets/lloyd-amos/general-${size}x${size}.txt"
                done
            done >"$subsets/${size}x${size}.txt"
            specs+=(-d "$subsets/${size}x${size}.txt")
        done
        for solver in "${solvers[@]}"; do specs+=(-s "$solver"); done
        echo "acs_runs $count $seeds 10 (taskset -c 1 $acs/sudokusolver --timeout 10 --file" \
            "$acs/instances/general/instSIZExSIZE_SHARE_I.txt, $seeds runs of each instance in turn)" \
            >>"$out/command.txt"
        local common=("${specs[@]}" --seed 1 --seeds "$seeds" --timeout 10
            --max-iterations 100000000000 --isolate off)
        acs_runs "$count" "$seeds" 10 >"$out/acs.csv" &
        local their=$!
        bench_into "$out/part-1" "${common[@]}" --shard 1/2 --pin 0 &
        local first=$!
        wait "$their"
        bench_into "$out/part-2" "${common[@]}" --shard 2/2 --pin 1
        wait "$first"
        run "$bin" report "$out/part-1/results.csv" "$out/part-2/results.csv" --out "$out" \
            >"$out/stdout.txt"
        drop_page "$out"
        drop_big_csv "$out"
        for part in 1 2; do
            mv "$out/part-$part/stderr.txt" "$out/stderr-part-$part.txt"
            rm -rf "$out/part-$part"
        done
        rm -rf "$subsets" ;;
    genetic-budget)
        # The faithful GA as the other stochastic solvers run: no generation limit of its own.
        bench_into "$out" -s genetic -d named --seed 1 --seeds 10 --timeout 10 \
            --max-iterations 100000000000 --isolate off ;;
    rate)
        # The ratings without the puzzle column: the puzzles themselves stay in ../shared.
        rm -f "$out"/rate-*.txt
        for set in top1465 17-clue; do
            file=$top1465
            [ "$set" = 17-clue ] && file=$clue17
            echo "$bin rate --file $file --format csv | cut -d, -f1,4-14" >>"$out/command.txt"
            "$bin" rate --file "$file" --format csv 2>"$out/rate-$set.stderr.txt" \
                | cut -d, -f1,4-14 >"$out/rate-$set.csv"
        done ;;
    rate-peers)
        # `rate` and the two reference raters, one after the other on CPU 1, each timed as a
        # whole program over the same sample: every 30th puzzle of top1465 and every 1,000th of
        # the 17-clue set, from the first (sample-SET.csv names them by line; the puzzles stay
        # in ../shared).
        local set file step puzzles
        puzzles=$(mktemp -d)
        for set in top1465 17-clue; do
            file=$top1465 step=30
            [ "$set" = 17-clue ] && file=$clue17 step=1000
            awk -v step="$step" -v set="$(basename "$file")" 'BEGIN { print "set,line" }
                !/^#/ && NF { if (n++ % step == 0) print set "," NR }' "$file" \
                >"$out/sample-$set.csv"
            tail -n +2 "$out/sample-$set.csv" | while IFS=, read -r _ line; do
                sed -n "${line}p" "$file" | cut -c1-81
            done >"$puzzles/$set.txt"
            run /usr/bin/time -f "%e s" -o "$out/time-ours-$set.txt" taskset -c 1 \
                "$bin" rate --file "$puzzles/$set.txt" --format csv 2>/dev/null \
                | cut -d, -f1,4-14 >"$out/ours-$set.csv"
            run /usr/bin/time -f "%e s" -o "$out/time-explainer-$set.txt" taskset -c 1 \
                "${serate[@]}" --input="$puzzles/$set.txt" --output="$out/explainer-$set.txt"
            run /usr/bin/time -f "%e s" -o "$out/time-hodoku-$set.txt" taskset -c 1 \
                "${hodoku_rate[@]}" "$puzzles/$set.txt" >"$out/hodoku-$set.txt"
        done
        sed -i "s|$puzzles|\$SAMPLE|g; s|$raters|\$REFERENCE_RATERS|g" "$out/command.txt"
        rm -rf "$puzzles" ;;
    ratings)
        # The references (hodoku.csv, explainer.csv) stay: scripts/reference-ratings.sh made them.
        find "$out" -mindepth 1 ! -name hodoku.csv ! -name explainer.csv ! -name command.txt \
            ! -name machine.txt -delete
        run cargo run --release --locked --quiet -p sudoku-human --example agreement -- "$out" \
            >"$out/stdout.txt" ;;
    generate)
        run /usr/bin/time -f "%e s %M KB" -o "$out/time.txt" \
            "$bin" generate --method thesis --count 100 --seed 1 >"$out/puzzles.txt" \
            2>"$out/stderr.txt" ;;
    jobs)
        local common=(-d "$top1465" --sample 300 --reps 1)
        bench_into "$out/candidates-jobs-1" -s candidates "${common[@]}" --jobs 1
        bench_into "$out/candidates-jobs-2" -s candidates "${common[@]}" --jobs 2
        # Two 1-job runs at once: what the machine's two CPUs give two independent runs.
        bench_into "$out/candidates-pair-1" -s candidates "${common[@]}" --jobs 1 &
        local first=$!
        bench_into "$out/candidates-pair-2" -s candidates "${common[@]}" --jobs 1 &
        local second=$!
        wait "$first"
        wait "$second"
        # A solver faster than writing its row, on enough rows to time (the default three
        # timed passes: with one, 0.1 s of noise hides the answer).
        local jobs
        for jobs in 1 2; do
            bench_into "$out/bitmask-jobs-$jobs" -s bitmask -d "$clue17" --jobs "$jobs"
            drop_big_csv "$out/bitmask-jobs-$jobs"
        done ;;
    throughput)
        # tdoku's own benchmark and `throughput`, in turn on each set, on CPU 1: tdoku built
        # for this processor beside bitmask's fastest path, tdoku built for an AVX2 machine
        # beside bitmask's AVX2 path, then bitmask's scalar path. THROUGHPUT_ROUNDS rounds of
        # all of them (3 unless set), each appended to its file: one run moves by a few
        # percent on a shared host, so the figures are medians, with the rounds' ratios.
        local set name paths round
        echo "rounds: $rounds, alternated set by set" >>"$out/command.txt"
        paths=$("$examples/paths" | tr '\n' ' ')
        for set in "$clue17" "$top1465" "$hardest" datasets/multi-solution.txt \
            datasets/band-first.txt; do
            name=$(basename "$set" .txt)
            for round in $(seq "$rounds"); do
                run_logged_once "$round" taskset -c 1 "$tdoku/build-native/run_benchmark" \
                    -w 3 -t 6 -e 1 -s tdoku "$set" >>"$out/tdoku-native-$name.txt"
                for path in avx512 avx2 scalar; do
                    [[ " $paths " == *" $path "* ]] || continue
                    if [ "$path" = avx2 ]; then
                        run_logged_once "$round" taskset -c 1 "$tdoku/build-avx2/run_benchmark" \
                            -w 3 -t 6 -e 1 -s tdoku "$set" >>"$out/tdoku-avx2-$name.txt"
                    fi
                    # The header once (the folder is made anew), then a row a round.
                    run_logged_once "$round" env SUDOKU_BITMASK_PATH=$path "$bin" throughput \
                        --pin 1 -q --format csv "$set" \
                        | tail -n +"$((round == 1 ? 1 : 2))" >>"$out/bitmask-$path-$name.csv"
                done
            done
        done
        # The `sudoku` crate the same way, alternated with bitmask in one process.
        run taskset -c 1 "$examples/crate_throughput" 6 "$clue17" "$top1465" "$hardest" \
            datasets/multi-solution.txt datasets/band-first.txt >"$out/sudoku-crate.csv"
        # tdoku's command lines name the folder it was built in; the rest are as typed.
        sed -i "s|$tdoku|\$TDOKU|g" "$out/command.txt"
        {
            echo "tdoku commit: $(git -C "$tdoku" rev-parse HEAD)"
            echo "compiler: $(clang++ --version | head -1)"
        } >"$out/tdoku.txt" ;;
    esac
}

# Every step is checked by `set -e` (never run inside `||`, which would switch it off); this
# names the measurement that failed.
current=""
trap 'status=$?; if [ $status -ne 0 ] && [ -n "$current" ]; then
    echo "error: measurement $current failed (exit status $status); its folder is incomplete" >&2
fi' EXIT
total=$(now)
for name in "${names[@]}"; do
    current="$name"
    began=$(now)
    echo "== $name" >&2
    start_measurement "$name"
    measure "$name"
    finish_measurement
    "$examples/figures" "$name"
    echo "$name: $(seconds_since "$began") s" >&2
done
echo "total: $(seconds_since "$total") s (measurements only; the build came before)" >&2

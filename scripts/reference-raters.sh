#!/usr/bin/env bash
# Builds the two reference raters in a scratch folder outside the repository, each only when it
# is missing (nothing of theirs is copied in): HoDoKu's Python port (`hodoku-py` from PyPI) in
# SCRATCH/venv, and Sudoku Explainer's successor SukakuExplainer (its public sources, compiled
# with the JDK) in SCRATCH/se-classes. Sourced by reference-ratings.sh and figures.sh, or run
# alone:
#
#   bash scripts/reference-raters.sh [SCRATCH]     # SCRATCH default: ../reference-raters
#   SE_GIT=/path/to/SukakuExplainer.git bash scripts/reference-raters.sh   # a local clone
#
# Sourced, it leaves the two raters' command lines in `hodoku_rate` and `serate` (below).
set -euo pipefail

raters=$(realpath -m "${1:-${REFERENCE_RATERS:-../reference-raters}}")
mkdir -p "$raters"

if [ ! -x "$raters/venv/bin/python" ] || ! "$raters/venv/bin/python" -c 'import hodoku' 2>/dev/null; then
    echo "== building HoDoKu's Python port (hodoku-py) in $raters/venv" >&2
    python3 -m venv "$raters/venv"
    "$raters/venv/bin/pip" install --quiet hodoku-py
fi
if [ ! -d "$raters/se-classes" ]; then
    echo "== building SukakuExplainer in $raters/se-classes" >&2
    rm -rf "$raters/se-src"
    git clone --quiet --depth 1 "${SE_GIT:-https://github.com/SudokuMonster/SukakuExplainer}" \
        "$raters/se-src"
    (cd "$raters/se-src" && find diuf -name '*.java' >sources.txt &&
        javac -nowarn -encoding ISO-8859-1 -d "$raters/se-classes.part" @sources.txt &&
        find diuf -type f ! -name '*.java' -exec cp --parents {} "$raters/se-classes.part" \;)
    mv "$raters/se-classes.part" "$raters/se-classes"
fi

# HoDoKu's `level,score` of each puzzle line of FILE, printed: "${hodoku_rate[@]}" FILE.
hodoku_rate=("$raters/venv/bin/python" "$(dirname "${BASH_SOURCE[0]}")/hodoku-rate.py")

# Sudoku Explainer's `rating,pearl,diamond` of each puzzle of IN, written to OUT, on one thread:
# "${serate[@]}" --input=IN --output=OUT. With Sudoku Explainer 1.2.1's techniques among
# serate's 46 (its --techs= lists them): without the generalized subsets and intersections, the
# strong-link fishes, turbot fish and the wings past XYZ.
serate=(java -cp "$raters/se-classes" diuf.sudoku.test.serate
    --techs=1111111111010111011011011011000010100010111111 --threads=1 --format=%r,%p,%d)

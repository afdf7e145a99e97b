#!/usr/bin/env bash
# Rates the samples of reports/figures/ratings/ with the two reference programs, built in a
# scratch folder outside the repository (nothing of theirs is copied in): HoDoKu's Python port
# (`hodoku-py` from PyPI) for hodoku.csv, and Sudoku Explainer's successor SukakuExplainer (its
# public sources, compiled with the JDK, run as `serate` with Sudoku Explainer 1.2.1's techniques)
# for explainer.csv. Each file keeps its puzzles as `set,line` of ../shared/datasets; this
# rewrites the reference columns. Takes about an hour on one core (Sudoku Explainer's chains).
#
#   bash scripts/reference-ratings.sh [SCRATCH]     # SCRATCH default: ../reference-raters
set -euo pipefail
cd "$(dirname "$0")/.."
folder=reports/figures/ratings
scratch=$(realpath -m "${1:-../reference-raters}")
sets=../shared/datasets
mkdir -p "$scratch"

echo "== HoDoKu (hodoku-py)" >&2
[ -x "$scratch/venv/bin/python" ] || python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet hodoku-py

echo "== Sudoku Explainer (SukakuExplainer)" >&2
if [ ! -d "$scratch/se-classes" ]; then
    rm -rf "$scratch/se-src"
    git clone --quiet --depth 1 https://github.com/SudokuMonster/SukakuExplainer "$scratch/se-src"
    (cd "$scratch/se-src" && find diuf -name '*.java' >sources.txt &&
        javac -nowarn -encoding ISO-8859-1 -d "$scratch/se-classes" @sources.txt &&
        find diuf -type f ! -name '*.java' -exec cp --parents {} "$scratch/se-classes" \;)
fi
# Sudoku Explainer 1.2.1's techniques among serate's 46 (its --techs= lists them): without the
# generalized subsets and intersections, the strong-link fishes, turbot fish and the wings past
# XYZ.
techs=1111111111010111011011011011000010100010111111

# The puzzle on line LINE of SET, for each `set,line` of a CSV.
puzzles_of() {
    tail -n +2 "$1" | while IFS=, read -r set line _; do
        sed -n "${line}p" "$sets/$set" | cut -d: -f1 | cut -d' ' -f1
    done
}

puzzles_of "$folder/hodoku.csv" >"$scratch/hodoku-in.txt"
"$scratch/venv/bin/python" - "$scratch/hodoku-in.txt" "$scratch/hodoku-out.txt" <<'EOF'
import sys
from hodoku.api import Solver
solver = Solver()
with open(sys.argv[2], "w") as out:
    for puzzle in open(sys.argv[1]):
        result = solver.solve(puzzle.strip())
        out.write(f"{result.level.name.lower()},{result.score}\n")
EOF
{
    echo "set,line,level,score"
    paste -d, <(tail -n +2 "$folder/hodoku.csv" | cut -d, -f1,2) "$scratch/hodoku-out.txt"
} >"$folder/hodoku.csv.new"
mv "$folder/hodoku.csv.new" "$folder/hodoku.csv"

puzzles_of "$folder/explainer.csv" >"$scratch/se-in.txt"
java -cp "$scratch/se-classes" diuf.sudoku.test.serate --techs="$techs" --threads=1 \
    --format='%r,%p,%d' --input="$scratch/se-in.txt" --output="$scratch/se-out.txt"
{
    echo "set,line,rating,pearl,diamond"
    paste -d, <(tail -n +2 "$folder/explainer.csv" | cut -d, -f1,2) "$scratch/se-out.txt"
} >"$folder/explainer.csv.new"
mv "$folder/explainer.csv.new" "$folder/explainer.csv"
echo "rewrote $folder/hodoku.csv and $folder/explainer.csv; now: bash scripts/figures.sh ratings" >&2

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
source scripts/reference-raters.sh "$scratch"

# The puzzle on line LINE of SET, for each `set,line` of a CSV.
puzzles_of() {
    tail -n +2 "$1" | while IFS=, read -r set line _; do
        sed -n "${line}p" "$sets/$set" | cut -d: -f1 | cut -d' ' -f1
    done
}

puzzles_of "$folder/hodoku.csv" >"$scratch/hodoku-in.txt"
"${hodoku_rate[@]}" "$scratch/hodoku-in.txt" >"$scratch/hodoku-out.txt"
{
    echo "set,line,level,score"
    paste -d, <(tail -n +2 "$folder/hodoku.csv" | cut -d, -f1,2) "$scratch/hodoku-out.txt"
} >"$folder/hodoku.csv.new"
mv "$folder/hodoku.csv.new" "$folder/hodoku.csv"

puzzles_of "$folder/explainer.csv" >"$scratch/se-in.txt"
"${serate[@]}" --input="$scratch/se-in.txt" --output="$scratch/se-out.txt"
{
    echo "set,line,rating,pearl,diamond"
    paste -d, <(tail -n +2 "$folder/explainer.csv" | cut -d, -f1,2) "$scratch/se-out.txt"
} >"$folder/explainer.csv.new"
mv "$folder/explainer.csv.new" "$folder/explainer.csv"
echo "rewrote $folder/hodoku.csv and $folder/explainer.csv; now: bash scripts/figures.sh ratings" >&2

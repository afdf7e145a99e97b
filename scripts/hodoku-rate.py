"""HoDoKu's level and score of each puzzle line of the file named first, one `level,score` line
each, by HoDoKu's Python port (`hodoku-py`, run from the venv scripts/reference-raters.sh builds)."""
import sys

from hodoku.api import Solver

solver = Solver()
with open(sys.argv[1]) as puzzles:
    for puzzle in puzzles:
        result = solver.solve(puzzle.strip())
        print(f"{result.level.name.lower()},{result.score}")

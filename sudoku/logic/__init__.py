"""Sudoku explained: the techniques a person uses, step by step; hints.

`explain` lists the steps from the givens to the solution, each named in the
usual vocabulary (naked and hidden singles, pointing, claiming, naked and
hidden subsets, fish, wings, chains, and guesses where logic stalls); `hint`
gives the next step only.  The logic itself is `dlx.logic`, the same for
every exact-cover problem; this package reads its items as cells and
house-digits (`sudoku.logic.board`) and names its patterns
(`sudoku.logic.explaining`); `rate` rates a puzzle by the techniques its
explanation needs, from the one technique table (`sudoku.logic.rating`).
"""

from .explaining import TECHNIQUES, Explanation, Hint, Step, explain, hint, rate
from .rating import DIFFICULTIES, Rating

__all__ = ["DIFFICULTIES", "TECHNIQUES", "Explanation", "Hint", "Rating", "Step", "explain",
           "hint", "rate"]

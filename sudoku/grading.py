"""Grading puzzles by what the exact-cover search needs.

`grade` (``sudoku rate --search``, and its older name ``sudoku grade``)
measures the search.  The human measure, a rating by the techniques a person
needs (``sudoku rate``), is `sudoku.logic.rating`; puzzles of a rating level
are made by `sudoku.generator.rated`.

The search grade
================
This is a measure of the *search*, not of human difficulty.  It reports three
cheap, reproducible facts about a puzzle with exactly one solution and a
grade derived from them by fixed thresholds.  It does not model human solving
techniques (pairs, fish, chains, ...): a puzzle that needs one guess here may
be easy for a person who knows a technique that avoids the guess, and the
converse.  Do not present these grades as human ratings.

The facts
---------
``singles``
    Whether naked and hidden singles alone, applied from the givens until
    none is left, solve the puzzle.  In exact-cover terms: repeatedly take
    any item that has exactly one option left (a cell with one value left is
    a naked single; a house with one place left for a value is a hidden
    single).  This is :meth:`dlx.Problem.propagate`.
``filled_by_singles``
    How many cells those singles fill before the search must guess.
``guesses``
    The number of options the search tried at *branch points* over the
    whole search tree that proves the solution unique.  The search (Knuth's
    Algorithm X with the minimum-remaining-values rule, as :mod:`dlx` runs it)
    takes every item with one option without choice -- those moves are the
    singles -- and branches only when every remaining item has two or more
    options; each option tried there is one guess, wrong or right.  The
    whole tree is counted because proving uniqueness explores it all, so a
    puzzle whose one branch point has two candidates counts 2 guesses.
``branch_points``
    The number of search-tree nodes where the search had to branch.
``nodes``
    The engine's own count of search nodes (options tried, singles
    included, givens excluded) for the same uniqueness proof: the ``nodes``
    of :meth:`dlx.Problem.count` with the givens forced.

How ``guesses`` is measured.  The engine reports nodes, not which of them
were forced.  :func:`grade` therefore replays the same search from Python:
at each node it calls :meth:`dlx.Problem.propagate` (which takes the singles
exactly as the search does, with the same item-choice rule) and, when that
leaves the puzzle open, branches on the item the search would choose (the
fewest options left; on a tie at two, of the first eight such items in item
order the one whose options' other items hold the most options, the first on
equal weights, as the engine does: `dlx.search.TIE_ITEMS`) over its remaining
options.  The branch points are the engine's, so ``guesses`` and
``branch_points`` are exact.  ``singles + guesses`` of the replay equals
the engine's ``nodes`` when no branch runs into a dead end; below a wrong
guess the engine may take the forced moves in another order (the single a
hide has just made first) and so count a few more or fewer of them before
it notices the dead end: on generated 9x9 to 16x16 puzzles the two agree
within 10%, usually exactly (the tests check 15%).

The grade (:data:`LEVELS`), derived from ``guesses`` only
---------------------------------------------------------
``"singles"``
    ``guesses == 0``: singles alone solve the puzzle.
``"easy-search"``
    ``1 <= guesses <= easy_limit(n)`` where ``easy_limit(n) = n`` (9 for 9x9,
    16 for 16x16): the uniqueness proof needs a few short branches.
``"hard-search"``
    More guesses than that.

The threshold ``n`` was chosen from the spread of generated minimal puzzles:
of 1000 random minimal 9x9 puzzles (``generate_many(1000, seed=2024)``), 43%
grade ``singles``, 42% ``easy-search`` and 15% ``hard-search`` (the guesses of
those that guess: median 6, 90th percentile 16, 99th 33); every minimal 4x4
and 94% of minimal 6x6 fall to singles.  The threshold scales with ``n``
because a larger grid has more branch points for the same kind of puzzle.
The thresholds are constants of this module (:func:`easy_limit`), so a grade
means the same thing in every version that keeps them and the search's
choice rule (``singles`` does not depend on that rule; the guesses do:
regraded with the tie-break at two options added in 0.1.0, 2% of the 1000
puzzles the earlier rule had generated moved from ``easy-search`` to
``hard-search``).  For comparison, Inkala's
"Everest" (2012) needs 266 guesses, and Project Euler's first grid none.

Cost: one engine count (microseconds for 9x9) plus one :meth:`propagate` per
node of the search tree above the singles (about 50-100 us each for 9x9), so a
few milliseconds for a typical minimal 9x9, more for puzzles built to defeat
search.  ``max_nodes`` bounds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from dlx import validate

from .encode import givens, problem_for, shape_key
from .errors import PuzzleError
from .formats import as_puzzle
from .grid import Puzzle, check_givens

if TYPE_CHECKING:
    from .shapes import PuzzleLike

__all__ = ["LEVELS", "Grade", "grade", "easy_limit", "level_for"]

LEVELS = ("singles", "easy-search", "hard-search")
"""The grades, easiest first (see the module docstring for their derivation)."""

DEFAULT_MAX_NODES = 1_000_000
"""Search nodes a grading may use before it reports lower bounds (status ``"unknown"``)."""


def easy_limit(n: int) -> int:
    """Most guesses an ``"easy-search"`` puzzle of size ``n`` may need: ``n``.

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> easy_limit(9)
    9
    """
    return n


def level_for(guesses: int, n: int) -> str:
    """The grade of a puzzle of size ``n`` whose uniqueness proof took ``guesses`` guesses.

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> level_for(0, 9), level_for(2, 9), level_for(10, 9)
    ('singles', 'easy-search', 'hard-search')
    """
    if guesses == 0:
        return LEVELS[0]
    return LEVELS[1] if guesses <= easy_limit(n) else LEVELS[2]


@dataclass(frozen=True)
class Grade:
    """What the search needed for one puzzle.

    Attributes
    ----------
    status : str
        ``"unique"`` (graded), ``"multiple"`` or ``"none"`` (not graded: a
        grade needs exactly one solution), or ``"unknown"`` when the node
        limit stopped the count or the replay.
    level : str or None
        One of :data:`LEVELS` when ``status == "unique"``, else None.
    singles : bool
        Naked and hidden singles alone solve the puzzle.
    filled_by_singles : int
        Cells the singles fill from the givens before the first guess.
    guesses : int
        Options tried at branch points in the whole search tree.
    branch_points : int
        Search-tree nodes where the search branched.
    nodes : int
        The engine's search nodes for the uniqueness proof (singles included).

    When ``status == "unknown"`` the numbers are lower bounds.
    """

    status: str
    level: str | None
    singles: bool
    filled_by_singles: int
    guesses: int
    branch_points: int
    nodes: int

    def as_dict(self) -> dict:
        """The grade as plain data (for JSON)."""
        return {"status": self.status, "grade": self.level, "singles": self.singles,
                "filled_by_singles": self.filled_by_singles, "guesses": self.guesses,
                "branch_points": self.branch_points, "nodes": self.nodes}


# ---------------------------------------------------------------------------
# The encoding's incidence, for choosing the branch item as the search does
# ---------------------------------------------------------------------------
class _Incidence:
    """Items of each option and options of each item, numbered as `sudoku.encode` does."""

    def __init__(self, puzzle: Puzzle):
        entries = problem_for(puzzle).entries
        self.n_items = entries.n_items
        self.ptr = entries.ptr
        self.items = entries.items - 1  # the engine numbers items from 1
        self.lens = np.diff(self.ptr)
        self.owner = np.repeat(np.arange(len(self.ptr) - 1, dtype=np.int64), self.lens)

    def covered(self, chosen) -> np.ndarray:
        mask = np.zeros(self.n_items, dtype=bool)
        for o in chosen:
            mask[self.items[self.ptr[o]:self.ptr[o + 1]]] = True
        return mask

    def branch(self, chosen, live) -> list[int]:
        """The live options of the item the search branches on, chosen as the engine does.

        The fewest options; on a tie at two, of the first `TIE_ITEMS` such items
        the one whose options' other items hold the most options (the first on
        equal weights).
        """
        from dlx.search import TIE_ITEMS  # (imports numba: here, not at the top)

        weights = live[self.owner]
        counts = np.bincount(self.items[weights], minlength=self.n_items)
        counts[self.covered(chosen)] = np.iinfo(np.int64).max
        least = counts.min()
        tied = np.flatnonzero(counts == least)
        if least != 2:
            return self.owner[(self.items == tied[0]) & weights].tolist()
        best, top = None, -1
        for candidate in tied[:TIE_ITEMS]:
            opts = self.owner[(self.items == candidate) & weights]
            weight = 0
            for o in opts:
                others = self.items[self.ptr[o]:self.ptr[o + 1]]
                weight += int(counts[others[others != candidate]].sum())
            if weight > top:
                best, top = opts, weight
        assert best is not None  # every weight beats -1
        return best.tolist()


_incidences: dict = {}


def _incidence(puzzle: Puzzle) -> _Incidence:
    key = shape_key(puzzle)
    inc = _incidences.get(key)
    if inc is None:
        if len(_incidences) > 32:
            _incidences.clear()
        inc = _incidences[key] = _Incidence(puzzle)
    return inc


def _replay(prob, inc: _Incidence, forced: np.ndarray, max_nodes: int):
    """Walk the search tree with propagate; returns (singles, guesses, branches, sols, done).

    ``singles`` counts the forced moves over the whole tree, the root's first.
    """
    root = prob.propagate(forced)
    singles = len(root.chosen) - len(forced)
    guesses = branches = solutions = 0
    if root.status == "solved":
        return singles, 0, 0, 1, True
    if root.status == "contradiction":
        return singles, 0, 0, 0, True
    # Each frame: the options chosen so far (givens and singles included) and the
    # options still to try at this branch point.
    stack = [(root.chosen, inc.branch(root.chosen, root.live), 0)]
    branches = 1
    while stack:
        chosen, options, k = stack[-1]
        if k == len(options):
            stack.pop()
            continue
        stack[-1] = (chosen, options, k + 1)
        if singles + guesses >= max_nodes:
            return singles, guesses, branches, solutions, False
        guesses += 1
        here = chosen + [options[k]]
        r = prob.propagate(here)
        singles += len(r.chosen) - len(here)
        if r.status == "solved":
            solutions += 1
            if solutions > 1:
                return singles, guesses, branches, solutions, True
        elif r.status == "open":
            branches += 1
            stack.append((r.chosen, inc.branch(r.chosen, r.live), 0))
    return singles, guesses, branches, solutions, True


def grade(puzzle: PuzzleLike, *, max_nodes: int | None = None) -> Grade:
    """Grade a puzzle by what the search needs (not a human difficulty rating).

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray (any form of `sudoku.shapes`)
        The puzzle (a string in any format :func:`sudoku.parse_puzzle` reads).
    max_nodes : int, optional
        Search nodes allowed (default :data:`DEFAULT_MAX_NODES`); beyond them
        the status is ``"unknown"`` and the numbers are lower bounds.

    Returns
    -------
    Grade
        See the module docstring for what each number counts and how the
        level is derived.

    Raises
    ------
    PuzzleError
        The givens clash.

    Notes
    -----
    Cost: one engine count plus one :meth:`dlx.Problem.propagate` per search
    node above the singles; a few ms for a typical 9x9.

    Examples
    --------
    >>> g = grade("4.....8.5.3..........7......2.....6.....8.4......"
    ...           "1.......6.3.7.5..2.....1.4......")
    >>> g.status, g.singles, g.level in LEVELS
    ('unique', False, True)
    >>> grade("1234341221434321"[:-1] + ".").level
    'singles'
    """
    p = as_puzzle(puzzle)
    if p.candidates is not None:
        raise PuzzleError("grading measures solving from givens; a pencil-mark (Sukaku) "
                          "puzzle is not graded", p.source, p.line)
    check_givens(p)
    if max_nodes is None:
        max_nodes = DEFAULT_MAX_NODES
    max_nodes = validate.budget("max_nodes", max_nodes, optional=False, error=PuzzleError)
    prob = problem_for(p)
    forced = givens(p)
    counted = prob.count(forced=forced, limit=2, max_nodes=int(max_nodes))
    nodes = counted.stats.nodes
    if counted.status == "nodes":
        status = "unknown"
    else:
        status = ("none", "unique", "multiple")[min(counted.count, 2)]
    root = prob.propagate(forced)
    filled = len(root.chosen) - len(forced)
    solved = root.status == "solved"
    if status != "unique":
        return Grade(status, None, solved and status != "none", filled, 0, 0, nodes)
    _, guesses, branches, _, done = _replay(prob, _incidence(p), forced, int(max_nodes))
    if not done:
        return Grade("unknown", None, solved, filled, guesses, branches, nodes)
    return Grade("unique", level_for(guesses, p.size), solved, filled, guesses, branches,
                 nodes)

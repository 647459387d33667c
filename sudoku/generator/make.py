"""One puzzle: attempts (region map, complete grid, clue removal) until one meets the request.

Each puzzle has a seed of its own (`puzzle_seed`): puzzle 0 of a seed is
that seed's, puzzle ``k`` of seed ``s`` the one drawn from
``numpy.random.SeedSequence(s, spawn_key=(k,))``.  Attempt ``t`` of the
puzzle whose seed is ``q`` draws from
``numpy.random.SeedSequence(q, spawn_key=(0, t))``, so puzzle ``k`` does not
depend on how many puzzles are asked for, on the threads or processes, or on
the platform, and its seed alone makes it again: it is puzzle 0 of its own
seed.  A request checked at the end (clue range, minimality,
grade) that fails starts a new attempt; after ``tries`` attempts (or
``timeout`` seconds) `GenerationError` says what was asked, how close the
attempts came, and what to change.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..errors import GenerationError
from ..grading import grade as grade_of
from ..grid import VARIANTS, Puzzle
from .grids import REGION_TRIES, random_grid, random_regions
from .removal import Checker, OverBudget, greedy
from .requests import Request, min_clues
from .symmetry import orbit_arrays

__all__ = ["ATTEMPT_NODES", "Generated", "make_puzzle", "puzzle_seed"]

ATTEMPT_NODES = 30
"""An attempt whose uniqueness checks pass ``ATTEMPT_NODES * n**4`` search nodes is dropped.

Some complete grids make every check expensive (the search trees of their
near-minimal puzzles are huge); drawing a new grid is cheaper on average than
finishing them.  The budget is about 200,000 nodes for 9x9 (a typical minimal
9x9 uses 5,000) and 2 million for 16x16 (typical: 0.3-1.5 million; one grid in
five needs more, a few need 10 million; over 80 grids the expected cost per
puzzle was lowest, and about flat, for budgets of 1.5-2.5 million).  Counted in
nodes, not seconds, so it does not make the output depend on the machine."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle and how it was made.

    Attributes
    ----------
    puzzle : Puzzle
        The givens (with the variant and, for jigsaw, the region map).
    solution : tuple of int
        Its one solution, row by row.
    index : int
        Position in the run's stream of puzzles (0 for the first).
    seed : int
        The puzzle's own seed (`puzzle_seed`): the same request with this
        seed makes this puzzle first.  The first puzzle's is the run's seed
        (the fresh one drawn when none was given).
    tries : int
        Attempts it took (1 unless requests were rejected).
    symmetry : str
    minimal : bool or None
        True: removing any clue gives more than one solution (proved) -- with
        a symmetry, any symmetric group of clues (removing a single clue of a
        group would break the symmetry; `is_minimal` tests single
        clues).  None: not established (a clue range stopped the removal
        early, or a check ran out of nodes).
    grade : sudoku.grading.Grade or None
        Set when a grade was requested (or ``with_grade``).
    checks, nodes : int
        Uniqueness checks made and search nodes they used, over all the
        attempts for this puzzle: the machine-independent cost of making it.
    """

    puzzle: Puzzle
    solution: tuple
    index: int
    seed: int
    tries: int
    symmetry: str = "none"
    minimal: bool | None = None
    grade: object = field(default=None, compare=False)
    checks: int = field(default=0, compare=False)
    nodes: int = field(default=0, compare=False)

    @property
    def clues(self) -> int:
        return self.puzzle.n_givens


def puzzle_seed(seed: int, index: int) -> int:
    """The own seed of puzzle ``index`` of ``seed``'s stream (63 bits, as fresh seeds are).

    Examples
    --------
    >>> puzzle_seed(7, 0)
    7
    >>> puzzle_seed(7, 1) == puzzle_seed(7, 1) != puzzle_seed(8, 1)
    True
    """
    if index == 0:
        return seed
    ss = np.random.SeedSequence(seed, spawn_key=(index,))
    return int(ss.generate_state(1, dtype=np.uint64)[0] >> 1)


def _attempt(req: Request, index: int, attempt: int, deadline, notes: dict,
             with_grade: bool) -> Generated | None:
    n = req.size
    seed = puzzle_seed(req.entropy, index)
    ss = np.random.SeedSequence(seed, spawn_key=(0, attempt))
    rng = np.random.Generator(np.random.PCG64(ss))
    regions = req.regions
    solution = None
    uses_regions = VARIANTS[req.variant].uses_regions
    for _ in range(REGION_TRIES if uses_regions and regions is None else 1):
        if uses_regions and req.regions is None:
            regions = random_regions(n, rng)
        template = Puzzle(req.box_rows, req.box_cols, [0] * (n * n), req.variant, regions)
        solution = random_grid(template, rng)
        if solution is not None:
            break
        if time.perf_counter() > deadline:
            raise TimeoutError
    if solution is None:
        notes["no_grid"] = notes.get("no_grid", 0) + 1
        return None
    check = Checker(template, solution, req.threads,
                     None if deadline == float("inf") else deadline,
                     budget=ATTEMPT_NODES * n ** 4)
    groups = orbit_arrays(n, req.symmetry)
    order = rng.permutation(len(groups))
    full = np.ones(n * n, dtype=bool)
    # With `minimal`, the requested floor must not stop removals (the result
    # would not be minimal); the count is checked at the end instead.  The
    # proven floor (min_clues) never changes the result: a removal below it
    # could not pass the uniqueness check anyway.
    floor = min_clues(n, req.variant)
    lo = floor if req.minimal else max(req.lo, floor)
    stop = not req.minimal and req.hi < n * n
    try:
        mask, uncertain = greedy(check, full, [groups[k] for k in order], lo, req.hi, stop)
    except OverBudget:
        notes["over_budget"] = notes.get("over_budget", 0) + 1
        return None
    finally:
        notes["checks"] = notes.get("checks", 0) + check.searched
        notes["nodes"] = notes.get("nodes", 0) + check.nodes
    clues = int(mask.sum())
    closest = notes.get("closest")
    if closest is None or _distance(clues, req) < _distance(closest, req):
        notes["closest"] = clues
    if not req.lo <= clues <= req.hi:
        return None
    # A pass that ran to the end (no requested floor, no early stop) removed
    # every group it could: the puzzle is minimal for its symmetry.
    minimal = True if not stop and lo == floor and not uncertain else None
    if req.minimal and not minimal:
        notes["not_minimal"] = notes.get("not_minimal", 0) + 1
        return None
    cells = tuple(int(v) if m else 0 for v, m in zip(solution, mask, strict=True))
    puzzle = Puzzle(req.box_rows, req.box_cols, cells, req.variant, regions)
    g = None
    if req.grade is not None or with_grade:
        g = grade_of(puzzle)
        if req.grade is not None and g.level != req.grade:
            seen = notes.setdefault("grades", {})
            seen[g.level] = seen.get(g.level, 0) + 1
            return None
    return Generated(puzzle, tuple(solution), index, seed, attempt + 1, req.symmetry,
                     minimal, g, notes.get("checks", 0), notes.get("nodes", 0))


def _distance(clues: int, req: Request) -> int:
    return max(req.lo - clues, clues - req.hi, 0)


def make_puzzle(req: Request, index: int, with_grade: bool = False) -> Generated:
    """Puzzle ``index`` of the request's seed: attempts until one meets the request."""
    start = time.perf_counter()
    deadline = float("inf") if req.timeout is None else start + req.timeout
    notes: dict = {}
    made = 0
    try:
        for attempt in range(req.tries):
            made = attempt + 1
            if time.perf_counter() > deadline:
                raise TimeoutError
            got = _attempt(req, index, attempt, deadline, notes, with_grade)
            if got is not None:
                return got
    except TimeoutError:
        raise GenerationError(
            f"no {req.describe()} within {req.timeout:g} s ({made} attempts; "
            f"{_why(req, notes)}); allow more time with --timeout", made,
            notes.get("closest")) from None
    raise GenerationError(
        f"no {req.describe()} in {req.tries} attempts ({_why(req, notes)}); "
        f"{_advice(req, notes)}", req.tries, notes.get("closest"))


def _why(req: Request, notes: dict) -> str:
    parts = []
    if notes.get("closest") is not None and (req.lo, req.hi) != (0, req.size ** 2):
        parts.append(f"the clue count closest to the range was {notes['closest']}")
    if notes.get("not_minimal"):
        parts.append(f"{notes['not_minimal']} could not be proved minimal (a uniqueness "
                     "check ran out of nodes)")
    if notes.get("grades"):
        got = ", ".join(f"{k} {v}" for k, v in sorted(notes["grades"].items(), key=str))
        parts.append(f"grades made instead: {got}")
    if notes.get("over_budget"):
        parts.append(f"{notes['over_budget']} were dropped for needing too many search "
                     "nodes")
    if notes.get("no_grid"):
        parts.append(f"{notes['no_grid']} found no complete grid"
                     + (" for their region maps" if req.variant == "jigsaw" else ""))
    return "; ".join(parts) or "none met the request"


def _advice(req: Request, notes: dict) -> str:
    closest = notes.get("closest")
    if closest is not None and closest > req.hi:
        return ("removing clues while the solution stays unique stops above that; ask for "
                "more clues, a weaker symmetry, or more --tries")
    if closest is not None and closest < req.lo:
        return "ask for fewer clues or drop --minimal"
    return "try more --tries, another symmetry or grade, or another --seed"



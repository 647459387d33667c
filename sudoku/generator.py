"""Making puzzles: seeded random grids, clue removal that keeps one solution, minimizing.

Every puzzle made here has exactly one solution: a clue is removed only after
the exact-cover search has *proved* the smaller puzzle unique (a count that
stops at two and explored the whole tree).  A check that runs out of its node
budget counts as "not proved", so the clue stays.

How a puzzle is made (:func:`generate`)
---------------------------------------
1. Seeds.  The user's seed (any int >= 0; a fresh random one when None) and
   the puzzle's index ``k`` give attempt ``t`` of puzzle ``k`` its own
   ``numpy.random.SeedSequence(seed, spawn_key=(k, t))`` and a PCG64 generator.
   Puzzle ``k`` therefore does not depend on how many puzzles are asked for,
   on ``jobs``, or on the platform (PCG64 and SeedSequence are specified bit
   for bit; numpy may in principle change how ``permutation`` or
   ``integers`` use the stream in a future feature release, which the tests'
   fixed expected output would reveal).
2. Region map (jigsaw without a given map): :func:`random_regions`.
3. Complete grid: the empty puzzle's exact-cover problem searched with a seed
   (:meth:`dlx.Problem.solve` with ``seed``), which shuffles the order of the
   options and of ties between items, so the first solution found is a
   random grid drawn by randomized search (not a fixed grid permuted).  A
   search that needs more than :data:`GRID_NODE_CAP` nodes is restarted with
   the next seed; a region map that has no grid at all is replaced.
4. Clue removal.  The cells are grouped in *orbits* of the symmetry
   (:func:`orbits`); orbits are visited in a seeded random order and each is
   removed when the puzzle stays unique (and, with a clue range, when the
   count stays in range).  A pass that ends removes every removable orbit,
   so without symmetry the puzzle is minimal: removing any single clue gives
   more than one solution.  The pass is batched (:func:`_greedy`): the
   checks of a round run in one call of the batch kernel (the engine behind
   :meth:`dlx.Problem.solve_many`, counting to two) -- cumulative removals
   of the next orbits, whose longest unique prefix is removed (uniqueness
   is monotone along them, so a long run is checked only every few
   removals and the first failure is then looked for between two checks),
   and single removals of the undecided orbits, whose failures are final
   because a puzzle with fewer clues cannot be more unique.  Late in the
   removal of a large grid, when each check costs thousands of nodes, the
   rounds shrink to one orbit at a time, checked by refuting every other
   value of its cells (:meth:`_Checker.unique_by_values`), which skips the
   part of the tree holding the known solution.  The batching changes only
   how many checks are made: the result is the one-at-a-time pass's,
   whatever ``jobs`` is (the tests compare them).
   An attempt whose checks use more than :data:`ATTEMPT_NODES` ``* n**4``
   search nodes is dropped for a new grid (rare for 9x9; for 16x16 it cuts
   the long tail of grids whose checks are all expensive).
5. Requests checked at the end, each a reason to start a new attempt:
   ``clues`` out of range, ``grade`` not the one asked for.  With a
   symmetry, "minimal" means that no symmetric group of clues can go:
   removing a single clue would break the symmetry, and random symmetric
   puzzles that are also minimal clue by clue are too rare to find by
   rejection.  After ``tries`` attempts (or ``timeout`` seconds)
   :class:`GenerationError` says what was asked, how close the attempts
   came, and what to change.

Symmetries (:data:`SYMMETRIES`): ``none``; ``rotate180`` (cell (r, c) with
(n-1-r, n-1-c)); ``rotate90`` (the four quarter turns); ``mirror`` (left-right:
(r, c) with (r, n-1-c)); ``diagonal`` (reflection in the main diagonal: (r, c)
with (c, r)).  They constrain where clues are, not the solution.

Cost (``benchmarks/bench_generate.py``, one core of a shared 2-vCPU Xeon VM):
about 3 ms per minimal 9x9 (80 checks, 4,500 search nodes), 0.7 s per minimal
16x16 (640 checks, 1.3 million nodes; 0.2-1.7 s depending on the grid); with
``jobs=2`` two processes make 16x16 puzzles at about 0.5 s each.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from dlx.errors import DLXError

from .errors import PuzzleError
from .grid import VARIANTS, Puzzle, default_box, parse_box

__all__ = ["SYMMETRIES", "GenerationError", "NotUniqueError", "Generated", "generate",
           "generate_many", "minimize", "is_minimal", "orbits", "random_grid",
           "random_regions", "parse_clues", "min_clues"]

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
"""Clue symmetries (see the module docstring for the maps)."""

GRID_NODE_CAP = 20_000
"""Search nodes allowed for one randomized search of a complete grid before a restart."""

GRID_RESTARTS = 20
"""Seeds tried for one complete grid (or one region map) before the attempt fails."""

CHECK_NODE_CAP = 1_000_000
"""Search nodes one uniqueness check may use; beyond them the clue stays."""

REGION_TRIES = 20
"""Random region maps tried per attempt when none of them has a complete grid."""

ATTEMPT_NODES = 30
"""An attempt whose uniqueness checks pass ``ATTEMPT_NODES * n**4`` search nodes is dropped.

Some complete grids make every check expensive (the search trees of their
near-minimal puzzles are huge); drawing a new grid is cheaper on average than
finishing them.  The budget is about 200,000 nodes for 9x9 (a typical minimal
9x9 uses 5,000) and 2 million for 16x16 (typical: 0.3-1.5 million; one grid in
five needs more, a few need 10 million; over 80 grids the expected cost per
puzzle was lowest, and about flat, for budgets of 1.5-2.5 million).  Counted in
nodes, not seconds, so it does not make the output depend on the machine."""


class GenerationError(DLXError):
    """No puzzle met the request within the attempts or the time allowed.

    Attributes
    ----------
    tries : int
        Attempts made.
    closest : int or None
        The clue count closest to the requested range that an attempt reached.
    """

    def __init__(self, message: str, tries: int = 0, closest: int | None = None):
        self.tries = tries
        self.closest = closest
        super().__init__(message)


class NotUniqueError(PuzzleError):
    """The puzzle does not have exactly one solution, so it cannot be minimized.

    ``status`` is ``"multiple"``, ``"none"`` or ``"unknown"`` (a limit stopped
    the check).
    """

    def __init__(self, message: str, source=None, line=None, status: str = "multiple"):
        self.status = status
        super().__init__(message, source, line)

    def __reduce__(self):
        return (_not_unique, (self.message, self.source, self.line, self.status))


def _not_unique(message, source, line, status):
    return NotUniqueError(message, source, line, status)


# ---------------------------------------------------------------------------
# Requests
# ---------------------------------------------------------------------------
def parse_clues(text) -> tuple[int, int]:
    """A clue target ``"25"`` or a range ``"22-26"`` as ``(low, high)``.

    Raises
    ------
    PuzzleError
        Not a number or a range ``MIN-MAX`` of whole numbers with MIN <= MAX.

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> parse_clues("25"), parse_clues("22-26"), parse_clues((20, 30))
    ((25, 25), (22, 26), (20, 30))
    """
    if isinstance(text, tuple):
        lo, hi = (int(x) for x in text)
    elif isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        lo = hi = int(text)
    else:
        parts = str(text).replace(" ", "").split("-")
        try:
            if len(parts) == 1:
                lo = hi = int(parts[0])
            elif len(parts) == 2:
                lo, hi = int(parts[0]), int(parts[1])
            else:
                raise ValueError
        except ValueError:
            raise PuzzleError(f"clue target {text!r} is not a number or a range MIN-MAX "
                              "such as 22-26") from None
    if lo < 0 or hi < lo:
        raise PuzzleError(f"clue range {lo}-{hi} is empty or negative; write MIN-MAX with "
                          "0 <= MIN <= MAX")
    return lo, hi


def min_clues(n: int, variant: str = "standard") -> int:
    """A proven lower bound on the clues of a unique ``n x n`` puzzle.

    ``n - 1`` for any size and variant (if two values were both missing from
    the givens, swapping them in a solution would give a second one); 17 for
    standard 9x9 Sudoku (McGuire, Tugemann and Civario, 2012).

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> min_clues(9), min_clues(9, "x"), min_clues(16)
    (17, 8, 15)
    """
    if n == 9 and variant == "standard":
        return 17
    return max(n - 1, 0)


@dataclass(frozen=True)
class _Request:
    """Everything an attempt needs (plain values, so it can go to a worker process)."""

    box_rows: int
    box_cols: int
    variant: str
    regions: tuple[int, ...] | None
    symmetry: str
    lo: int
    hi: int
    minimal: bool
    grade: str | None
    tries: int
    timeout: float | None
    entropy: int
    threads: int = 1

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols

    def describe(self) -> str:
        n = self.size
        words = [f"{n}x{n}"]
        if self.variant != "standard":
            words.append(self.variant)
        if self.symmetry != "none":
            words.append(f"{self.symmetry}-symmetric")
        if self.minimal:
            words.append("minimal")
        text = " ".join(words) + " puzzle"
        if (self.lo, self.hi) != (0, n * n):
            text += (f" with {self.lo} clues" if self.lo == self.hi
                     else f" with {self.lo}-{self.hi} clues")
        if self.grade:
            text += f" graded {self.grade}"
        return text


def _shape(size, box, variant, regions) -> tuple[int, int]:
    if box is not None:
        rows, cols = parse_box(box) if isinstance(box, str) else (int(box[0]), int(box[1]))
        if size is not None and rows * cols != size:
            raise PuzzleError(f"box {rows}x{cols} makes a {rows * cols}x{rows * cols} grid, "
                              f"not {size}x{size}")
        return rows, cols
    if size is None:
        size = 9 if regions is None else int(round(len(regions) ** 0.5))
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 1:
        raise PuzzleError(f"size must be a positive whole number, not {size!r}")
    size = int(size)
    if VARIANTS.get(variant) is not None and VARIANTS[variant].uses_regions:
        try:
            return default_box(size)
        except PuzzleError:
            return 1, size
    return default_box(size)


def _request(size, box, variant, regions, seed, symmetry, clues, minimal, grade, tries,
             timeout, threads=1) -> _Request:
    """Check the arguments of :func:`generate`; impossible requests fail here, at once."""
    from .grading import LEVELS

    if variant not in VARIANTS:
        raise PuzzleError(f"unknown variant {variant!r}; the variants are {', '.join(VARIANTS)}")
    if symmetry not in SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; the symmetries are "
                          f"{', '.join(SYMMETRIES)}")
    if grade is not None and grade not in LEVELS:
        raise PuzzleError(f"unknown grade {grade!r}; the grades are {', '.join(LEVELS)}")
    rows, cols = _shape(size, box, variant, regions)
    n = rows * cols
    if regions is not None:
        if not VARIANTS[variant].uses_regions:
            raise PuzzleError(f"a region map is only for jigsaw puzzles, not {variant}")
        regions = tuple(int(r) for r in regions)
    # The template checks the size rules (windoku is 9x9 only) and the region map.
    Puzzle(rows, cols, [0] * (n * n), variant,
           regions if regions is not None or not VARIANTS[variant].uses_regions
           else tuple(i // n for i in range(n * n)))
    if regions is not None and not _has_grid(Puzzle(rows, cols, [0] * (n * n), variant,
                                                    regions)):
        raise PuzzleError("no complete grid fits this region map, so no puzzle can use it; "
                          "give another map, or none for random ones")
    lo, hi = (0, n * n) if clues is None else parse_clues(clues)
    if lo > n * n:
        raise PuzzleError(f"a {n}x{n} grid has only {n * n} cells, so it cannot have {lo} clues")
    hi = min(hi, n * n)
    floor = min_clues(n, variant)
    if hi < floor:
        if floor == 17:
            why = ("no 9x9 Sudoku with 16 or fewer clues has a unique solution (McGuire, "
                   "Tugemann and Civario proved it in 2012)")
        else:
            why = (f"no {n}x{n} puzzle with fewer than {floor} clues has a unique solution "
                   "(if two values are both missing, swapping them gives a second one)")
        raise PuzzleError(f"{why}; ask for at least {floor} clues, not {hi}")
    if isinstance(tries, bool) or not isinstance(tries, (int, np.integer)) or tries < 1:
        raise PuzzleError(f"tries must be a positive whole number, not {tries!r}")
    if timeout is not None and not float(timeout) > 0:
        raise PuzzleError(f"timeout must be a positive number of seconds, not {timeout!r}")
    if seed is None:
        import secrets

        entropy = secrets.randbits(63)  # short enough to copy from a message
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise PuzzleError(f"seed must be a whole number >= 0, not {seed!r}")
    else:
        entropy = int(seed)
    return _Request(rows, cols, variant, regions, symmetry, lo, hi, bool(minimal), grade,
                    int(tries), None if timeout is None else float(timeout), entropy,
                    max(1, int(threads)))


def _has_grid(template: Puzzle) -> bool:
    """False when a search proves no complete grid exists (True if it finds one or gives up)."""
    from dlx.results import SearchStopped

    from .solver import problem_for

    try:
        return problem_for(template).solve(max_nodes=GRID_NODE_CAP * 10) is not None
    except SearchStopped:
        return True


# ---------------------------------------------------------------------------
# Symmetry orbits
# ---------------------------------------------------------------------------
@lru_cache(maxsize=32)
def _orbit_arrays(n: int, symmetry: str) -> tuple:
    return tuple(np.asarray(g, dtype=np.int64) for g in orbits(n, symmetry))


def orbits(n: int, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells of an ``n x n`` grid grouped by a symmetry; clues come and go by orbit.

    Returns
    -------
    list of tuple of int
        Each orbit's cells in increasing order; orbits ordered by their first cell.

    Raises
    ------
    PuzzleError
        Unknown symmetry.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> orbits(4, "rotate180")[:2]
    [(0, 15), (1, 14)]
    >>> len(orbits(9, "rotate90")), orbits(9, "rotate90")[-1]
    (21, (40,))
    """
    if symmetry not in SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; the symmetries are "
                          f"{', '.join(SYMMETRIES)}")
    m = n - 1
    maps = {
        "none": [],
        "rotate180": [lambda r, c: (m - r, m - c)],
        "rotate90": [lambda r, c: (c, m - r), lambda r, c: (m - r, m - c),
                     lambda r, c: (m - c, r)],
        "mirror": [lambda r, c: (r, m - c)],
        "diagonal": [lambda r, c: (c, r)],
    }[symmetry]
    seen = [False] * (n * n)
    found = []
    for i in range(n * n):
        if seen[i]:
            continue
        r, c = divmod(i, n)
        group = {i} | {a * n + b for a, b in (f(r, c) for f in maps)}
        for j in group:
            seen[j] = True
        found.append(tuple(sorted(group)))
    return found


# ---------------------------------------------------------------------------
# Random region maps and grids
# ---------------------------------------------------------------------------
def _connected(cells: list[int], n: int) -> bool:
    todo = set(cells)
    start = cells[0]
    stack = [start]
    todo.discard(start)
    while stack:
        i = stack.pop()
        r, c = divmod(i, n)
        for j in ((i - n) if r else -1, (i + n) if r < n - 1 else -1,
                  (i - 1) if c else -1, (i + 1) if c < n - 1 else -1):
            if j in todo:
                todo.discard(j)
                stack.append(j)
    return not todo


def random_regions(n: int, rng=None, *, swaps: int | None = None) -> tuple[int, ...]:
    """A random jigsaw region map: ``n`` connected regions of ``n`` cells each.

    Starts from the boxes of :func:`~sudoku.grid.default_box` (rows when ``n``
    is prime) and applies random boundary exchanges: a cell of region A next
    to region B moves into B while a cell of B next to A moves into A,
    accepted when both regions stay connected.  Region ids are then renumbered
    in order of first appearance (cell r1c1 is in region 0).

    Parameters
    ----------
    n : int
        Grid size.
    rng : numpy.random.Generator or int, optional
        Source of randomness (an int is a seed).
    swaps : int, optional
        Exchanges attempted (default ``8 * n * n``).

    Notes
    -----
    Cost: O(swaps * n) in Python: a few ms for 9x9.  Not every map admits a
    complete grid; :func:`generate` checks and draws another when needed.

    Examples
    --------
    >>> from sudoku.grid import check_regions
    >>> m = random_regions(6, 1)
    >>> check_regions(m, 6)
    >>> m[0]
    0
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    try:
        br, bc = default_box(n)
        region = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]
    except PuzzleError:
        region = [i // n for i in range(n * n)]
    members: list[set[int]] = [set() for _ in range(n)]
    for i, r in enumerate(region):
        members[r].add(i)

    def neighbours(i):
        r, c = divmod(i, n)
        if r:
            yield i - n
        if r < n - 1:
            yield i + n
        if c:
            yield i - 1
        if c < n - 1:
            yield i + 1

    if n > 1:
        attempts = 8 * n * n if swaps is None else int(swaps)
        picks = rng.integers(0, 2**31, size=(attempts, 3))
        for a_pick, b_pick, c_pick in picks.tolist():
            a = a_pick % (n * n)
            ra = region[a]
            across = [j for j in neighbours(a) if region[j] != ra]
            if not across:
                continue
            rb = region[across[b_pick % len(across)]]
            # cells of B touching A (other than through a, which is leaving A)
            border = sorted(j for j in members[rb]
                            if any(region[k] == ra and k != a for k in neighbours(j)))
            if not border:
                continue
            b = border[c_pick % len(border)]
            region[a], region[b] = rb, ra
            members[ra].discard(a)
            members[rb].discard(b)
            members[ra].add(b)
            members[rb].add(a)
            if not (_connected(sorted(members[ra]), n) and _connected(sorted(members[rb]), n)):
                region[a], region[b] = ra, rb
                members[ra].discard(b)
                members[rb].discard(a)
                members[ra].add(a)
                members[rb].add(b)
    renumber: dict[int, int] = {}
    return tuple(renumber.setdefault(r, len(renumber)) for r in region)


def random_grid(template: Puzzle, rng=None, *, max_nodes: int = GRID_NODE_CAP,
                restarts: int = GRID_RESTARTS) -> tuple[int, ...] | None:
    """A random complete grid of ``template``'s shape and variant, by randomized search.

    The empty puzzle's exact-cover problem is searched with a seed drawn from
    ``rng`` (:meth:`dlx.Problem.solve` shuffles option order and item ties
    with it); a search longer than ``max_nodes`` restarts with the next seed.

    Parameters
    ----------
    template : Puzzle
        Shape, variant and region map (its givens are kept: the grid extends them).
    rng : numpy.random.Generator or int, optional
        Source of the search seeds (an int is a seed).

    Returns
    -------
    tuple of int or None
        The grid row by row, or None when no grid was found within
        ``restarts`` searches (for a jigsaw map, usually: there is none).

    Notes
    -----
    Cost: about 0.4 ms for 9x9 (half of it building the shuffled links), 3 ms
    for 16x16.

    Examples
    --------
    >>> from sudoku.grid import validate_solution
    >>> t = Puzzle(2, 3, [0] * 36)
    >>> g = random_grid(t, 7)
    >>> validate_solution(t, g)
    >>> g == random_grid(t, 7)
    True
    """
    from dlx.results import SearchStopped

    from .solver import _cells, _forced, problem_for

    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    prob = problem_for(template)
    forced = _forced(template)
    for _ in range(restarts):
        seed = int(rng.integers(0, 2**63 - 1))
        try:
            sol = prob.solve(seed=seed, max_nodes=max_nodes, forced=forced)
        except SearchStopped:
            continue
        if sol is None:
            return None
        return _cells(template, sol)
    return None


# ---------------------------------------------------------------------------
# Uniqueness checks in batches, and the greedy removal
# ---------------------------------------------------------------------------
BATCH_NODES = 20_000
"""Search nodes a speculative batch should cost: bounds batches once checks get expensive."""

EXPENSIVE = 4
"""When no more than this many checks fit in :data:`BATCH_NODES`, test groups a few at a time."""

SPECULATIVE_CAP = 20_000
"""Node cap (at least; 8 times the recent cost per check) of checks whose answer may go unused."""

VALUE_CAP_START = 2_000
"""First node cap of :meth:`_Checker.unique_by_values`; it grows eightfold per round..."""

VALUE_CAP_END = 128_000
"""... up to this; rows still open then are settled by counting to two."""

FIRST_CHAIN = 0.5
"""The first round tests removing at most this fraction of the cells' orbits cumulatively."""

MIN_CHAIN = 3
"""Shortest chain of cumulative removals after a failure."""

CHAIN_ROWS = 6
"""Checks a chain may use: a longer chain is tested at every s-th removal and at its end."""

SINGLES_WINDOW = 2
"""Single removals tested after a chain that failed early, as a multiple of the chain length..."""

SINGLES_ALL_SIZE = 16
"""... on grids smaller than this; from this size on, all the undecided groups are tested
(checks near the end cost thousands of times more than early ones there, so a failure
found early saves far more than the checks that pass cost)."""

UNIQUE, MULTIPLE, UNKNOWN = 1, 0, -1


class _OverBudget(Exception):
    """An attempt used more search nodes than :data:`ATTEMPT_NODES` allows."""


class _Checker:
    """Proves puzzles unique in batches: all share one solution grid and differ by clues.

    A puzzle is a boolean mask over the cells (True = clue); its clues are
    the solution's values there.  Answers are :data:`UNIQUE`, :data:`MULTIPLE`
    (a second solution was found) or :data:`UNKNOWN` (the node cap ran out).
    """

    def __init__(self, template: Puzzle, solution, threads=1, deadline=None,
                 max_nodes=CHECK_NODE_CAP, budget=None):
        from .solver import _option_numbers, problem_for

        n = template.size
        self.n = n
        self.budget = budget  # total search nodes before _OverBudget
        self.template = template
        self._peers = None
        self.prob = problem_for(template)
        self.solution = np.asarray(solution, dtype=np.int64)
        self.options = _option_numbers(self.solution, n)
        self.threads = threads
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.searched = 0  # puzzles checked
        self.nodes = 0  # search nodes spent
        self.cost = 0.0  # search nodes per check, recent calls (forgotten slowly)

    def _run(self, fptr, fopts, limit, cap):
        from dlx.search import batch_arrays

        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeoutError
        jobs = self.threads if len(fptr) > 2 * self.threads else 1
        counts, nodes, codes, _ = batch_arrays(self.prob, fptr, fopts, limit=limit, store=0,
                                               max_nodes=min(cap, self.max_nodes), jobs=jobs,
                                               locked=True)
        self.nodes += int(nodes.sum())
        if self.budget is not None and self.nodes > self.budget:
            raise _OverBudget
        return counts, nodes, codes

    def _note(self, rows: int, nodes: int) -> None:
        self.searched += rows
        # Checks get dearer as clues go; forget a cheap call only slowly.
        self.cost = max(nodes / rows, 0.7 * self.cost)

    def unique(self, masks: np.ndarray, cap: int | None = None) -> np.ndarray:
        """Count each row's solutions up to two; returns UNIQUE/MULTIPLE/UNKNOWN per row."""
        from dlx._kernel import R_DONE

        masks = np.atleast_2d(masks)
        n = masks.shape[0]
        rows, cols = np.nonzero(masks)  # row-major: each row's clues in turn
        fptr = np.searchsorted(rows, np.arange(n + 1)).astype(np.int64, copy=False)
        before = self.nodes
        counts, _, codes = self._run(fptr, self.options[cols], 2, cap or self.max_nodes)
        self._note(n, self.nodes - before)
        # (lists: a few rows at a time, cheaper than masked numpy assignments)
        return np.array([MULTIPLE if c >= 2 else UNIQUE if c == 1 and d == R_DONE else UNKNOWN
                         for c, d in zip(counts.tolist(), codes.tolist(), strict=True)],
                        dtype=np.int8)

    def speculative_cap(self) -> int:
        return int(max(SPECULATIVE_CAP, 8 * self.cost))

    def peers(self) -> np.ndarray:
        """``peers[c]``: the cells sharing a house with cell c (c excluded)."""
        if self._peers is None:
            from .grid import houses

            cells = self.n * self.n
            peers = np.zeros((cells, cells), dtype=bool)
            for _, group in houses(self.template):
                g = np.asarray(group)
                peers[np.ix_(g, g)] = True
            np.fill_diagonal(peers, False)
            self._peers = peers
        return self._peers

    def _values(self, masks, row_of, extra, sel, cap):
        """Search puzzle ``masks[row_of[j]]`` + option ``extra[j]`` (j in sel) to one solution."""
        sub = masks[row_of[sel]]
        _, cols = np.nonzero(sub)
        fptr = np.zeros(sel.size + 1, dtype=np.int64)
        np.cumsum(sub.sum(axis=1) + 1, out=fptr[1:])
        fopts = np.empty(fptr[-1], dtype=np.uint32)
        first = np.zeros(fptr[-1], dtype=bool)
        first[fptr[:-1]] = True
        fopts[first] = extra[sel]
        fopts[~first] = self.options[cols]
        counts, _, codes = self._run(fptr, fopts, 1, cap)
        return counts, codes

    def unique_by_values(self, masks: np.ndarray, removed: list) -> np.ndarray:
        """Like :meth:`unique`, by refuting every other value of the removed cells.

        Row k's puzzle (clues ``masks[k]``) came from a unique puzzle by removing
        the cells ``removed[k]``, so a second solution must give one of them
        another value.  For each such cell c and each value v it could take
        (no clue among its peers holds v), the puzzle with c forced to v is
        searched for one solution; the row is unique when none has any.  The
        searches run with a node cap that grows eightfold per round, so a
        second solution found early ends its row without the rest: the first
        round searches every value at once, later rounds (where each search
        may cost thousands of nodes) a row's values one after the other,
        stopping at the first solution.  Rows still open at
        :data:`VALUE_CAP_END` are counted to two.  Skipping the part of the
        tree that holds the known solution makes this several times cheaper
        than counting to two once checks get expensive.
        """
        from dlx import _kernel as K

        n = self.n
        peers = self.peers()
        sol0 = self.solution - 1
        row_of, extra = [], []
        for k, cells in enumerate(removed):
            m = masks[k]
            for c in cells:
                taken = np.zeros(n, dtype=bool)
                taken[sol0[peers[c] & m]] = True
                taken[sol0[c]] = True
                for v in np.flatnonzero(~taken).tolist():
                    row_of.append(k)
                    extra.append(c * n + v)
        out = np.full(masks.shape[0], UNIQUE, dtype=np.int8)
        before = self.nodes
        row_of = np.asarray(row_of, dtype=np.int64)
        extra = np.asarray(extra, dtype=np.uint32)
        active = np.arange(row_of.size)
        cap = VALUE_CAP_START
        while active.size:
            if cap == VALUE_CAP_START:
                counts, codes = self._values(masks, row_of, extra, active, cap)
                found = counts > 0
                out[np.unique(row_of[active[found]])] = MULTIPLE
                active = active[(codes != K.R_DONE) & ~found]
            else:
                # One value per row and call, in turn: a row ends at its first solution.
                rows = row_of[active]
                turn = np.arange(active.size) - np.searchsorted(rows, rows)
                left = []
                for t in range(int(turn.max()) + 1):
                    sel = active[turn == t]
                    sel = sel[out[row_of[sel]] == UNIQUE]
                    if not sel.size:
                        continue
                    counts, codes = self._values(masks, row_of, extra, sel, cap)
                    found = counts > 0
                    out[row_of[sel[found]]] = MULTIPLE
                    left.append(sel[(codes != K.R_DONE) & ~found])
                active = np.concatenate(left) if left else active[:0]
                active.sort()
            active = active[out[row_of[active]] == UNIQUE]
            if active.size and cap >= VALUE_CAP_END:
                # A few forced values resist refutation (a deep tree with no
                # solution): settle those rows by counting to two instead.
                rows = np.unique(row_of[active])
                out[rows] = self.unique(masks[rows])
                self.searched -= rows.size
                break
            cap *= 8
        self._note(masks.shape[0], self.nodes - before)
        return out


def _without(mask: np.ndarray, groups: list) -> np.ndarray:
    """One row per group: ``mask`` with that group's cells cleared."""
    trial = np.repeat(mask[None, :], len(groups), axis=0)
    sizes = [len(g) for g in groups]
    trial[np.repeat(np.arange(len(groups)), sizes), np.concatenate(groups)] = False
    return trial


def _greedy(check: _Checker, mask: np.ndarray, groups: list[np.ndarray], lo: int, hi: int,
            stop_at_hi: bool) -> tuple[np.ndarray, bool]:
    """Remove groups of clues in the given order while the puzzle stays unique.

    Equivalent to visiting ``groups`` one at a time and removing a group when
    (i) it is all clues, (ii) the count stays ``>= lo`` and (iii) the smaller
    puzzle is proved unique; with ``stop_at_hi`` the pass ends once the count
    is ``<= hi``.  The batching below changes how many checks are made, not
    the result (with one refinement when checks run out of nodes: a group is
    removed when a larger removal including it is proved unique, even if its
    own check alone would have run out).  Returns the clues and whether some
    group was kept only because its check ran out of nodes (then the puzzle
    may not be minimal).

    Each round tests a *chain*: the cumulative removals of the next ``cap``
    candidate groups.  Uniqueness is monotone along a chain (each puzzle has
    the clues of the next, and all have the known solution), so a chain is
    tested only at every ``s``-th removal and at its end, in at most
    :data:`CHAIN_ROWS` checks: a unique row proves every removal up to it; a
    row that is not unique brackets the first failure, which the next round
    looks for within the bracket (whose end is known to fail).  The first
    chain covers :data:`FIRST_CHAIN` of the groups; after a failure the chain
    is as long as the run of successes before it (at least :data:`MIN_CHAIN`),
    and it doubles while it passes.  After a chain that failed early, the
    single removals of the next undecided groups (:data:`SINGLES_WINDOW`
    times the chain length) are tested against the current puzzle first: a
    failure there is final, since fewer clues cannot make a puzzle more
    unique, and a success of the first of them is that group's exact answer.
    Answers that may go unused run with a smaller node cap; an UNKNOWN there
    decides nothing.  Once checks get expensive (late in the removal of a
    16x16), the rounds shrink to a window of a few groups tested alone with
    :meth:`_Checker.unique_by_values`.
    """
    mask = mask.copy()
    count = int(mask.sum())
    cells = mask.size
    # Groups are handled by rank (their index in `groups`); rank[c] is the rank of
    # cell c's group (len(groups) for cells in none).
    sizes = [len(g) for g in groups]
    rank = np.full(cells, len(groups), dtype=np.int64)
    if groups:
        rank[np.concatenate(groups)] = np.repeat(np.arange(len(groups)), sizes)
    if mask.all():
        todo = list(enumerate(sizes))  # (rank, size) of the candidates, in order
    else:
        full = np.bincount(rank[mask], minlength=len(groups) + 1)[:-1] == sizes
        todo = [(r, size) for r, size in enumerate(sizes) if full[r]]
    cap = max(MIN_CHAIN, int(len(todo) * FIRST_CHAIN))
    singles = False  # test single removals before the next chain
    known = False  # todo[0] alone was proved removable from the current puzzle
    bad = -1  # rank of a candidate whose cumulative removal (with those before) fails
    uncertain = False

    while todo and not (stop_at_hi and count <= hi):
        afford = max(1, int(BATCH_NODES / check.cost)) if check.cost else len(todo)
        if afford <= EXPENSIVE:
            # A window of groups, each alone against the current puzzle.  In
            # order: a failure is final; an answer before the first removal is
            # exact; after it, a success (or unknown) must be asked again.
            singles = known = False
            bad = -1
            window = []
            for k, (_, size) in enumerate(todo):
                if count - size >= lo:
                    window.append(k)
                    if len(window) == afford:
                        break
            if not window:
                break
            tested = [groups[todo[k][0]] for k in window]
            res = check.unique_by_values(_without(mask, tested), tested)
            resume = window[-1] + 1
            taken = False
            for j, k in enumerate(window):
                if res[j] == MULTIPLE:
                    continue
                if taken:
                    resume = k
                    break
                if res[j] == UNKNOWN:
                    uncertain = True
                    continue
                mask[groups[todo[k][0]]] = False
                count -= todo[k][1]
                taken = True
                if stop_at_hi and count <= hi:
                    break
            todo = todo[resume:]
            continue
        if singles:
            # Each of the next undecided groups alone: a failure is final.
            singles = False
            w = min(len(todo), 4 * afford,
                    SINGLES_WINDOW * cap if check.n < SINGLES_ALL_SIZE else len(todo))
            ranks = np.array([r for r, _ in todo[:w]])
            res = check.unique(mask[None, :] & (rank[None, :] != ranks[:, None]),
                               check.speculative_cap()).tolist()
            kept = [t for t, r in zip(todo[:w], res, strict=True) if r != MULTIPLE]
            known = bool(kept) and [r for r in res if r != MULTIPLE][0] == UNIQUE
            todo = kept + todo[w:]
            if not todo:
                break
        if known:
            known = False
            r, size = todo[0]
            if count - size >= lo:
                mask[groups[r]] = False
                count -= size
                todo = todo[1:]
                continue
        # The chain: cumulative removals of the candidates, in order, skipping
        # those the clue floor forbids (they can never be removed later either).
        chain, counts = [], []
        left = count
        ended = True
        at_bad = False
        for k, (r, size) in enumerate(todo):
            if left - size < lo:
                continue
            if len(chain) == cap:
                ended = False
                break
            left -= size
            chain.append(k)
            counts.append(left)
            if r == bad:
                at_bad = True  # its row is known to fail: test those before it
                break
            if stop_at_hi and left <= hi:
                break
        if not chain:
            break
        bad = -1
        length = len(chain)
        testable = length - 1 if at_bad else length  # >= 1: a bracket is never empty
        stride = -(-testable // min(CHAIN_ROWS, afford))
        pos = list(range(stride - 1, testable, stride))
        if pos[-1] != testable - 1:
            pos.append(testable - 1)
        where = np.full(len(groups) + 1, length, dtype=np.int64)
        where[[todo[k][0] for k in chain]] = np.arange(length)
        step = where[rank]  # chain position removing each cell (length: none)
        trial = mask[None, :] & (step[None, :] > np.array(pos)[:, None])
        res = check.unique(trial, check.speculative_cap())
        fails = np.flatnonzero(res != UNIQUE).tolist()
        if not fails:
            good = testable
        else:
            i = fails[0]
            good = pos[i - 1] + 1 if i else 0
            failpos = pos[i]
            if failpos == 0 and res[i] == UNKNOWN:
                # The first group's answer is exact and needed: ask with the full cap.
                res[i] = check.unique(trial[i:i + 1])[0]
                if res[i] == UNKNOWN:
                    uncertain = True
                    res[i] = MULTIPLE
                elif res[i] == UNIQUE:  # removed; the rest of the chain is asked again
                    mask &= step >= 1
                    count = counts[0]
                    todo = todo[chain[0] + 1:]
                    cap = MIN_CHAIN
                    continue
        if good:
            mask &= step >= good
            count = counts[good - 1]
        if not fails:
            todo = todo[chain[-1] + 1:]
            if at_bad:  # the last group is the known failure: kept
                singles = True
                cap = max(MIN_CHAIN, good)
            elif ended:
                break
            else:
                singles = False
                cap = max(cap, 2 * good)
            continue
        if failpos > good:
            # The first failure lies after `good`, up to `failpos`: look there next.
            if res[i] == MULTIPLE:
                bad = todo[chain[failpos]][0]
            todo = todo[chain[good]:]
            cap = failpos - good + 1
            singles = False
            continue
        # The group at the first failure is kept; after an unknown it is asked again.
        todo = todo[chain[good] + (1 if res[i] == MULTIPLE else 0):]
        singles = 2 * good < length
        cap = max(MIN_CHAIN, good)
    return mask, uncertain


def _removable(check: _Checker, mask: np.ndarray) -> tuple[np.ndarray, bool]:
    """Clue cells whose removal alone leaves the puzzle unique, and whether any check ran out.

    Large grids use :meth:`_Checker.unique_by_values` (each clue's other values
    refuted), small ones a count to two: whichever is cheaper there.
    """
    cells = np.flatnonzero(mask)
    if cells.size == 0:
        return cells, False
    trial = _without(mask, [[c] for c in cells.tolist()])
    if check.n > 9:
        res = check.unique_by_values(trial, [[c] for c in cells.tolist()])
    else:
        res = check.unique(trial)
    return cells[res == UNIQUE], bool((res == UNKNOWN).any())


# ---------------------------------------------------------------------------
# One puzzle
# ---------------------------------------------------------------------------
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
        Position in the seed's stream of puzzles (0 for the first).
    seed : int
        The seed it came from (the fresh one drawn when none was given).
    tries : int
        Attempts it took (1 unless requests were rejected).
    symmetry : str
    minimal : bool or None
        True: removing any clue gives more than one solution (proved) -- with
        a symmetry, any symmetric group of clues (removing a single clue of a
        group would break the symmetry; :func:`is_minimal` tests single
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


def _attempt(req: _Request, index: int, attempt: int, deadline, notes: dict,
             with_grade: bool) -> Generated | None:
    n = req.size
    ss = np.random.SeedSequence(req.entropy, spawn_key=(index, attempt))
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
    check = _Checker(template, solution, req.threads,
                     None if deadline == float("inf") else deadline,
                     budget=ATTEMPT_NODES * n ** 4)
    groups = _orbit_arrays(n, req.symmetry)
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
        mask, uncertain = _greedy(check, full, [groups[k] for k in order], lo, req.hi, stop)
    except _OverBudget:
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
        from .grading import grade as grade_of

        g = grade_of(puzzle)
        if req.grade is not None and g.level != req.grade:
            seen = notes.setdefault("grades", {})
            seen[g.level] = seen.get(g.level, 0) + 1
            return None
    return Generated(puzzle, tuple(solution), index, req.entropy, attempt + 1, req.symmetry,
                     minimal, g, notes.get("checks", 0), notes.get("nodes", 0))


def _distance(clues: int, req: _Request) -> int:
    return max(req.lo - clues, clues - req.hi, 0)


def _make(req: _Request, index: int, with_grade: bool = False) -> Generated:
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


def _why(req: _Request, notes: dict) -> str:
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


def _advice(req: _Request, notes: dict) -> str:
    closest = notes.get("closest")
    if closest is not None and closest > req.hi:
        return ("removing clues while the solution stays unique stops above that; ask for "
                "more clues, a weaker symmetry, or more --tries")
    if closest is not None and closest < req.lo:
        return "ask for fewer clues or drop --minimal"
    return "try more --tries, another symmetry or grade, or another --seed"


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------
def generate_many(count: int, *, size: int | None = None, box=None, variant: str = "standard",
                  regions: Sequence[int] | None = None, seed: int | None = None,
                  symmetry: str = "none", clues=None, minimal: bool = False,
                  grade: str | None = None, tries: int = 100, timeout: float | None = None,
                  jobs: int = 1, with_grade: bool = False) -> Iterator[Generated]:
    """Make ``count`` puzzles, each with exactly one solution; yields them in order.

    Parameters
    ----------
    count : int
        How many puzzles.
    size : int, optional
        Grid size (default 9, or the region map's).
    box : str or (int, int), optional
        Box shape ``"RxC"`` (rows x columns); sets the size.  Default: the
        most square shape (:func:`~sudoku.grid.default_box`).
    variant : str
        ``"standard"``, ``"x"``, ``"windoku"`` (9x9 only) or ``"jigsaw"``.
    regions : sequence of int, optional
        Jigsaw region map used for every puzzle; by default each jigsaw
        puzzle gets its own random map (:func:`random_regions`).
    seed : int, optional
        Makes the output reproducible (on every platform, whatever ``jobs``,
        with the same version of numba-dlx: the search's choices shape the
        grids); None draws a fresh seed (reported in each :attr:`Generated.seed`).
    symmetry : str
        One of :data:`SYMMETRIES`.
    clues : int, str or (int, int), optional
        Clue target ``25``, or range ``"22-26"``/``(22, 26)``.  Clues are removed
        until the count is at most the top of the range, never going below
        its bottom; an attempt that cannot get into the range is retried.
    minimal : bool
        Only puzzles from which no clue can be removed without losing
        uniqueness (with a symmetry: no symmetric group of clues).  With
        ``clues`` the removal runs to the end and the count must then fall
        in the range.
    grade : str, optional
        Only puzzles of this grade (:data:`sudoku.grading.LEVELS`), by rejection.
    tries : int
        Attempts per puzzle before :class:`GenerationError`.
    timeout : float, optional
        Seconds per puzzle before :class:`GenerationError`.
    jobs : int
        Processes (when making several puzzles) or batch-kernel threads (for
        one); the output does not depend on it.
    with_grade : bool
        Grade every puzzle (:attr:`Generated.grade`) even without ``grade``.

    Yields
    ------
    Generated

    Raises
    ------
    PuzzleError
        Impossible or malformed requests, at once: unknown variant, symmetry
        or grade, windoku not 9x9, a bad box or region map, a clue range
        below the proven minimum (:func:`min_clues`).
    GenerationError
        A puzzle could not be made within ``tries`` or ``timeout`` (raised
        when its turn comes, after the puzzles before it).

    Notes
    -----
    Cost: per puzzle, one randomized grid search and a few batched
    uniqueness checks (see the module docstring), times the attempts
    rejected.  With ``jobs > 1`` worker processes start in about a second.

    Examples
    --------
    >>> ps = list(generate_many(3, size=4, seed=5))
    >>> [p.index for p in ps], all(p.minimal for p in ps)
    ([0, 1, 2], True)
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 0:
        raise PuzzleError(f"count must be a whole number >= 0, not {count!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or jobs < 1:
        raise PuzzleError(f"jobs must be a positive whole number, not {jobs!r}")
    count, jobs = int(count), int(jobs)
    processes = jobs if count >= 2 * jobs and jobs > 1 else 1
    threads = jobs if processes == 1 else 1
    req = _request(size, box, variant, regions, seed, symmetry, clues, minimal, grade, tries,
                   timeout, threads)
    return _stream(req, count, processes, with_grade)


def _stream(req: _Request, count: int, processes: int, with_grade: bool):
    if processes == 1:
        for k in range(count):
            yield _make(req, k, with_grade)
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    # Puzzles go to the workers in chunks of consecutive indices, at most a few
    # chunks per worker in flight, and come back in order.
    chunk = max(1, min(32, count // (processes * 4)))
    starts = iter(range(0, count, chunk))
    pool = ProcessPoolExecutor(processes, mp_context=_context(), initializer=_warm)
    pending: deque = deque()
    try:
        for start in starts:
            pending.append(pool.submit(_make_chunk, req, start, min(start + chunk, count),
                                       with_grade))
            if len(pending) >= 3 * processes:
                break
        while pending:
            done = pending.popleft().result()
            start = next(starts, None)
            if start is not None:
                pending.append(pool.submit(_make_chunk, req, start,
                                           min(start + chunk, count), with_grade))
            for item in done:
                if isinstance(item, GenerationError):
                    raise item
                yield item
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)


def _context():
    """Fork where it is safe and cheap (Linux: workers inherit the loaded kernels), else spawn.

    Spawned workers import the caller's main module again, so scripts that use
    ``jobs > 1`` on macOS or Windows need the ``if __name__ == "__main__":`` guard.
    """
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _make_chunk(req: _Request, start: int, stop: int, with_grade: bool) -> list:
    """Puzzles start..stop-1 in a worker; stops at (and returns) the first failure."""
    out: list = []
    for k in range(start, stop):
        try:
            out.append(_make(req, k, with_grade))
        except GenerationError as exc:
            out.append(exc)
            break
    return out


def _warm() -> None:
    from dlx import _jit

    _jit.warm_up(("search", "force", "batch", "propagate", "unwind"))


def generate(*, size: int | None = None, box=None, variant: str = "standard",
             regions: Sequence[int] | None = None, seed: int | None = None,
             symmetry: str = "none", clues=None, minimal: bool = False,
             grade: str | None = None, tries: int = 100, timeout: float | None = None,
             jobs: int = 1, with_grade: bool = False) -> Generated:
    """Make one puzzle with exactly one solution (puzzle 0 of ``seed``'s stream).

    Takes the same arguments as :func:`generate_many` (``jobs`` threads the
    uniqueness checks); ``generate(seed=s)`` is ``generate_many(n, seed=s)``'s
    first puzzle.

    Returns
    -------
    Generated

    Raises
    ------
    PuzzleError, GenerationError
        As :func:`generate_many`.

    Notes
    -----
    Cost: a few ms for a 9x9, a fraction of a second for a 16x16.

    Examples
    --------
    >>> from sudoku.solver import count
    >>> g = generate(seed=42)
    >>> count(g.puzzle).count, g.minimal, 17 <= g.clues <= 35
    (1, True, True)
    >>> generate(seed=42).puzzle == g.puzzle
    True
    """
    return next(iter(generate_many(1, size=size, box=box, variant=variant, regions=regions,
                                   seed=seed, symmetry=symmetry, clues=clues,
                                   minimal=minimal, grade=grade, tries=tries,
                                   timeout=timeout, jobs=jobs, with_grade=with_grade)))


def minimize(puzzle, *, seed: int = 0, max_nodes: int | None = None, jobs: int = 1,
             timeout: float | None = None) -> Puzzle:
    """Remove redundant clues: the smallest-by-greedy puzzle with the same unique solution.

    Clues are visited in a seeded random order and each is removed when the
    puzzle stays unique (batched as in :func:`generate`), so the result is
    minimal: removing any one of its clues gives more than one solution.

    Parameters
    ----------
    puzzle : Puzzle or str
        A puzzle with exactly one solution.
    seed : int
        Order of the visits (different seeds may keep different clues).
    max_nodes : int, optional
        Node budget of each uniqueness check (default :data:`CHECK_NODE_CAP`).
    jobs : int
        Batch-kernel threads.
    timeout : float, optional
        Seconds allowed.

    Returns
    -------
    Puzzle
        The same variant, regions, source, line and name; its givens are a
        subset of the original's and its one solution is the original's.
        When a check runs out of ``max_nodes`` its clue stays, so the result
        is unique but may not be minimal (:func:`is_minimal` tells).

    Raises
    ------
    PuzzleError
        Clashing givens.
    NotUniqueError
        The puzzle has no solution or several (or the check ran out of
        nodes): ``.status`` says which.
    GenerationError
        ``timeout`` ran out.

    Notes
    -----
    Cost: like the removal step of :func:`generate`: about 1-2.5 ms for 9x9.

    Examples
    --------
    >>> p = minimize("4.....8.5.3..........7......2.....6.....8.4......"
    ...              "1.......6.3.7.5..2.....1.4......")
    >>> p.n_givens, is_minimal(p)
    (17, True)
    """
    from .grid import check_givens
    from .solver import _as_puzzle, _cells, _forced, problem_for

    p = _as_puzzle(puzzle)
    check_givens(p)
    cap = CHECK_NODE_CAP if max_nodes is None else int(max_nodes)
    u = problem_for(p).unique(forced=_forced(p), max_nodes=cap, locked=True)
    if u.status != "unique":
        what = {"multiple": "has more than one solution", "none": "has no solution",
                "unknown": f"could not be proved unique within {cap:,} search nodes"}
        raise NotUniqueError(f"the puzzle {what[u.status]}; only a puzzle with exactly one "
                             "solution can be minimized", p.source, p.line, u.status)
    deadline = None if timeout is None else time.perf_counter() + float(timeout)
    check = _Checker(p, _cells(p, u.solutions[0]), threads=max(1, int(jobs)),
                     deadline=deadline, max_nodes=cap)
    mask = np.array([v != 0 for v in p.cells], dtype=bool)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(int(seed))))
    cells = np.flatnonzero(mask)
    groups = [np.array([c]) for c in cells[rng.permutation(cells.size)]]
    try:
        mask, _ = _greedy(check, mask, groups, min_clues(p.size, p.variant), 0, False)
    except TimeoutError:
        raise GenerationError(f"minimizing stopped after {timeout:g} s (time limit)") from None
    kept = [v if m else 0 for v, m in zip(p.cells, mask, strict=True)]
    return Puzzle(p.box_rows, p.box_cols, kept,
                  p.variant, p.regions, p.source, p.line, p.name)


def is_minimal(puzzle, *, max_nodes: int | None = None) -> bool:
    """Is the puzzle unique and does removing any single clue make it not unique?

    Returns True only when both are proved; a check that runs out of
    ``max_nodes`` (default :data:`CHECK_NODE_CAP`) makes the answer False.

    Notes
    -----
    Cost: one batched check per clue (about 1 ms for 9x9).

    Examples
    --------
    >>> is_minimal("1234341221434321")
    False
    """
    from .grid import check_givens
    from .solver import _as_puzzle, _cells, _forced, problem_for

    p = _as_puzzle(puzzle)
    check_givens(p)
    cap = CHECK_NODE_CAP if max_nodes is None else int(max_nodes)
    u = problem_for(p).unique(forced=_forced(p), max_nodes=cap, locked=True)
    if u.status != "unique":
        return False
    check = _Checker(p, _cells(p, u.solutions[0]), max_nodes=cap)
    mask = np.array([v != 0 for v in p.cells], dtype=bool)
    removable, unknown = _removable(check, mask)
    return not removable.size and not unknown

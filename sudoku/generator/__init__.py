"""Making puzzles: seeded random grids, clue removal that keeps one solution, minimizing.

Every puzzle made here has exactly one solution: a clue is removed only after
the exact-cover search has *proved* the smaller puzzle unique.  How a puzzle
is made (`generate`), one module a step:

1. `requests`: the arguments, checked once (impossible requests fail at once);
2. `make`: attempts, each drawn from the puzzle's own seed (`puzzle_seed`,
   in `Generated.seed`): puzzle ``k`` of a seed is the same whatever the
   count, ``jobs`` or platform (PCG64 and SeedSequence are specified bit for
   bit), and is the first puzzle of its own seed;
3. `grids`: a random region map (jigsaw without a given map) and a random
   complete grid, by a seeded search;
4. `symmetry` and `removal`: the cells grouped in orbits of the symmetry,
   visited in a seeded random order, each removed when the puzzle stays
   unique (batched uniqueness checks; the result is the one-at-a-time pass's).
   An attempt whose checks use more than `ATTEMPT_NODES` ``* n**4`` search
   nodes is dropped for a new grid;
5. back in `make`: the request checked (clue range, minimality, grade), or a
   new attempt.  With a symmetry, "minimal" means that no symmetric group of
   clues can go.

With ``jobs > 1`` and several puzzles, worker processes make them
(`dlx.parallel`'s process backend), in order.

Cost (``benchmarks/bench_generate.py``): a few milliseconds per minimal 9x9
(about 80 checks, 4,500 search nodes), most of a second per minimal 16x16
(about 640 checks, a million nodes or more, varying with the grid).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from dlx import validate
from dlx.parallel import backend_for, ordered

from ..encode import givens, grid_of, problem_for
from ..errors import GenerationError, NotUniqueError, PuzzleError
from ..formats import as_puzzle
from ..grid import Puzzle, check_givens
from .grids import GRID_NODE_CAP, GRID_RESTARTS, REGION_TRIES, random_grid, random_regions
from .make import ATTEMPT_NODES, Generated, make_puzzle, puzzle_seed
from .removal import CHECK_NODE_CAP, Checker, greedy, removable
from .requests import Request, make_request, min_clues, parse_clues
from .symmetry import SYMMETRIES, orbits

if TYPE_CHECKING:
    from ..shapes import PuzzleLike

__all__ = ["ATTEMPT_NODES", "CHECK_NODE_CAP", "GRID_NODE_CAP", "GRID_RESTARTS", "REGION_TRIES",
           "SYMMETRIES", "GenerationError", "NotUniqueError", "Generated", "generate",
           "generate_many", "minimize", "is_minimal", "orbits", "random_grid",
           "random_regions", "parse_clues", "min_clues", "puzzle_seed"]


def generate_many(count: int, *, size: int | None = None, box=None, variant: str = "standard",
                  regions: Sequence[int] | None = None, seed: int | None = None,
                  symmetry: str = "none", clues=None, minimal: bool = False,
                  grade: str | None = None, tries: int = 100, timeout: float | None = None,
                  jobs: int = 1, with_grade: bool = False, start: int = 0
                  ) -> Iterator[Generated]:
    """Make ``count`` puzzles, each with exactly one solution; yields them in order.

    Parameters
    ----------
    count : int
        How many puzzles.
    size : int, optional
        Grid size (default 9, or the region map's).
    box : str or (int, int), optional
        Box shape ``"RxC"`` (rows x columns); sets the size.  Default: the
        most square shape (`~sudoku.grid.default_box`).
    variant : str
        ``"standard"``, ``"x"``, ``"windoku"`` (9x9 only) or ``"jigsaw"``.
    regions : sequence of int, optional
        Jigsaw region map used for every puzzle; by default each jigsaw
        puzzle gets its own random map (`random_regions`).
    seed : int, optional
        Makes the output reproducible (on every platform, whatever ``jobs``,
        with the same version of numba-dlx: the search's choices shape the
        grids); None draws a fresh seed (the first puzzle's `Generated.seed`).
        Each puzzle has a seed of its own (`Generated.seed`): the same call
        with it makes that puzzle first.
    symmetry : str
        One of `SYMMETRIES`.
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
        Only puzzles of this grade (`sudoku.grading.LEVELS`), by rejection.
    tries : int
        Attempts per puzzle before `GenerationError`.
    timeout : float, optional
        Seconds per puzzle before `GenerationError`.
    jobs : int
        Processes (when making several puzzles) or batch-kernel threads (for
        one); the output does not depend on it.
    with_grade : bool
        Grade every puzzle (`Generated.grade`) even without ``grade``.
    start : int
        Index of the first puzzle in the seed's stream: ``start=k`` yields
        puzzles ``k, k + 1, ...`` (their `Generated.index`).

    Yields
    ------
    Generated

    Raises
    ------
    PuzzleError
        Impossible or malformed requests, at once: unknown variant, symmetry
        or grade, windoku not 9x9, a bad box or region map, a clue range
        below the proven minimum (`min_clues`).
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
    >>> ps[0].seed, generate(size=4, seed=ps[2].seed).puzzle == ps[2].puzzle
    (5, True)
    """
    count = validate.whole("count", count, least=0, optional=False, error=PuzzleError)
    start = validate.whole("start", start, least=0, optional=False, error=PuzzleError)
    jobs = validate.whole("jobs", jobs, most=validate.MAX_JOBS, optional=False,
                          error=PuzzleError)
    processes = jobs if count >= 2 * jobs and jobs > 1 else 1
    threads = jobs if processes == 1 else 1
    req = make_request(size, box, variant, regions, seed, symmetry, clues, minimal, grade, tries,
                   timeout, threads)
    return _stream(req, start, count, processes, with_grade)


def _stream(req: Request, first: int, count: int, processes: int, with_grade: bool):
    if processes == 1:
        for k in range(first, first + count):
            yield make_puzzle(req, k, with_grade)
        return
    # Puzzles go to worker processes in chunks of consecutive indices and come
    # back in order; a chunk stops at its first failure, raised in its turn.
    chunk = max(1, min(32, count // (processes * 4)))
    end = first + count
    tasks = ((req, start, min(start + chunk, end), with_grade)
             for start in range(first, end, chunk))
    backend = backend_for(processes)
    try:
        with contextlib.closing(ordered(backend, _make_chunk, tasks)) as done:
            for made in done:
                for item in made:
                    if isinstance(item, GenerationError):
                        raise item
                    yield item
    finally:
        backend.close()


def _make_chunk(req: Request, start: int, stop: int, with_grade: bool) -> list:
    """Puzzles start..stop-1 in a worker; stops at (and returns) the first failure."""
    out: list = []
    for k in range(start, stop):
        try:
            out.append(make_puzzle(req, k, with_grade))
        except GenerationError as exc:
            out.append(exc)
            break
    return out


def generate(*, size: int | None = None, box=None, variant: str = "standard",
             regions: Sequence[int] | None = None, seed: int | None = None,
             symmetry: str = "none", clues=None, minimal: bool = False,
             grade: str | None = None, tries: int = 100, timeout: float | None = None,
             jobs: int = 1, with_grade: bool = False) -> Generated:
    """Make one puzzle with exactly one solution (puzzle 0 of ``seed``'s stream).

    Takes the same arguments as `generate_many` (``jobs`` threads the
    uniqueness checks); ``generate(seed=s)`` is ``generate_many(n, seed=s)``'s
    first puzzle.

    Returns
    -------
    Generated

    Raises
    ------
    PuzzleError, GenerationError
        As `generate_many`.

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


def _givens_only(p: Puzzle) -> None:
    if p.candidates is not None:
        raise PuzzleError("minimizing removes givens; a pencil-mark (Sukaku) puzzle has "
                          "candidates instead", p.source, p.line)


def minimize(puzzle: PuzzleLike, *, seed: int = 0, max_nodes: int | None = None, jobs: int = 1,
             timeout: float | None = None) -> Puzzle:
    """Remove redundant clues: the smallest-by-greedy puzzle with the same unique solution.

    Clues are visited in a seeded random order and each is removed when the
    puzzle stays unique (batched as in `generate`), so the result is
    minimal: removing any one of its clues gives more than one solution.

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray (any form of `sudoku.shapes`)
        A puzzle with exactly one solution.
    seed : int
        Order of the visits (different seeds may keep different clues).
    max_nodes : int, optional
        Node budget of each uniqueness check (default `CHECK_NODE_CAP`).
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
        is unique but may not be minimal (`is_minimal` tells).

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
    Cost: like the removal step of `generate`: about 1-2.5 ms for 9x9.

    Examples
    --------
    >>> p = minimize("4.....8.5.3..........7......2.....6.....8.4......"
    ...              "1.......6.3.7.5..2.....1.4......")
    >>> p.n_givens, is_minimal(p)
    (17, True)
    """
    p = as_puzzle(puzzle)
    _givens_only(p)
    check_givens(p)
    cap = _node_cap(max_nodes)
    jobs = validate.whole("jobs", jobs, most=validate.MAX_JOBS, optional=False,
                          error=PuzzleError)
    timeout = validate.seconds("timeout", timeout, error=PuzzleError)
    seed = validate.whole("seed", seed, least=0, optional=False, error=PuzzleError)
    u = problem_for(p).unique(forced=givens(p), max_nodes=cap, locked=True)
    if u.status != "unique":
        what = {"multiple": "has more than one solution", "none": "has no solution",
                "unknown": f"could not be proved unique within {cap:,} search nodes"}
        raise NotUniqueError(f"the puzzle {what[u.status]}; only a puzzle with exactly one "
                             "solution can be minimized", p.source, p.line, u.status)
    deadline = None if timeout is None else time.perf_counter() + timeout
    check = Checker(p, grid_of(p.size, u.solutions[0]), threads=jobs,
                     deadline=deadline, max_nodes=cap)
    mask = np.array([v != 0 for v in p.cells], dtype=bool)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(int(seed))))
    cells = np.flatnonzero(mask)
    groups = [np.array([c]) for c in cells[rng.permutation(cells.size)]]
    try:
        mask, _ = greedy(check, mask, groups, min_clues(p.size, p.variant), 0, False)
    except TimeoutError:
        raise GenerationError(f"minimizing stopped after {timeout:g} s (time limit)") from None
    kept = [v if m else 0 for v, m in zip(p.cells, mask, strict=True)]
    return Puzzle(p.box_rows, p.box_cols, kept,
                  p.variant, p.regions, p.source, p.line, p.name)


def is_minimal(puzzle: PuzzleLike, *, max_nodes: int | None = None) -> bool:
    """Is the puzzle unique and does removing any single clue make it not unique?

    Returns True only when both are proved; a check that runs out of
    ``max_nodes`` (default `CHECK_NODE_CAP`) makes the answer False.

    Notes
    -----
    Cost: one batched check per clue (about 1 ms for 9x9).

    Examples
    --------
    >>> is_minimal("1234341221434321")
    False
    """
    p = as_puzzle(puzzle)
    _givens_only(p)
    check_givens(p)
    cap = _node_cap(max_nodes)
    u = problem_for(p).unique(forced=givens(p), max_nodes=cap, locked=True)
    if u.status != "unique":
        return False
    check = Checker(p, grid_of(p.size, u.solutions[0]), max_nodes=cap)
    mask = np.array([v != 0 for v in p.cells], dtype=bool)
    can_go, unknown = removable(check, mask)
    return not can_go.size and not unknown


def _node_cap(max_nodes) -> int:
    """The node budget of each uniqueness check: ``max_nodes`` checked, or the default."""
    if max_nodes is None:
        return CHECK_NODE_CAP
    return validate.budget("max_nodes", max_nodes, optional=False, error=PuzzleError)

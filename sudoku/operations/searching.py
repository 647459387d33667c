"""The search operations: solve, check and count (in batches), candidates, and show's solving.

Each yields a record per puzzle in input order (`sudoku.operations.records`);
solve, check and count may also yield a `sudoku.ResultBlock` (with
``blocks=True``), whose puzzles the line format writes in one go.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import PuzzleError
from .records import Candidates, Checked, Counted, Marker, Record, Solved, Where, invalid

__all__ = ["candidates", "check", "count", "record", "search_one", "show", "solve",
           "solve_status"]


def solve_status(res) -> str:
    """``solve``'s word for a result: solved, none, unknown (stopped) or invalid."""
    if res.error is not None:
        return "invalid"
    if res.solutions:
        return "solved"
    return "none" if res.status in ("complete", "limit") else "unknown"


def record(res, mode: str, *, proof: bool = False) -> Record:
    """The record of a `PuzzleResult` of ``mode`` (solve, check, count)."""
    if res.error is not None and res.puzzle is None:
        return invalid(res.index, res.error, cell=False, result=res)
    where = Where.of(res.index, res.puzzle)
    if res.error is not None:  # clashing givens, found by the search
        return Marker(where, "invalid", res, res.error, cell=False)
    if mode == "solve":
        return Solved(where, solve_status(res), res)
    if mode == "check":
        return Checked(where, res.verdict, res, proof=proof)
    return Counted(where, res.status, res)


def _searches(items: Iterable, mode: str, *, proof: bool = False, scheduler=None,
              connect_timeout=None, **options) -> Iterator:
    # (The solver is imported here: it loads numba, which a front end's start-up must not.)
    from ..batch import map_chunks, solve_all

    if scheduler is not None:  # chunks of the batch on a Dask cluster, results in order
        for key in ("jobs", "chunk", "blocks"):
            options.pop(key, None)
        results = map_chunks(items, mode, client=scheduler, connect_timeout=connect_timeout,
                             **options)
    else:
        results = solve_all(items, mode=mode, **options)
    for res in results:
        yield record(res, mode, proof=proof) if hasattr(res, "error") else res


def solve(items: Iterable, **options) -> Iterator:
    """The first solution of each puzzle: `Solved` records (options: `sudoku.batch.solve_all`'s,
    and ``scheduler``, ``connect_timeout`` for a Dask cluster)."""
    return _searches(items, "solve", **options)


def check(items: Iterable, *, proof: bool = False, **options) -> Iterator:
    """Whether each puzzle has one solution: `Checked` records; ``proof``: a multiple
    puzzle's record shows two of its solutions."""
    return _searches(items, "check", proof=proof, **options)


def count(items: Iterable, **options) -> Iterator:
    """Each puzzle's solutions counted (up to ``limit``): `Counted` records."""
    return _searches(items, "count", **options)


def search_one(p, mode: str, timeout: float, limit: int | None = None,
               kernel: str | None = None) -> Record:
    """One puzzle's solve, check or count, timed, stopped after ``timeout`` seconds
    (``kernel``: as `sudoku.batch.solve_all`'s, by default the fastest)."""
    from ..batch import solve_all  # (numba: see _searches)

    res = next(solve_all([p], mode=mode, limit=limit, timeout=timeout, timed=True, chunk=1,
                         kernel=kernel))
    return record(res, mode, proof=True)


def candidates(items: Iterable) -> Iterator[Record]:
    """Pencil marks of each puzzle after naked and hidden singles: `Candidates` records."""
    from ..solver import candidates as find  # (numba: see _searches)

    for index, item in enumerate(items):
        if not isinstance(item, PuzzleError):
            try:
                c = find(item)
            except PuzzleError as exc:
                item = exc
        if isinstance(item, PuzzleError):
            yield invalid(index, item, cell=False)
            continue
        yield Candidates(Where.of(index, item), c.status, c, c.singles, tuple(c.cells), item)


def show(items: Iterable, *, solve: bool = False, marks: bool = False,
         timeout: float | None = None) -> Iterator[Marker]:
    """What ``show`` draws of each puzzle: a `Marker` (``result``: the puzzle, the solution
    or None, the pencil marks or None) whose status is ``unique`` when drawn as asked, else
    why not (``no solution``, ``several solutions``, ``unknown (stopped by --timeout)``)."""
    from ..solver import candidates as find
    from ..solver import check as unique  # (numba: see _searches)

    for index, item in enumerate(items):
        solution = pencil = None
        word = "unique"
        if not isinstance(item, PuzzleError):
            try:
                if solve:
                    u = unique(item, timeout=timeout)
                    if u.status == "unique":
                        solution = u.solutions[0]
                    elif u.status == "unknown":
                        word = "unknown (stopped by --timeout)"
                    else:
                        word = "no solution" if u.status == "none" else "several solutions"
                if marks:
                    pencil = find(item)
            except PuzzleError as exc:
                item = exc
        if isinstance(item, PuzzleError):
            yield invalid(index, item)
            continue
        yield Marker(Where.of(index, item), word, (item, solution, pencil))

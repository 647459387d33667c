"""The making operations: generate puzzles, minimize puzzles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import GenerationError, NotUniqueError, PuzzleError
from .records import Made, Marker, Minimized, Record, Where, invalid

__all__ = ["generate", "generate_one", "minimize"]


def _made(stream, with_solution: bool = False) -> Iterator[Made]:
    for g, rating in stream:
        yield Made(Where.of(g.index, g.puzzle, cells=True), "made", g, g, rating,
                   with_solution)


def generate(count: int, *, difficulty: str | None = None, tries: int | None = None,
             with_solution: bool = False, **options) -> Iterator[Made]:
    """``count`` new puzzles (`Made` records), rated and kept by ``difficulty`` if given;
    ``with_solution``: their line and grid text show the solution too.

    ``options``: those of `sudoku.generator.generate_many`.  An impossible
    request raises `sudoku.PuzzleError` here; giving up on a puzzle raises
    `sudoku.generator.GenerationError` from the iteration, after the puzzles
    before it.
    """
    # (The generator is imported here: it loads numba, which a front end's start-up must not.)
    from ..generator import generate_many

    if difficulty is None:
        return _made(((g, None) for g in generate_many(count, tries=tries or 100, **options)),
                     with_solution)
    from ..generator.rated import generate_rated

    return _made(generate_rated(count, difficulty, tries=tries or 1000, **options),
                 with_solution)


def generate_one(*, difficulty: str | None = None, seed: int | None = None,
                 timeout: float | None = None, **options) -> Made:
    """One new puzzle, rated (in at most 200 tries) when ``difficulty`` is given."""
    from ..generator import generate as make  # (numba: see generate)
    from ..generator.rated import generate_rated  # (numba: see generate)

    if difficulty:
        return next(_made(generate_rated(1, difficulty, seed=seed, tries=200,
                                         timeout=timeout, **options)))
    return next(_made([(make(seed=seed, timeout=timeout, **options), None)]))


def _place(p) -> str:
    parts = [str(x) for x in (p.source, f"line {p.line}" if p.line else None) if x]
    return ", ".join(parts) + ": " if parts else ""


def minimize(items: Iterable, *, seed: int = 0, max_nodes: int | None = None, jobs: int = 1,
             timeout: float | None = None) -> Iterator[Record]:
    """Each puzzle without its redundant clues: `Minimized` records, or a `Marker`
    (``invalid``; ``multiple``, ``none``: not one solution; ``unknown``: stopped) whose
    ``message`` says why."""
    from ..generator import minimize as shrink  # (numba: see generate)

    for index, item in enumerate(items):
        if not isinstance(item, PuzzleError):
            where = Where.of(index, item, cells=True)
            try:
                small = shrink(item, seed=seed, max_nodes=max_nodes, jobs=jobs,
                               timeout=timeout)
            except NotUniqueError as exc:
                yield Marker(where, exc.status, why=str(exc))
                continue
            except GenerationError as exc:
                yield Marker(where, "unknown", why=f"{_place(item)}{exc}")
                continue
            except PuzzleError as exc:
                item = exc
        if isinstance(item, PuzzleError):
            yield invalid(index, item)
            continue
        yield Minimized(where, "minimized", small, small, item.n_givens)

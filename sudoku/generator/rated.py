"""Puzzles of a rating level: generated, rated by their explanation, kept by level.

`generate_rated` (``sudoku generate --difficulty``) draws candidates from
`sudoku.generator.generate_many` and keeps those whose rating
(`sudoku.logic.rating`) is the level asked for.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterator
from typing import Any

from dlx import validate
from dlx.parallel.backends import backend_for, ordered

from ..errors import GenerationError, PuzzleError
from ..logic.explaining import rate
from ..logic.rating import DIFFICULTIES, Rating
from . import generate_many
from .make import Generated

__all__ = ["RATED_BATCH", "generate_rated"]

RATED_BATCH = 8
"""Puzzles generated and rated per task by `generate_rated` (fixed: the output
must not depend on ``jobs``)."""


def _rated_batch(seed: int, start: int, kwargs: dict) -> list:
    """Candidates ``start`` on of ``seed``'s stream, each with its rating (in a worker
    process, or here)."""
    return [(g, rate(g.puzzle)) for g in generate_many(RATED_BATCH, seed=seed, start=start,
                                                       jobs=1, **kwargs)]


def generate_rated(count: int, difficulty: str, *, seed: int | None = None, tries: int = 1000,
                   jobs: int = 1, **kwargs: Any) -> Iterator[tuple[Generated, Rating]]:
    """Make ``count`` puzzles whose rating level is ``difficulty``; yields ``(Generated, Rating)``.

    The candidates are the puzzles `sudoku.generator.generate_many` makes
    from ``seed`` (and the other arguments), rated in batches of
    `RATED_BATCH`; each is kept when its level is ``difficulty``.  So the
    output depends on the seed (and the other arguments) only, not on
    ``jobs``.  Each `Generated` is renumbered (``index``) and carries, as
    ``tries``, the candidates rated for it, and its own ``seed``: with it
    the same call (or `generate`) makes that puzzle first.

    Parameters
    ----------
    count : int
    difficulty : str
        One of :data:`DIFFICULTIES`.
    seed : int, optional
        None draws a fresh one.
    tries : int
        Candidates rated per puzzle before `GenerationError`.  Random minimal
        9x9 puzzles are about 40% easy, 20% medium, 1% hard, 15% expert and
        25% extreme; `hard` is the rare one.
    jobs : int
        Worker processes rating batches side by side (0: one per CPU).
    **kwargs
        Passed to `generate_many` (``size``, ``box``, ``variant``, ``clues``,
        ``symmetry``, ``minimal``, ``grade``...).

    Raises
    ------
    PuzzleError
        Unknown difficulty, or an impossible request (as `generate_many`).
    GenerationError
        ``tries`` candidates in a row missed the level.

    Notes
    -----
    Cost: per candidate, one generation and one explanation (tens of ms for a
    9x9), times the candidates rejected.

    Examples
    --------
    >>> made = [(g, r.level) for g, r in generate_rated(2, "easy", size=4, seed=3)]
    >>> [(g.index, level) for g, level in made]
    [(0, 'easy'), (1, 'easy')]
    >>> g = made[1][0]
    >>> next(generate_rated(1, "easy", size=4, seed=g.seed))[0].puzzle == g.puzzle
    True
    """
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"unknown difficulty {difficulty!r}; the levels are "
                          f"{', '.join(DIFFICULTIES)}")
    count = validate.whole("count", count, least=0, optional=False, error=PuzzleError)
    tries = validate.whole("tries", tries, optional=False, error=PuzzleError)
    base = secrets.randbits(63) if seed is None else validate.whole(
        "seed", seed, least=0, optional=False, error=PuzzleError)
    generate_many(0, seed=base, **kwargs)  # an impossible request fails here, at once
    return _rated_stream(count, difficulty, base, tries, jobs, kwargs)


def _rated_stream(count: int, difficulty: str, base: int, tries: int, jobs: int, kwargs: dict):
    if count == 0:
        return

    def tasks():
        start = 0
        while True:
            yield base, start, kwargs
            start += RATED_BATCH

    backend = backend_for(jobs)
    made = missed = 0
    seen: dict = {}
    try:
        for batch in ordered(backend, _rated_batch, tasks()):
            for g, r in batch:
                missed += 1
                if r.level != difficulty:
                    seen[r.level] = seen.get(r.level, 0) + 1
                    if missed >= tries:
                        got = ", ".join(f"{k} {seen[k]}" for k in DIFFICULTIES if k in seen)
                        raise GenerationError(f"no {difficulty} puzzle in {tries} rated "
                                              f"candidates (made instead: {got}); try more "
                                              f"--tries or another --seed", tries)
                    continue
                yield dataclasses.replace(g, index=made, tries=missed), r
                made += 1
                missed = 0
                seen = {}
                if made == count:
                    return
    finally:
        backend.close()

"""The explaining commands of ``sudoku``: ``explain``, ``hint`` and ``rate``.

A thin click layer over :mod:`sudoku.logic` and :mod:`sudoku.grading`, with
the conventions of the other commands: results on stdout in input order (one
line per puzzle for ``hint`` and ``rate``; a block per puzzle for ``explain``,
whose JSON is one object per puzzle per line), messages on stderr, ``-`` for
standard input, the marker ``invalid`` (message with file, line and cell on
stderr) without losing the rest of the batch.

``--help`` loads neither numba nor numpy: the library is imported inside the
commands.
"""

from __future__ import annotations

import time

import click

from dlx.cli_base import (
    CONTEXT,
    EXIT_BAD_INPUT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    JOBS,
    err,
    out,
    quiet_option,
)

from ._cli_common import input_options as _input_options
from ._cli_common import json_line as _json
from ._cli_common import read_items
from .cli_make import _marker_line, _run, _where
from .formats.write import csv_line, csv_row

# The columns of rate's --format csv: the fields of its JSON object of the same name.
RATE_COLUMNS = ("index", "puzzle", "status", "score", "level", "hardest", "guesses", "steps",
                "error")

__all__ = ["explain", "hint", "rate"]


def _jobs_option(f):
    return click.option("--jobs", type=JOBS, default=1, show_default=True,
                        metavar="N",
                        help="Worker processes (chunks of puzzles); 0 = one per CPU.  The "
                             "output does not depend on it.")(f)


def _results(file, box, variant, regions, kind, jobs):
    """``(index, item, result)`` of every puzzle of FILE, in order, and FILE's name."""
    import os

    from .logic.many import explain_many

    items, name = read_items(file, box, variant, regions, check=True)
    return explain_many(items, kind, jobs=jobs or (os.cpu_count() or 1)), name


class _Tally:
    def __init__(self):
        self.total = self.invalid = self.not_unique = 0
        self.start = time.perf_counter()

    def status(self) -> int:
        if self.invalid:
            return EXIT_BAD_INPUT
        return EXIT_NO_SOLUTION if self.not_unique else EXIT_OK


def _invalid(tally, fmt, index, error, quiet, blank=False):
    tally.invalid += 1
    err(str(error), quiet)
    if fmt in ("json", "csv"):
        _marker_line(fmt, index, error, "invalid", RATE_COLUMNS)
    else:
        out(f"puzzle {index + 1}: invalid" if blank else "invalid")
        if blank:
            out()


# ------------------------------------------------------------------ explain
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: a header line per puzzle, its steps one a line, a blank line; "
                   "json: one object per puzzle per line.")
@_jobs_option
@quiet_option
def explain(file, box, variant, regions, fmt, jobs, quiet):
    """Explain every puzzle in FILE step by step, in the usual techniques.

    Each step is one technique with its cells (r1c1 notation), digits and
    effect: `r1c3=4` places 4, `r2c5<>3` removes the candidate 3.  From
    easiest to hardest: naked-single, hidden-single, pointing, claiming,
    locked-candidates, naked-pair, hidden-pair, naked-triple, hidden-triple,
    x-wing, naked-quad, hidden-quad, swordfish, jellyfish, xy-wing, xyz-wing,
    simple-colouring, x-chain, and guess where no technique applies (the
    guess either refutes a candidate by singles or places the solution's
    digit).

    \b
    Text: `puzzle 1: unique, 64 steps, 0 guesses` then one step a line, then
    a blank line; the status is unique, multiple (the steps follow the first
    solution found), none (they end in a contradiction) or invalid.  JSON
    lines hold `{"index", "source", "line", "name", "puzzle", "status",
    "steps": [{"technique", "placements": [[row, col, value]],
    "eliminations": [[row, col, value]], "cells", "digits", "houses",
    "text"}], "rating"}`, rows, columns and values counted from 1.

    \b
    Exit status: 0 all explained; 1 some invalid or no puzzle found;
    3 some have no solution or several.
    """
    def body():
        from .errors import PuzzleError

        results, name = _results(file, box, variant, regions, "explain", jobs)
        tally = _Tally()
        for index, item, e in results:
            tally.total += 1
            if isinstance(e, PuzzleError):
                _invalid(tally, fmt, index, e, quiet, blank=True)
                continue
            if e.status != "unique":
                tally.not_unique += 1
            n = item.size
            if fmt == "json":
                out(_json({**_where(index, item), "status": e.status,
                           "steps": [s.as_dict(n) for s in e.steps],
                           "rating": _rating_dict(e)}))
                continue
            out(f"puzzle {index + 1}: {e.status}, {_count(len(e.steps), 'step')}, "
                f"{_count(e.guesses, 'guess', 'guesses')}{_rating_words(e)}")
            for s in e.steps:
                out(s.text)
            out()
        if not tally.total:
            raise click.ClickException(f"no puzzles found in {name}")
        raise click.exceptions.Exit(tally.status())

    _run(body)


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _rating_dict(e):
    r = e.rating
    return None if r is None else r.as_dict()


def _rating_words(e) -> str:
    r = e.rating
    return "" if r is None else f", rating {r.score:.1f} {r.level} ({r.hardest})"


# ------------------------------------------------------------------ hint
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True, help="line: the step in words; json: one object per line.")
@quiet_option
def hint(file, box, variant, regions, fmt, quiet):
    """The next step for every puzzle (or partly filled grid) in FILE.

    Prints the easiest step that applies, as `sudoku explain` would take it
    next: `hidden-single: r2c7=9 (the only place for 9 in box 3)`.  Markers:
    `solved` (every cell is filled), `none` (the grid has no solution: a
    digit placed is wrong), `invalid` (unreadable, or digits clash).  JSON
    lines hold `{"index", "source", "line", "name", "puzzle", "status",
    "step"}`, status being unique, multiple or the marker and step null or
    an object as in `sudoku explain`.

    \b
    Exit status: 0 every puzzle has a hint or is solved; 1 some invalid or no
    puzzle found; 3 some have no solution.
    """
    def body():
        from .errors import PuzzleError

        results, name = _results(file, box, variant, regions, "hint", 1)
        tally = _Tally()
        for index, item, h in results:
            tally.total += 1
            if isinstance(h, PuzzleError):
                _invalid(tally, fmt, index, h, quiet)
                continue
            if h.status == "none":
                tally.not_unique += 1
            if fmt == "json":
                out(_json({**_where(index, item), "status": h.status,
                           "step": None if h.step is None else h.step.as_dict(item.size)}))
            else:
                out(h.status if h.step is None else h.step.text)
        if not tally.total:
            raise click.ClickException(f"no puzzles found in {name}")
        raise click.exceptions.Exit(tally.status())

    _run(body)


# ------------------------------------------------------------------ rate
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--search", "by_search", is_flag=True,
              help="Grade by what the exact-cover search needs instead (the output of "
                   "`sudoku grade`: singles, guesses, branch points, nodes).")
@click.option("--max-nodes", type=click.IntRange(min=1), metavar="N",
              help="With --search: search nodes allowed per puzzle [default: 1000000].")
@click.option("--format", "fmt", type=click.Choice(["line", "json", "csv"]), default="line",
              show_default=True,
              help="line: score, hardest technique, guesses=N, level=LEVEL; json: one object "
                   "per line; csv: a header, then one row per puzzle.")
@_jobs_option
@click.option("--stats", "show_stats", is_flag=True,
              help="Print how many puzzles got each level (and each marker) on stderr.")
@quiet_option
def rate(file, box, variant, regions, by_search, max_nodes, fmt, jobs, show_stats, quiet):
    """Rate every puzzle in FILE by the techniques a person needs.

    Each puzzle is explained (see `sudoku explain`); its score is the weight
    of the hardest technique used plus the number of guesses: 1.0-1.2
    singles, 2.0-3.2 locked candidates and pairs, 3.6-5.2 triples, quads and
    fish, 5.6-6.6 wings and chains, 10.0 and up guesses.  The level follows
    from the hardest technique: easy (singles), medium (locked candidates,
    pairs), hard (triples, quads, fish), expert (wings, chains), extreme
    (guesses).

    \b
    Line: `4.0 x-wing guesses=0 level=hard`, or a marker: invalid, multiple,
    none (only a puzzle with exactly one solution is rated).  JSON lines hold
    `{"index", "source", "line", "name", "puzzle", "status", "score",
    "level", "hardest", "guesses", "steps", "techniques"}`, status being
    unique or the marker; `--format csv` has the columns index, puzzle,
    status, score, level, hardest, guesses, steps and error (an invalid
    puzzle's message).  With --search the
    output is `sudoku grade`'s.

    \b
    Exit status: 0 all rated; 1 some invalid or no puzzle found;
    3 some have no solution or several; (--search) 4 some stopped by
    --max-nodes.
    """
    if by_search:
        from .cli_make import search_grades

        _run(lambda: search_grades(file, box, variant, regions, max_nodes, fmt, show_stats,
                                   quiet))
        return
    if max_nodes is not None:
        raise click.UsageError("--max-nodes applies to --search only")

    def body():
        from .errors import PuzzleError
        from .grading import DIFFICULTIES

        results, name = _results(file, box, variant, regions, "rate", jobs)
        tally = _Tally()
        levels: dict = {}
        if fmt == "csv":
            out(csv_line(RATE_COLUMNS))
        for index, item, r in results:
            tally.total += 1
            if isinstance(r, PuzzleError):
                levels["invalid"] = levels.get("invalid", 0) + 1
                _invalid(tally, fmt, index, r, quiet)
                continue
            if isinstance(r, str):  # multiple, none
                tally.not_unique += 1
                levels[r] = levels.get(r, 0) + 1
                _marker_line(fmt, index, item, r, RATE_COLUMNS)
                continue
            levels[r.level] = levels.get(r.level, 0) + 1
            if fmt in ("json", "csv"):
                obj = {**_where(index, item), "status": "unique", **r.as_dict()}
                out(_json(obj) if fmt == "json" else csv_row(obj, RATE_COLUMNS))
            else:
                out(r.line())
        if not tally.total:
            raise click.ClickException(f"no puzzles found in {name}")
        if show_stats:
            order = list(DIFFICULTIES) + ["multiple", "none", "invalid"]
            seconds = time.perf_counter() - tally.start
            lines = [f"{k}: {levels[k]}" for k in order if k in levels]
            err("\n".join([f"puzzles: {tally.total}"] + lines + [f"time: {seconds:.3f} s"]))
        raise click.exceptions.Exit(tally.status())

    _run(body)

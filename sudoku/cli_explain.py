"""The explaining commands of ``sudoku``: ``explain``, ``hint`` and ``rate``.

A thin click layer over :mod:`sudoku.operations` (explain, hint, rate), with
the conventions of the other commands: results on stdout in input order (one
line per puzzle for ``hint`` and ``rate``; a block per puzzle for ``explain``,
whose JSON is one object per puzzle per line), messages on stderr, ``-`` for
standard input, the marker ``invalid`` (message with file, line and cell on
stderr) without losing the rest of the batch.

``--help`` loads neither numba nor numpy: the operations import the library
inside their functions.
"""

from __future__ import annotations

import os
import time

import click

from dlx.cli_base import CONTEXT, JOBS, err, out, quiet_option

from . import operations as ops
from ._cli_common import Outcome, read_items, search_grades
from ._cli_common import input_options as _input_options
from ._cli_common import run_body as _run

__all__ = ["explain", "hint", "rate"]


def _jobs_option(f):
    return click.option("--jobs", type=JOBS, default=1, show_default=True,
                        metavar="N",
                        help="Worker processes (chunks of puzzles); 0 = one per CPU.  The "
                             "output does not depend on it.")(f)


def _records(operation, failed, file, box, variant, regions, fmt, quiet, **options):
    """Write the records of ``operation`` on FILE's puzzles; returns the tally (the
    levels of `Outcome` counting each record's level, or its marker).

    ``failed(status)``: whether the status is one of exit status 3.
    """
    items, name = read_items(file, box, variant, regions, check=True)
    writer = ops.writer(fmt, ops.RATE_COLUMNS)
    tally = Outcome()
    header = writer.header()
    if header is not None:
        out(header)
    for rec in operation(items, **options):
        tally.total += 1
        if isinstance(rec, ops.records.Marker) and rec.status == "invalid":
            err(rec.message, quiet)
            tally.invalid += 1
        elif failed(rec.status):
            tally.not_unique += 1
        level = rec.rating.level if isinstance(rec, ops.records.Rated) else rec.status
        tally.levels[level] = tally.levels.get(level, 0) + 1
        out(writer.write(rec))
    if not tally.total:
        raise click.ClickException(f"no puzzles found in {name}")
    return tally


def _uniqueness_option(f):
    return click.option("--uniqueness/--no-uniqueness", default=True, show_default=True,
                        help="Allow the uniqueness steps (unique, hidden and avoidable "
                             "rectangles, bug-plus-1), which hold because the puzzle has one "
                             "solution; they are used only once the search has shown it "
                             "has.")(f)


def _jobs(jobs: int) -> int:
    return jobs or (os.cpu_count() or 1)


# ------------------------------------------------------------------ explain
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: a header line per puzzle, its steps one a line, a blank line; "
                   "json: one object per puzzle per line.")
@_jobs_option
@_uniqueness_option
@quiet_option
def explain(file, box, variant, regions, fmt, jobs, uniqueness, quiet):
    """Explain every puzzle in FILE step by step, in the usual techniques.

    Each step is one technique with its cells (r1c1 notation), digits and
    effect: `r1c3=4` places 4, `r2c5<>3` removes the candidate 3.  From
    easiest to hardest: naked-single, hidden-single, pointing, claiming,
    locked-candidates, naked-pair, hidden-pair, naked-triple, hidden-triple,
    x-wing, bug-plus-1, skyscraper, two-string-kite, turbot-fish,
    empty-rectangle, naked-quad, hidden-quad, swordfish, finned-x-wing,
    sashimi-x-wing, jellyfish, xy-wing, xyz-wing, unique-rectangle-1,
    unique-rectangle-2, unique-rectangle-3, unique-rectangle-4,
    unique-rectangle-6, hidden-rectangle, avoidable-rectangle-1,
    avoidable-rectangle-2, finned-swordfish, sashimi-swordfish,
    finned-jellyfish, sashimi-jellyfish, sue-de-coq, simple-colouring,
    x-chain, remote-pairs, w-wing, xy-chain, aic, discontinuous-nice-loop,
    continuous-nice-loop, grouped-aic, grouped-discontinuous-nice-loop,
    grouped-continuous-nice-loop, als-xz, als-xy-wing, and guess where no
    technique applies (the guess either refutes a candidate by singles or
    places the solution's digit). The uniqueness steps (bug-plus-1 and the
    rectangles) are used only on a puzzle with one solution; --no-uniqueness
    leaves them out.

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
        tally = _records(ops.explain, lambda s: s != "unique", file, box, variant, regions,
                         fmt, quiet, jobs=_jobs(jobs), uniqueness=uniqueness)
        raise click.exceptions.Exit(tally.status())

    _run(body)


# ------------------------------------------------------------------ hint
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True, help="line: the step in words; json: one object per line.")
@_uniqueness_option
@quiet_option
def hint(file, box, variant, regions, fmt, uniqueness, quiet):
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
        tally = _records(ops.hint, lambda s: s == "none", file, box, variant, regions, fmt,
                         quiet, uniqueness=uniqueness)
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
@_uniqueness_option
@quiet_option
def rate(file, box, variant, regions, by_search, max_nodes, fmt, jobs, show_stats, uniqueness,
         quiet):
    """Rate every puzzle in FILE by the techniques a person needs.

    Each puzzle is explained (see `sudoku explain`); its score is the weight
    of the hardest technique used plus the number of guesses: 1.0-1.2
    singles, 2.0-3.2 locked candidates and pairs, 3.6-5.2 triples, quads and
    fish, 5.6-7.2 wings, uniqueness steps, chains and almost locked sets,
    10.0 and up guesses.  The level follows from the hardest technique: easy
    (singles), medium (locked candidates, pairs), hard (triples, quads, fish,
    bug-plus-1), expert (wings, rectangles, chains, ALS), extreme (guesses).
    --no-uniqueness rates without the uniqueness steps (a puzzle may then
    need a harder technique, or a guess, and score higher).

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
        _run(lambda: search_grades(file, box, variant, regions, max_nodes, fmt, show_stats,
                                   quiet))
        return
    if max_nodes is not None:
        raise click.UsageError("--max-nodes applies to --search only")

    def body():
        tally = _records(ops.rate, lambda s: s != "unique", file, box, variant, regions, fmt,
                         quiet, jobs=_jobs(jobs), uniqueness=uniqueness)
        if show_stats:
            order = list(ops.DIFFICULTY_NAMES) + ["multiple", "none", "invalid"]
            seconds = time.perf_counter() - tally.start
            lines = [f"{k}: {tally.levels[k]}" for k in order if k in tally.levels]
            err("\n".join([f"puzzles: {tally.total}"] + lines + [f"time: {seconds:.3f} s"]))
        raise click.exceptions.Exit(tally.status())

    _run(body)

"""The ``sudoku`` command line: solve, count, check and pencil-mark files of puzzles.

A thin layer over :mod:`sudoku`: :func:`sudoku.read_puzzles` streams the input
(one item per puzzle, in order, bad ones included), :func:`sudoku.batch.solve_all`
solves it in batches, and this module formats each result as soon as it is
known.  Results go to stdout, one line per puzzle in input order (``--format
grid`` prints blocks separated by blank lines); messages, progress and
statistics go to stderr.

Markers on stdout (a line holding only the marker, or the first word of the
line):

``invalid``
    the puzzle could not be read or its givens clash; the message, with file,
    line, column or cell, is printed on stderr;
``none``
    the puzzle has no solution;
``unknown``
    ``--timeout`` or ``--max-nodes`` (or Ctrl-C) stopped the search before an
    answer.

Counts start their line: ``288`` exact, ``1000 (at least: limit)`` a lower
bound, the word after ``at least:`` being ``limit``, ``timeout``, ``nodes`` or
``interrupted``.

Exit status, highest precedence first: 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP
(after printing every finished result); 1 some input was invalid, or no puzzle was found, or the
file cannot be read; 3 (solve) some puzzle has no solution, (check) some
puzzle is not unique (multiple or none); 4 (solve, check) some puzzle was
stopped before an answer; 0 otherwise.  Usage errors exit with 2.

``--help`` and ``--version`` do not load numba: the solver is imported inside
the commands.
"""

from __future__ import annotations

import os
import sys
import time
from math import isqrt

import click

from dlx import __version__
from dlx.cli_base import (
    CONTEXT,
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_STOPPED,
    JOBS,
    CliGroup,
    connect_timeout_option,
    count_text,
    limit_option,
    max_nodes_option,
    quiet_option,
    run_command,
    timeout_option,
)
from dlx.cli_base import err as _err
from dlx.cli_base import isatty as _isatty

from . import cli_explain as _explain
from . import cli_make as _make
from . import cli_serve as _serve
from . import cli_show as _show
from ._cli_common import exit_code as _exit_code
from ._cli_common import file_arguments as _files
from ._cli_common import input_options as _input_options
from ._cli_common import json_line as _json
from ._cli_common import read_items as _read
from .formats import format_candidates, format_grid, format_line
from .formats.write import csv_line, csv_row
from .grid import VARIANTS

__all__ = ["cli", "main"]

VARIANT_NAMES = list(VARIANTS)
STOPPED = ("timeout", "nodes", "interrupted")
PROGRESS_AFTER = 1.0  # seconds before a progress counter appears
PROGRESS_EVERY = 0.25  # seconds between its updates
# The columns of --format csv: the fields of the JSON object of the same name.
# An invalid puzzle's row has its message under "error" (empty in the others).
SOLVE_COLUMNS = ("index", "puzzle", "status", "solution", "nodes", "seconds", "error")
COUNT_COLUMNS = ("index", "puzzle", "status", "count", "nodes", "seconds", "error")


# ------------------------------------------------------------------ options
_scheduler_option = click.option(
    "--scheduler", metavar="ADDRESS",
    help="Solve on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), in "
         "chunks of puzzles; results keep input order (needs numba-dlx[cluster]).  The "
         "scheduler and its workers run the code they are sent: use only one you trust.")


def _batch_options(f):
    f = click.option("--stats", "show_stats", is_flag=True,
                     help="Print a summary on stderr: puzzles, solved, no solution, multiple, "
                          "invalid, stopped, time, puzzles/second, nodes/puzzle.")(f)
    f = click.option("-v", "--verbose", is_flag=True,
                     help="Print one line per puzzle on stderr: outcome, nodes, search "
                          "status, seconds.")(f)
    f = quiet_option(f)
    f = max_nodes_option("Give up on a puzzle after N search nodes.")(f)
    f = timeout_option("Give up on a puzzle after SECONDS.")(f)
    f = click.option("--jobs", type=JOBS, default=1, show_default=True,
                     metavar="N", help="Threads for the batch solver; 0 = one per CPU.")(f)
    f = connect_timeout_option(f)
    f = _scheduler_option(f)
    return f


def out(line: str = "") -> None:
    """Print a line of results on stdout, without flushing it.

    The input reader flushes stdout before it reads each item (so results are
    out before the program waits for more input) and `err` flushes it before
    every message, so the output keeps its order; one flush per line cost
    more than reading and solving an easy puzzle.
    """
    sys.stdout.write(line + "\n")


def err(message: str, quiet: bool = False) -> None:
    """A message on stderr, after the results printed so far."""
    if not quiet:
        sys.stdout.flush()
    _err(message, quiet)


def _format_option(choices, default="line", help_text=""):
    return click.option("--format", "fmt", type=click.Choice(choices), default=default,
                        show_default=True, help=help_text)


# --------------------------------------------------------------------- input
# -------------------------------------------------------------------- output
def _line(cells) -> str:
    # (Above 35x35, numbers separated by spaces: see format_line.)
    return format_line(cells, isqrt(len(cells)))


def _grid(cells, puzzle) -> str:
    return format_grid(cells, puzzle.box_rows, puzzle.box_cols, puzzle.regions)


def _where(res) -> dict:
    """The location fields of a result's JSON object."""
    if res.puzzle is not None:
        return {"index": res.index, "source": res.puzzle.source, "line": res.puzzle.line,
                "name": res.puzzle.name, "puzzle": format_line(res.puzzle)}
    e = res.error
    return {"index": res.index, "source": e.source, "line": e.line, "name": None,
            "puzzle": None}


def _invalid(res) -> dict:
    e = res.error
    return {**_where(res), "status": "invalid", "error": str(e), "column": e.column}


def _invalid_json(res) -> str:
    return _json(_invalid(res))


def _searched(res) -> dict:
    """The search fields of a result's JSON object: nodes and seconds."""
    return {"nodes": res.nodes, "seconds": round(res.seconds, 6)}


def _record(fmt: str, columns, obj: dict) -> str:
    """A result's JSON object as a line of ``--format json`` or ``csv``."""
    return _json(obj) if fmt == "json" else csv_row(obj, columns)


def _solve_status(res) -> str:
    if res.error is not None:
        return "invalid"
    if res.solutions:
        return "solved"
    return "none" if res.status in ("complete", "limit") else "unknown"


# --------------------------------------------------------------- the driver
class _Progress:
    """A puzzle counter on stderr, only when stderr is a terminal and stdout is not."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.last = self.start
        self.shown = False

    def update(self, n: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.start < PROGRESS_AFTER or now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        self.shown = True
        rate = n / (now - self.start)
        click.echo(f"\r{n} puzzles, {rate:,.0f}/s", err=True, nl=False)

    def close(self) -> None:
        if self.shown:
            click.echo("\r\033[K", err=True, nl=False)
            self.shown = False


class _Tally:
    """Counts for ``--stats`` and for the exit status."""

    def __init__(self):
        self.puzzles = self.solved = self.none = self.multiple = 0
        self.invalid = self.stopped = self.nodes = self.not_unique = 0
        self.start = time.perf_counter()

    def add(self, res) -> None:
        self.puzzles += 1
        if res.error is not None:
            self.invalid += 1
            return
        self.nodes += res.nodes
        if res.count >= 1:
            self.solved += 1
        if res.count >= 2:
            self.multiple += 1
        if res.count == 0 and res.status in ("complete", "limit"):
            self.none += 1
        if res.status in STOPPED:
            self.stopped += 1

    def add_block(self, block) -> None:
        """Count a `sudoku.ResultBlock`'s puzzles (none invalid), as `add` does one by one."""
        counts = block.counts.tolist()
        statuses = block.statuses
        self.puzzles += len(counts)
        self.nodes += int(block.nodes.sum())
        self.solved += sum(c >= 1 for c in counts)
        self.multiple += sum(c >= 2 for c in counts)
        self.none += sum(c == 0 and st in ("complete", "limit")
                         for c, st in zip(counts, statuses, strict=True))
        self.stopped += sum(st in STOPPED for st in statuses)

    def summary(self) -> str:
        seconds = time.perf_counter() - self.start
        valid = self.puzzles - self.invalid
        rate = self.puzzles / seconds if seconds > 0 else 0.0
        per = self.nodes / valid if valid else 0.0
        rows = [("puzzles", self.puzzles), ("solved", self.solved), ("no solution", self.none),
                ("multiple", self.multiple), ("invalid", self.invalid),
                ("stopped", self.stopped), ("time", f"{seconds:.3f} s"),
                ("puzzles/second", f"{rate:.1f}"), ("nodes/puzzle", f"{per:.1f}")]
        return "\n".join(f"{k}: {v}" for k, v in rows)


def _show_error(res, quiet: bool) -> None:
    err(str(res.error), quiet)


def _verbose_line(res, word: str, sources: bool = False) -> str:
    """A ``-v`` line; ``sources``: name the file too (there are several)."""
    place = res.puzzle if res.puzzle is not None else res.error
    parts = [place.source if sources else None, f"line {place.line}" if place.line else None]
    where = ", ".join(p for p in parts if p)
    where = f" ({where})" if where else ""
    if res.error is not None:
        return f"puzzle {res.index + 1}{where}: invalid"
    return (f"puzzle {res.index + 1}{where}: {word}, {res.nodes} nodes, search {res.status}, "
            f"{res.seconds:.6f} s")


def _drive(results, name, emit, word, *, quiet, verbose, show_stats, sources=False,
           emit_block=None):
    """Print every result as it comes; returns the tally, or exits on Ctrl-C.

    ``emit(res)`` prints a result on stdout; ``word(res)`` is its one-word
    outcome for ``-v``; ``sources``: several inputs, named in ``-v`` lines;
    ``emit_block(block)`` prints a `sudoku.ResultBlock`'s results, one line
    each, in one write (what `_batch` gives with ``blocks=True``).
    """
    tally = _Tally()
    progress = _Progress(not quiet and _isatty(sys.stderr) and not _isatty(sys.stdout))
    interrupted = False
    try:
        for res in results:
            if emit_block is not None and not hasattr(res, "error"):  # a ResultBlock
                tally.add_block(res)
                progress.close()
                emit_block(res)
                progress.update(tally.puzzles)
                continue
            tally.add(res)
            progress.close()
            if res.error is not None:
                _show_error(res, quiet)
            emit(res)
            if verbose:
                err(_verbose_line(res, word(res), sources))
            progress.update(tally.puzzles)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
    if interrupted:
        if show_stats:
            err(tally.summary())
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED)
    if tally.puzzles == 0:
        raise click.ClickException(f"no puzzles found in {name}")
    if show_stats:
        err(tally.summary())
    return tally


def _batch(file, box, variant, regions, mode, *, limit=None, jobs=1, timeout=None,
           max_nodes=None, scheduler=None, connect_timeout=None, timed=False, blocks=False):
    """The results of FILE's puzzles, and its display name.

    ``timed``: measure each puzzle's time (for -v, json and csv), which gives
    each puzzle a kernel call of its own (see `sudoku.batch.solve_all`).
    ``blocks``: runs of one-line puzzles are read, solved and given as arrays
    (`sudoku.ResultBlock`), for output that needs no more than a line each.
    """
    from .batch import map_chunks, solve_all

    items, name = _read(file, box, variant, regions, blocks=blocks)
    if scheduler is not None:  # chunks of the batch on a Dask cluster, results in order
        return map_chunks(items, mode, client=scheduler, limit=limit, timeout=timeout,
                          max_nodes=max_nodes, connect_timeout=connect_timeout,
                          timed=timed), name
    jobs = jobs or (os.cpu_count() or 1)
    chunk = None
    if "-" in _files(file) and _isatty(sys.stdin):
        # Someone typing or pasting puzzles: answer each one as it is entered,
        # rather than after 16 of them (or Ctrl-D).
        chunk = jobs = 1
    return solve_all(items, mode=mode, limit=limit, jobs=jobs, timeout=timeout,
                     max_nodes=max_nodes, chunk=chunk, timed=timed, blocks=blocks), name


class _Group(CliGroup):
    """The ``sudoku`` group: a FILE argument that could not be read makes the exit status 1."""

    def invoke(self, ctx):
        try:
            result = super().invoke(ctx)
        except click.exceptions.Exit as exc:
            code = _exit_code(ctx, exc.exit_code)
            if code == exc.exit_code:
                raise
            raise click.exceptions.Exit(code) from None
        code = _exit_code(ctx, EXIT_OK)
        if code != EXIT_OK:
            raise click.exceptions.Exit(code)
        return result


# ----------------------------------------------------------------- commands
@click.group(cls=_Group, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="sudoku",
                      message="%(prog)s (numba-dlx) %(version)s")
def cli():
    """Solve, count, check and pencil-mark Sudoku puzzles, fast.

    FILE holds any number of puzzles: one per line (81 symbols for 9x9, `.` or
    `0` for a blank), grids of n rows, CSV, Project Euler's `Grid NN` layout,
    SadMan .sdk; `# variant: x`, `# box: 2x3` and `regions:` lines apply to
    the puzzles after them.  FILE defaults to `-`, standard input.  Several
    FILEs are read one after the other; an argument that is not a file is
    read as a puzzle (`sudoku solve 1.....2..3.....4`).

    Each puzzle gives one line on stdout, in input order, printed as soon as it
    is known.  Markers: `invalid` (unreadable or clashing givens; the message
    with line, column or cell is on stderr), `none` (no solution), `unknown`
    (stopped by --timeout/--max-nodes).  A count starts its line; a lower
    bound reads `1000 (at least: limit)`.  --format json (solve, check, count,
    candidates, explain, hint, rate, generate, minimize, grade) prints a JSON
    object per puzzle; --format csv (solve, check, count, rate, grade) a
    header, then a row per puzzle.

    \b
    Exit status (highest precedence first): 130 Ctrl-C, 143 SIGTERM, 129
    SIGHUP (after printing the finished results); 1 invalid input, a FILE
    that is neither a readable file nor a puzzle, or no puzzle found; 3 solve:
    some puzzle has no solution, check: some puzzle is not unique; 4
    solve/check: some puzzle was stopped before an answer; 2 usage error; 0
    otherwise.  The first run of each command compiles the kernels it uses
    (a few seconds, once).
    """


def _timed(fmt: str, verbose: bool) -> bool:
    """Whether each puzzle's time is wanted: it costs a kernel call per puzzle."""
    return verbose or fmt in ("json", "csv")


def _header(fmt: str, columns) -> None:
    if fmt == "csv":
        out(csv_line(columns))


@cli.command(context_settings=CONTEXT)
@_input_options
@_format_option(["line", "grid", "json", "csv"],
                help_text="line: the solution as one line; grid: a grid with box lines, "
                          "blank line after each; json: one object per line; csv: a header, "
                          "then one row per puzzle.")
@_batch_options
def solve(file, box, variant, regions, fmt, jobs, scheduler, connect_timeout, timeout,
          max_nodes, quiet, verbose, show_stats):
    """Solve every puzzle in FILE.

    Prints each puzzle's first solution (one line of symbols), or a marker:
    `none`, `unknown`, `invalid`.  With `--format json` each line is
    `{"index", "source", "line", "name", "puzzle", "solution", "status",
    "nodes", "seconds"}`, where status is solved, none, unknown or invalid
    (then with "error" and "column" instead of the search fields), index
    counts puzzles from 0 over all the FILEs, source names the FILE and
    seconds is the time spent on the puzzle.  `--format csv` has the columns
    index,puzzle,status,solution,nodes,seconds,error, error holding an
    invalid puzzle's message.  Timing each puzzle (json, csv, -v) solves the
    puzzles one kernel call each, which is slower.

    Exit status: 0 all solved; 3 some have no solution; 4 some were stopped;
    1 some are invalid.
    """
    results, name = _batch(file, box, variant, regions, "solve", jobs=jobs, timeout=timeout,
                           max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose)
    _header(fmt, SOLVE_COLUMNS)

    def emit(res):
        status = _solve_status(res)
        if fmt in ("json", "csv"):
            if res.error is not None:
                obj = _invalid(res)
            else:
                obj = {**_where(res), "status": status,
                       "solution": _line(res.solutions[0]) if res.solutions else None,
                       **_searched(res)}
                if status == "unknown":
                    obj["reason"] = res.status
            out(_record(fmt, SOLVE_COLUMNS, obj))
        elif fmt == "grid":
            # One write per puzzle, so Ctrl-C never leaves half a record.
            out((_grid(res.solutions[0], res.puzzle) if status == "solved" else status) + "\n")
        else:
            out(_line(res.solutions[0]) if status == "solved" else status)

    def emit_block(block):
        lines = block.solution_lines()
        if None in lines:
            lines = [word if line is None else line
                     for line, word in zip(lines, block.verdicts(), strict=True)]
        out("\n".join(lines))

    tally = _drive(results, name, emit, _solve_status, quiet=quiet, verbose=verbose,
                   show_stats=show_stats, sources=len(_files(file)) > 1, emit_block=emit_block)
    raise click.exceptions.Exit(_exit_status(tally, tally.none))


@cli.command(context_settings=CONTEXT)
@_input_options
@click.option("--show-proof", is_flag=True,
              help="For a puzzle with several solutions, print two that differ.")
@_format_option(["line", "grid", "json", "csv"],
                help_text="line: the verdict (and the two solutions); grid: the verdict, "
                          "then with --show-proof the two solutions as grids; json: one "
                          "object per line; csv: a header, then one row per puzzle.")
@_batch_options
def check(file, box, variant, regions, show_proof, fmt, jobs, scheduler, connect_timeout,
          timeout, max_nodes, quiet, verbose, show_stats):
    """Check that every puzzle in FILE has exactly one solution.

    Prints one verdict per puzzle: unique, multiple, none, unknown or invalid.
    With --show-proof a `multiple` line goes on with two different solutions,
    space separated: `multiple SOLUTION1 SOLUTION2`; in grid format the two
    grids follow the verdict line; in json they are "solutions" and the cells
    where they differ "differ".  JSON lines hold
    `{"index", "source", "line", "name", "puzzle", "status", "nodes",
    "seconds"}`.  `--format csv` has the columns
    index,puzzle,status,solution,nodes,seconds,error, the solution given for
    a unique puzzle, the error for an invalid one.

    \b
    Exit status: 0 all unique; 3 some are multiple or have none;
    4 some were stopped (unknown) and none of the above; 1 some are invalid.
    """
    results, name = _batch(file, box, variant, regions, "check", jobs=jobs, timeout=timeout,
                           max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose and not show_proof)
    _header(fmt, SOLVE_COLUMNS)

    def emit(res):
        verdict = res.verdict
        proof = show_proof and verdict == "multiple"
        if fmt == "csv":
            obj = _invalid(res) if res.error is not None else {
                **_where(res), "status": verdict, **_searched(res),
                "solution": _line(res.solutions[0]) if verdict == "unique" else None}
            out(csv_row(obj, SOLVE_COLUMNS))
        elif fmt == "json":
            if res.error is not None:
                out(_invalid_json(res))
                return
            obj = {**_where(res), "status": verdict, **_searched(res)}
            if verdict == "unknown":
                obj["reason"] = res.status
            if proof:
                a, b = res.solutions[:2]
                n = res.puzzle.size
                from .grid import cell_name

                obj["solutions"] = [_line(a), _line(b)]
                obj["differ"] = [cell_name(i, n) for i in range(n * n) if a[i] != b[i]]
            out(_json(obj))
        elif fmt == "grid":
            shown = [_grid(sol, res.puzzle) + "\n" for sol in res.solutions[:2]] if proof else [""]
            out("\n".join([verdict, *shown]))
        elif proof:
            out(" ".join([verdict] + [_line(s) for s in res.solutions[:2]]))
        else:
            out(verdict)

    tally = _drive(results, name, emit, lambda res: res.verdict, quiet=quiet, verbose=verbose,
                   show_stats=show_stats, sources=len(_files(file)) > 1,
                   emit_block=lambda block: out("\n".join(block.verdicts())))
    raise click.exceptions.Exit(_exit_status(tally, tally.none + tally.multiple))


@cli.command(context_settings=CONTEXT)
@_input_options
@limit_option("Stop counting a puzzle at N solutions (the count is then a lower bound).")
@_format_option(["line", "json", "csv"],
                help_text="line: the count; json: one object per line; csv: a header, then "
                          "one row per puzzle.")
@_batch_options
def count(file, box, variant, regions, limit, fmt, jobs, scheduler, connect_timeout, timeout,
          max_nodes, quiet, verbose, show_stats):
    """Count the solutions of every puzzle in FILE.

    Each line starts with the count: `1` exact, or `1000 (at least: limit)`
    when a limit stopped the count, the word after `at least:` saying which
    (limit, timeout, nodes, interrupted); `invalid` for a bad puzzle.  JSON
    lines hold `{"index", "source", "line", "name", "puzzle", "count",
    "exact", "status", "nodes", "seconds"}`, status being the search's
    (complete, limit, timeout, nodes, interrupted) or invalid.  `--format
    csv` has the columns index,puzzle,status,count,nodes,seconds,error, error
    holding an invalid puzzle's message.

    Exit status: 0 every puzzle counted (lower bounds included); 1 some are
    invalid.
    """
    results, name = _batch(file, box, variant, regions, "count", limit=limit, jobs=jobs,
                           timeout=timeout, max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose)
    _header(fmt, COUNT_COLUMNS)

    def emit(res):
        if fmt in ("json", "csv"):
            obj = _invalid(res) if res.error is not None else {
                **_where(res), "count": res.count, "exact": res.exact, "status": res.status,
                **_searched(res)}
            out(_record(fmt, COUNT_COLUMNS, obj))
        else:
            out("invalid" if res.error is not None else count_text(res.count, res.status))

    def emit_block(block):
        out("\n".join(map(count_text, block.counts.tolist(), block.statuses)))

    tally = _drive(results, name, emit, lambda res: count_text(res.count, res.status),
                   quiet=quiet, verbose=verbose, show_stats=show_stats,
                   sources=len(_files(file)) > 1, emit_block=emit_block)
    raise click.exceptions.Exit(EXIT_BAD_INPUT if tally.invalid else EXIT_OK)


@cli.command(context_settings=CONTEXT)
@_input_options
@_format_option(["line", "grid", "json"], default="grid",
                help_text="grid: a status line, then the pencil-mark grid and a blank line; "
                          "line: the status and the n*n cells' candidates on one line; "
                          "json: one object per line.")
@quiet_option
def candidates(file, box, variant, regions, fmt, quiet):
    """Pencil marks of every puzzle in FILE after naked and hidden singles.

    Takes every forced value (a cell with one candidate left, a value with
    one place left in a house) until none is left, then prints the status
    and each cell's candidates.  The status is solved (singles alone solve
    it), open (a guess is needed) or contradiction (no solution), followed by
    the number of cells the singles filled: `open (12 singles)`.  A cell with
    no candidate left shows `-`.  Line format: `open 12 1 23 ...`, the
    status, the singles, then the n*n cells' candidates.

    Exit status: 0; 1 some puzzles are invalid.
    """
    from .errors import PuzzleError
    from .solver import PuzzleResult
    from .solver import candidates as find_candidates

    items, name = _read(file, box, variant, regions)
    seen = invalid = 0
    try:
        for index, item in enumerate(items):
            seen += 1
            if not isinstance(item, PuzzleError):
                try:
                    c = find_candidates(item)
                except PuzzleError as exc:
                    item = exc
            if isinstance(item, PuzzleError):
                invalid += 1
                res = PuzzleResult(index, None, error=item)
                err(str(item), quiet)
                if fmt == "json":
                    out(_invalid_json(res))
                else:
                    out("invalid\n" if fmt == "grid" else "invalid")
                continue
            n = item.size
            marks = [_marks(cell, n) for cell in c.cells]
            if fmt == "json":
                res = PuzzleResult(index, item)
                out(_json({**_where(res), "status": c.status, "singles": c.singles,
                           "candidates": marks}))
            elif fmt == "line":
                out(" ".join([c.status, str(c.singles)] + marks))
            else:
                out(f"{c.status} ({c.singles} singles)\n"
                    + format_candidates(c.cells, item.box_rows, item.box_cols, item.regions) + "\n")
    except KeyboardInterrupt:
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
    if not seen:
        raise click.ClickException(f"no puzzles found in {name}")
    raise click.exceptions.Exit(EXIT_BAD_INPUT if invalid else EXIT_OK)


def _marks(values, n: int) -> str:
    """A cell's candidates as one word: ``"139"``; numbers joined by commas above 35x35."""
    from .grid import SYMBOLS

    if not values:
        return "-"
    if n <= len(SYMBOLS):
        return "".join(SYMBOLS[v - 1] for v in values)
    return ",".join(map(str, values))


def _exit_status(tally, not_good: int) -> int:
    if tally.invalid:
        return EXIT_BAD_INPUT
    if not_good:
        return EXIT_NO_SOLUTION
    if tally.stopped:
        return EXIT_STOPPED
    return EXIT_OK


# Making puzzles: generate, minimize, grade (defined in sudoku.cli_make); explaining
# them: explain, hint, rate (sudoku.cli_explain).
for _command in (_make.generate, _make.minimize, _make.grade, _explain.explain, _explain.hint,
                 _explain.rate):
    cli.add_command(_command)
# Drawing puzzles: show (defined in sudoku.cli_show); the web app: serve (sudoku.cli_serve).
cli.add_command(_show.show)
cli.add_command(_serve.serve)


def main(argv=None):
    """Entry point of the ``sudoku`` console script."""
    return run_command(cli, "sudoku", argv)


if __name__ == "__main__":  # pragma: no cover
    main()

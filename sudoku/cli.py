"""The ``sudoku`` command line: solve, count, check and pencil-mark files of puzzles.

A thin layer over :mod:`sudoku.operations`: :func:`sudoku.read_puzzles` streams
the input (one item per puzzle, in order, bad ones included), the operations
(:func:`sudoku.operations.solve`, ...) give a record per puzzle, solved in
batches, and the writer of ``--format`` (`sudoku.operations.writers`) gives
each record's text, printed as soon as it is known.  Results go to stdout,
one line per puzzle in input order (``--format grid`` prints blocks separated
by blank lines); messages, progress and statistics go to stderr.

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

``--help`` and ``--version`` do not load numba: the operations import the
solver inside their functions.
"""

from __future__ import annotations

import os
import sys
import time

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
    limit_option,
    max_nodes_option,
    quiet_option,
    run_command,
    timeout_option,
)
from dlx.cli_base import err as _err
from dlx.cli_base import isatty as _isatty

from . import operations as ops
from ._cli_common import exit_code as _exit_code
from ._cli_common import file_arguments as _files
from ._cli_common import input_options as _input_options
from ._cli_common import read_items as _read
from .grid import VARIANTS
from .operations.records import STOPPED, Marker

__all__ = ["cli", "main"]

VARIANT_NAMES = list(VARIANTS)
PROGRESS_AFTER = 1.0  # seconds before a progress counter appears
PROGRESS_EVERY = 0.25  # seconds between its updates


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


def _drive(records, name, writer, word, *, quiet, verbose, show_stats, sources=False):
    """Print every record as it comes; returns the tally, or exits on Ctrl-C.

    ``writer`` (`sudoku.operations.writers`) gives each record's text on
    stdout; a `sudoku.ResultBlock` (what `_batch` gives with ``blocks=True``)
    is written in one go, one line per puzzle.  ``word(record)`` is its
    one-word outcome for ``-v``; ``sources``: several inputs, named in ``-v``
    lines.
    """
    tally = _Tally()
    progress = _Progress(not quiet and _isatty(sys.stderr) and not _isatty(sys.stdout))
    interrupted = False
    header = writer.header()
    if header is not None:
        out(header)
    try:
        for rec in records:
            if not isinstance(rec, ops.Record):  # a ResultBlock
                tally.add_block(rec)
                progress.close()
                out(writer.write_block(rec))
                progress.update(tally.puzzles)
                continue
            res = rec.result
            tally.add(res)
            progress.close()
            if res.error is not None:
                _show_error(res, quiet)
            out(writer.write(rec))
            if verbose:
                err(_verbose_line(res, word(rec), sources))
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


def _batch(operation, file, box, variant, regions, *, jobs=1, **options):
    """The records of FILE's puzzles by ``operation`` (`sudoku.operations.solve`, check,
    count), and FILE's display name.

    ``timed``: measure each puzzle's time (for -v, json and csv), which gives
    each puzzle a kernel call of its own (see `sudoku.batch.solve_all`).
    ``blocks``: runs of one-line puzzles are read, solved and given as arrays
    (`sudoku.ResultBlock`), for output that needs no more than a line each.
    """
    items, name = _read(file, box, variant, regions, blocks=options.get("blocks", False))
    jobs = jobs or (os.cpu_count() or 1)
    chunk = None
    if "-" in _files(file) and _isatty(sys.stdin):
        # Someone typing or pasting puzzles: answer each one as it is entered,
        # rather than after 16 of them (or Ctrl-D).
        chunk = jobs = 1
    return operation(items, jobs=jobs, chunk=chunk, **options), name


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
    records, name = _batch(ops.solve, file, box, variant, regions, jobs=jobs,
                           timeout=timeout, max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose)
    tally = _drive(records, name, ops.writer(fmt, ops.SOLVE_COLUMNS), lambda rec: rec.status,
                   quiet=quiet, verbose=verbose, show_stats=show_stats,
                   sources=len(_files(file)) > 1)
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
    records, name = _batch(ops.check, file, box, variant, regions, proof=show_proof,
                           jobs=jobs, timeout=timeout, max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose and not show_proof)
    tally = _drive(records, name, ops.writer(fmt, ops.SOLVE_COLUMNS), lambda rec: rec.status,
                   quiet=quiet, verbose=verbose, show_stats=show_stats,
                   sources=len(_files(file)) > 1)
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
    records, name = _batch(ops.count, file, box, variant, regions, limit=limit, jobs=jobs,
                           timeout=timeout, max_nodes=max_nodes, scheduler=scheduler,
                           connect_timeout=connect_timeout, timed=_timed(fmt, verbose),
                           blocks=fmt == "line" and not verbose)
    tally = _drive(records, name, ops.writer(fmt, ops.COUNT_COLUMNS), lambda rec: rec.line(),
                   quiet=quiet, verbose=verbose, show_stats=show_stats,
                   sources=len(_files(file)) > 1)
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
    items, name = _read(file, box, variant, regions)
    write = ops.writer(fmt).write
    seen = invalid = 0
    try:
        for rec in ops.candidates(items):
            seen += 1
            if isinstance(rec, Marker):
                invalid += 1
                err(rec.message, quiet)
            out(write(rec))
    except KeyboardInterrupt:
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
    if not seen:
        raise click.ClickException(f"no puzzles found in {name}")
    raise click.exceptions.Exit(EXIT_BAD_INPUT if invalid else EXIT_OK)


def _exit_status(tally, not_good: int) -> int:
    if tally.invalid:
        return EXIT_BAD_INPUT
    if not_good:
        return EXIT_NO_SOLUTION
    if tally.stopped:
        return EXIT_STOPPED
    return EXIT_OK


# Making puzzles: generate, minimize, grade (defined in sudoku.cli_make); explaining
# them: explain, hint, rate (sudoku.cli_explain); drawing them: show (sudoku.cli_show);
# the web app: serve (sudoku.cli_serve).  Each module is imported when its command runs
# (or --help lists them), so that a command starts without the others' imports.
cli.lazy_commands.update({name: f"sudoku.{module}:{name}" for module, names in (
    ("cli_make", ("generate", "minimize", "grade")),
    ("cli_explain", ("explain", "hint", "rate")),
    ("cli_show", ("show",)), ("cli_serve", ("serve",))) for name in names})


def main(argv=None):
    """Entry point of the ``sudoku`` console script."""
    return run_command(cli, "sudoku", argv)


if __name__ == "__main__":  # pragma: no cover
    main()

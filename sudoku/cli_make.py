"""The puzzle-making commands of ``sudoku``: ``generate``, ``minimize`` and ``grade``.

A thin click layer over :mod:`sudoku.operations` (generate, minimize, grade); the
lead's ``sudoku`` group adds these commands with ``cli.add_command``.  They
follow the conventions of the other ``sudoku`` commands:

* results on stdout, one line per puzzle (``--format grid`` prints blocks
  separated by a blank line; ``--format json`` one object per line), in
  order, printed as soon as each is known; messages and statistics on stderr;
* ``-`` (the default FILE) is standard input;
* markers for puzzles read from a file: ``invalid`` (unreadable or clashing
  givens, message with file/line/cell on stderr), ``multiple``, ``none``
  (the puzzle does not have exactly one solution), ``unknown`` (a node or
  time limit stopped the work);
* ``generate`` output reads back with every other command: a ``# variant:``
  or ``# box:`` directive line comes first when the variant or the box shape
  is not the default, and a jigsaw puzzle's line carries its region map as a
  second field.

Exit status: 0 success; 1 bad input (an invalid puzzle, an unreadable file,
no puzzle found); 2 usage error, including requests that are impossible on
their face (windoku on 16x16, fewer clues than any unique puzzle can have);
3 (``minimize``, ``grade``) some puzzle has no solution or several;
4 ``generate`` gave up (``--tries`` or ``--timeout``) before making every
puzzle -- those made are printed -- or (``minimize``, ``grade``) a limit
stopped the work on some puzzle; 130 Ctrl-C (143 SIGTERM, 129 SIGHUP).

``--help`` loads neither numba nor numpy: the operations import the library
inside their functions.  The choice lists (`sudoku.operations.SYMMETRY_NAMES`,
...) repeat :data:`sudoku.generator.SYMMETRIES` and :data:`sudoku.grading.LEVELS`
for that reason; the tests check they agree.
"""

from __future__ import annotations

import os
import secrets
import time
from math import isqrt

import click

from dlx.cli_base import (
    CONTEXT,
    EXIT_STOPPED,
    JOBS,
    SECONDS,
    amount,
    err,
    out,
    quiet_option,
)

from . import operations as ops
from ._cli_common import Outcome, read_items, search_grades
from ._cli_common import box_callback as _box
from ._cli_common import input_options as _input_options
from ._cli_common import regions_value as _regions
from ._cli_common import run_body as _run
from .errors import GenerationError, PuzzleError
from .grid import VARIANTS, check_regions
from .limits import MAX_SIZE
from .operations import DIFFICULTY_NAMES, GRADE_NAMES, SYMMETRY_NAMES
from .operations.records import Marker

__all__ = ["generate", "minimize", "grade", "search_grades", "SYMMETRY_NAMES", "GRADE_NAMES",
           "DIFFICULTY_NAMES"]

VARIANT_NAMES = tuple(VARIANTS)

# ------------------------------------------------------------------ helpers
def _clues(ctx, param, value):
    if value is None:
        return None
    try:
        return _parse_clues(value)
    except PuzzleError as exc:
        raise click.BadParameter(exc.message) from None


def _parse_clues(text: str) -> tuple[int, int]:
    # Same rule as sudoku.generator.parse_clues, without importing numpy for --help.
    parts = text.replace(" ", "").split("-")
    try:
        lo, hi = (int(parts[0]), int(parts[-1])) if len(parts) <= 2 else (None, None)
    except ValueError:
        lo = hi = None
    if lo is None or hi is None or lo < 0 or hi < lo:
        raise PuzzleError(f"{text!r} is not a clue count N or a range MIN-MAX (e.g. 22-26)")
    return lo, hi


def _region_ids(symbols: str, param_hint: str = "'--regions'") -> tuple[int, ...]:
    """Region symbols -> ids in order of first appearance, checked."""
    text = "".join(symbols.split())
    n = isqrt(len(text))
    ids: dict[str, int] = {}
    regions = tuple(ids.setdefault(ch, len(ids)) for ch in text)
    try:
        if n * n != len(text):
            raise PuzzleError(f"the region map has {len(text)} symbols, which is not n*n "
                              "for any n")
        check_regions(regions, n)
    except PuzzleError as exc:
        raise click.BadParameter(exc.message, param_hint=param_hint) from None
    return regions


# ------------------------------------------------------------------ generate
@click.command(context_settings=CONTEXT)
@click.option("--count", "-n", "count", type=amount(0), default=1, show_default=True,
              metavar="N", help="How many puzzles.")
@click.option("--size", type=click.IntRange(min=1, max=MAX_SIZE), metavar="N",
              help="Grid size n (n x n cells) [default: 9, or from --box or --regions].")
@click.option("--box", metavar="RxC", callback=_box,
              help="Box shape, box rows x box columns (2x3 makes 6x6 puzzles) "
                   "[default: the most square shape of the size].")
@click.option("--variant", type=click.Choice(VARIANT_NAMES), default="standard",
              show_default=True,
              help="x: both diagonals are houses; windoku: four extra 3x3 windows (9x9 only); "
                   "jigsaw: irregular regions instead of boxes.")
@click.option("--regions", metavar="FILE_OR_STRING",
              help="Jigsaw region map for every puzzle (a file of n rows of n symbols, or "
                   "the n*n symbols); implies --variant jigsaw.  Without it each jigsaw "
                   "puzzle gets its own random connected regions.")
@click.option("--seed", type=click.IntRange(min=0), metavar="N",
              help="Make the output reproducible: the same seed gives the same puzzles on "
                   "every run and platform, whatever --jobs, with the same version of "
                   "numba-dlx.  Without it a fresh seed is drawn and reported on stderr.")
@click.option("--symmetry", type=click.Choice(SYMMETRY_NAMES), default="none",
              show_default=True,
              help="Where clues may stand: rotate180 (half turn), rotate90 (quarter turns), "
                   "mirror (left-right), diagonal (reflection in the main diagonal).")
@click.option("--clues", metavar="N|MIN-MAX", callback=_clues,
              help="Clue count or range: clues are removed while the solution stays unique "
                   "until the count is at most MAX (never below MIN).  Attempts that cannot "
                   "get into the range are retried.")
@click.option("--minimal", is_flag=True,
              help="Only puzzles from which no clue (with --symmetry: no symmetric group "
                   "of clues) can be removed without losing uniqueness; with --clues the "
                   "range must hold the minimal puzzle's count.")
@click.option("--grade", "level", type=click.Choice(GRADE_NAMES),
              help="Only puzzles of this grade (see `sudoku grade`), by rejection.")
@click.option("--difficulty", type=click.Choice(DIFFICULTY_NAMES),
              help="Only puzzles of this rating level (see `sudoku rate`), by rejection: "
                   "candidates are made in seeded batches and rated.  `hard` is the rare one "
                   "(about 1 in 100 random minimal 9x9 puzzles).")
@click.option("--tries", type=amount(), metavar="N",
              help="Attempts per puzzle before giving up; with --difficulty, rated candidates "
                   "per puzzle.  [default: 100; 1000 with --difficulty]")
@click.option("--timeout", type=SECONDS, metavar="SECONDS",
              help="Give up on a puzzle after SECONDS.")
@click.option("--jobs", type=JOBS, default=1, show_default=True, metavar="N",
              help="Worker processes (several puzzles) or threads (one puzzle); 0 = one per "
                   "CPU.  The output does not depend on it.")
@click.option("--solution", "with_solution", is_flag=True,
              help="Follow each puzzle with a comma and its solution (line format), or print "
                   "the solution grid after it (grid format).")
@click.option("--format", "fmt", type=click.Choice(["line", "grid", "json"]), default="line",
              show_default=True,
              help="line: one puzzle per line; grid: a grid and a blank line per puzzle; "
                   "json: one object per line with the puzzle, solution, seed, clues, "
                   "minimal and grade.")
@click.option("--stats", "show_stats", is_flag=True,
              help="Print puzzles, attempts, time and puzzles/second on stderr.")
@quiet_option
def generate(count, size, box, variant, regions, seed, symmetry, clues, minimal, level,
             difficulty, tries, timeout, jobs, with_solution, fmt, show_stats, quiet):
    """Make puzzles that have exactly one solution.

    Each puzzle starts from a random complete grid found by a randomized
    exact-cover search; clues are then removed in a random order (in
    symmetric groups with --symmetry) while a search proves the solution
    still unique.  Without --clues the removal runs until no clue (group)
    can go, so without --symmetry every puzzle is minimal.

    Output: one puzzle per line, `.` for blanks.  A `# variant: NAME` and/or
    `# box: RxC` line comes first when the variant or the box shape is not the
    default, so the output reads back as written; a jigsaw puzzle's line has
    its region map as a second field.  JSON lines hold `{"index", "seed",
    "puzzle", "solution", "size", "box", "variant", "regions", "clues",
    "symmetry", "minimal", "tries", "grade", "rating"}`; seed is the puzzle's
    own, so each line can be made again on its own: the same options with
    `--seed SEED` make that puzzle first (the first puzzle's seed is the
    run's --seed, unless --difficulty skipped candidates before it); minimal
    is true when
    proved (no clue -- with --symmetry, no symmetric group of clues -- can
    go) and null when --clues stopped the removal early; grade is null unless
    --grade was given, rating (as in `sudoku rate`) unless --difficulty was.
    In grid format a jigsaw grid follows a `# regions:` line.

    \b
    Exit status: 0 all made; 2 usage error or an impossible request (e.g.
    windoku on 16x16, fewer clues than any unique puzzle has); 4 gave up
    (--tries, --timeout) on a puzzle: the message says what was reached and
    the puzzles before it are printed.
    """
    if regions is not None and variant not in ("standard", "jigsaw"):
        raise click.UsageError(f"--regions is for jigsaw puzzles, not --variant {variant}")
    region_ids = None
    if regions is not None:
        text, _ = _regions(regions)
        region_ids = _region_ids(text)
        variant = "jigsaw"

    def body():
        workers = jobs or (os.cpu_count() or 1)
        # The run's seed, drawn here when not given, to report: the records carry each
        # puzzle's own seed, which is the run's for the first puzzle of plain generation.
        run_seed = secrets.randbits(63) if seed is None else seed
        try:
            records = ops.generate(count, difficulty=difficulty, tries=tries,
                                   with_solution=with_solution, size=size,
                                   box=box, variant=variant, regions=region_ids,
                                   seed=run_seed, symmetry=symmetry, clues=clues,
                                   minimal=minimal, grade=level, timeout=timeout,
                                   jobs=workers)
        except PuzzleError as exc:
            raise click.UsageError(exc.message) from None
        writer = ops.writer(fmt)
        first = True
        made = attempts = 0
        start = time.perf_counter()
        try:
            for rec in records:
                if first:
                    first = False
                    if seed is None:
                        err(f"sudoku generate: seed {run_seed} (use --seed {run_seed} to "
                            "repeat)", quiet)
                    for line in writer.preamble(rec):
                        out(line)
                made += 1
                attempts += rec.made.tries
                # One write per puzzle: Ctrl-C never leaves half of one.
                out(writer.write(rec))
        except GenerationError as exc:
            _generate_stats(show_stats, made, attempts, start)
            err(f"sudoku generate: puzzle {made + 1}: {exc}")
            raise click.exceptions.Exit(EXIT_STOPPED) from None
        _generate_stats(show_stats, made, attempts, start)

    _run(body)


def _generate_stats(show, made, attempts, start):
    if not show:
        return
    seconds = time.perf_counter() - start
    rate = made / seconds if seconds > 0 else 0.0
    err(f"puzzles: {made}\nattempts: {attempts}\ntime: {seconds:.3f} s\n"
        f"puzzles/second: {rate:.1f}")


# ------------------------------------------------------------------ minimize
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="Order in which clues are tried (another seed may keep other clues).")
@click.option("--max-nodes", type=click.IntRange(min=1), metavar="N",
              help="Search nodes each uniqueness check may use [default: 1000000]; a clue "
                   "whose check runs out stays.")
@click.option("--timeout", type=SECONDS, metavar="SECONDS",
              help="Give up on a puzzle after SECONDS (marker `unknown`).")
@click.option("--jobs", type=JOBS, default=1, show_default=True, metavar="N",
              help="Threads for the uniqueness checks; 0 = one per CPU.")
@click.option("--format", "fmt", type=click.Choice(["line", "grid", "json"]), default="line",
              show_default=True,
              help="line: the minimized puzzle; grid: its grid and a blank line; json: one "
                   "object per line.")
@quiet_option
def minimize(file, box, variant, regions, seed, max_nodes, timeout, jobs, fmt, quiet):
    """Remove redundant clues from every puzzle in FILE.

    Clues are tried in a random order (--seed) and removed while the
    solution stays unique, so each result is minimal: removing any one of
    its clues gives more than one solution.  The solution is the original's.
    Prints the smaller puzzle (a jigsaw's line keeps its region map), or a
    marker: `invalid` (message on stderr), `multiple` or `none` (the puzzle
    does not have exactly one solution, so there is nothing to keep),
    `unknown` (--max-nodes or --timeout stopped the first uniqueness check
    or the removal).  JSON lines hold `{"index", "source", "line", "name",
    "puzzle", "status", "minimized", "givens", "removed"}`, status being minimized or
    the marker.

    \b
    Exit status: 0 all minimized; 1 some invalid or no puzzle found;
    3 some have no solution or several; 4 some were stopped.
    """
    def body():
        items, name = read_items(file, box, variant, regions, check=True)
        threads = jobs or (os.cpu_count() or 1)
        write = ops.writer(fmt).write
        tally = Outcome()
        for rec in ops.minimize(items, seed=seed, max_nodes=max_nodes, jobs=threads,
                                timeout=timeout):
            tally.total += 1
            tally.add(rec.status)
            if isinstance(rec, Marker):
                err(rec.message, quiet)
            out(write(rec))
        if not tally.total:
            raise click.ClickException(f"no puzzles found in {name}")
        raise click.exceptions.Exit(tally.status())

    _run(body)


# ------------------------------------------------------------------ grade
@click.command(context_settings=CONTEXT)
@_input_options
@click.option("--max-nodes", type=click.IntRange(min=1), metavar="N",
              help="Search nodes allowed per puzzle [default: 1000000]; beyond them the "
                   "marker is `unknown`.")
@click.option("--format", "fmt", type=click.Choice(["line", "json", "csv"]), default="line",
              show_default=True,
              help="line: grade and numbers as key=value words; json: one object per line; "
                   "csv: a header, then one row per puzzle.")
@click.option("--stats", "show_stats", is_flag=True,
              help="Print how many puzzles got each grade (and each marker) on stderr.")
@quiet_option
def grade(file, box, variant, regions, max_nodes, fmt, show_stats, quiet):
    """Grade every puzzle in FILE by what the exact-cover search needs.

    The same as `sudoku rate --search`, kept under this name for scripts; for
    a rating by the techniques a person needs, see `sudoku rate`.  This
    measures the search, not human difficulty.  For each puzzle with
    exactly one solution it reports: whether naked and hidden singles alone
    solve it; how many guesses the search makes in proving the solution
    unique (options tried where every remaining cell and house-value had two
    or more candidates, over the whole search tree); how many branch points
    that took; and the search nodes (guesses plus the forced moves between
    them).  The grade follows from the guesses alone: `singles` (none),
    `easy-search` (at most n, e.g. 9 for 9x9), `hard-search` (more).

    \b
    Line: `easy-search singles=no guesses=4 branches=2 nodes=97 filled=31`,
    filled being the cells singles fill before the first guess; or a marker:
    invalid, multiple, none, unknown (--max-nodes ran out; the numbers that
    follow are lower bounds).  JSON lines hold `{"index", "source", "line",
    "name", "puzzle", "status", "grade", "singles", "filled_by_singles",
    "guesses", "branch_points", "nodes", "seconds"}`, status being unique or
    the marker, seconds the time spent grading the puzzle.  `--format csv`
    prints a header line of these columns, then a row per puzzle (error
    holding an invalid puzzle's message):
    index,puzzle,status,grade,singles,filled_by_singles,guesses,branch_points,nodes,seconds,error

    \b
    Exit status: 0 all graded; 1 some invalid or no puzzle found;
    3 some have no solution or several; 4 some stopped by --max-nodes.
    """
    _run(lambda: search_grades(file, box, variant, regions, max_nodes, fmt, show_stats,
                               quiet))

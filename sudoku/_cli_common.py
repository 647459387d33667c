"""Input and output helpers shared by the ``sudoku`` commands (`sudoku.cli`, `sudoku.cli_make`,
`sudoku.cli_explain`, `sudoku.cli_show`).

Nothing here imports numpy or numba, so ``--help`` stays fast.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
import warnings

import click

from dlx.cli_base import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_STOPPED,
    err,
    out,
)
from dlx.errors import DLXError

from . import operations as ops
from .errors import PuzzleError, PuzzleWarning
from .formats import read_blocks, read_puzzles
from .grid import VARIANTS, check_givens, parse_box
from .operations import GRADE_NAMES
from .operations.records import Graded, Marker

__all__ = ["box_callback", "exit_code", "file_arguments", "input_options", "regions_value",
           "read_items", "run_body", "Outcome", "search_grades"]


def box_callback(ctx, param, value):
    if value is None:
        return None
    try:
        return parse_box(value)
    except PuzzleError as exc:
        raise click.BadParameter(str(exc)) from None


def regions_value(value):
    """``--regions``: a file's symbols (comments and white space dropped), or the string."""
    if value is None:
        return None, None
    if value != "-" and os.path.isfile(value):
        try:
            # (utf-8-sig: a byte-order mark first is dropped, as the puzzle readers do)
            with open(value, encoding="utf-8-sig", errors="replace") as f:
                text = "".join(line for line in f if not line.lstrip().startswith(("#", ";")))
        except OSError as exc:
            raise click.ClickException(f"cannot read {value}: {exc.strerror or exc}") from None
        return "".join(text.split()), value
    return value, None


UNREADABLE = "sudoku.unreadable"  # ctx.meta key: some FILE argument could not be read


def file_arguments(file) -> tuple[str, ...]:
    """The FILE arguments as a tuple: none means ``-``; one string is one argument."""
    if isinstance(file, str):
        return (file,)
    return tuple(file) or ("-",)


def read_items(file, box, variant, regions, *, check=False, blocks=False):
    """The stream of items (Puzzle or PuzzleError; with ``blocks``, also the PuzzleBlocks
    of `sudoku.read_blocks`) of the FILE arguments, and a display name.

    Each argument is ``-`` (stdin, at most once), a file, or, when no file of
    that name exists, the text of a puzzle (its messages name it
    ``<argument N>``).  The items of all arguments come in argument order.
    With one argument, one that cannot be read is an error (exit status 1)
    before anything is printed; with several, its message is printed when
    the reading reaches it, the others are still read, and the command's
    exit status becomes 1 (see `exit_code`).

    ``check=False`` leaves clashing givens to the solver, which finds them in
    its kernel and names the cells; reading is then about twice as fast.
    """
    files = file_arguments(file)
    if files.count("-") > 1:
        raise click.UsageError("'-' (standard input) can be given once only")
    region_map, region_file = regions_value(regions)
    try:  # the reading options, checked once (reading starts only when iterated)
        read_puzzles((), box=box, variant=variant, regions=region_map)
    except PuzzleError as exc:
        if region_file is not None:
            raise click.ClickException(f"{region_file}: {exc.message}") from None
        raise click.BadParameter(f"{exc.message} (and no file of that name exists)",
                                 param_hint="'--regions'") from None
    options = {"box": box, "variant": variant, "regions": region_map, "check": check,
               "blocks": blocks}
    if len(files) == 1:
        try:
            items, name = _argument(files[0], 1, options)
        except _Unreadable as exc:
            raise click.ClickException(str(exc)) from None
        return _guard(items, name), name
    name = ", ".join("<stdin>" if f == "-" else _shown(f) for f in files)
    return _guard(_several(files, options), name), name


# What a mistyped file name looks like, beside a mistyped puzzle: a folder, a file
# extension, or a word (`classic`, `puzzle2`).  Only an argument that is neither a file
# nor a puzzle is matched against it, to choose which of the two to complain about.
_PATH_LIKE = re.compile(r"[/\\]|\.[a-z][a-z0-9]{1,4}$|^[A-Za-z][A-Za-z_-]*[0-9]*$")


class _Unreadable(Exception):
    """A FILE argument that is neither a readable file nor puzzle text (the message says why)."""


def _shown(arg: str) -> str:
    """An argument as messages show it: as typed, or quoted when it holds white space."""
    text = arg if len(arg) <= 90 else arg[:87] + "..."
    return repr(text) if any(ch.isspace() for ch in text) or not text else text


def _argument(arg: str, position: int, options: dict):
    """``(items, name)`` of one FILE argument; raises _Unreadable."""
    if arg == "-":
        if sys.stdin is None:  # started with its stdin closed (``<&-``)
            raise _Unreadable("cannot read <stdin>: standard input is closed")
        src, name = getattr(sys.stdin, "buffer", sys.stdin), "<stdin>"
    elif os.path.exists(arg):
        src, name = arg, arg
    else:
        # Not a file: the puzzle itself?  Read without the clash check, so that
        # clashing givens make an invalid puzzle rather than "not a puzzle".
        name = f"<argument {position}>"
        with _warnings_reported():
            items = list(read_puzzles(arg.splitlines(), box=options["box"],
                                      variant=options["variant"], regions=options["regions"],
                                      source=name, check=False))
        bad = next((x for x in items if isinstance(x, PuzzleError)), None)
        if (bad is not None or not items) and _PATH_LIKE.search(arg):
            raise _Unreadable(f"cannot read {_shown(arg)}: no such file")
        if bad is not None or not items:
            why = "no puzzle in it" if bad is None else bad.message
            if bad is not None and (bad.line or 1) > 1:
                why += f" (line {bad.line} of it)"
            raise _Unreadable(f"cannot read {_shown(arg)}: no such file, and not a "
                              f"puzzle: {why}")
        if options["check"]:
            items = [_checked(p) for p in items]
        return iter(items), name
    # A small file's puzzles one by one: as fast for a few, and a command on one puzzle
    # then need not wait for numpy to load (see sudoku.formats.lines.BULK_LINES).
    blocks = options["blocks"] and not (src is arg and _smaller_than(arg, SMALL_FILE))
    read = read_blocks if blocks else read_puzzles
    try:
        return read(src, box=options["box"], variant=options["variant"],
                    regions=options["regions"], source=name, check=options["check"]), name
    except OSError as exc:
        raise _Unreadable(f"cannot read {name}: {exc.strerror or exc}") from None


SMALL_FILE = 4096  # bytes: a few dozen one-line 9x9 puzzles


def _smaller_than(path: str, size: int) -> bool:
    try:
        return os.path.getsize(path) < size
    except OSError:
        return False  # (what reading it says)


def _checked(puzzle):
    """The puzzle, or the error naming its clashing givens."""
    try:
        check_givens(puzzle)
    except PuzzleError as exc:
        return exc.with_traceback(None)
    return puzzle


def _several(files, options):
    """The items of several FILE arguments in order; an unreadable one is reported and skipped."""
    for position, arg in enumerate(files, 1):
        try:
            items, name = _argument(arg, position, options)
        except _Unreadable as exc:
            _unreadable(str(exc))
            continue
        try:
            yield from items
        except OSError as exc:  # a read error part way through a file
            _unreadable(f"cannot read {name}: {exc.strerror or exc}")


def _unreadable(message: str) -> None:
    sys.stdout.flush()
    click.echo(message, err=True)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[UNREADABLE] = True


def exit_code(ctx, code: int) -> int:
    """A command's exit status, raised to 1 (bad input) when some FILE could not be read.

    The precedence of the commands' statuses: 130 (Ctrl-C) and 2 (usage)
    stay; 1 outranks 3 (no solution, not unique) and 4 (stopped).
    """
    if ctx.meta.get(UNREADABLE) and code in (0, 3, 4):
        return 1
    return code


def _guard(items, name):
    # Stdout is flushed before each item is read, so every result printed so far
    # is out before reading waits for more input (a pipe fed one puzzle at a
    # time); the commands print their results without flushing each line.  A
    # read error in the middle of the input (a disk error, a directory given as
    # FILE) is a bad input, not a traceback.
    items = iter(items)
    flush = sys.stdout.flush
    with _warnings_reported():
        while True:
            flush()  # outside the try: a closed stdout is not a read error
            try:
                item = next(items)
            except StopIteration:
                return
            except OSError as exc:
                why = exc.strerror or exc
                raise click.ClickException(f"cannot read {name}: {why}") from None
            yield item


@contextlib.contextmanager
def _warnings_reported():
    """While reading: a `PuzzleWarning` (a bad directive that governs no puzzle) is a
    message on stderr, as a bad puzzle's is, and makes the exit status 1."""
    with warnings.catch_warnings():
        warnings.simplefilter("always", PuzzleWarning)
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if not issubclass(category, PuzzleWarning):
                shown(message, category, filename, lineno, file, line)
                return
            _unreadable(str(message))

        warnings.showwarning = show
        yield


def input_options(f):
    """FILE arguments and the options saying how to read them: --box, --variant, --regions.

    The command gets its FILE arguments as a tuple in ``file`` (empty: stdin);
    `read_items` takes it as it is.
    """
    f = click.option("--regions", metavar="FILE_OR_STRING",
                     help="Jigsaw region map for every puzzle: a file holding n rows of n "
                          "region symbols, or the n*n symbols themselves (implies "
                          "--variant jigsaw).")(f)
    f = click.option("--variant", type=click.Choice(list(VARIANTS)),
                     help="Variant of puzzles without a '# variant:' line "
                          "[default: standard].")(f)
    f = click.option("--box", metavar="RxC", callback=box_callback,
                     help="Box shape, box rows x box columns (e.g. 2x3), for sizes whose "
                          "default shape is not the one meant.")(f)
    return click.argument("file", nargs=-1, metavar="[FILE]...")(f)


def run_body(body):
    """Run a command body: library errors become one-line messages, Ctrl-C exit 130."""
    try:
        return body()
    except DLXError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        click.echo("interrupted", err=True)
        raise click.exceptions.Exit(EXIT_INTERRUPTED) from None


class Outcome:
    """Counts of outcomes, for the exit status and --stats."""

    def __init__(self):
        self.total = self.invalid = self.not_unique = self.stopped = 0
        self.levels: dict = {}
        self.start = time.perf_counter()

    def add(self, status: str) -> None:
        """Count a record's status: invalid, not unique (multiple, none), stopped."""
        if status == "invalid":
            self.invalid += 1
        elif status in ("multiple", "none"):
            self.not_unique += 1
        elif status == "unknown":
            self.stopped += 1

    def status(self) -> int:
        if self.invalid:
            return EXIT_BAD_INPUT
        if self.not_unique:
            return EXIT_NO_SOLUTION
        if self.stopped:
            return EXIT_STOPPED
        return EXIT_OK


def search_grades(file, box, variant, regions, max_nodes, fmt, show_stats, quiet):
    """``sudoku grade``, also ``sudoku rate --search``: the search's grade of each puzzle."""
    items, name = read_items(file, box, variant, regions, check=True)
    tally = Outcome()
    writer = ops.writer(fmt, ops.GRADE_COLUMNS)
    header = writer.header()
    if header is not None:
        out(header)
    for rec in ops.grade(items, max_nodes=max_nodes, warm=fmt in ("json", "csv")):
        tally.total += 1
        if isinstance(rec, Marker):  # invalid
            err(rec.message, quiet)
        word = rec.grade.level if isinstance(rec, Graded) and rec.status == "unique" \
            else rec.status
        tally.levels[word] = tally.levels.get(word, 0) + 1
        tally.add(rec.status)
        out(writer.write(rec))
    if not tally.total:
        raise click.ClickException(f"no puzzles found in {name}")
    if show_stats:
        order = list(GRADE_NAMES) + ["multiple", "none", "unknown", "invalid"]
        seconds = time.perf_counter() - tally.start
        lines = [f"{k}: {tally.levels[k]}" for k in order if k in tally.levels]
        err("\n".join([f"puzzles: {tally.total}"] + lines + [f"time: {seconds:.3f} s"]))
    raise click.exceptions.Exit(tally.status())

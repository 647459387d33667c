"""Input and output helpers shared by the ``sudoku`` commands (`sudoku.cli`, `sudoku.cli_make`).

Nothing here imports numpy or numba at module level, so ``--help`` stays fast.
"""

from __future__ import annotations

import os
import sys

import click

from .grid import VARIANTS

__all__ = ["box_callback", "input_options", "regions_value", "read_items", "json_line"]


def box_callback(ctx, param, value):
    if value is None:
        return None
    from .errors import PuzzleError
    from .grid import parse_box

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
            with open(value, encoding="utf-8", errors="replace") as f:
                text = "".join(line for line in f if not line.lstrip().startswith(("#", ";")))
        except OSError as exc:
            raise click.ClickException(f"cannot read {value}: {exc.strerror or exc}") from None
        return "".join(text.split()), value
    return value, None


def read_items(file, box, variant, regions, *, check=False):
    """The stream of items (Puzzle or PuzzleError) of ``file``, and its display name.

    ``check=False`` leaves clashing givens to the solver, which finds them in
    its kernel and names the cells; reading is then about twice as fast.
    """
    from .errors import PuzzleError
    from .formats import read_puzzles

    region_map, region_file = regions_value(regions)
    if file == "-":
        src, name = getattr(sys.stdin, "buffer", sys.stdin), "<stdin>"
    else:
        src, name = file, file
    try:
        items = read_puzzles(src, box=box, variant=variant, regions=region_map, source=name,
                             check=check)
    except PuzzleError as exc:
        if region_file is not None:
            raise click.ClickException(f"{region_file}: {exc.message}") from None
        raise click.BadParameter(f"{exc.message} (and no file of that name exists)",
                                 param_hint="'--regions'") from None
    except OSError as exc:
        raise click.ClickException(f"cannot read {name}: {exc.strerror or exc}") from None
    return _guard(items, name), name


def _guard(items, name):
    # Stdout is flushed before each item is read, so every result printed so far
    # is out before reading waits for more input (a pipe fed one puzzle at a
    # time); the commands print their results without flushing each line.  A
    # read error in the middle of the input (a disk error, a directory given as
    # FILE) is a bad input, not a traceback.
    items = iter(items)
    flush = sys.stdout.flush
    while True:
        flush()  # outside the try: a closed stdout is not a read error
        try:
            item = next(items)
        except StopIteration:
            return
        except OSError as exc:
            raise click.ClickException(f"cannot read {name}: {exc.strerror or exc}") from None
        yield item


def json_line(obj) -> str:
    """One JSON object on one line (Puzzle, PuzzleError, sets and numpy values allowed)."""
    from .formats import to_json

    return to_json(obj)


def input_options(f):
    """FILE and the options saying how to read it: --box, --variant, --regions."""
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
    return click.argument("file", default="-", metavar="[FILE]")(f)

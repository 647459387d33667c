"""``dlx example``: classic problems written in Knuth's format, to pipe into the other commands.

Kept apart from `dlx.cli` because it is the only command that writes problems
rather than reading them; it imports :mod:`dlx.examples` (no numba).
"""

from __future__ import annotations

import re
import sys

import click

from .cli_base import CONTEXT

__all__ = ["example"]

_USAGE = {
    "queens": "queens N",
    "pentominoes": "pentominoes [RxC]",
    "langford": "langford N",
    "dominoes": "dominoes RxC",
    "polyominoes": "polyominoes RxC [SET]",
    "sudoku": "sudoku PUZZLE",
}


def _whole(name: str, text: str) -> int:
    if not re.fullmatch(r"[0-9]+", text):
        raise click.UsageError(f"{name} must be a whole number, not {text!r}")
    return int(text)


def _shape(text: str, what: str) -> tuple[int, int]:
    m = re.fullmatch(r"([0-9]+)x([0-9]+)", text)
    if not m:
        raise click.UsageError(f"{what} must be ROWSxCOLUMNS, like 6x10, not {text!r}")
    return int(m.group(1)), int(m.group(2))


def _box_option(value):
    return None if value is None else _shape(value, "--box")


@click.command(context_settings=CONTEXT)
@click.argument("name", type=click.Choice(sorted(_USAGE)), metavar="NAME")
@click.argument("args", nargs=-1)
@click.option("--break-symmetry", is_flag=True,
              help="pentominoes, langford: keep one solution of each symmetric family.")
@click.option("--box", metavar="RxC", help="sudoku: the box shape (default: the most square).")
def example(name, args, break_symmetry, box):
    """Print a classic problem in Knuth's format (pipe it into solve or count).

    \b
    NAME and ARGS:
      queens N            N queens on an N x N board (diagonals secondary)
      pentominoes [RxC]   the twelve pentominoes in a 60-cell box (default 6x10)
      langford N          Langford pairings of 1..N
      dominoes RxC        domino tilings of an R x C board (count them with --memo)
      polyominoes RxC [SET]
                          tilings of an R x C board by any number of copies of
                          each piece of SET: dominoes, trominoes, tetrominoes
                          (the default) or pentominoes
      sudoku PUZZLE       a Sudoku puzzle (1-9, then A-Z; . or 0 blank) in the
                          textbook encoding: cells and row, column, box values

    For example `dlx example queens 8 | dlx count -` prints 92.
    """
    from . import examples
    from .knuth import write_knuth

    allowed = {"pentominoes": (0, 1), "polyominoes": (1, 2)}.get(name, (1,))
    if len(args) not in allowed:
        raise click.UsageError(f"usage: dlx example {_USAGE[name]} "
                               f"({len(args)} argument{'s' * (len(args) != 1)} given)")
    if box is not None and name != "sudoku":
        raise click.UsageError("--box is for sudoku only")
    if break_symmetry and name not in ("pentominoes", "langford"):
        raise click.UsageError("--break-symmetry is for pentominoes and langford only")
    if name == "queens":
        problem = examples.queens(_whole("N", args[0]))
    elif name == "langford":
        problem = examples.langford(_whole("N", args[0]), break_symmetry=break_symmetry)
    elif name == "dominoes":
        problem = examples.dominoes(*_shape(args[0], "the board"))
    elif name == "polyominoes":
        pieces = args[1] if len(args) > 1 else "tetrominoes"
        if pieces not in examples.POLYOMINO_SETS:
            raise click.UsageError(f"SET must be one of {', '.join(examples.POLYOMINO_SETS)}, "
                                   f"not {pieces!r}")
        problem = examples.polyominoes(*_shape(args[0], "the board"), pieces)
    elif name == "pentominoes":
        rows, cols = _shape(args[0], "the board") if args else (6, 10)
        problem = examples.pentominoes(rows, cols, break_symmetry=break_symmetry)
    else:
        problem = examples.sudoku(args[0], _box_option(box))
    sys.stdout.write(f"| dlx example {' '.join([name, *args])}\n")
    write_knuth(problem, sys.stdout)

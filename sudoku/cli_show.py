"""``sudoku show``: puzzles drawn as grids in the terminal, or as SVG pictures.

A thin click layer over `sudoku.operations.show` and :mod:`sudoku.render`; the
``sudoku`` group adds the command with ``cli.add_command``.  It follows the conventions of the other
commands: the puzzles of FILE (``-``, standard input, by default) are shown
one after another in input order, each under a header line naming it
(``puzzle 2 (line 5, Grid 02): 9x9, 30 givens``); a bad puzzle gives the
header with ``invalid`` on stdout and the message (file, line, cell) on
stderr, and the rest are still shown.

``--help`` loads neither numba nor numpy: the operation imports the solver
inside its function.
"""

from __future__ import annotations

import os
import sys

import click

from dlx.cli_base import (
    CONTEXT,
    EXIT_BAD_INPUT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_STOPPED,
    err,
    isatty,
    timeout_option,
)

from . import operations as ops
from ._cli_common import input_options, read_items
from .render import render_svg, render_text

__all__ = ["show", "use_color"]


def use_color(stream, choice: bool | None = None) -> bool:
    """Whether to colour what goes to ``stream``: ``choice`` if given (``--color`` or
    ``--no-color``), else only on a terminal and when ``NO_COLOR`` is not set to a
    non-empty value (https://no-color.org; click itself does not look at it)."""
    if choice is not None:
        return choice
    return isatty(stream) and not os.environ.get("NO_COLOR")


def _can_draw_boxes(stream) -> bool:
    try:
        "┼─│".encode(getattr(stream, "encoding", None) or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _header(index: int, p=None, error=None) -> str:
    line = p.line if p is not None else error.line
    where = [f"line {line}"] if line else []
    if p is not None and p.name:
        where.append(p.name)
    text = f"puzzle {index + 1}" + (f" ({', '.join(where)})" if where else "")
    if p is None:
        return text + ": invalid"
    n = p.size
    variant = "" if p.variant == "standard" else f" {p.variant}"
    givens = p.n_givens
    return f"{text}: {n}x{n}{variant}, {givens} given{'' if givens == 1 else 's'}"


def _comment(text: str) -> str:
    # "--" may not occur inside an XML comment.
    return "<!-- " + text.replace("--", "- -") + " -->"


@click.command(context_settings=CONTEXT)
@input_options
@click.option("--solve", is_flag=True,
              help="Draw the solution too, lighter (or in another colour) than the givens.  A "
                   "puzzle without exactly one solution is drawn unsolved, with a message on "
                   "stderr.")
@click.option("--candidates", "marks", is_flag=True,
              help="Draw the pencil marks left after naked and hidden singles in the empty "
                   "cells (those of `sudoku candidates`).")
@click.option("--format", "fmt", type=click.Choice(["text", "svg"]), default="text",
              show_default=True,
              help="text: a grid with box-drawing lines; svg: an SVG picture.")
@click.option("--output", "-o", metavar="DIR", type=click.Path(file_okay=False),
              help="With --format svg: write each puzzle to DIR/puzzle-N.svg (N counts from "
                   "1 in input order; DIR is made if needed) and print the file names.")
@click.option("--color/--no-color", default=None,
              help="Colour the text: givens bold, solution cyan, pencil marks dim, X "
                   "diagonals and Windoku windows on grey [default: on a terminal, unless "
                   "NO_COLOR is set].")
@timeout_option("With --solve: give up on a puzzle after SECONDS (it is drawn unsolved).")
def show(file, box, variant, regions, solve, marks, fmt, output, color, timeout):
    """Draw every puzzle in FILE: a grid in the terminal, or an SVG picture.

    Box borders (a jigsaw's region borders) are drawn as lines; the cells of
    X diagonals and Windoku windows are on grey when colour is on, and their
    blanks show `*` instead of `.` when it is off.  Each puzzle comes under a
    header line, `puzzle 1 (line 3): 9x9 x, 28 givens`, and is followed by a
    blank line.  With --solve a solution fills the empty cells, and pencil
    marks (--candidates) are drawn in the cells still empty.

    SVG: without --output, each puzzle's document follows its header written
    as an XML comment, documents separated by a blank line (one puzzle makes a
    valid SVG file); with --output DIR, one file per puzzle.

    \b
    Exit status: 0; 1 some puzzles are invalid; with --solve, 3 some puzzle
    has no solution or several, 4 some was stopped by --timeout.
    """
    if output is not None and fmt != "svg":
        raise click.UsageError("--output writes SVG files: give --format svg too")
    colored = use_color(sys.stdout, color)
    ascii_only = not _can_draw_boxes(sys.stdout)
    items, name = read_items(file, box, variant, regions, check=True)
    seen = invalid = unsolved = stopped = 0
    for rec in ops.show(items, solve=solve, marks=marks, timeout=timeout):
        seen += 1
        index = rec.where.index
        if rec.status == "invalid":
            invalid += 1
            err(rec.message)
            text = _header(index, error=rec.error)
            click.echo("invalid" if output else _comment(text) if fmt == "svg" else text)
            if output is None:
                click.echo()
            continue
        item, solution, pencil = rec.result
        header = _header(index, item)
        if rec.status != "unique":
            err(f"{header}: {rec.status}")
            stopped += rec.status.startswith("unknown")
            unsolved += not rec.status.startswith("unknown")
        if fmt == "text":
            click.echo(header)
            click.echo(render_text(item, solution, candidates=pencil, color=colored,
                                   ascii=ascii_only), color=colored)
            click.echo()
            continue
        svg = render_svg(item, solution, candidates=pencil)
        if output is None:
            click.echo(_comment(header))
            click.echo(svg)
            click.echo()
        else:
            click.echo(_write(output, index, svg))
    if not seen:
        raise click.ClickException(f"no puzzles found in {name}")
    status = (EXIT_BAD_INPUT if invalid else EXIT_NO_SOLUTION if unsolved
              else EXIT_STOPPED if stopped else EXIT_OK)
    raise click.exceptions.Exit(status)


def _write(directory: str, index: int, svg: str) -> str:
    path = os.path.join(directory, f"puzzle-{index + 1}.svg")
    try:
        os.makedirs(directory, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg + "\n")
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from None
    return path

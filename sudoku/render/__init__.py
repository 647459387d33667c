"""Pictures of puzzles: as text for a terminal (`render_text`) and as SVG (`render_svg`).

Both draw the same thing: the grid with its box (or jigsaw region) borders,
the givens, optionally a solution and pencil marks, the cells of a variant's
extra houses (X diagonals, Windoku windows) marked, and optionally cells to
highlight and candidates shown as eliminated.  Nothing here imports numpy or
numba.
"""

from .svg import render_svg
from .text import render_text

__all__ = ["render_svg", "render_text"]

"""Reading and writing Sudoku puzzles as text.

Reading is streaming: :func:`read_puzzles` reads one line at a time (looking at
most 40 lines ahead) and yields, in input order, a :class:`~sudoku.grid.Puzzle`
or a :class:`~sudoku.errors.PuzzleError` for each puzzle, so one bad puzzle in
a file of a million is reported and the rest are still read.

Formats, detected line by line (the rules, exactly)
---------------------------------------------------
Symbols.  ``.`` or ``0`` is a blank; ``1``-``9`` are 1 to 9 and the letters
``A``-``Z`` (either case) are 10 to 35.  Grids larger than 35x35 are written as
numbers.

Lines end at LF, CRLF or a bare CR (old Mac files), in any mix; line numbers
count every line so ended.  Line kinds (leading and trailing whitespace ignored):

* blank line: ends a grid, and separates groups of puzzles;
* comment: starts with ``;`` or ``#``.  SadMan/SudoCue ``.sdk`` metadata lines
  (``#A`` author, ``#D``, ``#C``, ...) are comments.  A comment of the form
  ``# variant: NAME``, ``# box: RxC`` or ``# regions:`` (either comment mark)
  is a *directive*, below;
* section header ``[Name]``: ``[Puzzle]`` is ignored (its grid follows); any
  other section (``[State]``, ``[PencilMarks]``, ...) is skipped up to the next
  blank, comment, section or header line;
* header ``Grid NN`` (Project Euler 96): names the puzzle that follows (the
  puzzle's ``name`` is the header text and its ``line`` the header's);
* separator: only ``-``, ``=``, ``+``, ``|``, ``*`` (and box-drawing characters)
  with at least one ``-``, ``=`` or ``+``; ignored;
* anything else is puzzle content: a one-line puzzle or a grid row.

On a content line, text after whitespace followed by ``#`` or ``;`` is a
trailing comment; on a one-line puzzle it becomes the puzzle's ``name``.  If
the line holds commas: when it has 4 or more comma-separated fields that are
all numbers (or ``.``), it is a grid row of numbers (CSV); otherwise only the
first field is used (``puzzle,solution`` files).  A first content line made of
comma-separated words (a CSV header such as ``quizzes,solutions``) is skipped.

Code arrays.  A row of numbers between brackets, such as ``{ 3, 0, 6, ... },``
or ``grid = [[3, 0, 6, ...],`` (a declaration ``NAME =`` may come first), is a
row of numbers (CSV), whatever its count; lines of only brackets, commas and
semicolons, or a declaration ending in ``{`` or ``[``, are ignored like
separators.  So a 2-D array pasted from C, Java or Python is a grid, and
a one-line array of ``n*n`` numbers, none above ``n``, is a puzzle (below).
A code array that is not a whole puzzle is reported as one, with what a
puzzle needs.

One-line puzzle: a single field (no box bars ``|``) of ``n*n`` symbols for
``4 <= n <= 35`` (16, 36, 64, 81, 100, 144, ... symbols), row by row.  Under
``# variant: jigsaw`` a second whitespace-separated field of ``n*n`` region
symbols may follow.  Above 35x35 a one-line puzzle is ``n*n`` numbers separated
by whitespace (0 = blank); no grid row can be that wide.  A row of ``n*n``
numbers for ``4 <= n <= 35`` (comma- or space-separated, or a code array),
none of them above ``n``, is a one-line puzzle too (for 16 numbers, only when
no content line follows it: otherwise it is a 16x16 grid's row).

Pencil-mark (Sukaku) line: a single field of ``n*n*n`` symbols (729 for 9x9,
4096 for 16x16) in which each cell has ``n`` symbols in turn, the value
``1..n`` where it is a candidate and ``.`` or ``0`` where not, with at least
one candidate in all.  It is a Puzzle with no givens and those
``candidates``.  Such a line of 64 or 729 symbols is read so rather than as
an 8x8 or 27x27 one-line puzzle, unless the box is set to the other size.

Grid: ``n`` rows of ``n`` cells; separator lines may come between rows.  In a
row, ``|`` bars and spaces are ignored and each remaining character is one
cell, except that a row of 10 or more whitespace-separated tokens that are all
numbers (or ``.``), at least one with two or more digits, is read as numbers,
one per cell (0 = blank).  The width of the first row fixes ``n``.  The
Project Euler 96 layout (``Grid 01`` then 9 rows of 9 digits, 0 for blanks),
SadMan ``.sdk`` files and the pretty grid of :func:`format_grid` are all grids.

Telling the two apart.  A content line is a one-line puzzle when its length is
``n*n`` as above (and, when the box is set, ``n`` matches it); otherwise it
starts a grid.  Exceptions:

* a compact 16-symbol line is a 4x4 one-line puzzle, unless it begins a
  paragraph of exactly 16 such lines that each use a symbol above 4 (so none
  is a 4x4 puzzle) and make a 16x16 grid whose givens do not clash: that is a
  compact 16x16 grid.  When only some of them use a symbol above 4, they are
  read as 4x4 puzzles and each bad line's error names the grid reading and
  the box that gives it.  ``# box: 4x4`` or ``# box: 2x2`` (``--box``) settles
  it either way.  A paragraph of exactly 25 lines of 25 symbols is a compact
  25x25 grid, as 5x5 has no box shape (under ``# variant: jigsaw``, the rule
  of 16-symbol lines applies);
* a line that is neither is reported as a wrong length, not read as a grid,
  when the line before it (with no blank line between) was a one-line puzzle,
  or when the line after it is one.

Directives apply to every later puzzle until changed; the arguments of
:func:`read_puzzles` give their starting values.  A directive that cannot
be read yields no item: each puzzle it governs is an error naming the
directive's line, until the same directive comes again; one that governs
no puzzle is a :class:`~sudoku.errors.PuzzleWarning`.

* ``# variant: NAME`` -- ``standard``, ``x``, ``windoku`` or ``jigsaw``;
  switching to a variant without regions drops the region map;
* ``# box: RxC`` -- box shape (``RxC`` rows x columns), which also fixes the
  size; ``# box: auto`` returns to the default shape of each size
  (:func:`~sudoku.grid.default_box`);
* ``regions:`` (bare, or after ``#``/``;``) -- a jigsaw region map, either on
  the same line (``n*n`` symbols) or as the ``n`` rows that follow (written
  like grid rows).  Region symbols are any characters; they become ids in
  order of first appearance.  It switches the variant to ``jigsaw``.

Errors name source, line and column: wrong length (the length found and the
lengths accepted), a stray character, a symbol too large for the size,
clashing givens (the cells), a grid with too few rows or a ragged row, a bad
region map, an unknown variant, lines over :data:`MAX_LINE_LENGTH` (reported
by length, never echoed), undecodable bytes (named by value).  A line holding
a NUL byte means binary data: it is reported once and reading stops.
"""

from ..shapes import as_puzzle, parse_puzzle
from .lines import MAX_LINE_LENGTH
from .read import parse_puzzles, read_blocks, read_puzzles
from .write import (
    format_candidates,
    format_grid,
    format_line,
    format_regions,
    puzzle_to_dict,
    to_json,
)

__all__ = [
    "MAX_LINE_LENGTH", "as_puzzle", "format_candidates", "format_grid", "format_line",
    "format_regions", "parse_puzzle", "parse_puzzles", "puzzle_to_dict", "read_blocks",
    "read_puzzles", "to_json", "PuzzleBlock",
]


def __getattr__(name):
    # PuzzleBlock's module imports numpy, which `import sudoku` does not.
    if name == "PuzzleBlock":
        from .bulk import PuzzleBlock

        return PuzzleBlock
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""A Sudoku seen through `dlx.logic`: cells, houses and digits in place of items and options.

The exact-cover encoding (`sudoku.encode`) has one option per cell and digit
and two kinds of items: one per cell (``0 .. n*n - 1``) and one per house and
digit (``n*n + h*n + d - 1``, houses in `sudoku.houses` order: rows, columns,
boxes or regions, then a variant's extra houses).  A `Board` keeps what a
puzzle's shape gives for naming and for the Sudoku-only rules: which items are
cells and which house-digits, the houses of each cell, each cell's peers, and
the *families* that make set logic's patterns the named techniques.

It adds no state of its own: candidates are read from a `dlx.logic.State`.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from ..encode import cell_value, option_number, shape_key
from ..grid import Puzzle, cell_name, houses

__all__ = ["Board", "board_for", "quiet_digit", "mark_quiet", "effects_text", "cells_text",
           "set_text", "BOX_KINDS"]

BOX_KINDS = ("box", "region", "window")
"""Houses that are boxes (a jigsaw's regions, Windoku's windows): a locked candidate
with such a base is *pointing*, with such a cover *claiming*."""


class Board:
    """The geometry of one puzzle shape and variant, in the encoding's numbering.

    Attributes
    ----------
    n : int
        Grid size.
    house_names : list of str
        ``"row 1"``, ``"column 3"``, ``"box 5"``, ``"region 2"``, ``"diagonal"``...
    house_kinds : list of str
        The first word of each name (``"row"``, ``"column"``, ``"box"``, ...).
    house_cells : list of tuple of int
    cell_houses : list of tuple of int
        The houses holding each cell.
    peers : list of frozenset of int
        The cells sharing a house with each cell (itself excluded).
    """

    def __init__(self, puzzle: Puzzle):
        n = self.n = puzzle.size
        hs = houses(puzzle)
        self.house_names = [name for name, _ in hs]
        self.house_kinds = [name.split()[0] for name in self.house_names]
        self.house_cells = [tuple(cells) for _, cells in hs]
        member: list[list[int]] = [[] for _ in range(n * n)]
        for h, cells in enumerate(self.house_cells):
            for c in cells:
                member[c].append(h)
        self.cell_houses = [tuple(m) for m in member]
        self.peers = [frozenset(x for h in member[c] for x in self.house_cells[h]) - {c}
                      for c in range(n * n)]
        self.rows = [h for h, k in enumerate(self.house_kinds) if k == "row"]
        self.columns = [h for h, k in enumerate(self.house_kinds) if k == "column"]

    # ------------------------------------------------------------ numbering
    def item(self, house: int, digit: int) -> int:
        """The item "``house`` holds ``digit``"."""
        return self.n * self.n + house * self.n + digit - 1

    def is_cell(self, item: int) -> bool:
        return item < self.n * self.n

    def house_digit(self, item: int) -> tuple[int, int]:
        """The house and digit of a house-digit item."""
        h, d = divmod(item - self.n * self.n, self.n)
        return h, d + 1

    def option(self, cell: int, digit: int) -> int:
        return option_number(cell, digit, self.n)

    def cell_digit(self, option: int) -> tuple[int, int]:
        return cell_value(option, self.n)

    def rcv(self, option: int) -> tuple[int, int, int]:
        """``(row, column, value)`` of an option, counted from 1."""
        cell, v = cell_value(option, self.n)
        return cell // self.n + 1, cell % self.n + 1, v

    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def item_text(self, item: int) -> str:
        """A cell's name (``r1c2``) or a house-digit's (``7 in row 3``)."""
        if self.is_cell(item):
            return self.name(item)
        h, d = self.house_digit(item)
        return f"{d} in {self.house_names[h]}"

    # ------------------------------------------------------------ candidates
    def candidates(self, state, cell: int) -> list[int]:
        """The digits still possible in an open cell (empty for a filled one)."""
        if state.covered[cell]:
            return []
        return sorted(o % self.n + 1 for o in state.live[cell])

    def places(self, state, house: int, digit: int) -> list[int]:
        """The cells of ``house`` where ``digit`` may still go (empty once placed)."""
        item = self.item(house, digit)
        if state.covered[item]:
            return []
        return sorted(o // self.n for o in state.live[item])

    def digit_count(self, state, digit: int) -> int:
        """How many places ``digit`` has left, over the rows (each cell is in one row).

        Options only ever go, so within one state's history an unchanged count
        means unchanged places: the single-digit rules key `quiet_digit` on it."""
        live, n = state.live, self.n
        base = n * n + digit - 1
        return sum(len(live[base + h * n]) for h in self.rows)

    # ------------------------------------------------------------ families
    @cached_property
    def naked_families(self) -> list[tuple]:
        """For each house: its cells as base, its house-digit items as cover."""
        n = self.n
        return [(cells, [self.item(h, d) for d in range(1, n + 1)])
                for h, cells in enumerate(self.house_cells)]

    @cached_property
    def hidden_families(self) -> list[tuple]:
        """For each house: its house-digit items as base, its cells as cover."""
        return [(cover, base) for base, cover in self.naked_families]

    @cached_property
    def fish_families(self) -> list[tuple]:
        """For each digit: rows as base and columns as cover, then the converse."""
        out = []
        for d in range(1, self.n + 1):
            rows = [self.item(h, d) for h in self.rows]
            cols = [self.item(h, d) for h in self.columns]
            out += [(rows, cols), (cols, rows)]
        return out


def quiet_digit(board: Board, state, key: tuple, digit: int) -> bool:
    """Did the single-digit search ``key`` find nothing for ``digit`` with its places
    as they are now?  (See `mark_quiet`.)

    A rule whose search for one digit reads only that digit's places can skip the
    digit when they have not changed since it last found nothing there.  The record
    is kept in the state's ``quiet`` (as `dlx.logic.set_logic` keeps its own), which
    outlives the changes of the state that empty its memo: the explanation tries every
    rule again after each step, and a step changes the places of only a few digits."""
    return state.quiet.get((key, digit)) == board.digit_count(state, digit)


def mark_quiet(board: Board, state, key: tuple, digit: int) -> None:
    """Record that the search ``key`` found nothing for ``digit`` (see `quiet_digit`)."""
    state.quiet[(key, digit)] = board.digit_count(state, digit)


@lru_cache(maxsize=32)
def _board(key) -> Board:
    box_rows, box_cols, variant, regions = key[:4]
    n = box_rows * box_cols
    return Board(Puzzle(box_rows, box_cols, [0] * (n * n), variant, regions))


def board_for(puzzle: Puzzle) -> Board:
    """The `Board` of a puzzle's shape and variant (cached)."""
    return _board(shape_key(puzzle))


def cells_text(board: Board, cells) -> str:
    return ",".join(board.name(c) for c in cells)


def set_text(values) -> str:
    """``{1,3,7}``."""
    return "{" + ",".join(map(str, sorted(values))) + "}"


def effects_text(board: Board, placements, eliminations) -> str:
    """``r1c3=4`` for placements, ``r2c5<>3`` for eliminations, comma separated."""
    parts = [f"r{r}c{c}={v}" for r, c, v in placements]
    parts += [f"r{r}c{c}<>{v}" for r, c, v in eliminations]
    return ", ".join(parts)

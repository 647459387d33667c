"""Almost locked sets: ALS-XZ, ALS-XY-wing and Sue de Coq.

An *almost locked set* (ALS) is N open cells of one house holding N + 1
digits between them (a cell with two candidates is the smallest).  Whichever
digit it misses, it holds all the others.  A digit ``x`` is a *restricted
common* of two ALS when it is in both and every cell of one that may hold it
sees every cell of the other that may: ``x`` is in one of them at most.  The
rules take a `Board` and a `dlx.logic.State`, return a `dlx.logic.Step`
(``detail``: ``cells``, ``digits``, ``houses``, ``pattern``, and ``sets``: the
cells of each set, A, B (and C), or Sue de Coq's crossing, line and box cells,
which a front end shades) or None, and only remove candidates, like those of
`sudoku.logic.patterns`.

als-xz
    ALS A and B (no cell in common) with a restricted common ``x``: one of them
    lacks ``x`` and so holds all its other digits.  A digit ``z`` of both is then
    in A or in B, and a cell (outside both) seeing every ``z`` of both cannot be
    ``z``.  With two restricted commons (*doubly linked*) each ALS misses one of
    them and holds all its other digits: a cell seeing every place of such a
    digit in its ALS loses it, and one seeing every ``x`` of both loses ``x``.
als-xy-wing
    ALS A and B, each with a restricted common with a third, C (``x`` for A,
    ``y`` for B, ``x != y``).  C lacks at most one digit, so it holds ``x`` or
    ``y``: A lacks ``x`` or B lacks ``y``, and one of them holds all its other
    digits.  A digit ``z`` (not ``x`` or ``y``) of both A and B is in one of
    them: a cell seeing every ``z`` of both cannot be ``z``.
sue-de-coq
    Two or three open cells where a line crosses a box, with at least two more
    digits than cells, and cells L of the rest of the line and B of the rest of
    the box whose digits have none in common, so that the cells together hold
    exactly as many digits as there are cells.  No two of them can hold the same
    digit (two in L or in C share the line, two in B share the box, L and B
    share no digit), so they hold each of those digits once: a digit of L, or of
    the crossing and not of B, is in the line's chosen cells, so the rest of the
    line loses it; the same for the box.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from dlx.logic import Step

from .board import BOX_KINDS, Board, cells_text, set_text

__all__ = ["ALS", "MAX_ALS", "als_xy_wing", "als_xz", "sue_de_coq"]

MAX_ALS = 4
"""The most cells an almost locked set may have (larger ones rarely help and cost time)."""


def _bits(mask: int):
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=8)
def _bit_table(n: int) -> tuple:
    """For every digit mask (bits 1..n), its digits in order."""
    return tuple(tuple(_bits(m)) for m in range(1 << (n + 1)))


@lru_cache(maxsize=32)
def _peer_masks(board: Board) -> tuple:
    return tuple(sum(1 << p for p in board.peers[c]) for c in range(board.n * board.n))


def _masks(board: Board, state) -> dict[int, int]:
    """Open cell -> its candidates as a bit mask (bit d for digit d)."""
    got = state.memo.get("cand-mask")
    if got is None:
        n = board.n
        cov, live = state.covered, state.live
        got = {c: sum(1 << (o % n + 1) for o in live[c]) for c in range(n * n) if not cov[c]}
        state.memo["cand-mask"] = got
    return got


class _Als:
    """One almost locked set: its cells (and as a mask), house, digits, and for each
    digit the cells holding it and the cells that see all of those."""

    __slots__ = ("cells", "mask", "house", "digits", "where", "sees", "near")

    def __init__(self, cells, house, cand, peer_mask, n):
        self.cells = cells
        self.mask = sum(1 << c for c in cells)
        self.house = house
        self.digits = 0
        for c in cells:
            self.digits |= cand[c]
        # Indexed by digit (0 where the ALS lacks it).
        self.where = [0] * (n + 1)
        self.sees = [0] * (n + 1)
        for d in _bits(self.digits):
            holders = [c for c in cells if cand[c] >> d & 1]
            self.where[d] = sum(1 << c for c in holders)
            seen = -1
            for c in holders:
                seen &= peer_mask[c]
            self.sees[d] = seen
        # The cells that see every place of some digit: another ALS with none of
        # them has no restricted common with this one.
        self.near = 0
        for m in self.sees:
            self.near |= m


def _all_als(board: Board, state) -> list[_Als]:
    """Every ALS of up to `MAX_ALS` cells, once each (houses, then cells, in order)."""
    got = state.memo.get("als")
    if got is not None:
        return got
    cand = _masks(board, state)
    peer_mask = _peer_masks(board)
    seen: set[int] = set()
    got = []
    for h, house in enumerate(board.house_cells):
        open_ = [c for c in house if c in cand]
        most = min(MAX_ALS, len(open_) - 1)

        def grow(start, chosen, digits, h=h, open_=open_, most=most):
            for j in range(start, len(open_)):
                c = open_[j]
                d = digits | cand[c]
                size = len(chosen) + 1
                width = d.bit_count()
                if width > most + 1:
                    continue
                cells = chosen + (c,)
                if width == size + 1:
                    mask = sum(1 << x for x in cells)
                    if mask not in seen:
                        seen.add(mask)
                        got.append(_Als(cells, h, cand, peer_mask, board.n))
                if size < most:
                    grow(j + 1, cells, d)

        grow(0, (), 0)
    state.memo["als"] = got
    return got


def _holders(board: Board, state) -> dict[int, int]:
    """Digit -> the open cells that may hold it, as a mask."""
    got = state.memo.get("holders-mask")
    if got is None:
        got = {}
        for c, m in _masks(board, state).items():
            for d in _bits(m):
                got[d] = got.get(d, 0) | 1 << c
        state.memo["holders-mask"] = got
    return got


def _links(board: Board, state) -> list[tuple]:
    """``(i, j, restricted commons, common digits)`` for each pair of ALS (indices in
    `_all_als`, i < j) without a cell in common and with a restricted common."""
    got = state.memo.get("als-links")
    if got is not None:
        return got
    sets = _all_als(board, state)
    bits = _bit_table(board.n)
    masks = [s.mask for s in sets]
    digits = [s.digits for s in sets]
    got = []
    for i, a in enumerate(sets):
        am, ad, asees, anear = a.mask, a.digits, a.sees, a.near
        # (A comprehension first: most pairs fail these mask tests, and it is the fast loop.)
        near = [j for j in range(i + 1, len(sets))
                if masks[j] & anear and not masks[j] & am and digits[j] & ad]
        for j in near:
            bw = sets[j].where
            # Every x of B sees every x of A (the converse follows).
            rcc = tuple(x for x in bits[ad & digits[j]] if not bw[x] & ~asees[x])
            if rcc:
                got.append((i, j, rcc, ad & digits[j]))
    state.memo["als-links"] = got
    return got


def _options(board: Board, mask: int, digit: int) -> list[int]:
    return [board.option(c, digit) for c in _bits(mask)]


def _als_text(board: Board, a: _Als, cand) -> str:
    digits = [d for d in _bits(a.digits)]
    return f"{cells_text(board, a.cells)} {set_text(digits)}"


def _found(technique, removed, sets, digits, board: Board, pattern) -> Step:
    cells = sorted({c for s in sets for c in s.cells})
    return Step(technique, removed=tuple(sorted(set(removed))),
                detail={"cells": tuple(cells), "digits": tuple(sorted(digits)),
                        "houses": tuple(board.house_names[s.house] for s in sets),
                        "pattern": pattern, "sets": tuple(tuple(s.cells) for s in sets)})


def als_xz(board: Board, state) -> Step | None:
    """The first ALS-XZ that removes a candidate (pairs of ALS in order)."""
    sets = _all_als(board, state)
    holders = _holders(board, state)
    cand = _masks(board, state)
    for i, j, rcc, common in _links(board, state):
        if common & (common - 1) == 0:  # only x in common: no z
            continue
        a, b = sets[i], sets[j]
        both = a.mask | b.mask
        removed = []
        for z in _bits(common):
            if z not in rcc or len(rcc) == 2:
                removed += _options(board, a.sees[z] & b.sees[z] & holders[z] & ~both, z)
        if len(rcc) == 2:
            for s in (a, b):
                for d in _bits(s.digits):
                    if d not in rcc:
                        removed += _options(board, s.sees[d] & holders[d] & ~both, d)
        if removed:
            links = ",".join(map(str, rcc))
            zs = [z for z in _bits(common) if z not in rcc]
            how = (f"doubly linked by {links}" if len(rcc) == 2
                   else f"x={links}, z={','.join(map(str, zs))}")
            return _found("als-xz", removed, (a, b), [x for x in _bits(common)], board,
                          f"A={_als_text(board, a, cand)}, B={_als_text(board, b, cand)}, "
                          f"{how}")
    return None


def als_xy_wing(board: Board, state) -> Step | None:
    """The first ALS-XY-wing that removes a candidate (pivots C in order, then pairs of
    wings)."""
    sets = _all_als(board, state)
    holders = _holders(board, state)
    cand = _masks(board, state)
    links: dict[int, list[tuple[int, int]]] = {}
    for i, j, rcc, _ in _links(board, state):
        for x in rcc:
            links.setdefault(i, []).append((j, x))
            links.setdefault(j, []).append((i, x))
    for k in sorted(links):
        c = sets[k]
        near = links[k]
        for (i, x), (j, y) in combinations(near, 2):
            if x == y or i == j:
                continue
            a, b = sets[i], sets[j]
            if a.mask & b.mask:
                continue
            both = a.mask | b.mask
            removed = []
            for z in _bits(a.digits & b.digits & ~(1 << x | 1 << y)):
                removed += _options(board, a.sees[z] & b.sees[z] & holders[z] & ~both, z)
            if removed:
                zs = [z for z in _bits(a.digits & b.digits & ~(1 << x | 1 << y))]
                return _found("als-xy-wing", removed, (a, b, c), zs + [x, y], board,
                              f"A={_als_text(board, a, cand)}, B={_als_text(board, b, cand)}, "
                              f"C={_als_text(board, c, cand)}, x={x}, y={y}, "
                              f"z={','.join(map(str, zs))}")
    return None


@lru_cache(maxsize=32)
def _crossings(board: Board) -> tuple:
    """``(line, box, crossing cells, rest of line, rest of box)`` for each line and box
    that share two cells or more."""
    out = []
    boxes = [h for h, k in enumerate(board.house_kinds) if k in BOX_KINDS]
    for line in board.rows + board.columns:
        lc = set(board.house_cells[line])
        for box in boxes:
            bc = set(board.house_cells[box])
            if len(lc & bc) >= 2:
                out.append((line, box, tuple(sorted(lc & bc)), tuple(sorted(lc - bc)),
                            tuple(sorted(bc - lc))))
    return tuple(out)


def _groups(cells, cand, inner: int, most: int) -> list[tuple[int, tuple, int]]:
    """``(gain, cells, digits)`` for the sets of open ``cells`` (up to ``most``) that
    have more cells than digits outside ``inner`` (the crossing's digits)."""
    out = []
    for k in range(1, most + 1):
        for group in combinations(cells, k):
            digits = 0
            for c in group:
                digits |= cand[c]
            gain = k - (digits & ~inner).bit_count()
            if gain >= 1:
                out.append((gain, group, digits))
    return out


def sue_de_coq(board: Board, state) -> Step | None:
    """The first Sue de Coq that removes a candidate (lines, boxes, crossing cells in
    order; then the smallest line and box sets)."""
    cand = _masks(board, state)
    names = board.house_names
    for line, box, cross, rest_line, rest_box in _crossings(board):
        open_cross = [c for c in cross if c in cand]
        if len(open_cross) < 2:
            continue
        line_open = [c for c in rest_line if c in cand]
        box_open = [c for c in rest_box if c in cand]
        for k in range(2, len(open_cross) + 1):
            for inner_cells in combinations(open_cross, k):
                inner = 0
                for c in inner_cells:
                    inner |= cand[c]
                need = inner.bit_count() - k  # the gain the two sets must bring
                if need < 2:
                    continue
                lines_ = _groups(line_open, cand, inner, need - 1)
                boxes_ = _groups(box_open, cand, inner, need - 1)
                for gl, lg, dl in lines_:
                    for gb, bg, db in boxes_:
                        if gl + gb != need or dl & db:
                            continue
                        in_line = (dl | inner) & ~db
                        in_box = (db | inner) & ~dl
                        removed = []
                        for c in line_open:
                            if c not in lg:
                                removed += [board.option(c, d) for d in _bits(cand[c] & in_line)]
                        for c in box_open:
                            if c not in bg:
                                removed += [board.option(c, d) for d in _bits(cand[c] & in_box)]
                        for c in open_cross:
                            if c not in inner_cells:
                                removed += [board.option(c, d)
                                            for d in _bits(cand[c] & (in_line | in_box))]
                        if removed:
                            cells = sorted(inner_cells + lg + bg)
                            return Step("sue-de-coq", removed=tuple(sorted(set(removed))),
                                        detail={
                                            "cells": tuple(cells),
                                            "digits": tuple(_bits(inner | dl | db)),
                                            "houses": (names[line], names[box]),
                                            "sets": (tuple(inner_cells), tuple(lg),
                                                     tuple(bg)),
                                            "pattern": (
                                                f"{cells_text(board, inner_cells)} "
                                                f"{set_text(_bits(inner))} where "
                                                f"{names[line]} crosses {names[box]}, with "
                                                f"{cells_text(board, lg)} "
                                                f"{set_text(_bits(dl))} in the line and "
                                                f"{cells_text(board, bg)} "
                                                f"{set_text(_bits(db))} in the box")})
    return None


ALS = (sue_de_coq, als_xz, als_xy_wing)
"""The rules of this module; the technique table names them in its ``rule`` column."""

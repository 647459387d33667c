"""Single-digit patterns and finned fish: the techniques between fish and wings.

Each rule takes a `Board` and a `dlx.logic.State` and returns a `dlx.logic.Step`
(rule: the technique's name; ``detail``: ``cells``, ``digits``, ``houses`` and
``pattern``, its words) or None, like those of `sudoku.logic.chains`.  They
only remove candidates.  A *strong link* of a digit is a house where it has
exactly two places (if one is not the digit, the other is); "sees" means
shares a house.  Lines are rows and columns; boxes are the houses of
`sudoku.logic.board.BOX_KINDS` (a jigsaw's regions, Windoku's windows too).

skyscraper, two-string-kite, turbot-fish (one rule, tried in that order)
    Two strong links of one digit, ``a=b`` and ``c=d``, whose inner ends
    ``b`` and ``c`` see each other: if ``a`` is not the digit, ``b`` is, so
    ``c`` is not and ``d`` is.  One of ``a`` and ``d`` holds the digit, and a
    cell that sees both cannot.  A *skyscraper* has both links in rows (or
    both in columns) and its inner ends in one line of the other kind; a
    *two-string-kite* one link in a row, one in a column, its inner ends in a
    box; every other such chain of three links is a *turbot-fish*.  They are
    the shortest x-chains, so they are written as x-chains are
    (``r1c2=r1c8-r4c8=r4c3``).
empty-rectangle
    A box whose places for the digit all lie in one row R and one column C
    (in at least two cells, not all in one of them), and a strong link
    ``p=q`` in a line with ``p`` outside the box, in R (or in C).  A cell T
    in C (or R) outside the box that sees ``q`` cannot hold the digit: if it
    did, ``q`` would not, so ``p`` would, and between them T and ``p`` see
    every place of the digit in the box.
finned and sashimi x-wing, swordfish, jellyfish
    k base lines of one digit (rows, or columns) whose places lie in k cover
    lines of the other kind, except for some *fins*, all in one box.  Either
    no fin holds the digit, and the base is a fish: the cover lines' other
    places lose the digit; or a fin does, and the fin's box loses it.  So a
    place in the cover lines and the fins' box, outside the base, cannot
    hold the digit.  It is *sashimi* when a base line, without its fins, has
    only one place in the cover (without the fins it would not be a fish).
"""

from __future__ import annotations

import weakref
from itertools import combinations

from dlx.logic import Step

from .board import BOX_KINDS, Board, cells_text, mark_quiet, quiet_digit
from .chains import x_chain_detail

__all__ = ["PATTERNS", "empty_rectangle", "finned_jellyfish", "finned_swordfish",
           "finned_x_wing", "turbot_fish"]


def _places(board: Board, state, digit: int) -> dict[int, set[int]]:
    """For each house, the cells where ``digit`` may still go (houses with none left out).

    Kept in the state's memo, which every change empties: the rules of this module
    all read them."""
    key = ("places", digit)
    got = state.memo.get(key)
    if got is None:
        got = {}
        n = board.n
        live, cov = state.live, state.covered
        for h in range(len(board.house_cells)):
            item = board.item(h, digit)
            if not cov[item] and live[item]:
                got[h] = {o // n for o in live[item]}
        state.memo[key] = got
    return got


def _strong(places: dict[int, set[int]]) -> list[tuple[int, int, int]]:
    """The strong links ``(house, a, b)`` (a < b), houses in order."""
    out = []
    for h, p in places.items():
        if len(p) == 2:
            a, b = sorted(p)
            out.append((h, a, b))
    return out


def _removal(board: Board, cells, digit: int, holders) -> tuple:
    return tuple(sorted(board.option(c, digit) for c in cells if c in holders))


def _found(technique: str, removed, cells, digit: int, houses, pattern: str,
           **drawn) -> Step:
    # drawn: the chain a front end draws (``nodes``, ``links``), for the three-link ones.
    return Step(technique, removed=removed,
                detail={"cells": tuple(cells), "digits": (digit,), "houses": tuple(houses),
                        "pattern": pattern, **drawn})


def _line(kind: str) -> bool:
    return kind in ("row", "column")


def _shared_kinds(board: Board, b: int, c: int) -> set[str]:
    """The kinds of the houses two cells share."""
    return {board.house_kinds[h] for h in set(board.cell_houses[b]) & set(board.cell_houses[c])}


_TURBOT = ("sudoku.logic.patterns.turbot_fish",)


def turbot_fish(board: Board, state) -> Step | None:
    """The first skyscraper, else two-string kite, else turbot fish, that removes a
    candidate: digits in order, pairs of strong links in house order."""
    peers = board.peers
    found: dict[str, Step] = {}
    for d in range(1, board.n + 1):
        if quiet_digit(board, state, _TURBOT, d):
            continue
        places = _places(board, state, d)
        holders = set().union(*places.values()) if places else set()
        links = _strong(places)
        for i, (h1, a1, b1) in enumerate(links):
            for h2, a2, b2 in links[i + 1:]:
                if {a1, b1} & {a2, b2}:
                    continue  # a shared cell: simple colouring's or an x-chain's
                for a, b in ((a1, b1), (b1, a1)):
                    for c, e in ((a2, b2), (b2, a2)):
                        if c not in peers[b]:
                            continue
                        k1, k2 = board.house_kinds[h1], board.house_kinds[h2]
                        share = _shared_kinds(board, b, c)
                        if k1 == k2 and _line(k1) and (share - {k1}) & {"row", "column"}:
                            technique = "skyscraper"
                        elif {k1, k2} == {"row", "column"} and share & set(BOX_KINDS):
                            technique = "two-string-kite"
                        else:
                            technique = "turbot-fish"
                        if technique in found:
                            continue
                        removed = _removal(board, (peers[a] & peers[e]) - {a, b, c, e}, d,
                                           holders)
                        if removed:
                            names = board.house_names
                            found[technique] = _found(
                                technique, removed, (a, b, c, e), d, (names[h1], names[h2]),
                                f"{d}: {board.name(a)}={board.name(b)}-{board.name(c)}="
                                f"{board.name(e)}", **x_chain_detail(d, (a, b, c, e)))
        if not found:
            # (Once something is found, the techniques found are no longer looked for.)
            mark_quiet(board, state, _TURBOT, d)
    # Every digit's skyscrapers come first, then kites, then the other turbot fish.
    for technique in ("skyscraper", "two-string-kite", "turbot-fish"):
        if technique in found:
            return found[technique]
    return None


_EMPTY = ("sudoku.logic.patterns.empty_rectangle",)


def empty_rectangle(board: Board, state) -> Step | None:
    """The first empty rectangle that removes a candidate: digits, boxes, then the
    box's row and column, in order."""
    names, kinds, cells_of = board.house_names, board.house_kinds, board.house_cells
    boxes = [h for h, k in enumerate(kinds) if k in BOX_KINDS]
    lines = [h for h, k in enumerate(kinds) if _line(k)]
    line_sets = {h: set(cells_of[h]) for h in lines}
    peers = board.peers
    for d in range(1, board.n + 1):
        if quiet_digit(board, state, _EMPTY, d):
            continue
        places = _places(board, state, d)
        holders = set().union(*places.values()) if places else set()
        links = [(h, a, b) for h, a, b in _strong(places) if h in line_sets]
        for box in boxes:
            inside = places.get(box, set())
            if len(inside) < 2:
                continue
            box_cells = set(cells_of[box])
            rows = [h for h in board.rows if line_sets[h] & box_cells]
            cols = [h for h in board.columns if line_sets[h] & box_cells]
            for r in rows:
                for c in cols:
                    R, C = line_sets[r], line_sets[c]
                    if not inside <= R | C or inside <= R or inside <= C:
                        continue
                    for h, x, y in links:
                        for p, q in ((x, y), (y, x)):
                            if p in box_cells or q in box_cells:
                                continue
                            for here, there in ((R, C), (C, R)):
                                if p not in here:
                                    continue
                                targets = {t for t in there - box_cells
                                           if t in holders and t not in (p, q) and q in peers[t]}
                                removed = _removal(board, targets, d, holders)
                                if removed:
                                    technique = "empty-rectangle"
                                    return _found(
                                        technique, removed, sorted(inside) + [p, q], d,
                                        (names[box], names[r], names[c], names[h]),
                                        f"{d} in {names[box]} only in {names[r]} and "
                                        f"{names[c]}, with {board.name(p)}={board.name(q)}")
        mark_quiet(board, state, _EMPTY, d)
    return None


_FINNED = "sudoku.logic.patterns.finned"
_geometry: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _fin_geometry(board: Board) -> tuple:
    """What the finned fish read of a board's shape, computed once per board: the boxes,
    each cell's box, and for rows as base then columns: each cell's cover line and, as
    bit masks of house numbers, the cover lines each box meets (distinct ones)."""
    got = _geometry.get(board)
    if got is None:
        cells_of = board.house_cells
        boxes = [h for h, kind in enumerate(board.house_kinds) if kind in BOX_KINDS]
        # (A cell in a box and a window counts as the window's, the later house.)
        box_of = {c: b for b in boxes for c in cells_of[b]}
        box_cells = {b: frozenset(cells_of[b]) for b in boxes}
        kinds = []
        for base_kind, cover_kind in ((board.rows, board.columns),
                                      (board.columns, board.rows)):
            cover_of = {c: h for h in cover_kind for c in cells_of[h]}
            masks = {sum(1 << h for h in {cover_of[c] for c in cells_of[b]}) for b in boxes}
            kinds.append((base_kind, cover_of, sorted(masks)))
        got = _geometry[board] = (box_of, box_cells, kinds)
    return got


def _finned(board: Board, state, k: int) -> tuple | None:
    """The first finned fish of size k that removes a candidate, as ``(sashimi, step
    parts)``: rows as base before columns, then digits and base lines in order."""
    names, cells_of = board.house_names, board.house_cells
    box_of, box_cells_of, kinds = _fin_geometry(board)
    n = board.n
    for kind, (base_kind, cover_of, masks) in enumerate(kinds):
        key = (_FINNED, k, kind)
        for d in range(1, n + 1):
            if quiet_digit(board, state, key, d):
                continue  # the digit's places are as when it last gave nothing
            places = _places(board, state, d)
            holders = set().union(*places.values()) if places else set()
            lines = [(h, places[h], sum(1 << cover_of[c] for c in places[h]))
                     for h in base_kind if h in places and len(places[h]) >= 2]

            for base in _bases(lines, k, masks):
                base_cells = set().union(*(places[h] for h in base))
                in_base = set().union(*(cells_of[h] for h in base))
                for box in sorted({box_of[c] for c in base_cells if c in box_of}):
                    outside = places.get(box, set()) - in_base
                    if not outside:
                        continue  # nothing in the box to remove
                    box_cells = box_cells_of[box]
                    fins0 = base_cells & box_cells
                    must = {cover_of[c] for c in base_cells - box_cells}
                    if len(must) > k:
                        continue
                    fin_lines = {cover_of[c] for c in fins0} - must
                    if not any(cover_of[c] in must or cover_of[c] in fin_lines
                               for c in outside):
                        continue  # no cover can reach a place in the box to remove
                    extra = sorted(fin_lines)
                    for add in combinations(extra, k - len(must)):
                        cover = must | set(add)
                        fins = {c for c in fins0 if cover_of[c] not in cover}
                        if not fins:
                            continue
                        body = [places[h] - fins for h in base]
                        if not all(body):
                            continue
                        targets = {c for h in cover for c in places.get(h, ())
                                   if c in box_cells and c not in in_base}
                        removed = _removal(board, targets, d, holders)
                        if removed:
                            sashimi = any(len(b) < 2 for b in body)
                            cover_lines = sorted(cover)
                            return sashimi, removed, sorted(base_cells), d, (
                                [names[h] for h in base] + [names[h] for h in cover_lines]
                                + [names[box]]), (
                                f"{d} in {_lines_text(names, base)} only in "
                                f"{_lines_text(names, cover_lines)} but for the fin"
                                f"{'s' if len(fins) > 1 else ''} "
                                f"{cells_text(board, sorted(fins))} in {names[box]}")
            mark_quiet(board, state, key, d)
    return None


def _bases(lines, k: int, masks, start: int = 0, base: tuple = (), spanned: int = 0):
    """The sets of k base lines (``(house, places, cover lines as a bit mask)``), in
    order, whose places span more than k cover lines (else no fin) and, for some box,
    at most k outside the cover lines the box meets (``masks``): the lines of a base
    outside the fins' box are all cover lines.  A partial base beyond that for every
    box only grows, so it is not extended."""
    if len(base) == k:
        if spanned.bit_count() > k:
            yield base
        return
    for j in range(start, len(lines) - (k - len(base)) + 1):
        h, _, cols = lines[j]
        wide = spanned | cols
        if any((wide & ~m).bit_count() <= k for m in masks):
            yield from _bases(lines, k, masks, j + 1, base + (h,), wide)


def _lines_text(names, houses) -> str:
    """``rows 2,6``."""
    words = [names[h].split() for h in houses]
    return f"{words[0][0]}s {','.join(w[-1] for w in words)}"


def _finned_step(board: Board, state, size: int, finned: str, sashimi: str) -> Step | None:
    """The first finned or sashimi fish of ``size`` houses that removes a candidate, as
    the step of technique ``finned`` or ``sashimi``."""
    got = _finned(board, state, size)
    if got is None:
        return None
    is_sashimi, *parts = got
    return _found(sashimi if is_sashimi else finned, *parts)


# (Each rule names its techniques itself: the technique table's test reads them there.)
def finned_x_wing(board: Board, state) -> Step | None:
    """The first finned (or sashimi) x-wing that removes a candidate."""
    return _finned_step(board, state, 2, "finned-x-wing", "sashimi-x-wing")


def finned_swordfish(board: Board, state) -> Step | None:
    """The first finned (or sashimi) swordfish that removes a candidate."""
    return _finned_step(board, state, 3, "finned-swordfish", "sashimi-swordfish")


def finned_jellyfish(board: Board, state) -> Step | None:
    """The first finned (or sashimi) jellyfish that removes a candidate."""
    return _finned_step(board, state, 4, "finned-jellyfish", "sashimi-jellyfish")


PATTERNS = (turbot_fish, empty_rectangle, finned_x_wing, finned_swordfish, finned_jellyfish)
"""The rules of this module; the technique table names them in its ``rule`` column."""

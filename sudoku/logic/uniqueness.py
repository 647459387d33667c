"""Uniqueness steps: removals that hold because the puzzle has exactly one solution.

A *deadly pattern* is a set of open (or placed, never given) cells whose digits
could be swapped without breaking any house: with it, the puzzle would have
two solutions or none.  On a puzzle known to have one solution (the explainer
checks that by a search first, and leaves these rules out otherwise, or when
asked to), a step that prevents one is sound.  The rules take a `Board`, a
`dlx.logic.State` and the given cells (`frozenset`), and return a
`dlx.logic.Step` (``detail``: ``cells``, ``digits``, ``pattern``) or None.

A *rectangle* is four cells in two rows and two columns that every house meets
in an even number of cells (two boxes in a plain Sudoku): swapping two digits
``a`` and ``b`` in it keeps every house's digits.  With both digits in all four
cells, the *floor* cells are those holding only {a, b}, the *roof* the others.

unique-rectangle-1
    Three floor cells: the roof cannot be ``a`` or ``b``.
unique-rectangle-2
    Two floor cells in one line, the two roof cells with one extra digit ``c``,
    the same: one of them is ``c``, so a cell seeing both is not.
unique-rectangle-3
    Two floor cells in one line, the roof's extra digits with k - 1 other cells
    of a house holding both roof cells form a naked k-subset: the other cells of
    that house lose those digits.
unique-rectangle-4
    Two floor cells in one line, and ``a`` only in the two roof cells in a house
    holding both: ``a`` is one of them, so neither is ``b``.
unique-rectangle-6
    Two floor cells on a diagonal, and ``a`` only in the rectangle in both its
    rows (or both its columns): the roof cells are not ``a``.
hidden-rectangle
    A floor cell, and ``a`` only in the rectangle in the row and the column of
    the opposite cell: that cell is not ``b``.
avoidable-rectangle-1, avoidable-rectangle-2
    The same on cells already placed by the explanation (not givens), whose
    digits could be swapped as well: three placed cells ``a, b, b`` leave the
    fourth without ``a`` (type 1); two placed ``a, b`` in one line, with the
    cells across holding {b, c} and {a, c}, make one of those ``c`` (type 2).
bug-plus-1
    Every open cell has two candidates and every digit two places in each house
    (a *bivalue universal grave*: taking the other candidate in every cell is a
    second solution) but for one cell with three, whose odd digit has three
    places in its houses: that cell holds it.  Checked on the items of the exact
    cover, so it holds for every variant.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from dlx.logic import Step

from .board import Board, cells_text, set_text

__all__ = ["UNIQUENESS", "avoidable_rectangle", "bug_plus_1", "hidden_rectangle",
           "unique_rectangle"]


@lru_cache(maxsize=32)
def _rectangles(board: Board) -> tuple:
    """The rectangles ``(p, q, r, s)``: p, q in one row, r, s the next one of theirs,
    p, r in one column; every house meets them in 0, 2 or 4 cells."""
    n = board.n
    out = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            rect = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            count: dict[int, int] = {}
            for c in rect:
                for h in board.cell_houses[c]:
                    count[h] = count.get(h, 0) + 1
            if all(k % 2 == 0 for k in count.values()):
                out.append(rect)
    return tuple(out)


def _candidates(board: Board, state) -> dict[int, frozenset]:
    got = state.memo.get("cand")
    if got is None:
        n = board.n
        cov, live = state.covered, state.live
        got = {c: frozenset(o % n + 1 for o in live[c]) for c in range(n * n) if not cov[c]}
        state.memo["cand"] = got
    return got


def _removal(board: Board, cells, digits, cand) -> tuple:
    return tuple(sorted(board.option(c, d) for c in set(cells) for d in digits
                        if d in cand.get(c, ())))


def _step(technique: str, removed, cells, digits, pattern: str, chosen=()) -> Step:
    return Step(technique, chosen=tuple(chosen), removed=tuple(removed),
                detail={"cells": tuple(cells), "digits": tuple(sorted(digits)),
                        "pattern": pattern})


def _shared(board: Board, a: int, b: int) -> list[int]:
    """The houses holding both cells, in house order."""
    return sorted(set(board.cell_houses[a]) & set(board.cell_houses[b]))


def _row(board: Board, c: int) -> int:
    return board.rows[c // board.n]


def _column(board: Board, c: int) -> int:
    return board.columns[c % board.n]


def _only(board: Board, state, house: int, digit: int, cells) -> bool:
    """Is ``digit`` in ``house`` only in ``cells`` (its places there all among them)?"""
    places = board.places(state, house, digit)
    return bool(places) and set(places) <= set(cells)


def _opposite(rect, c: int) -> int:
    return rect[3 - rect.index(c)]


def _rects(board: Board, cand):
    """``(rect, a, b, floor)`` for each rectangle of open cells, both digits in all
    four, at least one floor cell: rectangles in order, digit pairs in order."""
    for rect in _rectangles(board):
        if any(c not in cand for c in rect):
            continue
        common = cand[rect[0]] & cand[rect[1]] & cand[rect[2]] & cand[rect[3]]
        if len(common) < 2:
            continue
        pairs = sorted({tuple(sorted(cand[c])) for c in rect if len(cand[c]) == 2} & {
            tuple(sorted(p)) for p in combinations(common, 2)})
        for a, b in pairs:
            yield rect, a, b, [c for c in rect if cand[c] == {a, b}]


def _where(board: Board, rect, a: int, b: int) -> str:
    return f"{set_text((a, b))} in {cells_text(board, sorted(rect))}"


def unique_rectangle(board: Board, state, givens=frozenset()) -> Step | None:
    """The first unique rectangle that removes a candidate: type 1 before 2, 3, 4 and 6,
    then rectangles and digit pairs in order."""
    cand = _candidates(board, state)
    found: dict[str, Step] = {}
    for rect, a, b, floor in _rects(board, cand):
        where = _where(board, rect, a, b)
        roof = [c for c in rect if c not in floor]
        if len(floor) == 3:
            technique = "unique-rectangle-1"
            if technique not in found:
                (c,) = roof
                found[technique] = _step(technique, _removal(board, [c], (a, b), cand), rect,
                                         (a, b), f"{where}; only {board.name(c)} has more")
            continue
        if len(floor) != 2:
            continue
        x, y = roof
        if y != _opposite(rect, x):
            _in_line(board, state, cand, rect, a, b, x, y, where, found)
            continue
        technique = "unique-rectangle-6"
        if technique in found:
            continue
        for u in (a, b):
            for lines in ((_row(board, x), _row(board, y)),
                          (_column(board, x), _column(board, y))):
                if all(_only(board, state, h, u, rect) for h in lines):
                    removed = _removal(board, roof, (u,), cand)
                    kind = "rows" if lines[0] in board.rows else "columns"
                    nums = ",".join(board.house_names[h].split()[-1] for h in sorted(lines))
                    found[technique] = _step(technique, removed, rect, (a, b),
                                             f"{where}; {u} in {kind} {nums} only in the rectangle")
                    break
            if technique in found:
                break
    for technique in ("unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3",
              "unique-rectangle-4", "unique-rectangle-6"):
        if technique in found:
            return found[technique]
    return None


def _in_line(board: Board, state, cand, rect, a, b, x, y, where, found) -> None:
    """Types 2, 3 and 4 of a rectangle whose roof ``x, y`` lies in one line."""
    peers = board.peers
    ex, ey = cand[x] - {a, b}, cand[y] - {a, b}
    technique = "unique-rectangle-2"
    if technique not in found and ex == ey and len(ex) == 1:
        (c,) = ex
        removed = _removal(board, (peers[x] & peers[y]) - set(rect), (c,), cand)
        if removed:
            found[technique] = _step(technique, removed, rect, (a, b, c),
                                     f"{where}; {board.name(x)} and {board.name(y)} both add {c}")
    technique = "unique-rectangle-4"
    if technique not in found:
        for h in _shared(board, x, y):
            for u, v in ((a, b), (b, a)):
                if _only(board, state, h, u, (x, y)):
                    removed = _removal(board, (x, y), (v,), cand)
                    found[technique] = _step(technique, removed, rect, (a, b),
                                             f"{where}; {u} in {board.house_names[h]} only at "
                                             f"{board.name(x)},{board.name(y)}")
                    return
    technique = "unique-rectangle-3"
    if technique in found:
        return
    extra = ex | ey
    for h in _shared(board, x, y):
        others = [c for c in board.house_cells[h] if c in cand and c not in (x, y)]
        for k in range(1, min(4, len(others))):
            for subset in combinations(others, k):
                digits = extra.union(*(cand[c] for c in subset))
                if len(digits) != k + 1:
                    continue
                rest = [c for c in others if c not in subset]
                removed = _removal(board, rest, digits, cand)
                if removed:
                    found[technique] = _step(
                        technique, removed, list(rect) + list(subset), sorted(digits),
                        f"{where}; the extra {set_text(extra)} of "
                        f"{board.name(x)},{board.name(y)} with {cells_text(board, subset)} "
                        f"hold {set_text(digits)} in {board.house_names[h]}")
                    return


def hidden_rectangle(board: Board, state, givens=frozenset()) -> Step | None:
    """The first hidden rectangle that removes a candidate (rectangles, digit pairs and
    floor cells in order)."""
    cand = _candidates(board, state)
    for rect, a, b, floor in _rects(board, cand):
        for f in floor:
            d = _opposite(rect, f)
            if d in floor:
                continue
            row, col = _row(board, d), _column(board, d)
            for u, v in ((a, b), (b, a)):
                if _only(board, state, row, u, rect) and _only(board, state, col, u, rect):
                    return _step("hidden-rectangle", _removal(board, [d], (v,), cand), rect,
                                 (a, b), f"{_where(board, rect, a, b)}; {u} in "
                                 f"{board.house_names[row]} and {board.house_names[col]} "
                                 f"only in the rectangle")
    return None


def _placed(board: Board, state, givens) -> dict[int, int]:
    """The digits the explanation placed (givens left out): cell -> digit."""
    n = board.n
    return {o // n: o % n + 1 for o in state.chosen if o // n not in givens}


def avoidable_rectangle(board: Board, state, givens=frozenset()) -> Step | None:
    """The first avoidable rectangle that removes a candidate: type 1 before type 2,
    rectangles in order."""
    placed = _placed(board, state, givens)
    if len(placed) < 2:
        return None
    cand = _candidates(board, state)
    second = None
    for rect in _rectangles(board):
        done = [c for c in rect if c in placed]
        if len(done) == 3:
            (d,) = [c for c in rect if c not in placed]
            if d not in cand:
                continue
            a = placed[_opposite(rect, d)]
            side = [placed[c] for c in done if c != _opposite(rect, d)]
            if side[0] == side[1] != a and a in cand[d]:
                return _step("avoidable-rectangle-1", _removal(board, [d], (a,), cand), rect,
                             (a, side[0]), f"{_placed_text(board, placed, done)} placed, "
                             f"not given")
        elif len(done) == 2 and second is None:
            p, q = done
            if q == _opposite(rect, p) or placed[p] == placed[q]:
                continue
            r, s = _opposite(rect, q), _opposite(rect, p)  # r across from p, s from q
            if r not in cand or s not in cand:
                continue
            a, b = placed[p], placed[q]
            er, es = cand[r] - {b}, cand[s] - {a}
            if len(cand[r]) == 2 == len(cand[s]) and b in cand[r] and a in cand[s] \
                    and er == es:
                (c,) = er
                removed = _removal(board, (board.peers[r] & board.peers[s]) - set(rect),
                                   (c,), cand)
                if removed:
                    second = _step("avoidable-rectangle-2", removed, rect, (a, b, c),
                                   f"{_placed_text(board, placed, done)} placed, not given; "
                                   f"{board.name(r)} {set_text(cand[r])}, {board.name(s)} "
                                   f"{set_text(cand[s])}")
    return second


def _placed_text(board: Board, placed, cells) -> str:
    return ", ".join(f"{board.name(c)}={placed[c]}" for c in sorted(cells))


def bug_plus_1(board: Board, state, givens=frozenset()) -> Step | None:
    """The bivalue universal grave plus one, if the position is one."""
    n = board.n
    live, cov = state.live, state.covered
    tri = None
    for c in range(n * n):
        if cov[c] or len(live[c]) == 2:
            continue
        if len(live[c]) != 3 or tri is not None:
            return None
        tri = c
    if tri is None:
        return None
    three = []
    for i in range(n * n, state.shape.n_primary):
        if not cov[i] and len(live[i]) != 2:
            if len(live[i]) != 3:
                return None
            three.append(i)
    odd = [o for o in live[tri]
           if sorted(i for i in state.items(o) if i != tri and not cov[i]) == three]
    if len(odd) != 1:
        return None
    (o,) = odd
    d = o % n + 1
    houses = [board.house_names[board.house_digit(i)[0]] for i in three]
    return _step("bug-plus-1", (), (tri,), (d,),
                 f"every open cell but {board.name(tri)} has two candidates, every digit two "
                 f"places in each house but {d} three in {', '.join(houses)}", chosen=(o,))


UNIQUENESS = (bug_plus_1, unique_rectangle, hidden_rectangle, avoidable_rectangle)
"""The rules of this module; the technique table names them in its ``rule`` column.  They
take the given cells as a third argument and are used only on puzzles with one solution."""

"""Sudoku techniques beyond set logic: wings and single-digit chains.

Each rule takes a `dlx.logic.State` (through a `Board`) and returns a
`dlx.logic.Step` whose rule is the technique's name and whose ``detail``
holds the pattern (``cells``, ``digits``, and ``pattern``, its words; an
x-chain's ``nodes`` and ``links``, simple colouring's two colours as ``sets``),
or None.  All of them only remove candidates.  "Sees" means shares a house.

xy-wing
    A pivot cell with two candidates {x, y} sees two pincers {x, z} and
    {y, z}.  Whatever the pivot holds, one pincer is z: a cell that sees both
    pincers cannot be z.
xyz-wing
    A pivot {x, y, z} sees pincers {x, z} and {y, z}: one of the three is z,
    so a cell that sees all three cannot be z.
simple-colouring
    For one digit, the houses where it has exactly two places (conjugate
    pairs) link cells that hold it alternately: colour each connected group
    with two colours, and exactly one colour is the digit.  If two cells of
    one colour see each other, that colour is false (*wrap*); a cell that
    sees both colours cannot hold the digit (*trap*).
x-chain
    For one digit, a chain of cells that alternates strong links (a
    conjugate pair: if one end is not the digit the other is) and weak links
    (the two cells see each other), starting and ending with a strong link:
    one of its two ends holds the digit, so a cell that sees both cannot.
    Chains of strong links only are left to simple colouring, which is tried
    first.
"""

from __future__ import annotations

from collections import deque

from dlx.logic import Step

from .aic import chain_detail
from .board import Board, cells_text, mark_quiet, quiet_digit, set_text

__all__ = ["CHAINS", "MAX_CHAIN", "x_chain", "x_chain_detail", "xy_wing", "xyz_wing",
           "simple_colouring"]

MAX_CHAIN = 13
"""The most links an x-chain may have (strong and weak)."""


def _candidates(board: Board, state) -> dict[int, set[int]]:
    """The candidates of every open cell."""
    n = board.n
    cov, live = state.covered, state.live
    return {c: {o % n + 1 for o in live[c]} for c in range(n * n) if not cov[c]}


def _removal(board: Board, cells, digit: int, cand) -> tuple:
    return tuple(sorted(board.option(c, digit) for c in cells if digit in cand.get(c, ())))


def _step(technique: str, removed, cells, digits, pattern: str, **drawn) -> Step:
    # drawn: the chain (``nodes``, ``links``) or the colour groups (``sets``) a front end
    # draws.
    return Step(technique, removed=removed,
                detail={"cells": tuple(cells), "digits": tuple(digits), "pattern": pattern,
                        **drawn})


def xy_wing(board: Board, state) -> Step | None:
    """The first xy-wing that removes a candidate (pivots in cell order)."""
    cand = _candidates(board, state)
    pairs = {c: v for c, v in cand.items() if len(v) == 2}
    peers = board.peers
    for p, pv in pairs.items():
        x, y = sorted(pv)
        wings = [a for a in peers[p] if a in pairs and len(pairs[a] & pv) == 1]
        for a in sorted(wings):
            if x not in pairs[a]:
                continue
            z = next(iter(pairs[a] - pv))
            for b in sorted(wings):
                if pairs[b] != {y, z}:
                    continue
                removed = _removal(board, (peers[a] & peers[b]) - {p}, z, cand)
                if removed:
                    return _step("xy-wing", removed, (p, a, b), (x, y, z),
                                 f"{board.name(p)} {set_text(pv)} with {board.name(a)} "
                                 f"{set_text(pairs[a])} and {board.name(b)} "
                                 f"{set_text(pairs[b])}")
    return None


def xyz_wing(board: Board, state) -> Step | None:
    """The first xyz-wing that removes a candidate (pivots in cell order)."""
    cand = _candidates(board, state)
    peers = board.peers
    for p, pv in cand.items():
        if len(pv) != 3:
            continue
        wings = sorted(a for a in peers[p] if a in cand and len(cand[a]) == 2 and cand[a] < pv)
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                common = cand[a] & cand[b]
                if len(common) != 1 or cand[a] | cand[b] != pv:
                    continue
                z = next(iter(common))
                removed = _removal(board, peers[p] & peers[a] & peers[b], z, cand)
                if removed:
                    return _step("xyz-wing", removed, (p, a, b), sorted(pv),
                                 f"{board.name(p)} {set_text(pv)} with {board.name(a)} "
                                 f"{set_text(cand[a])} and {board.name(b)} "
                                 f"{set_text(cand[b])}")
    return None


def _strong_links(board: Board, state, digit: int) -> dict[int, set[int]]:
    """For each cell, the cells it forms a conjugate pair with for ``digit``."""
    links: dict[int, set[int]] = {}
    for h in range(len(board.house_cells)):
        places = board.places(state, h, digit)
        if len(places) == 2:
            a, b = places
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return links


_COLOURING = ("sudoku.logic.chains.simple_colouring",)
_X_CHAIN = ("sudoku.logic.chains.x_chain",)


def simple_colouring(board: Board, state) -> Step | None:
    """The first colour wrap or colour trap (digits in order, groups in cell order)."""
    cand = _candidates(board, state)
    peers = board.peers
    for d in range(1, board.n + 1):
        if quiet_digit(board, state, _COLOURING, d):
            continue  # the digit's places are as when it last gave nothing
        links = _strong_links(board, state, d)
        seen: set[int] = set()
        for start in sorted(links):
            if start in seen:
                continue
            colour = {start: 0}
            queue = deque([start])
            consistent = True
            while queue:
                c = queue.popleft()
                for other in sorted(links[c]):
                    if other not in colour:
                        colour[other] = 1 - colour[c]
                        queue.append(other)
                    elif colour[other] == colour[c]:
                        consistent = False  # an odd cycle: no solution; leave it to others
            seen.update(colour)
            if not consistent:
                continue
            groups = [sorted(c for c in colour if colour[c] == k) for k in (0, 1)]
            for k, group in enumerate(groups):
                clash = next(((a, b) for i, a in enumerate(group) for b in group[i + 1:]
                              if b in peers[a]), None)
                if clash is not None:
                    removed = _removal(board, group, d, cand)
                    return _step("simple-colouring", removed, groups[0] + groups[1], (d,),
                                 f"{d}: {cells_text(board, groups[k])} share a colour and "
                                 f"{board.name(clash[0])} sees {board.name(clash[1])}, so "
                                 f"{cells_text(board, groups[1 - k])} hold {d}",
                                 sets=tuple(map(tuple, groups)))
            targets = [c for c in sorted(cand) if d in cand[c] and c not in colour
                       and peers[c] & set(groups[0]) and peers[c] & set(groups[1])]
            if targets:
                return _step("simple-colouring", _removal(board, targets, d, cand),
                             groups[0] + groups[1], (d,),
                             f"{d}: either {cells_text(board, groups[0])} or "
                             f"{cells_text(board, groups[1])} hold {d}",
                             sets=tuple(map(tuple, groups)))
        mark_quiet(board, state, _COLOURING, d)
    return None


def x_chain(board: Board, state) -> Step | None:
    """The first x-chain that removes a candidate: digits in order, start cells in cell
    order, and for each start the shortest chain (breadth first)."""
    cand = _candidates(board, state)
    peers = board.peers
    for d in range(1, board.n + 1):
        if quiet_digit(board, state, _X_CHAIN, d):
            continue  # the digit's places are as when it last gave nothing
        holders = {c for c, v in cand.items() if d in v}
        links = _strong_links(board, state, d)
        for start in sorted(links):
            near = peers[start] & holders
            # Breadth first over (cell, on): "on" cells end a strong link (they hold d
            # if the start does not); the chain alternates strong and weak links.
            back: dict = {(start, False): None}
            queue = deque([(start, False)])
            while queue:
                cell, on = queue.popleft()
                path = _path(back, (cell, on))
                if len(path) > MAX_CHAIN:
                    break
                nexts = sorted(peers[cell] & holders) if on else sorted(links.get(cell, ()))
                for nxt in nexts:
                    key = (nxt, not on)
                    if key in back or nxt in path:
                        continue
                    back[key] = (cell, on)
                    if not on and len(path) >= 3:  # a strong link ends here: check
                        targets = (near & peers[nxt]) - {start, nxt}
                        removed = _removal(board, targets, d, cand)
                        weak = any(not _conjugate(links, a, b)
                                   for a, b in zip(path[1::2], path[2::2], strict=False))
                        if removed and weak:
                            chain = path + [nxt]
                            return _step("x-chain", removed, chain, (d,),
                                         f"{d}: {_chain_text(board, chain)}",
                                         **x_chain_detail(d, chain))
                    queue.append(key)
        mark_quiet(board, state, _X_CHAIN, d)
    return None


def _conjugate(links, a: int, b: int) -> bool:
    return b in links.get(a, ())


def _path(back: dict, key) -> list[int]:
    cells = []
    while key is not None:
        cells.append(key[0])
        key = back[key]
    return cells[::-1]


def x_chain_detail(digit: int, chain) -> dict:
    """`sudoku.logic.aic.chain_detail` of a chain of cells on one digit, strong link first."""
    links = "".join("=" if i % 2 == 0 else "-" for i in range(len(chain) - 1))
    return chain_detail([(digit, (c,)) for c in chain], links)


def _chain_text(board: Board, chain) -> str:
    """``r1c2=r1c8-r4c8=r4c3``: ``=`` a strong link, ``-`` a weak one."""
    parts = [board.name(chain[0])]
    for i, c in enumerate(chain[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + board.name(c))
    return "".join(parts)


CHAINS = (xy_wing, xyz_wing, simple_colouring, x_chain)
"""The rules of this module; the technique table (`sudoku.logic.rating.TABLE`) names them
in its ``rule`` column and sets their order."""

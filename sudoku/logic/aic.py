"""Wings and chains over many digits: W-wing, remote pairs, XY-chains, AICs and nice loops.

Each rule takes a `Board` and a `dlx.logic.State` and returns a `dlx.logic.Step`
(rule: the technique's name; ``detail``: ``cells``, ``digits``, ``houses`` and
``pattern``, and the chain as ``nodes`` and ``links``: see `chain_detail`) or
None, like those of `sudoku.logic.chains`.  They only remove candidates.

A *node* is a digit in one cell, or (grouped rules only) a digit's places in
the meeting of a box and a line, two or three cells, read as one: "the digit is
in one of them".  Two nodes are joined by a *strong link* (``=``: if one is
false the other is true) when they are a cell's only two candidates, or a
house's only places for a digit; by a *weak link* (``-``: if one is true the
other is false) when they are two candidates of one cell, or the same digit in
cells that all see each other.  A strong link is also weak.  An *alternating
inference chain* (AIC) ``N0 = N1 - N2 = ... = Nk`` starts and ends with a strong
link: if N0 is false, N1 is true, N2 false, ... Nk true, so one of N0 and Nk is
true and a candidate weakly linked to both is false.

w-wing
    Two cells with the same two candidates {x,y} that do not see each other,
    and a strong link on x whose ends see one cell each: one of the two cells is
    y, so a cell that sees both is not y.
    ``(y=x)r1c1-(x)r1c5=(x)r7c5-(x=y)r7c3``.
remote-pairs
    A chain of at least four cells with the same two candidates {x,y}, each
    seeing the next: the cells alternate x and y, so a cell that sees two of
    them an odd number of links apart (the two ends) is neither x nor y.
xy-chain
    An AIC of cells with two candidates: each strong link is inside a cell,
    each weak link between cells on one digit, and both ends are the same
    digit z: one end holds z, so a cell that sees both does not.
aic, discontinuous-nice-loop, continuous-nice-loop (rule ``aic``)
    Any AIC of single-cell nodes.  When the chain's last node is weakly linked
    to its first, it closes into a *continuous nice loop*: then every weak link
    of the loop is strong as well (one of its two nodes is true), and each
    removes the candidates weakly linked to both its nodes.  Otherwise, when
    what the chain removes lies in one of its end cells, it is a
    *discontinuous nice loop* (the removed candidate starts and ends a loop);
    else an *aic*.  Loops are written ``N0=N1-...=Nk-N0``.
grouped-aic, grouped-discontinuous-nice-loop, grouped-continuous-nice-loop
    The same with grouped nodes (tried after, and only chains that use a
    group), written ``(5)r2c12``: 5 in r2c1 or r2c2.  9x9 and smaller only.

Search: breadth first from each start node over (node, true/false) over a link
graph built once per position, chains of at most `MAX_CHAIN` nodes; the
shortest chain found (ties: the first start in candidate order) is the step.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

from dlx.logic import Step

from .board import BOX_KINDS, Board

__all__ = ["AIC", "MAX_CHAIN", "aic", "chain_detail", "grouped_aic", "remote_pairs", "w_wing",
           "xy_chain"]

MAX_CHAIN = 12
"""The most nodes a chain of this module may have."""


def _candidates(board: Board, state) -> dict[int, set[int]]:
    key = ("aic-candidates",)
    got = state.memo.get(key)
    if got is None:
        n = board.n
        cov, live = state.covered, state.live
        got = {c: {o % n + 1 for o in live[c]} for c in range(n * n) if not cov[c]}
        state.memo[key] = got
    return got


def chain_detail(nodes, links: str) -> dict:
    """The chain as data, for a step's ``detail``: ``nodes``, each ``(digit, cells)`` once
    (cells a tuple, one cell or a group), and ``links``, ``(i, j, kind)`` from node i to
    node j with kind ``"strong"`` or ``"weak"``.  ``nodes`` and ``links`` are as `eureka`
    takes them (a loop repeats its first node at the end).

    A front end draws the chain from these, not from the text; they are a graph, not a
    path, so that a net of chains can be given the same way."""
    kinds = {"=": "strong", "-": "weak"}
    unique: list = []
    where: dict = {}
    for node in nodes:
        key = (node[0], tuple(node[1]))
        if key not in where:
            where[key] = len(unique)
            unique.append(key)
    order = [where[(d, tuple(cs))] for d, cs in nodes]
    return {"nodes": tuple(unique),
            "links": tuple((order[k], order[k + 1], kinds[x]) for k, x in enumerate(links))}


def _found(technique: str, removed, cells, digits, houses, pattern: str,
           chain: dict | None = None) -> Step:
    seen: list[int] = []
    for c in cells:
        if c not in seen:
            seen.append(c)
    return Step(technique, removed=tuple(sorted(removed)),
                detail={"cells": tuple(seen), "digits": tuple(sorted(set(digits))),
                        "houses": tuple(houses), "pattern": pattern, **(chain or {})})


# ------------------------------------------------------------------ Eureka text
def _cells_name(board: Board, cells) -> str:
    """``r2c3``; a group in one row ``r2c13``, in one column ``r13c2``."""
    if len(cells) == 1:
        return board.name(cells[0])
    n = board.n
    rows = sorted({c // n + 1 for c in cells})
    cols = sorted({c % n + 1 for c in cells})
    return f"r{''.join(map(str, rows))}c{''.join(map(str, cols))}"


def eureka(board: Board, nodes, links: str) -> str:
    """A chain in Eureka notation: ``nodes`` are ``(digit, cells)``, ``links`` one ``=`` or
    ``-`` between each two; nodes in a row on one cell share it: ``(5-8)r2c7``."""
    out = []
    i = 0
    while i < len(nodes):
        j = i
        while (j + 1 < len(nodes) and len(nodes[i][1]) == 1
               and nodes[j + 1][1] == nodes[i][1]):
            j += 1
        inner = str(nodes[i][0])
        for k in range(i, j):
            inner += links[k] + str(nodes[k + 1][0])
        out.append(f"({inner}){_cells_name(board, nodes[i][1])}")
        if j < len(links):
            out.append(links[j])
        i = j + 1
    return "".join(out)


# ------------------------------------------------------------------ w-wing
def _strong_houses(board: Board, state, digit: int):
    """``(house, a, b)`` for each house where ``digit`` has exactly two places."""
    for h in range(len(board.house_cells)):
        places = board.places(state, h, digit)
        if len(places) == 2:
            yield h, places[0], places[1]


def w_wing(board: Board, state) -> Step | None:
    """The first W-wing that removes a candidate: pairs of cells in cell order, then the
    linking digit and the strong links in house order."""
    cand = _candidates(board, state)
    peers = board.peers
    pairs = sorted(c for c, v in cand.items() if len(v) == 2)
    for a, b in combinations(pairs, 2):
        if cand[a] != cand[b] or b in peers[a]:
            continue
        both = peers[a] & peers[b]
        for x in sorted(cand[a]):
            y = next(iter(cand[a] - {x}))
            removed = [board.option(c, y) for c in both if y in cand.get(c, ())]
            if not removed:
                continue
            for h, p, q in _strong_houses(board, state, x):
                if {p, q} & {a, b}:
                    continue
                for p1, q1 in ((p, q), (q, p)):
                    if p1 in peers[a] and q1 in peers[b]:
                        nodes = [(y, (a,)), (x, (a,)), (x, (p1,)), (x, (q1,)), (x, (b,)),
                                 (y, (b,))]
                        technique = "w-wing"
                        return _found(technique, removed, (a, p1, q1, b), (x, y),
                                      (board.house_names[h],), eureka(board, nodes, "=-=-="),
                                      chain_detail(nodes, "=-=-="))
    return None


# ------------------------------------------------------------------ remote pairs
def remote_pairs(board: Board, state) -> Step | None:
    """The first remote pair that removes a candidate: start cells in cell order, then the
    shortest chain from each (breadth first)."""
    cand = _candidates(board, state)
    peers = board.peers
    pairs = {c: frozenset(v) for c, v in cand.items() if len(v) == 2}
    for start in sorted(pairs):
        pv = pairs[start]
        back: dict[int, int] = {start: -1}
        queue = deque([(start, 0)])
        while queue:
            cell, dist = queue.popleft()
            if dist + 1 >= MAX_CHAIN:
                break
            for nxt in sorted(peers[cell]):
                if nxt in back or pairs.get(nxt) != pv:
                    continue
                back[nxt] = cell
                queue.append((nxt, dist + 1))
                if (dist + 1) % 2 == 0 or dist + 1 < 3:
                    continue
                chain = [nxt]
                while back[chain[-1]] != -1:
                    chain.append(back[chain[-1]])
                chain.reverse()
                targets = (peers[start] & peers[nxt]) - set(chain)
                removed = [board.option(c, d) for c in targets for d in pv
                           if d in cand.get(c, ())]
                if removed:
                    x, y = sorted(pv)
                    nodes = []
                    for k, c in enumerate(chain):
                        first, second = (x, y) if k % 2 == 0 else (y, x)
                        nodes += [(first, (c,)), (second, (c,))]
                    links = "-".join("=" * len(chain))
                    technique = "remote-pairs"
                    return _found(technique, removed, chain, (x, y), (),
                                  eureka(board, nodes, links), chain_detail(nodes, links))
    return None


# ------------------------------------------------------------------ the link graph
class _Graph:
    """Nodes ``(digit, cells)`` with their strong and weak links, for one position."""

    def __init__(self, board: Board, state, kind: str):
        self.board = board
        cand = self.cand = _candidates(board, state)
        strong: dict = {}
        weak: dict = {}
        n = board.n

        def link(table, u, v):
            table.setdefault(u, set()).add(v)
            table.setdefault(v, set()).add(u)

        for c in sorted(cand):
            ds = sorted(cand[c])
            if len(ds) == 2:
                link(strong, (ds[0], (c,)), (ds[1], (c,)))
        cells_of = board.house_cells
        kinds = board.house_kinds
        grouped = kind == "grouped"
        boxes = [h for h, k in enumerate(kinds) if k in BOX_KINDS]
        line_of = [{c: h for h in hs for c in cells_of[h]} for hs in (board.rows, board.columns)]
        box_of = {c: h for h in boxes for c in cells_of[h]}
        houses_inside = []
        for d in range(1, n + 1):
            places = {h: [c for c in cells_of[h] if d in cand.get(c, ())]
                      for h in range(len(cells_of))}
            inside: dict[int, list] = {h: [(d, (c,)) for c in p] for h, p in places.items()}
            if grouped:
                for b in boxes:
                    for which in (0, 1):
                        parts: dict[int, list[int]] = {}
                        for c in places[b]:
                            if c in line_of[which]:
                                parts.setdefault(line_of[which][c], []).append(c)
                        for line, cells in parts.items():
                            if len(cells) >= 2:
                                g = (d, tuple(sorted(cells)))
                                inside[b].append(g)
                                inside[line].append(g)
            for h, p in places.items():
                if kind == "xy":
                    if len(p) >= 2:
                        for a, b in combinations(p, 2):
                            if len(cand[a]) == 2 and len(cand[b]) == 2:
                                link(weak, (d, (a,)), (d, (b,)))
                    continue
                if len(p) == 2:
                    link(strong, (d, (p[0],)), (d, (p[1],)))
                elif grouped and len(p) >= 3:
                    splits = ([line_of[0], line_of[1]] if kinds[h] in BOX_KINDS
                              else [box_of] if kinds[h] in ("row", "column") else [])
                    for key in splits:
                        if not all(c in key for c in p):
                            continue
                        parts = {}
                        for c in p:
                            parts.setdefault(key[c], []).append(c)
                        if len(parts) == 2:
                            u, v = (tuple(sorted(cs)) for cs in parts.values())
                            link(strong, (d, u), (d, v))
            houses_inside.append(inside)
        # Weak links only between nodes with strong links: a chain reaches a node by a
        # weak link only to leave it by a strong one, and it starts and ends on strong ones.
        for c in sorted(cand):
            ds = [x for x in sorted(cand[c]) if (x, (c,)) in strong]
            if kind != "xy" or len(cand[c]) == 2:
                for x, y in combinations(ds, 2):
                    link(weak, (x, (c,)), (y, (c,)))
        if kind != "xy":
            for inside in houses_inside:
                for members in inside.values():
                    members = [u for u in members if u in strong]
                    for u, v in combinations(members, 2):
                        if not set(u[1]) & set(v[1]):
                            link(weak, u, v)
        # Nodes numbered in sorted order; links as lists of numbers.  A chain goes on from a
        # node reached by a weak link only through a strong one, so "onward" keeps those.
        nodes = sorted(set(strong) | set(weak))
        index = {u: i for i, u in enumerate(nodes)}
        self.nodes = nodes
        self.strong = [sorted(index[v] for v in strong.get(u, ())) for u in nodes]
        self.weak = [{index[v] for v in weak.get(u, ())} for u in nodes]
        self.onward = [sorted(self.weak[i]) for i in range(len(nodes))]
        self.group = [len(u[1]) > 1 for u in nodes]
        self._targets: list = [None] * len(nodes)

    def targets(self, i: int) -> int:
        """The options (single candidates) weakly linked to node ``i``, as a bit mask."""
        got = self._targets[i]
        if got is None:
            board, cand = self.board, self.cand
            d, cells = self.nodes[i]
            got = 0
            if len(cells) == 1:
                for e in cand[cells[0]]:
                    if e != d:
                        got |= 1 << board.option(cells[0], e)
            seen = set.intersection(*(set(board.peers[c]) for c in cells)) - set(cells)
            for c in seen:
                if d in cand.get(c, ()):
                    got |= 1 << board.option(c, d)
            self._targets[i] = got
        return got


def _graph(board: Board, state, kind: str) -> _Graph:
    key = ("aic-graph", kind)
    got = state.memo.get(key)
    if got is None:
        got = state.memo[key] = _Graph(board, state, kind)
    return got


def _options(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _search(g: _Graph, same_digit_ends: bool = False, need_group: bool = False):
    """The shortest AIC (or continuous loop) that removes a candidate:
    ``(nodes, loop, removed)``, or None.  Breadth first from each start over states
    ``2 * node + on``; a chain that meets a node twice is passed over."""
    best = None
    bound = MAX_CHAIN
    nodes, strong, onward, weak, group = g.nodes, g.strong, g.onward, g.weak, g.group
    digit = [u[0] for u in nodes]
    own = [1 << g.board.option(u[1][0], u[0]) if len(u[1]) == 1 else 0 for u in nodes]
    for start in range(len(nodes)):
        if not strong[start]:
            continue
        near = g.targets(start)
        back = {2 * start: -1}
        depth = {2 * start: 1}
        layer = [2 * start]
        length = 1
        done = False
        while layer and length < bound and not done:
            length += 1
            nxt_layer = []
            for key in layer:
                on = key & 1
                for v in (onward if on else strong)[key >> 1]:
                    k2 = 2 * v + 1 - on
                    if k2 in back:
                        continue
                    back[k2] = key
                    depth[k2] = length
                    nxt_layer.append(k2)
                    if on or length < 4:
                        continue
                    if same_digit_ends and digit[v] != digit[start]:
                        continue
                    loop = not same_digit_ends and start in weak[v]
                    if not (near & g.targets(v)) and not loop:
                        continue
                    chain = _walk(back, k2)
                    if len(set(chain)) < len(chain):
                        continue
                    if need_group and not any(group[x] for x in chain):
                        continue
                    found = None
                    if loop:
                        removed = 0
                        for i in range(1, len(chain), 2):
                            removed |= g.targets(chain[i]) & g.targets(chain[(i + 1) % len(chain)])
                        for x in chain:
                            removed &= ~own[x]
                        if removed:
                            found = (chain, True, removed)
                    if found is None and near & g.targets(v):
                        found = (chain, False, near & g.targets(v))
                    if found is not None:
                        best, bound = found, length
                        done = True
                        break
                if done:
                    break
            layer = nxt_layer
        if best is not None and bound == 4:
            break
    if best is None:
        return None
    chain, loop, removed = best
    return tuple(nodes[x] for x in chain), loop, _options(removed)


def _walk(back: dict, key: int) -> list[int]:
    out = []
    while key != -1:
        out.append(key >> 1)
        key = back[key]
    return out[::-1]


def _chain_step(board: Board, found, technique: str) -> Step:
    nodes, loop, removed = found
    links = "".join("=" if i % 2 == 0 else "-" for i in range(len(nodes) - 1))
    if loop:
        nodes, links = nodes + (nodes[0],), links + "-"
    cells = [c for _, cs in nodes for c in cs]
    return _found(technique, removed, cells, [d for d, _ in nodes], (),
                  eureka(board, nodes, links), chain_detail(nodes, links))


def _at_ends(board: Board, found) -> bool:
    """Whether every candidate a chain removes lies in one of its end cells."""
    nodes, _, removed = found
    ends = {cs[0] for _, cs in (nodes[0], nodes[-1]) if len(cs) == 1}
    return all(board.cell_digit(o)[0] in ends for o in removed)


def xy_chain(board: Board, state) -> Step | None:
    """The shortest XY-chain that removes a candidate (see the module docstring)."""
    found = _search(_graph(board, state, "xy"), same_digit_ends=True)
    if found is None:
        return None
    technique = "xy-chain"
    return _chain_step(board, found, technique)


def aic(board: Board, state) -> Step | None:
    """The shortest AIC or nice loop of single-cell nodes that removes a candidate."""
    found = _search(_graph(board, state, "plain"))
    if found is None:
        return None
    if found[1]:
        technique = "continuous-nice-loop"
    elif _at_ends(board, found):
        technique = "discontinuous-nice-loop"
    else:
        technique = "aic"
    return _chain_step(board, found, technique)


def grouped_aic(board: Board, state) -> Step | None:
    """The shortest AIC or nice loop with a grouped node that removes a candidate."""
    if board.n > 9:
        return None  # group names (r2c13) would be ambiguous
    found = _search(_graph(board, state, "grouped"), need_group=True)
    if found is None:
        return None
    if found[1]:
        technique = "grouped-continuous-nice-loop"
    elif _at_ends(board, found):
        technique = "grouped-discontinuous-nice-loop"
    else:
        technique = "grouped-aic"
    return _chain_step(board, found, technique)


AIC = (remote_pairs, w_wing, xy_chain, aic, grouped_aic)
"""The rules of this module; the technique table (`sudoku.logic.rating.TABLE`) names them
in its ``rule`` column and sets their order."""

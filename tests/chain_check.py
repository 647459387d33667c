"""An independent check of the chain steps of sudoku.logic.aic, from their Eureka text.

The step's text is parsed back into nodes (a digit in a cell, or in a group of
cells written ``r2c13``) and links (``=`` strong, ``-`` weak); every link is
checked on pencil marks kept by the test (`test_explain.Marks`), and the
eliminations are recomputed from the chain alone.  Nothing of sudoku.logic is used.
"""

from __future__ import annotations

import re

CHAIN_TECHNIQUES = ("remote-pairs", "w-wing", "xy-chain", "aic", "discontinuous-nice-loop",
                    "continuous-nice-loop", "grouped-aic", "grouped-discontinuous-nice-loop",
                    "grouped-continuous-nice-loop")
_TOKEN = re.compile(r"\(([0-9=-]+)\)r(\d+)c(\d+)([=-]?)")


def parse(m, text: str):
    """``(nodes, links)`` of a chain step's text: nodes ``(digit, frozenset of cells)``."""
    body = text.split(": ", 1)[1].split(" => ")[0]
    nodes, links = [], []
    pos = 0
    while pos < len(body):
        t = _TOKEN.match(body, pos)
        assert t, f"{text}: cannot read {body[pos:]!r}"
        pos = t.end()
        if m.n > 9:
            rows, cols = [int(t[2])], [int(t[3])]
        else:
            rows, cols = [int(x) for x in t[2]], [int(x) for x in t[3]]
        cells = frozenset(m.cell(r, c) for r in rows for c in cols)
        parts = re.split(r"([=-])", t[1])
        for k in range(0, len(parts), 2):
            nodes.append((int(parts[k]), cells))
            if k + 1 < len(parts):
                links.append(parts[k + 1])
        if t[4]:
            links.append(t[4])
    assert len(links) == len(nodes) - 1, text
    return nodes, links


def weak_to(m, node) -> set:
    """The single candidates ``(cell, digit)`` weakly linked to a node."""
    d, cells = node
    out = set()
    if len(cells) == 1:
        c, = cells
        out |= {(c, e) for e in m.cand[c] if e != d}
    seen = set.intersection(*(m.peers[c] for c in cells)) - cells
    return out | {(c, d) for c in seen if d in m.cand[c]}


def strong(m, a, b) -> bool:
    (x, A), (y, B) = a, b
    if A == B and len(A) == 1 and x != y:
        c, = A
        return m.cand[c] == {x, y}
    return x == y and not A & B and any(m.places(h, x) == A | B for h in m.index)


def weak(m, a, b) -> bool:
    (x, A), (y, B) = a, b
    if A == B and len(A) == 1:
        return x != y
    return x == y and not A & B and all(q in m.peers[p] for p in A for q in B)


def check_chain(m, step, elim):
    """The chain is made of true links and removes exactly what it proves."""
    t = step.technique
    nodes, links = parse(m, step.text)
    for d, cells in nodes:
        assert all(d in m.cand[c] for c in cells), f"{step.text}: {d} not in {set(cells)}"
        if len(cells) > 1:  # a group lies in one box and one line
            assert sum(cells <= m.house(h) for h in m.index) >= 2, step.text
    loop = nodes[0] == nodes[-1]
    assert len(set(nodes[:-1] if loop else nodes)) == len(nodes) - loop, step.text
    for i, (a, b, link) in enumerate(zip(nodes[:-1], nodes[1:], links, strict=True)):
        assert link == ("=" if i % 2 == 0 else "-"), step.text
        assert (strong if link == "=" else weak)(m, a, b), f"{step.text}: link {i} fails"
    grouped = any(len(cells) > 1 for _, cells in nodes)
    assert grouped == t.startswith("grouped-"), step.text
    own = {(next(iter(cells)), d) for d, cells in nodes if len(cells) == 1}
    if loop:
        assert t.endswith("continuous-nice-loop") and not t.endswith("discontinuous-nice-loop")
        want = set()
        for i in range(1, len(nodes) - 1, 2):
            want |= weak_to(m, nodes[i]) & weak_to(m, nodes[i + 1])
        assert elim == want - own, step.text
        return
    assert len(nodes) >= 4 and links[-1] == "=", step.text
    ends = weak_to(m, nodes[0]) & weak_to(m, nodes[-1])
    cells = [next(iter(c)) for _, c in nodes if len(c) == 1]
    if t == "remote-pairs":
        chain = list(dict.fromkeys(cells))
        pair = m.cand[chain[0]]
        assert len(chain) >= 4 and len(chain) % 2 == 0, step.text
        assert all(m.cand[c] == pair and len(pair) == 2 for c in chain), step.text
        seen = (m.peers[chain[0]] & m.peers[chain[-1]]) - set(chain)
        assert elim == {(c, d) for c in seen for d in pair if d in m.cand[c]}, step.text
        return
    assert elim == ends, step.text
    if t == "xy-chain":
        assert nodes[0][0] == nodes[-1][0], step.text
        for i, (a, b) in enumerate(zip(nodes, nodes[1:], strict=False)):
            assert (a[1] == b[1]) == (i % 2 == 0), step.text  # strong links inside cells
            assert len(m.cand[next(iter(a[1]))]) == 2, step.text
    elif t == "w-wing":
        a, b = next(iter(nodes[0][1])), next(iter(nodes[-1][1]))
        assert len(nodes) == 6 and m.cand[a] == m.cand[b] and len(m.cand[a]) == 2, step.text
        assert b not in m.peers[a] and nodes[2][1] != nodes[3][1], step.text
    else:
        at_ends = {c for _, c in (nodes[0], nodes[-1]) if len(c) == 1}
        ends_only = all(frozenset({c}) in at_ends for c, _ in elim)
        assert t.endswith("discontinuous-nice-loop") == ends_only, step.text

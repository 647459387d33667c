"""Tests of Sudoku explanations (sudoku.logic), ratings (sudoku.logic.rate) and their commands.

Every explanation is replayed on pencil marks kept here, independently of the
engine (`Marks`, on the houses of test_grade's `naive_houses`), and each step
is checked twice: it must be *sound* (placements match the unique solution,
no elimination removes a solution digit) and it must *be what its name says*
(a naked pair's two cells hold exactly its two digits, in the house named,
and its eliminations are exactly those digits elsewhere in that house, ...).
The puzzles come from the public collections in ../shared/data/sudoku
(skipped when absent) and from the generator, for every variant.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import textwrap
from pathlib import Path

import pytest
from chain_check import CHAIN_TECHNIQUES, check_chain
from click.testing import CliRunner
from test_grade import CLASSIC, EASY, naive_houses

from sudoku import Puzzle, PuzzleError, find_clashes, parse_puzzle
from sudoku.cli import cli
from sudoku.errors import NotUniqueError
from sudoku.generator import generate, generate_many
from sudoku.logic import DIFFICULTIES, TECHNIQUES, explain, hint, rate
from sudoku.logic import explaining as explaining_module
from sudoku.logic.aic import AIC
from sudoku.logic.als import ALS
from sudoku.logic.board import board_for
from sudoku.logic.chains import CHAINS
from sudoku.logic.patterns import PATTERNS
from sudoku.logic.rating import GUESS_WEIGHT, TABLE, rating_of, technique
from sudoku.logic.uniqueness import UNIQUENESS

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku"
SUBSETS = {"pair": 2, "triple": 3, "quad": 4}
FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
TURBOT = ("skyscraper", "two-string-kite", "turbot-fish")


def house_names(p):
    n = p.size
    names = [f"row {r + 1}" for r in range(n)] + [f"column {c + 1}" for c in range(n)]
    names += [f"{'region' if p.regions is not None else 'box'} {b + 1}" for b in range(n)]
    if p.variant == "x":
        names += ["diagonal", "anti-diagonal"]
    if p.variant == "windoku":
        names += [f"window {k + 1}" for k in range(4)]
    return names


class Marks:
    """Pencil marks of a grid, kept by hand: placing a digit clears it from the peers."""

    def __init__(self, p):
        self.n = n = p.size
        self.houses = [set(h) for h in naive_houses(p)]
        self.index = {name: k for k, name in enumerate(house_names(p))}
        self.peers = [set().union(*(h for h in self.houses if i in h)) - {i}
                      for i in range(n * n)]
        self.grid = list(p.cells)
        self.cand = [set() if v else set(range(1, n + 1)) - {self.grid[j] for j in self.peers[i]}
                     for i, v in enumerate(self.grid)]

    def cell(self, r, c):
        return (r - 1) * self.n + c - 1

    def place(self, i, v):
        assert v in self.cand[i], f"placing {v} at {i}, not a candidate"
        self.grid[i] = v
        self.cand[i] = set()
        for j in self.peers[i]:
            self.cand[j].discard(v)

    def house(self, name):
        return self.houses[self.index[name]]

    def places(self, name, d):
        return {i for i in self.house(name) if d in self.cand[i]}


def check_named(m: Marks, step):
    """The step is what its technique says, on the marks before it."""
    t = step.technique
    elim = {(m.cell(r, c), v) for r, c, v in step.eliminations}
    for i, v in elim:
        assert v in m.cand[i], f"{step.text}: {v} is not a candidate of cell {i}"
    if t == "naked-single":
        (r, c, v), = step.placements
        assert m.cand[m.cell(r, c)] == {v}, step.text
    elif t == "hidden-single":
        (r, c, v), = step.placements
        assert m.places(step.houses[0], v) == {m.cell(r, c)}, step.text
    elif t in ("pointing", "claiming", "locked-candidates"):
        a, b = step.houses
        d, = step.digits
        assert len(m.places(a, d)) >= 2 and m.places(a, d) <= m.house(b), step.text
        assert elim == {(j, d) for j in m.places(b, d) - m.house(a)}, step.text
        kinds = (a.split()[0], b.split()[0])
        if t == "pointing":
            assert kinds[0] in ("box", "region", "window"), step.text
        if t == "claiming":
            assert kinds[1] in ("box", "region", "window"), step.text
    elif t.startswith("naked-") and t[6:] in SUBSETS:
        k = SUBSETS[t[6:]]
        h = m.house(step.houses[0])
        cells = set(step.cells)
        assert len(cells) == k and cells <= h, step.text
        assert set().union(*(m.cand[i] for i in cells)) == set(step.digits), step.text
        assert len(step.digits) == k
        assert elim == {(j, d) for j in h - cells for d in step.digits if d in m.cand[j]}
    elif t.startswith("hidden-") and t[7:] in SUBSETS:
        k = SUBSETS[t[7:]]
        cells = set(step.cells)
        assert len(cells) == k == len(step.digits), step.text
        for d in step.digits:
            assert m.places(step.houses[0], d) and m.places(step.houses[0], d) <= cells
        assert elim == {(i, x) for i in cells for x in m.cand[i] - set(step.digits)}
    elif t in FISH:
        k = FISH[t]
        d, = step.digits
        base, cover = step.houses[:k], step.houses[k:]
        assert len(cover) == k
        inside = set().union(*(m.house(h) for h in cover))
        in_base = set().union(*(m.house(h) for h in base))
        for h in base:
            assert m.places(h, d) and m.places(h, d) <= inside, step.text
        assert elim == {(j, d) for h in cover for j in m.places(h, d) if j not in in_base}
    elif t == "xy-wing":
        p, a, b = step.cells
        x, y, z = step.digits
        assert m.cand[p] == {x, y} and m.cand[a] == {x, z} and m.cand[b] == {y, z}, step.text
        assert a in m.peers[p] and b in m.peers[p]
        assert elim == {(c, z) for c in (m.peers[a] & m.peers[b]) - {p} if z in m.cand[c]}
    elif t == "xyz-wing":
        p, a, b = step.cells
        assert len(m.cand[p]) == 3 and m.cand[a] | m.cand[b] == m.cand[p], step.text
        z, = m.cand[a] & m.cand[b]
        assert a in m.peers[p] and b in m.peers[p]
        seen = m.peers[p] & m.peers[a] & m.peers[b]
        assert elim == {(c, z) for c in seen if z in m.cand[c]}, step.text
    elif t == "x-chain":
        d, = step.digits
        chain = step.cells
        assert len(chain) % 2 == 0 and len(chain) >= 4 and len(set(chain)) == len(chain)
        for i, (a, b) in enumerate(zip(chain, chain[1:], strict=False)):
            assert d in m.cand[a] and d in m.cand[b] and b in m.peers[a], step.text
            if i % 2 == 0:  # a strong link: some house holds d only in a and b
                assert any(m.places(h, d) == {a, b} for h in m.index), step.text
        ends = m.peers[chain[0]] & m.peers[chain[-1]]
        assert elim == {(c, d) for c in ends - {chain[0], chain[-1]} if d in m.cand[c]}
    elif t == "simple-colouring":
        check_colouring(m, step, elim)
    elif t in TURBOT:
        check_turbot(m, step, elim)
    elif t == "empty-rectangle":
        check_empty_rectangle(m, step, elim)
    elif t.split("-", 1)[-1] in FISH and t.split("-")[0] in ("finned", "sashimi"):
        check_finned(m, step, elim)
    elif t in CHAIN_TECHNIQUES:
        check_chain(m, step, elim)
    elif t == "guess":
        pass  # checked for soundness only
    elif t == "bug-plus-1":
        (r, c, v), = step.placements
        tri = (r - 1) * m.n + c - 1
        assert len(m.cand[tri]) == 3 and v in m.cand[tri], step.text
        assert all(len(x) == 2 for i, x in enumerate(m.cand) if i != tri and x), step.text
    else:
        assert t in TECHNIQUES, t
    if t not in ("naked-single", "hidden-single", "guess", "bug-plus-1"):
        assert elim and not step.placements, step.text


def check_colouring(m: Marks, step, elim):
    """The cells are one group of conjugate pairs of the digit, coloured alternately;
    the eliminations are a colour that sees itself, or the cells that see both."""
    d, = step.digits
    cells = set(step.cells)
    pairs = [m.places(h, d) for h in m.index]
    links = {a: {b for b in cells - {a} if {a, b} in pairs} for a in cells}
    colour = {min(cells): 0}
    todo = [min(cells)]
    while todo:
        a = todo.pop()
        for b in links[a]:
            if b not in colour:
                colour[b] = 1 - colour[a]
                todo.append(b)
            assert colour[b] != colour[a], step.text
    assert set(colour) == cells, step.text
    groups = [{c for c in cells if colour[c] == k} for k in (0, 1)]
    wrap = [g for g in groups if any(b in m.peers[a] for a in g for b in g)]
    if wrap:
        assert elim == {(c, d) for c in wrap[0]}, step.text
    else:
        outside = {c for c in range(m.n * m.n) if d in m.cand[c]} - cells
        assert elim == {(c, d) for c in outside
                        if m.peers[c] & groups[0] and m.peers[c] & groups[1]}, step.text


def kind(name):
    return name.split()[0]


def check_turbot(m: Marks, step, elim):
    """Two strong links a=b, c=e of the digit, b seeing c; the eliminations see a and e;
    the name is the one the houses give."""
    t = step.technique
    d, = step.digits
    a, b, c, e = step.cells
    h1, h2 = step.houses
    assert m.places(h1, d) == {a, b} and m.places(h2, d) == {c, e}, step.text
    assert len({a, b, c, e}) == 4 and c in m.peers[b], step.text
    assert elim == {(x, d) for x in (m.peers[a] & m.peers[e]) - {a, b, c, e}
                    if d in m.cand[x]}, step.text
    shared = {kind(n) for n in m.index if b in m.house(n) and c in m.house(n)}
    k1, k2 = kind(h1), kind(h2)
    sky = k1 == k2 and k1 in ("row", "column") and bool(shared & ({"row", "column"} - {k1}))
    kite = {k1, k2} == {"row", "column"} and bool(shared & {"box", "region", "window"})
    assert (t == "skyscraper") == sky, step.text
    assert (t == "two-string-kite") == (kite and not sky), step.text
    assert (t == "turbot-fish") == (not sky and not kite), step.text
    assert step.text == f"{t}: {d}: {cell_text(m, a)}={cell_text(m, b)}-{cell_text(m, c)}=" \
        f"{cell_text(m, e)} => " + ", ".join(f"r{r}c{c}<>{v}" for r, c, v in step.eliminations)


def cell_text(m: Marks, i):
    return f"r{i // m.n + 1}c{i % m.n + 1}"


def check_empty_rectangle(m: Marks, step, elim):
    """The digit's places in the box lie in one row and one column, not all in one; a
    strong link p=q outside the box with p in one of the two lines; the eliminations are
    the places in the other line, outside the box, that see q."""
    d, = step.digits
    box, row, col, link = step.houses
    inside = m.places(box, d)
    R, C, B = m.house(row), m.house(col), m.house(box)
    assert len(inside) >= 2 and inside <= R | C and not inside <= R and not inside <= C
    p, q = step.cells[-2:]
    assert set(step.cells[:-2]) == inside and m.places(link, d) == {p, q}, step.text
    assert kind(link) in ("row", "column") and p not in B and q not in B, step.text
    options = []
    for here, there in ((R, C), (C, R)):
        if p in here:
            options.append({(x, d) for x in there - B - {p, q}
                            if d in m.cand[x] and q in m.peers[x]})
    assert elim in options, step.text


def check_finned(m: Marks, step, elim):
    """k base lines whose places lie in k cover lines but for fins in one box; the
    eliminations are the cover lines' places in that box outside the base."""
    t = step.technique
    d, = step.digits
    k = FISH[t.split("-", 1)[1]]
    base, cover, box = step.houses[:k], step.houses[k:2 * k], step.houses[2 * k]
    assert len(step.houses) == 2 * k + 1 and kind(base[0]) != kind(cover[0]), step.text
    in_cover = set().union(*(m.house(h) for h in cover))
    in_base = set().union(*(m.house(h) for h in base))
    places = set().union(*(m.places(h, d) for h in base))
    fins = places - in_cover
    assert set(step.cells) == places and fins and fins <= m.house(box), step.text
    body = [m.places(h, d) & in_cover for h in base]
    assert all(body), step.text
    assert (t.startswith("sashimi")) == any(len(b) < 2 for b in body), step.text
    assert elim == {(x, d) for h in cover for x in m.places(h, d)
                    if x in m.house(box) and x not in in_base}, step.text


def replay(puzzle, e=None, complete=True):
    """Check every step of the puzzle's explanation; returns the explanation."""
    p = parse_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    e = e or explain(p)
    m = Marks(p)
    sol = e.solution
    for step in e.steps:
        assert step.technique in TECHNIQUES, step.technique
        check_named(m, step)
        for r, c, v in step.placements:
            if e.status == "unique":
                assert sol[m.cell(r, c)] == v, f"{step.text}: the solution has another digit"
            m.place(m.cell(r, c), v)
        for r, c, v in step.eliminations:
            if e.status == "unique":
                assert sol[m.cell(r, c)] != v, f"{step.text}: removes the solution's digit"
            m.cand[m.cell(r, c)].discard(v)
    if e.status == "unique" and complete:
        assert tuple(m.grid) == tuple(sol)
    return e


def data_lines(name, every=1, limit=None):
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not available")
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return lines[::every][:limit]


# ------------------------------------------------------------------ soundness
@pytest.mark.parametrize("name,every,limit", [
    ("top95.txt", 1, None), ("top1465.txt", 29, None), ("easy_sample.txt", 97, 40),
    ("17clue.txt", 997, 40), ("hardest1106.txt", 37, None), ("norvig_hardest.txt", 1, None),
    ("16x16_vu.txt", 33, 2),
])
def test_explanations_of_collections_are_sound_and_named_right(name, every, limit):
    seen = set()
    for line in data_lines(name, every, limit):
        e = replay(line)
        assert e.status == "unique"
        seen.update(s.technique for s in e.steps)
    assert {"naked-single", "hidden-single"} <= seen


@pytest.mark.parametrize("kwargs", [
    {"size": 4}, {"size": 6}, {"box": "3x2"}, {"variant": "x"}, {"variant": "windoku"},
    {"variant": "jigsaw"}, {"variant": "jigsaw", "size": 6}, {"variant": "x", "size": 8},
])
def test_explanations_of_every_shape_and_variant(kwargs):
    for g in generate_many(4, seed=11, **kwargs):
        e = replay(g.puzzle)
        assert e.status == "unique" and tuple(e.solution) == tuple(g.solution)


@pytest.mark.slow
def test_the_techniques_appear_and_are_named_right():
    seen = set()
    for line in data_lines("top1465.txt", 7, 120):
        seen.update(s.technique for s in replay(line).steps)
    expected = {"pointing", "claiming", "naked-pair", "hidden-pair", "naked-triple", "x-wing",
                "xy-wing", "xyz-wing", "x-chain", "guess", "skyscraper",
                "two-string-kite", "turbot-fish", "empty-rectangle", "finned-x-wing",
                "sashimi-x-wing", "finned-swordfish"}
    assert expected <= seen, expected - seen


def test_multiple_and_no_solution():
    e = explain("1..." + "." * 12)
    assert e.status == "multiple" and e.rating is None and e.guesses >= 1
    replay("1..." + "." * 12, e)
    with pytest.raises(PuzzleError, match="r1c1"):
        explain("11.." + "." * 12)


def test_no_solution_ends_in_a_contradiction():
    # Row 1 needs a 4 but column 4 already has one below, and r1c1..3 hold 1..3.
    e = explain("123." "...4" "...." "....")
    assert e.status == "none"
    assert e.steps[-1].technique == "contradiction"
    assert "no" in e.steps[-1].text


def test_without_guesses_the_steps_stop_where_logic_stalls():
    hard = data_lines("norvig_hardest.txt")[1]
    e = explain(hard, guesses=False)
    assert e.guesses == 0 and e.status == "unique"
    replay(hard, e, complete=False)
    full = explain(hard)
    assert full.guesses > 0 and full.steps[:len(e.steps)] == e.steps


def test_step_text_and_dict():
    e = explain(EASY)
    d = e.steps[0].as_dict(9)
    assert set(d) == {"technique", "placements", "eliminations", "cells", "digits", "houses",
                      "text"}
    assert d["technique"] == "naked-single" and len(d["placements"]) == 1
    r, c, v = d["placements"][0]
    assert d["text"] == f"naked-single: r{r}c{c}={v}"


# ------------------------------------------------------------------ the technique table
def literal_names(function, helpers: bool = False) -> set:
    """The technique names a function gives as literals: the name argument of its
    ``_step(...)``, ``_found(...)`` and ``Step(...)`` calls, the two names of its
    ``_finned_step(...)`` calls and its ``technique = "..."`` assignments; with
    ``helpers``, also those of the functions of its module that it calls."""
    found = set()
    module = inspect.getmodule(function)
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(function)))):
        name = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
        helper = getattr(module, name, None) if name and name.startswith("_") else None
        if helpers and inspect.isfunction(helper) and helper.__module__ == module.__name__:
            found |= literal_names(helper)
        named = {"_step": slice(0, 2), "_finned_step": slice(3, 5), "_found": slice(0, 1),
                 "Step": slice(0, 1)}.get(name)
        if named is not None:
            found |= {a.value for a in node.args[named]
                      if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
              and any(getattr(t, "id", None) == "technique" for t in node.targets)):
            found.add(node.value.value)
    return found


def rows_of(rule: str) -> set:
    return {t.name for t in TABLE if t.rule == rule}


def test_every_technique_a_rule_names_has_a_row_and_every_row_a_rule():
    assert TECHNIQUES == tuple(t.name for t in TABLE) and len(set(TECHNIQUES)) == len(TABLE)
    assert all(t.level in DIFFICULTIES for t in TABLE)
    assert technique("guess").weight == GUESS_WEIGHT == max(t.weight for t in TABLE)
    # The names each rule can give, read from the code that names its steps.
    given = {"forced_option": literal_names(explaining_module.name_step) - {"contradiction"},
             "set_logic k=1": literal_names(explaining_module._name_set),
             "guess": literal_names(explaining_module._name_guess)}
    given |= {f.__name__: literal_names(f) for f in CHAINS + PATTERNS + AIC}
    given |= {f.__name__: literal_names(f, helpers=True) for f in ALS + UNIQUENESS}
    board = board_for(parse_puzzle("." * 81))
    rules = {row.name: explaining_module._rule(board, row, frozenset()) for row in TABLE}
    for row in TABLE:
        if len(row.rule.split()) == 3:  # set logic on a family: the row names the rule
            assert rules[row.name].__name__ == row.name
            given[row.rule] = {row.name}
    assert {rule: rows_of(rule) for rule in given} == given
    assert {t.rule for t in TABLE} == set(given)
    # One rule per distinct rule of the table, in its order (the guess is dlx.logic's).
    distinct = list(dict.fromkeys(t.rule for t in TABLE if t.rule != "guess"))
    assert len(explaining_module.sudoku_rules(board, frozenset())) == len(distinct)
    # Without the givens of a puzzle known to be unique, no uniqueness rule.
    unique = [t for t in distinct if t in {f.__name__ for f in UNIQUENESS}]
    assert unique and len(explaining_module.sudoku_rules(board)) == len(distinct) - len(unique)
    with pytest.raises(ValueError, match="unknown rule"):
        explaining_module._rule(board, type(TABLE[0])("new", "set_logic", 1.0, "easy"), None)


def test_the_ladder_in_the_docs_is_the_table():
    text = (ROOT / "docs" / "explain.md").read_text("utf-8")
    ladder = text[text.index("| technique | what it is | weight | level |"):]
    rows = []
    for line in ladder.splitlines()[2:]:
        if not line.startswith("|"):
            break
        names, _, weights, level = (c.strip() for c in line.strip("|").split("|"))
        for name, weight in zip(re.findall(r"`([a-z0-9-]+)`", names), weights.split(", "),
                                strict=True):
            rows.append((name, float(weight), level))
    assert rows == [(t.name, t.weight, t.level) for t in TABLE]


def test_the_help_of_explain_lists_the_techniques_in_order():
    from sudoku import cli_explain

    words = " ".join(cli_explain.explain.help.split())
    listed = words[words.index("From easiest to hardest: ") + 25:words.index(" where no")]
    assert re.split(r",? and |, ", listed) == list(TECHNIQUES)


# ------------------------------------------------------------------ hints
def test_hint_is_the_first_step_and_follows_a_partly_filled_grid():
    e = explain(CLASSIC)
    h = hint(CLASSIC)
    assert h.status == "unique" and h.step == e.steps[0]
    # Fill in the first ten placements: the hint is then the next step.
    cells = list(parse_puzzle(CLASSIC).cells)
    done = 0
    for s in e.steps:
        if done == 10:
            break
        for r, c, v in s.placements:
            cells[(r - 1) * 9 + c - 1] = v
            done += 1
    later = hint("".join(str(v or ".") for v in cells))
    assert later.status == "unique" and later.step is not None
    assert later.step.placements or later.step.eliminations


def test_hint_markers():
    assert hint(EASY.replace("0", ".")).status == "unique"
    solved = explain(EASY).solution
    assert hint("".join(map(str, solved))).status == "solved"
    # A digit the solution does not have, in a blank cell, clashing with no given:
    # the givens' only solution is ruled out, so the grid has none.
    i = EASY.index("0")
    for v in range(1, 10):
        text = EASY[:i] + str(v) + EASY[i + 1:]
        cells = [int(ch) for ch in text]
        if v != solved[i] and not find_clashes(Puzzle(3, 3, cells)):
            break
    else:
        raise AssertionError("no wrong digit without a clash")
    h = hint(text)
    assert h.status == "none" and h.step is None


# ------------------------------------------------------------------ ratings
def test_rating_follows_from_the_steps():
    for line in data_lines("top95.txt", 5):
        e = explain(line)
        r = rating_of(e)
        used = {s.technique for s in e.steps}
        hardest = technique(r.hardest)
        assert r.hardest in used and all(technique(t).weight <= hardest.weight for t in used)
        assert r.guesses == e.guesses
        assert r.score == round(hardest.weight + e.guesses, 1)
        assert r.level == hardest.level and r.level in DIFFICULTIES
        assert (r.level == "extreme") == (e.guesses > 0)
        assert sum(r.techniques.values()) == r.steps == len(e.steps)


def test_rate_levels_and_errors():
    assert rate(EASY).level == "easy" and rate(EASY).score <= 1.2
    assert rate(CLASSIC).level in DIFFICULTIES
    with pytest.raises(NotUniqueError) as info:
        rate("1..." + "." * 12)
    assert info.value.status == "multiple"


# ------------------------------------------------------------------ commands
def run(args, stdin=None):
    return CliRunner().invoke(cli, args, input=stdin)


def test_cli_explain_text_and_json():
    r = run(["explain", "-"], f"{EASY}\n11{'.' * 79}\n{CLASSIC}\n")
    assert r.exit_code == 1  # the second puzzle is invalid
    blocks = r.stdout.split("\n\n")
    assert blocks[0].startswith("puzzle 1: unique, ") and "rating 1." in blocks[0]
    assert blocks[1] == "puzzle 2: invalid"
    assert blocks[2].startswith("puzzle 3: unique")
    assert "line 2" in r.stderr
    r = run(["explain", "-", "--format", "json"], f"{EASY}\n{CLASSIC}\n")
    assert r.exit_code == 0, r.output
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["index"] for o in objs] == [0, 1]
    assert objs[0]["status"] == "unique" and objs[0]["rating"]["level"] == "easy"
    step = objs[1]["steps"][0]
    assert set(step) >= {"technique", "placements", "eliminations"}
    assert all(1 <= x <= 9 for p in step["placements"] for x in p)


def test_cli_hint():
    r = run(["hint", "-"], f"{CLASSIC}\n{''.join(map(str, explain(EASY).solution))}\n")
    assert r.exit_code == 0, r.output
    first, second = r.stdout.splitlines()
    assert first == hint(CLASSIC).step.text and second == "solved"
    r = run(["hint", "-", "--format", "json"], f"{CLASSIC}\n")
    obj = json.loads(r.stdout)
    assert obj["status"] == "unique" and obj["step"]["technique"] in TECHNIQUES


def test_cli_rate_and_grade_alias():
    r = run(["rate", "-"], f"{EASY}\n{'.' * 81}\n{CLASSIC}\n")
    assert r.exit_code == 3  # the empty grid has many solutions
    lines = r.stdout.splitlines()
    assert lines == [rate(EASY).line(), "multiple", rate(CLASSIC).line()]
    score, technique, guesses, level = lines[0].split()
    assert float(score) <= 1.2 and guesses == "guesses=0" and level == "level=easy"
    r = run(["rate", "-", "--format", "json", "--stats"], f"{CLASSIC}\n")
    obj = json.loads(r.stdout)
    assert obj["status"] == "unique" and obj["hardest"] == rate(CLASSIC).hardest
    assert "puzzles: 1" in r.stderr
    searched = run(["rate", "--search", "-"], f"{EASY}\n{CLASSIC}\n")
    graded = run(["grade", "-"], f"{EASY}\n{CLASSIC}\n")
    assert searched.stdout == graded.stdout and searched.exit_code == graded.exit_code == 0
    assert run(["rate", "--max-nodes", "5", "-"], f"{EASY}\n").exit_code == 2


@pytest.mark.slow
def test_cli_rate_jobs_give_the_same_output():
    lines = data_lines("top95.txt", 4)
    one = run(["rate", "-"], "\n".join(lines) + "\n")
    two = run(["rate", "-", "--jobs", "2"], "\n".join(lines) + "\n")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == len(lines)


# ------------------------------------------------------------------ generate --difficulty
@pytest.mark.slow
def test_generate_rated_gives_the_level_and_repeats_by_seed():
    from sudoku.generator.rated import generate_rated

    got = list(generate_rated(3, "medium", seed=5))
    assert [g.index for g, _ in got] == [0, 1, 2]
    for g, r in got:
        assert r.level == "medium" and rate(g.puzzle) == r
        # Each carries its own seed, which makes it first, rated or not.
        (alone, rating), = generate_rated(1, "medium", seed=g.seed)
        assert alone.puzzle == g.puzzle and rating == r
        assert generate(seed=g.seed).puzzle == g.puzzle
    assert len({g.seed for g, _ in got}) == 3
    again = [g.puzzle for g, _ in generate_rated(3, "medium", seed=5, jobs=2)]
    assert again == [g.puzzle for g, _ in got]
    with pytest.raises(PuzzleError, match="difficulty"):
        generate_rated(1, "fiendish")


def test_cli_generate_difficulty():
    from sudoku import cli_make

    assert cli_make.DIFFICULTY_NAMES == DIFFICULTIES
    r = run(["generate", "-n", "2", "--difficulty", "expert", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert [rate(line).level for line in r.stdout.splitlines()] == ["expert", "expert"]
    r = run(["generate", "-n", "1", "--difficulty", "expert", "--seed", "2", "--format", "json"])
    obj = json.loads(r.stdout)
    assert obj["rating"]["level"] == "expert"
    # The record's seed makes it alone, with --difficulty or without.
    for extra in (["--difficulty", "expert"], []):
        again = run(["generate", "--seed", str(obj["seed"]), "--format", "json", *extra])
        assert json.loads(again.stdout)["puzzle"] == obj["puzzle"]
    r = run(["generate", "--size", "4", "--difficulty", "hard", "--tries", "5", "--seed", "1"])
    assert r.exit_code == 4 and "no hard puzzle in 5 rated candidates" in r.stderr
    assert json.loads(run(["generate", "--size", "4", "--seed", "1", "--format", "json"])
                      .stdout)["rating"] is None


@pytest.mark.parametrize("program,args", [("sudoku", ["explain", "--help"]),
                                          ("sudoku", ["hint", "--help"]),
                                          ("sudoku", ["rate", "--help"]),
                                          ("dlx", ["explain", "--help"])])
def test_help_of_the_new_commands_loads_no_numba(program, args):
    import subprocess
    import sys

    code = (f"import sys\nfrom {program}.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in ('numba', 'numpy', 'dlx.logic', 'sudoku.logic') "
            "if m in sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "[]"


def test_pencil_mark_puzzles_are_refused_with_a_message(tmp_path):
    from click.testing import CliRunner

    from sudoku.cli import cli

    path = tmp_path / "sukaku.txt"
    path.write_text("123456789" * 81 + "\n" + "1" + "." * 79 + "2\n")
    for command in ("rate", "explain", "hint"):
        r = CliRunner().invoke(cli, [command, str(path)])
        assert r.exit_code == 1 and "Traceback" not in r.stderr
        assert "line 1: pencil-mark (Sukaku) puzzles cannot be explained" in r.stderr
        assert r.stdout.count("\n") >= 2  # the second puzzle is still answered

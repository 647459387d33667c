"""Sudoku explained in a solver's words: `dlx.logic`'s steps named as techniques.

The generic rules of `dlx.logic` are Sudoku's basic techniques once the items
are read as cells and house-digits (`sudoku.logic.board`):

* a forced option is a **naked single** when its item is a cell (one digit
  left there) and a **hidden single** when it is a house-digit (one place
  left for the digit in the house);
* set logic with k = 1 is a locked candidate: **pointing** when the base is a
  box (or jigsaw region, or window) and the cover a line, **claiming** when
  the base is a line and the cover a box; other pairs of houses (a diagonal
  and a box, say) are **locked-candidates**;
* set logic with base cells and cover the digits of one house is a **naked
  pair/triple/quad**; with base the digits of one house and cover cells, a
  **hidden pair/triple/quad**; with base rows and cover columns of one digit
  (or the converse), an **x-wing**, **swordfish** or **jellyfish**.

Beyond set logic come the single-digit patterns and finned fish of
`sudoku.logic.patterns` (**skyscraper**, **two-string-kite**,
**turbot-fish**, **empty-rectangle**, **finned-** and **sashimi-x-wing**,
**-swordfish** and **-jellyfish**), the chains of `sudoku.logic.chains`
(**xy-wing**, **xyz-wing**, **simple-colouring**, **x-chain**) and of
`sudoku.logic.aic` (**remote-pairs**, **w-wing**, **xy-chain**, **aic** and
nice loops, grouped or not), the almost locked sets of `sudoku.logic.als`
(**sue-de-coq**, **als-xz**, **als-xy-wing**) and, on a puzzle the search
has shown to have one solution, the uniqueness steps of
`sudoku.logic.uniqueness` (**bug-plus-1**, **unique-rectangle-1** to **-4**
and **-6**, **hidden-rectangle**, **avoidable-rectangle-1** and **-2**;
``uniqueness=False`` leaves them out), then **guess** (see
`dlx.logic.guess`).  The rules are built from the technique table
(`sudoku.logic.rating.TABLE`) and tried in its order, easiest first, so the
explanation uses the simplest technique available at each step.  Technique
names are single words (hyphenated), so that they can stand in a
space-separated line.  `rate` rates a puzzle by its explanation
(`sudoku.logic.rating`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dlx.logic import State, forced_option, set_logic, steps

from ..encode import givens_of, grid_of, option_number, problem_for
from ..engines import choose
from ..errors import NotUniqueError, PuzzleError
from ..formats import as_puzzle
from ..grid import Puzzle, check_givens
from .aic import AIC
from .als import ALS
from .board import BOX_KINDS, Board, board_for, cells_text, effects_text, set_text
from .chains import CHAINS
from .patterns import PATTERNS
from .rating import TABLE, TECHNIQUES, Rating, Technique, rating_of
from .uniqueness import UNIQUENESS

if TYPE_CHECKING:
    from dlx import Problem

    from ..shapes import PuzzleLike

__all__ = ["TECHNIQUES", "Explanation", "Hint", "Step", "explain", "hint", "rate",
           "sudoku_rules", "solve_state", "name_step", "hint_of"]

_FISH = {t.name for t in TABLE if t.rule.endswith(" fish")}
_CHAINS = {f.__name__: f for f in CHAINS + PATTERNS + AIC + ALS}
_UNIQUE = {f.__name__: f for f in UNIQUENESS}
UNIQUENESS_TECHNIQUES = frozenset(t.name for t in TABLE if t.rule in _UNIQUE)
"""The techniques that hold only on a puzzle with one solution (`sudoku.logic.uniqueness`)."""


@dataclass(frozen=True)
class Step:
    """One step of a Sudoku explanation.

    Attributes
    ----------
    technique : str
        One of `TECHNIQUES`, or ``"contradiction"`` (the puzzle has no solution).
    placements, eliminations : tuple of (row, column, value)
        Digits placed and candidates removed, counted from 1.
    cells : tuple of int
        The cells of the pattern (row-major, from 0).
    digits : tuple of int
        Its digits.
    houses : tuple of str
        Its houses (``"row 3"``, ``"box 5"``...), base first.
    text : str
        The step in words: ``hidden-single: r1c3=4 (the only place for 4 in box 1)``.
    nodes : tuple of (digit, cells)
        A chain's nodes (empty for a step without one): a digit in one cell, or in a
        group of cells (a tuple of cells, row-major from 0).
    links : tuple of (int, int, str)
        Its links, ``(i, j, kind)`` from ``nodes[i]`` to ``nodes[j]``, kind
        ``"strong"`` (``=`` in the text) or ``"weak"`` (``-``), in the text's order.
    sets : tuple of tuple of int
        Cells a picture shades each in its own colour: the almost locked sets of an
        ALS step (A, B, C), Sue de Coq's crossing, line and box cells, simple
        colouring's two colours.
    """

    technique: str
    placements: tuple = ()
    eliminations: tuple = ()
    cells: tuple = ()
    digits: tuple = ()
    houses: tuple = ()
    text: str = ""
    options: tuple = field(default=(), repr=False, compare=False)  # (chosen, removed) options
    nodes: tuple = ()
    links: tuple = ()
    sets: tuple = ()

    def as_dict(self, n: int | None = None) -> dict:
        """The step as plain data (rows, columns and values from 1); cells by name.

        A chain step adds ``nodes`` (``{"digit": 5, "cells": ["r2c3"]}``) and ``links``
        (``{"from": 0, "to": 1, "kind": "strong"}``, indices in ``nodes``); a step with
        sets of cells adds ``sets`` (a list of cell names per set).  Other steps have
        neither key."""
        size = n or 0

        def names(cells) -> list:
            return [f"r{c // size + 1}c{c % size + 1}" for c in cells] if size else list(cells)

        out = {"technique": self.technique,
               "placements": [list(p) for p in self.placements],
               "eliminations": [list(e) for e in self.eliminations],
               "cells": names(self.cells),
               "digits": list(self.digits), "houses": list(self.houses), "text": self.text}
        if self.nodes:
            out["nodes"] = [{"digit": d, "cells": names(cells)} for d, cells in self.nodes]
            out["links"] = [{"from": i, "to": j, "kind": kind} for i, j, kind in self.links]
        if self.sets:
            out["sets"] = [names(cells) for cells in self.sets]
        return out


# ---------------------------------------------------------------- naming
def _effects(board: Board, raw) -> tuple[tuple, tuple]:
    return (tuple(board.rcv(o) for o in raw.chosen),
            tuple(sorted(board.rcv(o) for o in raw.removed)))


def name_step(board: Board, state: State, raw) -> Step:
    """The Sudoku `Step` of a `dlx.logic.Step` taken in ``state`` (before it is applied)."""
    placed, removed = _effects(board, raw)
    effects = effects_text(board, placed, removed)
    technique = raw.detail.get("technique")
    if raw.rule == "forced":
        item = raw.base[0]
        if board.is_cell(item):
            return _step(raw, "naked-single", placed, removed, (item,), (placed[0][2],), (),
                         f"naked-single: {effects}")
        h, d = board.house_digit(item)
        cell = raw.chosen[0] // board.n
        return _step(raw, "hidden-single", placed, removed, (cell,), (d,),
                     (board.house_names[h],),
                     f"hidden-single: {effects} (the only place for {d} in "
                     f"{board.house_names[h]})")
    if raw.rule == "set":
        return _name_set(board, state, raw, technique, placed, removed, effects)
    if raw.rule == "guess":
        return _name_guess(board, state, raw, placed, removed, effects)
    if raw.rule == "contradiction":
        return _step(raw, "contradiction", placed, removed, (), (), (),
                     _contradiction_text(board, raw))
    # A rule of sudoku.logic.chains: it names its own pattern.
    d = raw.detail
    return _step(raw, raw.rule, placed, removed, tuple(d.get("cells", ())),
                 tuple(d.get("digits", ())), tuple(d.get("houses", ())),
                 f"{raw.rule}: {d.get('pattern', '')} => {effects}",
                 nodes=tuple(d.get("nodes", ())), links=tuple(d.get("links", ())),
                 sets=tuple(d.get("sets", ())))


def _step(raw, technique, placed, removed, cells, digits, houses, text, **drawn) -> Step:
    return Step(technique, placed, removed, tuple(cells), tuple(digits), tuple(houses), text,
                (raw.chosen, raw.removed), **drawn)


def _name_set(board: Board, state, raw, technique, placed, removed, effects) -> Step:
    names = board.house_names
    k = raw.k
    if k == 1:
        (hb, d), (hc, _) = board.house_digit(raw.base[0]), board.house_digit(raw.cover[0])
        kb, kc = board.house_kinds[hb], board.house_kinds[hc]
        if kb in BOX_KINDS and kc not in BOX_KINDS:
            technique = "pointing"
        elif kb not in BOX_KINDS and kc in BOX_KINDS:
            technique = "claiming"
        else:
            technique = "locked-candidates"
        cells = tuple(sorted(o // board.n for o in state.live[raw.base[0]]))
        return _step(raw, technique, placed, removed, cells, (d,), (names[hb], names[hc]),
                     f"{technique}: {d} in {names[hb]} only in {names[hc]} => {effects}")
    if technique is None:
        technique = f"set-logic-{k}"
    if technique.startswith(("naked", "hidden")):
        naked = technique.startswith("naked")
        cell_items, digit_items = (raw.base, raw.cover) if naked else (raw.cover, raw.base)
        cells = tuple(cell_items)
        house = names[board.house_digit(digit_items[0])[0]]
        digits = tuple(sorted(board.house_digit(x)[1] for x in digit_items))
        where = (f"{cells_text(board, cells)} hold {set_text(digits)} in {house}" if naked
                 else f"{set_text(digits)} in {house} only at {cells_text(board, cells)}")
        return _step(raw, technique, placed, removed, cells, digits, (house,),
                     f"{technique}: {where} => {effects}")
    if technique in _FISH:
        base = [board.house_digit(x) for x in raw.base]
        cover = [board.house_digit(x) for x in raw.cover]
        d = base[0][1]
        cells = tuple(sorted({o // board.n for x in raw.base for o in state.live[x]}))
        return _step(raw, technique, placed, removed, cells, (d,),
                     tuple(names[h] for h, _ in base) + tuple(names[h] for h, _ in cover),
                     f"{technique}: {d} in {_houses_text(names, base)} only in "
                     f"{_houses_text(names, cover)} => {effects}")
    return _step(raw, technique, placed, removed, (), (), (),
                 f"{technique}: base {', '.join(board.item_text(i) for i in raw.base)}; "
                 f"cover {', '.join(board.item_text(i) for i in raw.cover)} => {effects}")


def _houses_text(names, pairs) -> str:
    """``rows 2,6`` from [(house, digit), ...] of one kind."""
    words = [names[h].split() for h, _ in pairs]
    return f"{words[0][0]}s {','.join(w[-1] for w in words)}"


def _name_guess(board: Board, state, raw, placed, removed, effects) -> Step:
    item = raw.base[0]
    n_opts = raw.detail.get("options", 0)
    where = board.item_text(item)
    if raw.chosen:
        (cell, v) = board.cell_digit(raw.chosen[0])
        what = ("candidates" if board.is_cell(item) else "places")
        return _step(raw, "guess", placed, removed, (cell,), (v,), (),
                     f"guess: {effects} ({where} has {n_opts} {what} left)")
    cell, v = board.cell_digit(raw.removed[0])
    by = raw.detail.get("by")
    why = ""
    if by is not None:
        why = (f"{board.name(by)} would have no candidate left" if board.is_cell(by)
               else f"{board.item_text(by)} would have no place left")
    return _step(raw, "guess", placed, removed, (cell,), (v,), (),
                 f"guess: {board.name(cell)}={v} fails ({why} after "
                 f"{raw.detail.get('forced', 0)} singles) => {effects}")


def _contradiction_text(board: Board, raw) -> str:
    if raw.detail.get("search"):
        return "contradiction: the search finds no solution"
    if raw.cover or raw.k:
        return (f"contradiction: {', '.join(board.item_text(i) for i in raw.base)} fit in "
                f"only {len(raw.cover)} of "
                f"{', '.join(board.item_text(i) for i in raw.cover)}")
    item = raw.base[0]
    if board.is_cell(item):
        return f"contradiction: {board.name(item)} has no candidate left"
    return f"contradiction: {board.item_text(item)} has no place left"


# ---------------------------------------------------------------- rules
def _tagged(rule, technique):
    def run(state):
        step = rule(state)
        if step is not None and step.rule == "set":
            step = dataclasses.replace(step, detail={**step.detail, "technique": technique})
        return step
    run.__name__ = technique
    return run


def _rule(board: Board, row: Technique, givens):
    """The rule that finds ``row``'s technique (see `Technique.rule`); None for the guess,
    which `dlx.logic.steps` takes itself when no rule applies, and for a uniqueness step
    when ``givens`` is None."""
    kind, *args = row.rule.split()
    if kind in _UNIQUE:
        unique = _UNIQUE[kind]
        return None if givens is None else (lambda s: unique(board, s, givens))
    if kind == "forced_option":
        return forced_option
    if kind == "set_logic" and len(args) == 1:
        k = int(args[0].removeprefix("k="))
        return lambda s: set_logic(s, k)
    if kind == "set_logic" and len(args) == 2:
        k, families = int(args[0].removeprefix("k=")), getattr(board, f"{args[1]}_families")
        return _tagged(lambda s: set_logic(s, k, families), row.name)
    if kind in _CHAINS:
        find = _CHAINS[kind]
        return lambda s: find(board, s)
    if kind == "guess":
        return None
    raise ValueError(f"technique {row.name}: unknown rule {row.rule!r}")


def sudoku_rules(board: Board, givens: frozenset | None = None) -> list:
    """The rules of an explanation, easiest first: a list of callables (`dlx.logic.Rule`).

    One rule per distinct `Technique.rule` of the table, in the table's order.
    ``givens``: the given cells of a puzzle known to have exactly one solution,
    which the uniqueness steps (`sudoku.logic.uniqueness`) need; without them
    those steps are left out.
    """
    rules, built = [], set()
    for row in TABLE:
        if row.rule not in built:
            built.add(row.rule)
            rule = _rule(board, row, givens)
            if rule is not None:
                rules.append(rule)
    return rules


# ---------------------------------------------------------------- driving
@dataclass
class Explanation:
    """How a puzzle is solved, step by step.

    Attributes
    ----------
    puzzle : Puzzle
    status : str
        ``"unique"``, ``"multiple"`` or ``"none"``: how many solutions the
        puzzle has.
    steps : list of Step
        From the givens to the solution (or, with ``status == "none"``, to a
        contradiction); guesses included.  Placements that follow from the
        digits placed (a filled cell's peers losing that digit) are not steps.
    solution : tuple of int or None
        The grid the steps reach: the solution, or the first one the search
        finds when there are several (a guess's placement then follows it).
    """

    puzzle: Puzzle
    status: str
    steps: list
    solution: tuple | None

    @property
    def guesses(self) -> int:
        """How many steps are guesses."""
        return sum(1 for s in self.steps if s.technique == "guess")

    @property
    def rating(self) -> Rating | None:
        """The `sudoku.logic.rating.Rating` of the steps (None unless the solution is unique)."""
        return rating_of(self)

    def text(self) -> str:
        """The steps, one a line."""
        return "\n".join(s.text for s in self.steps)


def solve_state(puzzle: Puzzle, timeout: float | None = None
                ) -> tuple[Board, Problem, State, str, list[int] | None]:
    """``(board, problem, state, status, solution options)`` of a checked puzzle.

    The uniqueness search is the one `sudoku.check` runs (its engine, interpreted for a
    small job, so that one puzzle is explained before numba has loaded); ``timeout``
    bounds it (status ``"unknown"`` when it runs out).
    """
    if puzzle.candidates is not None:
        # Their encoding has items of its own (the values ruled out), which the
        # technique names do not cover yet.
        raise PuzzleError("pencil-mark (Sukaku) puzzles cannot be explained or rated yet; "
                          "solve, count and check take them", puzzle.source, puzzle.line)
    check_givens(puzzle)
    n = puzzle.size
    problem = problem_for(puzzle)
    forced = givens_of(puzzle)
    u = choose(puzzle).check(puzzle, timeout=timeout)
    solution = ([option_number(c, v, n) for c, v in enumerate(u.solutions[0])]
                if u.solutions else None)
    return board_for(puzzle), problem, State(problem, forced), u.status, solution


def unique_givens(puzzle: Puzzle, status: str, uniqueness: bool = True) -> frozenset | None:
    """The given cells, for `sudoku_rules`, when the uniqueness steps may be used: asked
    for (``uniqueness``) and the puzzle has exactly one solution (``status``)."""
    if not uniqueness or status != "unique":
        return None
    return frozenset(i for i, v in enumerate(puzzle.cells) if v)


def explain(puzzle: PuzzleLike, *, guesses: bool = True,
            uniqueness: bool = True) -> Explanation:
    """Explain how to solve a puzzle, in the usual techniques (see the module docstring).

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray (any form of `sudoku.shapes`)
        A puzzle, or a partly filled grid, in any format `sudoku.parse_puzzle`
        reads.
    guesses : bool
        Guess where no technique applies (else the steps stop there).
    uniqueness : bool
        Allow the uniqueness steps (unique and avoidable rectangles, BUG+1),
        which hold because the puzzle has one solution; they are used only
        when the search has shown that it has.

    Returns
    -------
    Explanation

    Raises
    ------
    PuzzleError
        The givens clash.

    Notes
    -----
    Cost: a uniqueness search, then one pass of the techniques per step:
    milliseconds for a 9x9 that singles solve, tens of milliseconds for one
    that needs fish, chains or guesses.

    Examples
    --------
    >>> e = explain("1.34" "34.." "2.4." "4..1")
    >>> e.status, [s.technique for s in e.steps][:3]
    ('unique', ['naked-single', 'naked-single', 'naked-single'])
    >>> e.steps[0].text
    'naked-single: r1c2=2'
    """
    p = as_puzzle(puzzle)
    board, problem, state, status, solution = solve_state(p)
    rules = sudoku_rules(board, unique_givens(p, status, uniqueness))
    found = []
    for raw in steps(problem, rules=rules, guesses=guesses, solution=solution,
                     state=state.copy()):
        found.append(name_step(board, state, raw))
        state.apply(raw)
    grid = grid_of(board.n, solution) if solution is not None else None
    return Explanation(p, status if status != "unknown" else "none", found, grid)


@dataclass
class Hint:
    """The next step for a puzzle or a partly filled grid.

    Attributes
    ----------
    status : str
        ``"unique"``, ``"multiple"``, ``"none"`` (no solution: some digit
        placed is wrong, or the givens are contradictory) or ``"solved"``
        (every cell is filled).
    step : Step or None
        The easiest step available (a guess when no technique applies); None
        when the grid is solved or has no solution.
    """

    status: str
    step: Step | None


def hint(puzzle: PuzzleLike, *, uniqueness: bool = True) -> Hint:
    """The next step of a puzzle or a partly filled grid: the easiest technique that applies.

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray (any form of `sudoku.shapes`)
    uniqueness : bool
        Allow the uniqueness steps (see `explain`); the digits filled in count
        as givens.

    Returns
    -------
    Hint

    Raises
    ------
    PuzzleError
        The digits clash.

    Notes
    -----
    Cost: a uniqueness search and one pass of the techniques.

    Examples
    --------
    >>> h = hint("1.34" "34.." "2.4." "4..1")
    >>> h.status, h.step.text
    ('unique', 'naked-single: r1c2=2')
    """
    p = as_puzzle(puzzle)
    solved = solve_state(p)
    return hint_of(*solved, givens=unique_givens(p, solved[3], uniqueness))


def hint_of(board: Board, problem, state, status: str, solution,
            givens: frozenset | None = None) -> Hint:
    """`hint` from what `solve_state` gives (status ``"unknown"``: no step, as ``"none"``)
    and the `unique_givens` (None: no uniqueness steps)."""
    if status == "none" or status == "unknown":
        return Hint("none", None)
    if state.status == "solved":
        return Hint("solved", None)
    rules = sudoku_rules(board, givens)
    for raw in steps(problem, rules=rules, solution=solution, state=state.copy()):
        return Hint(status, name_step(board, state, raw))
    return Hint(status, None)  # pragma: no cover  (an open state always has a step)


def rate(puzzle: PuzzleLike, *, uniqueness: bool = True) -> Rating:
    """Rate a puzzle by the techniques a person needs (see `sudoku.logic.rating`).

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray (any form of `sudoku.shapes`)
    uniqueness : bool
        Allow the uniqueness steps (see `explain`).  Without them a puzzle
        may need a harder technique or a guess, and score higher.

    Returns
    -------
    Rating

    Raises
    ------
    PuzzleError
        The givens clash.
    NotUniqueError
        The puzzle has no solution or several (``status`` says which).

    Notes
    -----
    Cost: one explanation (`explain`): milliseconds for a 9x9 that singles
    solve, tens of milliseconds for one that needs guesses.

    Examples
    --------
    >>> r = rate("4.....8.5.3..........7......2.....6.....8.4......"
    ...          "1.......6.3.7.5..2.....1.4......")
    >>> r.level, r.hardest, r.guesses
    ('medium', 'claiming', 0)
    >>> rate("1234341221434321"[:-1] + ".").line()
    '1.0 naked-single guesses=0 level=easy'
    """
    p = as_puzzle(puzzle)
    e = explain(p, uniqueness=uniqueness)
    r = rating_of(e)
    if r is None:
        what = "no solution" if e.status == "none" else "several solutions"
        raise NotUniqueError(f"the puzzle has {what}; only a puzzle with exactly one "
                             "solution is rated", p.source, p.line, e.status)
    return r

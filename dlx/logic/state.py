"""The state of an explanation: the options still possible, the items covered; and a step.

`State` keeps, for each item, the set of its options still possible (and
which items are covered); taking an option removes every option that
conflicts with it, as Knuth's cover does, colours included: options that give
a secondary item the same colour may share it.  What every state of one
problem shares (the items of each option, which items may serve as set
logic's cover) is computed once per problem (`_Shape`).  `Step` is what a
rule returns.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import ProblemError
from ..options import read_forced

__all__ = ["RULES", "State", "Step"]

RULES = ("forced", "set", "guess", "contradiction")
"""The rule names of this module's steps (`Step.rule`)."""


@dataclass(frozen=True)
class Step:
    """One step of an explanation.

    Attributes
    ----------
    rule : str
        ``"forced"``, ``"set"``, ``"guess"``, ``"contradiction"``, or the name
        a layer above gives its own rule.
    chosen : tuple of int
        Options taken (a forced option, a guess's placement).
    removed : tuple of int
        Options removed, in increasing order.
    base, cover : tuple of int
        Items: the forced item or the guess's item (``base``); set logic's
        base and cover items; for a contradiction, the item left without
        options (or the base whose options too few items cover).
    k : int
        Set logic's size; 0 for other rules.
    detail : dict
        Rule-specific facts: for a guess, ``options`` (how many the item had)
        and, for a removal, ``by`` (the item a contradiction emptied) and
        ``forced`` (options the trial took before it).
    """

    rule: str
    chosen: tuple = ()
    removed: tuple = ()
    base: tuple = ()
    cover: tuple = ()
    k: int = 0
    detail: dict = field(default_factory=dict, compare=False)

    def as_dict(self, problem=None) -> dict:
        """The step as plain data; with ``problem``, items and options by name and label."""
        d: dict = {"rule": self.rule, "k": self.k, "base": list(self.base),
             "cover": list(self.cover), "chosen": list(self.chosen),
             "removed": list(self.removed)}
        if problem is not None:
            names = problem.primary + problem.secondary
            labels = _labels(problem)
            for key in ("base", "cover"):
                d[key] = [str(names[i]) for i in d[key]]
            for key in ("chosen", "removed"):
                d[key] = [str(labels[o]) for o in d[key]]
        d.update(self.detail)
        return d

    def text(self, problem) -> str:
        """One line for people: the rule, its items and what it changes."""
        names = problem.primary + problem.secondary
        labels = _labels(problem)

        def items(seq):
            return " ".join(str(names[i]) for i in seq)

        def opts(seq):
            return ", ".join(f"[{labels[o]}]" for o in seq)

        if self.rule == "forced":
            return f"forced: item {items(self.base)} has one option left: take {opts(self.chosen)}"
        if self.rule == "set":
            return (f"set logic k={self.k}: base {items(self.base)}, cover {items(self.cover)}: "
                    f"remove {opts(self.removed)}")
        if self.rule == "guess":
            n = self.detail.get("options", 0)
            if self.chosen:
                return (f"guess: item {items(self.base)} ({n} options left): "
                        f"take {opts(self.chosen)}")
            by = self.detail.get("by")
            return (f"guess: item {items(self.base)} ({n} options left): {opts(self.removed)} "
                    f"leaves item {names[by]} without options: remove it")
        if self.rule == "contradiction":
            if self.detail.get("search"):
                return "contradiction: the search finds no solution from here"
            if self.cover:
                return (f"contradiction: base {items(self.base)} has only "
                        f"{len(self.cover)} cover item(s): {items(self.cover)}")
            return f"contradiction: item {items(self.base)} has no option left"
        return f"{self.rule}: {opts(self.chosen)} remove {opts(self.removed)}"


_label_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _labels(problem) -> list:
    got = _label_cache.get(problem)
    if got is None:
        got = _label_cache[problem] = problem.labels
    return got


class _Shape:
    """What every state of one problem shares: the items of each option, colours, kinds."""

    def __init__(self, problem):
        ptr, items, colors = problem._option_lists()  # (without numpy: small jobs start fast)
        n = len(ptr) - 1
        self.n_items = problem.n_items
        self.n_primary = problem.n_primary
        self.option_items = [tuple(items[ptr[k]:ptr[k + 1]]) for k in range(n)]
        self.option_sets = [frozenset(t) for t in self.option_items]
        self.families: dict = {}  # set logic's per-family tables (see _family_table)
        coloured = [False] * self.n_items
        self.option_colors: list | None = None
        if any(colors):
            self.option_colors = [tuple(colors[ptr[k]:ptr[k + 1]]) for k in range(n)]
            for i, c in zip(items, colors, strict=True):
                if c:
                    coloured[i] = True
        # Items a set-logic cover may use: those no two options of a solution share.
        self.plain = [i < self.n_primary or not coloured[i] for i in range(self.n_items)]
        self.item_options: list[list[int]] = [[] for _ in range(self.n_items)]
        for k, its in enumerate(self.option_items):
            for i in its:
                self.item_options[i].append(k)
        self._most_shared: list[int] | None = None

    @property
    def most_shared(self) -> list[int]:
        """For each item, the most of its options another single item holds: an item
        with more options left than that has no locked (k = 1) pattern."""
        if self._most_shared is None:
            most = []
            for b in range(self.n_items):
                seen: dict[int, int] = {}
                for o in self.item_options[b]:
                    for x in self.option_items[o]:
                        seen[x] = seen.get(x, 0) + 1
                seen.pop(b, None)
                most.append(max(seen.values(), default=0))
            self._most_shared = most
        return self._most_shared


_shapes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shape(problem) -> _Shape:
    got = _shapes.get(problem)
    if got is None:
        got = _shapes[problem] = _Shape(problem)
    return got


class State:
    """The options still possible and the items covered, after some options were taken.

    Parameters
    ----------
    problem : dlx.Problem
    forced : iterable of int
        Options to take first (a Sudoku's givens).

    Raises
    ------
    ProblemError
        A forced option is out of range, or two forced options conflict.

    Notes
    -----
    Cost: O(entries) to build (the problem's incidence is computed once and
    shared by its states); `copy` is O(items + live options).

    Examples
    --------
    >>> from dlx import Problem
    >>> s = State(Problem([["a", "b"], ["b", "c"], ["c"]]), forced=[0])
    >>> s.status, s.options(2)
    ('open', [2])
    """

    def __init__(self, problem, forced: Iterable[int] = ()):
        self.problem = problem
        shape = self.shape = _shape(problem)
        self.live: list[set[int]] = [set(opts) for opts in shape.item_options]
        self.covered = [False] * shape.n_items
        self.chosen: list[int] = []
        self.memo: dict = {}  # what rules computed from this state; emptied by every change
        self.quiet: dict = {}  # what rules found nothing in, and when (see set_logic)
        self.n_open = shape.n_primary  # primary items not yet covered
        for o in read_forced(forced, problem.n_options, problem.bounded):
            if not self.is_live(o):
                raise ProblemError(f"forced option {o} conflicts with the forced options "
                                   f"before it")
            self.choose(o)

    def copy(self) -> State:
        """An independent copy (for trying a guess)."""
        other = object.__new__(State)
        other.problem = self.problem
        other.shape = self.shape
        other.live = [set(s) for s in self.live]
        other.covered = list(self.covered)
        other.chosen = list(self.chosen)
        other.memo = {}
        other.quiet = dict(self.quiet)
        other.n_open = self.n_open
        return other

    # ------------------------------------------------------------ queries
    def options(self, item: int) -> list[int]:
        """The options left of ``item``, in increasing order."""
        return sorted(self.live[item])

    def items(self, option: int) -> tuple:
        """The items of ``option``."""
        return self.shape.option_items[option]

    def is_live(self, option: int) -> bool:
        """Is ``option`` still possible (neither taken nor removed)?"""
        return option in self.live[self.shape.option_items[option][0]]

    def open_items(self) -> list[int]:
        """The primary items not yet covered, in order."""
        cov = self.covered
        return [i for i in range(self.shape.n_primary) if not cov[i]]

    @property
    def status(self) -> str:
        """``"solved"`` (every primary item covered), ``"contradiction"`` (a primary
        item has no option left) or ``"open"``."""
        if not self.n_open:
            return "solved"
        live, cov = self.live, self.covered
        if any(not live[i] for i in range(self.shape.n_primary) if not cov[i]):
            return "contradiction"
        return "open"

    # ------------------------------------------------------------ changes
    def _kill(self, option: int) -> None:
        for j in self.shape.option_items[option]:
            self.live[j].discard(option)

    def choose(self, option: int) -> None:
        """Take ``option``: cover its items, remove every option that conflicts with it."""
        self.memo = {}
        shape = self.shape
        its = shape.option_items[option]
        cols = shape.option_colors[option] if shape.option_colors is not None else None
        for pos, i in enumerate(its):
            c = cols[pos] if cols is not None else 0
            for p in list(self.live[i]):
                if p == option:
                    continue
                if c and _color_on(shape, p, i) == c:
                    continue  # the same colour may share a secondary item
                self._kill(p)
        n1 = shape.n_primary
        for pos, i in enumerate(its):
            self.live[i].discard(option)
            if not (cols is not None and cols[pos]) and not self.covered[i]:
                self.covered[i] = True
                if i < n1:
                    self.n_open -= 1
        self.chosen.append(option)

    def remove(self, options: Iterable[int]) -> None:
        """Remove ``options`` from the state."""
        self.memo = {}
        for o in options:
            self._kill(o)

    def apply(self, step: Step) -> None:
        """Apply a step: take its chosen options, remove its removed ones."""
        for o in step.chosen:
            if self.is_live(o):
                self.choose(o)
        self.remove(step.removed)


def _color_on(shape: _Shape, option: int, item: int) -> int:
    assert shape.option_colors is not None
    return shape.option_colors[option][shape.option_items[option].index(item)]

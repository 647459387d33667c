"""Logic on any exact-cover problem: the steps a person could take, each with its reason.

The search answers *what* the solutions are; this module answers *why*, one
step at a time, with rules that hold for every exact-cover problem (Sudoku,
pentominoes, queens...).  A `State` holds the options still possible and the
items already covered; a *rule* looks at it and returns a `Step` (or None),
and the step is applied.  Three rules, in the order `explain` tries them:

forced option
    A primary item with exactly one option left: that option is in every
    solution, so it is taken.  A primary item with no option left is a
    *contradiction*: the problem, as it stands, has no solution.
set logic (k = 1, 2, 3, 4)
    ``k`` primary *base* items whose remaining options are pairwise disjoint
    (no option holds two of them), every one of those options holding at
    least one of ``k`` other *cover* items (primary, or secondary without
    colours).  Every solution takes one option per base item, those ``k``
    options are disjoint and each covers a cover item, so they cover the
    ``k`` cover items, each exactly once: every other option of a cover item
    is removed, and so is every base option holding two cover items.  If
    fewer than ``k`` items cover the base options, that is a contradiction.
guess
    When no rule applies: the primary item with the fewest options left (the
    first in item order on a tie).  Each of its options that the solution
    being followed does not take is tried first: if forced options alone
    then lead to a contradiction, the step removes it (a proof by
    contradiction).  Otherwise the step takes the followed solution's option:
    a branch of the search, and every later step holds under it.  Both kinds
    count as one guess.  The solution followed is the search's first (the
    only one when the problem has exactly one).

Every removal and every forced option is true of every solution of the state
it was made in (the tests check this against brute force), so on a problem
with exactly one solution every step is true of that solution.

Numbering: items ``0 .. n_items - 1`` in the order ``problem.primary +
problem.secondary``, options by their index in the problem.  This is a layer
over the engine's problem description, in plain Python: it is about
explaining, not speed, and it never touches the search kernels except to find
the solution a guess follows.

Cost: building a `State` is O(entries); one pass of a rule is O(entries) for
forced options and k = 1, more for larger k (see `set_logic`).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .errors import ProblemError

__all__ = ["RULES", "Explanation", "Rule", "State", "Step", "default_rules", "explain",
           "forced_option", "guess", "next_step", "propagate_forced", "set_logic", "steps"]

RULES = ("forced", "set", "guess", "contradiction")
"""The rule names of this module's steps (`Step.rule`)."""

MAX_K = 4
"""The largest set-logic size tried by default."""


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
        e = problem.entries
        ptr = e.ptr.tolist()
        items = (e.items - 1).tolist()
        colors = e.colors.tolist()
        n = len(ptr) - 1
        self.n_items = e.n_items
        self.n_primary = e.n_primary
        self.option_items = [tuple(items[ptr[k]:ptr[k + 1]]) for k in range(n)]
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
        for o in problem.check_forced(forced).tolist():
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
        live, cov = self.live, self.covered
        done = True
        for i in range(self.shape.n_primary):
            if not cov[i]:
                done = False
                if not live[i]:
                    return "contradiction"
        return "solved" if done else "open"

    # ------------------------------------------------------------ changes
    def _kill(self, option: int) -> None:
        for j in self.shape.option_items[option]:
            self.live[j].discard(option)

    def choose(self, option: int) -> None:
        """Take ``option``: cover its items, remove every option that conflicts with it."""
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
        for pos, i in enumerate(its):
            self.live[i].discard(option)
            if not (cols is not None and cols[pos]):
                self.covered[i] = True
        self.chosen.append(option)

    def remove(self, options: Iterable[int]) -> None:
        """Remove ``options`` from the state."""
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


# ---------------------------------------------------------------- rules
Rule = Callable[[State], "Step | None"]
"""A rule: looks at a state and returns a step, or None when it does not apply."""


def forced_option(state: State, items: Iterable[int] | None = None) -> Step | None:
    """The first primary item (in item order, or in ``items``' order) with one option left.

    Returns a ``"forced"`` step, a ``"contradiction"`` when an item has no
    option left, or None.

    Examples
    --------
    >>> from dlx import Problem
    >>> s = State(Problem([["a", "b"], ["b", "c"], ["c"]]))
    >>> forced_option(s)
    Step(rule='forced', chosen=(0,), removed=(), base=(0,), cover=(), k=0, detail={})
    """
    live, cov = state.live, state.covered
    for i in range(state.shape.n_primary) if items is None else items:
        if not cov[i] and len(live[i]) <= 1:
            if not live[i]:
                return Step("contradiction", base=(i,))
            return Step("forced", chosen=(next(iter(live[i])),), base=(i,))
    return None


def propagate_forced(state: State, limit: int | None = None) -> tuple[str, int, int | None]:
    """Take forced options until none is left: ``(status, taken, emptied item)``.

    The state changes in place.  ``emptied`` is the item a contradiction left
    without options (None otherwise).
    """
    taken = 0
    while limit is None or taken < limit:
        step = forced_option(state)
        if step is None:
            break
        if step.rule == "contradiction":
            return "contradiction", taken, step.base[0]
        state.choose(step.chosen[0])
        taken += 1
    return state.status, taken, None


def _cover_ok(state: State, item: int) -> bool:
    return state.shape.plain[item] and not state.covered[item]


def _removals(state: State, cover: Sequence[int], inside: set[int]) -> tuple:
    """What a base/cover pair removes: the cover's other options, and base options
    holding two cover items."""
    out: set[int] = set()
    for x in cover:
        out |= state.live[x]
    out -= inside
    cset = set(cover)
    items = state.shape.option_items
    for o in inside:
        if sum(1 for i in items[o] if i in cset) > 1:
            out.add(o)
    return tuple(sorted(out))


def _locked(state: State, base_items) -> Step | None:
    """Set logic with k = 1: every option of a base item holds one cover item."""
    live, cov, items = state.live, state.covered, state.shape.option_items
    for b in base_items:
        if cov[b] or len(live[b]) < 2:
            continue
        opts = iter(live[b])
        common = set(items[next(opts)])
        for o in opts:
            common.intersection_update(items[o])
            if len(common) == 1:
                break
        common.discard(b)
        for x in sorted(common):
            if _cover_ok(state, x):
                removed = tuple(sorted(live[x] - live[b]))
                if removed:
                    return Step("set", removed=removed, base=(b,), cover=(x,), k=1)
    return None


def set_logic(state: State, k: int, families: Sequence[tuple] | None = None) -> Step | None:
    """The first set-logic pattern of size ``k`` that removes an option, or a contradiction.

    Parameters
    ----------
    state : State
    k : int
        The number of base (and of cover) items, from 1.
    families : sequence of (base items, cover items), optional
        Where to look: base items taken from one family's first collection,
        cover items from its second.  By default every primary item may be a
        base item and every cover-able item a cover item.

    Returns
    -------
    Step or None
        A ``"set"`` step (base, cover, removed options), a
        ``"contradiction"`` step (``k`` base items that fewer than ``k``
        items cover), or None.

    Notes
    -----
    Cost: k = 1 is one pass over the options.  Larger k enumerate base sets
    (pruned by the number of cover items their options need): fine within
    families of a few dozen items, growing quickly without them on large
    problems.

    Examples
    --------
    >>> from dlx import Problem
    >>> p = Problem([["a", "x"], ["a", "y"], ["b", "x"], ["b", "y"], ["c", "x"], ["c", "z"]],
    ...             primary=["a", "b", "c", "x", "y", "z"])
    >>> step = set_logic(State(p), 2)
    >>> step.base, step.cover, step.removed     # a and b take x and y: c cannot take x
    ((0, 1), (3, 4), (4,))
    """
    if families is None:
        if k == 1:
            return _locked(state, range(state.shape.n_primary))
        return _unrestricted(state, k)
    for base_items, cover_items in families:
        step = _family(state, k, base_items, cover_items)
        if step is not None:
            return step
    return None


def _family(state: State, k: int, base_items, cover_items) -> Step | None:
    live, cov, items = state.live, state.covered, state.shape.option_items
    cset = {x for x in cover_items if _cover_ok(state, x)}
    cands = []
    for b in base_items:
        if cov[b] or len(live[b]) < 2:
            continue
        touched = set()
        simple = True
        for o in live[b]:
            t = [x for x in items[o] if x in cset and x != b]
            if not t:
                break
            simple = simple and len(t) == 1
            touched.update(t)
        else:
            if not simple or len(touched) <= k:
                cands.append((b, frozenset(live[b]), frozenset(touched), simple))
    if len(cands) < k:
        return None

    def grow(start, chosen, opts, touched, simple):
        if len(chosen) == k:
            return _conclude(state, k, [c[0] for c in chosen], opts, touched, simple)
        for j in range(start, len(cands) - (k - len(chosen)) + 1):
            b, bo, bt, bs = cands[j]
            if opts & bo:
                continue
            t = touched | bt
            s = simple and bs
            if s and len(t) > k:
                continue
            got = grow(j + 1, chosen + [cands[j]], opts | bo, t, s)
            if got is not None:
                return got
        return None

    return grow(0, [], frozenset(), frozenset(), True)


def _conclude(state: State, k: int, base: list, opts: frozenset, touched, simple) -> Step | None:
    """Given k base items and the cover items their options touch, the step (if any)."""
    items = state.shape.option_items
    base_t = tuple(base)
    if simple:
        covers = [tuple(sorted(touched))] if len(touched) == k else []
        if len(touched) < k:
            return Step("contradiction", base=base_t, cover=tuple(sorted(touched)), k=k)
    else:
        covers = []
        for size in range(1, k + 1):
            for c in combinations(sorted(touched), size):
                cs = set(c)
                if all(any(i in cs for i in items[o]) for o in opts):
                    if size < k:
                        return Step("contradiction", base=base_t, cover=c, k=k)
                    covers.append(c)
    inside = set(opts)
    for c in covers:
        removed = _removals(state, c, inside)
        if removed:
            return Step("set", removed=removed, base=base_t, cover=c, k=k)
    return None


def _unrestricted(state: State, k: int) -> Step | None:
    """Set logic of size k >= 2 over every item: base sets in item order, pruned by
    a lower bound on the cover items their options need."""
    live, items = state.live, state.shape.option_items
    cands = [b for b in state.open_items() if len(live[b]) >= 2]

    def hitters(o, base):
        return [x for x in items[o] if x not in base and _cover_ok(state, x)]

    def need(opts, base) -> int:
        # Options pairwise without a common cover candidate each need their own.
        used: set[int] = set()
        n = 0
        for o in sorted(opts):
            h = hitters(o, base)
            if not h:
                return k + 1
            if not used.intersection(h):
                used.update(h)
                n += 1
        return n

    def covers(opts, base):
        """Every minimal cover (size <= k) of the options, by branching on the
        first option not yet covered."""
        found = []
        order = sorted(opts)

        def branch(chosen):
            for o in order:
                if not any(x in chosen for x in items[o]):
                    if len(chosen) == k:
                        return
                    for x in hitters(o, base):
                        branch(chosen | {x})
                    return
            found.append(frozenset(chosen))

        branch(frozenset())
        return sorted({c for c in found}, key=lambda c: (len(c), sorted(c)))

    def grow(start, base, opts):
        if len(base) == k:
            bset = set(base)
            for c in covers(opts, bset):
                ct = tuple(sorted(c))
                if len(c) < k:
                    return Step("contradiction", base=tuple(base), cover=ct, k=k)
                removed = _removals(state, ct, set(opts))
                if removed:
                    return Step("set", removed=removed, base=tuple(base), cover=ct, k=k)
            return None
        for j in range(start, len(cands)):
            b = cands[j]
            if live[b] & opts:
                continue
            nb = base + [b]
            no = opts | live[b]
            if need(no, set(nb)) > k:
                continue
            got = grow(j + 1, nb, no)
            if got is not None:
                return got
        return None

    return grow(0, [], set())


def guess(state: State, solution: Iterable[int] | None = None) -> Step:
    """A guess on the item with the fewest options left (see the module docstring).

    ``solution`` is the solution followed (option indices); without it the
    item's first option is the one taken.
    """
    live = state.live
    item = min((i for i in state.open_items()), key=lambda i: (len(live[i]), i))
    opts = sorted(live[item])
    sol = set(solution) if solution is not None else set()
    right = [o for o in opts if o in sol] or opts[:1]
    for o in opts:
        if o in right:
            continue
        trial = state.copy()
        trial.choose(o)
        status, taken, emptied = propagate_forced(trial)
        if status == "contradiction":
            if emptied is None:
                emptied = next(i for i in trial.open_items() if not trial.live[i])
            return Step("guess", removed=(o,), base=(item,),
                        detail={"options": len(opts), "by": emptied, "forced": taken})
    return Step("guess", chosen=(right[0],), base=(item,), detail={"options": len(opts)})


def default_rules(max_k: int = MAX_K) -> list[Rule]:
    """The generic rules in the order they are tried: forced options, then set
    logic of size 1 to ``max_k``."""
    rules: list[Rule] = [forced_option]
    rules += [functools.partial(set_logic, k=k) for k in range(1, max_k + 1)]
    return rules


def next_step(state: State, rules: Sequence[Rule] | None = None) -> Step | None:
    """The first step any rule finds (rules in order), or None."""
    for rule in rules if rules is not None else default_rules():
        step = rule(state)
        if step is not None:
            return step
    return None


# ---------------------------------------------------------------- driving
def _solution_indices(problem, forced: list[int]) -> list[int] | None:
    """The first solution the search finds with ``forced`` taken, as option indices."""
    shadow = _shadow(problem)
    sol = shadow.solve(forced=forced)
    return None if sol is None else list(sol)


_shadows: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shadow(problem):
    """The problem itself when its labels are its option indices, else a copy that
    reports solutions by index."""
    if problem.labels == list(range(problem.n_options)):
        return problem
    got = _shadows.get(problem)
    if got is None:
        from .problem import Problem

        got = Problem([problem.option(k) for k in range(problem.n_options)],
                      primary=problem.primary, secondary=problem.secondary)
        _shadows[problem] = got
    return got


def steps(problem, forced: Iterable[int] = (), *, rules: Sequence[Rule] | None = None,
          guesses: bool = True, solution: Iterable[int] | None = None,
          state: State | None = None) -> Iterator[Step]:
    """Yield the steps of an explanation as they are found (see `explain`)."""
    if state is None:
        state = State(problem, forced)
    rules = list(rules) if rules is not None else default_rules()
    followed = list(solution) if solution is not None else None
    while state.status == "open":
        step = next_step(state, rules)
        if step is None:
            if not guesses:
                return
            if followed is None:
                followed = _solution_indices(problem, state.chosen)
                if followed is None:
                    yield Step("contradiction", detail={"search": True})
                    return
            step = guess(state, followed)
        state.apply(step)
        yield step
        if step.rule == "contradiction":
            return


@dataclass
class Explanation:
    """The steps from the forced options to a solution (or a contradiction).

    Attributes
    ----------
    steps : list of Step
    status : str
        ``"solved"``, ``"contradiction"`` (no solution), or ``"stalled"``
        (no rule applies and guesses were not allowed).
    guesses : int
        Steps whose rule is ``"guess"``.
    chosen : list of int
        Every option taken, forced ones first.
    """

    steps: list
    status: str
    guesses: int
    chosen: list

    def summary(self) -> str:
        """The status line: ``solved: 12 steps, 1 guess``."""
        return (f"{self.status}: {_plural(len(self.steps), 'step')}, "
                f"{_plural(self.guesses, 'guess', 'guesses')}")

    def text(self, problem) -> str:
        """The steps, one line each, then the status line."""
        return "\n".join([s.text(problem) for s in self.steps] + [self.summary()])


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def explain(problem, forced: Iterable[int] = (), *, rules: Sequence[Rule] | None = None,
            max_k: int = MAX_K, guesses: bool = True,
            solution: Iterable[int] | None = None) -> Explanation:
    """Explain a problem step by step: forced options, set logic, guesses.

    Parameters
    ----------
    problem : dlx.Problem
    forced : iterable of int
        Options taken before the first step.
    rules : sequence of callables, optional
        The rules to try, in order (each takes a `State` and returns a
        `Step` or None); default `default_rules(max_k)`.
    max_k : int
        Largest set-logic size of the default rules.
    guesses : bool
        Guess when no rule applies (else stop, status ``"stalled"``).
    solution : iterable of int, optional
        The solution guesses follow; by default the search's first.

    Returns
    -------
    Explanation

    Notes
    -----
    Cost: one pass of the rules per step, each pass trying the cheap rules
    first; the search runs once, at the first guess.

    Examples
    --------
    >>> from dlx import parse_knuth
    >>> p = parse_knuth("a b c d e f\\nb f\\nc e f\\nb d\\na b d\\na c e\\n")
    >>> print(explain(p).text(p))
    set logic k=1: base d, cover b: remove [b f]
    forced: item f has one option left: take [c e f]
    forced: item a has one option left: take [a b d]
    solved: 3 steps, 0 guesses
    """
    state = State(problem, forced)
    rules = rules if rules is not None else default_rules(max_k)
    found = list(steps(problem, rules=rules, guesses=guesses, solution=solution, state=state))
    status = state.status
    if found and found[-1].rule == "contradiction":
        status = "contradiction"
    elif status == "open":
        status = "stalled"
    return Explanation(found, status, sum(1 for s in found if s.rule == "guess"),
                       list(state.chosen))

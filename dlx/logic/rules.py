"""The rules of `dlx.logic`: forced options, set logic, guesses (see the package docstring).

A rule is a callable taking a `State` and returning a `Step`, or None when
it does not apply; `next_step` tries rules in order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from .state import State, Step, _Shape

__all__ = ["MAX_K", "Rule", "default_rules", "forced_option", "guess", "next_step",
           "propagate_forced", "set_logic"]

MAX_K = 4
"""The largest set-logic size tried by default."""

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
    live, cov, sets = state.live, state.covered, state.shape.option_sets
    most = state.shape.most_shared
    for b in base_items:
        if cov[b] or not 2 <= len(live[b]) <= most[b]:
            continue
        common = set(frozenset.intersection(*[sets[o] for o in live[b]]))
        if len(common) < 2:
            continue
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
    live, quiet = state.live, state.quiet
    for base_items, cover_items in families:
        # Options only ever go: a family whose items have the same number of options
        # left as when it last gave nothing is unchanged, and gives nothing again.
        sig = tuple(len(live[b]) for b in base_items) + tuple(len(live[x]) for x in cover_items)
        key = (id(base_items), id(cover_items), k)
        was = quiet.get(key)
        if was is not None and was[0] is base_items and was[1] is cover_items and was[2] == sig:
            continue
        step = _family(state, k, base_items, cover_items)
        if step is not None:
            return step
        quiet[key] = (base_items, cover_items, sig)
    return None


def _family_table(shape: _Shape, base_items, cover_items) -> tuple[dict, bool]:
    """For each base item of a family and each of its options, the family's cover
    items the option holds (fixed for a problem: computed once per family); and
    whether the family is *injective*: every option holds one cover item, the
    options of a base item each a different one (Sudoku's families are).  A base
    item of an injective family then needs as many cover items as it has options."""
    key = (id(base_items), id(cover_items))
    got = shape.families.get(key)
    if got is None or got[0] is not base_items or got[1] is not cover_items:
        cset = {x for x in cover_items if shape.plain[x]}
        items = shape.option_items
        table = {b: {o: tuple(x for x in items[o] if x in cset and x != b)
                     for o in shape.item_options[b]}
                 for b in base_items}
        injective = all(all(len(t) == 1 for t in tb.values())
                        and len({t[0] for t in tb.values()}) == len(tb)
                        for tb in table.values())
        if len(shape.families) > 1024:
            shape.families.clear()
        got = shape.families[key] = (base_items, cover_items, (table, injective))
    return got[2]


def _family_candidates(state: State, base_items, cover_items) -> list:
    """The family's possible base items in this state: ``(item, options, cover items
    touched, simple)``, simple when each option holds exactly one cover item."""
    key = (id(base_items), id(cover_items))
    got = state.memo.get(key)
    if got is not None and got[0] is base_items and got[1] is cover_items:
        return got[2]
    live, cov = state.live, state.covered
    cands = []
    for b, table in _family_table(state.shape, base_items, cover_items)[0].items():
        lb = live[b]
        if cov[b] or len(lb) < 2:
            continue
        touched: set[int] = set()
        simple = True
        for o in lb:
            t = table[o]
            if not t:
                break  # an option outside the family's cover: b cannot be a base item
            if len(t) > 1:
                simple = False
            touched.update(t)
        else:
            cands.append((b, frozenset(lb), frozenset(touched), simple))
    state.memo[key] = (base_items, cover_items, cands)
    return cands


def _family(state: State, k: int, base_items, cover_items) -> Step | None:
    table, injective = _family_table(state.shape, base_items, cover_items)
    if injective:
        # The common case, and the cheap one: only base items with 2..k options left.
        live, cov = state.live, state.covered
        few = [b for b in base_items if not cov[b] and 2 <= len(live[b]) <= k]
        if len(few) < k:
            return None
        cands = [(b, frozenset(live[b]), frozenset(table[b][o][0] for o in live[b]), True)
                 for b in few]
    else:
        cands = [c for c in _family_candidates(state, base_items, cover_items)
                 if not c[3] or len(c[2]) <= k]
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
    if not opts:
        return Step("contradiction", base=(item,))
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

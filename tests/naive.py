"""Slow, obviously correct reference implementations for the tests (never shipped).

Everything here works on a *plain* problem, independent of the engine:

``primary``
    list of item names that must be covered exactly once;
``secondary``
    list of item names that may be covered at most once, or shared by options that
    give them the same colour (Knuth's DLX2 rule);
``options``
    list of options, each a list of ``(item, color)`` pairs where ``color`` is
    ``None`` for an uncoloured entry.  Colours only make sense on secondary items.

The rule on a secondary item is pairwise: two chosen options may both contain it
only if both give it a colour and the colours are equal.  An uncoloured entry
therefore excludes every other option holding the item.

With *bounds* (Knuth's DLX3), ``bounds[item] = (u, v)`` asks that primary ``item``
be covered at least ``u`` and at most ``v`` times (``(1, 1)`` when not given); the
``bounded_*`` functions below take them.

Three independent tools:

* :func:`cover_violation` / :func:`is_exact_cover` check a proposed solution
  directly against the definition;
* :func:`brute_force_solutions` walks every conflict-free subset of options
  (include / exclude each option in turn) and keeps those the checker accepts;
* :func:`algorithm_x` is a plain recursive Algorithm X on dicts of sets (no links),
  choosing the primary item with the fewest live options.

Helpers convert between the plain form and the engine's input form
(``"item:color"`` strings).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence

Entry = tuple[Hashable, "Hashable | None"]
Option = Sequence[Entry]

__all__ = [
    "split_entry", "plain_options", "engine_options", "compatible",
    "cover_violation", "is_exact_cover", "brute_force_solutions", "brute_force_count",
    "algorithm_x", "algorithm_x_count", "bounded_violation", "bounded_solutions",
    "row_column_sums_count",
]


# ---------------------------------------------------------------- conversions

def split_entry(entry) -> Entry:
    """``"s1:red"`` -> ``("s1", "red")``; ``"p0"`` -> ``("p0", None)``; other objects unchanged.

    ``(item, color)`` tuples are accepted as they are, so the plain form round-trips.
    """
    if isinstance(entry, str):
        item, sep, color = entry.partition(":")
        return (item, color) if sep else (item, None)
    if isinstance(entry, tuple) and len(entry) == 2 and not isinstance(entry[0], tuple):
        return entry
    return (entry, None)


def plain_options(options: Iterable[Iterable]) -> list[list[Entry]]:
    """Engine-style options (strings with optional ``:color``) -> the plain form."""
    return [[split_entry(e) for e in opt] for opt in options]


def engine_options(options: Iterable[Option]) -> list[list[str]]:
    """The plain form -> lists of ``"item"`` / ``"item:color"`` strings for ``dlx.Problem``."""
    return [[item if color is None else f"{item}:{color}" for item, color in opt]
            for opt in options]


# ---------------------------------------------------------------- the checker

def compatible(a: Option, b: Option, primary: set) -> bool:
    """Can options ``a`` and ``b`` both be in one solution?"""
    colors_b = dict(b)
    for item, color in a:
        if item not in colors_b:
            continue
        if item in primary:
            return False
        other = colors_b[item]
        if color is None or other is None or color != other:
            return False
    return True


def cover_violation(primary: Sequence, secondary: Sequence, options: Sequence[Option],
                    chosen: Iterable[int]) -> str | None:
    """Why ``chosen`` (option indices) is not a solution, or ``None`` if it is one.

    Checks, straight from the definition: indices valid and distinct; every item named
    by a chosen option is declared; every primary item covered exactly once; every
    secondary item either held by at most one option, or held only by coloured entries
    that all agree.
    """
    chosen = list(chosen)
    if len(set(chosen)) != len(chosen):
        return f"option chosen twice in {chosen}"
    for k in chosen:
        if not (isinstance(k, int) and 0 <= k < len(options)):
            return f"no option {k!r}"
    primary_set, secondary_set = set(primary), set(secondary)
    if primary_set & secondary_set:
        return f"items both primary and secondary: {sorted(map(repr, primary_set & secondary_set))}"
    covered: dict = {}
    colors: dict = {}
    for k in chosen:
        for item, color in options[k]:
            if item in primary_set:
                if color is not None:
                    return f"option {k} gives primary item {item!r} a colour"
                covered[item] = covered.get(item, 0) + 1
            elif item in secondary_set:
                colors.setdefault(item, []).append(color)
            else:
                return f"option {k} names undeclared item {item!r}"
    for item in primary:
        times = covered.get(item, 0)
        if times != 1:
            return f"primary item {item!r} covered {times} times"
    for item, seen in colors.items():
        if len(seen) > 1 and (None in seen or len(set(seen)) > 1):
            return f"secondary item {item!r} shared with colours {seen}"
    return None


def is_exact_cover(primary: Sequence, secondary: Sequence, options: Sequence[Option],
                   chosen: Iterable[int]) -> bool:
    """True iff the options ``chosen`` (indices into ``options``) form a solution."""
    return cover_violation(primary, secondary, options, chosen) is None


# ---------------------------------------------------------------- brute force

def brute_force_solutions(primary: Sequence, secondary: Sequence,
                          options: Sequence[Option]) -> list[tuple[int, ...]]:
    """Every solution, as sorted tuples of option indices, in lexicographic order.

    Decides "in" or "out" for each option in index order, drops a branch only when
    the options taken so far already clash pairwise (no superset can then be a
    solution), and hands every surviving subset to :func:`cover_violation`.
    Exponential in the number of options: fine up to ~25 options.
    """
    primary_set = set(primary)
    m = len(options)
    clash = [[not compatible(options[i], options[j], primary_set) for j in range(m)]
             for i in range(m)]
    found: list[tuple[int, ...]] = []
    taken: list[int] = []

    def walk(k: int) -> None:
        if k == m:
            if is_exact_cover(primary, secondary, options, taken):
                found.append(tuple(taken))
            return
        if not any(clash[k][j] for j in taken):
            taken.append(k)
            walk(k + 1)
            taken.pop()
        walk(k + 1)

    walk(0)
    return sorted(found)


def brute_force_count(primary: Sequence, secondary: Sequence, options: Sequence[Option]) -> int:
    """Number of solutions found by :func:`brute_force_solutions`."""
    return len(brute_force_solutions(primary, secondary, options))


# ---------------------------------------------------------------- Algorithm X

def algorithm_x(primary: Sequence, secondary: Sequence,
                options: Sequence[Option]) -> Iterator[tuple[int, ...]]:
    """Yield every solution (sorted tuple of option indices) by recursive Algorithm X.

    State is two dicts of sets: ``holders[item]`` = live options holding a primary item
    still to cover, and ``clashes[k]`` = options that cannot sit beside option ``k``
    (including ``k`` itself).  Taking option ``k`` removes ``clashes[k]`` from every
    ``holders`` set and retires ``k``'s primary items; backtracking puts them back.
    Branches on the uncovered primary item with the fewest live options (first in
    ``primary`` order on ties), trying its options in index order.
    """
    primary_set = set(primary)
    declared = primary_set | set(secondary)
    for k, opt in enumerate(options):
        for item, _ in opt:
            if item not in declared:
                raise ValueError(f"option {k} names undeclared item {item!r}")
    m = len(options)
    sharing: dict = {}  # item -> options naming it; only these can clash
    for k, opt in enumerate(options):
        for item, _ in opt:
            sharing.setdefault(item, set()).add(k)
    clashes = {}
    for k, opt in enumerate(options):
        near = set().union(*(sharing[item] for item, _ in opt))
        clashes[k] = {j for j in near if not compatible(opt, options[j], primary_set)}
    holders: dict = {item: set() for item in primary}
    for k, opt in enumerate(options):
        for item, _ in opt:
            if item in primary_set:
                holders[item].add(k)
    order = {item: i for i, item in enumerate(primary)}
    items_of = [[item for item, _ in opt if item in primary_set] for opt in options]
    live = set(range(m))
    chosen: list[int] = []

    def take(k: int) -> tuple[list[int], list[tuple]]:
        gone = sorted(clashes[k] & live)
        for j in gone:
            live.discard(j)
            for item in items_of[j]:
                if item in holders:
                    holders[item].discard(j)
        retired = [(item, holders.pop(item)) for item in items_of[k]]
        return gone, retired

    def untake(gone: list[int], retired: list[tuple]) -> None:
        for item, held in reversed(retired):
            holders[item] = held
        for j in gone:
            live.add(j)
            for item in items_of[j]:
                if item in holders:
                    holders[item].add(j)

    def search() -> Iterator[tuple[int, ...]]:
        if not holders:
            yield tuple(sorted(chosen))
            return
        item = min(holders, key=lambda it: (len(holders[it]), order[it]))
        for k in sorted(holders[item]):
            gone, retired = take(k)
            chosen.append(k)
            yield from search()
            chosen.pop()
            untake(gone, retired)

    yield from search()


def algorithm_x_count(primary: Sequence, secondary: Sequence, options: Sequence[Option]) -> int:
    """Number of solutions found by :func:`algorithm_x`."""
    return sum(1 for _ in algorithm_x(primary, secondary, options))


# ---------------------------------------------------------------- with bounds

def bounded_violation(primary: Sequence, secondary: Sequence, options: Sequence[Option],
                      bounds: dict, chosen: Iterable[int]) -> str | None:
    """Why ``chosen`` is not a solution when primary items have ``bounds``, or ``None``."""
    chosen = list(chosen)
    if len(set(chosen)) != len(chosen):
        return f"option chosen twice in {chosen}"
    primary_set = set(primary)
    used: dict = {}
    colors: dict = {}
    for k in chosen:
        for item, color in options[k]:
            if item in primary_set:
                used[item] = used.get(item, 0) + 1
            else:
                colors.setdefault(item, []).append(color)
    for item in primary:
        low, high = bounds.get(item, (1, 1))
        if not low <= used.get(item, 0) <= high:
            return f"primary item {item!r} covered {used.get(item, 0)} times, not {low}..{high}"
    for item, seen in colors.items():
        if len(seen) > 1 and (None in seen or len(set(seen)) > 1):
            return f"secondary item {item!r} shared with colours {seen}"
    return None


def bounded_solutions(primary: Sequence, secondary: Sequence, options: Sequence[Option],
                      bounds: dict) -> list[tuple[int, ...]]:
    """Every solution with ``bounds``, as sorted tuples of option indices, sorted.

    Decides "in" or "out" for each option in index order, keeping per-item use counts
    and the colour each secondary item has taken; a branch stops as soon as an upper
    bound or a secondary item is overrun, and every complete choice is checked by
    :func:`bounded_violation`.  Exponential in the number of options.
    """
    primary_set = set(primary)
    high = {item: bounds.get(item, (1, 1))[1] for item in primary}
    used = dict.fromkeys(primary, 0)
    taken_colour: dict = {}  # secondary item -> colour (None: uncoloured) of its first user
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def fits(opt) -> bool:
        for item, color in opt:
            if item in primary_set:
                if used[item] >= high[item]:
                    return False
            elif item in taken_colour and (color is None or taken_colour[item] != color):
                return False
        return True

    def walk(k: int) -> None:
        if k == len(options):
            if bounded_violation(primary, secondary, options, bounds, chosen) is None:
                found.append(tuple(chosen))
            return
        opt = options[k]
        if fits(opt):
            fresh = []
            for item, color in opt:
                if item in primary_set:
                    used[item] += 1
                elif item not in taken_colour:
                    taken_colour[item] = color
                    fresh.append(item)
            chosen.append(k)
            walk(k + 1)
            chosen.pop()
            for item, _ in opt:
                if item in primary_set:
                    used[item] -= 1
            for item in fresh:
                del taken_colour[item]
        walk(k + 1)

    walk(0)
    return sorted(found)


# ------------------------------------------------------ 0-1 matrices by their sums
def row_column_sums_count(n: int, low: int, high: int) -> int:
    """The number of n x n 0-1 matrices whose row and column sums all lie in low..high.

    A dynamic program over the rows, the state being the column sums so far
    (no exact cover in sight): the known count for Algorithm M's tests and
    for the multiplicity benchmark's instances.
    """
    from itertools import combinations

    rows = [s for k in range(low, high + 1) for s in combinations(range(n), k)]
    states = {(0,) * n: 1}
    for _ in range(n):
        new: dict = {}
        for sums, ways in states.items():
            for row in rows:
                nxt = tuple(x + (c in row) for c, x in enumerate(sums))
                if max(nxt) <= high:
                    new[nxt] = new.get(nxt, 0) + ways
        states = new
    return sum(w for sums, w in states.items() if min(sums) >= low)

"""Reading a problem's items and options as the user gives them, with every check.

`dlx.Problem` takes items and options in several forms (names or counts,
lists or dicts, colours as `Colored` or ``"item:colour"``); this module turns
them into flat integer arrays and reports anything wrong with the option it
is in.  Nothing here imports numba: the kernels only ever see what passed
these checks.  Nor numpy, unless bounds or costs are given: the flat arrays
are `array.array` buffers, which numpy views without a copy when a search
needs them, and which the logic rules (`dlx.logic`) read as they are, so that
explaining a small problem does not wait for numpy to load.
"""

from __future__ import annotations

import operator
import sys
from array import array
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import ProblemError, TooLargeError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Colored", "MAX_COST", "MAX_NODES", "read_bounds", "read_costs", "read_forced",
           "read_items", "read_matrix", "read_options"]

MAX_NODES = 2**32 - 2  # node indices are uint32 and 0xFFFFFFFF is a marker


class Colored(NamedTuple):
    """An entry of a secondary item with a colour: ``Colored("x", "red")``.

    For string item names the short form ``"x:red"`` means the same.
    """

    item: Hashable
    color: Hashable


def read_items(rows, primary, secondary) -> tuple[tuple, tuple, dict]:
    """The primary and secondary items, and each item's number (from 1).

    ``primary`` and ``secondary`` are as `dlx.Problem` takes them: lists of
    names, counts, or (primary) None for every item met in ``rows`` that is not
    secondary, in order of first appearance.
    """
    if isinstance(primary, bool) or isinstance(secondary, bool):
        raise ProblemError("primary and secondary must be item lists or counts, not booleans")
    if _integer(primary):
        n1 = int(primary)
        m = int(secondary or 0) if not isinstance(secondary, Iterable) else None
        if n1 < 0 or (m is not None and m < 0):
            raise ProblemError("item counts must not be negative")
        if m is None:
            raise ProblemError("with primary given as a count, give secondary as a count too")
        prim = list(range(n1))
        sec = list(range(n1, n1 + m))
    else:
        if _integer(secondary):
            raise ProblemError("with secondary given as a count, give primary as a count too")
        sec = list(secondary) if secondary is not None else []
        if primary is None:
            secset = {s for s in sec if _hashable(s)}
            seen: dict = {}
            for row in rows:
                for entry in row if _iterable_row(row) else ():
                    name = _entry_item(entry, secset)
                    # unhashable names are reported, with their option, by read_options
                    if _hashable(name) and name not in secset and name not in seen:
                        seen[name] = None
            prim = list(seen)
        else:
            prim = list(primary)
    index: dict = {}
    for kind, names in (("primary", prim), ("secondary", sec)):
        for name in names:
            try:
                if name in index:
                    raise ProblemError(f"item {name!r} is declared twice")
            except TypeError:
                raise ProblemError(f"item names must be hashable; {kind} item "
                                   f"{_describe(name)} is not") from None
            index[name] = len(index) + 1
    return tuple(prim), tuple(sec), index


def read_options(rows, index: dict, n_primary: int, labels) -> tuple:
    """The options as flat arrays: ``(colors, items, entry_colors, ptr, first_primary)``.

    ``colors`` are the colour values in the order of their numbers (from 1);
    the arrays are those of `dlx.links.Entries`.  Errors name the option by
    its label when ``labels`` is given, else by its index.
    """
    colors: dict = {}
    flat_items: list = []
    flat_colors: list = []
    ptr = [0]
    first_primary = []
    for k, row in enumerate(rows):
        if type(row) is list and all(type(e) is int for e in row):
            # The common case, read in bulk (a Sudoku's 729 options in about a millisecond):
            # known items, none twice, a primary one among them.  Else the checks below.
            got = [index.get(e) for e in row]
            fp = next((j for j, i in enumerate(got) if i is not None and i <= n_primary), -1)
            if fp >= 0 and None not in got and len(set(got)) == len(got):
                flat_items += got
                flat_colors += [0] * len(got)
                first_primary.append(fp)
                ptr.append(len(flat_items))
                continue
        where = f"option {labels[k]!r}" if labels is not None else f"option {k}"
        if not _iterable_row(row):
            raise ProblemError(f"{where} must be an iterable of items, "
                               f"not {type(row).__name__}")
        seen = set()
        fp = -1
        for entry in row:
            item, color = _split_entry(entry, index, n_primary)
            try:
                i = index.get(item)
            except TypeError:
                raise ProblemError(f"{where} {_describe(row)}: item {_describe(item)} "
                                   f"is not hashable") from None
            if i is None:
                raise ProblemError(f"{where} {_describe(row)}: unknown item {item!r} "
                                   f"(declare it among the primary or secondary items)")
            if i in seen:
                raise ProblemError(f"{where} {_describe(row)}: item {item!r} appears twice")
            seen.add(i)
            if color is None:
                c = 0
            else:
                if i <= n_primary:
                    raise ProblemError(f"{where} {_describe(row)}: primary item {item!r} "
                                       f"cannot have a colour (only secondary items can)")
                try:
                    c = colors.setdefault(color, len(colors) + 1)
                except TypeError:
                    raise ProblemError(f"{where}: colour {_describe(color)} is not "
                                       f"hashable") from None
            if i <= n_primary and fp < 0:
                fp = len(seen) - 1
            flat_items.append(i)
            flat_colors.append(c)
        if not seen:
            raise ProblemError(f"{where} is empty")
        if fp < 0:
            raise ProblemError(f"{where} {_describe(row)} has no primary item, so no "
                               f"solution could ever use it; make one of its items primary")
        first_primary.append(fp)
        ptr.append(len(flat_items))
    n_nodes = len(index) + 2 + len(flat_items) + len(ptr)
    if n_nodes > MAX_NODES:
        raise TooLargeError(f"the problem needs {n_nodes:,} nodes; the engine's 32-bit "
                            f"links hold at most {MAX_NODES:,}")
    return (tuple(colors), array("q", flat_items), array("q", flat_colors), array("q", ptr),
            array("q", first_primary))


def read_bounds(bounds, index: dict, n_primary: int) -> np.ndarray | None:
    """The bounds of the primary items as an int64 array ``[n_primary, 2]`` of ``(u, v)``.

    ``bounds`` maps primary items to ``(u, v)``, or to ``v`` for ``(v, v)``;
    items not named keep ``(1, 1)``.  None when every item has ``(1, 1)``.
    """
    if bounds is None:
        return None
    if not isinstance(bounds, Mapping):
        raise ProblemError(f"bounds must be a dict {{item: (lower, upper)}}, "
                           f"not {type(bounds).__name__}")
    import numpy as np  # lazy: a problem without bounds does not need numpy

    table = np.ones((n_primary, 2), dtype=np.int64)
    for item, value in bounds.items():
        try:
            i = index.get(item)
        except TypeError:
            raise ProblemError(f"bounds: item {_describe(item)} is not hashable") from None
        if i is None:
            raise ProblemError(f"bounds: unknown item {item!r}")
        if i > n_primary:
            raise ProblemError(f"bounds: {item!r} is a secondary item; only primary items "
                               f"have bounds (a secondary item is used at most once)")
        pair = (value, value) if _integer(value) else value
        try:
            u, v = pair
        except (TypeError, ValueError):
            raise ProblemError(f"bounds of {item!r} must be (lower, upper) or one "
                               f"number, not {_describe(value)}") from None
        if not (_integer(u) and _integer(v)):
            raise ProblemError(f"bounds of {item!r} must be whole numbers, not "
                               f"{_describe(value)}")
        if not 0 <= u <= v or v < 1 or v > MAX_BOUND:
            raise ProblemError(f"bounds of {item!r} are {u}..{v}; they must satisfy "
                               f"0 <= lower <= upper and 1 <= upper <= {MAX_BOUND:,}")
        table[i - 1] = (u, v)
    return None if (table == 1).all() else table


MAX_BOUND = 2**31 - 1  # what Knuth's programs hold; far beyond any option count
MAX_COST = 2**31 - 1  # so that a solution's total stays far below 2**62 (dlx._kernel_c)


def read_costs(costs, labels: list | None, n_options: int) -> np.ndarray | None:
    """Each option's cost as an int64 array, or None without costs.

    ``costs`` is a sequence with one cost per option, or, when the options were
    given as a dict, a dict ``{label: cost}`` (options not named cost 0).
    """
    if costs is None:
        return None
    import numpy as np  # lazy: a problem without costs does not need numpy

    out = np.zeros(n_options, dtype=np.int64)
    if isinstance(costs, Mapping):
        if labels is None:
            raise ProblemError("costs given as a dict need options given as a dict (their "
                               "labels are the keys); give a list of costs instead")
        where: dict = {}
        try:
            for k, label in enumerate(labels):
                if where.setdefault(label, k) != k:
                    raise ProblemError(f"costs given as a dict need distinct option labels; "
                                       f"{_describe(label)} labels two options")
        except TypeError:
            raise ProblemError("costs given as a dict need hashable option labels") from None
        pairs = []
        for label, cost in costs.items():
            if label not in where:
                raise ProblemError(f"costs: no option labelled {_describe(label)}")
            pairs.append((where[label], label, cost))
    else:
        try:
            values = list(costs)
        except TypeError:
            raise ProblemError(f"costs must be a list with one cost per option, or a dict, "
                               f"not {type(costs).__name__}") from None
        if len(values) != n_options:
            raise ProblemError(f"{len(values)} costs for {n_options} options")
        pairs = [(k, k if labels is None else labels[k], c) for k, c in enumerate(values)]
    for k, label, cost in pairs:
        if not _integer(cost) or not 0 <= cost <= MAX_COST:
            raise ProblemError(f"the cost of option {_describe(label)} is {_describe(cost)}; "
                               f"costs are whole numbers from 0 to {MAX_COST:,}")
        out[k] = cost
    return out


def read_matrix(matrix, secondary: int) -> tuple[list, int, int]:
    """``(rows, primary, secondary)`` of a dense 0/1 matrix (`dlx.Problem.from_matrix`)."""
    import numpy as np  # lazy: only a matrix needs numpy

    try:
        m = np.asarray(matrix)
    except Exception as exc:  # ragged nested lists and the like
        raise ProblemError(f"matrix could not be read as an array: {exc}") from None
    if m.ndim != 2:
        raise ProblemError(f"matrix must be 2-dimensional, not {m.ndim}-dimensional")
    if not (np.issubdtype(m.dtype, np.number) or m.dtype == bool):
        raise ProblemError(f"matrix entries must be 0 or 1, not {m.dtype}")
    if not np.isin(m, (0, 1)).all():
        raise ProblemError("matrix entries must be 0 or 1")
    n_cols = m.shape[1]
    if not 0 <= int(secondary) <= n_cols:
        raise ProblemError(f"secondary={secondary} but the matrix has {n_cols} columns")
    rows = [np.flatnonzero(r).tolist() for r in m]
    return rows, n_cols - int(secondary), int(secondary)


def read_forced(forced, n_options: int, bounded: bool) -> list[int]:
    """Option indices, checked (`dlx.Problem.check_forced`); with bounds, ``~k`` too."""
    try:
        out = [operator.index(o) for o in forced]
    except TypeError:
        raise ProblemError("forced options must be option indices (integers)") from None
    low = -n_options if bounded else 0
    for o in out:
        if not low <= o < n_options:
            raise ProblemError(f"forced option {o} is out of range "
                               f"(the problem has {n_options} options)")
    return out


def _integer(x) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, int):
        return True
    numpy = sys.modules.get("numpy")  # (a numpy integer exists only once numpy is loaded)
    return numpy is not None and isinstance(x, numpy.integer)


def _entry_item(entry, secondary_names):
    """The item an option entry names (strips a colour of a secondary item)."""
    if isinstance(entry, Colored):
        return entry.item
    if isinstance(entry, str) and ":" in entry:
        try:
            if entry not in secondary_names and entry.split(":", 1)[0] in secondary_names:
                return entry.split(":", 1)[0]
        except TypeError:
            pass
    return entry


def _split_entry(entry, index: dict, n_primary: int):
    # "x:red" is item "x" in colour "red" only when "x" is a secondary item
    # and "x:red" is not itself an item; any other string is an item name.
    if isinstance(entry, Colored):
        return entry.item, entry.color
    if isinstance(entry, str) and ":" in entry and entry not in index:
        item, color = entry.split(":", 1)
        if index.get(item, 0) > n_primary:
            return item, color
    return entry, None


def _describe(option: Any, limit: int = 60) -> str:
    text = repr(option)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _iterable_row(row) -> bool:
    return isinstance(row, Iterable) and not isinstance(row, (str, bytes))

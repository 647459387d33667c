"""The lines of a problem in Knuth's DLX format (`dlx.knuth` describes it).

Below `dlx.problem`, which writes itself with them (`dlx.Problem.to_knuth`), and
`dlx.knuth`, which reads the format into a `dlx.Problem` and writes files
(`dlx.knuth.write_knuth`); `dlx.knuth.format_knuth` is this module's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .errors import ProblemError

if TYPE_CHECKING:
    from .problem import Problem

__all__ = ["format_knuth"]


def _knuth_name(text: str, what: str) -> str:
    if not text or any(ch.isspace() for ch in text) or "|" in text or (
            what == "item" and ":" in text):
        bad = "':'" if text and ":" in text and "|" not in text else "white space or '|'"
        if not text:
            bad = "nothing"
        raise ProblemError(f"{what} {text!r} cannot be written in Knuth's format (it holds "
                           f"{bad}); pass rename= to give the {what}s printable names")
    return text


def format_knuth(problem: Problem, *,
                 rename: Callable[[Any], str] | None = None) -> Iterator[str]:
    """The lines of ``problem`` in Knuth's format, without line ends.

    Implementation of `Problem.to_knuth` and `write_knuth`, one line at a time
    so that a large problem is never held twice in memory.
    """
    rename = str if rename is None else rename
    names = [_knuth_name(str(rename(item)), "item") for item in problem.primary]
    names += [_knuth_name(str(rename(item)), "item") for item in problem.secondary]
    seen: dict[str, int] = {}
    for k, name in enumerate(names):
        if name in seen:
            items = problem.primary + problem.secondary
            raise ProblemError(f"items {items[seen[name]]!r} and {items[k]!r} are both written "
                               f"{name!r}; pass rename= to tell them apart")
        seen[name] = k
    colors = [_knuth_name(str(c), "colour") for c in problem.colors]
    bounds = problem.bounds
    head = [name if item not in bounds else _bound_prefix(*bounds[item]) + name
            for item, name in zip(problem.primary, names[: problem.n_primary], strict=True)]
    if problem.secondary:
        head += ["|"] + names[problem.n_primary:]
    yield " ".join(head)
    entries = problem.entries
    ptr = entries.ptr.tolist()
    words = [f"{names[i - 1]}:{colors[c - 1]}" if c else names[i - 1]
             for i, c in zip(entries.items.tolist(), entries.colors.tolist(), strict=True)]
    costs = problem.costs or (0,) * problem.n_options
    for k in range(problem.n_options):
        yield " ".join(words[ptr[k]:ptr[k + 1]]) + (f" |{costs[k]}" if costs[k] else "")


def _bound_prefix(u: int, v: int) -> str:
    return f"{v}|" if u == v else f"{u}:{v}|"

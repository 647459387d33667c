"""Result records returned by searches.

A search ends with a *status*:

``"complete"``
    the whole search tree was explored; counts are exact.
``"limit"``
    the requested number of solutions was reached; the count is a lower bound.
``"nodes"``
    the node budget (``max_nodes``) ran out; the count is a lower bound.
``"timeout"``
    the time limit ran out; the count is a lower bound.
``"interrupted"``
    Ctrl-C (KeyboardInterrupt) stopped it; the count is a lower bound.
``"overflow"``
    the count reached 2**63 - 1, the largest the 64-bit counter holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .errors import DLXError

if TYPE_CHECKING:
    from .memo import MemoStats

__all__ = ["STATUSES", "Stats", "CountResult", "Uniqueness", "PropagateResult",
           "BatchResult", "SearchStopped"]

STATUSES = ("complete", "limit", "nodes", "timeout", "interrupted", "overflow")

S = TypeVar("S")


@dataclass
class Stats:
    """Search statistics, in Knuth's terms.

    Attributes
    ----------
    nodes : int
        Search tree nodes: options tried (forced options not included).
    updates : int
        Link updates, as Knuth counts them: one per node taken out of an
        item's list while hiding options, plus one per item covered.
    solutions : int
        Solutions counted.
    seconds : float
        Wall-clock time spent in the search, compilation excluded.
    status : str
        How the search ended (see `dlx.results`); ``"running"`` before.
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    seconds: float = 0.0
    status: str = "running"

    @property
    def updates_per_second(self) -> float:
        """Link updates per second (0.0 when no time was measured)."""
        return self.updates / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> str:
        """One line for humans, as the command line prints on stderr."""
        rate = self.updates_per_second
        return (f"{self.solutions} solutions, {self.nodes} nodes, {self.updates} updates, "
                f"{self.seconds:.3f} s ({rate / 1e6:.1f} M updates/s), {self.status}")


@dataclass
class CountResult:
    """The number of solutions a search counted, and whether it is exact.

    ``int(result)`` is the count.  When `exact` is False the search was
    stopped (see `status`) and the true count is at least `count`.
    """

    count: int
    status: str
    stats: Stats = field(default_factory=Stats)
    memo: MemoStats | None = None
    """What the table did, for a memoised count (`dlx.memo.MemoStats`); None otherwise."""

    @property
    def exact(self) -> bool:
        """True when the whole tree was explored."""
        return self.status == "complete"

    def __int__(self) -> int:
        return self.count

    def __index__(self) -> int:
        return self.count

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CountResult):
            return (self.count, self.status) == (other.count, other.status)
        if isinstance(other, int):
            return self.count == other
        return NotImplemented

    def __str__(self) -> str:
        return str(self.count) if self.exact else f"at least {self.count} ({self.status})"


@dataclass
class Uniqueness(Generic[S]):
    """Outcome of a uniqueness check (a count with limit 2).

    Generic in the type of a solution (``Uniqueness[list]`` from
    `dlx.Problem.unique`, a grid's type from `sudoku.solver.check`).

    Attributes
    ----------
    status : str
        ``"unique"``, ``"multiple"``, ``"none"``, or ``"unknown"`` when a limit
        stopped the search before it could tell (``stats.status`` says which).
    solutions : list
        The solutions found, at most two: for ``"multiple"`` they prove it.
    stats : Stats
    """

    status: str
    solutions: list[S]
    stats: Stats = field(default_factory=Stats)

    @classmethod
    def of(cls, solutions: list[S], stats: Stats) -> Uniqueness[S]:
        """The verdict of a search that stopped at two solutions (or was stopped
        first, as ``stats.status`` says), with the solutions it found.

        Examples
        --------
        >>> Uniqueness.of([[0]], Stats(status="complete")).status
        'unique'
        >>> Uniqueness.of([[0]], Stats(status="timeout")).status
        'unknown'
        """
        if stats.status in ("complete", "limit"):
            status = ("none", "unique", "multiple")[len(solutions)]
        else:
            status = "multiple" if len(solutions) == 2 else "unknown"
        return cls(status, solutions, stats)


@dataclass
class PropagateResult:
    """What forced singles alone give (see `dlx.Problem.propagate`).

    Attributes
    ----------
    status : str
        ``"contradiction"`` (no solution), ``"solved"`` (every primary item
        covered without a guess), or ``"open"`` (search would have to guess).
    chosen : list of int
        Indices of the options taken: the forced ones, then the singles in order.
    live : numpy.ndarray of bool
        For each option, whether it is still possible afterwards: taken, or
        neither taken nor ruled out.  After a contradiction it describes the
        state just before the search gave up.
    """

    status: str
    chosen: list[int]
    live: Any


@dataclass
class BatchResult:
    """Results of `dlx.Problem.solve_many`, one entry per problem.

    Attributes
    ----------
    counts : numpy.ndarray of int64
        Solutions counted (exact when the status is ``"complete"``).
    nodes : numpy.ndarray of int64
        Search nodes used by each problem.
    status : list of str
        ``"complete"`` (exact count), ``"limit"`` (``limit`` solutions found)
        or ``"nodes"`` (the node budget ran out; the count is a lower bound).
    solutions : list of list
        For each problem, its first ``store`` solutions (labels in option order,
        forced options included).
    clashes : list of bool
        True where the problem's forced options clash (its count is 0).
    """

    counts: Any
    nodes: Any
    status: list[str]
    solutions: list[list[Any]]
    clashes: list[bool]


class SearchStopped(DLXError):
    """A limit stopped the search before it could answer.

    The partial `Stats` is in `stats`.
    """

    def __init__(self, stats: Stats):
        self.stats = stats
        super().__init__(f"search stopped ({stats.status}) after {stats.nodes} nodes "
                         f"and {stats.seconds:.2f} s before finding an answer")

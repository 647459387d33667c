"""Driving the rules: a stream of steps, and the whole explanation of a problem."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .rules import MAX_K, Rule, default_rules, guess, next_step
from .state import State, Step

__all__ = ["Explanation", "explain", "steps"]


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
        from ..problem import Problem

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
    # (A contradiction is found by the forced-option rule, or by the guess.)
    while state.n_open:
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

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

from .driver import Explanation, explain, steps
from .rules import (
    MAX_K,
    Rule,
    default_rules,
    forced_option,
    guess,
    next_step,
    propagate_forced,
    set_logic,
)
from .state import RULES, State, Step

__all__ = ["MAX_K", "RULES", "Explanation", "Rule", "State", "Step", "default_rules", "explain",
           "forced_option", "guess", "next_step", "propagate_forced", "set_logic", "steps"]

"""The technique table, and the rating of a puzzle by the techniques a person needs.

`TABLE` is the one list of techniques: each row names a technique, the rule of
`sudoku.logic.explaining` that finds it (`Technique.rule`), its weight and its
level.  The explanations try the rules in the table's order, easiest first;
the rating reads the weights and levels.

The rating
==========
An explanation takes, at each step, the easiest technique that applies, so
its hardest step is the hardest technique the puzzle needs (in that order of
trying).  Each technique has a weight (`Technique.weight`); a guess weighs
:data:`GUESS_WEIGHT`.  The **score** is the weight of the hardest step plus
the number of guesses::

    score = max(weight of each step) + guesses

so 1.0-1.2 is singles only, 2.0-3.2 locked candidates and pairs, 3.6-5.2
triples, quads, fish, single-digit patterns, BUG+1, remote pairs and
W-wings, 5.6-7.2 wings, unique rectangles, finned swordfish and jellyfish,
Sue de Coq, chains (AICs and nice loops 6.8, grouped 7.0) and almost locked
sets, and 10.0, 11.0, ... one, two, ... guesses.  The **level**
(:data:`DIFFICULTIES`) follows from the hardest technique: ``easy``
(singles), ``medium`` (locked candidates, naked and hidden pairs), ``hard``
(triples, quads, x-wing, swordfish, jellyfish, skyscraper, two-string kite,
turbot fish, empty rectangle, finned x-wing, BUG+1, remote pairs, W-wing),
``expert`` (xy-wing, xyz-wing, unique, hidden and avoidable rectangles,
finned swordfish and jellyfish, Sue de Coq, simple colouring, x-chains,
xy-chains, AICs and nice loops, ALS-XZ, ALS-XY-wing), ``extreme`` (a guess).
They follow HoDoKu's levels EASY, MEDIUM, HARD, UNFAIR and EXTREME where the
techniques are the same, and the rows its order of trying them (BUG+1 after
the basic fish, the rectangles after the wings, Sue de Coq before colouring,
the ALS rules after the chains).  Remote pairs and W-wings have HoDoKu's
level (HARD) and weights near its order, but are tried with the other chains
of `sudoku.logic.aic`, after x-chains.  The uniqueness steps
(`sudoku.logic.uniqueness`) are rated only when used: without them
(``uniqueness=False``) a puzzle may need a harder technique or a guess and
score higher.  Weights and levels are constants of this module: a rating
means the same in every version that keeps them and the techniques' order.

`sudoku.logic.explaining.rate` rates a puzzle (it explains it first);
`rating_of` rates an explanation already made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DIFFICULTIES", "GUESS_WEIGHT", "TABLE", "TECHNIQUES", "Rating", "Technique",
           "difficulty_of", "rating_of", "technique"]

DIFFICULTIES = ("easy", "medium", "hard", "expert", "extreme")
"""The rating levels, easiest first (see "The rating" in the module docstring)."""

GUESS_WEIGHT = 9.0
"""The weight of a guess: above every technique's."""


@dataclass(frozen=True)
class Technique:
    """One row of the technique table.

    Attributes
    ----------
    name : str
        The technique's name in the steps (one hyphenated word).
    rule : str
        The rule that finds it, as `sudoku.logic.explaining.sudoku_rules`
        builds it: ``"forced_option"`` (`dlx.logic.forced_option`, which
        finds both singles), ``"set-logic K"`` (`dlx.logic.set_logic` with
        k = K on every pair of houses: the three locked-candidate names),
        ``"set-logic K FAMILY"`` (on the board's ``naked``, ``hidden`` or
        ``fish`` families), the name of a function of
        `sudoku.logic.chains.CHAINS`, `sudoku.logic.patterns.PATTERNS`,
        `sudoku.logic.aic.AIC`, `sudoku.logic.als.ALS` or
        `sudoku.logic.uniqueness.UNIQUENESS`,
        or ``"guess"`` (`dlx.logic`'s guess, after every rule).  Rows that share a rule
        are the names that rule can give.
    weight : float
        Its weight in the score.
    level : str
        Its level, one of `DIFFICULTIES`.
    """

    name: str
    rule: str
    weight: float
    level: str


TABLE = (
    Technique("naked-single", "forced_option", 1.0, "easy"),
    Technique("hidden-single", "forced_option", 1.2, "easy"),
    Technique("pointing", "set_logic k=1", 2.0, "medium"),
    Technique("claiming", "set_logic k=1", 2.2, "medium"),
    Technique("locked-candidates", "set_logic k=1", 2.2, "medium"),
    Technique("naked-pair", "set_logic k=2 naked", 3.0, "medium"),
    Technique("hidden-pair", "set_logic k=2 hidden", 3.2, "medium"),
    Technique("naked-triple", "set_logic k=3 naked", 3.6, "hard"),
    Technique("hidden-triple", "set_logic k=3 hidden", 3.8, "hard"),
    Technique("x-wing", "set_logic k=2 fish", 4.0, "hard"),
    Technique("bug-plus-1", "bug_plus_1", 4.0, "hard"),
    Technique("skyscraper", "turbot_fish", 4.1, "hard"),
    Technique("two-string-kite", "turbot_fish", 4.2, "hard"),
    Technique("turbot-fish", "turbot_fish", 4.2, "hard"),
    Technique("empty-rectangle", "empty_rectangle", 4.3, "hard"),
    Technique("naked-quad", "set_logic k=4 naked", 4.4, "hard"),
    Technique("hidden-quad", "set_logic k=4 hidden", 4.6, "hard"),
    Technique("swordfish", "set_logic k=3 fish", 4.8, "hard"),
    Technique("finned-x-wing", "finned_x_wing", 5.0, "hard"),
    Technique("sashimi-x-wing", "finned_x_wing", 5.0, "hard"),
    Technique("jellyfish", "set_logic k=4 fish", 5.2, "hard"),
    Technique("xy-wing", "xy_wing", 5.6, "expert"),
    Technique("xyz-wing", "xyz_wing", 5.8, "expert"),
    Technique("unique-rectangle-1", "unique_rectangle", 5.9, "expert"),
    Technique("unique-rectangle-2", "unique_rectangle", 5.9, "expert"),
    Technique("unique-rectangle-3", "unique_rectangle", 5.9, "expert"),
    Technique("unique-rectangle-4", "unique_rectangle", 5.9, "expert"),
    Technique("unique-rectangle-6", "unique_rectangle", 5.9, "expert"),
    Technique("hidden-rectangle", "hidden_rectangle", 5.9, "expert"),
    Technique("avoidable-rectangle-1", "avoidable_rectangle", 5.9, "expert"),
    Technique("avoidable-rectangle-2", "avoidable_rectangle", 5.9, "expert"),
    Technique("finned-swordfish", "finned_swordfish", 6.0, "expert"),
    Technique("sashimi-swordfish", "finned_swordfish", 6.0, "expert"),
    Technique("finned-jellyfish", "finned_jellyfish", 6.1, "expert"),
    Technique("sashimi-jellyfish", "finned_jellyfish", 6.1, "expert"),
    Technique("sue-de-coq", "sue_de_coq", 6.2, "expert"),
    Technique("simple-colouring", "simple_colouring", 6.2, "expert"),
    Technique("x-chain", "x_chain", 6.6, "expert"),
    Technique("remote-pairs", "remote_pairs", 4.4, "hard"),
    Technique("w-wing", "w_wing", 4.5, "hard"),
    Technique("xy-chain", "xy_chain", 6.6, "expert"),
    Technique("aic", "aic", 6.8, "expert"),
    Technique("discontinuous-nice-loop", "aic", 6.8, "expert"),
    Technique("continuous-nice-loop", "aic", 6.8, "expert"),
    Technique("grouped-aic", "grouped_aic", 7.0, "expert"),
    Technique("grouped-discontinuous-nice-loop", "grouped_aic", 7.0, "expert"),
    Technique("grouped-continuous-nice-loop", "grouped_aic", 7.0, "expert"),
    Technique("als-xz", "als_xz", 7.0, "expert"),
    Technique("als-xy-wing", "als_xy_wing", 7.2, "expert"),
    Technique("guess", "guess", GUESS_WEIGHT, "extreme"),
)
"""Every technique an explanation may name, easiest first (the order the rules are tried)."""

TECHNIQUES = tuple(t.name for t in TABLE)
"""The names of `TABLE`, easiest first (an explanation may also end in ``contradiction``)."""

_BY_NAME = {t.name: t for t in TABLE}


def technique(name: str) -> Technique:
    """The row of a technique.

    >>> technique("x-wing").weight
    4.0
    """
    return _BY_NAME[name]


def difficulty_of(technique: str) -> str:
    """The level a technique belongs to.

    >>> difficulty_of("x-wing"), difficulty_of("guess")
    ('hard', 'extreme')
    """
    return _BY_NAME[technique].level


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is for a person: the techniques its explanation needs.

    Attributes
    ----------
    score : float
        Weight of the hardest technique plus the number of guesses.
    level : str
        One of :data:`DIFFICULTIES`.
    hardest : str
        The hardest technique used (``"guess"`` when one was needed).
    guesses : int
    steps : int
        Steps of the explanation.
    techniques : dict
        How many steps used each technique, in the order of :data:`TABLE`.
    """

    score: float
    level: str
    hardest: str
    guesses: int
    steps: int
    techniques: dict

    def as_dict(self) -> dict:
        """The rating as plain data (for JSON)."""
        return {"score": self.score, "level": self.level, "hardest": self.hardest,
                "guesses": self.guesses, "steps": self.steps,
                "techniques": dict(self.techniques)}

    def line(self) -> str:
        """``sudoku rate``'s line: ``4.0 x-wing guesses=0 level=hard``."""
        return f"{self.score:.1f} {self.hardest} guesses={self.guesses} level={self.level}"


def rating_of(explanation: Any) -> Rating | None:
    """The rating of an explanation (`sudoku.logic.Explanation`); None unless unique."""
    if explanation.status != "unique":
        return None
    counts: dict = {}
    for step in explanation.steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    used = [t for t in TABLE if t.name in counts]
    hardest = max(used, key=lambda t: t.weight) if used else TABLE[0]
    guesses = counts.get("guess", 0)
    score = round(hardest.weight + guesses, 1)
    return Rating(score, hardest.level, hardest.name, guesses, len(explanation.steps),
                  {t.name: counts[t.name] for t in used})

"""The result records of the operations: one plain record per puzzle and operation.

Each record knows its fields in one place: ``to_dict()`` is the JSON object
of ``--format json`` (and, through `fields`, of the web API's answers);
``row()`` the fields ``--format csv`` picks its columns from; ``line()`` and
``grid()`` the text of ``--format line`` and ``--format grid``.  The writers
(`sudoku.operations.writers`) only choose among these.

Nothing here imports numpy or numba, so the CLI's ``--help`` stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import isqrt
from typing import Any

from ..errors import PuzzleError
from ..formats import format_candidates, format_grid, format_line, format_regions
from ..grid import SYMBOLS, cell_name, default_box

__all__ = ["STOPPED", "WHERE_FIELDS", "Candidates", "Checked", "Counted", "Explained",
           "Graded", "Hinted", "Made", "Marker", "Minimized", "Rated", "Record", "Solved",
           "Where", "count_text", "directives", "invalid", "marks", "puzzle_grid", "puzzle_line",
           "shown"]

WHERE_FIELDS = ("index", "source", "line", "name", "puzzle")
"""The fields that say which puzzle a record is about (the web answers use `shown`)."""

STOPPED = ("timeout", "nodes", "interrupted")
"""The search statuses of a search stopped before its answer."""


def marks(values, n: int) -> str:
    """A cell's candidates as one word: ``"139"``; numbers joined by commas above 35x35."""
    if not values:
        return "-"
    if n <= len(SYMBOLS):
        return "".join(SYMBOLS[v - 1] for v in values)
    return ",".join(map(str, values))


def count_text(count: int, status: str) -> str:
    """A count line: ``92`` when exact, ``1000 (at least: limit)`` for a lower bound."""
    return str(count) if status == "complete" else f"{count} (at least: {status})"


def shown(p) -> dict:
    """The puzzle's fields in every web answer: its line, and how to read it back."""
    return {"puzzle": format_line(p), "size": p.size, "box": [p.box_rows, p.box_cols],
            "variant": p.variant,
            "regions": None if p.regions is None else format_regions(p.regions, p.size)}


def puzzle_line(p, solution=None) -> str:
    """A made puzzle as a line that reads back: a jigsaw's keeps its region map as a second
    field; ``solution`` follows a comma."""
    text = format_line(p.cells)
    if p.regions is not None:
        text += " " + format_regions(p.regions, p.size)
    if solution is not None:
        text += "," + format_line(solution)
    return text


def puzzle_grid(p) -> str:
    """A made puzzle as a grid and a blank line; a jigsaw's after a ``# regions:`` line."""
    text = format_grid(p.cells, p.box_rows, p.box_cols, p.regions)
    if p.regions is not None:
        text = f"# regions: {format_regions(p.regions, p.size)}\n{text}"
    return text + "\n"


def directives(p) -> list[str]:
    """The directive lines that make a made puzzle's line or grid read back as written."""
    lines = []
    if p.variant != "standard":
        lines.append(f"# variant: {p.variant}")
    if p.regions is None:
        try:
            default = default_box(p.size)
        except PuzzleError:
            default = None
        if (p.box_rows, p.box_cols) != default:
            lines.append(f"# box: {p.box_rows}x{p.box_cols}")
    return lines


def _line(cells) -> str:
    # (Above 35x35, numbers separated by spaces: see format_line.)
    return format_line(cells, isqrt(len(cells)))


def _grid(cells, p) -> str:
    return format_grid(cells, p.box_rows, p.box_cols, p.regions)


@dataclass(frozen=True)
class Where:
    """Which puzzle: its index in the input, file, line, name and line of symbols."""

    index: int
    source: str | None
    line: int | None
    name: str | None
    puzzle: str | None

    @classmethod
    def of(cls, index: int, p, *, cells: bool = False) -> Where:
        """Of the puzzle ``p``; ``cells``: its line of values (pencil marks left out)."""
        return cls(index, p.source, p.line, p.name, format_line(p.cells if cells else p))

    @classmethod
    def of_error(cls, index: int, e) -> Where:
        return cls(index, e.source, e.line, None, None)

    def to_dict(self) -> dict:
        return {"index": self.index, "source": self.source, "line": self.line,
                "name": self.name, "puzzle": self.puzzle}


@dataclass(frozen=True)
class Record:
    """What every record has: the puzzle it is about, its status, and its own fields."""

    where: Where
    status: str
    result: Any = field(default=None, compare=False)
    """What the library gave (a `PuzzleResult`...), for tallies; no field of the output."""

    def body(self) -> dict:
        """The record's own fields, after those of `where` (in JSON order)."""
        return {"status": self.status}

    def to_dict(self) -> dict:
        return {**self.where.to_dict(), **self.body()}

    def fields(self) -> dict:
        """`to_dict` without the `where` fields: what a web answer adds to `shown`."""
        return {k: v for k, v in self.to_dict().items() if k not in WHERE_FIELDS}

    def row(self) -> dict:
        """The fields a CSV row takes its columns from."""
        return self.to_dict()

    def preamble(self) -> list[str]:
        """Lines the text formats put before the first record (directives), if any."""
        return []

    def line(self) -> str:
        return self.status

    def grid(self) -> str:
        return self.status + "\n"


@dataclass(frozen=True)
class Marker(Record):
    """A puzzle that was not worked on: ``invalid`` (with its error), ``multiple``, ``none``
    or ``unknown``.

    ``cell``: the error's cell is a field of the JSON object; ``text``: the
    line and grid text, when not the status alone; ``why``: what to tell on
    stderr, when not the error's message.
    """

    error: Any = None
    cell: bool = True
    text: str | None = None
    why: str | None = None

    @property
    def message(self) -> str:
        """What a front end tells on stderr about the puzzle."""
        if self.why is not None:
            return self.why
        return "" if self.error is None else str(self.error)

    def body(self) -> dict:
        e = self.error
        if e is None:
            return {"status": self.status}
        out = {"status": self.status, "error": str(e), "column": e.column}
        if self.cell:
            out["cell"] = e.cell
        return out

    def line(self) -> str:
        return self.status if self.text is None else self.text

    def grid(self) -> str:
        return self.status + "\n" if self.text is None else self.text


def invalid(index: int, e, *, cell: bool = True, text: str | None = None,
            result=None) -> Marker:
    """The record of a puzzle that could not be read, or whose givens clash."""
    return Marker(Where.of_error(index, e), "invalid", result, e, cell, text)


# ------------------------------------------------------------------ searching
@dataclass(frozen=True)
class _Searched(Record):
    """A search's result (`result` the `PuzzleResult`): the search's nodes and seconds."""

    def searched(self) -> dict:
        return {"nodes": self.result.nodes, "seconds": round(self.result.seconds, 6)}


@dataclass(frozen=True)
class Solved(_Searched):
    """``solve``: status solved, none or unknown, and the first solution."""

    def solution(self) -> str | None:
        sols = self.result.solutions
        return _line(sols[0]) if sols else None

    def body(self) -> dict:
        out = {"status": self.status, "solution": self.solution(), **self.searched()}
        if self.status == "unknown":
            out["reason"] = self.result.status
        return out

    def line(self) -> str:
        return self.solution() if self.status == "solved" else self.status  # type: ignore

    def grid(self) -> str:
        if self.status != "solved":
            return self.status + "\n"
        return _grid(self.result.solutions[0], self.result.puzzle) + "\n"


@dataclass(frozen=True)
class Checked(_Searched):
    """``check``: the verdict; with ``proof``, a multiple puzzle's two solutions."""

    proof: bool = False

    def _proved(self) -> bool:
        return self.proof and self.status == "multiple"

    def solution(self) -> str | None:
        return _line(self.result.solutions[0]) if self.status == "unique" else None

    def body(self) -> dict:
        out = {"status": self.status, **self.searched()}
        if self.status == "unknown":
            out["reason"] = self.result.status
        if self._proved():
            a, b = self.result.solutions[:2]
            n = self.result.puzzle.size
            out["solutions"] = [_line(a), _line(b)]
            out["differ"] = [cell_name(i, n) for i in range(n * n) if a[i] != b[i]]
        return out

    def row(self) -> dict:
        return {**self.to_dict(), "solution": self.solution()}

    def line(self) -> str:
        if self._proved():
            return " ".join([self.status] + [_line(s) for s in self.result.solutions[:2]])
        return self.status

    def grid(self) -> str:
        res = self.result
        shown = [_grid(s, res.puzzle) + "\n" for s in res.solutions[:2]] \
            if self._proved() else [""]
        return "\n".join([self.status, *shown])


@dataclass(frozen=True)
class Counted(_Searched):
    """``count``: the count, whether it is exact, and the search's status."""

    def body(self) -> dict:
        res = self.result
        return {"count": res.count, "exact": res.exact, "status": res.status,
                **self.searched()}

    def line(self) -> str:
        return count_text(self.result.count, self.result.status)


@dataclass(frozen=True)
class Candidates(Record):
    """``candidates``: the status after singles, how many they filled, each cell's marks."""

    singles: int = 0
    cells: tuple = ()
    puzzle: Any = None

    def body(self) -> dict:
        n = self.puzzle.size
        return {"status": self.status, "singles": self.singles,
                "candidates": [marks(cell, n) for cell in self.cells]}

    def line(self) -> str:
        n = self.puzzle.size
        return " ".join([self.status, str(self.singles)] + [marks(c, n) for c in self.cells])

    def grid(self) -> str:
        p = self.puzzle
        return (f"{self.status} ({self.singles} singles)\n"
                + format_candidates(self.cells, p.box_rows, p.box_cols, p.regions) + "\n")


# ------------------------------------------------------------------ making
@dataclass(frozen=True)
class Made(Record):
    """``generate``: a made puzzle (`sudoku.generator.Generated`) and its rating, if rated."""

    made: Any = None
    rating: Any = None
    with_solution: bool = False

    def to_dict(self) -> dict:
        g = self.made
        p = g.puzzle
        n = p.size
        return {
            "index": g.index, "seed": g.seed, "puzzle": format_line(p.cells),
            "solution": format_line(g.solution), "size": n, "box": [p.box_rows, p.box_cols],
            "variant": p.variant,
            "regions": None if p.regions is None else format_regions(p.regions, n),
            "clues": p.n_givens, "symmetry": g.symmetry, "minimal": g.minimal,
            "tries": g.tries, "grade": None if g.grade is None else g.grade.as_dict(),
            "rating": None if self.rating is None else self.rating.as_dict(),
        }

    def preamble(self) -> list[str]:
        return directives(self.made.puzzle)

    def line(self) -> str:
        g = self.made
        return puzzle_line(g.puzzle, g.solution if self.with_solution else None)

    def grid(self) -> str:
        g = self.made
        p = g.puzzle
        text = puzzle_grid(p)
        if self.with_solution:
            text += "\n" + format_grid(g.solution, p.box_rows, p.box_cols, p.regions) + "\n"
        return text


@dataclass(frozen=True)
class Minimized(Record):
    """``minimize``: the smaller puzzle, and the givens it kept and removed."""

    small: Any = None
    givens: int = 0

    def body(self) -> dict:
        return {"status": self.status, "minimized": format_line(self.small.cells),
                "givens": self.small.n_givens, "removed": self.givens - self.small.n_givens}

    def line(self) -> str:
        return puzzle_line(self.small)

    def grid(self) -> str:
        return puzzle_grid(self.small)


@dataclass(frozen=True)
class Graded(Record):
    """``grade`` (``rate --search``): what the search needed (`sudoku.grading.Grade`)."""

    grade: Any = None
    seconds: float = 0.0

    def body(self) -> dict:
        return {**self.grade.as_dict(), "seconds": round(self.seconds, 6)}

    def line(self) -> str:
        g = self.grade
        if g.status in ("multiple", "none"):
            return g.status
        word = g.level if g.status == "unique" else g.status
        return (f"{word} singles={'yes' if g.singles else 'no'} guesses={g.guesses} "
                f"branches={g.branch_points} nodes={g.nodes} filled={g.filled_by_singles}")


# ------------------------------------------------------------------ explaining
def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass(frozen=True)
class Explained(Record):
    """``explain``: the steps (`sudoku.logic.Explanation`) and the rating."""

    explanation: Any = None
    size: int = 0

    def body(self) -> dict:
        e = self.explanation
        r = e.rating
        return {"status": self.status, "steps": [s.as_dict(self.size) for s in e.steps],
                "rating": None if r is None else r.as_dict()}

    def line(self) -> str:
        e = self.explanation
        r = e.rating
        rating = "" if r is None else f", rating {r.score:.1f} {r.level} ({r.hardest})"
        head = (f"puzzle {self.where.index + 1}: {self.status}, "
                f"{_count(len(e.steps), 'step')}, {_count(e.guesses, 'guess', 'guesses')}"
                f"{rating}")
        return "\n".join([head, *(s.text for s in e.steps), ""])

    grid = line


@dataclass(frozen=True)
class Hinted(Record):
    """``hint``: the next step (`sudoku.logic.Hint`), or none when solved or unsolvable."""

    step: Any = None
    size: int = 0

    def body(self) -> dict:
        return {"status": self.status,
                "step": None if self.step is None else self.step.as_dict(self.size)}

    def line(self) -> str:
        return self.status if self.step is None else self.step.text


@dataclass(frozen=True)
class Rated(Record):
    """``rate``: the rating by techniques (`sudoku.logic.Rating`) of a unique puzzle."""

    rating: Any = None

    def body(self) -> dict:
        return {"status": self.status, **self.rating.as_dict()}

    def line(self) -> str:
        return self.rating.line()

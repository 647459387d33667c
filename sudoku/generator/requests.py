"""What was asked: the arguments of `sudoku.generate` checked once, as a plain record.

Impossible or malformed requests fail here, at once, with a message that says
what to change; the `Request` record then travels to worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dlx import SearchStopped, validate

from ..encode import problem_for
from ..errors import PuzzleError
from ..grading import LEVELS
from ..grid import VARIANTS, Puzzle, default_box, parse_box
from ..limits import check_size
from .grids import GRID_NODE_CAP
from .symmetry import SYMMETRIES

__all__ = ["Request", "make_request", "min_clues", "parse_clues"]


def parse_clues(text) -> tuple[int, int]:
    """A clue target ``"25"`` or a range ``"22-26"`` as ``(low, high)``.

    Raises
    ------
    PuzzleError
        Not a number or a range ``MIN-MAX`` of whole numbers with MIN <= MAX.

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> parse_clues("25"), parse_clues("22-26"), parse_clues((20, 30))
    ((25, 25), (22, 26), (20, 30))
    """
    if isinstance(text, tuple):
        lo, hi = (int(x) for x in text)
    elif isinstance(text, (int, np.integer)) and not isinstance(text, bool):
        lo = hi = int(text)
    else:
        parts = str(text).replace(" ", "").split("-")
        try:
            if len(parts) == 1:
                lo = hi = int(parts[0])
            elif len(parts) == 2:
                lo, hi = int(parts[0]), int(parts[1])
            else:
                raise ValueError
        except ValueError:
            raise PuzzleError(f"clue target {text!r} is not a number or a range MIN-MAX "
                              "such as 22-26") from None
    if lo < 0 or hi < lo:
        raise PuzzleError(f"clue range {lo}-{hi} is empty or negative; write MIN-MAX with "
                          "0 <= MIN <= MAX")
    return lo, hi


def min_clues(n: int, variant: str = "standard") -> int:
    """A proven lower bound on the clues of a unique ``n x n`` puzzle.

    ``n - 1`` for any size and variant (if two values were both missing from
    the givens, swapping them in a solution would give a second one); 17 for
    standard 9x9 Sudoku (McGuire, Tugemann and Civario, 2012).

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> min_clues(9), min_clues(9, "x"), min_clues(16)
    (17, 8, 15)
    """
    if n == 9 and variant == "standard":
        return 17
    return max(n - 1, 0)


@dataclass(frozen=True)
class Request:
    """Everything an attempt needs (plain values, so it can go to a worker process)."""

    box_rows: int
    box_cols: int
    variant: str
    regions: tuple[int, ...] | None
    symmetry: str
    lo: int
    hi: int
    minimal: bool
    grade: str | None
    tries: int
    timeout: float | None
    entropy: int
    threads: int = 1

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols

    def describe(self) -> str:
        n = self.size
        words = [f"{n}x{n}"]
        if self.variant != "standard":
            words.append(self.variant)
        if self.symmetry != "none":
            words.append(f"{self.symmetry}-symmetric")
        if self.minimal:
            words.append("minimal")
        text = " ".join(words) + " puzzle"
        if (self.lo, self.hi) != (0, n * n):
            text += (f" with {self.lo} clues" if self.lo == self.hi
                     else f" with {self.lo}-{self.hi} clues")
        if self.grade:
            text += f" graded {self.grade}"
        return text


def _shape(size, box, variant, regions) -> tuple[int, int]:
    if box is not None:
        rows, cols = parse_box(box) if isinstance(box, str) else (int(box[0]), int(box[1]))
        if size is not None and rows * cols != size:
            raise PuzzleError(f"box {rows}x{cols} makes a {rows * cols}x{rows * cols} grid, "
                              f"not {size}x{size}")
        return rows, cols
    if size is None:
        size = 9 if regions is None else int(round(len(regions) ** 0.5))
    size = validate.whole("size", size, optional=False, error=PuzzleError)
    check_size(size)
    if VARIANTS.get(variant) is not None and VARIANTS[variant].uses_regions:
        try:
            return default_box(size)
        except PuzzleError:
            return 1, size
    return default_box(size)


def make_request(size, box, variant, regions, seed, symmetry, clues, minimal, grade, tries,
             timeout, threads=1) -> Request:
    """Check the arguments of `generate`; impossible requests fail here, at once."""
    if variant not in VARIANTS:
        raise PuzzleError(f"unknown variant {variant!r}; the variants are {', '.join(VARIANTS)}")
    if symmetry not in SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; the symmetries are "
                          f"{', '.join(SYMMETRIES)}")
    if grade is not None and grade not in LEVELS:
        raise PuzzleError(f"unknown grade {grade!r}; the grades are {', '.join(LEVELS)}")
    rows, cols = _shape(size, box, variant, regions)
    n = rows * cols
    if regions is not None:
        if not VARIANTS[variant].uses_regions:
            raise PuzzleError(f"a region map is only for jigsaw puzzles, not {variant}")
        regions = tuple(int(r) for r in regions)
    # The template checks the size rules (windoku is 9x9 only) and the region map.
    Puzzle(rows, cols, [0] * (n * n), variant,
           regions if regions is not None or not VARIANTS[variant].uses_regions
           else tuple(i // n for i in range(n * n)))
    if regions is not None and not _has_grid(Puzzle(rows, cols, [0] * (n * n), variant,
                                                    regions)):
        raise PuzzleError("no complete grid fits this region map, so no puzzle can use it; "
                          "give another map, or none for random ones")
    lo, hi = (0, n * n) if clues is None else parse_clues(clues)
    if lo > n * n:
        raise PuzzleError(f"a {n}x{n} grid has only {n * n} cells, so it cannot have {lo} clues")
    hi = min(hi, n * n)
    floor = min_clues(n, variant)
    if hi < floor:
        if floor == 17:
            why = ("no 9x9 Sudoku with 16 or fewer clues has a unique solution (McGuire, "
                   "Tugemann and Civario proved it in 2012)")
        else:
            why = (f"no {n}x{n} puzzle with fewer than {floor} clues has a unique solution "
                   "(if two values are both missing, swapping them gives a second one)")
        raise PuzzleError(f"{why}; ask for at least {floor} clues, not {hi}")
    tries = validate.whole("tries", tries, optional=False, error=PuzzleError)
    timeout = validate.seconds("timeout", timeout, error=PuzzleError)
    if seed is None:
        import secrets

        entropy = secrets.randbits(63)  # short enough to copy from a message
    else:
        entropy = validate.whole("seed", seed, least=0, optional=False, error=PuzzleError)
    return Request(rows, cols, variant, regions, symmetry, lo, hi, bool(minimal), grade,
                   tries, timeout, entropy, max(1, int(threads)))


def _has_grid(template: Puzzle) -> bool:
    """False when a search proves no complete grid exists (True if it finds one or gives up)."""
    try:
        return problem_for(template).solve(max_nodes=GRID_NODE_CAP * 10) is not None
    except SearchStopped:
        return True


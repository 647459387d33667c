"""The JSON API of ``sudoku serve`` as plain functions, one per endpoint.

Each handler takes the request's JSON object and the server's `Limits` and
returns the answer's JSON object; bad input raises `ApiError`, whose message
is the one the CLI prints for the same input (a `sudoku.PuzzleError`'s, the
text being named ``<puzzle>``).  The answers hold the fields of the
operations' records (`sudoku.operations`), as the CLI's ``--format json``
does (``puzzle``, ``status``, ``solution``, ``nodes``, ``seconds``...).
`HANDLERS` maps each endpoint's name to its function; docs/web.md documents
them.

Every handler is bounded: the searches get the time left before the
request's deadline (``Limits.timeout``) and answer ``unknown`` when it runs
out; the explanations check it between steps.  No handler reads or writes a
path: puzzle text is parsed from memory only.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from dlx import __version__

from .. import operations as ops
from ..errors import GenerationError, PuzzleError
from ..formats import format_line, parse_puzzle, parse_puzzles, read_puzzles
from ..grid import VARIANTS, Puzzle, cell_name, find_clashes, houses, parse_box
from ..operations import DIFFICULTY_NAMES, SYMMETRY_NAMES
from ..operations.records import STOPPED, Explained, Marker, Rated, Where, shown
from ..render import render_svg

__all__ = ["HANDLERS", "METHODS", "SOURCE", "ApiError", "Limits", "warm_up"]

SOURCE = "<puzzle>"
"""How messages name the text of a request (the CLI says ``<stdin>`` or the file)."""
METHODS = ("logic", "search", "both")
"""The ways of solving ``method`` names: the techniques alone, the search alone, or the
techniques and then the search on what they leave (``sudoku serve``'s ``/api/methods``)."""


@dataclass(frozen=True)
class Limits:
    """What one request may ask for (``sudoku serve`` options set some of them).

    Attributes
    ----------
    timeout : float
        Seconds a request may take; a search still running then answers ``unknown``.
    max_size : int
        Largest grid (n of n x n) solved, checked, counted or drawn.
    max_logic_size : int
        Largest grid explained, hinted, rated or timed by method (the
        techniques are slower to look for on a large grid).
    max_text : int
        Characters of puzzle text in one request (an uploaded file).
    max_puzzles : int
        Puzzles listed from one file.
    max_count : int
        Highest ``limit`` of a count.
    """

    timeout: float = 10.0
    max_size: int = 100
    max_logic_size: int = 25
    max_text: int = 1_000_000
    max_puzzles: int = 1000
    max_count: int = 100_000


class ApiError(Exception):
    """Bad input: HTTP ``status`` (400) with ``{"error": message, ...fields}``."""

    def __init__(self, message: str, status: int = 400, **fields):
        super().__init__(message)
        self.message = message
        self.status = status
        self.fields = fields

    def as_dict(self) -> dict:
        return {"error": self.message, **self.fields}


_Late = ops.Late  # the request's deadline passed during an explanation


class _Deadline:
    def __init__(self, seconds: float):
        self.start = time.perf_counter()
        self.end = self.start + seconds

    def left(self) -> float:
        return max(0.001, self.end - time.perf_counter())

    def passed(self) -> bool:
        return time.perf_counter() >= self.end

    def seconds(self) -> float:
        return round(time.perf_counter() - self.start, 6)


# ------------------------------------------------------------------ reading
def _field(body: dict, name: str, kinds: tuple, what: str, default=None):
    value = body.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise ApiError(f"{name!r} must be {what}")
    return value


def _bad(exc: PuzzleError) -> ApiError:
    return ApiError(str(exc), line=exc.line, column=exc.column,
                    cell=None if exc.cell is None else exc.cell)


def _box(body: dict):
    """``box``: ``"RxC"`` as the CLI's option, or ``[R, C]`` as its JSON output."""
    box = _field(body, "box", (str, list), "a box shape \"RxC\" or [R, C]")
    if isinstance(box, list):
        if len(box) != 2 or not all(isinstance(x, int) and not isinstance(x, bool)
                                    for x in box):
            raise ApiError("'box' must be a box shape \"RxC\" or [R, C]")
        return tuple(box)
    return box


def _settings(body: dict) -> dict:
    return {"box": _box(body),
            "variant": _field(body, "variant", (str,), "a variant name"),
            "regions": _field(body, "regions", (str,), "a region map (n*n symbols)")}


def _text(body: dict, name: str, limits: Limits) -> str:
    text = body.get(name)
    if not isinstance(text, str):
        raise ApiError(f"{name!r} must be the text of a puzzle" if text is not None
                       else f"the request has no {name!r}")
    if len(text) > limits.max_text:
        raise ApiError(f"{name!r} holds {len(text)} characters; at most {limits.max_text} "
                       "are read", status=413)
    return text


def _size_ok(n: int, cap: int, what: str) -> None:
    if n > cap:
        raise ApiError(f"a {n}x{n} grid is larger than this server {what} "
                       f"(at most {cap}x{cap})")


def _too_large(p: Puzzle, limits: Limits) -> PuzzleError:
    n, cap = p.size, limits.max_size
    return PuzzleError(f"a {n}x{n} grid is larger than this server takes (at most "
                       f"{cap}x{cap})", p.source, p.line)


def read_puzzle(body: dict, limits: Limits, *, logic: bool = False) -> Puzzle:
    """The one puzzle of ``body["puzzle"]``, read as the CLI reads it (any format)."""
    text = _text(body, "puzzle", limits)
    try:
        p = parse_puzzle(text, source=SOURCE, **_settings(body))
    except PuzzleError as exc:
        raise _bad(exc) from None
    _size_ok(p.size, limits.max_size, "takes")
    if logic:
        _size_ok(p.size, limits.max_logic_size, "explains, hints, rates and times by method")
    return p


_shown = shown  # the puzzle's fields in every answer: its line, and how to read it back


def _late(p: Puzzle, deadline: _Deadline) -> dict:
    return {**_shown(p), "status": "unknown", "reason": "timeout", "seconds": deadline.seconds()}


# ------------------------------------------------------------------ searching
def _search(p: Puzzle, mode: str, deadline: _Deadline, limit: int | None = None):
    """The record of a solve, check or count, and its answer: `shown`, then its fields."""
    rec = ops.search_one(p, mode, deadline.left(), limit)
    fields = rec.fields()
    fields.pop("reason", None)
    # (The web answer names a stopped search's reason whatever the verdict.)
    if rec.result.status in STOPPED:
        fields["reason"] = rec.result.status
    return rec, {**_shown(p), **fields}


def _method(body: dict, default: str, allowed=METHODS) -> str:
    method = _field(body, "method", (str,), "a method name", default)
    if method not in allowed:
        raise ApiError(f"'method' must be {', '.join(allowed[:-1])} or {allowed[-1]}, "
                       f"not {method!r}")
    return method


def solve(body: dict, limits: Limits) -> dict:
    """``POST /api/solve``: the first solution, as ``sudoku solve --format json``.

    ``method``: ``"search"`` (the default: the exact-cover search alone),
    ``"logic"`` (the techniques alone: `stalled` where they find no step, with
    the values and ``candidates`` left) or ``"both"`` (the techniques, then
    the search on what they leave)."""
    method = _method(body, "search")
    p = read_puzzle(body, limits, logic=method != "search")
    deadline = _Deadline(limits.timeout)
    if method == "search":
        return {**_search(p, "solve", deadline)[1], "method": method}
    try:
        e = _explanation(p, deadline, guesses=False)
    except _Late:
        return {**_late(p, deadline), "method": method}
    out = {**_shown(p), "method": method, "steps": len(e.steps), **_left(p, e.steps)}
    if method == "logic" or out["left"] == 0 or e.status == "none":
        status = "none" if e.status == "none" else "stalled" if out["left"] else "solved"
        solution = out["values"] if status == "solved" else None
        return {**out, "status": status, "solution": solution, "nodes": 0,
                "seconds": deadline.seconds()}
    rest = dataclasses.replace(p, cells=pencil_marks(
        p, [x for s in e.steps for x in s.placements])[0])
    _, found = _search(rest, "solve", deadline)
    found.pop("puzzle")
    return {**out, **found, "method": method, "seconds": deadline.seconds()}


def _left(p: Puzzle, steps) -> dict:
    """What the steps leave: the grid's ``values`` line, how many cells are ``left`` blank,
    their ``candidates`` (a list per cell; empty for a filled cell) and the cells left with
    no candidate (``contradictions``, by name)."""
    values, marks = pencil_marks(p, [x for s in steps for x in s.placements],
                                 [x for s in steps for x in s.eliminations])
    n = p.size
    return {"values": format_line(values, n), "left": values.count(0),
            "candidates": [sorted(m) for m in marks],
            "contradictions": [cell_name(i, n) for i, v in enumerate(values)
                               if not v and not marks[i]]}


def check(body: dict, limits: Limits) -> dict:
    """``POST /api/check``: unique, multiple (with two solutions and where they differ), none."""
    p = read_puzzle(body, limits)
    rec, out = _search(p, "check", _Deadline(limits.timeout))
    proof = {k: out.pop(k) for k in ("solutions", "differ") if k in out}
    return {**out, "solution": rec.solution(), **proof}


def count(body: dict, limits: Limits) -> dict:
    """``POST /api/count``: solutions counted up to ``limit`` (default and cap: max_count)."""
    p = read_puzzle(body, limits)
    limit = _field(body, "limit", (int,), "a whole number", limits.max_count)
    if not 1 <= limit <= limits.max_count:
        raise ApiError(f"'limit' must be from 1 to {limits.max_count}")
    return _search(p, "count", _Deadline(limits.timeout), limit=limit)[1]


def candidates(body: dict, limits: Limits) -> dict:
    """``POST /api/candidates``: pencil marks after singles, as ``sudoku candidates``."""
    p = read_puzzle(body, limits)
    rec = next(ops.candidates([p]))
    if isinstance(rec, Marker):
        raise _bad(rec.error)
    return {**_shown(p), **rec.fields()}


# ------------------------------------------------------------------ explaining
_CACHE: OrderedDict = OrderedDict()  # recent explanations, for stepping through one
_CACHE_SIZE = 32
_CACHE_LOCK = threading.Lock()


def _key(p: Puzzle) -> tuple:
    return (p.box_rows, p.box_cols, p.variant, p.regions, bytes(p.cells))


def _explanation(p: Puzzle, deadline: _Deadline, guesses: bool = True,
                 uniqueness: bool = True):
    """The explanation of ``p`` (raises _Late when the deadline passes first)."""
    key = (_key(p), guesses, uniqueness)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    try:
        e = ops.explain_one(p, left=deadline.left, passed=deadline.passed, guesses=guesses,
                            uniqueness=uniqueness)
    except PuzzleError as exc:
        raise _bad(exc) from None
    with _CACHE_LOCK:
        _CACHE[key] = e
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return e


def _peers(p: Puzzle) -> list[set[int]]:
    n = p.size
    found: list[set[int]] = [set() for _ in range(n * n)]
    for _, cells in houses(p):
        for i in cells:
            found[i].update(cells)
    for i, s in enumerate(found):
        s.discard(i)
    return found


def pencil_marks(p: Puzzle, placed=(), removed=()) -> tuple[list[int], list[set[int]]]:
    """Values and candidates after the givens, then ``placed`` and ``removed`` (row, col, value).

    A candidate is a value no peer holds, less those removed: the marks a
    person pencils in, and the state an explanation's steps work on.
    """
    n = p.size
    values = list(p.cells)
    peers = _peers(p)
    marks = [set() if v else set(range(1, n + 1)) - {values[j] for j in peers[i]}
             for i, v in enumerate(values)]
    for r, c, v in placed:
        i = (r - 1) * n + c - 1
        values[i] = v
        marks[i] = set()
        for j in peers[i]:
            marks[j].discard(v)
    for r, c, v in removed:
        marks[(r - 1) * n + c - 1].discard(v)
    return values, marks


def _step_svg(p: Puzzle, done, step) -> str:
    """The grid after the steps ``done``, with ``step`` (the next one, or None) shown."""
    n = p.size
    values, marks = pencil_marks(p, [x for s in done for x in s.placements],
                                 [x for s in done for x in s.eliminations])
    if step is None:
        return render_svg(p, values, candidates=marks)
    placed = {(r - 1) * n + c - 1 for r, c, _ in step.placements}
    cells = set(step.cells) | placed
    picked = [(i, d) for i in cells for d in step.digits if d in marks[i]]
    picked += [((r - 1) * n + c - 1, v) for r, c, v in step.placements]
    return render_svg(p, values, candidates=marks, highlight=cells,
                      eliminated=[((r - 1) * n + c - 1, v) for r, c, v in step.eliminations],
                      marked=picked)


def _flag(body: dict, name: str, default: bool = False) -> bool:
    return bool(_field(body, name, (bool,), "true or false", default))


def hint(body: dict, limits: Limits) -> dict:
    """``POST /api/hint``: the next step, as ``sudoku hint --format json`` (``"svg": true``
    adds the grid with the step's cells and candidates highlighted; ``"uniqueness":
    false`` leaves out the uniqueness steps)."""
    p = read_puzzle(body, limits, logic=True)
    unique = _flag(body, "uniqueness", True)
    deadline = _Deadline(limits.timeout)
    try:
        rec = ops.hint_one(p, timeout=deadline.left(), uniqueness=unique)
    except _Late:
        return _late(p, deadline)
    except PuzzleError as exc:
        raise _bad(exc) from None
    out = {**_shown(p), **rec.fields(), "seconds": deadline.seconds()}
    if _flag(body, "svg"):
        out["svg"] = _step_svg(p, (), rec.step)
    return out


def explain(body: dict, limits: Limits) -> dict:
    """``POST /api/explain``: every step, as ``sudoku explain --format json``; with ``"at": k``
    also the grid before step k (k = the number of steps: the end) as ``svg``.

    ``method``: ``"both"`` (the default: a guess where no technique applies) or
    ``"logic"`` (the steps stop there; the answer adds what they leave: the
    ``values``, ``left``, ``candidates`` and ``contradictions`` of `solve`).
    ``"uniqueness": false`` leaves out the uniqueness steps."""
    method = _method(body, "both", ("logic", "both"))
    p = read_puzzle(body, limits, logic=True)
    unique = _flag(body, "uniqueness", True)
    deadline = _Deadline(limits.timeout)
    at = _field(body, "at", (int,), "a step number")
    try:
        e = _explanation(p, deadline, guesses=method == "both", uniqueness=unique)
    except _Late:
        return _late(p, deadline)
    rec = Explained(Where.of(0, p), e.status, e, e, p.size)
    out = {**_shown(p), **rec.fields(), "method": method, "seconds": deadline.seconds()}
    if method == "logic":
        out.update(_left(p, e.steps))
    if at is not None:
        if not 0 <= at <= len(e.steps):
            raise ApiError(f"'at' must be from 0 to {len(e.steps)} (the steps of this puzzle)")
        out["at"] = at
        out["svg"] = _step_svg(p, e.steps[:at], e.steps[at] if at < len(e.steps) else None)
    return out


def rate(body: dict, limits: Limits) -> dict:
    """``POST /api/rate``: the rating, as ``sudoku rate --format json`` (``"uniqueness":
    false`` leaves out the uniqueness steps)."""
    p = read_puzzle(body, limits, logic=True)
    unique = _flag(body, "uniqueness", True)
    deadline = _Deadline(limits.timeout)
    try:
        e = _explanation(p, deadline, uniqueness=unique)
    except _Late:
        return _late(p, deadline)
    r = e.rating
    if r is None:
        return {**_shown(p), "status": e.status, "seconds": deadline.seconds()}
    rec = Rated(Where.of(0, p), "unique", r, r)
    return {**_shown(p), **rec.fields(), "seconds": deadline.seconds()}


def methods(body: dict, limits: Limits) -> dict:
    """``POST /api/methods``: time, nodes and guesses of each way of solving.

    ``logic``: the techniques alone (no guess), which may stall; ``search``:
    the Dancing Links search alone, proving the solution unique; ``both``:
    the techniques, then the search on what they leave.  ``seconds`` times
    that search; ``nodes`` and ``guesses`` are those of `sudoku.grade` (its
    search tree, without the locked-items pruning: ``sudoku grade``'s measure).
    """
    p = read_puzzle(body, limits, logic=True)
    deadline = _Deadline(limits.timeout)
    start = time.perf_counter()
    try:
        e = _explanation(p, deadline, guesses=False)
    except _Late:
        return _late(p, deadline)
    logic_seconds = time.perf_counter() - start
    placed = [x for s in e.steps for x in s.placements]
    rest = dataclasses.replace(p, cells=pencil_marks(p, placed)[0])
    blanks = rest.size ** 2 - rest.n_givens
    rows: list[dict] = [{"method": "logic", "status": "solved" if not blanks else "stalled",
                         "seconds": round(logic_seconds, 6), "steps": len(e.steps),
                         "nodes": 0, "guesses": 0, "left": blanks}]
    for name, q in (("search", p), ("both", rest)):
        res = ops.search_one(q, "check", deadline.left(), kernel="dlx").result
        g = next(ops.grade([q])).result if res.verdict == "unique" else None
        seconds = res.seconds + (logic_seconds if name == "both" else 0.0)
        rows.append({"method": name, "status": res.verdict, "seconds": round(seconds, 6),
                     "steps": len(e.steps) if name == "both" else 0,
                     "nodes": res.nodes if g is None else g.nodes,
                     "guesses": None if g is None else g.guesses, "left": 0})
    return {**_shown(p), "status": e.status, "methods": rows}


# ------------------------------------------------------------------ files, pictures
def puzzles(body: dict, limits: Limits) -> dict:
    """``POST /api/puzzles``: every puzzle of a file's text, with its status, rating and
    (when it has only one) solution."""
    text = _text(body, "text", limits)
    try:
        items = list(itertools.islice(parse_puzzles(text, source=SOURCE, **_settings(body)),
                                      limits.max_puzzles + 1))
    except PuzzleError as exc:
        raise _bad(exc) from None
    more = len(items) > limits.max_puzzles
    items = items[:limits.max_puzzles]
    deadline = _Deadline(limits.timeout)
    listed: list[dict] = []
    items = [_too_large(x, limits) if isinstance(x, Puzzle) and x.size > limits.max_size
             else x for x in items]
    per = max(0.05, limits.timeout / 10)
    for rec in ops.check(items, timeout=per):
        res = rec.result
        item = items[res.index]
        if isinstance(item, PuzzleError) or res.error is not None:
            error = item if isinstance(item, PuzzleError) else res.error
            assert error is not None
            listed.append({"index": res.index, "line": error.line, "status": "invalid",
                           "error": str(error)})
        else:
            listed.append({"index": res.index, "line": item.line, "name": item.name,
                           **_shown(item), "status": res.verdict, "rating": None,
                           "solution": rec.solution()})
        if deadline.passed():
            break
    for entry in listed:
        if entry["status"] != "unique" or deadline.passed():
            continue
        p = items[entry["index"]]
        if p.size <= limits.max_logic_size and p.candidates is None:
            try:
                r = _explanation(p, deadline).rating
            except (_Late, ApiError):
                continue
            entry["rating"] = None if r is None else r.as_dict()
    return {"puzzles": listed, "more": more or len(listed) < len(items),
            "seconds": deadline.seconds()}


def render(body: dict, limits: Limits) -> dict:
    """``POST /api/render``: the puzzle as SVG, with ``values`` (a grid line, e.g. a
    solution), pencil marks (``"candidates": true``) and highlighted cells (``highlight``:
    cell names such as ``"r1c2"``)."""
    p = read_puzzle(body, limits)
    values = None
    text = _field(body, "values", (str,), "a grid of values")
    try:
        if text is not None:
            values = parse_puzzle(text, box=(p.box_rows, p.box_cols), variant=p.variant,
                                  regions=p.regions, source="<values>").cells
        marks = pencil_marks(dataclasses.replace(p, cells=values or p.cells))[1] \
            if _flag(body, "candidates") else None
        cells = _field(body, "highlight", (list,), "a list of cell names", [])
        names = {cell_name(i, p.size): i for i in range(p.size ** 2)}
        bad = [c for c in cells if c not in names]
        if bad:
            raise ApiError(f"'highlight': {bad[0]!r} is not a cell of a {p.size}x{p.size} grid")
        svg = render_svg(p, values, candidates=marks, highlight=[names[c] for c in cells])
    except PuzzleError as exc:
        raise _bad(exc) from None
    return {**_shown(p), "svg": svg}


def read(body: dict, limits: Limits) -> dict:
    """``POST /api/read``: the puzzle as the page edits it, even with clashing givens:
    ``cells`` (a value per cell, 0 for a blank), ``houses`` (``[name, [cell...]]``),
    ``clashes`` (``[value, house, [cell...]]``) and its pencil marks (``candidates``, a
    list per cell, or null)."""
    text = _text(body, "puzzle", limits)
    try:
        items = list(itertools.islice(read_puzzles(io.StringIO(text), source=SOURCE,
                                                   check=False, **_settings(body)), 2))
    except PuzzleError as exc:
        raise _bad(exc) from None
    if not items:
        raise _bad(PuzzleError("no puzzle found", SOURCE))
    if isinstance(items[0], PuzzleError):
        raise _bad(items[0])
    if len(items) > 1:
        line = items[1].line
        raise _bad(PuzzleError(f"expected one puzzle, found a second one on line {line}",
                               SOURCE, line))
    p = items[0]
    _size_ok(p.size, limits.max_size, "takes")
    return {**_shown(p), "cells": list(p.cells),
            "houses": [[name, list(cells)] for name, cells in houses(p)],
            "clashes": [[c.value, c.house, list(c.cells)] for c in find_clashes(p)],
            "candidates": None if p.candidates is None else [list(c) for c in p.candidates]}


# ------------------------------------------------------------------ generating
def generate(body: dict, limits: Limits) -> dict:
    """``POST /api/generate``: a new puzzle, as ``sudoku generate --format json``."""
    size = _field(body, "size", (int,), "a whole number")
    seed = _field(body, "seed", (int,), "a whole number")
    difficulty = _field(body, "difficulty", (str,), "a difficulty level")
    options = {"size": size, "box": _box(body),
               "variant": _field(body, "variant", (str,), "a variant name", "standard"),
               "symmetry": _field(body, "symmetry", (str,), "a symmetry name", "none"),
               "clues": _field(body, "clues", (str, int), "a clue count or range"),
               "minimal": _field(body, "minimal", (bool,), "true or false", False)}
    if seed is not None and seed < 0:
        raise ApiError("'seed' must be 0 or more")
    if options["box"] is not None:
        try:
            rows, cols = parse_box(options["box"]) if isinstance(options["box"], str) \
                else options["box"]
        except PuzzleError as exc:
            raise ApiError(exc.message) from None
        size = size or rows * cols
    if size is not None:
        _size_ok(size, limits.max_logic_size if difficulty else limits.max_size, "generates")
    deadline = _Deadline(limits.timeout)
    try:
        rec = ops.generate_one(difficulty=difficulty, seed=seed, timeout=deadline.left(),
                               **options)
    except GenerationError as exc:
        return {"status": "unknown", "reason": str(exc), "seconds": deadline.seconds()}
    except PuzzleError as exc:
        raise ApiError(exc.message) from None
    made = rec.to_dict()
    rating = made.pop("rating")
    return {**made, **_shown(rec.made.puzzle), "status": "made", "rating": rating,
            "seconds": deadline.seconds()}


HANDLERS = {"solve": solve, "check": check, "count": count, "candidates": candidates,
            "hint": hint, "explain": explain, "rate": rate, "methods": methods,
            "puzzles": puzzles, "render": render, "generate": generate, "read": read}
"""The endpoints ``POST /api/NAME``, by name."""


def info(limits: Limits) -> dict:
    """``GET /api/info``: version, endpoints, limits and the choices the page offers."""
    return {"version": __version__, "endpoints": sorted(HANDLERS),
            "limits": dataclasses.asdict(limits), "variants": list(VARIANTS),
            "symmetries": list(SYMMETRY_NAMES), "difficulties": list(DIFFICULTY_NAMES),
            "methods": list(METHODS)}


WARM_PUZZLE = ("4.....8.5.3..........7......2.....6.....8.4......"
               "1.......6.3.7.5..2.....1.4......")


def warm_up(limits: Limits = Limits()) -> None:
    """Load every kernel a request uses (compiling them on a first run), so that the
    first requests are as fast as the later ones."""
    for puzzle in (WARM_PUZZLE, "1..." "..2." ".3.." "...4"):
        for name in ("solve", "check", "count", "candidates", "hint", "methods", "render"):
            HANDLERS[name]({"puzzle": puzzle, "limit": 10, "svg": True, "candidates": True},
                           limits)
        explain({"puzzle": puzzle, "at": 1}, limits)
    generate({"size": 4, "seed": 1}, limits)
    generate({"seed": 1, "difficulty": "easy"}, limits)
    puzzles({"text": WARM_PUZZLE + "\n"}, limits)
    with _CACHE_LOCK:
        _CACHE.clear()

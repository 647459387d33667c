"""Tests of the pictures: `sudoku.render_text`, `sudoku.render_svg` and ``sudoku show``.

The drawings are read back rather than compared with stored copies: the text
grid's walls and the SVG's thick borders are turned back into the set of cell
edges they cover and compared with the edges between different regions
(boxes or jigsaw regions) computed here; digits are read back from the text
and from the SVG's ``<text>`` elements (every SVG is parsed with
``xml.etree``); a solution drawn by ``show --solve`` is checked with
`sudoku.validate_solution`.  Where cairosvg and the cairo library are
installed, SVGs are rendered to pixels and the pixels checked too.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import click
import pytest
from click.testing import CliRunner

import sudoku
from sudoku import Puzzle, PuzzleError, parse_puzzle, read_puzzles, render_svg, render_text
from sudoku.batch import PuzzleResult
from sudoku.checker import validate_solution
from sudoku.cli import cli
from sudoku.cli_show import use_color
from sudoku.grid import SYMBOLS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLES = os.path.join(ROOT, "puzzles")
SVG = "{http://www.w3.org/2000/svg}"
FOUR = "1..." "..2." ".3.." "...4"
JIGSAW4 = (0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)
X = list(read_puzzles(os.path.join(PUZZLES, "x_sudoku.txt")))[0]
WINDOKU = list(read_puzzles(os.path.join(PUZZLES, "windoku.txt")))[0]
JIGSAW = list(read_puzzles(os.path.join(PUZZLES, "jigsaw.txt")))[0]
SIXTEEN = list(read_puzzles(os.path.join(PUZZLES, "16x16.txt")))[0]


def latin(box_rows: int, box_cols: int) -> list[int]:
    """A solved grid of any box shape (the usual shifted pattern)."""
    n = box_rows * box_cols
    return [(box_cols * (r % box_rows) + r // box_rows + c) % n + 1
            for r in range(n) for c in range(n)]


def sparse(box_rows: int, box_cols: int, every: int = 3) -> Puzzle:
    """A puzzle keeping every ``every``-th value of `latin`."""
    cells = [v if i % every == 0 else 0 for i, v in enumerate(latin(box_rows, box_cols))]
    return Puzzle(box_rows, box_cols, cells)


SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5), (6, 6)]
PUZZLES_OF_EVERY_KIND = ([sparse(r, c) for r, c in SHAPES]
                         + [X, WINDOKU, JIGSAW, SIXTEEN,
                            Puzzle(2, 2, [1] + [0] * 15, "jigsaw", JIGSAW4),
                            # a prime size, regions that are not contiguous
                            Puzzle(1, 5, [0] * 25, "jigsaw", [i % 5 for i in range(25)])])


def region_edges(p: Puzzle) -> set[tuple[str, int, int]]:
    """Unit edges that separate two regions or a cell from the outside.

    ``("v", r, k)``: the edge left of column k in row r; ``("h", k, c)``: the edge
    above row k in column c.
    """
    n = p.size
    if p.regions is not None:
        reg = list(p.regions)
    else:
        reg = [(i // n // p.box_rows) * (n // p.box_cols) + (i % n) // p.box_cols
               for i in range(n * n)]

    def region(r, c):
        return reg[r * n + c] if 0 <= r < n and 0 <= c < n else -1

    edges = {("v", r, k) for r in range(n) for k in range(n + 1)
             if region(r, k - 1) != region(r, k)}
    edges |= {("h", k, c) for k in range(n + 1) for c in range(n)
              if region(k - 1, c) != region(k, c)}
    return edges


# ---------------------------------------------------------------------- text
def read_text_grid(text: str, n: int):
    """Cells and walls of a `render_text` drawing without pencil marks.

    Returns ``(symbols, edges)``: the n*n cell texts row by row, and the unit
    edges drawn (same naming as `region_edges`).  Cells are right-aligned, so a
    cell's last character is at the same column in every row.
    """
    lines = text.splitlines()
    content = [k for k, line in enumerate(lines) if not set(line) <= set("┌┐└┘├┤┬┴┼─│╵╷╴╶ ")]
    assert len(content) == n, text
    edges = set()
    symbols = []
    columns = None
    for r, k in enumerate(content):
        line = lines[k]
        cells = [(m.start(), m.group()) for m in re.finditer(r"[^ │]+", line)]
        assert len(cells) == n, line
        starts = [s for s, _ in cells]
        ends = [s + len(t) - 1 for s, t in cells]
        if columns is None:
            columns = ends
        assert ends == columns, "cells of every row line up"
        symbols += [t for _, t in cells]
        bounds = [0] + [s + len(t) for s, t in cells]
        for c in range(n + 1):
            between = line[bounds[c]:starts[c]] if c < n else line[bounds[n]:]
            if "│" in between:
                edges.add(("v", r, c))
    # Floors: a line between two rows (or above the first, below the last) with ─ under
    # a cell's column.
    assert columns is not None
    for k in range(n + 1):
        above = content[k - 1] if k else -1
        below = content[k] if k < n else len(lines)
        between = [lines[j] for j in range(above + 1, below)]
        assert len(between) <= 1, "at most one separator line between two rows"
        for line in between:
            for c, last in enumerate(columns):
                if line[last] == "─":
                    edges.add(("h", k, c))
    return symbols, edges


@pytest.mark.parametrize("p", PUZZLES_OF_EVERY_KIND, ids=repr)
def test_text_walls_are_the_region_borders(p):
    text = render_text(p)
    symbols, edges = read_text_grid(text, p.size)
    assert edges == region_edges(p)
    blank = {".", "*"}
    want = [sudoku.render._model.symbol(v, p.size) if v else None for v in p.cells]
    assert [None if s in blank else s for s in symbols] == want


def test_text_four_by_four_exactly():
    assert render_text(FOUR) == "\n".join([
        "┌─────┬─────┐",
        "│ 1 . │ . . │",
        "│ . . │ 2 . │",
        "├─────┼─────┤",
        "│ . 3 │ . . │",
        "│ . . │ . 4 │",
        "└─────┴─────┘"])
    assert render_text(FOUR, ascii=True).splitlines()[:2] == ["+-----+-----+", "| 1 . | . . |"]


def test_text_shows_the_solution_and_the_symbols_beyond_nine():
    solution = latin(4, 4)
    p = Puzzle(4, 4, [v if i % 5 == 0 else 0 for i, v in enumerate(solution)])
    symbols, _ = read_text_grid(render_text(p, solution), 16)
    assert symbols == [SYMBOLS[v - 1] for v in solution]
    assert "G" in symbols and "16" not in symbols
    big = Puzzle(6, 6, latin(6, 6))
    symbols, _ = read_text_grid(render_text(big), 36)
    assert symbols == [str(v) for v in latin(6, 6)]


def test_text_marks_the_extra_houses():
    # Without colour the blank cells of the diagonals and windows show "*".
    for p in (X, WINDOKU):
        symbols, _ = read_text_grid(render_text(p), 9)
        extra = {i for _, cells in sudoku.houses(p)[27:] for i in cells}
        assert {i for i, s in enumerate(symbols) if s == "*"} == \
            {i for i in extra if not p.cells[i]}
    colored = render_text(X, color=True)
    assert "*" not in click.unstyle(colored) and "\x1b[10" in colored  # a bright background


def test_text_colour():
    p = parse_puzzle(FOUR)
    solution = sudoku.solve(p)
    validate_solution(p, solution)
    colored = render_text(p, solution, color=True)
    assert click.unstyle(colored) == render_text(p, solution)
    assert click.style("1", bold=True) in colored  # a given
    assert click.style("2", fg="cyan") in colored  # a filled cell
    assert "\x1b[" not in render_text(p, solution)
    lit = render_text(p, highlight={1}, color=True)
    assert click.style(".", bg="yellow") in lit


def test_text_pencil_marks():
    p = parse_puzzle(FOUR)
    marks = [(1,), (2, 4), (3, 4), (2, 3), (3, 4), (1, 4), (2,), (1, 3),
             (2, 4), (3,), (1, 4), (1, 2), (2,), (1, 2), (1, 3), (4,)]
    text = render_text(p, candidates=marks)
    assert text == "\n".join([
        "┌────────┬────────┐",
        "│      2 │      2 │",
        "│  1   4 │ 34  3  │",
        "│        │        │",
        "│     1  │     1  │",
        "│ 34   4 │  2  3  │",
        "├────────┼────────┤",
        "│  2     │ 1   12 │",
        "│  4   3 │  4     │",
        "│        │        │",
        "│  2  12 │ 1      │",
        "│        │ 3    4 │",
        "└────────┴────────┘"]), text
    # Eliminated candidates: struck out in red with colour, left out without.
    struck = render_text(p, candidates=marks, eliminated={(1, 4)}, color=True)
    assert click.style("4", fg="red", strikethrough=True) in struck
    plain = render_text(p, candidates=marks, eliminated={(1, 4)})
    assert plain.splitlines()[2] == "│  1     │ 34  3  │"


# ----------------------------------------------------------------------- svg
def parse_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    return root


def texts(root, kind):
    return [t for t in root.iter(SVG + "text") if t.get("class") == kind]


def svg_edges(root, p: Puzzle, cell_size: float):
    """The unit edges covered by the thick border path."""
    n = p.size
    path = [e for e in root.iter(SVG + "path") if e.get("class") == "borders"]
    assert len(path) == 1
    m = (float(root.get("width")) - n * cell_size) / 2
    edges = set()
    for x, y, kind, end in re.findall(r"M([\d.]+) ([\d.]+)([VH])([\d.]+)", path[0].get("d")):
        x, y, end = ((float(v) - m) / cell_size for v in (x, y, end))
        assert abs(x - round(x)) < 1e-6 and abs(y - round(y)) < 1e-6
        if kind == "V":
            edges |= {("v", r, round(x)) for r in range(round(y), round(end))}
        else:
            edges |= {("h", round(y), c) for c in range(round(x), round(end))}
    return edges


@pytest.mark.parametrize("p", PUZZLES_OF_EVERY_KIND, ids=repr)
def test_svg_structure(p):
    n = p.size
    solution = latin(p.box_rows, p.box_cols)
    if p.regions is not None or any(v and v != w for v, w in zip(p.cells, solution, strict=True)):
        solution = None  # only the puzzles made by `sparse` agree with it
    root = parse_svg(render_svg(p, solution, cell_size=30))
    assert root.get("data-size") == str(n) and root.get("data-variant") == p.variant
    cells = [r for r in root.iter(SVG + "rect") if "cell" in r.get("class").split()]
    assert [int(r.get("data-cell")) for r in cells] == list(range(n * n))
    given = texts(root, "given")
    assert len(given) == p.n_givens
    filled = texts(root, "filled")
    assert len(filled) == (n * n - p.n_givens if solution else 0)
    symbol = sudoku.render._model.symbol
    for t in given + filled:
        i = int(t.get("data-cell"))
        value = p.cells[i] or solution[i]
        assert t.text == symbol(value, n)
        rect = cells[i]
        x0, y0 = float(rect.get("x")), float(rect.get("y"))
        assert x0 < float(t.get("x")) < x0 + 30 and y0 < float(t.get("y")) < y0 + 30
    assert all(t.get("font-weight") == "bold" for t in given)
    assert not any(t.get("font-weight") for t in filled)
    assert svg_edges(root, p, 30) == region_edges(p)


def test_svg_extra_houses_and_regions():
    root = parse_svg(render_svg(X))
    diagonal = {int(r.get("data-cell")) for r in root.iter(SVG + "rect")
                if "diagonal" in r.get("class").split()}
    assert diagonal == {i * 10 for i in range(9)}
    root = parse_svg(render_svg(WINDOKU))
    windows = [r for r in root.iter(SVG + "rect") if "window" in r.get("class").split()]
    assert len(windows) == 36 and len({r.get("fill") for r in windows}) == 1
    # Jigsaw regions each in a tint, neighbours in different ones.
    root = parse_svg(render_svg(JIGSAW))
    tint = {int(r.get("data-cell")): r.get("fill") for r in root.iter(SVG + "rect")}
    for i in range(81):
        r, c = divmod(i, 9)
        for j in [i + 1] * (c < 8) + [i + 9] * (r < 8):
            assert (tint[i] == tint[j]) == (JIGSAW.regions[i] == JIGSAW.regions[j])


def test_svg_candidates_highlight_and_eliminated():
    p = parse_puzzle(FOUR)
    marks = [(1,), (2, 4), (3, 4), (2, 3), (3, 4), (1, 4), (2,), (1, 3),
             (2, 4), (3,), (1, 4), (1, 2), (2,), (1, 2), (1, 3), (4,)]
    svg = render_svg(p, candidates=marks, highlight={5: "hint focus", 6: "hint"},
                     eliminated=[(5, 2), (1, 4)])
    root = parse_svg(svg)
    shown = texts(root, "candidate")
    struck = texts(root, "candidate eliminated")
    # Givens hold no pencil marks; every other cell its marks plus the eliminated ones.
    want = sorted((i, v) for i, m in enumerate(marks) if not p.cells[i]
                  for v in set(m) | ({2} if i == 5 else set()))
    got = sorted((int(t.get("data-cell")), int(t.get("data-value"))) for t in shown + struck)
    assert got == want
    assert sorted((int(t.get("data-cell")), int(t.text)) for t in struck) == [(1, 4), (5, 2)]
    strikes = [e for e in root.iter(SVG + "line") if e.get("class") == "strike"]
    assert len(strikes) == 2
    classes = {int(r.get("data-cell")): r.get("class") for r in root.iter(SVG + "rect")}
    assert classes[5] == "cell hint focus" and classes[6] == "cell hint" and classes[7] == "cell"


def test_svg_marked_candidates():
    p = parse_puzzle(FOUR)
    marks = [()] * 16
    marks[1] = (2, 4)
    # Marked pencil marks are drawn bold even where no candidates are given; an
    # eliminated one stays struck out; a filled cell shows none.
    root = parse_svg(render_svg(p, candidates=marks, marked=[(1, 4), (2, 3), (0, 2), (5, 2)],
                                eliminated=[(5, 2)]))
    picked = texts(root, "candidate marked")
    assert sorted((int(t.get("data-cell")), int(t.text)) for t in picked) == [(1, 4), (2, 3)]
    assert all(t.get("font-weight") == "bold" for t in picked)
    assert [(t.get("data-cell"), t.text) for t in texts(root, "candidate")] == [("1", "2")]
    assert [t.get("data-cell") for t in texts(root, "candidate eliminated")] == ["5"]
    with pytest.raises(PuzzleError, match="marked: r1c2 holds 7"):
        render_svg(p, marked=[(1, 7)])


def test_svg_title_is_escaped():
    p = Puzzle(2, 2, parse_puzzle(FOUR).cells, name="<b> & \"c\"")
    root = parse_svg(render_svg(p))
    assert root.find(SVG + "title").text == "<b> & \"c\""
    assert parse_svg(render_svg(p, title="mine")).find(SVG + "title").text == "mine"


def test_jupyter_pictures():
    p = parse_puzzle(FOUR)
    assert p._repr_svg_() == render_svg(p)
    res = PuzzleResult(0, p, status="complete", count=1, solutions=[sudoku.solve(p)])
    assert len(texts(parse_svg(res._repr_svg_()), "filled")) == 12
    assert PuzzleResult(1, None, error=PuzzleError("bad"))._repr_svg_() is None


@pytest.mark.parametrize("call, message", [
    (lambda: render_svg(FOUR, [1] * 16), "r2c3 is 1 but the puzzle gives 2"),
    (lambda: render_svg(FOUR, [0] * 15), "15 cells"),
    (lambda: render_svg(FOUR, [5] * 16), "values run from 0 to 4"),
    (lambda: render_text(FOUR, candidates=[[5]] * 16), "values run from 1 to 4"),
    (lambda: render_svg(FOUR, highlight={16}), "cell 16 is outside a 4x4 grid"),
    (lambda: render_svg(FOUR, highlight={1: "a<b"}), "not a list of CSS class names"),
    (lambda: render_svg(FOUR, eliminated=[(2, 9)]), "values run from 1 to 4"),
])
def test_bad_arguments_are_named(call, message):
    with pytest.raises(PuzzleError, match=re.escape(message)):
        call()


def test_bad_argument_types():
    with pytest.raises(TypeError, match="pairs"):
        render_svg(FOUR, eliminated=[3])
    with pytest.raises(TypeError, match="index"):
        render_svg(FOUR, highlight=["r1c1"])
    with pytest.raises(ValueError, match="cell_size"):
        render_svg(FOUR, cell_size=0)


# ------------------------------------------------------------------ pixels
def _cairo():
    try:
        import cairocffi
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        pytest.skip(f"cairosvg cannot render here: {exc}")
    return cairosvg, cairocffi


def pixels(svg: str):
    """Render an SVG; returns ``dark(x, y)``, true for a near-black pixel."""
    cairosvg, cairocffi = _cairo()
    png = cairosvg.svg2png(bytestring=svg.encode())
    surface = cairocffi.ImageSurface.create_from_png(io.BytesIO(png))
    data, stride = bytes(surface.get_data()), surface.get_stride()

    def dark(x, y):
        b, g, r, a = data[y * stride + 4 * x: y * stride + 4 * x + 4]
        return a > 200 and max(r, g, b) < 90

    return dark, surface.get_width(), surface.get_height()


@pytest.mark.parametrize("p", [sparse(3, 3), sparse(2, 3), X, JIGSAW, SIXTEEN, sparse(5, 5)],
                         ids=repr)
def test_svg_renders(p):
    """Rendered for real: ink in the given cells, none in the blank ones, a frame around."""
    s = 30
    dark, width, height = pixels(render_svg(p, cell_size=s))
    n = p.size
    m = (width - n * s) / 2
    assert width == height == round(n * s + 2 * m)
    for i, v in enumerate(p.cells):
        r, c = divmod(i, n)
        x0, y0 = int(m + c * s), int(m + r * s)
        inside = sum(dark(x, y) for x in range(x0 + 5, x0 + s - 5)
                     for y in range(y0 + 5, y0 + s - 5))
        assert (inside > 10) if v else (inside == 0), (i, v, inside)
    edge = int(m)
    assert all(dark(edge, y) for y in range(int(m), height - int(m)))  # the left frame


# ---------------------------------------------------------------------- show
def run(*args, input=None, color=False):
    return CliRunner().invoke(cli, ["show", *map(str, args)], input=input, color=color,
                              catch_exceptions=False)


def test_show_in_input_order_with_bad_lines(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(FOUR + "\n1.3.\n" + "." * 16 + "\n" + "11" + "." * 14 + "\n")
    r = run(path)
    assert r.exit_code == 1
    headers = [line for line in r.stdout.splitlines() if line.startswith("puzzle")]
    assert headers == ["puzzle 1 (line 1): 4x4, 4 givens", "puzzle 2 (line 2): invalid",
                       "puzzle 3 (line 3): 4x4, 0 givens", "puzzle 4 (line 4): invalid"]
    errors = r.stderr.splitlines()
    assert len(errors) == 2 and errors[0].startswith(f"{path}, line 2")
    assert errors[1].startswith(f"{path}, line 4") and "r1c1, r1c2" in errors[1]
    blocks = r.stdout.split("\n\n")
    assert blocks[0] == "puzzle 1 (line 1): 4x4, 4 givens\n" + render_text(FOUR)


def test_show_solve_draws_a_valid_solution():
    p = list(read_puzzles(os.path.join(PUZZLES, "jigsaw.txt")))[0]
    r = run("--solve", os.path.join(PUZZLES, "jigsaw.txt"))
    assert r.exit_code == 0, r.stderr
    grid = "\n".join(r.stdout.strip("\n").splitlines()[1:])
    symbols, edges = read_text_grid(grid, 9)
    validate_solution(p, [int(s) for s in symbols])
    assert edges == region_edges(p)


def test_show_solve_without_one_solution():
    r = run("--solve", os.path.join(PUZZLES, "multiple_solutions.txt"))
    assert r.exit_code == 3
    assert r.stderr.strip().endswith(": several solutions")
    symbols, _ = read_text_grid("\n".join(r.stdout.strip("\n").splitlines()[1:]), 9)
    p = list(read_puzzles(os.path.join(PUZZLES, "multiple_solutions.txt")))[0]
    assert symbols.count(".") == 81 - p.n_givens
    r = run("--solve", os.path.join(PUZZLES, "no_solution.txt"))
    assert r.exit_code == 3 and r.stderr.strip().endswith(": no solution")


def test_show_candidates():
    r = run("--candidates", input=FOUR + "\n")
    assert r.exit_code == 0
    c = sudoku.candidates(FOUR)
    assert r.stdout == ("puzzle 1 (line 1): 4x4, 4 givens\n"
                        + render_text(FOUR, candidates=c) + "\n\n")


def test_show_svg_on_stdout_and_in_files(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(FOUR + "\nbad\n# variant: x\n" + "".join(str(v or ".") for v in X.cells)
                    + "\n")
    r = run("--format", "svg", "--solve", path)
    assert r.exit_code == 1
    parts = r.stdout.rstrip("\n").split("\n\n")
    assert len(parts) == 3
    assert parts[1] == "<!-- puzzle 2 (line 2): invalid -->"
    for part, kind in ((parts[0], "standard"), (parts[2], "x")):
        root = parse_svg(part)  # the comment before the root element is allowed
        assert root.get("data-variant") == kind
        n = int(root.get("data-size"))
        assert len(texts(root, "given")) + len(texts(root, "filled")) == n * n
    out = tmp_path / "svg"
    r = run("--format", "svg", "-o", out, path)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [str(out / "puzzle-1.svg"), "invalid",
                                     str(out / "puzzle-3.svg")]
    assert sorted(os.listdir(out)) == ["puzzle-1.svg", "puzzle-3.svg"]
    parse_svg((out / "puzzle-3.svg").read_text())
    r = run("-o", out, path)
    assert r.exit_code == 2 and "--format svg" in r.stderr


def test_show_colour():
    r = run("--solve", "--color", input=FOUR + "\n", color=True)
    assert click.style("1", bold=True) in r.stdout
    assert click.unstyle(r.stdout) == run("--solve", input=FOUR + "\n").stdout
    assert "\x1b[" not in run("--solve", input=FOUR + "\n", color=True).stdout  # not a tty


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_colour_choice(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(_Terminal()) and not use_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(_Terminal())
    assert use_color(io.StringIO(), True) and not use_color(_Terminal(), False)
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if not set
    assert use_color(_Terminal())


def test_show_help_does_not_import_numba():
    code = ("import sys\nfrom sudoku.cli import main\n"
            "try:\n    main(['show', '--help'])\nexcept SystemExit as e:\n    assert not e.code\n"
            "print(sorted(m for m in ('numba', 'numpy', 'sudoku.solver') if m in sys.modules),"
            " file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "[]"


def test_show_solve_with_candidates_fills_every_cell():
    # A unique solution leaves no cell to pencil in: the compact grid, as with --solve.
    both = run("--solve", "--candidates", input=FOUR + "\n")
    assert both.exit_code == 0 and both.stdout == run("--solve", input=FOUR + "\n").stdout


# ------------------------------------------------------------------- gallery
def test_gallery_pictures_are_drawn():
    import importlib.util

    spec = importlib.util.spec_from_file_location("gen_gallery",
                                                  os.path.join(ROOT, "docs", "gen_gallery.py"))
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    files = gallery.build()
    page = files.pop("gallery.md")
    assert sorted(re.findall(r"\]\((gallery/[\w.]+\.svg)\)", page)) == sorted(files)
    variants = {parse_svg(svg).get("data-variant") for svg in files.values()}
    sizes = {parse_svg(svg).get("data-size") for svg in files.values()}
    assert variants == {"standard", "jigsaw", "x", "windoku"} and {"6", "9", "16"} <= sizes
    assert "```text\n┌" in page  # the terminal drawing


def test_a_pencil_mark_puzzle_shows_its_own_candidates():
    import xml.etree.ElementTree as ET

    from sudoku import parse_puzzle, render_svg, render_text

    marks = "".join("12......." if i % 2 else "..3456789" for i in range(81))
    p = parse_puzzle(marks)
    texts = ET.fromstring(render_svg(p)).iter("{http://www.w3.org/2000/svg}text")
    shown = [t for t in texts if "candidate" in t.get("class", "")]
    assert len(shown) == 41 * 7 + 40 * 2
    assert render_text(p) == render_text(p, candidates=p.candidates)

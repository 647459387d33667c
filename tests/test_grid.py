"""Tests of sudoku.grid: the Puzzle record, shapes, houses, clashes, the checker, size limit."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from dlx.errors import DLXError, ParseError, TooLargeError
from sudoku.checker import validate_solution
from sudoku.errors import GridTooLargeError, PuzzleError
from sudoku.grid import (
    MAX_ENCODING_BYTES,
    MAX_SIZE,
    SYMBOLS,
    VARIANTS,
    Clash,
    Puzzle,
    cell_name,
    check_givens,
    check_regions,
    check_size,
    default_box,
    estimate_encoding,
    find_clashes,
    houses,
    parse_box,
)

# A solved 9x9 grid, and solved grids of the sample X, Windoku and jigsaw puzzles
# (puzzles/x_sudoku.txt, windoku.txt, jigsaw.txt), found by a brute-force search.
SOLVED_9 = [int(c) for c in
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
X_SOLUTION = [int(c) for c in
              "254367198376189425189542673567491382491238567823756914715924836642813759938675241"]
WINDOKU_SOLUTION = [int(c) for c in
                    "254367198376189425189245736735426819921873564648951372463512987812794653597638241"]
JIGSAW_SOLUTION = [int(c) for c in
                   "762594183681243759453918276947856312218437965135629847376182594529761438894375621"]
JIGSAW_MAP = "AABBBCCCCDABABBBCCDAAAEBFCCDADEEBFFCDADEEEFFFDDDEHEIIFGGGGHEHIFGGHHHHHIFGGGHIIIII"
_first_seen: dict[str, int] = {}
JIGSAW_IDS = [_first_seen.setdefault(c, len(_first_seen)) for c in JIGSAW_MAP]


def blank(n: int) -> list[int]:
    return [0] * (n * n)


def solved(n: int, box_rows: int, box_cols: int) -> list[int]:
    """The pattern solution of an n x n grid with the given boxes."""
    return [((r % box_rows) * box_cols + r // box_rows + c) % n + 1
            for r in range(n) for c in range(n)]


# --- shapes ------------------------------------------------------------------
@pytest.mark.parametrize("n, shape", [(1, (1, 1)), (4, (2, 2)), (6, (2, 3)), (8, (2, 4)),
                                      (9, (3, 3)), (10, (2, 5)), (12, (3, 4)), (15, (3, 5)),
                                      (16, (4, 4)), (25, (5, 5)), (36, (6, 6)), (49, (7, 7)),
                                      (100, (10, 10))])
def test_default_box_is_most_square(n, shape):
    assert default_box(n) == shape


@pytest.mark.parametrize("n", [2, 3, 5, 7, 11, 13])
def test_default_box_refuses_primes(n):
    with pytest.raises(PuzzleError, match=f"{n}x{n} grid has no box shape.*jigsaw"):
        default_box(n)


def test_parse_box():
    assert parse_box("2x3") == (2, 3)
    assert parse_box(" 3 X 2 ") == (3, 2)
    assert parse_box("4*4") == (4, 4)
    for bad in ("3", "2x", "x3", "0x3", "axb", "2x3x4"):
        with pytest.raises(PuzzleError):
            parse_box(bad)


def test_cell_name():
    assert cell_name(0, 9) == "r1c1"
    assert cell_name(24, 9) == "r3c7"
    assert cell_name(80, 9) == "r9c9"
    assert cell_name(255, 16) == "r16c16"


# --- the Puzzle record --------------------------------------------------------
def test_puzzle_fields_and_properties():
    p = Puzzle(2, 3, [1] + [0] * 35, source="f.txt", line=4, name="a")
    assert p.size == 6 and p.n_givens == 1
    assert isinstance(p.cells, tuple) and p.variant == "standard" and p.regions is None
    assert "6x6" in repr(p) and "f.txt" in repr(p)
    with pytest.raises(AttributeError):
        p.cells = ()  # frozen


def test_puzzle_equality_ignores_where_it_came_from():
    a = Puzzle(2, 2, blank(4), source="a", line=1, name="x")
    b = Puzzle(2, 2, tuple(blank(4)), source="b", line=9)
    assert a == b and hash(a) == hash(b)
    assert a != Puzzle(2, 2, blank(4), variant="x")


@pytest.mark.parametrize("kwargs, message", [
    (dict(box_rows=3, box_cols=3, cells=[0] * 80), "a 9x9 grid has 81 cells, not 80"),
    (dict(box_rows=2, box_cols=2, cells=[5] + [0] * 15), "r1c1 holds 5; values of a 4x4"),
    (dict(box_rows=2, box_cols=2, cells=[-1] + [0] * 15), "r1c1 holds -1"),
    (dict(box_rows=0, box_cols=2, cells=[]), "must be positive"),
    (dict(box_rows=2, box_cols=2, cells="1..." * 4), "cells must be integers"),
    (dict(box_rows=2, box_cols=2, cells=[0] * 16, variant="samurai"), "unknown variant 'samurai'"),
    (dict(box_rows=2, box_cols=2, cells=[0] * 16, variant="windoku"),
     "windoku is defined only for 9x9"),
    (dict(box_rows=3, box_cols=3, cells=[0] * 81, variant="jigsaw"), "needs a region map"),
    (dict(box_rows=2, box_cols=2, cells=[0] * 16, regions=[0] * 16), "only for jigsaw"),
])
def test_puzzle_validation(kwargs, message):
    with pytest.raises(PuzzleError, match=message) as info:
        Puzzle(**kwargs, source="s.txt", line=7)
    assert info.value.source == "s.txt" and info.value.line == 7


def test_puzzle_value_error_names_the_cell():
    with pytest.raises(PuzzleError) as info:
        Puzzle(2, 2, [0] * 5 + [9] + [0] * 10)
    assert info.value.cell == 5 and "r2c2" in str(info.value)


@pytest.mark.parametrize("make", [list, tuple, bytes, lambda v: v, lambda v: [float(x) for x in v],
                                  lambda v: [str(x) for x in v], lambda v: np.array(v)])
@pytest.mark.parametrize("values, bad", [
    ([0, 1, 4, 0] * 4, None), ([4] * 16, None), ([0] * 15 + [5], 15), ([3, 0, 9] + [0] * 13, 2),
    ([0] * 7 + [255] + [0] * 8, 7), ([0] * 16 + [1], "16 cells, not 17"),
])
def test_puzzle_cells_from_any_sequence_are_checked_alike(make, values, bad):
    # The common case is checked in C (bytes); everything else value by value:
    # both must accept the same cells, store plain ints, and name the same cell.
    container = make(values)
    if bad is None:
        p = Puzzle(2, 2, container)
        assert p.cells == tuple(values) and all(type(v) is int for v in p.cells)
    else:
        with pytest.raises(PuzzleError) as info:
            Puzzle(2, 2, container)
        if isinstance(bad, str):
            assert bad in str(info.value)
        else:
            assert info.value.cell == bad


def test_puzzle_cells_outside_a_byte_take_the_slow_path():
    with pytest.raises(PuzzleError, match="holds 300"):
        Puzzle(2, 2, [0] * 15 + [300])
    with pytest.raises(PuzzleError, match="holds -1"):
        Puzzle(2, 2, (-1,) + (0,) * 15)
    assert Puzzle(2, 2, [True] + [0] * 15).cells[0] == 1


def test_jigsaw_puzzle_and_prime_size():
    p = Puzzle(3, 3, blank(9), "jigsaw", JIGSAW_IDS)
    assert p.regions == tuple(JIGSAW_IDS)
    # A prime size is fine for a jigsaw, with a 1 x n "box" that only fixes the size.
    stripes = [(r + c) % 5 for r in range(5) for c in range(5)]
    assert Puzzle(1, 5, blank(5), "jigsaw", stripes).size == 5


def test_check_regions():
    check_regions(JIGSAW_IDS, 9)
    with pytest.raises(PuzzleError, match="has 80 entries; a 9x9 grid needs 81"):
        check_regions(JIGSAW_IDS[:80], 9)
    with pytest.raises(PuzzleError, match="region id 9 at r1c1 is out of range") as info:
        check_regions([9] + JIGSAW_IDS[1:], 9)
    assert info.value.cell == 0
    uneven = [1] + JIGSAW_IDS[1:]
    with pytest.raises(PuzzleError, match="region 1 has 8, region 2 has 10"):
        check_regions(uneven, 9)


def test_region_ids_are_renumbered_by_first_appearance():
    relabelled = [(r + 5) % 9 for r in JIGSAW_IDS]
    p = Puzzle(3, 3, blank(9), "jigsaw", relabelled)
    assert p.regions == tuple(JIGSAW_IDS) and p == Puzzle(3, 3, blank(9), "jigsaw", JIGSAW_IDS)


def test_regions_need_not_be_contiguous():
    # Region k = every cell whose (row + 2 * column) % 4 == k: scattered, but 4 cells each.
    scattered = [(r + 2 * c) % 4 for r in range(4) for c in range(4)]
    Puzzle(2, 2, blank(4), "jigsaw", scattered)


# --- size limit -------------------------------------------------------------
def test_size_limit_constants_agree_with_the_engine():
    from dlx.links import BYTES_PER_NODE
    from sudoku import limits
    assert limits._ENGINE_BYTES_PER_NODE == BYTES_PER_NODE
    assert estimate_encoding(MAX_SIZE)[1] <= MAX_ENCODING_BYTES < estimate_encoding(MAX_SIZE + 1)[1]
    assert estimate_encoding(MAX_SIZE)[0] < 2**32


def test_too_large_grid_is_refused_with_the_estimate():
    check_size(MAX_SIZE)
    with pytest.raises(GridTooLargeError) as info:
        check_size(MAX_SIZE + 2, "big.txt", 3)
    err = info.value
    assert isinstance(err, TooLargeError) and isinstance(err, PuzzleError)
    assert "GB to encode; the largest supported size is" in str(err)
    assert err.source == "big.txt" and err.line == 3
    with pytest.raises(GridTooLargeError, match="400x400 grid needs about 16.7 GB"):
        Puzzle(20, 20, [])  # refused before the cells are even looked at


# --- houses -----------------------------------------------------------------
@pytest.mark.parametrize("variant, count", [("standard", 27), ("x", 29), ("windoku", 31)])
def test_houses_9x9(variant, count):
    hs = houses((3, 3), variant)
    assert len(hs) == count
    assert all(len(cells) == 9 == len(set(cells)) for _, cells in hs)
    assert [name for name, _ in hs[:27:9]] == ["row 1", "column 1", "box 1"]
    assert dict(hs)["row 3"] == tuple(range(18, 27))
    assert dict(hs)["column 7"] == tuple(range(6, 81, 9))
    assert dict(hs)["box 5"] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    per_cell = [0] * 81
    for _, cells in hs[:27]:
        for i in cells:
            per_cell[i] += 1
    assert per_cell == [3] * 81


def test_houses_of_variants():
    x = dict(houses((3, 3), "x"))
    assert x["diagonal"] == tuple(range(0, 81, 10))
    assert x["anti-diagonal"] == tuple(range(8, 73, 8))
    w = dict(houses((3, 3), "windoku"))
    assert w["window 1"] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert w["window 4"] == (50, 51, 52, 59, 60, 61, 68, 69, 70)
    j = houses((3, 3), "jigsaw", JIGSAW_IDS)
    assert not any(name.startswith("box") for name, _ in j)
    regions = {name: cells for name, cells in j if name.startswith("region")}
    assert len(regions) == 9 and regions["region 1"] == (0, 1, 10, 12, 19, 20, 21, 28, 37)


def test_houses_of_a_puzzle_and_of_a_shape_agree():
    p = Puzzle(3, 3, blank(9), "jigsaw", JIGSAW_IDS)
    assert houses(p) == houses((3, 3), "jigsaw", JIGSAW_IDS)
    assert houses(Puzzle(2, 3, blank(6), "x")) == houses((2, 3), "x")


def test_houses_6x6_boxes_are_two_rows_by_three_columns():
    boxes = [cells for name, cells in houses((2, 3)) if name.startswith("box")]
    assert boxes[0] == (0, 1, 2, 6, 7, 8)
    assert boxes[1] == (3, 4, 5, 9, 10, 11)
    assert boxes[2] == (12, 13, 14, 18, 19, 20)
    tall = [cells for name, cells in houses((3, 2)) if name.startswith("box")]
    assert tall[0] == (0, 1, 6, 7, 12, 13)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_every_house_of_a_solved_grid_holds_every_value(shape):
    n = shape[0] * shape[1]
    grid = solved(n, *shape)
    p = Puzzle(*shape, blank(n))
    validate_solution(p, grid)  # the independent checker agrees ...
    for name, cells in houses(shape):  # ... with the houses
        assert sorted(grid[i] for i in cells) == list(range(1, n + 1)), name


@pytest.mark.parametrize("variant, solution, regions", [
    ("x", X_SOLUTION, None), ("windoku", WINDOKU_SOLUTION, None),
    ("jigsaw", JIGSAW_SOLUTION, JIGSAW_IDS)])
def test_variant_houses_and_checker_agree_on_known_solutions(variant, solution, regions):
    p = Puzzle(3, 3, blank(9), variant, regions)
    validate_solution(p, solution)
    for name, cells in houses(p):
        assert sorted(solution[i] for i in cells) == list(range(1, 10)), name


def test_variants_table_drives_houses():
    assert set(VARIANTS) == {"standard", "x", "windoku", "jigsaw"}
    for name, rule in VARIANTS.items():
        if rule.extra_houses is not None:
            extra = rule.extra_houses(9)
            assert dict(houses((3, 3), name)).items() >= dict(extra).items()


# --- clashes -----------------------------------------------------------------
def test_find_clashes_in_each_kind_of_house():
    cells = blank(9)
    cells[19], cells[25] = 5, 5  # row 3: r3c2, r3c8
    cells[0], cells[72] = 7, 7  # column 1: r1c1, r9c1
    cells[30], cells[50] = 2, 2  # box 5: r4c4, r6c6
    found = find_clashes(Puzzle(3, 3, cells))
    assert found == [Clash(5, "row 3", (19, 25)), Clash(7, "column 1", (0, 72)),
                     Clash(2, "box 5", (30, 50))]
    assert find_clashes(Puzzle(3, 3, SOLVED_9)) == []


def test_clash_on_a_diagonal_counts_only_for_x():
    cells = blank(9)
    cells[0], cells[80] = 4, 4
    assert find_clashes(Puzzle(3, 3, cells)) == []
    assert find_clashes(Puzzle(3, 3, cells, "x")) == [Clash(4, "diagonal", (0, 80))]


def test_clash_in_a_window_and_a_region():
    cells = blank(9)
    cells[10], cells[30] = 6, 6  # r2c2 and r4c4: window 1 only
    assert find_clashes(Puzzle(3, 3, cells, "windoku")) == [Clash(6, "window 1", (10, 30))]
    cells = blank(9)
    cells[0], cells[37] = 3, 3  # r1c1 and r5c2, both in jigsaw region 1
    assert find_clashes(Puzzle(3, 3, cells, "jigsaw", JIGSAW_IDS)) == [
        Clash(3, "region 1", (0, 37))]


def test_check_givens_message():
    cells = blank(9)
    cells[19], cells[25] = 5, 5
    p = Puzzle(3, 3, cells, source="x.txt", line=12)
    with pytest.raises(PuzzleError) as info:
        check_givens(p)
    err = info.value
    assert str(err) == "x.txt, line 12: digit 5 appears twice in row 3: r3c2, r3c8"
    assert err.cell == 25
    cells[22] = 5
    with pytest.raises(PuzzleError, match=r"three times in row 3: r3c2, r3c5, r3c8$"):
        check_givens(Puzzle(3, 3, cells))
    cells[18] = 5  # r3c1: also a clash in box 1
    with pytest.raises(PuzzleError, match=r"four times in row 3: .* \(and 1 more clash\)$"):
        check_givens(Puzzle(3, 3, cells))
    check_givens(Puzzle(3, 3, SOLVED_9))


def test_check_givens_names_values_above_9_with_their_symbol():
    cells = blank(16)
    cells[0] = cells[1] = 12
    with pytest.raises(PuzzleError, match=r"value 12 \(C\) appears twice in row 1: r1c1, r1c2"):
        check_givens(Puzzle(4, 4, cells))


# --- the independent checker ------------------------------------------------
def test_validate_solution_accepts_a_solution_and_rejects_wrong_ones():
    puzzle = Puzzle(3, 3, [v if i % 3 == 0 else 0 for i, v in enumerate(SOLVED_9)])
    validate_solution(puzzle, SOLVED_9)
    validate_solution(puzzle, tuple(SOLVED_9))
    with pytest.raises(PuzzleError, match="has 80 cells"):
        validate_solution(puzzle, SOLVED_9[:80])
    with pytest.raises(PuzzleError, match="r1c2 is 0 in the solution; it must be 1 to 9"):
        validate_solution(puzzle, [5, 0] + SOLVED_9[2:])
    with pytest.raises(PuzzleError, match="r1c2 is 'x'"):
        validate_solution(puzzle, [5, "x"] + SOLVED_9[2:])
    swapped = list(SOLVED_9)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    with pytest.raises(PuzzleError, match="r1c1 is 3 in the solution but the puzzle gives 5"):
        validate_solution(puzzle, swapped)
    no_givens = Puzzle(3, 3, blank(9))
    with pytest.raises(PuzzleError, match="column 1 holds 3 twice and lacks 5") as info:
        validate_solution(no_givens, swapped)
    assert info.value.cell is None


def test_validate_solution_checks_variant_houses():
    # A valid standard grid whose diagonal repeats values is not an X-Sudoku solution.
    validate_solution(Puzzle(3, 3, blank(9)), SOLVED_9)
    with pytest.raises(PuzzleError, match="diagonal"):
        validate_solution(Puzzle(3, 3, blank(9), "x"), SOLVED_9)
    with pytest.raises(PuzzleError, match="window"):
        validate_solution(Puzzle(3, 3, blank(9), "windoku"), X_SOLUTION)
    with pytest.raises(PuzzleError, match="region"):
        validate_solution(Puzzle(3, 3, blank(9), "jigsaw", JIGSAW_IDS), SOLVED_9)


def test_validate_solution_on_bigger_and_rectangular_boxes():
    for shape in [(2, 3), (3, 2), (3, 4), (4, 4), (5, 5), (6, 6)]:
        n = shape[0] * shape[1]
        validate_solution(Puzzle(*shape, blank(n)), solved(n, *shape))
    # The 6x6 pattern with 3x2 boxes is not a solution for 2x3 boxes.
    with pytest.raises(PuzzleError, match="box"):
        validate_solution(Puzzle(2, 3, blank(6)), solved(6, 3, 2))


# --- errors -----------------------------------------------------------------
def test_puzzle_error_is_part_of_the_hierarchy_and_pickles():
    err = PuzzleError("'#' is not a digit for a 9x9 grid", "puzzles/x.txt", 12, 40, cell=39)
    assert isinstance(err, ParseError) and isinstance(err, DLXError) and isinstance(err, ValueError)
    assert str(err) == "puzzles/x.txt, line 12, column 40: '#' is not a digit for a 9x9 grid"
    back = pickle.loads(pickle.dumps(err))
    assert (back.message, back.source, back.line, back.column, back.cell) == (
        err.message, "puzzles/x.txt", 12, 40, 39)
    big = pickle.loads(pickle.dumps(GridTooLargeError("too big", "f", 2)))
    assert isinstance(big, GridTooLargeError) and str(big) == "f, line 2: too big"


def test_symbols():
    assert SYMBOLS[:9] == "123456789" and SYMBOLS[9] == "A" and len(SYMBOLS) == 35

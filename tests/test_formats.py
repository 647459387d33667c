"""Tests of sudoku.formats: every input format, every kind of bad input, the writers."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku.checker import validate_solution
from sudoku.errors import GridTooLargeError, PuzzleError, PuzzleWarning
from sudoku.formats import (
    MAX_LINE_LENGTH,
    format_candidates,
    format_grid,
    format_line,
    format_regions,
    parse_puzzle,
    parse_puzzles,
    puzzle_to_dict,
    read_puzzles,
    to_json,
)
from sudoku.grid import MAX_SIZE, Puzzle

HERE = Path(__file__).resolve()
PUZZLES = HERE.parents[1] / "puzzles"
DATA = HERE.parents[2] / "shared" / "data" / "sudoku"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"benchmark data not found at {DATA}")

EASTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
FOUR = "1....2....3....4"  # a 4x4 puzzle (not unique; only read here)
JIGSAW_MAP = "AABBBCCCCDABABBBCCDAAAEBFCCDADEEBFFCDADEEEFFFDDDEHEIIFGGGGHEHIFGGHHHHHIFGGGHIIIII"


def values(line: str) -> list[int]:
    return [0 if c in ".0" else int(c, 36) for c in line]


def solved(n: int, box_rows: int, box_cols: int) -> list[int]:
    return [((r % box_rows) * box_cols + r // box_rows + c) % n + 1
            for r in range(n) for c in range(n)]


def read(text: str, **kwargs) -> list:
    return list(parse_puzzles(text, **kwargs))


def one_error(text: str, **kwargs) -> PuzzleError:
    items = read(text, **kwargs)
    assert len(items) == 1 and isinstance(items[0], PuzzleError), items
    return items[0]


def only_puzzles(items) -> list[Puzzle]:
    assert all(isinstance(i, Puzzle) for i in items), [str(i) for i in items]
    return items


# --- one-line puzzles -----------------------------------------------------------
def test_one_line_9x9_with_dots_zeros_and_trailing_space():
    a, b = only_puzzles(read(EASTER + "   \n" + EASTER.replace(".", "0") + "\r\n"))
    assert a == b and a.cells == tuple(values(EASTER)) and a.size == 9
    assert (a.line, b.line, a.source) == (1, 2, "<string>")


def test_one_line_16x16_letters_either_case():
    p = parse_puzzle("ABCDEFG" + "." * 249)
    assert p.size == 16 and p.cells[:7] == (10, 11, 12, 13, 14, 15, 16)
    assert parse_puzzle("abcdefg" + "." * 249) == p


def test_trailing_comment_names_the_puzzle():
    (p,) = read(EASTER + "  # Easter Monster\n")
    assert p.name == "Easter Monster"
    (p,) = read(EASTER + "\t; a name")
    assert p.name == "a name"


def test_csv_puzzle_solution_and_header():
    solution = "".join(str(v) for v in solved(9, 3, 3))
    text = f"quizzes,solutions\n{EASTER.replace('.', '0')},{solution}\n"
    (p,) = only_puzzles(read(text))
    assert p.cells == tuple(values(EASTER)) and p.line == 2


def test_csv_grid_of_numbers():
    rows = [",".join(map(str, solved(4, 2, 2)[r * 4:r * 4 + 4])) for r in range(4)]
    (p,) = only_puzzles(read("\n".join(rows)))
    assert list(p.cells) == solved(4, 2, 2)


def test_bom_and_blank_lines_are_ignored():
    (p,) = only_puzzles(read("\ufeff\n\n" + EASTER + "\n\n"))
    assert p.line == 3


# --- grids ------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4),
                                   (4, 4), (5, 5), (6, 6), (7, 7)])
def test_format_grid_round_trip(shape):
    n = shape[0] * shape[1]
    cells = [v if (i * 7) % 3 else 0 for i, v in enumerate(solved(n, *shape))]
    p = Puzzle(*shape, cells)
    text = format_grid(p)
    assert len(text.splitlines()) == n + n // shape[0] - 1  # rows and the lines between boxes
    back = parse_puzzle(text, box=None if shape[0] <= shape[1] else shape)
    assert back == p


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_format_line_round_trip(shape):
    n = shape[0] * shape[1]
    p = Puzzle(*shape, [v if i % 2 else 0 for i, v in enumerate(solved(n, *shape))])
    line = format_line(p)
    assert len(line) == n * n and format_line(p.cells, n) == line
    assert parse_puzzle(line) == p


def test_pretty_grid_text():
    text = format_grid(values(EASTER), 3, 3)
    assert text.splitlines()[:4] == ["1 . . | . . . | . . 2", ". 9 . | 4 . . | . 5 .",
                                     ". . 6 | . . . | 7 . .", "------+-------+------"]


def test_several_grids_comments_and_the_article_layout():
    article = ("; Sudoku file written 09/02/2006 20:00:59.\n1.....7..\n2........\n...3.....\n"
               "78..6....\n...4...3.\n.........\n.341...5.\n.5..786..\n.........\n")
    text = format_grid(parse_puzzle(EASTER)) + "\n\n# next\n" + article
    a, b = only_puzzles(read(text))
    assert format_line(a) == EASTER
    assert format_line(b) == ("1.....7..2...........3.....78..6.......4...3..........."
                              "341...5..5..786...........")
    assert (a.line, b.line) == (1, 15)


def test_grid_with_simple_sudoku_frame():
    rows = [EASTER[i:i + 9] for i in range(0, 81, 9)]
    framed = ["*-----------*"]
    for r, row in enumerate(rows):
        if r and r % 3 == 0:
            framed.append("|---+---+---|")
        framed.append(f"|{row[:3]}|{row[3:6]}|{row[6:]}|")
    framed.append("*-----------*")
    assert format_line(parse_puzzle("\n".join(framed))) == EASTER


def test_sdk_metadata_and_sections():
    rows = "\n".join(ESCARGOT[i:i + 9] for i in range(0, 81, 9))
    sdk = f"#AArto Inkala\n#DAI Escargot\n#B2006\n{rows}\n"
    assert format_line(parse_puzzle(sdk)) == ESCARGOT
    sections = f"[Puzzle]\n{rows}\n[State]\n{rows.replace('.', '4')}\n[PencilMarks]\n1 2 3\n"
    assert format_line(parse_puzzle(sections)) == ESCARGOT


def test_project_euler_96_grids_keep_their_names():
    rows = "\n".join(EASTER[i:i + 9].replace(".", "0") for i in range(0, 81, 9))
    a, b = only_puzzles(read(f"Grid 01\n{rows}\nGrid 02\n{rows}\n"))
    assert (a.name, a.line, b.name, b.line) == ("Grid 01", 1, "Grid 02", 11)
    assert format_line(a) == EASTER


def test_numeric_grid_for_big_sizes():
    n = 36
    cells = [v if i % 3 else 0 for i, v in enumerate(solved(n, 6, 6))]
    text = "\n".join(" ".join(str(v) for v in cells[r * n:(r + 1) * n]) for r in range(n))
    p = parse_puzzle(text)
    assert p.size == 36 and list(p.cells) == cells
    pretty = format_grid(p)  # numbers, right-aligned, box lines: reads back too
    assert " 36 |" in pretty or "36 |" in pretty
    assert parse_puzzle(pretty) == p
    line = format_line(p)  # numbers on one line
    assert len(line.split()) == 36 * 36 and parse_puzzle(line) == p


def test_numeric_rows_with_dots_and_bars():
    cells = solved(16, 4, 4)
    rows = []
    for r in range(16):
        row = [str(v) if (r + c) % 2 else "." for c, v in enumerate(cells[r * 16:r * 16 + 16])]
        rows.append(" | ".join(" ".join(row[c:c + 4]) for c in range(0, 16, 4)))
    p = parse_puzzle("\n".join(rows))
    validate_solution(Puzzle(4, 4, [0] * 256), [v or cells[i] for i, v in enumerate(p.cells)])
    assert p.n_givens == 128


def test_groups_of_digits_are_cells_not_numbers():
    rows = [EASTER[i:i + 9].replace(".", "0") for i in range(0, 81, 9)]
    spaced = "\n".join(f"{r[:3]} {r[3:6]} {r[6:]}" for r in rows)
    assert format_line(parse_puzzle(spaced)) == EASTER


# --- 4x4 lines versus compact 16x16 grids ----------------------------------------
def test_sixteen_4x4_lines_are_sixteen_puzzles():
    items = only_puzzles(read("\n".join([FOUR] * 16)))
    assert len(items) == 16 and all(p.size == 4 for p in items)


def test_compact_16x16_grid_is_one_puzzle():
    cells = solved(16, 4, 4)
    line = format_line(cells, 16)
    text = "\n".join(line[i:i + 16] for i in range(0, 256, 16))
    (p,) = only_puzzles(read(text))
    assert p.size == 16 and list(p.cells) == cells


def test_box_directive_settles_16_symbol_lines():
    (p,) = only_puzzles(read("# box: 4x4\n" + "\n".join(["." * 16] * 16)))
    assert p.size == 16
    items = only_puzzles(read("# box: 2x2\n" + "\n".join([FOUR] * 16)))
    assert len(items) == 16


# --- directives and variants --------------------------------------------------------
def test_variant_directive_applies_until_changed():
    text = f"# variant: x\n{FOUR}\n{FOUR}\n; variant: standard\n{FOUR}\n"
    assert [p.variant for p in only_puzzles(read(text))] == ["x", "x", "standard"]


def test_variant_argument_and_windoku():
    (p,) = read("." * 81, variant="windoku")
    assert p.variant == "windoku"
    err = one_error(f"# variant: windoku\n{FOUR}")
    assert "windoku is defined only for 9x9" in str(err) and err.line == 2


def test_box_directive_and_argument():
    six = "1.....2.....3.....4.....5.....6....."
    assert only_puzzles(read(six))[0].box_rows == 2
    (p,) = only_puzzles(read("# box: 3x2\n" + six))
    assert (p.box_rows, p.box_cols) == (3, 2)
    (p,) = only_puzzles(read(six, box="3x2"))
    assert (p.box_rows, p.box_cols) == (3, 2)
    (p,) = only_puzzles(read(six, box=(3, 2)))
    assert (p.box_rows, p.box_cols) == (3, 2)
    (p,) = only_puzzles(read("# box: 3x2\n# box: auto\n" + six))
    assert p.box_rows == 2
    err = one_error("# box: 3x3\n" + six)
    assert "36 symbols; with box 3x3, a puzzle is one line of 81" in str(err)


def test_jigsaw_line_with_region_field():
    text = f"# variant: jigsaw\n{'.' * 81} {JIGSAW_MAP}\n"
    (p,) = only_puzzles(read(text))
    assert p.variant == "jigsaw" and p.regions[:10] == (0, 0, 1, 1, 1, 2, 2, 2, 2, 3)


def test_region_symbols_are_numbered_by_first_appearance():
    digits = JIGSAW_MAP.translate(str.maketrans("ABCDEFGHI", "975312468"))
    (a,) = read(f"# variant: jigsaw\n{'.' * 81} {JIGSAW_MAP}")
    (b,) = read(f"# variant: jigsaw\n{'.' * 81} {digits}")
    assert a == b


def test_region_block_sets_jigsaw_for_later_puzzles():
    block = "\n".join(JIGSAW_MAP[i:i + 9] for i in range(0, 81, 9))
    text = f"regions:\n{block}\n\n{'.' * 81}\n{'.' * 81}\n"
    a, b = only_puzzles(read(text))
    assert a.variant == b.variant == "jigsaw" and a.regions == b.regions
    (c,) = only_puzzles(read(f"# regions: {JIGSAW_MAP}\n{'.' * 81}"))
    assert c.regions == a.regions
    (d,) = only_puzzles(read(f"; regions:\n{block}\n{format_grid(Puzzle(3, 3, [0] * 81))}"))
    assert d.regions == a.regions


def test_regions_argument_as_symbols_or_ids():
    ids = [ord(c) - 65 for c in JIGSAW_MAP]
    (a,) = only_puzzles(read("." * 81, regions=JIGSAW_MAP))
    (b,) = only_puzzles(read("." * 81, regions=ids))
    assert a == b and a.variant == "jigsaw" and a.regions[:10] == (0, 0, 1, 1, 1, 2, 2, 2, 2, 3)


def test_jigsaw_round_trip_with_format_regions():
    p = parse_puzzle(f"# variant: jigsaw\n{'1' + '.' * 80} {JIGSAW_MAP}")
    assert format_regions(p.regions)[:20] == JIGSAW_MAP[:20]
    text = f"regions:\n{format_regions(p.regions, rows=True)}\n{format_grid(p)}"
    assert "|" not in format_grid(p) and parse_puzzle(text) == p
    line = f"# variant: jigsaw\n{format_line(p)} {format_regions(p.regions)}"
    assert parse_puzzle(line) == p


def test_switching_away_from_jigsaw_drops_the_map():
    text = f"# regions: {JIGSAW_MAP}\n# variant: x\n{'.' * 81}\n# variant: jigsaw\n{'.' * 81}"
    a, b = read(text)
    assert isinstance(a, Puzzle) and a.variant == "x"
    assert isinstance(b, PuzzleError) and "needs a region map" in str(b)


# --- bad input: one test each ---------------------------------------------------------
def test_wrong_length_says_the_length_and_what_is_accepted():
    err = one_error(EASTER[:80])
    assert err.line == 1 and "the line has 80 symbols" in err.message
    assert "81 for 9x9" in err.message and "16 for 4x4" in err.message


def test_puzzle_with_a_count_suffix_is_not_a_format():
    err = one_error(EASTER + ":1")
    assert err.column == 82 and "':' follows the 81 of a 9x9 puzzle" in err.message


def test_stray_character_is_named_with_its_column():
    bad = EASTER[:39] + "#" + EASTER[40:]
    err = one_error(bad, source="puzzles/x.txt")
    assert str(err).startswith("puzzles/x.txt, line 1, column 40: '#' is not a digit for a 9x9")


def test_digit_too_large_for_the_size():
    err = one_error("1.....7.........................3...")  # 6x6 with a 7
    assert err.column == 7 and "digit 7 is too large for a 6x6 grid (use 1-6" in err.message
    err = one_error("H" + "." * 255)
    assert "'H' (17) is too large for a 16x16 grid (use 1-9 and A-G" in err.message
    err = one_error("\n".join(" ".join(["40"] + ["0"] * 35) for _ in range(36)))
    assert "40 is too large for a 36x36 grid" in err.message and err.column == 1


def test_clashing_givens_name_the_cells():
    clash = EASTER[:19] + "9" + EASTER[20:]  # r3c2 = 9, and r2c2 is 9 already
    err = one_error(clash)
    assert "digit 9 appears twice in column 2: r2c2, r3c2" in err.message
    assert (err.line, err.column, err.cell) == (1, 20, 19)
    grid = "\n".join(clash[i:i + 9] for i in range(0, 81, 9))
    err = one_error("; a grid\n" + grid)
    assert (err.line, err.column) == (4, 2)


def test_empty_input_yields_nothing():
    assert read("") == []
    assert read("\n\n; only comments\n# and more\n") == []
    assert list(read_puzzles([])) == []


def test_binary_garbage_gives_errors_and_stops_at_the_first_nul(tmp_path):
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 40)
    first, second, last = read_puzzles(path)  # line 3 holds the first NUL byte
    assert "byte 0x89 (not UTF-8 text) is not a puzzle symbol" in first.message
    assert (first.line, first.column) == (1, 1)
    assert "character U+001A" in second.message and second.line == 2
    assert "binary" in last.message and last.line == 3
    path.write_bytes(EASTER.encode() + b"\n\x00\x01\x02\xff\n" + EASTER.encode())
    p, err = read_puzzles(path)  # what comes before the binary data is still read
    assert isinstance(p, Puzzle) and err.line == 2


def test_undecodable_bytes_are_named_and_reading_goes_on(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(EASTER[:40].encode() + b"\xe9" + EASTER[41:].encode() + b"\n"
                     + EASTER.encode() + b"\n")
    err, p = read_puzzles(path)
    assert err.column == 41 and "byte 0xE9 (not UTF-8 text)" in err.message
    assert isinstance(p, Puzzle) and p.line == 2


def test_undecodable_text_stream_does_not_raise():
    stream = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\xfa" * 50 + b"\n"), encoding="utf-8")
    (err,) = list(read_puzzles(stream))
    assert isinstance(err, PuzzleError) and "cannot be decoded" in err.message


@pytest.mark.parametrize("how", ["path", "text stream", "lines"])
def test_extremely_long_line_is_reported_by_length(tmp_path, how):
    huge = "1" * (1 << 20)
    text = f"{EASTER}\n{huge}\n{ESCARGOT}\n"
    if how == "path":
        (tmp_path / "long.txt").write_text(text)
        src = tmp_path / "long.txt"
    elif how == "text stream":
        src = io.StringIO(text)
    else:
        src = iter(text.splitlines(keepends=True))
    a, err, b = read_puzzles(src)
    assert isinstance(a, Puzzle) and isinstance(b, Puzzle) and b.line == 3
    assert err.line == 2 and "1,048,576 characters long" in err.message
    assert len(str(err)) < 200 and f"{MAX_LINE_LENGTH:,}" in err.message


def test_ragged_grid_is_one_error_and_the_next_grid_is_read():
    rows = [EASTER[i:i + 9] for i in range(0, 81, 9)]
    rows[4] = rows[4][:8]
    text = "\n".join(rows) + "\n\n" + "\n".join(EASTER[i:i + 9] for i in range(0, 81, 9))
    err, p = read(text)
    assert isinstance(err, PuzzleError) and err.line == 5
    assert "row 5 of the grid has 8 cells; its first row (line 1) has 9" in err.message
    assert isinstance(p, Puzzle) and p.line == 11


def test_grid_with_too_few_rows():
    rows = "\n".join(EASTER[i:i + 9] for i in range(0, 63, 9))
    err = one_error(rows + "\n\n")
    assert "the grid starting on line 1 ends after 7 rows; a 9x9 grid needs 9 rows" in str(err)


def test_bad_region_maps():
    short = JIGSAW_MAP[:80] + "A"  # region A gets a tenth cell, region I has eight
    err = read(f"# variant: jigsaw\n{'.' * 81} {short}")[0]
    assert "region 1 has 10" in err.message and "has 8" in err.message
    err = read(f"# variant: jigsaw\n{'.' * 81} {JIGSAW_MAP[:80] + 'Z'}")[0]
    assert "more than 9 different symbols" in err.message and err.column == 163
    err = read(f"# variant: jigsaw\n{'.' * 81} {JIGSAW_MAP[:40]}")[0]
    assert "region map has 40 symbols; the puzzle has 81" in err.message
    [err] = read(f"# regions: {'A' * 81}\n{'.' * 81}")  # the map is no puzzle: one item
    assert err.line == 2 and "'regions:' directive on line 1" in err.message
    assert "more than" not in err.message and "region 1 has 81" in err.message
    err = read(f"# regions: {JIGSAW_MAP}\n{FOUR}")[0]
    assert "the region map on line 1 is for 9x9 grids; this puzzle is 4x4" in err.message
    with pytest.raises(PuzzleError, match="out of range"):
        read("." * 81, regions=[9] * 81)


def test_second_field_needs_the_jigsaw_variant():
    err = one_error(f"{'.' * 81} {JIGSAW_MAP}")
    assert err.column == 83 and "variant: jigsaw" in err.message


def test_jigsaw_without_a_region_map():
    err = one_error(f"# variant: jigsaw\n{'.' * 81}")
    assert "needs a region map" in err.message


def test_unknown_variant_directive_and_argument():
    [err] = read(f"# variant: samurai\n{FOUR}")
    assert err.line == 2 and "unknown variant 'samurai'" in err.message
    assert "'# variant:' directive on line 1" in err.message
    with pytest.raises(PuzzleError, match="unknown variant 'killer'"):
        read_puzzles([], variant="killer")  # bad arguments raise at call time
    with pytest.raises(PuzzleError, match="not of the form"):
        read_puzzles([], box="big")


def test_bad_box_directive():
    [err] = read(f"# box: three\n{FOUR}")
    assert "box shape 'three'" in err.message and err.line == 2


def test_a_bad_directive_marks_the_puzzles_it_governs_and_adds_no_item():
    # One item per puzzle, whatever the directives: a dataset builder pastes results
    # beside the inputs.  The puzzles under a bad directive are invalid, naming it,
    # until the same directive comes again; one that governs no puzzle is a warning.
    lines = ["# box: 0x0", EASTER, EASTER, "# box: auto", EASTER, "# variant: bogus",
             *[EASTER] * 40, "# variant: standard", EASTER]  # (40 lines: the bulk path)
    items = read("\n".join(lines))
    assert len(items) == 44
    bad = [k for k, item in enumerate(items) if isinstance(item, PuzzleError)]
    assert bad == [0, 1, *range(3, 43)]
    assert [items[k].line for k in (0, 1, 3, 42)] == [2, 3, 7, 46]
    assert "'# box:' directive on line 1" in items[1].message
    assert "'# variant:' directive on line 6" in items[42].message
    assert isinstance(items[2], Puzzle) and isinstance(items[43], Puzzle)
    with pytest.warns(PuzzleWarning, match=r"line 1: box shape '0x0'.*governs no puzzle"):
        assert all(isinstance(p, Puzzle) for p in read(f"# box: 0x0\n# box: 3x3\n{EASTER}"))
    with pytest.warns(PuzzleWarning, match=r"line 2: unknown variant.*governs no puzzle"):
        assert isinstance(read(f"{EASTER}\n# variant: bogus")[0], Puzzle)
    # A broken region map governs until a variant without regions drops it.
    items = read(f"# regions: {'A' * 81}\n{EASTER}\n# variant: standard\n{EASTER}")
    assert isinstance(items[0], PuzzleError) and isinstance(items[1], Puzzle)


def test_prime_size_grid_has_no_box():
    rows = "\n".join("1234567" for _ in range(7))
    err = one_error(rows)
    assert "7x7 grid has no box shape" in err.message and err.line == 1


def test_too_large_grid_is_refused_before_reading_it():
    n = MAX_SIZE + 2
    row = " ".join(["10"] + ["0"] * (n - 1))
    items = read("\n".join([row] * n) + "\n\n" + EASTER)
    assert isinstance(items[0], GridTooLargeError) and "GB" in items[0].message
    assert len(items) == 2 and isinstance(items[1], Puzzle)


def test_truncated_line_among_line_puzzles_does_not_start_a_grid():
    text = "\n".join([EASTER[:9], EASTER, EASTER[:12], EASTER[:12], ESCARGOT])
    kinds = [type(i).__name__ for i in read(text)]
    assert kinds == ["PuzzleError", "Puzzle", "PuzzleError", "PuzzleError", "Puzzle"]


def test_lines_without_symbols():
    err = one_error("| |")
    assert "no puzzle symbols" in err.message


# --- streaming --------------------------------------------------------------------------
def test_reading_is_lazy_on_a_generator_of_100k_lines():
    taken = []

    def lines():
        for i in range(100_000):
            taken.append(i)
            yield EASTER + "\n"

    items = read_puzzles(lines())
    first = next(items)
    assert isinstance(first, Puzzle) and len(taken) <= 2
    for _ in range(999):
        next(items)
    assert len(taken) <= 1001
    items.close()  # stopping early is fine, and reads no further
    assert len(taken) <= 1001


def test_reading_a_file_does_not_slurp_it():
    class Counting(io.StringIO):
        reads = 0

        def readline(self, *args):
            Counting.reads += 1
            return super().readline(*args)

        def read(self, *args):
            assert args == (0,), "the whole file was read"
            return super().read(*args)

    items = read_puzzles(Counting((EASTER + "\n") * 5000))
    next(items)
    assert Counting.reads <= 3


def test_sources_and_names(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(EASTER + "\n")
    (p,) = read_puzzles(path)
    assert p.source == str(path)
    (p,) = read_puzzles(str(path), source="renamed")
    assert p.source == "renamed"
    with open(path, "rb") as f:
        (p,) = read_puzzles(f)
    assert p.source == str(path)
    (p,) = read_puzzles(io.BytesIO(EASTER.encode()))
    assert p.source == "<stream>"
    (p,) = read_puzzles([EASTER])
    assert p.source == "<lines>"
    (p,) = parse_puzzles(EASTER.encode())
    assert p.source == "<string>"
    with pytest.raises(TypeError):
        read_puzzles(EASTER.encode())


def test_parse_puzzle_wants_exactly_one():
    assert parse_puzzle(EASTER).n_givens == 21
    with pytest.raises(PuzzleError, match="no puzzle found"):
        parse_puzzle("; nothing\n")
    with pytest.raises(PuzzleError, match="found a second one on line 2"):
        parse_puzzle(EASTER + "\n" + EASTER)
    with pytest.raises(PuzzleError, match="not a digit"):
        parse_puzzle(EASTER.replace(".", "?", 1))


# --- writers ----------------------------------------------------------------------------
def test_format_candidates():
    cands = [{v} for v in solved(4, 2, 2)]
    cands[1] = {2, 3}
    cands[5] = set()
    text = format_candidates(cands, 2, 2)
    lines = text.splitlines()
    assert lines[0] == "1  23 | 3  4" and lines[1] == "3  -  | 1  2" and lines[2] == "------+------"
    nine = format_candidates([tuple(range(1, 10))] * 81)
    assert nine.splitlines()[0].count("123456789") == 9 and "+" in nine.splitlines()[3]
    big = format_candidates([(1, 36)] * 36 * 36, 6, 6)
    assert big.startswith("1,36 1,36")
    jig = format_candidates([(1,)] * 81, regions=[ord(c) - 65 for c in JIGSAW_MAP])
    assert "|" not in jig


def test_format_regions_rows_and_big_maps():
    ids = [ord(c) - 65 for c in JIGSAW_MAP]
    assert format_regions(ids, rows=True).splitlines()[0] == "AABBBCCCC"
    stripes = [c for _ in range(30) for c in range(30)]
    assert format_regions(stripes)[:30] == "123456789ABCDEFGHIJKLMNOPQRSTU"


def test_to_json_and_puzzle_to_dict():
    p = parse_puzzle(EASTER + " # Easter Monster")
    data = json.loads(to_json({"puzzle": p, "candidates": {3, 1}}))
    assert data["puzzle"]["name"] == "Easter Monster" and data["puzzle"]["cells"] == values(EASTER)
    assert data["candidates"] == [1, 3] and puzzle_to_dict(p)["givens"] == 21
    err = json.loads(to_json(one_error(EASTER[:80])))
    assert err["line"] == 1 and "80 symbols" in err["error"]
    with pytest.raises(TypeError):
        to_json(object())


def test_format_line_of_plain_cells_infers_the_size():
    assert format_line(values(FOUR)) == FOUR
    with pytest.raises(PuzzleError, match="square"):
        format_line([0] * 15)


# --- the sample files ------------------------------------------------------------------
SAMPLES = {
    "classic.txt": (7, 9), "hard_grid.sdk": (1, 9), "euler96_sample.txt": (3, 9),
    "multiline.txt": (2, 9), "4x4.txt": (3, 4), "6x6.txt": (3, 6), "16x16.txt": (3, 16),
    "25x25.txt": (1, 25), "jigsaw.txt": (1, 9), "x_sudoku.txt": (1, 9), "windoku.txt": (1, 9),
    "multiple_solutions.txt": (1, 9), "no_solution.txt": (1, 9),
}


def test_every_sample_file_is_covered():
    puzzle_files = {p.name for p in PUZZLES.iterdir() if p.suffix != ".dlx"}  # (exact cover)
    assert puzzle_files == set(SAMPLES) | {"invalid.txt"}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_file_parses(name):
    count, size = SAMPLES[name]
    path = PUZZLES / name
    first = path.read_text().splitlines()[0]
    assert first[0] in "#;", "each sample starts with a comment saying what it is"
    items = only_puzzles(list(read_puzzles(path)))
    assert len(items) == count and {p.size for p in items} == {size}


def test_sample_names_and_variants():
    classic = list(read_puzzles(PUZZLES / "classic.txt"))
    assert [p.name for p in classic[:4]] == ["Easter Monster", "Golden Nugget", "AI Escargot",
                                             "Platinum Blonde"]
    assert [p.name for p in read_puzzles(PUZZLES / "euler96_sample.txt")] == [
        "Grid 01", "Grid 02", "Grid 03"]
    for name, variant in [("jigsaw.txt", "jigsaw"), ("x_sudoku.txt", "x"),
                          ("windoku.txt", "windoku")]:
        (p,) = read_puzzles(PUZZLES / name)
        assert p.variant == variant


@pytest.mark.parametrize("name, solution", [
    ("x_sudoku.txt",
     "254367198376189425189542673567491382491238567823756914715924836642813759938675241"),
    ("windoku.txt",
     "254367198376189425189245736735426819921873564648951372463512987812794653597638241"),
    ("jigsaw.txt",
     "762594183681243759453918276947856312218437965135629847376182594529761438894375621"),
    ("classic.txt",
     "174385962293467158586192734451923876928674315367851249719548623635219487842736591"),
])
def test_sample_solutions_found_by_brute_force_still_check(name, solution):
    p = next(read_puzzles(PUZZLES / name))
    validate_solution(p, values(solution))


def test_invalid_sample_mixes_good_and_bad():
    items = list(read_puzzles(PUZZLES / "invalid.txt"))
    assert [type(i).__name__ for i in items] == [
        "Puzzle", "PuzzleError", "Puzzle", "PuzzleError", "PuzzleError", "PuzzleError", "Puzzle"]
    errors = [i for i in items if isinstance(i, PuzzleError)]
    assert [(e.line, e.column) for e in errors] == [(6, None), (8, 40), (9, 25), (10, 64)]
    assert "80 symbols" in errors[0].message and "'#'" in errors[1].message
    assert "r3c1, r3c7" in errors[2].message and "'x'" in errors[3].message


# --- the benchmark data (skipped when absent) ---------------------------------------------
@needs_data
def test_data_16x16_reads_cleanly():
    items = list(read_puzzles(DATA / "16x16.txt"))
    assert len(items) == 2747 and all(isinstance(p, Puzzle) and p.size == 16 for p in items)


@needs_data
def test_data_25x25_reads_cleanly():
    items = list(read_puzzles(DATA / "25x25.txt"))
    assert len(items) == 20 and all(isinstance(p, Puzzle) and p.size == 25 for p in items)


@needs_data
def test_data_solution_counts_after_splitting_the_count():
    lines = (DATA / "solution_counts.txt").read_text().splitlines()
    items = list(parse_puzzles("\n".join(line.split(":")[0] for line in lines)))
    assert len(items) == 45 and all(isinstance(p, Puzzle) for p in items[:44])
    assert isinstance(items[44], PuzzleError) and "row 7" in items[44].message


@needs_data
def test_data_top95_round_trips_through_the_pretty_grid():
    for p in read_puzzles(DATA / "top95.txt"):
        assert parse_puzzle(format_grid(p)) == p


# --- never raises -----------------------------------------------------------------------
ALPHABET = st.sampled_from(list("123456789.0ABCGZ |-+#;,:x\n\n\n\t[]") + ["Grid 1\n",
                           "# variant: x\n", "# box: 2x3\n", "regions:\n", "# variant: jigsaw\n",
                           EASTER + "\n", FOUR + "\n", "1234\n", "\x00", "\udce9"])


@pytest.mark.filterwarnings("ignore::sudoku.errors.PuzzleWarning")  # (bad directives)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ALPHABET, max_size=80).map("".join))
def test_structured_noise_yields_only_puzzles_and_errors(text):
    for item in parse_puzzles(text):
        assert isinstance(item, (Puzzle, PuzzleError))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_random_text_never_raises(text):
    for item in parse_puzzles(text):
        assert isinstance(item, (Puzzle, PuzzleError))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data):
    for item in read_puzzles(io.BytesIO(data)):
        assert isinstance(item, (Puzzle, PuzzleError))


# --------------------------------------------------------- the bare-line fast path
def _read_both_ways(lines: list[str], **kw) -> tuple[list, list]:
    """Read lines as given (bare one-line puzzles take the reader's fast path) and with a
    space after every line (which keeps them off it); both must give the same."""
    def described(items):
        out = []
        for x in items:
            if isinstance(x, PuzzleError):
                out.append(("error", x.message, x.source, x.line, x.column, x.cell))
            else:
                out.append(("puzzle", x, x.source, x.line, x.name, x.box_rows, x.box_cols,
                            x.cells, x._packed))
        return out

    fast = described(read_puzzles(lines, source="f", **kw))
    slow = described(read_puzzles([line + " " if line.strip() else line for line in lines],
                                  source="f", **kw))
    return fast, slow


SIXTEEN = "1.3.....g......." "....a..........." * 15  # a 16x16 line, lower-case symbol too


@pytest.mark.parametrize("lines", [
    [EASTER, ESCARGOT.replace(".", "0")],
    [EASTER[:-1] + "A"],  # a letter in a 9x9 puzzle
    [EASTER[:-1] + "x"],  # not a symbol at all
    ["55" + EASTER[2:]],  # clashing givens
    ["Grid 01", EASTER, "", ESCARGOT],  # a header names the puzzle after it
    ["[State]", EASTER, "", ESCARGOT],  # a skipped section
    ["# box: 4x2", "1" + "." * 63, "# box: auto", "1" + "." * 63],
    ["# box: 2x3", EASTER],  # wrong size for the box set
    ["1" + "." * 48],  # 7x7: no box shape for a prime size
    [FOUR, EASTER],  # 4x4 lines keep the long way
    ["# variant: x", EASTER, "# variant: standard", EASTER],
    [SIXTEEN, "1" + "." * 35, "1" + "." * 143, "P" + "." * 624],
    ["1" * 81],
    [EASTER, EASTER[:80]],  # then a line too short
])
@pytest.mark.parametrize("check", [True, False])
def test_bare_lines_read_the_same_either_way(lines, check):
    fast, slow = _read_both_ways(lines, check=check)
    assert fast == slow
    assert fast  # every case yields something


def test_bare_fast_path_is_taken():
    # Guard against the comparison above passing because both ways are the long one.
    from sudoku.formats import lines, read

    assert lines._classify(1, EASTER).key is lines._BARE
    reader = read._Reader(iter(()), "f", "standard", None, None)
    puzzle = reader.quick(lines._classify(1, EASTER))
    assert isinstance(puzzle, Puzzle) and puzzle.cells == tuple(values(EASTER))
    assert reader.quick(lines._classify(1, FOUR)) is None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(alphabet="0123456789.ABCabc#;x -", min_size=0, max_size=90)
                .map(lambda s: s if len(s) < 40 else (s * 3)[:81]), max_size=6),
       st.booleans())
def test_bare_lines_any_text(lines, check):
    fast, slow = _read_both_ways(lines, check=check)
    # A line holding a space reads differently with one more after it only where it is
    # a grid row (its width counts symbols, not spaces): compare the bare-only inputs.
    if all(" " not in line for line in lines):
        assert fast == slow

"""The web app's page in a real browser: headless Chromium driven by selenium.

A uvicorn server runs the app in a thread on a free port for the module.
Skipped when selenium, the web extra, or Chromium and its driver
(``apt-get install chromium chromium-driver`` on Debian) are missing.  With
``SUDOKU_WEB_SCREENSHOTS=DIR`` set, the tests save the pictures of
docs/web.md in DIR (``SUDOKU_WEB_SCREENSHOTS=docs/img``).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

import sudoku

# Each test drives a headless browser: seconds apiece.
pytestmark = pytest.mark.slow

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("selenium")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

from sudoku.web.app import create_app  # noqa: E402

CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser",
                                                "google-chrome"))), None)
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip("no Chromium or chromedriver (apt-get install chromium chromium-driver)",
                allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = ("4.....8.5.3..........7......2.....6.....8.4......"
           "1.......6.3.7.5..2.....1.4......")
EASTER = ("1.......2.9.4...5...6...7...5.9.3.......7......."
          "85..4.7.....6...3...9.8...2.....1")
FOUR = "1..." "..2." ".3.." "...4"
SHOTS = os.environ.get("SUDOKU_WEB_SCREENSHOTS")


@pytest.fixture(scope="module")
def url():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 120  # the startup loads the kernels
    while not server.started and thread.is_alive() and time.time() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server.should_exit = True
    thread.join(20)
    sock.close()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1200,900"):
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(options=options,
                                  service=webdriver.ChromeService(executable_path=DRIVER))
    except WebDriverException as exc:
        pytest.skip(f"Chromium does not start here: {exc.msg}")
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, url):
    browser.get(url)
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    return browser


def wait(driver, condition, seconds=30):
    return WebDriverWait(driver, seconds).until(condition)


def shot(driver, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / name))


def digits(driver, grid="grid") -> dict[int, int]:
    """The values shown in #grid, by cell index (row by row from 0): its given and
    calculated cells (read in one script: a WebDriver call per cell would take a second
    per grid)."""
    pairs = driver.execute_script(
        "const g = document.getElementById(arguments[0]);"
        "return g ? Array.from(g.querySelectorAll('.cell.given, .cell.calculated'),"
        " (t) => [t.dataset.cell, t.textContent]) : [];", grid)
    n = int(driver.execute_script(
        "return document.getElementById(arguments[0]).dataset.size || 0", grid) or 0)
    return {cell_index(cell, n): int(text, 36) for cell, text in pairs}


def cell_index(name: str, n: int) -> int:
    """The index of a cell named ``rRcC`` (its data-cell) in a grid of size n."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def enter(driver, text):
    box = driver.find_element(By.ID, "puzzle")
    box.clear()
    box.send_keys(text)


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def fastest(driver):
    """The animation at its fastest speed (the control shows with the play bar)."""
    driver.execute_script("document.getElementById('speed').value = '15'")


def test_type_a_puzzle_and_solve_it(page):
    enter(page, CLASSIC)
    fastest(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: len(digits(d)) == 81)
    solution = sudoku.solve(CLASSIC)
    shown = digits(page)
    assert [shown[i] for i in range(81)] == list(solution)
    assert text_of(page, "status").startswith("solved in")
    shot(page, "web-solve.png")


def test_several_solutions_are_shown_one_above_the_other(page):
    enter(page, "1..." + "." * 12)
    page.find_element(By.ID, "check").click()
    wait(page, lambda d: d.find_elements(By.ID, "grid2"))
    assert text_of(page, "status").startswith("several solutions")
    first, second = digits(page), digits(page, "grid2")
    assert len(first) == len(second) == 16 and first != second
    # As docs/web.md says: the second below the first, smaller.
    top, below = (page.find_element(By.ID, g).rect for g in ("grid", "grid2"))
    assert below["y"] >= top["y"] + top["height"] and below["width"] < top["width"]


def test_step_through_a_hint_and_the_explanation(page):
    enter(page, CLASSIC)
    page.find_element(By.ID, "hint").click()
    h = sudoku.hint(CLASSIC)
    wait(page, lambda d: text_of(d, "step-text") == h.step.text)
    marked = page.find_elements(By.CSS_SELECTOR, "#grid .cell.highlight")
    assert {cell_index(r.get_attribute("data-cell"), 9) for r in marked} >= set(h.step.cells)
    steps = sudoku.explain(CLASSIC).steps
    page.find_element(By.ID, "explain").click()
    wait(page, lambda d: text_of(d, "step-count") == f"step 1 of {len(steps)}")
    assert text_of(page, "step-text") == steps[0].text
    # The steps are played in the page: quick clicks add up, with no request each.
    for _ in range(3):
        page.find_element(By.ID, "next").click()
    wait(page, lambda d: text_of(d, "step-count") == f"step 4 of {len(steps)}")
    assert text_of(page, "step-text") == steps[3].text
    page.find_element(By.ID, "prev").click()
    wait(page, lambda d: text_of(d, "step-text") == steps[2].text)
    # Forward to a step that removes candidates: they are struck out in the picture.
    k = next(i for i, s in enumerate(steps) if s.eliminations)
    for _ in range(k - 2):
        page.find_element(By.ID, "next").click()
    wait(page, lambda d: text_of(d, "step-text") == steps[k].text)
    struck = page.find_elements(By.CSS_SELECTOR, "#grid .candidate.eliminated")
    assert len(struck) == len(steps[k].eliminations)
    shot(page, "web-explain.png")


# tests/test_explain_chains.py's grouped-continuous-nice-loop puzzle: its explanation has
# a grouped AIC (a group node, in-cell and house links) and an ALS-XZ early on.
GROUPED = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


def walk_to(driver, puzzle, k, steps):
    """Explain ``puzzle`` in the page and step to step k (from 0) of ``steps``."""
    enter(driver, puzzle)
    driver.find_element(By.ID, "explain").click()
    wait(driver, lambda d: text_of(d, "step-count") == f"step 1 of {len(steps)}")
    for _ in range(k):
        driver.find_element(By.ID, "next").click()
    wait(driver, lambda d: text_of(d, "step-text") == steps[k].text)


# Each link of the overlay, with where its curve starts and ends, and each node's frame,
# read in one script.
CHAIN_SCRIPT = """
const svg = document.getElementById('chain');
const links = Array.from(svg.querySelectorAll('path.link'), (p) => {
  const a = p.getPointAtLength(0), b = p.getPointAtLength(p.getTotalLength());
  return {from: +p.dataset.from, to: +p.dataset.to, cls: p.getAttribute('class'),
          dash: p.getAttribute('stroke-dasharray'), start: [a.x, a.y], end: [b.x, b.y]};
});
const nodes = Array.from(svg.querySelectorAll('rect.node'), (r) => ({
  digit: +r.dataset.digit, cells: r.dataset.cells.split(' '),
  box: [+r.getAttribute('x'), +r.getAttribute('y'), +r.getAttribute('width'),
        +r.getAttribute('height')]}));
return {hidden: svg.hasAttribute('hidden'), links, nodes};
"""


def on_frame(point, box, slack=1.5) -> bool:
    """Whether a point lies on the border of a frame (x, y, width, height)."""
    (px, py), (x, y, w, h) = point, box
    inside = x - slack <= px <= x + w + slack and y - slack <= py <= y + h + slack
    near = min(abs(px - x), abs(px - x - w), abs(py - y), abs(py - y - h)) <= slack
    return inside and near


def test_a_chain_step_is_drawn_over_the_candidates(page):
    steps = sudoku.explain(GROUPED).steps
    k = next(i for i, s in enumerate(steps)
             if s.nodes and any(len(cells) > 1 for _, cells in s.nodes))
    step = steps[k]
    walk_to(page, GROUPED, k, steps)
    wait(page, lambda d: not d.execute_script(CHAIN_SCRIPT)["hidden"])
    got = page.execute_script(CHAIN_SCRIPT)
    # The nodes and links of the step, each drawn once: strong links solid, weak dashed.
    assert [(x["digit"], x["cells"]) for x in got["nodes"]] == [
        (d, [f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells]) for d, cells in step.nodes]
    assert [(x["from"], x["to"], x["cls"]) for x in got["links"]] == [
        (i, j, f"link {kind}") for i, j, kind in step.links]
    assert {x["cls"] for x in got["links"]} == {"link strong", "link weak"}
    for x in got["links"]:
        assert (x["dash"] == "none") == (x["cls"] == "link strong")
        # Each arrow runs from the frame of its first node to that of its second.
        assert on_frame(x["start"], got["nodes"][x["from"]]["box"]), x
        assert on_frame(x["end"], got["nodes"][x["to"]]["box"]), x
    # The nodes' candidates are shown and picked out; the eliminations struck out.
    framed = page.execute_script(
        "return Array.from(document.querySelectorAll('#grid .candidate.node'),"
        " (s) => s.closest('.cell').dataset.cell + ':' + s.dataset.digit)")
    assert sorted(framed) == sorted(f"r{c // 9 + 1}c{c % 9 + 1}:{d}"
                                    for d, cells in step.nodes for c in cells)
    struck = page.find_elements(By.CSS_SELECTOR, "#grid .candidate.eliminated")
    assert len(struck) == len(step.eliminations)
    shot(page, "web-chain.png")
    # The next step without a chain takes the picture away.
    j = next(i for i in range(k + 1, len(steps)) if not steps[i].nodes)
    for _ in range(j - k):
        page.find_element(By.ID, "next").click()
    wait(page, lambda d: text_of(d, "step-text") == steps[j].text)
    wait(page, lambda d: d.execute_script(CHAIN_SCRIPT)["hidden"])


def test_an_als_step_shades_each_set(page):
    steps = sudoku.explain(GROUPED).steps
    k = next(i for i, s in enumerate(steps) if s.technique.startswith("als-"))
    walk_to(page, GROUPED, k, steps)
    shaded = page.execute_script(
        "return [0, 1, 2, 3].map((k) => Array.from("
        "document.querySelectorAll('#grid .cell.set-' + k), (c) => c.dataset.cell))")
    want = [sorted(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells) for cells in steps[k].sets]
    assert [sorted(x) for x in shaded[:len(want)]] == want
    assert not any(shaded[len(want):])
    assert page.execute_script("return document.getElementById('chain').hasAttribute('hidden')")
    shot(page, "web-als.png")


def test_timings_table(page):
    enter(page, EASTER)
    page.find_element(By.ID, "methods").click()
    wait(page, lambda d: d.find_element(By.ID, "timings").is_displayed())
    rows = page.find_elements(By.CSS_SELECTOR, "#timings tbody tr")
    cells = [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]
    assert [c[0] for c in cells] == ["logic", "search", "both"]
    # The techniques alone stall on this one; the search finishes it.
    assert cells[0][1].startswith("stalled (") and cells[2][1] == "unique"
    assert int(cells[1][5]) == sudoku.grade(EASTER).guesses
    page.find_element(By.ID, "marks").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#grid .candidate"))
    shot(page, "web-timings.png")
    page.find_element(By.ID, "marks").click()


def test_upload_a_file_of_puzzles(page, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text((ROOT / "puzzles" / "classic.txt").read_text() + "not a puzzle\n")
    page.find_element(By.ID, "file").send_keys(str(path))
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")) == 8)
    rows = page.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")
    cells = [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]
    assert [c[3] for c in cells[:7]] == ["unique"] * 7
    assert cells[0][2] == "Easter Monster" and cells[0][4].endswith("extreme")
    assert cells[7][3].startswith("invalid: <puzzle>, line")
    # The first puzzle is opened; another opens on a click.
    wait(page, lambda d: d.find_element(By.ID, "puzzle").get_attribute("value").startswith(
        "1.......2"))
    rows[2].click()
    wait(page, lambda d: text_of(d, "status") == "puzzle 3: unique")
    assert page.find_element(By.ID, "puzzle").get_attribute("value").startswith("1....7.9")
    page.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    shot(page, "web-list.png")


def test_generate_with_a_seed(page):
    Select(page.find_element(By.ID, "gen-size")).select_by_visible_text("6")
    page.find_element(By.ID, "gen-seed").send_keys("12")
    page.find_element(By.ID, "generate").click()
    g = sudoku.generate(size=6, seed=12)
    line = sudoku.format_line(g.puzzle)
    wait(page, lambda d: d.find_element(By.ID, "puzzle").get_attribute("value") == line)
    wait(page, lambda d: len(digits(d)) == g.puzzle.n_givens)
    assert text_of(page, "status").startswith("made: seed 12")
    # Read with the 2x3 boxes of its size; the Box field stays what the person set: nothing.
    assert page.find_element(By.ID, "box").get_attribute("value") == ""
    read_as(page, 6)


def test_the_page_works_by_the_name_localhost(browser, url):
    """The server answers its page's requests (Host and Origin localhost:PORT, JSON)."""
    browser.get(url.replace("127.0.0.1", "localhost"))
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    assert text_of(browser, "version") == f"numba-dlx {sudoku.__version__}"
    enter(browser, CLASSIC)
    read_as(browser, 9)
    solved_as(browser, sudoku.solve(CLASSIC))


def test_bad_input_shows_the_message(page):
    enter(page, "12x")
    wait(page, lambda d: "one-line puzzle has n*n symbols" in text_of(d, "status"))
    assert "error" in page.find_element(By.ID, "status").get_attribute("class")


# ---------------------------------------------------------------- settings of one read only
def drawn_size(driver) -> str | None:
    """The size of the grid drawn (its SVG's data-size), or the error shown instead."""
    status = driver.find_element(By.ID, "status")
    if "error" in (status.get_attribute("class") or ""):
        return status.text
    grids = driver.find_elements(By.ID, "grid")
    return grids[0].get_attribute("data-size") if grids else None


def read_as(driver, size: int) -> None:
    """Wait until the grid is drawn at ``size`` or an error shows, and check it is the grid."""
    def done(d):
        seen = drawn_size(d)
        return seen if seen == str(size) or (seen and not seen.isdigit()) else None
    assert wait(driver, done) == str(size)


def solved_as(driver, expected) -> None:
    """Click Solve and wait for the grid to show ``expected`` (the digits of every cell)."""
    fastest(driver)
    driver.find_element(By.ID, "solve").click()
    wait(driver, lambda d: digits(d) == dict(enumerate(expected))
         or "error" in (d.find_element(By.ID, "status").get_attribute("class") or ""))
    assert text_of(driver, "status").startswith("solved in")
    assert digits(driver) == dict(enumerate(expected))


def generate_one(driver, size: int, seed: int, variant: str = "standard") -> None:
    Select(driver.find_element(By.ID, "gen-size")).select_by_visible_text(str(size))
    Select(driver.find_element(By.ID, "gen-variant")).select_by_visible_text(variant)
    driver.find_element(By.ID, "gen-seed").clear()
    driver.find_element(By.ID, "gen-seed").send_keys(str(seed))
    driver.find_element(By.ID, "generate").click()
    wait(driver, lambda d: text_of(d, "status").startswith(f"made: seed {seed}"))
    read_as(driver, size)


def test_a_generated_box_does_not_stay_for_the_next_puzzle(page):
    generate_one(page, 16, 3)
    enter(page, CLASSIC)
    read_as(page, 9)
    solved_as(page, sudoku.solve(CLASSIC))
    # After that 9x9 (read with its 3x3 boxes), a typed 4x4 is read with 2x2 boxes.
    enter(page, FOUR)
    read_as(page, 4)
    solved_as(page, sudoku.solve(FOUR))


def test_a_generated_box_does_not_stay_for_a_file(page, tmp_path):
    generate_one(page, 16, 3)
    path = tmp_path / "nines.txt"
    path.write_text((ROOT / "puzzles" / "classic.txt").read_text())
    page.find_element(By.ID, "file").send_keys(str(path))
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")) == 7)
    statuses = [r.find_elements(By.TAG_NAME, "td")[3].text
                for r in page.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")]
    assert statuses == ["unique"] * 7
    read_as(page, 9)
    # A listed 9x9 opened, then a 4x4 typed: read as a 4x4, not with the 9x9's boxes.
    page.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")[2].click()
    wait(page, lambda d: text_of(d, "status") == "puzzle 3: unique")
    enter(page, FOUR)
    read_as(page, 4)


def test_a_listed_puzzle_is_read_with_its_own_settings(page, tmp_path):
    # A file of a 4x4 after a 6x6 whose boxes are 3x2 (not the default 2x3), then a 9x9:
    # each listed puzzle opens with the settings it was read with, not the last ones.
    six = "1....." "......" "......" "......" "......" "......"
    path = tmp_path / "mixed.txt"
    path.write_text(f"# box: 3x2\n{six}\n# box: auto\n{FOUR}\n{CLASSIC}\n")
    page.find_element(By.ID, "file").send_keys(str(path))
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")) == 3)
    rows = page.find_elements(By.CSS_SELECTOR, "#puzzles tbody tr")
    wait(page, lambda d: text_of(d, "status") == "puzzle 1: multiple")
    read_as(page, 6)
    solved_as(page, sudoku.solve(sudoku.parse_puzzle(six, box="3x2")))
    for row, size in ((rows[2], 9), (rows[1], 4), (rows[2], 9)):
        row.click()
        read_as(page, size)
        assert "invalid" not in text_of(page, "status")


@pytest.mark.parametrize("variant, first", [("x", "# variant: x"), ("jigsaw", "# regions: ")])
def test_a_generated_variant_stays_with_its_puzzle(page, variant, first):
    generate_one(page, 9, 5, variant)
    text = page.find_element(By.ID, "puzzle").get_attribute("value")
    assert text.splitlines()[0].startswith(first) and len(text.splitlines()) == 2
    assert sudoku.parse_puzzle(text).variant == variant
    # The settings say how to read the puzzle typed next: none was set by the person.
    assert [page.find_element(By.ID, key).get_attribute("value")
            for key in ("variant", "box", "regions")] == ["", "", ""]
    solved_as(page, sudoku.solve(sudoku.parse_puzzle(text)))  # read by its own text
    enter(page, CLASSIC)
    read_as(page, 9)
    solved_as(page, sudoku.solve(CLASSIC))


# ---------------------------------------------------------------- the grid as the editor
def classes(driver, name, grid="grid"):
    return driver.find_element(By.CSS_SELECTOR, f"#{grid} [data-cell='{name}']") \
        .get_attribute("class").split()


def puzzle_text(driver):
    return driver.find_element(By.ID, "puzzle").get_attribute("value")


def test_type_into_the_grid_move_with_arrows_undo_and_redo(page):
    enter(page, FOUR)
    read_as(page, 4)
    page.find_element(By.CSS_SELECTOR, "#grid [data-cell='r1c2']").click()
    active = page.switch_to.active_element
    active.send_keys("3")
    wait(page, lambda d: puzzle_text(d) == "13.." "..2." ".3.." "...4")
    assert "given" in classes(page, "r1c2")
    # An arrow moves to the next cell; a value twice in a house shows at once.
    page.switch_to.active_element.send_keys(Keys.ARROW_RIGHT, "1")
    wait(page, lambda d: "clash" in classes(d, "r1c3"))
    assert "clash" in classes(page, "r1c1")
    page.switch_to.active_element.send_keys(Keys.BACKSPACE)
    wait(page, lambda d: puzzle_text(d) == "13.." "..2." ".3.." "...4")
    assert "clash" not in classes(page, "r1c1")
    # Shift+value is a pencil mark, not a value.
    page.switch_to.active_element.send_keys(Keys.SHIFT, "4", Keys.NULL)
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-cell='r1c3'] .candidate"))
    assert puzzle_text(page) == "13.." "..2." ".3.." "...4"
    # Undo takes back the mark, then the clearing; redo clears again.
    page.find_element(By.ID, "undo").click()
    wait(page, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-cell='r1c3'] .candidate"))
    page.find_element(By.ID, "undo").click()
    wait(page, lambda d: puzzle_text(d) == "131." "..2." ".3.." "...4")
    page.find_element(By.ID, "redo").click()
    wait(page, lambda d: puzzle_text(d) == "13.." "..2." ".3.." "...4")
    # The text box drives the grid too.
    enter(page, "2" + FOUR[1:])
    wait(page, lambda d: d.find_element(By.CSS_SELECTOR, "#grid [data-cell='r1c1']").text == "2")


def test_a_16x16_takes_its_symbols(page):
    enter(page, "." * 256)
    read_as(page, 16)
    page.find_element(By.CSS_SELECTOR, "#grid [data-cell='r1c1']").click()
    page.switch_to.active_element.send_keys("g")
    wait(page, lambda d: puzzle_text(d).startswith("G" + "." * 15))


def test_solve_plays_to_the_solution_in_the_seed_colours(page):
    enter(page, CLASSIC)
    read_as(page, 9)
    Select(page.find_element(By.ID, "method")).select_by_value("logic")
    fastest(page)
    page.find_element(By.ID, "solve").click()
    solution = sudoku.solve(CLASSIC)
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-play")
         == "done", 120)
    shown = digits(page)
    assert [shown[i] for i in range(81)] == list(solution)
    givens = [i for i, ch in enumerate(CLASSIC) if ch != "."]
    assert "given" in classes(page, f"r{givens[0] // 9 + 1}c{givens[0] % 9 + 1}")
    blank = CLASSIC.index(".")
    assert "calculated" in classes(page, f"r{blank // 9 + 1}c{blank % 9 + 1}")
    weight = page.execute_script(
        "return getComputedStyle(document.querySelector('#grid .cell.given')).fontWeight")
    assert int(weight) >= 700
    assert text_of(page, "status").startswith("solved in")


def test_stop_ends_the_play_where_it_is(page):
    enter(page, CLASSIC)
    read_as(page, 9)
    Select(page.find_element(By.ID, "method")).select_by_value("both")
    page.execute_script("document.getElementById('speed').value = '1000'")
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-at")
                             or 0) >= 1)
    page.find_element(By.ID, "stop").click()
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-play")
         == "stopped")
    at = page.find_element(By.TAG_NAME, "body").get_attribute("data-at")
    # Wait for a timer callback later than the next tick would have been: no step came.
    page.execute_async_script("setTimeout(arguments[arguments.length - 1], 2500)")
    assert page.find_element(By.TAG_NAME, "body").get_attribute("data-at") == at
    assert len(digits(page)) < 81
    assert text_of(page, "status").startswith("stopped at step")


def test_a_contradiction_is_pink_and_marked(page):
    enter(page, "12.." "..3." "...." "....")
    read_as(page, 4)
    Select(page.find_element(By.ID, "method")).select_by_value("logic")
    fastest(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-play")
         == "done")
    assert "contradiction" in classes(page, "r1c4")
    mark = page.execute_script("return getComputedStyle(document.querySelector("
                               "'#grid .cell.contradiction'), '::after').content")
    assert "\u2715" in mark


def test_save_as_text_and_csv(page, tmp_path):
    page.execute_cdp_cmd("Browser.setDownloadBehavior",
                         {"behavior": "allow", "downloadPath": str(tmp_path)})
    enter(page, CLASSIC)
    read_as(page, 9)
    fastest(page)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: text_of(d, "status").startswith("solved in"), 120)
    page.find_element(By.ID, "save-text").click()
    page.find_element(By.ID, "save-csv").click()
    wait(page, lambda d: (tmp_path / "puzzle.txt").exists() and (tmp_path / "puzzle.csv").exists())
    text = (tmp_path / "puzzle.txt").read_text()
    solution = sudoku.format_line(sudoku.solve(CLASSIC))
    assert text.startswith("; Sudoku file written")
    assert sudoku.format_line(sudoku.parse_puzzle(text)) == CLASSIC  # it loads back
    assert "; " + solution[:9] in text
    rows = (tmp_path / "puzzle.csv").read_text().splitlines()
    assert rows[0].startswith("index,name,puzzle,status,solution")
    assert CLASSIC in rows[1] and solution in rows[1]


def test_phone_width_and_dark_mode(browser, url):
    browser.set_window_size(390, 844)
    try:
        browser.get(url)
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        enter(browser, CLASSIC)
        read_as(browser, 9)
        width = browser.execute_script("return window.innerWidth")
        grid = browser.find_element(By.ID, "grid").rect
        assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width
        assert browser.execute_script(
            "return document.documentElement.scrollWidth") <= width
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        background = browser.execute_script(
            "return getComputedStyle(document.body).backgroundColor")
        assert background != "rgb(255, 255, 255)"
        shot(browser, "web-phone.png")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.set_window_size(1200, 900)

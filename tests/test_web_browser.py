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

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("selenium")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
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
    """The values drawn in #grid, by cell: its <text> elements of givens and filled cells
    (read in one script: a WebDriver call per element would take a second per grid)."""
    pairs = driver.execute_script(
        "const g = document.getElementById(arguments[0]);"
        "return g ? Array.from(g.querySelectorAll('text.given, text.filled'),"
        " (t) => [t.dataset.cell, t.textContent]) : [];", grid)
    return {int(cell): int(text) for cell, text in pairs}


def enter(driver, text):
    box = driver.find_element(By.ID, "puzzle")
    box.clear()
    box.send_keys(text)


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def test_type_a_puzzle_and_solve_it(page):
    enter(page, CLASSIC)
    page.find_element(By.ID, "solve").click()
    wait(page, lambda d: len(digits(d)) == 81)
    solution = sudoku.solve(CLASSIC)
    shown = digits(page)
    assert [shown[i] for i in range(81)] == list(solution)
    assert text_of(page, "status").startswith("solved in")
    shot(page, "web-solve.png")


def test_several_solutions_are_shown_side_by_side(page):
    enter(page, "1..." + "." * 12)
    page.find_element(By.ID, "check").click()
    wait(page, lambda d: d.find_elements(By.ID, "grid2"))
    assert text_of(page, "status").startswith("several solutions")
    first, second = digits(page), digits(page, "grid2")
    assert len(first) == len(second) == 16 and first != second


def test_step_through_a_hint_and_the_explanation(page):
    enter(page, CLASSIC)
    page.find_element(By.ID, "hint").click()
    h = sudoku.hint(CLASSIC)
    wait(page, lambda d: text_of(d, "step-text") == h.step.text)
    marked = page.find_elements(By.CSS_SELECTOR, "#grid rect.highlight")
    assert {int(r.get_attribute("data-cell")) for r in marked} >= set(h.step.cells)
    steps = sudoku.explain(CLASSIC).steps
    page.find_element(By.ID, "explain").click()
    wait(page, lambda d: text_of(d, "step-count") == f"step 1 of {len(steps)}")
    assert text_of(page, "step-text") == steps[0].text
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
    struck = page.find_elements(By.CSS_SELECTOR, "#grid text.eliminated")
    assert len(struck) == len(steps[k].eliminations)
    shot(page, "web-explain.png")


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
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#grid text.candidate"))
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
    assert page.find_element(By.ID, "box").get_attribute("value") == "2x3"


def test_bad_input_shows_the_message(page):
    enter(page, "12x")
    wait(page, lambda d: "one-line puzzle has n*n symbols" in text_of(d, "status"))
    assert "error" in page.find_element(By.ID, "status").get_attribute("class")

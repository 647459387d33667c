"""The web app's JSON API (sudoku.web), through Starlette's test client.

Skipped when the web extra (starlette, uvicorn) or the test client's HTTP
library is missing.  The answers are compared with the library's results and
with the CLI's ``--format json`` objects, so that the two agree.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from click.testing import CliRunner

import sudoku
from sudoku import parse_puzzle, validate_solution
from sudoku.cli import cli

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
try:
    from starlette.testclient import TestClient
except RuntimeError as exc:  # no httpx2 / httpx
    pytest.skip(f"Starlette's test client cannot run: {exc}", allow_module_level=True)

from chain_check import CHAIN_TECHNIQUES  # noqa: E402

from sudoku.web import api  # noqa: E402
from sudoku.web import app as web_app  # noqa: E402
from sudoku.web.app import create_app  # noqa: E402

CLASSIC = ("4.....8.5.3..........7......2.....6.....8.4......"
           "1.......6.3.7.5..2.....1.4......")
EASTER = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7....."
          "6...3...9.8...2.....1")
FOUR = "1..." "..2." ".3.." "...4"
NONE = ("1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8"
        "...4.")  # puzzles/no_solution.txt: no solution, no clash


JSON = {"Content-Type": "application/json"}


def local(app, **options):
    """A test client whose requests name the server as a browser on this computer does
    (its default Host, "testserver", is refused as any other name the app is not given)."""
    return TestClient(app, base_url="http://127.0.0.1:8000", **options)


@pytest.fixture(scope="module")
def client():
    with local(create_app()) as c:  # the context runs the startup (warm-up)
        yield c


def post(client, name, status=200, **body):
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == status, r.text
    return r.json()


def cli_json(*args, stdin=None):
    r = CliRunner().invoke(cli, list(args), input=stdin)
    return [json.loads(line) for line in r.stdout.splitlines()], r


def without(obj, *keys):
    return {k: v for k, v in obj.items() if k not in keys}


# ---------------------------------------------------------------- the endpoints
def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200
    for needed in ('id="puzzle"', 'id="solve"', 'id="board"', "/static/app.js"):
        assert needed in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_info(client):
    info = client.get("/api/info").json()
    assert info["version"] == sudoku.__version__
    assert set(info["endpoints"]) == set(api.HANDLERS)
    assert info["variants"] == list(sudoku.VARIANTS)
    assert info["limits"]["timeout"] == 10.0


def test_solve_agrees_with_the_cli(client):
    r = post(client, "solve", puzzle=CLASSIC)
    assert r["status"] == "solved"
    assert r["solution"] == "".join(map(str, sudoku.solve(CLASSIC)))
    assert isinstance(r["nodes"], int) and r["seconds"] >= 0
    (obj,), _ = cli_json("solve", "--format", "json", "-", stdin=CLASSIC + "\n")
    shared = {"puzzle", "status", "solution", "nodes"}
    assert {k: r[k] for k in shared} == {k: obj[k] for k in shared}
    assert r["box"] == [3, 3] and r["variant"] == "standard" and r["size"] == 9


def test_solve_reads_every_format_and_the_options(client):
    grid = "\n".join(CLASSIC[i:i + 9] for i in range(0, 81, 9))
    assert post(client, "solve", puzzle=grid)["status"] == "solved"
    six = "1....." "......" "......" "......" "......" "......"
    r = post(client, "solve", puzzle=six, box="3x2")
    assert r["box"] == [3, 2] and r["status"] == "solved"
    assert post(client, "solve", puzzle=six, box=[3, 2])["solution"] == r["solution"]
    x = post(client, "solve", puzzle="." * 81, variant="x")
    cells = [int(ch) for ch in x["solution"]]
    assert len({cells[i * 10] for i in range(9)}) == 9
    assert post(client, "solve", puzzle=NONE)["status"] == "none"


def test_check_unique_multiple_none(client):
    r = post(client, "check", puzzle=CLASSIC)
    assert r["status"] == "unique" and r["solution"] == post(client, "solve",
                                                              puzzle=CLASSIC)["solution"]
    r = post(client, "check", puzzle="1..." + "." * 12)
    assert r["status"] == "multiple" and r["solution"] is None
    a, b = r["solutions"]
    assert a != b
    p = parse_puzzle("1..." + "." * 12)
    for s in (a, b):
        validate_solution(p, [int(ch) for ch in s])
    assert r["differ"] == [sudoku.cell_name(i, 4) for i in range(16) if a[i] != b[i]]
    (obj,), _ = cli_json("check", "--show-proof", "--format", "json", "-",
                         stdin="1..." + "." * 12 + "\n")
    assert obj["solutions"] == r["solutions"] and obj["differ"] == r["differ"]
    assert post(client, "check", puzzle=NONE)["status"] == "none"


def test_count_and_its_limit(client):
    r = post(client, "count", puzzle="." * 16)
    assert (r["count"], r["exact"], r["status"]) == (288, True, "complete")
    r = post(client, "count", puzzle="." * 16, limit=10)
    assert (r["count"], r["exact"], r["status"]) == (10, False, "limit")
    err = post(client, "count", 400, puzzle="." * 16, limit=0)
    assert "'limit' must be from 1 to" in err["error"]


def test_candidates_agree_with_the_cli(client):
    r = post(client, "candidates", puzzle=CLASSIC)
    (obj,), _ = cli_json("candidates", "--format", "json", "-", stdin=CLASSIC + "\n")
    for key in ("puzzle", "status", "singles", "candidates"):
        assert r[key] == obj[key]


def test_hint_with_its_picture(client):
    r = post(client, "hint", puzzle=CLASSIC, svg=True)
    h = sudoku.hint(CLASSIC)
    assert r["status"] == h.status and r["step"] == h.step.as_dict(9)
    svg = r["svg"]
    cells = {int(c) for c in re.findall(r'<rect class="cell[^"]*highlight" data-cell="(\d+)"',
                                        svg)}
    assert cells == set(h.step.cells)
    (row, col, value), = h.step.placements
    assert f'class="candidate marked" data-cell="{(row - 1) * 9 + col - 1}" ' \
           f'data-value="{value}"' in svg
    solved = post(client, "solve", puzzle=CLASSIC)["solution"]
    assert post(client, "hint", puzzle=solved)["status"] == "solved"


def test_explain_steps_and_pictures(client):
    r = post(client, "explain", puzzle=CLASSIC)
    (obj,), _ = cli_json("explain", "--format", "json", "-", stdin=CLASSIC + "\n")
    assert r["steps"] == obj["steps"] and r["rating"] == obj["rating"]
    assert r["status"] == "unique" and "svg" not in r
    # Step through: the grid before step k holds the givens and the earlier placements,
    # and step k's eliminations are struck out.
    for k in (0, 5, len(r["steps"]) - 1, len(r["steps"])):
        s = post(client, "explain", puzzle=CLASSIC, at=k)
        assert s["at"] == k
        filled = len(re.findall(r'<text class="(?:given|filled)"', s["svg"]))
        placed = sum(len(step["placements"]) for step in r["steps"][:k])
        assert filled == 17 + placed + (81 - 17 if k == len(r["steps"]) else 0) - (
            0 if k < len(r["steps"]) else placed)
        if k < len(r["steps"]):
            struck = re.findall(r'class="candidate eliminated"', s["svg"])
            assert len(struck) == len(r["steps"][k]["eliminations"])
    err = post(client, "explain", 400, puzzle=CLASSIC, at=len(r["steps"]) + 1)
    assert "'at' must be from 0 to" in err["error"]


# tests/test_explain_chains.py's grouped-continuous-nice-loop, xy-chain and aic puzzles and
# one of top1465: their explanations hold x-chains, skyscrapers, kites, W-wings, XY-chains,
# AICs and nice loops (grouped ones too), ALS-XZ, ALS-XY-wings and Sue de Coq.
CHAINED = ("6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
           "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
           ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8..",
           ".3.......8.5...4.19....1.6....93..1......6.2..4.....76....1...27..8.......135....")
ONE_DIGIT = ("x-chain", "skyscraper", "two-string-kite", "turbot-fish")


class _Names:
    """What chain_check.parse needs to name cells: the size and cell numbers."""

    n = 9

    def cell(self, r, c):
        return (r - 1) * 9 + c - 1


def _read_chain(text: str):
    """The nodes, in the chain's order (a loop's first again at its end), and the links
    (``=``, ``-``) of a chain step's text: Eureka notation (read by tests/chain_check.py),
    or a chain of one digit's cells (``5: r1c2=r1c8-r4c8=r4c3``)."""
    from chain_check import parse

    technique, rest = text.split(": ", 1)
    if technique not in ONE_DIGIT:
        nodes, links = parse(_Names(), text)
        return [(d, sorted(cells)) for d, cells in nodes], links
    digit, chain = rest.split(" => ")[0].split(": ")
    cells = re.split(r"[=-]", chain)
    return ([(int(digit), [_Names().cell(int(c[1]), int(c[3]))]) for c in cells],
            re.findall(r"[=-]", chain))


def test_a_chain_step_has_its_nodes_and_links(client):
    drawn = set()
    for puzzle in CHAINED:
        r = post(client, "explain", puzzle=puzzle)
        for step in r["steps"]:
            chain = step["technique"] in ONE_DIGIT or (
                step["technique"] in CHAIN_TECHNIQUES)
            assert ("nodes" in step) == chain == ("links" in step), step["text"]
            if not chain:
                continue
            drawn.add(step["technique"])
            nodes = [(x["digit"], sorted(index_of(c) for c in x["cells"]))
                     for x in step["nodes"]]
            assert len(set(map(str, nodes))) == len(nodes)  # each node once
            # The links, followed from the first, walk the text's chain node by node.
            links = step["links"]
            walked = [nodes[links[0]["from"]]]
            for a, b in zip(links, links[1:], strict=False):
                assert a["to"] == b["from"], step["text"]
            walked += [nodes[x["to"]] for x in links]
            kinds = ["=" if x["kind"] == "strong" else "-" for x in links]
            assert (walked, kinds) == _read_chain(step["text"]), step["text"]
            # Every node is in the step's cells; every candidate named is in its digits.
            assert {c for _, cells in nodes for c in cells} <= {
                index_of(c) for c in step["cells"]}
            assert {d for d, _ in nodes} <= set(step["digits"])
    assert {"x-chain", "skyscraper", "two-string-kite", "w-wing", "xy-chain", "aic",
            "grouped-aic", "discontinuous-nice-loop", "continuous-nice-loop",
            "grouped-discontinuous-nice-loop", "grouped-continuous-nice-loop"} <= drawn, drawn


def index_of(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def test_an_als_step_has_its_sets(client):
    seen = set()
    for puzzle in CHAINED:
        for step in post(client, "explain", puzzle=puzzle)["steps"]:
            kind = step["technique"]
            if kind in ("als-xz", "als-xy-wing", "sue-de-coq"):
                seen.add(kind)
                pattern = step["text"].split(": ", 1)[1].split(" => ")[0]
                if kind == "sue-de-coq":
                    # "r1c2,r1c3 {...} where row 1 crosses box 1, with r1c5 {...} in the
                    # line and r2c1 {...} in the box"
                    named = re.findall(r"((?:r\d+c\d+,?)+) \{", pattern)
                else:  # "A=r1c5,r3c5 {...}, B=..., C=..."
                    named = re.findall(r"[ABC]=((?:r\d+c\d+,?)+) \{", pattern)
                assert step["sets"] == [x.split(",") for x in named], step["text"]
                assert sorted({c for x in step["sets"] for c in x}) == sorted(step["cells"])
            elif kind != "simple-colouring":
                assert "sets" not in step, step["text"]
    assert seen >= {"als-xz", "als-xy-wing", "sue-de-coq"}, seen


def test_uniqueness_switch_of_explain_hint_and_rate(client):
    # A position with a unique-rectangle-4 (tests/test_explain_als.py), and the CLI's
    # --no-uniqueness.
    from sudoku.logic.explaining import UNIQUENESS_TECHNIQUES

    p = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
    on, off = post(client, "explain", puzzle=p), post(client, "explain", puzzle=p,
                                                     uniqueness=False)
    assert {s["technique"] for s in on["steps"]} & UNIQUENESS_TECHNIQUES
    assert not {s["technique"] for s in off["steps"]} & UNIQUENESS_TECHNIQUES
    (obj,), _ = cli_json("explain", "--no-uniqueness", "--format", "json", "-", stdin=p + "\n")
    assert off["steps"] == obj["steps"] and off["rating"] == obj["rating"]
    rated = post(client, "rate", puzzle=p, uniqueness=False)
    assert rated["score"] == sudoku.rate(p, uniqueness=False).score
    assert post(client, "hint", puzzle=p, uniqueness=False)["step"] == \
        sudoku.hint(p, uniqueness=False).step.as_dict(9)
    err = post(client, "hint", 400, puzzle=p, uniqueness="no")
    assert "'uniqueness' must be true or false" in err["error"]


def test_rate_agrees_with_the_library(client):
    r = post(client, "rate", puzzle=CLASSIC)
    assert r["status"] == "unique"
    assert without(r, "seconds", "puzzle", "size", "box", "variant", "regions",
                   "status") == sudoku.rate(CLASSIC).as_dict()
    assert post(client, "rate", puzzle="1..." + "." * 12)["status"] == "multiple"


def test_methods_table(client):
    r = post(client, "methods", puzzle=EASTER)
    rows = {m["method"]: m for m in r["methods"]}
    assert list(rows) == ["logic", "search", "both"]
    assert rows["logic"]["status"] == "stalled" and rows["logic"]["left"] > 0
    assert rows["search"]["status"] == rows["both"]["status"] == "unique"
    assert rows["search"]["guesses"] == sudoku.grade(EASTER).guesses > 0
    assert rows["search"]["nodes"] == sudoku.grade(EASTER).nodes
    assert rows["both"]["steps"] == rows["logic"]["steps"]
    easy = {m["method"]: m for m in post(client, "methods", puzzle=CLASSIC)["methods"]}
    assert easy["logic"]["status"] == "solved" and easy["both"]["guesses"] == 0


def test_puzzles_of_a_file(client):
    text = "# a file\n" + CLASSIC + "\n" + "12x\n" + "1..." + "." * 12 + "\n# variant: x\n" + \
        "." * 81 + "\n"
    r = post(client, "puzzles", text=text)
    got = [(p["index"], p["line"], p["status"]) for p in r["puzzles"]]
    assert got == [(0, 2, "unique"), (1, 3, "invalid"), (2, 4, "multiple"), (3, 6, "multiple")]
    assert r["puzzles"][0]["rating"] == sudoku.rate(CLASSIC).as_dict()
    assert r["puzzles"][1]["error"].startswith("<puzzle>, line 3")
    assert r["puzzles"][3]["variant"] == "x" and r["more"] is False
    many = post(client, "puzzles", text=open("puzzles/classic.txt").read())
    assert [p["status"] for p in many["puzzles"]] == ["unique"] * len(many["puzzles"])
    assert all(p["rating"] is not None for p in many["puzzles"])


def test_render(client):
    solution = post(client, "solve", puzzle=FOUR)["solution"]
    r = post(client, "render", puzzle=FOUR, values=solution, highlight=["r1c2", "r4c4"])
    assert r["svg"] == sudoku.render_svg(FOUR, [int(c) for c in solution], highlight={1, 15})
    marks = post(client, "render", puzzle=FOUR, candidates=True)["svg"]
    assert marks.count('class="candidate"') == sum(
        len(set(range(1, 5)) - {parse_puzzle(FOUR).cells[j] for j in peers})
        for i, peers in enumerate(api._peers(parse_puzzle(FOUR))) if not FOUR[i].isdigit())
    err = post(client, "render", 400, puzzle=FOUR, highlight=["r5c1"])
    assert err["error"] == "'highlight': 'r5c1' is not a cell of a 4x4 grid"
    other = "".join(map(str, sudoku.solve("2" + "." * 15)))
    err = post(client, "render", 400, puzzle=FOUR, values=other)
    assert err["error"] == "solution: r1c1 is 2 but the puzzle gives 1"


def test_generate_is_reproducible(client):
    r = post(client, "generate", size=4, seed=7)
    g = sudoku.generate(size=4, seed=7)
    assert r["status"] == "made" and r["puzzle"] == sudoku.format_line(g.puzzle)
    assert r["solution"] == sudoku.format_line(g.solution) and r["seed"] == 7
    (obj,), _ = cli_json("generate", "--size", "4", "--seed", "7", "--format", "json")
    assert without(r, "status", "seconds", "box", "regions") == without(
        {**obj, "status": None}, "status", "box", "regions")
    hard = post(client, "generate", seed=1, difficulty="medium", symmetry="rotate180")
    assert hard["rating"]["level"] == "medium" and hard["symmetry"] == "rotate180"
    err = post(client, "generate", 400, size=16, variant="windoku")
    assert "windoku" in err["error"]


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("text", ["12x", "11.." + "." * 12, "1234\n12\n"])
def test_bad_puzzles_get_the_clis_message(client, text):
    # The message of the commands that check the givens as they read (show, explain,
    # hint, rate); solve and check find clashes in the search, without the column.
    err = post(client, "solve", 400, puzzle=text)
    r = CliRunner().invoke(cli, ["show", "-"], input=text + "\n")
    assert r.exit_code == 1
    message = r.stderr.strip().splitlines()[0]
    assert err["error"] == message.replace("<stdin>", "<puzzle>")


@pytest.mark.parametrize("body, message", [
    ({}, "the request has no 'puzzle'"),
    ({"puzzle": 5}, "'puzzle' must be the text of a puzzle"),
    ({"puzzle": FOUR, "box": 3}, "'box' must be a box shape"),
    ({"puzzle": FOUR, "box": [2, True]}, "'box' must be a box shape"),
    ({"puzzle": FOUR, "variant": "hexagonal"}, "unknown variant"),
    ({"puzzle": "/etc/passwd"}, "<puzzle>, line 1"),
    ({"puzzle": FOUR, "regions": "/etc/passwd"}, "region"),
])
def test_bad_fields(client, body, message):
    r = client.post("/api/solve", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]


def test_bad_requests(client):
    r = client.post("/api/solve", content=b"{not json", headers=JSON)
    assert r.status_code == 400 and r.json()["error"].startswith("the request is not JSON")
    r = client.post("/api/solve", content=b"[1, 2]", headers=JSON)
    assert r.status_code == 400 and r.json()["error"] == "the request must be a JSON object"
    r = client.post("/api/nothing", json={})
    assert r.status_code == 404 and "the endpoints are" in r.json()["error"]
    assert client.get("/api/solve").status_code == 405
    assert client.get("/static/../api.py").status_code == 404


def test_caps_on_text_board_and_logic_sizes():
    limits = api.Limits(max_text=200, max_size=16, max_logic_size=9)
    with local(create_app(limits, warm=False)) as c:
        r = c.post("/api/solve", content=b'{"puzzle": "' + b"." * 5000 + b'"}', headers=JSON)
        assert r.status_code == 413 and "at most" in r.json()["error"]
        r = c.post("/api/solve", json={"puzzle": "." * 300})
        assert r.status_code == 413 and "at most 200 are read" in r.json()["error"]
        limits2 = api.Limits(max_size=16, max_logic_size=9)
    with local(create_app(limits2, warm=False)) as c:
        r = c.post("/api/solve", json={"puzzle": "." * 625})
        assert r.status_code == 400
        assert r.json()["error"] == "a 25x25 grid is larger than this server takes (at most 16x16)"
        r = c.post("/api/hint", json={"puzzle": "." * 256})
        assert r.status_code == 400 and "explains, hints" in r.json()["error"]
        assert c.post("/api/solve", json={"puzzle": "." * 256}).status_code == 200
        r = c.post("/api/puzzles", json={"text": "." * 16 + "\n" + "." * 625 + "\n"})
        assert [p["status"] for p in r.json()["puzzles"]] == ["multiple", "invalid"]
        assert r.json()["puzzles"][1]["error"] == ("<puzzle>, line 2: a 25x25 grid is larger "
                                                   "than this server takes (at most 16x16)")
        r = c.post("/api/generate", json={"box": "5x5", "seed": 1})
        assert r.status_code == 400 and "a 25x25 grid is larger" in r.json()["error"]


# ---------------------------------------------------------------- time bounds
def test_timeout_answers_unknown():
    limits = api.Limits(timeout=0.3, max_count=10**12)
    with local(create_app(limits, warm=False)) as c:
        c.post("/api/count", json={"puzzle": "." * 81, "limit": 10})  # load the kernels
        t0 = time.perf_counter()
        r = c.post("/api/count", json={"puzzle": "." * 81, "limit": 10**12}).json()
        assert r["status"] == "timeout" and r["exact"] is False and r["count"] > 0
        assert time.perf_counter() - t0 < 3


def test_a_failing_handler_answers_json(monkeypatch):
    def broken(body, limits):
        raise KeyError("oops")

    monkeypatch.setitem(api.HANDLERS, "solve", broken)
    with local(create_app(warm=False)) as c:
        r = c.post("/api/solve", json={"puzzle": FOUR})
        assert r.status_code == 500 and r.json()["error"] == "internal error: KeyError: 'oops'"
        assert c.post("/api/check", json={"puzzle": FOUR}).json()["status"] == "unique"


def test_a_stuck_handler_answers_unknown(monkeypatch):
    release = threading.Event()

    def stuck(body, limits):
        release.wait(10)
        return {"status": "solved"}

    monkeypatch.setitem(api.HANDLERS, "solve", stuck)
    monkeypatch.setattr(web_app, "GRACE", 0.1)
    with local(create_app(api.Limits(timeout=0.2), warm=False)) as c:
        t0 = time.perf_counter()
        r = c.post("/api/solve", json={"puzzle": FOUR})
        release.set()
    assert r.status_code == 200 and r.json()["status"] == "unknown"
    assert time.perf_counter() - t0 < 2


@pytest.mark.slow
def test_other_requests_are_answered_while_a_long_one_runs():
    # An empty 100x100 grid: seconds to encode (the first time), then a search the
    # timeout stops; meanwhile quick requests are answered as usual.
    with local(create_app(api.Limits(timeout=2.0), warm=False)) as c:
        c.post("/api/solve", json={"puzzle": CLASSIC})  # load the kernels
        done = {}

        def long():
            done["long"] = c.post("/api/solve", json={"puzzle": " ".join(["0"] * 10000)})
            done["long at"] = time.perf_counter()

        worker = threading.Thread(target=long)
        worker.start()
        waits = []
        for _ in range(5):
            time.sleep(0.3)
            t0 = time.perf_counter()
            assert c.post("/api/solve", json={"puzzle": CLASSIC}).json()["status"] == "solved"
            waits.append(time.perf_counter() - t0)
            answered = time.perf_counter()
        worker.join()
    assert max(waits) < 1.0, waits
    assert answered < done["long at"]
    assert done["long"].json()["status"] == "unknown"


# ---------------------------------------------------------------- who may ask
@pytest.fixture(scope="module")
def guarded():
    """The app answering as this computer and as sudoku.test (an --allow-host name)."""
    app = create_app(warm=False, hosts=web_app.LOOPBACK + ("sudoku.test",))
    with local(app) as c:
        yield c


def ask(client, method="POST", path="/api/candidates", **headers):
    """A request (a small puzzle's candidates) with these headers, as raw as TestClient
    allows: Host, Origin and Content-Type given here or not at all."""
    body = json.dumps({"puzzle": FOUR}).encode() if method == "POST" else None
    return client.request(method, path, content=body,
                          headers={k.replace("_", "-"): v for k, v in headers.items()})


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000",
                                  "LocalHost:8000", "[0:0::1]:8000", "sudoku.test:8000",
                                  "127.0.0.1", "localhost", "sudoku.test"])
def test_a_host_naming_the_server_is_answered(guarded, host):
    r = ask(guarded, Host=host, Content_Type="application/json")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "solved"
    assert ask(guarded, "GET", "/", Host=host).status_code == 200


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:8000",
                                  "attacker.example:80", "127.0.0.1:8001", "localhost:80",
                                  "[::2]:8000", "127.0.0.1.attacker.example:8000",
                                  "user@127.0.0.1:8000", "127.0.0.1:8000/x", "testserver",
                                  "[::1", "127.0.0.1:99999", ""])
def test_a_host_naming_another_is_refused(guarded, host):
    """DNS rebinding: another site's name resolving to 127.0.0.1 reaches the server with
    that name in its Host header."""
    r = ask(guarded, Host=host, Content_Type="application/json")
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith(f"the request's Host header is {host!r}, not this server's name")
    assert error.endswith("it answers as 127.0.0.1, localhost, [::1] or sudoku.test, "
                          "port 8000 (sudoku serve --allow-host NAME adds a name)")
    assert ask(guarded, "GET", "/", Host=host).status_code == 400
    assert ask(guarded, "GET", "/api/info", Host=host).status_code == 400


def test_an_allowed_name_is_only_the_one_given(client):
    r = ask(client, Host="sudoku.test:8000", Content_Type="application/json")
    assert r.status_code == 400 and "127.0.0.1, localhost or [::1], port 8000" in \
        r.json()["error"]


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8000", "http://localhost:8000",
                                    "http://[::1]:8000", "http://sudoku.test:8000",
                                    "HTTP://LOCALHOST:8000"])
def test_the_servers_own_origin_is_answered(guarded, origin):
    r = ask(guarded, Origin=origin, Content_Type="application/json")
    assert r.status_code == 200, r.text
    assert ask(guarded, "GET", "/api/info", Origin=origin).status_code == 200


@pytest.mark.parametrize("origin", ["http://attacker.example", "http://attacker.example:8000",
                                    "http://127.0.0.1:3000", "http://localhost",
                                    "https://127.0.0.1:8000", "null", "file://",
                                    "http://127.0.0.1:8000/page", "http://x@127.0.0.1:8000"])
def test_another_origin_is_refused(guarded, origin):
    r = ask(guarded, Origin=origin, Content_Type="application/json")
    assert r.status_code == 403
    assert r.json()["error"] == (f"the request comes from a page of another site ({origin}); "
                                 "this server answers its own page, and programs that send "
                                 "no Origin")
    assert ask(guarded, "GET", "/api/info", Origin=origin).status_code == 403


def test_a_request_without_origin_is_answered(guarded):
    """curl and other programs send no Origin, nor does a browser's GET of the page."""
    assert ask(guarded, Content_Type="application/json").status_code == 200
    assert ask(guarded, "GET", "/").status_code == 200


@pytest.mark.parametrize("kind", ["application/json", "application/json; charset=utf-8",
                                  "Application/JSON ;charset=UTF-8"])
def test_a_json_body_is_answered(guarded, kind):
    assert ask(guarded, Content_Type=kind).status_code == 200


@pytest.mark.parametrize("kind", ["text/plain", "text/plain; charset=utf-8",
                                  "application/x-www-form-urlencoded", "multipart/form-data",
                                  "application/jsonx", ""])
def test_a_body_not_declared_json_is_refused(guarded, kind):
    """A page of any site may POST text/plain or a form without asking first (no CORS
    preflight); only the API's own page and programs send application/json."""
    r = ask(guarded, Content_Type=kind)
    assert r.status_code == 415
    assert r.json()["error"] == (f"the request's Content-Type is {kind!r}; the API takes a "
                                 "JSON object sent as Content-Type: application/json")


def test_a_body_without_content_type_is_refused(guarded):
    r = ask(guarded)
    assert r.status_code == 415
    assert r.json()["error"] == ("the request has no Content-Type; the API takes a JSON "
                                 "object sent as Content-Type: application/json")
    assert ask(guarded, "PUT", "/api/solve").status_code == 415


@pytest.mark.parametrize("name", ["a b", "sudoku.test:8000", "http://sudoku.test", "*.test",
                                  "[::1]:8000", "", "x/y"])
def test_bad_host_names_are_refused(name):
    with pytest.raises(ValueError, match="is not a host name or address without a port"):
        create_app(warm=False, hosts=web_app.LOOPBACK + (name,))
    r = CliRunner().invoke(cli, ["serve", "--allow-host", name])
    assert r.exit_code == 2
    assert "Invalid value for '--allow-host': " in r.stderr
    assert "is not a host name or address without a port" in r.stderr


@pytest.fixture
def listened(monkeypatch):
    """`sudoku serve` up to the point where uvicorn would run: its app, sockets and the
    URL it prints (the server itself does not run)."""
    import uvicorn

    seen: dict = {}

    def run(self, sockets):
        seen["app"], seen["port"] = self.config.app, sockets[0].getsockname()[1]
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", run)
    monkeypatch.setattr(api, "warm_up", lambda limits: None)
    return seen


def test_listening_beyond_this_computer_warns(listened):
    r = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "0",
                                 "--allow-host", "sudoku.test"])
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert lines[0] == ("sudoku serve: warning: listening on 0.0.0.0, open to other machines: "
                        "anyone who reaches it can use the solver.  It answers as 127.0.0.1, "
                        "localhost, [::1], sudoku.test; --allow-host NAME adds the names "
                        "others use for this computer.")
    # The URL printed (and opened by --open) is one the server answers.
    port = listened["port"]
    assert lines[-1] == f"sudoku serve: http://127.0.0.1:{port}/ (Ctrl-C stops)"
    with TestClient(listened["app"], base_url=f"http://127.0.0.1:{port}") as c:
        assert c.get("/api/info").status_code == 200
        assert c.get("/api/info", headers={"Host": f"sudoku.test:{port}"}).status_code == 200
        assert c.get("/api/info", headers={"Host": f"0.0.0.0:{port}"}).status_code == 400


def test_listening_on_this_computer_does_not_warn(listened):
    r = CliRunner().invoke(cli, ["serve", "--host", "localhost", "--port", "0"])
    assert r.exit_code == 0, r.output
    assert "warning" not in r.stderr
    port = listened["port"]
    assert r.stderr.splitlines()[-1] == f"sudoku serve: http://localhost:{port}/ (Ctrl-C stops)"


# ---------------------------------------------------------------- the command
@pytest.mark.parametrize("args", [["--help"], ["serve", "--help"]])
def test_help_loads_neither_numba_nor_the_framework(args):
    code = ("import sys\nfrom sudoku.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as e:\n    assert not e.code\n"
            "print(sorted(m for m in ('numba', 'starlette', 'uvicorn', 'sudoku.web.app') "
            "if m in sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "[]"
    assert "serve" in r.stdout
    if args[0] == "serve":
        assert "prints its URL on stderr" in " ".join(r.stdout.split())


@pytest.mark.slow
def test_sudoku_serve_runs_a_server():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [os.path.dirname(os.path.dirname(sudoku.__file__)), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "sudoku", "serve", "--port", "0",
                             "--timeout", "5", "--allow-host", "sudoku.test"],
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = None
        deadline = time.time() + 120
        while url is None and time.time() < deadline:
            line = proc.stderr.readline()
            assert line, "the server stopped before printing its URL"
            m = re.match(r"sudoku serve: (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)$",
                         line.strip())
            url = m and m.group(1)
        assert url
        with urllib.request.urlopen(url + "api/info", timeout=10) as answer:
            assert json.load(answer)["limits"]["timeout"] == 5.0
        request = urllib.request.Request(url + "api/solve", json.dumps(
            {"puzzle": CLASSIC}).encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["status"] == "solved"
        # Raw requests: urllib would put its own Host header.
        port = int(url.rsplit(":", 1)[1].strip("/"))
        status, body = raw(port, f"Host: attacker.example:{port}")
        assert status == 400 and "not this server's name" in json.loads(body)["error"]
        assert raw(port, f"Host: sudoku.test:{port}")[0] == 200
        status, body = raw(port, f"Host: localhost:{port}", "Origin: http://attacker.example")
        assert status == 403
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def raw(port: int, *headers: str) -> tuple[int, bytes]:
    """The status and body of ``GET /api/info`` sent with exactly these header lines."""
    import socket

    request = "\r\n".join(["GET /api/info HTTP/1.1", *headers, "Connection: close", "", ""])
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(request.encode())
        answer = b""
        while chunk := sock.recv(65536):  # until the server closes: it answered
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_serve_names_the_extra_when_the_framework_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    r = CliRunner().invoke(cli, ["serve"])
    assert r.exit_code == 1
    assert "sudoku serve needs the web extra" in r.stderr
    assert 'pip install "numba-dlx[web]"' in r.stderr


def test_serve_says_when_the_port_is_taken():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"Error: cannot listen on 127.0.0.1 port {port}: ")


# ---------------------------------------------------------------- method, read
STALLS = ("1.......2.9.4...5...6...7...5.9.3.......7......."
          "85..4.7.....6...3...9.8...2.....1")


def test_solve_by_each_method():
    limits = api.Limits()
    classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    expected = sudoku.format_line(sudoku.solve(classic))
    for method in api.METHODS:
        r = api.solve({"puzzle": classic, "method": method}, limits)
        assert (r["method"], r["status"], r["solution"]) == (method, "solved", expected)
    # The techniques alone stall on this one, with the candidates left; both finish it.
    r = api.solve({"puzzle": STALLS, "method": "logic"}, limits)
    assert r["status"] == "stalled" and r["solution"] is None and r["left"] > 0
    assert len(r["candidates"]) == 81 and all(r["candidates"][i] for i in range(81)
                                              if r["values"][i] == ".")
    assert api.solve({"puzzle": STALLS, "method": "both"}, limits)["status"] == "solved"
    # A cell left with no candidate is named.
    r = api.solve({"puzzle": "12.." "..3." "...." "....", "method": "logic"}, limits)
    assert r["status"] == "none" and r["contradictions"] == ["r1c4"]
    with pytest.raises(api.ApiError, match="'method' must be logic, search or both"):
        api.solve({"puzzle": STALLS, "method": "guess"}, limits)


def test_explain_by_logic_only_stops_where_the_techniques_stall():
    limits = api.Limits()
    r = api.explain({"puzzle": STALLS, "method": "logic"}, limits)
    assert r["method"] == "logic" and all(s["technique"] != "guess" for s in r["steps"])
    assert r["left"] > 0
    both = api.explain({"puzzle": STALLS}, limits)
    assert any(s["technique"] == "guess" for s in both["steps"])
    with pytest.raises(api.ApiError, match="'method' must be logic or both"):
        api.explain({"puzzle": STALLS, "method": "search"}, limits)


def test_read_gives_cells_houses_and_clashes():
    r = api.read({"puzzle": "11" + "." * 79}, api.Limits())
    assert r["cells"][:3] == [1, 1, 0] and len(r["houses"]) == 27
    assert [1, "row 1", [0, 1]] in r["clashes"]
    with pytest.raises(api.ApiError, match="no puzzle found"):
        api.read({"puzzle": "; nothing\n"}, api.Limits())

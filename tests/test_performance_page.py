"""The performance page shows what the committed benchmark results hold.

``docs/performance.md`` marks each table with ``<!-- table:NAME -->`` ...
``<!-- /table -->``; ``benchmarks/report.py`` renders those tables from
``benchmarks/results/``.  If someone edits a table by hand, or commits new
results without ``python benchmarks/report.py --write-page``, this fails.
Nothing here runs a benchmark or imports numba.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "performance.md"


@pytest.fixture(scope="module")
def report():
    spec = importlib.util.spec_from_file_location("bench_report",
                                                  ROOT / "benchmarks" / "report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_page_tables_match_the_results(report):
    text = PAGE.read_text()
    want = report.fill(text, report.blocks(report.load(RESULTS), RESULTS))
    if want != text:
        diff = "\n".join(difflib.unified_diff(text.splitlines(), want.splitlines(),
                                              "docs/performance.md", "rendered", lineterm=""))
        pytest.fail("the page's tables differ from benchmarks/results/; run "
                    "`python benchmarks/report.py --write-page`\n" + diff[:5000])


def test_page_shows_every_section(report):
    shown = report.page_blocks(PAGE.read_text())
    for name in ("machine", "method", "targets", "cover", "memo", "multiplicity", "sudoku",
                 "sudoku-peers",
                 "native", "files", "check-over-solve", "startup", "memory", "parallel",
                 "web"):
        assert name in shown, f"docs/performance.md has no <!-- table:{name} --> block"
        assert shown[name].strip(), name


def test_results_hold_one_current_file_per_section():
    names = sorted(p.name for p in RESULTS.iterdir() if p.name != "tmp")
    assert names == ["cover.json", "files.json", "memo.json", "memory.json", "multiplicity.json",
                     "native.json", "parallel.json", "startup.json", "sudoku.json", "web.json"]
    for name in names:
        doc = json.loads((RESULTS / name).read_text())
        assert doc["section"] == name.removesuffix(".json")
        assert doc["machine"]["git"] and doc["machine"]["versions"]["numba-dlx"]
        # The commit is one hash; a modified tree is a flag of its own.
        assert re.fullmatch(r"[0-9a-f]{7,40}", doc["machine"]["git"]), (name, doc["machine"])
        assert isinstance(doc["machine"]["dirty"], bool), name
        for key in ("date", "command", "settings", "load", "result"):
            assert doc[key], (name, key)


def test_fill_replaces_only_marked_tables(report):
    text = ("intro\n<!-- table:a -->\nold\nrows\n<!-- /table -->\nmiddle\n"
            "<!-- table:b -->\n<!-- /table -->\nend\n")
    got = report.fill(text, {"a": "| x |\n| --- |\n| 1 |", "b": "two"})
    assert got == ("intro\n<!-- table:a -->\n| x |\n| --- |\n| 1 |\n<!-- /table -->\nmiddle\n"
                   "<!-- table:b -->\ntwo\n<!-- /table -->\nend\n")
    assert report.page_blocks(got) == {"a": "| x |\n| --- |\n| 1 |", "b": "two"}
    assert report.fill(got, {"a": "| x |\n| --- |\n| 1 |", "b": "two"}) == got
    with pytest.raises(KeyError, match="c"):
        report.fill(text + "<!-- table:c -->\n<!-- /table -->\n", {"a": "", "b": ""})


def test_tables_follow_the_numbers(report, tmp_path):
    # A changed number in a results file changes the page: the tables are not stored text.
    docs = report.load(RESULTS)
    before = report.blocks(docs)["cover"]
    entry = docs["cover"]["result"]["instances"][0]["solvers"]["numba-dlx"]
    entry["timing"] = {**entry["timing"], "median": 123.0, "min": 122.0, "max": 124.0}
    after = report.blocks(docs)["cover"]
    assert before != after and "123 (122-124)" in after


def _timed(runs, **extra):
    runs = list(runs)
    return {"timing": {"median": sorted(runs)[len(runs) // 2], "min": min(runs),
                       "max": max(runs), "n": len(runs), "runs": runs}, **extra}


def test_cover_shows_knuths_programs_paired_and_each_branching(report):
    # Made-up numbers: the ratio is the median of the rounds' ratios, not of the medians.
    import bench_cover

    ours = _timed([1.0, 2.0, 3.0], count=9356, nodes=10, updates=100)
    dlx1 = _timed([4.0, 2.0, 12.0], count=9356, nodes=11, updates=120)
    ssxcc = _timed([2.0, 8.0, 3.0], count=9356, nodes=4, updates=90)
    rules = {b: {"count": 9356, "nodes": n, "updates": 7_000_000, "seconds": 0.5}
             for b, n in (("mrv", 10), ("weighted", 12), ("plain", 9), ("sharp", 10))}
    result = {"cap": 30.0, "knuth": ["DLX1", "SSXCC"], "instances": [
        {"name": "pentomino 6x10", "family": "pentomino", "n": None, "known": 9356,
         "solvers": {"numba-dlx": ours, "DLX1": dlx1, "SSXCC": ssxcc},
         "branching": rules}]}
    text = bench_cover.markdown(result)
    # Rounds: 1/4, 2/2, 3/12 -> median 0.25; 1/2, 2/8, 3/3 -> median 0.5.
    assert "| 0.25x | 0.50x | 10 / 11 / 4 |" in text
    assert "| pentomino 6x10 | 10 / 7.00 M / 0.500 | 12 / 7.00 M / 0.500 |" in text
    rows = report.targets({"cover": {"result": result}})
    assert ("0.25x DLX1, 0.50x SSXCC", "met") in [(m.split(": ")[1], v) for _, m, v in rows
                                                  if "DLX1" in m]
    result["instances"][0]["solvers"]["SSXCC"] = _timed([1.0, 2.0, 3.0], count=9356)
    rows = report.targets({"cover": {"result": result}})
    assert [v for t, _, v in rows if t.startswith("pentomino 6x10 count")] == ["**missed**"]

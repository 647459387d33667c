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
    for name in ("machine", "method", "targets", "cover", "multiplicity", "sudoku", "sudoku-peers",
                 "native", "files", "check-over-solve", "startup", "memory", "parallel",
                 "web"):
        assert name in shown, f"docs/performance.md has no <!-- table:{name} --> block"
        assert shown[name].strip(), name


def test_results_hold_one_current_file_per_section():
    names = sorted(p.name for p in RESULTS.iterdir() if p.name != "tmp")
    assert names == ["cover.json", "files.json", "memory.json", "multiplicity.json",
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

"""The committed benchmark results are portable and name a commit only for a clean tree.

Nothing here runs a benchmark or imports numba: the results files are read as
text, and the writers' rules are checked on made-up values.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
RESULTS = BENCH / "results"


@pytest.fixture(scope="module")
def bench():
    """The benchmarks' modules, imported as run_all.py imports them."""
    sys.path.insert(0, str(BENCH))
    try:
        import _harness
        import report
        import run_all

        yield {"H": _harness, "report": report, "run_all": run_all}
    finally:
        sys.path.remove(str(BENCH))


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def _results():
    files = sorted(RESULTS.glob("*.json"))
    assert files
    return files


@pytest.mark.parametrize("path", _results(), ids=lambda p: p.name)
def test_results_hold_no_absolute_path(path):
    text = path.read_text()
    for needle in ("/home/", "/work/", "/tmp/", "/root/", "/Users/", "/private/", "/var/"):
        assert needle not in text, f"{path.name} holds a local path ({needle}...)"
    for s in _strings(json.loads(text)):
        for word in s.split():
            assert not word.lstrip("=").startswith("/"), f"{path.name}: {s!r}"
            assert "=/" not in word, f"{path.name}: {s!r}"


@pytest.mark.parametrize("path", _results(), ids=lambda p: p.name)
def test_results_record_the_commit_as_one_hash(path):
    text = path.read_text()
    assert "uncommitted" not in text
    machine = json.loads(text)["machine"]
    assert machine["git"].isalnum() and " " not in machine["git"]
    assert machine["dirty"] in (True, False)


def test_no_doc_mentions_a_dirty_tree():
    for page in [ROOT / "README.md", BENCH / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        assert "uncommitted" not in page.read_text(), page.name


def test_portable_paths(bench, tmp_path):
    H = bench["H"]
    assert H.portable(H.REPO / "benchmarks" / "results") == "benchmarks/results"
    assert H.portable(H.REPO) == "."
    assert H.portable(H.REPO.parent / "shared" / "data" / "sudoku" / "top1465.txt") == \
        "../shared/data/sudoku/top1465.txt"
    assert H.portable(tmp_path / "warm") == "(temporary)"
    assert H.portable("relative/stays") == "relative/stays"
    home = Path.home()
    if home not in (H.REPO.parent, *H.REPO.parents) and home != home.parent:
        assert H.portable(home / ".cache" / "x") == "~/.cache/x"
    got = H.portable_strings({"a": [str(H.REPO / "docs"), 3],
                              "cmd": f"run --data {H.REPO.parent}/shared/d --out={H.REPO}/o"})
    assert got == {"a": ["docs", 3], "cmd": "run --data ../shared/d --out=o"}


def test_written_results_are_portable(bench, tmp_path):
    H = bench["H"]
    out = tmp_path / "r.json"
    H.write_json(out, {"out": H.REPO / "benchmarks" / "results", "data": str(tmp_path),
                       "t": H.Timing([1.0, 3.0])})
    doc = json.loads(out.read_text())
    assert doc["out"] == "benchmarks/results" and doc["data"] == "(temporary)"
    assert doc["t"]["median"] == 2.0


def test_a_modified_tree_is_shown_with_no_commit(bench):
    report = bench["report"]
    assert report.commit({"git": "abc1234", "dirty": False}) == "abc1234"
    shown = report.commit({"git": "abc1234", "dirty": True})
    assert "abc1234" not in shown and "uncommitted" not in shown
    docs = report.load(RESULTS)
    clean = next(s for s, d in docs.items() if not d["machine"]["dirty"])
    docs[clean]["machine"] = {**docs[clean]["machine"], "dirty": True}
    row = next(line for line in report.machine_table(docs).splitlines()
               if line.startswith("| numba-dlx commit"))
    assert f"{report.NO_COMMIT} (" in row and clean in row.split(report.NO_COMMIT)[1]


def test_run_all_refuses_to_publish_a_modified_tree(bench, monkeypatch, capsys):
    H, run_all = bench["H"], bench["run_all"]
    monkeypatch.setattr(H, "git_state", lambda: ("abc1234", True))

    def no_run(*args, **kwargs):
        raise AssertionError("a section ran")

    monkeypatch.setattr(run_all, "_in_own_process", no_run)
    assert run_all.main(["--only", "cover"]) == 2
    err = capsys.readouterr().err
    assert "changes that no commit holds" in err and "not measured" in err


def test_bench_parallel_refuses_to_save_a_modified_tree(bench, monkeypatch, capsys):
    H = bench["H"]
    spec = importlib.util.spec_from_file_location("bench_parallel_t",
                                                  BENCH / "bench_parallel.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(H, "git_state", lambda: ("abc1234", True))
    monkeypatch.setattr(mod, "bench_estimates", lambda: pytest.fail("measured"))
    assert mod.main(["--save", "--skip-count"]) == 2
    assert "not measured" in capsys.readouterr().err


def test_git_state_ignores_the_benchmarks_outputs(bench):
    # A section's new results, not yet committed, must not stop the next section.
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    H = bench["H"]
    assert ":(exclude)benchmarks/results" in H._NOT_MEASURED
    head, dirty = H.git_state()
    assert head != "unknown" and isinstance(dirty, bool)

"""Tests of the ``dlx`` command line: every command and option, error paths, exit statuses.

Most tests drive :func:`dlx.cli.cli` in-process with click's ``CliRunner``; a
few run the installed script (or ``python -m dlx``) in a subprocess, to check
what only a real process shows: ``--help`` not importing numba, the entry
points, and Ctrl-C.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from procs import cpu_seconds

from dlx.cli import cli

TINY = "| three items, the last one secondary\na b | c\na c:red\nb c:red\na b\n"
NONE = "a b\na\na b\nb c\n"  # "c" unknown -> parse error on line 4
NO_SOLUTION = "a b c\na b\nb c\n"


def queens_text(n: int) -> str:
    """n queens in Knuth's format: rows and columns primary, diagonals secondary."""
    lines = [" ".join([f"R{i}" for i in range(n)] + [f"C{j}" for j in range(n)] + ["|"]
                      + [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)])]
    for i in range(n):
        for j in range(n):
            lines.append(f"R{i} C{j} A{i + j} B{i - j + n - 1}")
    return "\n".join(lines) + "\n"


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def files(tmp_path):
    paths = {}
    for name, text in (("tiny", TINY), ("none", NO_SOLUTION), ("q6", queens_text(6)),
                       ("q8", queens_text(8)), ("q16", queens_text(16))):
        p = tmp_path / f"{name}.dlx"
        p.write_text(text)
        paths[name] = str(p)
    return paths


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


# ---------------------------------------------------------------------- solve
def test_solve_first_solution(runner, files):
    r = run(runner, "solve", files["tiny"])
    assert r.exit_code == 0
    assert r.stdout == "a c:red\nb c:red\n"


def test_solve_all_separates_solutions_by_blank_lines(runner, files):
    r = run(runner, "solve", "--all", files["tiny"])
    assert r.exit_code == 0
    assert r.stdout == "a c:red\nb c:red\n\na b\n"


def test_solve_limit(runner, files):
    r = run(runner, "solve", "--limit", "3", files["q6"])
    assert r.exit_code == 0
    blocks = r.stdout.strip("\n").split("\n\n")
    assert len(blocks) == 3  # 6 queens has 4 solutions
    for block in blocks:
        assert len(block.splitlines()) == 6
    r = run(runner, "solve", "--all", files["q6"])
    assert len(r.stdout.strip("\n").split("\n\n")) == 4


def test_solve_solutions_are_exact_covers(runner, files):
    r = run(runner, "solve", "--all", "--format", "json", files["q8"])
    lines = r.stdout.splitlines()
    assert len(lines) == 92
    seen = set()
    for k, line in enumerate(lines, start=1):
        obj = json.loads(line)
        assert obj["solution"] == k
        items = [tok for option in obj["options"] for tok in option.split()]
        rows_cols = [t for t in items if t[0] in "RC"]
        assert sorted(rows_cols) == sorted([f"R{i}" for i in range(8)]
                                           + [f"C{i}" for i in range(8)])
        diagonals = [t for t in items if t[0] in "AB"]
        assert len(diagonals) == len(set(diagonals))
        seen.add(tuple(obj["options"]))
    assert len(seen) == 92


def test_solve_seed_is_reproducible_and_still_a_solution(runner, files):
    a = run(runner, "solve", "--seed", "7", files["q8"]).stdout
    b = run(runner, "solve", "--seed", "7", files["q8"]).stdout
    assert a == b and len(a.splitlines()) == 8
    firsts = {run(runner, "solve", "--seed", str(s), files["q8"]).stdout for s in range(6)}
    assert len(firsts) > 1  # the seed does change which solution comes first


def test_solve_json_format(runner, files):
    r = run(runner, "solve", "--all", "--format", "json", files["tiny"])
    assert [json.loads(x) for x in r.stdout.splitlines()] == [
        {"solution": 1, "options": ["a c:red", "b c:red"]},
        {"solution": 2, "options": ["a b"]},
    ]


def test_solve_no_solution_exit_3(runner, files):
    r = run(runner, "solve", files["none"])
    assert r.exit_code == 3
    assert r.stdout == ""
    assert "no solution" in r.stderr
    r = run(runner, "solve", "--quiet", files["none"])
    assert r.exit_code == 3 and r.stderr == ""


def test_solve_stopped_before_any_solution_exit_4(runner, files):
    r = run(runner, "solve", "--max-nodes", "1", files["q8"])
    assert r.exit_code == 4
    assert r.stdout == ""
    assert "node limit" in r.stderr


def test_solve_stopped_after_some_solutions_exit_0(runner, files):
    r = run(runner, "solve", "--all", "--timeout", "0.3", files["q16"])
    assert r.exit_code == 0
    assert r.stdout.count("\n\n") >= 1
    assert "time limit" in r.stderr


def test_solve_verbose_statistics(runner, files):
    r = run(runner, "solve", "-v", files["q8"])
    assert r.exit_code == 0
    assert re.search(r"dlx: 1 solutions, \d+ nodes, \d+ updates, [\d.]+ s "
                     r"\([\d.]+ M updates/s\), limit", r.stderr)
    assert "nodes" not in r.stdout


def test_solve_all_and_limit_is_a_usage_error(runner, files):
    r = runner.invoke(cli, ["solve", "--all", "--limit", "2", files["tiny"]])
    assert r.exit_code == 2
    assert "either --all or --limit" in r.stderr


# ---------------------------------------------------------------------- count
def test_count_exact(runner, files):
    assert run(runner, "count", files["q8"]).stdout == "92\n"
    assert run(runner, "count", files["none"]).stdout == "0\n"


def test_count_limit_is_a_lower_bound(runner, files):
    r = run(runner, "count", "--limit", "10", files["q8"])
    assert r.exit_code == 0
    assert r.stdout == "10 (at least: limit)\n"
    r = run(runner, "count", "--limit", "1000", files["q8"])
    assert r.stdout == "92\n"


def test_count_max_nodes(runner, files):
    r = run(runner, "count", "--max-nodes", "50", files["q8"])
    m = re.fullmatch(r"(\d+) \(at least: nodes\)\n", r.stdout)
    assert m and int(m.group(1)) < 92


def test_count_timeout_answers_within_its_limit(runner, files):
    run(runner, "count", "--limit", "1", files["q16"])  # kernels loaded
    t0 = time.perf_counter()
    r = run(runner, "count", "--timeout", "0.3", files["q16"])
    elapsed = time.perf_counter() - t0
    assert r.exit_code == 0
    m = re.fullmatch(r"(\d+) \(at least: timeout\)\n", r.stdout)
    assert m and int(m.group(1)) < 14772512
    assert elapsed < 3


def test_count_json_and_verbose(runner, files):
    r = run(runner, "count", "--format", "json", "-v", files["q6"])
    obj = json.loads(r.stdout)
    assert obj["count"] == 4 and obj["exact"] is True and obj["status"] == "complete"
    assert obj["nodes"] > 0 and obj["updates"] > 0
    assert "4 solutions" in r.stderr


# ------------------------------------------------------------------- estimate
def test_estimate(runner, files):
    r = run(runner, "estimate", "--probes", "3000", "--seed", "1", files["q8"])
    assert r.exit_code == 0
    m = re.fullmatch(r"solutions (\S+) \+- (\S+)\nnodes (\S+) \+- (\S+)\n", r.stdout)
    assert m
    sols, sols_err, nodes, nodes_err = map(float, m.groups())
    assert abs(sols - 92) < 6 * sols_err + 1
    assert nodes > 92 and nodes_err > 0


def test_estimate_seed_reproducible_json_verbose(runner, files):
    a = run(runner, "estimate", "--seed", "3", "--format", "json", "-v", files["q6"])
    b = run(runner, "estimate", "--seed", "3", "--format", "json", files["q6"])
    oa, ob = json.loads(a.stdout), json.loads(b.stdout)
    oa.pop("seconds"), ob.pop("seconds")
    assert oa == ob and oa["probes"] == 1000
    assert set(oa) == {"probes", "solutions", "solutions_stderr", "nodes", "nodes_stderr",
                       "status"} and oa["status"] == "complete"
    assert "1000 probes" in a.stderr


def test_estimate_exact_when_tree_is_a_path(runner, files):
    r = run(runner, "estimate", "--probes", "5", files["none"])
    assert r.stdout.startswith("solutions 0 +- 0\n")


# -------------------------------------------------------------- input, errors
def test_stdin_dash_and_default(runner):
    assert run(runner, "count", "-", input=TINY).stdout == "2\n"
    assert run(runner, "count", input=TINY).stdout == "2\n"
    assert run(runner, "solve", input=TINY).stdout == "a c:red\nb c:red\n"
    assert run(runner, "estimate", "-", input=TINY).stdout.startswith("solutions 2 +- 0")


@pytest.mark.parametrize("command", ["solve", "count", "estimate"])
def test_missing_file_is_one_line_exit_1(runner, tmp_path, command):
    missing = str(tmp_path / "nope.dlx")
    r = runner.invoke(cli, [command, missing])
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr == f"Error: cannot read {missing}: No such file or directory\n"


@pytest.mark.parametrize("command", ["solve", "count", "estimate"])
def test_parse_error_names_file_line_column(runner, tmp_path, command):
    p = tmp_path / "bad.dlx"
    p.write_text(NONE)
    r = runner.invoke(cli, [command, str(p)])
    assert r.exit_code == 1
    assert r.stderr == (f"Error: {p}, line 4, column 3: unknown item 'c'; "
                        "items are declared on line 1\n")
    assert "Traceback" not in r.output


def test_parse_error_on_stdin_and_binary_input(runner):
    r = runner.invoke(cli, ["count"], input="a | b\nq\n")
    assert r.exit_code == 1
    assert r.stderr.startswith("Error: <stdin>, line 2")
    r = runner.invoke(cli, ["count", "-"], input=b"a b\n\xff\xfe\x00\x01\n")
    assert r.exit_code == 1
    assert "line 2" in r.stderr and "binary" in r.stderr
    r = runner.invoke(cli, ["count"], input="| only a comment\n")
    assert r.exit_code == 1 and "no item line" in r.stderr


def test_directory_is_a_bad_input(runner, tmp_path):
    r = runner.invoke(cli, ["count", str(tmp_path)])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"Error: cannot read {tmp_path}")


@pytest.mark.parametrize("args", [
    ["count", "--limit", "0"], ["count", "--timeout", "0"], ["count", "--timeout", "x"],
    ["solve", "--max-nodes", "-3"], ["solve", "--seed", "-1"], ["solve", "--format", "grid"],
    ["estimate", "--probes", "0"], ["count", "--bogus"], ["frobnicate"], ["count", "a", "b"],
])
def test_usage_errors_exit_2(runner, args):
    r = runner.invoke(cli, args, input=TINY)
    assert r.exit_code == 2
    assert "Usage:" in r.stderr


def test_version_and_help(runner):
    from dlx import __version__

    r = runner.invoke(cli, ["--version"])
    assert r.exit_code == 0 and r.stdout == f"dlx (numba-dlx) {__version__}\n"
    for args in (["--help"], ["-h"], ["solve", "--help"], ["count", "-h"], ["estimate", "--help"]):
        r = runner.invoke(cli, args)
        assert r.exit_code == 0 and "Usage: " in r.stdout


def test_ctrl_c_during_solve_keeps_printed_solutions(runner, files, monkeypatch):
    from dlx.search import Search

    real_iter = Search.__iter__

    def interrupted_after_one(self):
        gen = real_iter(self)
        yield next(gen)
        gen.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(Search, "__iter__", interrupted_after_one)
    r = runner.invoke(cli, ["solve", "--all", files["tiny"]])
    assert r.exit_code == 130
    assert r.stdout == "a c:red\nb c:red\n"
    assert r.stderr.endswith("interrupted\n")


def test_ctrl_c_during_count_prints_lower_bound(runner, files, monkeypatch):
    from dlx.results import CountResult, Stats

    def interrupted(self, **kw):
        return CountResult(17, "interrupted", Stats(solutions=17, status="interrupted"))

    import dlx.problem

    monkeypatch.setattr(dlx.problem.Problem, "count", interrupted)
    r = runner.invoke(cli, ["count", files["q8"]])
    assert r.exit_code == 130
    assert r.stdout == "17 (at least: interrupted)\n"


# ---------------------------------------------------------------- subprocesses
def _dlx_command():
    exe = shutil.which("dlx", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "dlx"]


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["count", "--help"]])
def test_help_does_not_import_numba(args):
    code = (f"import sys\nfrom dlx.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in ('numba', 'llvmlite') if m in sys.modules), "
            "file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("module", ["dlx.cli", "sudoku.cli"])
def test_help_does_not_import_numpy(module):
    code = (f"import sys\nfrom {module} import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "assert 'numpy' not in sys.modules, 'numpy was imported'\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_installed_script_and_module(files):
    for cmd in (_dlx_command(), [sys.executable, "-m", "dlx"]):
        t0 = time.perf_counter()
        r = subprocess.run(cmd + ["--help"], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and "Usage: dlx" in r.stdout
        assert time.perf_counter() - t0 < 5
        r = subprocess.run(cmd + ["count", "-"], input=TINY, capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        assert r.stdout == "2\n"
        r = subprocess.run(cmd + ["count", files["q8"] + ".missing"], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 1
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_sigint_prints_partial_count_and_exits_130(files):
    # The signal goes once counting has begun, which the first progress line shows
    # (however long numba's import and the kernels' loading take on a busy machine).
    # The child must take SIGINT as a user's Ctrl-C would be taken, even when these
    # tests themselves run where it is ignored (a background job of a script).
    p = subprocess.Popen(_dlx_command() + ["count", "--progress", files["q16"]],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=_default_sigint)
    try:
        first = p.stderr.readline()  # (blocks until the line, or the end of the process)
        assert re.match(r"dlx: [\d.]+ s, [\d,]+ nodes", first), first
        p.send_signal(signal.SIGINT)
        out, errs = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130, errs
    assert "Traceback" not in errs and errs.endswith("interrupted\n")
    assert re.fullmatch(r"\d+ \(at least: interrupted\)\n", out)


# ------------------------------------------------------------ the reference
def test_cli_reference_is_up_to_date():
    import importlib.util

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "gen_cli_reference", os.path.join(root, "docs", "gen_cli_reference.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    with open(os.path.join(root, "docs", "cli.md"), encoding="utf-8") as f:
        current = f.read()
    assert current == gen.render(), ("docs/cli.md is stale: run "
                                     "python docs/gen_cli_reference.py")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_sigint_during_solve_all_prints_whole_solutions_only(files, tmp_path):
    # The reader stops reading, so the writer soon waits on a full pipe, where a
    # signal used to cut the solution being written in half.
    q11 = tmp_path / "q11.dlx"
    q11.write_text(queens_text(11))
    for attempt in range(3):
        p = subprocess.Popen(_dlx_command() + ["solve", "--all", str(q11)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=_default_sigint)
        first = os.read(p.stdout.fileno(), 64)  # running, kernels loaded (unbuffered read)
        time.sleep(0.5 + attempt)
        p.send_signal(signal.SIGINT)
        rest, errs = p.communicate(timeout=60)
        text = (first + rest).decode()
        assert p.returncode == 130, errs
        assert b"Traceback" not in errs and errs.endswith(b"interrupted\n")
        blocks = text.rstrip("\n").split("\n\n")
        assert 1 <= len(blocks) < 2680  # stopped before the end
        for block in blocks:
            rows = sorted(line.split()[0] for line in block.split("\n"))
            assert rows == sorted(f"R{i}" for i in range(11)), block
        assert text.endswith("\n") and not text.endswith("\n\n")


def test_estimate_timeout_gives_the_estimate_so_far(runner, files):
    r = run(runner, "estimate", "--probes", str(10**12), "--timeout", "0.3", "--format", "json",
            files["q8"])
    assert r.exit_code == 0
    obj = json.loads(r.stdout)
    assert obj["status"] == "timeout" and 0 < obj["probes"] < 10**12
    assert 40 < obj["solutions"] < 200
    assert f"stopped the walks after {obj['probes']} of {10**12} probes" in r.stderr


def test_estimate_stopped_before_any_probe_exits_4(runner, files):
    r = run(runner, "estimate", "--timeout", "1e-9", files["q16"])
    assert r.exit_code == 4 and r.stdout == ""
    assert "after 0 of 1000 probes" in r.stderr


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_sigint_during_estimate_prints_the_estimate_so_far(files):
    # A huge number of probes, neither allocated up front nor run to the end.
    # The signal goes once the child has spent more CPU time than the whole warm run
    # (start-up included) took: it is walking by then, however loaded the machine.
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    warm = subprocess.run(_dlx_command() + ["estimate", "--probes", "10", files["q8"]],
                          capture_output=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert warm.returncode == 0
    start_up = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    p = subprocess.Popen(_dlx_command() + ["estimate", "--probes", str(10**12), files["q8"]],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 600
        while cpu_seconds(p.pid) < start_up + 0.3:
            assert time.monotonic() < deadline and p.poll() is None
            time.sleep(0.05)
        p.send_signal(signal.SIGINT)
        out, errs = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130 and "Traceback" not in errs, errs
    assert re.fullmatch(r"solutions \S+ \+- \S+\nnodes \S+ \+- \S+\n", out)
    assert re.search(r"Ctrl-C stopped the walks after \d+ of 1000000000000 probes", errs)


# --------------------------------------------------- --every, --trace, --progress
def test_every_prints_each_mth_solution_and_limit_counts_printed(runner, files):
    all_ = run(runner, "solve", "--all", "--format", "json", files["q8"])
    every = run(runner, "solve", "--all", "--every", "30", "--format", "json", files["q8"])
    solutions = [json.loads(line) for line in all_.stdout.splitlines()]
    chosen = [json.loads(line) for line in every.stdout.splitlines()]
    assert [s["solution"] for s in chosen] == [30, 60, 90]
    assert chosen == [solutions[k - 1] for k in (30, 60, 90)]
    two = run(runner, "solve", "--every", "30", "--limit", "2", "--format", "json", files["q8"])
    assert [json.loads(line)["solution"] for line in two.stdout.splitlines()] == [30, 60]
    few = run(runner, "solve", "--all", "--every", "100", files["q8"])
    assert few.exit_code == 0 and few.stdout == ""
    assert "92 solution(s) found, fewer than --every 100" in few.stderr


def test_trace_shows_every_option_tried_at_the_first_levels(runner, files):
    r = run(runner, "count", "--trace", "1", files["q8"])
    assert r.stdout == "92\n"
    lines = r.stderr.splitlines()
    assert len(lines) == 8  # the eight squares of the row branched on first
    assert [re.fullmatch(r"dlx: L0 R\d C\d A\d+ B\d+ \((\d) of 8\)", line).group(1)
            for line in lines] == [str(k) for k in range(1, 9)]
    deep = run(runner, "solve", "--trace", "2", files["q8"])
    assert deep.exit_code == 0 and re.search(r"dlx: L1 .* \(1 of \d\)", deep.stderr)


def test_trace_of_every_level_reports_each_node_once(monkeypatch):
    import dlx.search
    from dlx.examples import langford, queens

    for problem in (queens(7), langford(7), queens(9)):
        for tiny_calls in (False, True):
            search = problem.search()
            if tiny_calls:  # the node budget then often stops a call at a traced level
                monkeypatch.setattr(dlx.search, "MAX_BUDGET", 2)
                search._budget = 1
            seen = []
            search.on_trace(seen.append, problem.n_primary)
            result = search.count()
            monkeypatch.undo()
            assert result.count == problem.count().count
            assert len(seen) == result.stats.nodes
            assert all(1 <= c.position <= c.of for c in seen)


def test_progress_lines_rise_to_the_end():
    from dlx.examples import queens

    search = queens(12).search()
    seen = []
    search.on_progress(lambda s: seen.append((s.stats.nodes, s.fraction_done())), 1e-9)
    search.count()
    assert len(seen) > 3
    fractions = [f for _, f in seen]
    assert all(0 <= f <= 1 for f in fractions) and fractions[-1] == 1.0
    assert fractions[len(fractions) // 2] < 1.0
    assert [n for n, _ in seen] == sorted(n for n, _ in seen)

"""The hostile-input corpus: what a careless or malicious caller does to the commands.

Each case is a real process run through the shell (closed and full streams exist
only there): the command, what must come out on stdout, the exit status, and
what stderr must say.  Whatever the case, stderr never holds a traceback and
every message is one ``Error: ...`` line or names a file and line.  A fault
found by hand or by ../shared/acceptance gets a row here before it is fixed.

The in-process half checks every integer option of both command lines with a
number past what the kernels hold (2**70): a result, or a usage error.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

import click
import pytest
from click.testing import CliRunner

import dlx.cli
import sudoku.cli
from dlx.examples import queens

EASTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
EASTER_SOLVED = "174385962293467158586192734451923876928674315367851249719548623635219487842736591"
BIG = str(2**70)
BIN = os.path.dirname(sys.executable)


FILES = {  # name -> bytes, written to the test's folder
    "one.txt": (EASTER + "\n").encode(),
    "q6.dlx": queens(6).to_knuth().encode(),
    "bom.dlx": ("\ufeff| six queens\n" + queens(6).to_knuth()).encode(),
    "bom.txt": ("\ufeff" + EASTER + "\n").encode(),
    "directives.txt": f"# box: 0x0\n{EASTER}\n# variant: bogus\n{EASTER}\n".encode(),
    "unused.txt": f"# box: 0x0\n# box: 3x3\n{EASTER}\n".encode(),
    "regions_bom.txt": ("\ufeff" + "\n".join("".join("ABCDEFGHI"[r // 3 * 3 + c // 3]
                                                       for c in range(9))
                                               for r in range(9)) + "\n").encode(),
}


@dataclass
class Case:
    name: str
    command: str  # a shell command; {bin} is this environment's scripts folder
    status: int
    stdout: list[str] | None = None  # the lines expected, None: not checked
    stderr: str = ""  # a regular expression stderr must match (search)


CORPUS = [
    # Output that cannot be written: one message, exit 1 (never Python's exit 120).
    *[Case(f"full disk: {c}", f"{{bin}}/{c} > /dev/full", 1, [],
           r"^Error: cannot write to standard output: No space left on device\n$")
      for c in ("sudoku solve one.txt", "sudoku check one.txt", "sudoku count one.txt",
                "sudoku candidates one.txt", "sudoku explain one.txt", "sudoku hint one.txt",
                "sudoku rate one.txt", "sudoku generate --seed 1", "sudoku --help",
                "sudoku --version", "sudoku solve --help", "dlx count q6.dlx",
                "dlx solve q6.dlx", "dlx --help")],
    *[Case(f"closed stdout: {c}", f"{{bin}}/{c} >&-", 1, None,
           r"^Error: \w+: standard output is closed: nowhere to write the results\n$")
      for c in ("sudoku solve one.txt", "dlx count q6.dlx", "sudoku --version")],
    *[Case(f"closed stdin: {c}", f"{{bin}}/{c} <&-", 1, [],
           r"^Error: cannot read <stdin>: standard input is closed\n$")
      for c in ("sudoku solve", "sudoku count -", "sudoku explain", "dlx count",
                "dlx solve -")],
    # Numbers past int64: a budget is capped (the count is exact), work is refused.
    Case("count --limit 2**70", f"{{bin}}/sudoku count --limit {BIG} one.txt", 0, ["1"]),
    Case("count --limit 2**70 on DLX",
         f"SUDOKU_KERNEL=dlx {{bin}}/sudoku count --limit {BIG} one.txt", 0, ["1"]),
    Case("check --max-nodes 2**70", f"{{bin}}/sudoku check --max-nodes {BIG} one.txt", 0,
         ["unique"]),
    Case("dlx count --limit 2**70", f"{{bin}}/dlx count --limit {BIG} q6.dlx", 0, ["4"]),
    Case("dlx pcount --depth 2**70", f"{{bin}}/dlx pcount --jobs 1 --depth {BIG} q6.dlx", 0,
         ["4"]),
    Case("generate --count 2**70", f"{{bin}}/sudoku generate --count {BIG}", 2, [],
         r"more than the largest allowed"),
    Case("generate --size 2**70", f"{{bin}}/sudoku generate --size {BIG}", 2, [],
         r"'--size': \d+ is not in the range 1<=x<=248"),
    Case("solve --jobs 2**70", f"{{bin}}/sudoku solve --jobs {BIG} one.txt", 2, [],
         r"'--jobs': \d+ is not in the range 0<=x<=1024"),
    Case("solve --timeout nan", "{bin}/sudoku solve --timeout nan one.txt", 2, [],
         r"'nan' is not a number of seconds"),
    Case("dlx solve --best 2**70", f"{{bin}}/dlx solve --best {BIG} q6.dlx", 2, [],
         r"'--best'"),
    # A reader's first bytes: a byte-order mark is no part of the text.
    Case("DLX file with a byte-order mark", "{bin}/dlx count bom.dlx", 0, ["4"]),
    Case("puzzle file with a byte-order mark", "{bin}/sudoku solve bom.txt", 0,
         [EASTER_SOLVED]),
    Case("region file with a byte-order mark",
         "{bin}/sudoku count --regions regions_bom.txt one.txt", 0, ["1"]),
    # A mistyped file name is no puzzle: it gets "no such file", not a grid's complaint.
    *[Case(f"missing file {name}", f"{{bin}}/sudoku solve {name}", 1, [],
           rf"^Error: cannot read {re.escape(name)}: no such file\n$")
      for name in ("a.txt", "classic", "my_puzzle.sdk", "dir/x", "puzzle2")],
    Case("a missing file among others", "{bin}/sudoku solve a.txt one.txt", 1, [EASTER_SOLVED],
         r"^cannot read a.txt: no such file\n$"),
    Case("a mistyped puzzle is still read as one", "{bin}/sudoku solve 1...2...3...4.5", 1, [],
         r"no such file, and not a puzzle: the line has 15 symbols"),
    # A directive is not a puzzle: one line per puzzle, each naming the bad directive.
    Case("bad directives", "{bin}/sudoku solve directives.txt", 1, ["invalid", "invalid"],
         r"line 2: not read: the '# box:' directive on line 1(.|\n)*line 4: .*"
         r"'# variant:' directive on line 3"),
    Case("a bad directive that governs no puzzle", "{bin}/sudoku solve unused.txt", 1,
         [EASTER_SOLVED], r"unused.txt, line 1: box shape '0x0'.*\(it governs no puzzle\)"),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile")
    for name, data in FILES.items():
        (path / name).write_bytes(data)
    return path


@pytest.mark.skipif(not os.path.exists("/dev/full") or shutil.which("bash") is None,
                    reason="needs bash and /dev/full")
@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_hostile_input(case, folder):
    if not os.path.exists(os.path.join(BIN, "sudoku")):
        pytest.skip("the console scripts are not installed beside this Python")
    r = subprocess.run(["bash", "-c", case.command.format(bin=BIN)], cwd=folder,
                       capture_output=True, text=True, timeout=300)
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr
    assert r.returncode == case.status, (r.returncode, r.stdout[-300:], r.stderr[-300:])
    if case.stdout is not None:
        assert r.stdout.splitlines() == case.stdout, r.stdout[-300:]
    assert re.search(case.stderr, r.stderr), r.stderr[-600:]


def _integer_options():
    """(program, command, option) of every integer option of both command lines."""
    found = []
    for program, group in (("sudoku", sudoku.cli.cli), ("dlx", dlx.cli.cli)):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            for param in command.params:
                if isinstance(param, click.Option) and isinstance(param.type, click.IntRange):
                    found.append((program, name, max(param.opts, key=len)))
    return found


# `serve` would not return (its options: tests/test_web_api.py).
NOT_HERE = {("sudoku", "serve")}
NEEDS = {("sudoku", "rate", "--max-nodes"): ["--search"]}  # (what the option applies to)


@pytest.mark.parametrize("program, command, option", _integer_options())
def test_every_integer_option_takes_a_number_past_int64(program, command, option, folder):
    if (program, command) in NOT_HERE:
        pytest.skip("starts a server")
    group = sudoku.cli.cli if program == "sudoku" else dlx.cli.cli
    args = [command, *NEEDS.get((program, command, option), []), option, BIG]
    if command not in ("generate",):
        args.append(str(folder / ("q6.dlx" if program == "dlx" else "one.txt")))
    result = CliRunner().invoke(group, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{program} {' '.join(args)}: {result.exception!r}")
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output[-400:])
    if result.exit_code == 2:  # refused: the message says which option and why
        assert option in result.output and re.search(r"range|largest allowed|needs about",
                                                     result.output), result.output
    elif result.exit_code == 1:  # the library's refusal: one line naming the value
        assert re.search(r"^Error: .*\b(size|grid)\b", result.output, re.M), result.output


@pytest.mark.parametrize("kernel", ["bits", "dlx"])
def test_the_library_caps_budgets_past_int64_and_refuses_more_jobs_than_it_starts(kernel):
    from dlx import ProblemError
    from sudoku.batch import solve_all

    assert sudoku.count(EASTER, limit=2**70, max_nodes=2**70, kernel=kernel).count == 1
    [r] = solve_all([sudoku.parse_puzzle(EASTER)], mode="count", limit=2**70,
                    max_nodes=2**70, kernel=kernel)
    assert (r.count, r.status) == (1, "complete")
    assert queens(6).count(limit=2**70, max_nodes=2**70).count == 4
    with pytest.raises(ProblemError, match="jobs must be at most 1024"):
        list(solve_all([sudoku.parse_puzzle(EASTER)], jobs=2**70, kernel=kernel))
    with pytest.raises(ProblemError, match="k must be at most"):
        queens(6).cheapest(2**70)


def test_an_in_process_caller_gets_its_stdout_back(capfd):
    # The commands watch stdout's writes on a file of their own while they run; a
    # program that calls main() itself finds its stream as it was, and the output in it.
    before = sys.stdout
    with pytest.raises(SystemExit) as stop:
        dlx.cli.main(["--version"])
    assert stop.value.code == 0 and sys.stdout is before
    assert capfd.readouterr().out.startswith("dlx (numba-dlx) ")

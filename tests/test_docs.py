"""The documentation's examples run, and every output they show is the output produced.

The pages are ``README.md`` and ``docs/*.md``.  Convention for their fenced
code blocks:

* a ````python```` block is executed.  It shows no output: a trailing comment
  after a ``print(...)`` or a bare expression (``print(x)  # 92``) is refused
  by a test, because nothing would check it.  Show output in a ``pycon`` block;
* a ````pycon```` block (``>>>`` prompts with the expected output) is run as a
  doctest (ELLIPSIS and NORMALIZE_WHITESPACE on), so the output shown must be
  the output produced;
* a ````console```` block is a shell session: ``$ command`` lines (a
  here-document continues to its end marker), each followed by its output,
  stdout then stderr.  The commands of a page run in page order in a fresh
  temporary directory holding a link to ``puzzles/`` (see `test_console_examples`
  for how the output is compared and what is not run);
* any of these is left alone when the line just before its opening fence
  (blank lines skipped) is the HTML comment ``<!-- no-run -->``;
* other blocks (``text``, ``sh``, ...) are not run.

The runnable Python blocks of one page share one namespace and run in page
order from the repository root, so a later block can use what an earlier one
defined; every page starts from a fresh namespace.

Another test builds the site with ``mkdocs build --strict`` into a
temporary directory when mkdocs, mkdocs-material and mkdocstrings are
installed (``pip install ".[docs]"``), and is skipped otherwise.
"""

from __future__ import annotations

import ast
import difflib
import doctest
import functools
import importlib.util
import io
import os
import re
import shlex
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NO_RUN = "<!-- no-run -->"
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")


def code_blocks(text: str, *, keep_no_run: bool = False):
    """Yield ``(language, first line number, code)`` for every fenced block of a page.

    ``language`` is ``None`` for blocks marked ``<!-- no-run -->``, unless
    ``keep_no_run``.  Fences may be indented (inside lists and admonitions);
    the indentation is removed.
    """
    lines = text.splitlines()
    previous = ""
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                previous = lines[i].strip()
            i += 1
            continue
        indent, fence, lang = len(m["indent"]), m["fence"], m["lang"].lower()
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        i += 1  # the closing fence
        skip = previous == NO_RUN and not keep_no_run
        previous = ""
        yield (None if skip else lang), start + 1, "\n".join(body) + "\n"


def _pages():
    return [ROOT / "README.md"] + sorted(DOCS.glob("*.md"))


def _page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _blocks(page: Path, *languages):
    return [(lang, line, code) for lang, line, code in code_blocks(page.read_text("utf-8"))
            if lang in languages]


# ------------------------------------------------------------------ Python


@pytest.mark.parametrize("page", [p for p in _pages() if _blocks(p, "python", "py", "pycon")],
                         ids=_page_id)
def test_examples_run(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    # The compile notice would only clutter the captured output.
    monkeypatch.setenv("DLX_NO_COMPILE_NOTICE", "1")
    namespace = {"__name__": "__main__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for lang, line, code in _blocks(page, "python", "py", "pycon"):
        where = f"{_page_id(page)}:{line}"
        if lang == "pycon":
            test = parser.get_doctest(code, namespace, where, str(page), line - 1)
            report: list[str] = []
            result = runner.run(test, out=report.append, clear_globs=False)
            assert result.failed == 0, f"{where}: example failed\n" + "".join(report)
            namespace.update(test.globs)  # a DocTest works on a copy of the namespace
        else:
            try:
                exec(compile(code, where, "exec"), namespace)
            except Exception as exc:  # report the page and line, not this file
                pytest.fail(f"{where}: the block raised {type(exc).__name__}: {exc}")


def outputs_in_comments(code: str) -> list[int]:
    """Lines of a Python block where a comment follows a ``print(...)`` or a bare expression.

    Such a comment shows an output (``print(x)  # 92``) that nothing checks.
    """
    tree = ast.parse(code)
    trailing = set()
    code_on = set()
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.COMMENT:
            if tok.start[0] in code_on:
                trailing.add(tok.start[0])
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER):
            code_on.update(range(tok.start[0], tok.end[0] + 1))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Expr):
            continue
        call = node.value
        prints = (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                  and call.func.id == "print")
        if prints or not isinstance(call, ast.Call):
            found += [n for n in range(node.lineno, node.end_lineno + 1) if n in trailing]
    return sorted(found)


def test_outputs_in_comments_are_found():
    code = "\n".join([
        "x = 92  # the number of solutions",
        "print(x)  # 92",
        "for k in range(2):",
        "    print(k,",
        "          x)  # 0 92, then 1 92",
        "x  # 92",
        "sorted([x]).append(1)  # a call, for its effect",
        "print('# not a comment')",
        "assert x == 92  # checked",
    ])
    assert outputs_in_comments(code) == [2, 5, 6]


def _python_blocks(page: Path):
    """Every Python block of a page, ``<!-- no-run -->`` ones included."""
    return [(line, code) for lang, line, code in code_blocks(page.read_text("utf-8"),
                                                             keep_no_run=True)
            if lang in ("python", "py")]


@pytest.mark.parametrize("page", [p for p in _pages() if _python_blocks(p)], ids=_page_id)
def test_python_blocks_show_no_output(page):
    shown = []
    for line, code in _python_blocks(page):
        try:
            found = outputs_in_comments(code)
        except SyntaxError:  # not Python after all (a no-run sketch); a run block fails elsewhere
            continue
        shown += [f"{_page_id(page)}:{line + n - 1}" for n in found]
    assert not shown, ("output shown in a comment, where no test checks it; "
                       "use a pycon block instead: " + ", ".join(shown))


# ------------------------------------------------------------------ console

# Installing, building the site and running the test suite or the benchmarks are
# not run here: CI does those (and tests/test_packaging.py checks the README's).
_NOT_RUN = re.compile(r"(pip|python -m pip) install\b|mkdocs build\b|python -m pytest\b"
                      r"|python benchmarks/")


def console_session(code: str, first_line: int = 1):
    """Split a console block into ``(line number, command, expected output lines)``."""
    lines = code.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        line = first_line + i
        command = [lines[i][2:]]
        i += 1
        heredoc = re.search(r"<<-?'?(\w+)'?", command[0])
        if heredoc:
            while i < len(lines) and lines[i] != heredoc.group(1):
                command.append(lines[i])
                i += 1
            command.append(heredoc.group(1))
            i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        while expected and not expected[-1].strip():
            expected.pop()
        yield line, "\n".join(command), expected


def runnable_part(command: str) -> str:
    """The part of ``command`` that is run: ``pip install . && X`` runs ``X``."""
    return " && ".join(part for part in command.split(" && ")
                       if not _NOT_RUN.match(part.strip()))


def output_matches(expected: list[str], got: list[str]) -> bool:
    """Whether the output lines ``got`` are what ``expected`` shows.

    Lines are compared without trailing white space.  In an expected line,
    ``...`` stands for any text within that line (a time, say); a line that is
    just ``...`` stands for any number of lines (as the last line: "and more").
    """
    pattern = []
    for line in expected:
        line = line.rstrip()
        if line == "...":
            pattern.append(r"(?:[^\n]*\n)*?")
        else:
            pattern.append("[^\n]*".join(map(re.escape, line.split("..."))) + r"\n")
    text = "".join(line.rstrip() + "\n" for line in got)
    return re.fullmatch("".join(pattern), text) is not None


def test_output_matching():
    assert output_matches(["1", "2"], ["1", "2  "])
    assert not output_matches(["1", "2"], ["1", "2", "3"])
    assert not output_matches(["1", "2"], ["1"])
    assert output_matches(["1", "..."], ["1", "2", "3"])
    assert output_matches(["1", "..."], ["1"])
    assert not output_matches(["1", "..."], ["2", "1"])
    assert output_matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert output_matches(["time: ... s"], ["time: 0.208 s"])
    assert not output_matches(["time: ... s"], ["time: 0.208 s", "more"])
    assert not output_matches(["time: ... s"], ["nodes: 12"])


# A sudoku/dlx command with nothing for the shell to do (no operator, glob,
# variable or escape), optionally fed by a pipe and with one stream dropped.
_SHELL_SYNTAX = re.compile(r"[|&;<>()$`\\*?~{}\[\]\n]")
_DEV_NULL = re.compile(r"\s+(2?)>\s*/dev/null\s*$")
# Commands that start worker processes get a process of their own: the workers
# (forkserver or spawn) import the __main__ module of the process that starts them.
_OWN_PROCESS = {("dlx", "pcount")}


def plain_invocation(command: str):
    """``(producer, program, args, drop)`` when ``command`` can run in-process, else None.

    ``producer`` is the shell command piped into the program (or None) and
    ``drop`` the stream sent to /dev/null (``"stdout"``, ``"stderr"`` or None).
    """
    producer = None
    m = re.fullmatch(r"(.*[^|])\|([^|]*)", command, flags=re.S)
    if m:
        producer, command = m[1].strip(), m[2]
    drop = None
    m = _DEV_NULL.search(command)
    if m:
        drop = "stderr" if m[1] == "2" else "stdout"
        command = command[:m.start()]
    if _SHELL_SYNTAX.search(command):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if not words or words[0] not in _programs() or tuple(words[:2]) in _OWN_PROCESS:
        return None
    return producer, words[0], words[1:], drop


def test_plain_invocations():
    assert plain_invocation("sudoku solve 'a b.txt'") == (None, "sudoku", ["solve", "a b.txt"],
                                                          None)
    assert plain_invocation("echo 1234 | sudoku count") == ("echo 1234", "sudoku", ["count"],
                                                            None)
    assert plain_invocation("dlx count x.dlx 2>/dev/null") == (None, "dlx", ["count", "x.dlx"],
                                                               "stderr")
    assert plain_invocation("sudoku solve x >/dev/null")[3] == "stdout"
    for command in ("cat x.txt", "sudoku solve *.txt", "sudoku solve x || true",
                    "sudoku solve x > out.txt", "sudoku solve $FILE", "sudoku solve <<EOF\nEOF",
                    "dlx pcount --jobs 2 x.dlx"):
        assert plain_invocation(command) is None, command


@functools.cache
def _programs():
    """The package's console scripts, by name: their entry-point functions."""
    from importlib.metadata import distribution

    return {ep.name: ep for ep in distribution("numba-dlx").entry_points
            if ep.group == "console_scripts"}


def _run_in_process(program: str, args: list[str], stdin: bytes | None):
    """Run a console script's entry point in this process: ``(status, stdout, stderr)``."""
    main = _programs()[program].load()
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()  # click 8.2 and later keep stderr apart
    with runner.isolation(input=stdin) as streams:
        try:
            main(args)
            status = 0
        except SystemExit as exc:
            if exc.code is None or isinstance(exc.code, int):
                status = exc.code or 0
            else:
                print(exc.code, file=sys.stderr)
                status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        out, err = streams[0].getvalue(), streams[1].getvalue()
    return status, out.decode(), err.decode()


def run_command(command: str, cwd: Path, env: dict):
    """Run one documented command: ``(exit status, output lines)``, stdout then stderr.

    Blank lines at the end of the output are dropped, as a page cannot show them.
    """
    status, text = _run_command(command, cwd, env)
    return status, text.rstrip("\n").splitlines()


def _run_command(command: str, cwd: Path, env: dict):
    plain = plain_invocation(command)
    if plain is None:
        proc = subprocess.run(["bash", "-c", "set -o pipefail\n" + command], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=120)
        return proc.returncode, proc.stdout + proc.stderr
    producer, program, args, drop = plain
    stdin, status, err_before = None, 0, ""
    if producer is not None:
        proc = subprocess.run(["bash", "-c", "set -o pipefail\n" + producer], cwd=cwd, env=env,
                              capture_output=True, timeout=60)
        stdin, status, err_before = proc.stdout, proc.returncode, proc.stderr.decode()
    code, out, err = _run_in_process(program, args, stdin)
    status = code or status  # as `set -o pipefail` has it
    if drop == "stdout":
        out = ""
    elif drop == "stderr":
        err_before = err = ""
    return status, out + err_before + err


@pytest.mark.parametrize("page", [p for p in _pages() if _blocks(p, "console")], ids=_page_id)
def test_console_examples(page, tmp_path, monkeypatch):
    """Every command of the page's console blocks runs, and shows its real output.

    Comparison: see `output_matches`.  A command shown without output must
    still run; its output is not compared.  A command's exit status must be 0
    unless the next command is ``echo $?``, which shows it.  A traceback is
    always a failure.  ``sudoku`` and ``dlx`` commands without shell syntax
    (see `plain_invocation`) run in this process through their entry points,
    all others in bash, with this Python's scripts first on PATH.  What
    `runnable_part` leaves out (installing, building the site, the test suite
    and the benchmarks) is not run.
    """
    (tmp_path / "puzzles").symlink_to(ROOT / "puzzles")
    monkeypatch.chdir(tmp_path)
    bindir = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "DLX_NO_COMPILE_NOTICE": "1"}
    session = [(line, command, expected) for _, first, code in _blocks(page, "console")
               for line, command, expected in console_session(code, first)]
    problems = []
    status = 0
    for k, (line, command, expected) in enumerate(session):
        where = f"{_page_id(page)}:{line}: $ {command.splitlines()[0]}"
        if command == "echo $?":
            got = [str(status)]
        else:
            command = runnable_part(command)
            if not command:
                continue
            status, got = run_command(command, tmp_path, env)
            shows_status = k + 1 < len(session) and session[k + 1][1] == "echo $?"
            if any("Traceback (most recent call last)" in g for g in got):
                problems.append(f"{where}\n" + "\n".join(got))
                continue
            if status != 0 and not shows_status:
                problems.append(f"{where}\nexit status {status}, and no `echo $?` shows it:\n"
                                + "\n".join(got))
                continue
            if not expected:  # output not shown: it only has to run
                continue
        if not output_matches(expected, got):
            diff = "\n".join(difflib.unified_diff(expected, got, "shown", "produced",
                                                  lineterm=""))
            problems.append(f"{where}\n{diff}")
    assert not problems, "\n\n".join(problems)


def test_code_block_convention():
    text = "\n".join([
        "```python", "a = 1", "```",
        NO_RUN, "", "```python", "raise SystemExit", "```",
        "```pycon", ">>> a", "1", "```",
        "  ```console", "  $ sudoku --help", "  ```",
    ])
    got = [(lang, line) for lang, line, _ in code_blocks(text)]
    assert got == [("python", 2), (None, 7), ("pycon", 10), ("console", 14)]
    session = list(console_session("$ cat > a <<'EOF'\nx\nEOF\n$ sudoku count a\n1\n\n", 5))
    assert session == [(5, "cat > a <<'EOF'\nx\nEOF", []), (8, "sudoku count a", ["1"])]
    assert runnable_part('pip install ".[test]" && python -m pytest') == ""
    assert runnable_part("pip install . && sudoku solve x") == "sudoku solve x"


def _resolves(name: str) -> bool:
    """Whether a dotted name is a module, or an attribute of the longest module prefix."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        module = ".".join(parts[:k])
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            obj = importlib.import_module(module)
            try:
                for attr in parts[k:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                return False
            return True
    return False


def test_architecture_page_names_only_what_exists():
    text = (DOCS / "architecture.md").read_text("utf-8")
    names = set(re.findall(r"`((?:dlx|sudoku)(?:\.\w+)+)`", text))
    assert len(names) > 40  # the page names the modules; a broken pattern finds none
    assert [n for n in sorted(names) if not _resolves(n)] == []
    for path in re.findall(r"`(tests/\w+\.py)`", text):
        assert (ROOT / path).is_file(), path


def test_docs_pages_are_in_the_nav():
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    for page in sorted(DOCS.glob("*.md")):
        assert page.name in config, f"{page.name} is not listed in mkdocs.yml's nav"


@pytest.mark.skipif(any(importlib.util.find_spec(m) is None
                        for m in ("mkdocs", "material", "mkdocstrings")),
                    reason='the docs tools are not installed (pip install ".[docs]")')
def test_site_builds_strict(tmp_path):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
         "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "api" / "index.html").is_file()

"""The documentation's examples run, and the site builds.

Convention for code blocks in ``docs/*.md``:

* a fenced ````python```` block is executed;
* a fenced ````pycon```` block (``>>>`` prompts with the expected output) is
  run as a doctest, so the output shown must be the output produced;
* either kind is left alone when the line just before its opening fence (blank
  lines skipped) is the HTML comment ``<!-- no-run -->``;
* other blocks (``console``, ``text``, ...) are not run by default.

``console`` blocks show shell sessions: ``$ command`` lines (a here-document
continues to its end marker) followed by the output, stdout then stderr; a
last output line ``...`` means "and more".  Set ``DLX_DOCS_CONSOLE=1`` to run
them too, in a temporary directory that links ``puzzles/``, and compare the
output (slow: every command starts Python and loads the kernels).  Commands
that install or build (``pip``, ``python``, ``mkdocs``) are not run.

The runnable blocks of one page share one namespace and run in page order
from the repository root, so a later block can use what an earlier one
defined; every page starts from a fresh namespace.

Another test builds the site with ``mkdocs build --strict`` into a
temporary directory when mkdocs, mkdocs-material and mkdocstrings are
installed (``pip install ".[docs]"``), and is skipped otherwise.
"""

from __future__ import annotations

import difflib
import doctest
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NO_RUN = "<!-- no-run -->"
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")


def code_blocks(text: str):
    """Yield ``(language, first line number, code)`` for every fenced block of a page.

    ``language`` is ``None`` for blocks marked ``<!-- no-run -->``.  Fences
    may be indented (inside lists and admonitions); the indentation is removed.
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
        skip = previous == NO_RUN
        previous = ""
        yield (None if skip else lang), start + 1, "\n".join(body) + "\n"


def _pages():
    return sorted(p for p in DOCS.glob("*.md"))


def _runnable(page: Path):
    return [(lang, line, code) for lang, line, code in code_blocks(page.read_text("utf-8"))
            if lang in ("python", "py", "pycon")]


@pytest.mark.parametrize("page", [p for p in _pages() if _runnable(p)], ids=lambda p: p.name)
def test_examples_run(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    # The compile notice would only clutter the captured output.
    monkeypatch.setenv("DLX_NO_COMPILE_NOTICE", "1")
    namespace = {"__name__": "__main__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for lang, line, code in _runnable(page):
        where = f"{page.relative_to(ROOT)}:{line}"
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


_SKIPPED_COMMANDS = ("pip ", "python ", "mkdocs ")


def console_session(code: str):
    """Split a console block into ``(command, expected output lines)`` pairs."""
    lines = code.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
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
        yield "\n".join(command), expected


def _console_pages():
    return [p for p in _pages()
            if any(lang == "console" for lang, _, _ in code_blocks(p.read_text("utf-8")))]


@pytest.mark.skipif(os.environ.get("DLX_DOCS_CONSOLE") != "1",
                    reason="set DLX_DOCS_CONSOLE=1 to run the shell examples (slow)")
@pytest.mark.parametrize("page", _console_pages(), ids=lambda p: p.name)
def test_console_examples(page, tmp_path):
    (tmp_path / "puzzles").symlink_to(ROOT / "puzzles")
    bindir = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "DLX_NO_COMPILE_NOTICE": "1"}
    problems = []
    status = 0
    for lang, line, code in code_blocks(page.read_text("utf-8")):
        if lang != "console":
            continue
        for command, expected in console_session(code):
            if command.startswith(_SKIPPED_COMMANDS):
                continue
            if command == "echo $?":
                got = [str(status)]
            else:
                proc = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env,
                                      capture_output=True, text=True, timeout=120)
                status = proc.returncode
                got = (proc.stdout + proc.stderr).rstrip("\n").splitlines()
            if expected and expected[-1] == "...":
                ok = got[:len(expected) - 1] == expected[:-1]
            else:
                ok = got == expected
            if not ok:
                diff = "\n".join(difflib.unified_diff(expected, got, "docs", "actual",
                                                      lineterm=""))
                problems.append(f"{page.name}, block at line {line}: $ "
                                f"{command.splitlines()[0]}\n{diff}")
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


def test_docs_pages_are_in_the_nav():
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    for page in _pages():
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

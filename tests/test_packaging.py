"""The README's promises: its commands, the files it names, CI running its test command."""

import re
from pathlib import Path

import pytest

import dlx

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def shell_blocks(text):
    return re.findall(r"```(?:sh|console)\n(.*?)```", text, flags=re.S)


def test_readme_starts_with_the_two_commands():
    blocks = shell_blocks(README)
    assert blocks[0].strip() == "pip install . && sudoku solve puzzles/classic.txt"
    assert blocks[1].strip() == 'pip install ".[test]" && python -m pytest'


def test_ci_runs_exactly_the_readme_test_command():
    test_command = shell_blocks(README)[1].strip()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in [line.strip() for line in ci]


def test_files_named_in_the_readme_exist():
    # A file name has an extension ("puzzles/second" in an output is not one).
    names = set(re.findall(r"\b((?:puzzles|docs)/[\w.-]+\.\w+|benchmarks/)", README))
    assert any(name.startswith("puzzles/") for name in names)
    for name in names:
        assert (ROOT / name).exists(), name


def test_metadata():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = meta["project"]
    assert project["name"] == "numba-dlx"
    assert project["scripts"] == {"sudoku": "sudoku.cli:main", "dlx": "dlx.cli:main"}
    assert any(d.startswith("numba>=") for d in project["dependencies"])
    assert dlx.__version__ in (ROOT / "CHANGELOG.md").read_text()


def test_the_web_pages_files_are_package_data():
    # A non-editable install carries only the files package-data names.
    import fnmatch

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = meta["tool"]["setuptools"]["package-data"]["sudoku"]
    static = sorted((ROOT / "sudoku" / "web" / "static").iterdir())
    assert {p.name for p in static} >= {"index.html", "app.js", "style.css"}
    for path in static:
        name = path.relative_to(ROOT / "sudoku").as_posix()
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name
    assert "starlette" in " ".join(meta["project"]["optional-dependencies"]["web"])
    test = " ".join(meta["project"]["optional-dependencies"]["test"])
    for name in ("starlette", "uvicorn", "selenium"):
        assert name in test

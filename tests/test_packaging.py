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


def _package_data():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]


def test_both_packages_ship_the_typing_marker():
    # PEP 561: without py.typed, a type checker skips an installed package (mypy:
    # import-untyped) and every name from it is Any.
    data = _package_data()
    for package in ("dlx", "sudoku"):
        assert (ROOT / package / "py.typed").is_file(), package
        assert "py.typed" in data[package], package


def _installed_copy(target: Path) -> None:
    """What a wheel installs of dlx and sudoku: their .py files and package-data."""
    import fnmatch
    import shutil

    data = _package_data()
    for package in ("dlx", "sudoku"):
        base = ROOT / package
        for path in base.rglob("*"):
            name = path.relative_to(base).as_posix()
            if path.is_file() and "__pycache__" not in name and (
                    path.suffix == ".py" or any(fnmatch.fnmatch(name, p) for p in data[package])):
                (target / package / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target / package / name)


USER_SCRIPT = '''\
import numpy as np

import dlx
import sudoku
from dlx import Problem
from sudoku import Puzzle, check, count, solve

p = Problem({"A": ["x", "y"], "B": ["x"], "C": ["y"]})
reveal_type(p.solve())
reveal_type(p.count())
reveal_type(p.unique())
reveal_type(p.solutions())
reveal_type(dlx.Problem.from_matrix([[1, 0], [0, 1]]))
rows = [[1, 0, 0, 0], [0, 0, 2, 0], [0, 3, 0, 0], [0, 0, 0, 4]]
reveal_type(solve("1.....2..3.....4"))
reveal_type(solve(rows))
reveal_type(solve(np.array(rows)))
reveal_type(check(rows))
reveal_type(check(sudoku.parse_puzzle(rows)))
reveal_type(count(rows, limit=2))
reveal_type(sudoku.candidates(rows))
reveal_type(sudoku.explain(rows))
reveal_type(sudoku.hint(rows))
reveal_type(sudoku.rate(rows))
reveal_type(sudoku.grade(rows))
reveal_type(sudoku.minimize(rows))
reveal_type(sudoku.generate(size=4, seed=1))
reveal_type(sudoku.render_svg(rows, solve(rows)))
solution = solve(rows)
assert solution is not None
reveal_type(sudoku.format_grid(solution))
puzzle: Puzzle = sudoku.parse_puzzle("1.....2..3.....4")
for result in sudoku.solve_all([puzzle]):
    reveal_type(result)
'''
EXPECTED_TYPES = [
    "builtins.list[Any] | None",
    "dlx.results.CountResult",
    "dlx.results.Uniqueness[builtins.list[Any]]",
    "typing.Iterator[builtins.list[Any]]",
    "dlx.problem.Problem",
    "tuple[builtins.int, ...] | None",
    "builtins.list[builtins.list[builtins.int]] | None",
    "numpy.ndarray[...] | None",  # (its parameters vary with numpy's release)
    "dlx.results.Uniqueness[builtins.list[builtins.list[builtins.int]]]",
    "dlx.results.Uniqueness[tuple[builtins.int, ...]]",
    "dlx.results.CountResult",
    "sudoku.solver.Candidates",
    "sudoku.logic.explaining.Explanation",
    "sudoku.logic.explaining.Hint",
    "sudoku.logic.rating.Rating",
    "sudoku.grading.Grade",
    "sudoku.grid.Puzzle",
    "sudoku.generator.make.Generated",
    "builtins.str",
    "builtins.str",
    "sudoku.results.PuzzleResult",
]


@pytest.mark.slow
def test_mypy_sees_the_headline_api_typed(tmp_path):
    # mypy on a user's script, with the packages as a wheel installs them (found on
    # PYTHONPATH, so only with their py.typed markers): no error, and the types.
    pytest.importorskip("mypy")
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    _installed_copy(site)
    (tmp_path / "user.py").write_text(USER_SCRIPT)
    (tmp_path / "wrong.py").write_text("import sudoku\nsudoku.solve(5)\n")
    (tmp_path / "mypy.ini").write_text("[mypy]\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--strict",
         "--cache-dir", str(tmp_path / "cache"), "--hide-error-context", "--no-pretty",
         "--show-error-codes", "user.py", "wrong.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    lines = done.stdout.splitlines()
    user = [line for line in lines if line.startswith("user.py:")]
    assert not [line for line in user if ": error:" in line], done.stdout
    revealed = [re.sub(r"^.*Revealed type is \"(.*)\"$", r"\1", line) for line in user
                if "Revealed type is" in line]
    # (mypy writes builtins without their module in newer releases)
    got = [re.sub(r"numpy\.ndarray\[.*\]\]", "numpy.ndarray[...]", t.replace("builtins.", ""))
           for t in revealed]
    assert got == [t.replace("builtins.", "") for t in EXPECTED_TYPES], done.stdout
    wrong = [line for line in lines if line.startswith("wrong.py:") and ": error:" in line]
    assert len(wrong) == 1 and "wrong.py:2: error:" in wrong[0] and "[call-overload]" in wrong[0], \
        done.stdout


@pytest.mark.parametrize("package", ["dlx", "sudoku"])
def test_type_checkers_see_every_lazily_loaded_name(package):
    # The names loaded on first use (_LAZY) reach type checkers through imports under
    # TYPE_CHECKING and __all__; both must list every one of them.
    import ast
    import importlib

    module = importlib.import_module(package)
    tree = ast.parse((ROOT / package / "__init__.py").read_text())
    seen = set()
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                for alias in imp.names:
                    source = importlib.import_module(f".{imp.module}", package)
                    assert getattr(source, alias.name) is getattr(module, alias.name)
                    seen.add(alias.name)
    assert seen == set(module._LAZY)
    assert set(module._LAZY) <= set(module.__all__)


def test_classifiers_and_addresses():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    classifiers = project["classifiers"]
    # Typed: both packages ship py.typed (test_both_packages_ship_the_typing_marker).
    assert "Typing :: Typed" in classifiers
    versions = [tuple(map(int, c.rsplit(" :: ", 1)[1].split("."))) for c in classifiers
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    floor = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert floor and versions[0] == (int(floor[1]), int(floor[2]))
    assert versions == [(3, m) for m in range(versions[0][1], versions[0][1] + len(versions))]
    assert versions[-1] >= (3, 13)
    assert "Programming Language :: Python :: 3 :: Only" in classifiers
    urls = project["urls"]
    assert set(urls) >= {"Documentation", "Source", "Issues"}
    name = project["name"]
    assert urls["Documentation"] == f"https://{name}.readthedocs.io"
    assert urls["Source"] == f"https://github.com/{name}/{name}"
    assert urls["Issues"] == urls["Source"] + "/issues"

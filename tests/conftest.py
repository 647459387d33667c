"""Test-wide settings."""

import os

import pytest

# The one-line "compiling the search kernels" notice goes to stderr of whichever
# test happens to compile first (the first run on an empty numba cache), where
# tests compare stderr line by line; keep it out of every test and subprocess.
os.environ.setdefault("DLX_NO_COMPILE_NOTICE", "1")

# Cases of parametrized tests that take more than about 2 s once the kernels are compiled
# (whole tests carry @pytest.mark.slow themselves): ``-m "not slow"`` leaves them out for
# a quick run while developing; the default run and .ci/run keep them.
SLOW_CASES = {
    "test_bitkernel.py::test_shared_files_agree[easy_sample.txt-300]",
    "test_bitkernel.py::test_shared_files_agree[16x16.txt-60]",
    "test_bitkernel.py::test_shared_files_agree[25x25.txt-1]",
    "test_bitkernel.py::test_shared_files_agree[16x16_vu.txt-8]",
    "test_bitkernel.py::test_shared_files_agree[17clue.txt-400]",
    "test_bitkernel.py::test_puzzle_files_agree[25x25.txt]",
    "test_docs.py::test_examples_run[docs/formats.md]",
    "test_docs.py::test_console_examples[README.md]",
    "test_docs.py::test_console_examples[docs/explain.md]",
    "test_examples.py::test_pentominoes_up_to_symmetry[board3]",
    "test_examples.py::test_pentominoes_all_tilings[board1]",
    "test_explain.py::test_explanations_of_collections_are_sound_and_named_right"
    "[top95.txt-1-None]",
    "test_explain.py::test_explanations_of_collections_are_sound_and_named_right"
    "[top1465.txt-29-None]",
}


@pytest.fixture(autouse=True)
def _fresh_plain_budget(monkeypatch):
    """Each test starts with the interpreted-kernel budget of a new process (dlx.plain)."""
    from dlx import plain

    monkeypatch.setattr(plain, "_spent", [0.0])


def pytest_collection_modifyitems(config, items):
    found, tests = set(), set()
    for item in items:
        case = f"{item.path.name}::{item.name}"
        tests.add(case.split("[")[0])
        if case in SLOW_CASES:
            item.add_marker(pytest.mark.slow)
            found.add(case)
    # A case renamed (a file, a count) must not quietly drop out of the list.
    lost = {c for c in SLOW_CASES - found if c.split("[")[0] in tests}
    if lost:
        raise pytest.UsageError(f"conftest.SLOW_CASES names no such case: {sorted(lost)}")

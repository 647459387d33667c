"""The example inputs of Knuth's programs dlx1, dlx2 and dlx3 give the answers he states.

The files are as printed in the introductions of dlx1.w, dlx2.w and dlx3.w
(with their comment lines); the expected solutions are the ones stated there.
"""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

import dlx
from dlx.cli import cli
from dlx.knuth import KnuthWarning

DLX1 = """\
| A simple example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
"""

DLX2 = """\
| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""

DLX3 = """\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_dlx1_example():
    """"It has a unique solution, consisting of the three rows A D and E F C and B G." """
    assert list(dlx.parse_knuth(DLX1).solutions()) == [["C E F", "A D", "B G"]]


def test_dlx2_example_drops_the_option_without_a_primary_item():
    """"The option X:0 Y:1 will be deleted, because it has no primary items.  The unique
    solution consists of options A C X:1 Y:1 and B X:1." """
    with pytest.warns(KnuthWarning, match=r"t\.dlx, line 5: option ignored, it has no "
                                          r"primary item: X:0 Y:1"):
        p = dlx.parse_knuth(DLX2, source="t.dlx")
    assert p.n_options == 4
    assert list(p.solutions()) == [["A C X:1 Y:1", "B X:1"]]


def test_dlx3_example():
    """"The unique solution consists of options A C X:1 Y:1, B X:1, C Y:1." """
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        p = dlx.parse_knuth(DLX3)
    assert p.bounds == {"C": (2, 3)}
    assert list(p.solutions()) == [["A C X:1 Y:1", "B X:1", "C Y:1"]]


def test_the_command_line_warns_and_solves():
    r = CliRunner().invoke(cli, ["solve", "--all", "-"], input=DLX2)
    assert r.exit_code == 0
    assert r.stdout == "A C X:1 Y:1\nB X:1\n"
    assert r.stderr == "dlx: <stdin>, line 5: option ignored, it has no primary item: X:0 Y:1\n"
    r = CliRunner().invoke(cli, ["count", "-"], input=DLX3)
    assert (r.exit_code, r.stdout) == (0, "1\n")

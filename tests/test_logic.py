"""Tests of ``dlx.logic``: every step is sound, checked against brute force.

Soundness, for a state reached by the steps so far: let S be the solutions of
the problem that take every option the state took (the consistent ones).  A
forced option or a set-logic step, and a guess that removes an option, must be
true of every member of S: a removed option belongs to none, a taken option to
all.  A guess that takes an option takes one of some member of S.  A
contradiction means S is empty.  Random small problems (tests/naive.py's
brute force gives S) and the classic examples are checked this way.
"""

from __future__ import annotations

import json

import naive
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_reference import SETTINGS, build, problems

import dlx
from dlx import logic
from dlx.cli import cli
from dlx.errors import ProblemError
from dlx.logic import State, Step, explain, set_logic


def consistent(sols, state):
    taken = set(state.chosen)
    return [s for s in sols if taken <= set(s) and all(state.is_live(o) or o in taken
                                                        for o in s)]


def check_step(sols, state, step):
    """Assert that ``step`` is sound in ``state``, whose consistent solutions are ``sols``."""
    if step.rule == "contradiction":
        assert not sols, f"{step} but {len(sols)} solutions remain"
        return
    if step.rule == "guess" and step.chosen:
        assert any(set(step.chosen) <= set(s) for s in sols), f"{step} follows no solution"
        return
    for s in sols:
        assert not set(step.removed) & set(s), f"{step} removes an option of solution {s}"
        assert set(step.chosen) <= set(s), f"{step} takes an option solution {s} lacks"
    for o in step.removed + step.chosen:
        assert state.is_live(o), f"{step} names an option already gone"


def walk(plain, rules=None):
    problem = build(plain)
    all_sols = naive.brute_force_solutions(*plain)
    state = State(problem)
    for step in logic.steps(problem, rules=rules, state=State(problem)):
        check_step(consistent(all_sols, state), state, step)
        state.apply(step)
    return problem, state, all_sols


@pytest.mark.slow
@SETTINGS
@given(problems())
def test_every_step_is_sound(plain):
    problem, state, sols = walk(plain)
    if state.status == "solved":
        assert tuple(sorted(state.chosen)) in set(sols)
    else:
        assert not sols


@pytest.mark.slow
@SETTINGS
@given(problems(), st.integers(1, 4))
def test_set_logic_of_each_size_is_sound(plain, k):
    problem = build(plain)
    sols = naive.brute_force_solutions(*plain)
    state = State(problem)
    step = set_logic(state, k)
    if step is not None:
        check_step(sols, state, step)
        assert len(step.base) == k and (step.rule == "contradiction" or len(step.cover) == k)
        assert not set(step.base) & set(step.cover)


@settings(max_examples=60, deadline=None)
@given(problems(max_primary=6, max_options=10), st.data())
def test_set_logic_in_families_is_sound(plain, data):
    problem = build(plain)
    n = problem.n_items
    base = data.draw(st.lists(st.integers(0, problem.n_primary - 1), unique=True))
    cover = data.draw(st.lists(st.integers(0, n - 1), unique=True))
    sols = naive.brute_force_solutions(*plain)
    state = State(problem)
    for k in (1, 2, 3):
        step = set_logic(state, k, [(base, cover)])
        if step is not None:
            assert set(step.base) <= set(base) and set(step.cover) <= set(cover)
            check_step(sols, state, step)


def named(problem, items):
    names = problem.primary + problem.secondary
    return tuple(names[i] for i in items)


def test_set_logic_finds_the_textbook_pattern():
    # a and b take x and y between them, so c cannot take x: remove option 4.
    p = dlx.Problem([["a", "x"], ["a", "y"], ["b", "x"], ["b", "y"], ["c", "x"], ["c", "z"]])
    step = set_logic(State(p), 2)
    assert step.rule == "set" and step.removed == (4,)
    assert {named(p, step.base), named(p, step.cover)} == {("a", "b"), ("x", "y")}
    assert set_logic(State(p), 1) is None
    # Three base items that two items cover: no solution.
    q = dlx.Problem([["a", "x"], ["a", "y"], ["b", "x"], ["b", "y"], ["c", "x"], ["c", "y"]],
                    primary=["a", "b", "c", "x", "y"])
    step = set_logic(State(q), 3)
    assert step.rule == "contradiction" and named(q, step.base) == ("a", "b", "c")
    assert named(q, step.cover) == ("x", "y")


def test_locked_option_k1_and_base_options_with_two_cover_items():
    # Every option of a holds x: the other options of x go.
    p = dlx.Problem([["a", "x", "u"], ["a", "x", "v"], ["b", "x"], ["b", "y"], ["c", "y"]])
    step = set_logic(State(p), 1)
    assert (named(p, step.base), named(p, step.cover), step.removed) == (("a",), ("x",), (2,))
    # A base option holding both cover items cannot be taken.
    q = dlx.Problem([["a", "x", "y"], ["a", "x"], ["b", "y"], ["b", "x", "z"], ["c", "y"],
                     ["c", "z"]])
    step = set_logic(State(q), 2)
    assert step is not None and 0 in step.removed


def test_colours_share_a_secondary_item_and_are_never_cover():
    p = dlx.Problem([["a", "s:red"], ["b", "s:red"], ["a", "s:blue"], ["b"]],
                    primary=["a", "b"], secondary=["s"])
    state = State(p, forced=[0])
    assert state.is_live(1) and not state.is_live(2) and state.is_live(3)
    assert not state.covered[2]
    e = explain(p)
    assert e.status == "solved"
    assert not any(2 in s.cover for s in e.steps)


@pytest.mark.parametrize("make", [lambda: dlx.examples.queens(6), lambda: dlx.examples.queens(8),
                                  lambda: dlx.examples.langford(7)])
def test_examples_are_explained_soundly(make):
    problem = make()
    sols = [tuple(s) for s in logic.driver._shadow(problem).solutions()]
    state = State(problem)
    for step in logic.steps(problem, state=State(problem)):
        check_step(consistent(sols, state), state, step)
        state.apply(step)
    assert state.status == "solved"


def test_explanation_of_a_unique_problem_needs_no_guess():
    p = dlx.Problem({"A": ["x", "y"], "B": ["x", "z"], "C": ["z"], "D": ["w"]})
    e = explain(p)
    assert e.status == "solved" and e.guesses == 0
    assert [s.rule for s in e.steps][0] == "forced"
    assert sorted(p.labels[o] for o in e.chosen) == ["A", "C", "D"]


def test_no_solution_and_no_guesses():
    p = dlx.Problem([["a", "b"], ["a", "c"], ["b", "c"]])
    e = explain(p)
    assert e.status == "contradiction" and e.steps[-1].rule == "contradiction"
    e = explain(dlx.examples.queens(8), guesses=False)
    assert e.status == "stalled" and e.guesses == 0


def test_state_refuses_conflicting_forced_options():
    p = dlx.Problem([["a", "b"], ["a"]])
    with pytest.raises(ProblemError, match="conflicts"):
        State(p, forced=[0, 1])


def test_step_text_and_dict_name_items_and_options():
    p = dlx.parse_knuth("a b | c\na c\nb c\na b\n")
    e = explain(p)   # c is secondary: "a c" and "b c" cannot both be taken
    assert e.status == "solved" and e.guesses == 1
    assert e.steps[0].text(p) == ("guess: item a (2 options left): [a c] leaves item b "
                                  "without options: remove it")
    d = e.steps[1].as_dict(p)
    assert d["rule"] == "forced" and d["chosen"] == ["a b"] and d["base"] == ["a"]
    assert isinstance(Step("set").as_dict(), dict)


# ------------------------------------------------------------------ dlx explain

KNUTH = "| a small problem\na b c | s\na b\nb c s\na s\nc\n"


def test_cli_explain_text_and_json(tmp_path):
    f = tmp_path / "p.dlx"
    f.write_text(KNUTH)
    r = CliRunner().invoke(cli, ["explain", str(f)])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[-1].startswith("solved: ")
    r = CliRunner().invoke(cli, ["explain", str(f), "--format", "json"])
    assert r.exit_code == 0
    obj = json.loads(r.stdout)
    assert obj["status"] == "solved" and obj["steps"][0]["rule"] in logic.RULES
    chosen = [o for s in obj["steps"] for o in s["chosen"]]
    assert sorted(chosen) == ["a b", "c"]


def test_cli_explain_bad_input_and_options(tmp_path):
    f = tmp_path / "bad.dlx"
    f.write_text("a b\nc\n")
    r = CliRunner().invoke(cli, ["explain", str(f)])
    assert r.exit_code == 1 and "line 2" in r.output and "Traceback" not in r.output
    g = tmp_path / "q.dlx"
    g.write_text(KNUTH)
    r = CliRunner().invoke(cli, ["explain", str(g), "--no-guess", "--max-k", "1"])
    assert r.exit_code == 0

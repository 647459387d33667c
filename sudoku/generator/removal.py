"""Clue removal that keeps the solution unique: batched uniqueness checks, greedy passes.

A clue is removed only after the exact-cover search has *proved* the smaller
puzzle unique (a count that stops at two and explored the whole tree); a
check that runs out of its node budget counts as "not proved", so the clue
stays.  Cells are removed by groups (a symmetry's orbits) in a given order;
`greedy` removes every group it can, so without symmetry the result is
minimal: removing any single clue gives more than one solution.

The pass is batched: the checks of a round run in one call of the batch
kernel (`dlx.batch.solve_arrays`, counting to two) -- cumulative removals of
the next groups, whose longest unique prefix is removed (uniqueness is
monotone along them, so a long run is checked only every few removals and
the first failure is then looked for between two checks), and single
removals of the undecided groups, whose failures are final because a puzzle
with fewer clues cannot be more unique.  Late in the removal of a large
grid, when each check costs thousands of nodes, the rounds shrink to one
group at a time, checked by refuting every other value of its cells
(`Checker.unique_by_values`), which skips the part of the tree holding the
known solution.  The batching changes only how many checks are made: the
result is the one-at-a-time pass's, whatever the threads (the tests compare
them).
"""

from __future__ import annotations

import time

import numpy as np

from dlx.batch import COMPLETE, solve_arrays

from ..encode import option_number, option_numbers, problem_for
from ..grid import Puzzle, houses

__all__ = ["CHECK_NODE_CAP", "Checker", "OverBudget", "greedy", "removable", "without",
           "UNIQUE", "MULTIPLE", "UNKNOWN"]

CHECK_NODE_CAP = 1_000_000
"""Search nodes one uniqueness check may use; beyond them the clue stays."""

BATCH_NODES = 20_000
"""Search nodes a speculative batch should cost: bounds batches once checks get expensive."""

EXPENSIVE = 4
"""When no more than this many checks fit in `BATCH_NODES`, test groups a few at a time."""

SPECULATIVE_CAP = 20_000
"""Node cap (at least; 8 times the recent cost per check) of checks whose answer may go unused."""

VALUE_CAP_START = 2_000
"""First node cap of `Checker.unique_by_values`; it grows eightfold per round..."""

VALUE_CAP_END = 128_000
"""... up to this; rows still open then are settled by counting to two."""

FIRST_CHAIN = 0.5
"""The first round tests removing at most this fraction of the cells' orbits cumulatively."""

MIN_CHAIN = 3
"""Shortest chain of cumulative removals after a failure."""

CHAIN_ROWS = 6
"""Checks a chain may use: a longer chain is tested at every s-th removal and at its end."""

SINGLES_WINDOW = 2
"""Single removals tested after a chain that failed early, as a multiple of the chain length..."""

SINGLES_ALL_SIZE = 16
"""... on grids smaller than this; from this size on, all the undecided groups are tested
(checks near the end cost thousands of times more than early ones there, so a failure
found early saves far more than the checks that pass cost)."""

UNIQUE, MULTIPLE, UNKNOWN = 1, 0, -1


class OverBudget(Exception):
    """An attempt used more search nodes than `ATTEMPT_NODES` allows."""


class Checker:
    """Proves puzzles unique in batches: all share one solution grid and differ by clues.

    A puzzle is a boolean mask over the cells (True = clue); its clues are
    the solution's values there.  Answers are `UNIQUE`, `MULTIPLE`
    (a second solution was found) or `UNKNOWN` (the node cap ran out).
    """

    def __init__(self, template: Puzzle, solution, threads=1, deadline=None,
                 max_nodes=CHECK_NODE_CAP, budget=None):
        n = template.size
        self.n = n
        self.budget = budget  # total search nodes before OverBudget
        self.template = template
        self._peers: np.ndarray | None = None
        self.prob = problem_for(template)
        self.solution = np.asarray(solution, dtype=np.int64)
        self.options = option_numbers(self.solution, n)
        self.threads = threads
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.searched = 0  # puzzles checked
        self.nodes = 0  # search nodes spent
        self.cost = 0.0  # search nodes per check, recent calls (forgotten slowly)

    def _run(self, fptr, fopts, limit, cap):
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeoutError
        jobs = self.threads if len(fptr) > 2 * self.threads else 1
        out = solve_arrays(self.prob, fptr, fopts, limit=limit, store=0,
                           max_nodes=min(cap, self.max_nodes), jobs=jobs, locked=True)
        counts, nodes, codes = out.counts, out.nodes, out.codes
        self.nodes += int(nodes.sum())
        if self.budget is not None and self.nodes > self.budget:
            raise OverBudget
        return counts, nodes, codes

    def _note(self, rows: int, nodes: int) -> None:
        self.searched += rows
        # Checks get dearer as clues go; forget a cheap call only slowly.
        self.cost = max(nodes / rows, 0.7 * self.cost)

    def unique(self, masks: np.ndarray, cap: int | None = None) -> np.ndarray:
        """Count each row's solutions up to two; returns UNIQUE/MULTIPLE/UNKNOWN per row."""
        masks = np.atleast_2d(masks)
        n = masks.shape[0]
        rows, cols = np.nonzero(masks)  # row-major: each row's clues in turn
        fptr = np.searchsorted(rows, np.arange(n + 1)).astype(np.int64, copy=False)
        before = self.nodes
        counts, _, codes = self._run(fptr, self.options[cols], 2, cap or self.max_nodes)
        self._note(n, self.nodes - before)
        # (lists: a few rows at a time, cheaper than masked numpy assignments)
        return np.array([MULTIPLE if c >= 2 else UNIQUE if c == 1 and d == COMPLETE else UNKNOWN
                         for c, d in zip(counts.tolist(), codes.tolist(), strict=True)],
                        dtype=np.int8)

    def speculative_cap(self) -> int:
        return int(max(SPECULATIVE_CAP, 8 * self.cost))

    def peers(self) -> np.ndarray:
        """``peers[c]``: the cells sharing a house with cell c (c excluded)."""
        if self._peers is None:
            cells = self.n * self.n
            peers = np.zeros((cells, cells), dtype=bool)
            for _, group in houses(self.template):
                g = np.asarray(group)
                peers[np.ix_(g, g)] = True
            np.fill_diagonal(peers, False)
            self._peers = peers
        return self._peers

    def _values(self, masks, row_of, extra, sel, cap):
        """Search puzzle ``masks[row_of[j]]`` + option ``extra[j]`` (j in sel) to one solution."""
        sub = masks[row_of[sel]]
        _, cols = np.nonzero(sub)
        fptr = np.zeros(sel.size + 1, dtype=np.int64)
        np.cumsum(sub.sum(axis=1) + 1, out=fptr[1:])
        fopts = np.empty(fptr[-1], dtype=np.uint32)
        first = np.zeros(fptr[-1], dtype=bool)
        first[fptr[:-1]] = True
        fopts[first] = extra[sel]
        fopts[~first] = self.options[cols]
        counts, _, codes = self._run(fptr, fopts, 1, cap)
        return counts, codes

    def unique_by_values(self, masks: np.ndarray, removed: list) -> np.ndarray:
        """Like `unique`, by refuting every other value of the removed cells.

        Row k's puzzle (clues ``masks[k]``) came from a unique puzzle by removing
        the cells ``removed[k]``, so a second solution must give one of them
        another value.  For each such cell c and each value v it could take
        (no clue among its peers holds v), the puzzle with c forced to v is
        searched for one solution; the row is unique when none has any.  The
        searches run with a node cap that grows eightfold per round, so a
        second solution found early ends its row without the rest: the first
        round searches every value at once, later rounds (where each search
        may cost thousands of nodes) a row's values one after the other,
        stopping at the first solution.  Rows still open at
        `VALUE_CAP_END` are counted to two.  Skipping the part of the
        tree that holds the known solution makes this several times cheaper
        than counting to two once checks get expensive.
        """
        n = self.n
        peers = self.peers()
        sol0 = self.solution - 1
        row_of, extra = [], []
        for k, cells in enumerate(removed):
            m = masks[k]
            for c in cells:
                taken = np.zeros(n, dtype=bool)
                taken[sol0[peers[c] & m]] = True
                taken[sol0[c]] = True
                for v in np.flatnonzero(~taken).tolist():
                    row_of.append(k)
                    extra.append(option_number(c, v + 1, n))
        out = np.full(masks.shape[0], UNIQUE, dtype=np.int8)
        before = self.nodes
        row_of = np.asarray(row_of, dtype=np.int64)
        extra = np.asarray(extra, dtype=np.uint32)
        active = np.arange(row_of.size)
        cap = VALUE_CAP_START
        while active.size:
            if cap == VALUE_CAP_START:
                counts, codes = self._values(masks, row_of, extra, active, cap)
                found = counts > 0
                out[np.unique(row_of[active[found]])] = MULTIPLE
                active = active[(codes != COMPLETE) & ~found]
            else:
                # One value per row and call, in turn: a row ends at its first solution.
                rows = row_of[active]
                turn = np.arange(active.size) - np.searchsorted(rows, rows)
                left = []
                for t in range(int(turn.max()) + 1):
                    sel = active[turn == t]
                    sel = sel[out[row_of[sel]] == UNIQUE]
                    if not sel.size:
                        continue
                    counts, codes = self._values(masks, row_of, extra, sel, cap)
                    found = counts > 0
                    out[row_of[sel[found]]] = MULTIPLE
                    left.append(sel[(codes != COMPLETE) & ~found])
                active = np.concatenate(left) if left else active[:0]
                active.sort()
            active = active[out[row_of[active]] == UNIQUE]
            if active.size and cap >= VALUE_CAP_END:
                # A few forced values resist refutation (a deep tree with no
                # solution): settle those rows by counting to two instead.
                rows = np.unique(row_of[active])
                out[rows] = self.unique(masks[rows])
                self.searched -= rows.size
                break
            cap *= 8
        self._note(masks.shape[0], self.nodes - before)
        return out


def without(mask: np.ndarray, groups: list) -> np.ndarray:
    """One row per group: ``mask`` with that group's cells cleared."""
    trial = np.repeat(mask[None, :], len(groups), axis=0)
    sizes = [len(g) for g in groups]
    trial[np.repeat(np.arange(len(groups)), sizes), np.concatenate(groups)] = False
    return trial


def greedy(check: Checker, mask: np.ndarray, groups: list[np.ndarray], lo: int, hi: int,
            stop_at_hi: bool) -> tuple[np.ndarray, bool]:
    """Remove groups of clues in the given order while the puzzle stays unique.

    Equivalent to visiting ``groups`` one at a time and removing a group when
    (i) it is all clues, (ii) the count stays ``>= lo`` and (iii) the smaller
    puzzle is proved unique; with ``stop_at_hi`` the pass ends once the count
    is ``<= hi``.  The batching below changes how many checks are made, not
    the result (with one refinement when checks run out of nodes: a group is
    removed when a larger removal including it is proved unique, even if its
    own check alone would have run out).  Returns the clues and whether some
    group was kept only because its check ran out of nodes (then the puzzle
    may not be minimal).

    Each round tests a *chain*: the cumulative removals of the next ``cap``
    candidate groups.  Uniqueness is monotone along a chain (each puzzle has
    the clues of the next, and all have the known solution), so a chain is
    tested only at every ``s``-th removal and at its end, in at most
    `CHAIN_ROWS` checks: a unique row proves every removal up to it; a
    row that is not unique brackets the first failure, which the next round
    looks for within the bracket (whose end is known to fail).  The first
    chain covers `FIRST_CHAIN` of the groups; after a failure the chain
    is as long as the run of successes before it (at least `MIN_CHAIN`),
    and it doubles while it passes.  After a chain that failed early, the
    single removals of the next undecided groups (`SINGLES_WINDOW`
    times the chain length) are tested against the current puzzle first: a
    failure there is final, since fewer clues cannot make a puzzle more
    unique, and a success of the first of them is that group's exact answer.
    Answers that may go unused run with a smaller node cap; an UNKNOWN there
    decides nothing.  Once checks get expensive (late in the removal of a
    16x16), the rounds shrink to a window of a few groups tested alone with
    `Checker.unique_by_values`.
    """
    mask = mask.copy()
    count = int(mask.sum())
    cells = mask.size
    # Groups are handled by rank (their index in `groups`); rank[c] is the rank of
    # cell c's group (len(groups) for cells in none).
    sizes = [len(g) for g in groups]
    rank = np.full(cells, len(groups), dtype=np.int64)
    if groups:
        rank[np.concatenate(groups)] = np.repeat(np.arange(len(groups)), sizes)
    if mask.all():
        todo = list(enumerate(sizes))  # (rank, size) of the candidates, in order
    else:
        full = np.bincount(rank[mask], minlength=len(groups) + 1)[:-1] == sizes
        todo = [(r, size) for r, size in enumerate(sizes) if full[r]]
    cap = max(MIN_CHAIN, int(len(todo) * FIRST_CHAIN))
    singles = False  # test single removals before the next chain
    known = False  # todo[0] alone was proved removable from the current puzzle
    bad = -1  # rank of a candidate whose cumulative removal (with those before) fails
    uncertain = False

    while todo and not (stop_at_hi and count <= hi):
        afford = max(1, int(BATCH_NODES / check.cost)) if check.cost else len(todo)
        if afford <= EXPENSIVE:
            # A window of groups, each alone against the current puzzle.  In
            # order: a failure is final; an answer before the first removal is
            # exact; after it, a success (or unknown) must be asked again.
            singles = known = False
            bad = -1
            window = []
            for k, (_, size) in enumerate(todo):
                if count - size >= lo:
                    window.append(k)
                    if len(window) == afford:
                        break
            if not window:
                break
            tested = [groups[todo[k][0]] for k in window]
            res = check.unique_by_values(without(mask, tested), tested)
            resume = window[-1] + 1
            taken = False
            for j, k in enumerate(window):
                if res[j] == MULTIPLE:
                    continue
                if taken:
                    resume = k
                    break
                if res[j] == UNKNOWN:
                    uncertain = True
                    continue
                mask[groups[todo[k][0]]] = False
                count -= todo[k][1]
                taken = True
                if stop_at_hi and count <= hi:
                    break
            todo = todo[resume:]
            continue
        if singles:
            # Each of the next undecided groups alone: a failure is final.
            singles = False
            w = min(len(todo), 4 * afford,
                    SINGLES_WINDOW * cap if check.n < SINGLES_ALL_SIZE else len(todo))
            ranks = np.array([r for r, _ in todo[:w]])
            res = check.unique(mask[None, :] & (rank[None, :] != ranks[:, None]),
                               check.speculative_cap()).tolist()
            kept = [t for t, r in zip(todo[:w], res, strict=True) if r != MULTIPLE]
            known = bool(kept) and [r for r in res if r != MULTIPLE][0] == UNIQUE
            todo = kept + todo[w:]
            if not todo:
                break
        if known:
            known = False
            r, size = todo[0]
            if count - size >= lo:
                mask[groups[r]] = False
                count -= size
                todo = todo[1:]
                continue
        # The chain: cumulative removals of the candidates, in order, skipping
        # those the clue floor forbids (they can never be removed later either).
        chain: list[int]
        chain, counts = [], []
        left = count
        ended = True
        at_bad = False
        for k, (r, size) in enumerate(todo):
            if left - size < lo:
                continue
            if len(chain) == cap:
                ended = False
                break
            left -= size
            chain.append(k)
            counts.append(left)
            if r == bad:
                at_bad = True  # its row is known to fail: test those before it
                break
            if stop_at_hi and left <= hi:
                break
        if not chain:
            break
        bad = -1
        length = len(chain)
        testable = length - 1 if at_bad else length  # >= 1: a bracket is never empty
        stride = -(-testable // min(CHAIN_ROWS, afford))
        pos = list(range(stride - 1, testable, stride))
        if pos[-1] != testable - 1:
            pos.append(testable - 1)
        where = np.full(len(groups) + 1, length, dtype=np.int64)
        where[[todo[k][0] for k in chain]] = np.arange(length)
        step = where[rank]  # chain position removing each cell (length: none)
        trial = mask[None, :] & (step[None, :] > np.array(pos)[:, None])
        res = check.unique(trial, check.speculative_cap())
        fails = np.flatnonzero(res != UNIQUE).tolist()
        if not fails:
            good = testable
        else:
            i = fails[0]
            good = pos[i - 1] + 1 if i else 0
            failpos = pos[i]
            if failpos == 0 and res[i] == UNKNOWN:
                # The first group's answer is exact and needed: ask with the full cap.
                res[i] = check.unique(trial[i:i + 1])[0]
                if res[i] == UNKNOWN:
                    uncertain = True
                    res[i] = MULTIPLE
                elif res[i] == UNIQUE:  # removed; the rest of the chain is asked again
                    mask &= step >= 1
                    count = counts[0]
                    todo = todo[chain[0] + 1:]
                    cap = MIN_CHAIN
                    continue
        if good:
            mask &= step >= good
            count = counts[good - 1]
        if not fails:
            todo = todo[chain[-1] + 1:]
            if at_bad:  # the last group is the known failure: kept
                singles = True
                cap = max(MIN_CHAIN, good)
            elif ended:
                break
            else:
                singles = False
                cap = max(cap, 2 * good)
            continue
        if failpos > good:
            # The first failure lies after `good`, up to `failpos`: look there next.
            if res[i] == MULTIPLE:
                bad = todo[chain[failpos]][0]
            todo = todo[chain[good]:]
            cap = failpos - good + 1
            singles = False
            continue
        # The group at the first failure is kept; after an unknown it is asked again.
        todo = todo[chain[good] + (1 if res[i] == MULTIPLE else 0):]
        singles = 2 * good < length
        cap = max(MIN_CHAIN, good)
    return mask, uncertain


def removable(check: Checker, mask: np.ndarray) -> tuple[np.ndarray, bool]:
    """Clue cells whose removal alone leaves the puzzle unique, and whether any check ran out.

    Large grids use `Checker.unique_by_values` (each clue's other values
    refuted), small ones a count to two: whichever is cheaper there.
    """
    cells = np.flatnonzero(mask)
    if cells.size == 0:
        return cells, False
    trial = without(mask, [[c] for c in cells.tolist()])
    if check.n > 9:
        res = check.unique_by_values(trial, [[c] for c in cells.tolist()])
    else:
        res = check.unique(trial)
    return cells[res == UNIQUE], bool((res == UNKNOWN).any())



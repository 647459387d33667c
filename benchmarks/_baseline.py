"""The baseline: Algorithm X in plain Python over a dict of sets, no dancing links.

This is the textbook way to write Knuth's Algorithm X in Python: ``cols`` maps
each active item to the set of options that still contain it, ``rows`` maps each
option to its items.  Choosing an option removes, for each of its items, every
clashing option from the sets of its other items, then drops the item; undoing
it puts everything back in reverse.  The item branched on is the active primary
item with the fewest options (MRV), ties going to the first item in the given
order, and its options are tried in index order: the engine's rules, so both
search the same tree and their node counts agree.

It counts *nodes* (options tried) and *updates* (an option removed from an
item's set, or an item dropped) with the same meaning as :class:`dlx.Stats`.

Everything is plain Python and standard library, so it can run in a child
process without numpy or numba (see ``_peer_worker.py``).
"""

from __future__ import annotations

import sys
import time

__all__ = ["AlgorithmX", "Stopped"]


class Stopped(Exception):
    """The deadline passed; the structure is left half-searched and must be rebuilt."""


class AlgorithmX:
    """One exact-cover problem, searchable once (build a new one per search).

    Parameters
    ----------
    options : list of lists of items
    primary, secondary : lists of items
    """

    CHECK_EVERY = 1024  # nodes between looks at the clock

    def __init__(self, options, primary, secondary=()):
        index = {name: k for k, name in enumerate(list(primary) + list(secondary))}
        self.rows = [[index[i] for i in opt] for opt in options]
        self.cols = {k: set() for k in range(len(index))}
        for r, row in enumerate(self.rows):
            for i in row:
                self.cols[i].add(r)
        self.n_primary = len(primary)
        self.nodes = 0
        self.updates = 0
        self.count = 0
        self.first = []
        self.deadline = None
        if sys.getrecursionlimit() < 10_000:
            sys.setrecursionlimit(10_000)

    # ------------------------------------------------------------- moves
    def _select(self, r):
        cols, rows = self.cols, self.rows
        removed = []
        for j in rows[r]:
            for i in cols[j]:
                for k in rows[i]:
                    if k != j:
                        cols[k].remove(i)
                        self.updates += 1
            removed.append(cols.pop(j))
            self.updates += 1
        return removed

    def _deselect(self, r, removed):
        cols, rows = self.cols, self.rows
        for j in reversed(rows[r]):
            cols[j] = removed.pop()
            for i in cols[j]:
                for k in rows[i]:
                    if k != j:
                        cols[k].add(i)

    # ------------------------------------------------------------ search
    def force(self, forced) -> bool:
        """Choose ``forced`` option indices first; False if they clash."""
        for r in forced:
            if any(j not in self.cols or r not in self.cols[j] for j in self.rows[r]):
                return False
            self._select(r)
        return True

    def search(self, limit=0, deadline=None, keep=1):
        """Count solutions (stopping at ``limit`` if > 0), keeping the first ``keep``.

        Raises :class:`Stopped` when ``time.perf_counter()`` passes ``deadline``.
        """
        self.deadline = deadline
        self.limit = limit
        self.keep = keep
        self._x([])
        return self.count

    def _x(self, chosen) -> bool:
        """Returns True when the limit is reached (stop everything)."""
        cols = self.cols
        # MRV, ties to the first item in the given order, options in index order:
        # Knuth's plain rule.  The engine differs in two ways (it stops its scan at
        # a list of length 0 or 1, and weighs ties at length 2), so its trees are
        # a little different, mostly smaller.
        active = [j for j in range(self.n_primary) if j in cols]
        if not active:
            self.count += 1
            if len(self.first) < self.keep:
                self.first.append(list(chosen))
            return self.limit > 0 and self.count >= self.limit
        c = min(active, key=lambda j: len(cols[j]))
        for r in sorted(cols[c]):
            self.nodes += 1
            if self.deadline is not None and self.nodes % self.CHECK_EVERY == 0 \
                    and time.perf_counter() > self.deadline:
                raise Stopped
            removed = self._select(r)
            chosen.append(r)
            done = self._x(chosen)
            chosen.pop()
            self._deselect(r, removed)
            if done:
                return True
        return False


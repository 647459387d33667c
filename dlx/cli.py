"""The ``dlx`` command line: solve, count and estimate problems in Knuth's DLX format.

A thin layer over the library (parse arguments, call :mod:`dlx`, format).
Results go to stdout, printed and flushed as they are found; messages and
statistics go to stderr.  ``-`` (the default) reads stdin.

Output (see ``docs/cli.md`` for the full reference):

``dlx solve``
    each solution as its option lines, one option per line, solutions
    separated by a blank line; with ``--format json``, one JSON object per
    solution per line: ``{"solution": 1, "options": ["a c:red", ...]}``.
``dlx count``
    one line that starts with the count: ``92`` when exact, else
    ``1000 (at least: limit)``, where the word in brackets is the reason the
    search stopped (``limit``, ``timeout``, ``nodes``, ``interrupted``).
``dlx estimate``
    ``solutions MEAN +- STDERR`` and ``nodes MEAN +- STDERR``.
``dlx explain``
    the steps of `dlx.logic`, one per line, then the status line
    ``solved: 12 steps, 1 guess``; with ``--format json``, one object
    ``{"status", "steps", "guesses"}`` on one line.

Exit status: 0 ok; 1 bad input (unreadable file, parse error); 2 usage error;
3 ``dlx solve`` or ``dlx explain`` proved there is no solution; 4 ``dlx solve`` was
stopped by ``--timeout`` or ``--max-nodes`` before it found any solution (``dlx
estimate``: before any probe ended); 130 Ctrl-C, after printing everything already
found (143 SIGTERM, 129 SIGHUP: the same, as a shell reports a process they killed).

Importing this module imports :mod:`click` and the light parts of :mod:`dlx`
only: numba is loaded inside the commands, so ``--help`` and ``--version``
answer at once.  What both command lines share is in :mod:`dlx.cli_base`.
"""

from __future__ import annotations

import json

import click

from . import __version__
from .cli_base import (
    CONTEXT,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_STOPPED,
    CliGroup,
    amount,
    branching_option,
    count_text,
    err,
    limit_option,
    max_nodes_option,
    memo_options,
    out,
    out_whole,
    quiet_option,
    read_problem,
    run_command,
    seed_option,
    timeout_option,
    verbose_option,
)
from .validate import MAX_BEST

__all__ = ["cli", "main"]

def _file_argument(f):
    return click.argument("file", default="-", metavar="[FILE]")(f)


def _stats_line(stats) -> str:
    return f"dlx: {stats.summary()}"


PROGRESS_SECONDS = 2.0  # between --progress lines

_progress_option = click.option(
    "--progress", is_flag=True,
    help=f"Every {PROGRESS_SECONDS:g} s, print on stderr the time, nodes and solutions so far and "
         "Knuth's estimate of the part of the search tree done.")
_trace_option = click.option(
    "--trace", type=click.IntRange(min=0), default=0, metavar="LEVELS",
    help="Print on stderr each option tried at the first LEVELS levels of the search, "
         "with its place among its item's options (k of d).")


def _watch(search, progress: bool, trace: int) -> None:
    """Attach the --progress and --trace reports to ``search``."""
    if trace:
        search.on_trace(lambda c: err(f"dlx: L{c.level} {'null' if c.option < 0 else c.label} "
                                      f"({c.position} of {c.of})"), trace)
    if progress:
        def report(s):
            st = s.stats
            err(f"dlx: {st.seconds:.1f} s, {st.nodes:,} nodes, {st.solutions:,} solutions, "
                f"about {100 * s.fraction_done():.1f}% done")
        search.on_progress(report, PROGRESS_SECONDS)


# ------------------------------------------------------------------ commands
@click.group(cls=CliGroup, context_settings=CONTEXT,
             lazy_commands={"pcount": "dlx.cli_scale:pcount",
                            "example": "dlx.cli_example:example"})
@click.version_option(__version__, "--version", prog_name="dlx",
                      message="%(prog)s (numba-dlx) %(version)s")
def cli():
    """Exact cover by Knuth's Dancing Links, compiled with numba.

    FILE is a problem in Knuth's DLX format (as read by his dlx1/dlx2): the
    first line lists the items, primary then `|` then secondary; every other
    line is an option; lines starting with `|` are comments; `item:color`
    colours a secondary item; `u:v|item` (DLX3) asks that a primary item be
    covered u to v times; `|n` after an option's items is its cost (DLX5,
    see `dlx solve --min-cost`).  FILE defaults to `-`, standard input.

    \b
    Exit status: 0 ok; 1 bad input; 2 usage error; 3 (solve) no solution;
    4 (solve, estimate) stopped by --timeout/--max-nodes before any result;
    130 interrupted by Ctrl-C, 143 by SIGTERM, 129 by SIGHUP (what was
    found is printed).  The first run compiles the search kernels (a few seconds, once).
    """


@cli.command(context_settings=CONTEXT)
@_file_argument
@click.option("--all", "all_", is_flag=True, help="Print every solution.")
@limit_option("Print at most N solutions (default 1; --all for every one).")
@seed_option("Shuffle the order of options reproducibly (the solutions found first change).")
@timeout_option("Stop after SECONDS.")
@max_nodes_option("Stop after N search nodes.")
@click.option("--every", type=click.IntRange(min=1), default=1, metavar="M",
              help="Print only every M-th solution found (the M-th, 2M-th, ...); --limit "
                   "then counts the solutions printed.")
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True,
              help="line: one option per line, blank line between solutions; "
                   "json: one object per solution per line.")
@click.option("--min-cost", is_flag=True,
              help="Print a solution of least total cost (options cost |n in the file, "
                   "Knuth's DLX5), preceded by a line 'cost N'.")
@click.option("--best", type=click.IntRange(min=1, max=MAX_BEST), metavar="K",
              help="Print the K cheapest solutions, cheapest first (--min-cost is --best 1).")
@_progress_option
@_trace_option
@verbose_option
@quiet_option
def solve(file, all_, limit, seed, timeout, max_nodes, every, fmt, min_cost, best, progress,
          trace, verbose, quiet):
    """Print the first solution of FILE (or several with --limit, or --all).

    Each solution is printed as its options, one option line per line, in
    input order, and solutions are separated by a blank line.  With
    `--format json` each solution is one line
    `{"solution": K, "options": [...]}`.

    With `--min-cost` (or `--best K`), the cheapest solution (the K
    cheapest), each after a line `cost N`; with `--format json` a field
    `"cost"`.  Options cost `|n` in the file (several add up; none: 0).

    \b
    Exit status: 0 some solution printed; 3 there is no solution;
    4 --timeout or --max-nodes stopped the search before any solution.
    """
    if all_ and limit is not None:
        raise click.UsageError("give either --all or --limit, not both")
    if min_cost or best:
        if all_ or limit or seed is not None or every > 1 or progress or trace:
            raise click.UsageError("--min-cost and --best take no --all, --limit, --seed, "
                                   "--every, --progress or --trace")
        return _solve_cheapest(read_problem(file), best or 1, fmt, timeout, max_nodes,
                               verbose, quiet)
    limit = None if all_ else (limit or 1)
    problem = read_problem(file)
    search = problem.search(limit=None if limit is None else limit * every, seed=seed,
                            timeout=timeout, max_nodes=max_nodes)
    _watch(search, progress, trace)
    found = printed = 0
    try:
        for sol in search:
            found += 1
            if found % every:
                continue
            printed += 1
            # Each solution is written in one piece: Ctrl-C never cuts one in half.
            if fmt == "json":
                out_whole(json.dumps({"solution": found, "options": [str(o) for o in sol]}))
            else:
                out_whole(("\n" if printed > 1 else "") + "\n".join(str(o) for o in sol))
    finally:
        if verbose:
            err(_stats_line(search.stats))
    status = search.stats.status
    if status in ("timeout", "nodes"):
        what = "time limit" if status == "timeout" else "node limit"
        err(f"dlx: stopped by the {what} after {found} solution(s); there may be more",
            quiet)
        if not found:
            raise click.exceptions.Exit(EXIT_STOPPED)
    elif not found:
        err("dlx: no solution", quiet)
        raise click.exceptions.Exit(EXIT_NO_SOLUTION)
    if found and not printed:
        err(f"dlx: {found} solution(s) found, fewer than --every {every}", quiet)


def _solve_cheapest(problem, k, fmt, timeout, max_nodes, verbose, quiet):
    """``dlx solve --min-cost`` / ``--best K``: the K cheapest solutions, cheapest first."""
    r = problem.cheapest(k, timeout=timeout, max_nodes=max_nodes)
    for n, (cost, options) in enumerate(r.solutions, 1):
        if fmt == "json":
            out_whole(json.dumps({"solution": n, "cost": cost,
                                  "options": [str(o) for o in options]}))
        else:
            out_whole(("\n" if n > 1 else "") + f"cost {cost}\n"
                      + "\n".join(str(o) for o in options))
    if verbose:
        err(_stats_line(r.stats))
    if r.status == "interrupted":
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED)
    if r.status != "complete":
        what = "time limit" if r.status == "timeout" else "node limit"
        if not r.solutions:
            err(f"dlx: stopped by the {what} before any solution", quiet)
            raise click.exceptions.Exit(EXIT_STOPPED)
        err(f"dlx: stopped by the {what}: the cheapest found so far, not proven the "
            "cheapest", quiet)
    elif not r.solutions:
        err("dlx: no solution", quiet)
        raise click.exceptions.Exit(EXIT_NO_SOLUTION)


@cli.command(context_settings=CONTEXT)
@_file_argument
@limit_option("Stop counting at N solutions (the count is then a lower bound).")
@timeout_option("Stop after SECONDS (the count is then a lower bound).")
@max_nodes_option("Stop after N search nodes (the count is then a lower bound).")
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True,
              help='line: the count; json: {"count", "exact", "status", "nodes", '
                   '"updates", "seconds"}.')
@_progress_option
@_trace_option
@memo_options("Count each subproblem once: a table maps the items left to cover (and the "
              "secondary items' colours) to their count, so a subproblem met again is not "
              "searched again.  Far faster where subproblems recur (tilings).")
@click.option("--order", type=click.Choice(["mrv", "first"]), default=None,
              help="With --memo: branch on the item with the fewest options (mrv, the "
                   "default) or on the first uncovered item in the file's order (first).")
@branching_option
@verbose_option
def count(file, limit, timeout, max_nodes, fmt, progress, trace, memo, memo_mb, order,
          branching, verbose):
    """Count the solutions of FILE.

    Prints one line starting with the count: `92` when exact, or
    `1000 (at least: limit)` when a limit stopped the search, the word in
    brackets saying which: limit, timeout, nodes or interrupted.
    Ctrl-C prints the count so far (a lower bound) and exits with 130.

    With `--memo`, FILE is counted by memoised search (each subproblem
    once); `-v` then also prints the table's hits, entries and peak memory.
    """
    if not memo and (memo_mb is not None or order is not None):
        raise click.UsageError("--memo-mb and --order are for --memo")
    if memo and (limit or progress or trace):
        raise click.UsageError("--memo takes no --limit, --progress or --trace")
    if memo and branching != "mrv":
        raise click.ClickException("--branching is for the plain search; --memo takes --order")
    problem = read_problem(file)
    if memo:
        return _count_memo(problem, memo_mb, order or "mrv", timeout, max_nodes, fmt, verbose)
    if progress or trace:
        search = problem.search(limit=limit, timeout=timeout, max_nodes=max_nodes,
                                branching=branching)
        _watch(search, progress, trace)
        result = search.count()
    else:
        result = problem.count(limit=limit, timeout=timeout, max_nodes=max_nodes,
                               branching=branching)
    st = result.stats
    if fmt == "json":
        out(json.dumps({"count": result.count, "exact": result.exact, "status": result.status,
                        "nodes": st.nodes, "updates": st.updates,
                        "seconds": round(st.seconds, 6)}))
    else:
        out(count_text(result.count, result.status))
    if verbose:
        err(_stats_line(st))
    if result.status == "interrupted":
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED)


def _count_memo(problem, memo_mb, order, timeout, max_nodes, fmt, verbose):
    """``dlx count --memo``: the count, and what the table did."""
    result = problem.count(memo=True, memo_mb=memo_mb, order=order, timeout=timeout,
                           max_nodes=max_nodes)
    st, memo = result.stats, result.memo
    if fmt == "json":
        out(json.dumps({"count": result.count, "exact": result.exact, "status": result.status,
                        "nodes": st.nodes, "updates": st.updates,
                        "seconds": round(st.seconds, 6),
                        "memo": {"hits": memo.hits, "lookups": memo.lookups,
                                 "entries": memo.entries, "peak_bytes": memo.peak_bytes,
                                 "capped": memo.capped}}))
    else:
        out(count_text(result.count, result.status))
    if memo.capped:
        err(f"dlx: the memo table reached its cap ({memo.cap_bytes / 2**20:g} MB, "
            f"{memo.entries} entries); the rest was searched without storing more "
            "subproblems (the count is exact; --memo-mb raises the cap)")
    if verbose:
        err(_stats_line(st))
        err(f"dlx: {memo.summary()}")
    if result.status == "interrupted":
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED)


@cli.command(context_settings=CONTEXT)
@_file_argument
@click.option("--probes", type=amount(), default=1000, show_default=True,
              metavar="N", help="Number of random root-to-leaf walks.")
@seed_option("Seed of the random walks.", default=0)
@timeout_option("Stop the walks after SECONDS and print the estimate from those made.")
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True,
              help='line: the two lines shown above; json: one object {"probes", "solutions", '
                   '"solutions_stderr", "nodes", "nodes_stderr", "seconds", "status"}.')
@click.option("-v", "--verbose", is_flag=True,
              help="Print the number of probes and the time on stderr.")
def estimate(file, probes, seed, timeout, fmt, verbose):
    """Estimate the number of solutions and the size of the search tree.

    Knuth's random probes: each walk follows the search's own choice of item
    at every level and picks one of its options at random; the product of the
    branching degrees estimates the tree without searching it.  Prints

    \b
        solutions MEAN +- STDERR
        nodes MEAN +- STDERR

    where STDERR is the standard error of the mean over the probes.  Estimates
    of large trees are noisy: compare the error with the mean.  When
    --timeout or Ctrl-C stops the walks early, the estimate is over the walks
    made and stderr says how many (Ctrl-C then exits with 130).
    """
    problem = read_problem(file)
    e = problem.estimate(probes, seed=seed, timeout=timeout)
    if e.probes:
        if fmt == "json":
            out(json.dumps({"probes": e.probes, "solutions": e.solutions,
                            "solutions_stderr": e.solutions_stderr, "nodes": e.nodes,
                            "nodes_stderr": e.nodes_stderr, "seconds": round(e.seconds, 6),
                            "status": e.status}))
        else:
            out_whole(f"solutions {e.solutions:.6g} +- {e.solutions_stderr:.3g}\n"
                      f"nodes {e.nodes:.6g} +- {e.nodes_stderr:.3g}")
    if e.status != "complete":
        why = "the time limit" if e.status == "timeout" else "Ctrl-C"
        err(f"dlx: {why} stopped the walks after {e.probes} of {probes} probes")
    elif verbose:
        err(f"dlx: {e.probes} probes, {e.seconds:.3f} s")
    if e.status == "interrupted":
        raise click.exceptions.Exit(EXIT_INTERRUPTED)
    if not e.probes:
        raise click.exceptions.Exit(EXIT_STOPPED)


@cli.command(context_settings=CONTEXT)
@_file_argument
@click.option("--max-k", type=click.IntRange(1, 4), default=4, show_default=True, metavar="K",
              help="Largest set-logic size tried (k base and k cover items).")
@click.option("--no-guess", "no_guess", is_flag=True,
              help="Stop where logic stalls instead of guessing (status `stalled`).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help='text: one step per line, then the status; json: one object '
                   '{"status", "guesses", "steps": [{"rule", "k", "base", "cover", "chosen", '
                   '"removed"}]}.')
def explain(file, max_k, no_guess, fmt):
    """Explain FILE step by step: forced options, set logic, guesses.

    \b
    forced   a primary item has one option left: it is taken;
    set      k base items whose options are disjoint and all hold one of
             k cover items: the cover items' other options go (k = 1..4);
    guess    no rule applies: the item with the fewest options; an option
             that forced moves refute is removed, else the first solution's
             option is taken (and later steps hold under it).

    Each step names its items and options (option lines as in FILE).  The
    last line is the status: `solved: N steps, G guesses`, `contradiction`
    (no solution) or `stalled` (with --no-guess).

    Exit status: 0 solved or stalled; 3 there is no solution.
    """
    from .logic import explain as explain_problem

    problem = read_problem(file)
    e = explain_problem(problem, max_k=max_k, guesses=not no_guess)
    if fmt == "json":
        out(json.dumps({"status": e.status, "guesses": e.guesses,
                        "steps": [s.as_dict(problem) for s in e.steps]}))
    else:
        for step in e.steps:
            out(step.text(problem))
        out(e.summary())
    if e.status == "contradiction":
        raise click.exceptions.Exit(EXIT_NO_SOLUTION)


def main(argv=None):
    """Entry point of the ``dlx`` console script."""
    return run_command(cli, "dlx", argv)


if __name__ == "__main__":  # pragma: no cover
    main()

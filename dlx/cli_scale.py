"""``dlx pcount``: counting on many cores or a Dask cluster.

``dlx pcount FILE``
    Count the solutions of a problem in Knuth's DLX format by splitting its
    search into parts (:func:`dlx.parallel.count_parallel`) and counting them
    on local worker processes (``--jobs``) or a Dask cluster
    (``--scheduler tcp://host:8786``).  ``--journal PATH`` records each
    finished part, so an interrupted run resumes where it stopped.  Prints
    one line on stdout that starts with the count, exactly as ``dlx count``
    does: ``9356``, or ``1000 (at least: limit)`` for a lower bound; with
    ``--format json`` one object.  Progress goes to stderr.

``dlx estimate`` (Knuth's random probes) lives in :mod:`dlx.cli`.

This module imports click and the light parts of :mod:`dlx` only; numba and
dask are loaded inside the commands, so ``--help`` answers at once.
"""

from __future__ import annotations

import json
import sys
import time

import click

from .cli_base import (
    CONTEXT,
    EXIT_INTERRUPTED,
    JOBS,
    branching_option,
    connect_timeout_option,
    count_text,
    err,
    isatty,
    limit_option,
    max_nodes_option,
    memo_options,
    out,
    read_problem,
    timeout_option,
)
from .errors import DLXError

__all__ = ["pcount", "COMMANDS"]

PROGRESS_EVERY = 1.0  # seconds between progress lines when stderr is not a terminal
REFRESH_EVERY = 0.1  # seconds between redraws of the in-place progress line


class _Meter:
    """Progress on stderr: one line redrawn in place on a terminal, else a line a second."""

    def __init__(self, in_place: bool):
        self.in_place = in_place
        self.last = 0.0
        self.drawn = False
        self.started: tuple | None = None  # (time, parts done) at the first report, for the ETA

    def _text(self, p) -> str:
        text = f"dlx: {p.done}/{p.total} parts"
        if p.skipped:
            text += f" ({p.skipped} from the journal)"
        text += f", {p.count} solutions so far, {p.seconds:.1f} s"
        assert self.started is not None  # set by the first report
        t0, d0 = self.started
        run, spent = p.done - d0, p.seconds - t0
        if run > 0 and spent > 0 and p.done < p.total:
            text += f", about {spent / run * (p.total - p.done):.0f} s left"
        return text

    def __call__(self, p) -> None:
        now = time.monotonic()
        if self.started is None:  # the ETA counts from the first report
            self.started = (p.seconds, p.done)
        final = p.done == p.total
        if not final and now - self.last < (REFRESH_EVERY if self.in_place else PROGRESS_EVERY):
            return
        self.last = now
        if self.in_place:
            click.echo("\r\x1b[2K" + self._text(p), nl=False, err=True)
            self.drawn = True
        else:
            click.echo(self._text(p), err=True)

    def close(self) -> None:
        if self.drawn:
            click.echo("\r\x1b[2K", nl=False, err=True)
            self.drawn = False


@click.command("pcount", context_settings=CONTEXT)
@click.argument("file", default="-", metavar="[FILE]")
@click.option("--depth", type=click.IntRange(min=0), metavar="D",
              help="Cut the search at depth D into parts (default: the shallowest cut "
                   "giving 16 parts per worker; when resuming, the journal's depth).")
@click.option("--jobs", "-j", type=JOBS, metavar="N",
              help="Worker processes on this machine [default, or 0: one per CPU]; 1 "
                   "counts the parts in this process.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Count the parts on the Dask cluster whose scheduler is at ADDRESS, "
                   "e.g. tcp://10.0.0.5:8786 (needs numba-dlx[cluster] here and on the "
                   "workers).  The scheduler and its workers run the code they are sent: "
                   "use only one you trust.")
@connect_timeout_option
@click.option("--journal", type=click.Path(dir_okay=False), metavar="PATH",
              help="Record every finished part in PATH (JSON lines); run again with the "
                   "same PATH to resume without recounting finished parts.  A file that is "
                   "not such a journal, or is damaged, is refused and left as it is; one "
                   "run at a time per PATH.")
@limit_option("Stop once N solutions are counted (the count is then a lower bound).")
@timeout_option("Stop the whole run after SECONDS (the count is then a lower bound).")
@max_nodes_option("Stop any single part after N search nodes (the count is then a lower "
                  "bound; with --journal a rerun searches such parts again).")
@click.option("--format", "fmt", type=click.Choice(["line", "json"]), default="line",
              show_default=True,
              help='line: the count; json: {"count", "exact", "status", "depth", "parts", '
                   '"done", "skipped", "missing", "above", "nodes", "seconds", "workers", '
                   '"backend"}.')
@click.option("--progress/--quiet", " /-q", "show_progress", default=None,
              help="Progress on stderr: by default only when stderr is a terminal; "
                   "--progress prints it anyway (a line a second), --quiet never, nor "
                   "any other message but errors.")
@branching_option
@memo_options("Count each part by memoised search (see `dlx count --memo`): a table per "
              "part, in each worker.  Not with --limit.")
@click.option("-v", "--verbose", is_flag=True,
              help="Print a summary on stderr: depth, parts, workers, nodes, time.")
def pcount(file, depth, jobs, scheduler, connect_timeout, journal, limit, timeout, max_nodes,
           fmt, show_progress, branching, memo, memo_mb, verbose):
    """Count the solutions of FILE in parallel, on this machine's cores or a Dask cluster.

    The search is cut at a depth into independent parts (each fixes the
    first choices of the search); the parts are counted by worker processes
    (--jobs) or on a Dask cluster (--scheduler) and their counts added.  The
    total is exactly what `dlx count` prints.

    Prints one line starting with the count: `9356` when exact, or
    `1000 (at least: limit)` when --limit, --timeout, --max-nodes or Ctrl-C
    stopped the run.  Ctrl-C stops the workers, prints the count so far
    and exits with 130 (SIGTERM, SIGHUP: the same, with 143, 129); with
    --journal, the finished parts are kept.

    Estimate first with `dlx estimate FILE`: it predicts the number of
    solutions and search nodes in a fraction of a second.
    """
    if scheduler is not None and jobs is not None:
        raise click.UsageError("give either --jobs (local processes) or --scheduler "
                               "(a Dask cluster), not both")
    if memo_mb is not None and not memo:
        raise click.ClickException("--memo-mb is for --memo")
    if memo and (limit is not None or branching != "mrv"):
        raise click.ClickException("--memo takes no --limit or --branching (it counts each "
                                   "part whole, by its own branching)")
    problem = read_problem(file)
    from .parallel import count_parallel

    meter = None
    if show_progress or (show_progress is None and isatty(sys.stderr)):
        meter = _Meter(in_place=isatty(sys.stderr))
    try:
        result = count_parallel(problem, depth=depth, jobs=jobs, client=scheduler,
                                progress=meter, journal=journal, limit=limit,
                                timeout=timeout, max_nodes=max_nodes,
                                connect_timeout=connect_timeout, branching=branching,
                                memo=memo, memo_mb=memo_mb)
    except DLXError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        if meter is not None:
            meter.close()
    if fmt == "json":
        out(json.dumps({"count": result.count, "exact": result.exact, "status": result.status,
                        "depth": result.depth, "parts": result.n_parts, "done": result.done,
                        "skipped": result.skipped, "missing": result.missing,
                        "above": result.above, "nodes": result.nodes,
                        "seconds": round(result.seconds, 6), "workers": result.workers,
                        "backend": result.backend}))
    else:
        out(count_text(result.count, result.status))
    quiet = show_progress is False
    if verbose and not quiet:
        where = {"inline": "in this process", "processes": "in local processes",
                 "dask": "on a Dask cluster"}[result.backend]
        workers = f"{result.workers} worker{'s' if result.workers != 1 else ''} {where}"
        err(f"dlx: depth {result.depth}, {result.n_parts} parts ({result.done} counted, "
            f"{result.skipped} from the journal, {result.missing} not run), "
            f"{result.above} solutions above the cut; {workers}; "
            f"{result.nodes} nodes, {result.seconds:.3f} s, {result.status}")
    if result.status == "interrupted":
        err("interrupted")
        raise click.exceptions.Exit(EXIT_INTERRUPTED)


#: Commands for the ``dlx`` group: ``for c in COMMANDS: cli.add_command(c)``.
COMMANDS = [pcount]

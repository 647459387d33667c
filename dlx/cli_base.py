"""What the ``dlx`` and ``sudoku`` command lines share: exit statuses, errors, output, options.

`CliGroup` turns every deliberate error of the library (`dlx.DLXError`) into
a one-line ``Error: ...`` and exit status 1, never a traceback; Ctrl-C into
exit status 130 after what was printed; a closed stdout pipe into a quiet
end.  `run_command` makes SIGTERM and SIGHUP stop a command as Ctrl-C does
(workers stopped, temporary files removed), with exit status 128 + the
signal's number.  The option factories give the same name, metavar and
range checks to ``--limit``, ``--timeout``, ``--max-nodes``, ``--seed`` and
``--connect-timeout`` everywhere.

Importing this module imports click and nothing of numba or numpy, so that
``--help`` and ``--version`` answer at once.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import io
import math
import os
import signal
import sys
import threading
import time
import warnings
from typing import NoReturn

import click

from .errors import DLXError
from .validate import INT64_MAX, MAX_JOBS

__all__ = [
    "CONTEXT", "EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_NO_SOLUTION",
    "EXIT_OK", "EXIT_STOPPED", "EXIT_USAGE", "JOBS", "SECONDS", "STOP_SIGNALS", "CliGroup",
    "amount",
    "connect_timeout_option", "count_text", "err", "isatty", "limit_option",
    "max_nodes_option", "open_input", "out", "out_whole", "quiet_option", "read_problem",
    "run_command", "seed_option", "timeout_option", "verbose_option", "branching_option",
    "memo_options", "BRANCHINGS",
]

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_NO_SOLUTION = 3
EXIT_STOPPED = 4
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for `... | head`
# SIGTERM and SIGHUP end a command with 128 + their number (143, 129), as a shell reports
# a process that they killed.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class CliGroup(click.Group):
    """A click group that turns library errors and Ctrl-C into exit statuses.

    ``DLXError`` (every deliberate error of ``dlx`` and ``sudoku``) becomes a
    one-line ``Error: ...`` message and exit status 1, never a traceback;
    Ctrl-C exits with 130 after what was printed; a closed stdout pipe ends
    the program quietly.
    """

    def __init__(self, *args, lazy_commands=None, **kwargs):
        super().__init__(*args, **kwargs)
        # name -> "module:attribute": imported on first use, which keeps --help
        # light and lets such a module import this one's helpers without a cycle
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx, name):
        if name not in self.commands and name in self.lazy_commands:
            module, _, attribute = self.lazy_commands[name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except DLXError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            _flush_quietly()
            click.echo("interrupted", err=True)
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # The reader went away (``| head``): stop quietly, and keep Python
            # from complaining again when it flushes stdout at exit.
            _stdout_to_devnull()
            raise click.exceptions.Exit(EXIT_BROKEN_PIPE) from None


def _flush_quietly():
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass


def open_input(path: str):
    """Open ``path`` (``-`` is stdin) as UTF-8 text; returns ``(stream, name)``.

    Undecodable bytes become U+FFFD, which the parsers report with a line and
    column, rather than a UnicodeDecodeError traceback.

    Raises
    ------
    click.ClickException
        The file cannot be opened (exit status 1, message names the file).
    """
    if path == "-":
        if sys.stdin is None:  # started with its stdin closed (``<&-``)
            raise click.ClickException("cannot read <stdin>: standard input is closed")
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:  # already text (an embedding program replaced sys.stdin)
            return sys.stdin, "<stdin>"
        return io.TextIOWrapper(raw, encoding="utf-8", errors="replace"), "<stdin>"
    try:
        return open(path, encoding="utf-8", errors="replace"), path
    except OSError as exc:
        raise click.ClickException(f"cannot read {path}: {exc.strerror or exc}") from None


def isatty(stream) -> bool:
    """Is ``stream`` a terminal?  False for a closed stream or one without ``isatty``."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def count_text(count: int, status: str) -> str:
    """A count line: ``92`` when exact, ``1000 (at least: limit)`` for a lower bound."""
    if status == "complete":
        return str(count)
    return f"{count} (at least: {status})"


def out(line: str = "") -> None:
    """Print one line of results on stdout and flush it (Ctrl-C keeps it)."""
    click.echo(line)
    sys.stdout.flush()


def out_whole(text: str) -> None:
    """Print one result of several lines on stdout whole, even if Ctrl-C comes meanwhile.

    A signal that arrives while a write waits on a full pipe would otherwise
    stop it part way (Python does not retry a write whose signal handler
    raised), leaving half a result for the next program to read.  The signals
    that end the program wait while the text is written and flushed, and take
    effect as soon as it is out.
    """
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # pragma: no cover (Windows: no signal masks, no EINTR on pipes)
        out(text)
        return
    previous = mask(signal.SIG_BLOCK, {signal.SIGINT, *STOP_SIGNALS})
    try:
        out(text)
    finally:
        mask(signal.SIG_SETMASK, previous)


def err(message: str, quiet: bool = False) -> None:
    """Print a message on stderr unless ``quiet``."""
    if not quiet:
        click.echo(message, err=True)


class Seconds(click.FloatRange):
    """A positive number of seconds, ``inf`` allowed: what every time option takes.

    click's FloatRange lets ``nan`` through (no comparison with it is true);
    a time limit of ``nan`` would silently mean none.
    """

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number of seconds.", param, ctx)
        return number


SECONDS = Seconds()

# --jobs everywhere: more is refused as a usage error before anything starts.
JOBS = click.IntRange(min=0, max=MAX_JOBS)


class _Amount(click.IntRange):
    def _describe_range(self) -> str:
        return f"x>={self.min}"  # (the int64 ceiling is no help in --help)

    def convert(self, value, param, ctx):
        number = click.INT.convert(value, param, ctx)
        if number > INT64_MAX:
            self.fail(f"{number} is more than the largest allowed, {INT64_MAX}.", param, ctx)
        return super().convert(number, param, ctx)


def amount(least: int = 1) -> click.IntRange:
    """The type of an option that counts work to do (puzzles, probes, tries): whole
    numbers from ``least`` up to what the kernels hold; more is a usage error.  (Budgets
    a search stops at, --limit and --max-nodes, take any size: the library caps them.)"""
    return _Amount(min=least, max=INT64_MAX)


def limit_option(help_text):
    return click.option("--limit", type=click.IntRange(min=1), metavar="N", help=help_text)


def timeout_option(help_text):
    return click.option("--timeout", type=SECONDS,
                        metavar="SECONDS", help=help_text)


def max_nodes_option(help_text):
    return click.option("--max-nodes", type=click.IntRange(min=1), metavar="N",
                        help=help_text)


# The default is dlx.parallel.CONNECT_TIMEOUT, not imported here to keep --help light
# (tests/test_scheduler.py checks that they agree).
connect_timeout_option = click.option(
    "--connect-timeout", type=SECONDS, metavar="SECONDS",
    help="With --scheduler: give up after SECONDS (default 10) when no Dask scheduler "
         "answers at ADDRESS, and again when no worker joins it.")


def seed_option(help_text, default=None):
    return click.option("--seed", type=click.IntRange(min=0), metavar="N", default=default,
                        show_default=default is not None, help=help_text)


BRANCHINGS = ("mrv", "weighted", "plain", "sharp")  # dlx.search.BRANCHINGS, without numpy
branching_option = click.option(
    "--branching", type=click.Choice(BRANCHINGS), default="mrv", show_default=True,
    help="Which item to branch on: mrv (fewest options, ties at two weighed), weighted "
         "(ties at every length weighed: smaller N-queens trees), plain (Knuth's DLX1: the "
         "first of the shortest), sharp (items named #... first while they have two or "
         "more options, as Knuth's sharp preference).")


def memo_options(what):
    """``--memo`` and ``--memo-mb`` for ``what`` (a command's help text for --memo)."""
    def apply(f):
        f = click.option("--memo-mb", type=click.FloatRange(min=0, min_open=True),
                         metavar="MB",
                         help="With --memo: the most memory the table may take, in megabytes "
                              "(default 256).  Past it the count goes on without storing "
                              "more, exact.")(f)
        return click.option("--memo", is_flag=True, help=what)(f)
    return apply


quiet_option = click.option("--quiet", "-q", is_flag=True,
                            help="No messages on stderr except errors.")
verbose_option = click.option("-v", "--verbose", is_flag=True,
                              help="Print search statistics on stderr.")


def read_problem(path):
    """The problem in Knuth's format in ``path`` (``-``: stdin); errors name the file."""
    from .knuth import read_knuth

    stream, name = open_input(path)
    try:
        with warnings.catch_warnings(record=True) as caught:  # (dropped options)
            warnings.simplefilter("always")
            problem = read_knuth(stream, source=name)
        for w in caught:
            err(f"dlx: {w.message}")
        return problem
    except OSError as exc:
        raise click.ClickException(f"cannot read {name}: {exc.strerror or exc}") from None
    finally:
        if path != "-":
            stream.close()


def run_command(group: click.Group, prog_name: str, argv=None):
    """Run a command-line group as a short-lived process: the console scripts' ``main``.

    SIGTERM and SIGHUP (unless ignored, as under ``nohup``) stop the command
    as Ctrl-C does: a KeyboardInterrupt in the main thread, so that worker
    processes are stopped and temporary files removed on the way out, and the
    exit status is 128 + the signal's number.  A second such signal ends the
    process at once (its workers follow: they watch it).

    numba leaves about a hundred thousand objects in reference cycles.  At
    Python's default thresholds the cycle collector walks all of them now and
    then while a command runs (each puzzle answered makes a few objects for it
    to count, all freed by reference counting), and once more as the process
    ends, which together take a good part of a short command's time.  So it
    runs less often here, and the objects left at exit are frozen rather than
    collected: the process frees its memory by ending.
    """
    if sys.stdout is None:  # started with its stdout closed (``>&-``)
        click.echo(f"Error: {prog_name}: standard output is closed: nowhere to write "
                   "the results", err=True)
        raise SystemExit(EXIT_BAD_INPUT)
    previous = _WatchedStdout.install()
    try:
        return _run(group, prog_name, argv)
    finally:  # (for a caller in the same process: its stdout back as it was)
        if previous is not None:
            _flush_quietly()
            sys.stdout = previous


def _run(group: click.Group, prog_name: str, argv):
    gc.set_threshold(100_000, 20, 20)
    # Before the command imports numba and the rest, so it runs after their exit hooks.
    atexit.register(gc.freeze)
    with _StopSignals() as stop:
        try:
            try:
                group.main(args=argv, prog_name=prog_name)
            except SystemExit:
                # Results still in stdout's buffer go out now, while a failure to
                # write them can be reported, rather than at exit where Python
                # prints its own traceback-like complaint and exits with 120.
                sys.stdout.flush()
                raise
        except SystemExit as exc:
            if stop.received is None:
                if exc.code == EXIT_INTERRUPTED:
                    _exit_without_hanging(EXIT_INTERRUPTED)
                raise
            code = 128 + stop.received
        except OSError as exc:
            if stop.received is None:
                _output_failed(exc)
            code = 128 + stop.received
        except BaseException:
            if stop.received is None:
                raise
            code = 128 + stop.received
    # Stopped by a signal, whatever the way out was: the command's "interrupted"
    # exit, or an error writing to a terminal that hung up.
    _flush_quietly()
    _exit_without_hanging(code)
    raise SystemExit(code)


def _output_failed(exc: OSError) -> NoReturn:
    """End a command whose output could not be written (a full disk, a lost device).

    Every read error is reported where it happens, naming the file; an OSError
    that reaches here comes from writing, nearly always to stdout.  One line on
    stderr and exit status 1; stdout is pointed at the null device first, so
    that what is left in its buffer does not fail again as Python exits.
    """
    if exc.filename:
        where = f"cannot write to {exc.filename}: "
    elif exc is _WatchedStdout.failure:
        where = "cannot write to standard output: "
    else:
        where = ""
    _stdout_to_devnull()
    if isinstance(exc, BrokenPipeError):  # the reader went away: a quiet end, as for ``| head``
        raise SystemExit(EXIT_BROKEN_PIPE)
    click.echo(f"Error: {where}{exc.strerror or exc}", err=True)
    raise SystemExit(EXIT_BAD_INPUT)


class _WatchedStdout(io.FileIO):
    """Standard output's file, remembering the error of a write that failed.

    A failed write surfaces as a bare OSError (no file name) wherever a
    buffer happened to be flushed; this is how `_output_failed` knows that
    the failure was stdout's.  Only whole buffers pass through here, so the
    Python-level method costs nothing measurable.
    """

    failure: OSError | None = None

    def write(self, data):
        try:
            return super().write(data)
        except OSError as exc:
            _WatchedStdout.failure = exc
            raise

    @classmethod
    def install(cls):
        """Put sys.stdout on a watched file, with the same encoding and buffering;
        returns the stream it replaced (None when it is no real file)."""
        old = sys.stdout
        try:
            fd = old.fileno()
        except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
            return None  # not a real file (a test's capture): nothing to watch
        old.flush()
        raw = cls(fd, "w", closefd=False)
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=old.encoding,
                                      errors=old.errors,
                                      line_buffering=bool(old.line_buffering))
        return old


def _stdout_to_devnull() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


EXIT_WAIT = 5.0  # seconds a stopped command waits for its executors' threads at exit


def _exit_without_hanging(code: int) -> None:
    """End a stopped command now if threads it abandoned would hold up the exit.

    Python joins the threads of every thread and process pool as it exits.  A
    pool stopped part way (Ctrl-C, SIGTERM) normally lets its threads end
    within moments, but the process pool of Python before 3.12 can leave its
    manager thread waiting for workers that were killed, and the exit would
    then wait for ever.  So after `EXIT_WAIT` seconds the process ends without
    that join, its output flushed (temporary files are removed before this).
    """
    main = threading.main_thread()
    deadline = time.monotonic() + EXIT_WAIT
    for thread in threading.enumerate():
        if thread is not main and not thread.daemon:
            thread.join(max(0.0, deadline - time.monotonic()))
    if any(t is not main and not t.daemon and t.is_alive() for t in threading.enumerate()):
        _flush_quietly()
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os._exit(code)


class _StopSignals:
    """While active, SIGTERM and SIGHUP raise KeyboardInterrupt in the main thread."""

    def __init__(self):
        self.received: int | None = None
        self._previous: dict = {}

    def _handle(self, signum, frame):
        if self.received is None:
            self.received = signum
            raise KeyboardInterrupt
        # A second signal while the first one's clean-up runs: end now.
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    def __enter__(self) -> _StopSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                previous = signal.getsignal(signum)
                if previous == signal.SIG_DFL:  # not ignored (nohup), not someone else's
                    self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)

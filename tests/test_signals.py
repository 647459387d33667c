"""SIGTERM and SIGHUP stop a command as Ctrl-C does; no process or temporary file stays.

The real commands run in subprocesses with a private TMPDIR: ``dlx pcount
--jobs 2`` (a fork server, a resource tracker, two worker processes and the
problem's pickle in the temporary directory), ``sudoku generate --jobs 2``
(worker processes) and ``sudoku solve --jobs 2`` (threads).  Once the work
runs, the test sends the signal and checks: exit status 128 + the signal's
number within a few seconds, no traceback, every process that descended
from the command gone, the temporary directory empty.  When the command is
killed outright (SIGKILL, which it cannot handle), its workers must still
go.  Linux only: descendants are found in /proc.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
    pytest.mark.slow,
]

ROOT = Path(__file__).resolve().parent.parent
# Seconds for a command to start its workers: numba may compile first, and on a loaded
# machine that takes minutes.  A deadline only: the tests go on as soon as they are ready.
READY = 600.0
STOPS_WITHIN = 10.0  # seconds from the signal to the command's exit
GONE_WITHIN = 10.0  # seconds from the command's exit to the end of its descendants
STOP_SIGNALS = {"SIGTERM": 143, "SIGHUP": 129}


# ------------------------------------------------------------------ /proc
def _stat(pid: int):
    """``(ppid, start time, state)`` of a process, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (name) "
    return int(fields[1]), int(fields[19]), fields[0]


def descendants(pid: int) -> set:
    """``{(pid, start time)}`` of every process below ``pid``."""
    children: dict = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None:
                children.setdefault(st[0], []).append((int(entry), st[1]))
    found: set = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child[0])
    return found


def alive(procs: set) -> list:
    """The processes of ``procs`` still running (the same process, not a reused pid)."""
    out = []
    for pid, start in procs:
        st = _stat(pid)
        if st is not None and st[1] == start and st[2] != "Z":
            out.append(pid)
    return out


# ------------------------------------------------------------ the command
def _default_signals():
    # Take the signals as a user's process would, even where these tests run with
    # them ignored (under nohup, or as a background job).
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)


class Command:
    """A command-line run in a subprocess, with its own TMPDIR and output files."""

    def __init__(self, tmp_path: Path, args: list, stdin=subprocess.DEVNULL, env=None):
        self.tmp = tmp_path / "tmp"
        self.tmp.mkdir()
        self.out_path = tmp_path / "stdout"
        self.err_path = tmp_path / "stderr"
        env = dict(os.environ, **(env or {}), TMPDIR=str(self.tmp), PYTHONPATH=os.pathsep.join(
            [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen([sys.executable, "-m", *args], stdin=stdin,
                                         stdout=out, stderr=err, cwd=ROOT, env=env,
                                         preexec_fn=_default_signals)
        self.seen: set = set()

    def wait_until(self, ready, what: str) -> None:
        deadline = time.monotonic() + READY
        while not ready():
            if self.proc.poll() is not None:
                pytest.fail(f"the command ended before {what}: {self.stderr()}")
            if time.monotonic() > deadline:
                pytest.fail(f"no {what} after {READY:g} s: {self.stderr()}")
            time.sleep(0.1)

    def workers(self) -> set:
        self.seen |= descendants(self.proc.pid)
        return self.seen

    def signal_and_wait(self, signum: int) -> float:
        """Send ``signum``; seconds until the command ended."""
        self.workers()
        t0 = time.monotonic()
        self.proc.send_signal(signum)
        self.proc.wait(timeout=60)
        return time.monotonic() - t0

    def leftovers(self) -> list:
        deadline = time.monotonic() + GONE_WITHIN
        while alive(self.seen) and time.monotonic() < deadline:
            time.sleep(0.1)
        return alive(self.seen)

    def stdout(self) -> str:
        return self.out_path.read_text()

    def stderr(self) -> str:
        return self.err_path.read_text()

    def close(self) -> None:
        # Whatever the test found, leave nothing running.
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for pid in alive(self.seen):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


@pytest.fixture
def command(tmp_path):
    made = []

    def start(args, **kwargs):
        made.append(Command(tmp_path, args, **kwargs))
        return made[-1]

    yield start
    for c in made:
        c.close()


@pytest.fixture(scope="module")
def long_problem(tmp_path_factory):
    """16 queens in Knuth's format: a count that takes minutes with two workers."""
    n = 16
    head = ([f"R{i}" for i in range(n)] + [f"C{j}" for j in range(n)] + ["|"]
            + [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)])
    rows = [f"R{i} C{j} A{i + j} B{i - j + n - 1}" for i in range(n) for j in range(n)]
    path = tmp_path_factory.mktemp("problem") / "q16.dlx"
    path.write_text("\n".join([" ".join(head)] + rows) + "\n")
    return str(path)


def check_stopped(c: Command, signum: int, status: int) -> None:
    seconds = c.signal_and_wait(signum)
    errs = c.stderr()
    assert c.proc.returncode == status, errs
    assert seconds < STOPS_WITHIN
    assert "Traceback" not in errs and errs.endswith("interrupted\n"), errs
    assert "Exception ignored" not in errs, errs
    assert c.leftovers() == [], "processes left running"
    assert sorted(os.listdir(c.tmp)) == [], "temporary files left"


# ------------------------------------------------------------------ tests
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(STOP_SIGNALS))
def test_pcount_stops_its_workers_and_removes_the_pickle(command, long_problem, name):
    c = command(["dlx", "pcount", long_problem, "--jobs", "2"])
    c.wait_until(lambda: any(f.startswith("dlx-shared-") for f in os.listdir(c.tmp))
                 and len(c.workers()) >= 4, "workers and shared problem file")
    check_stopped(c, getattr(signal, name), STOP_SIGNALS[name])
    assert c.stdout().endswith(" (at least: interrupted)\n")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(STOP_SIGNALS))
def test_generate_stops_its_workers(command, name):
    c = command(["sudoku", "generate", "-n", "1000000", "--jobs", "2", "--seed", "1",
                 "--quiet"])
    c.wait_until(lambda: len(c.workers()) >= 4, "worker processes")
    time.sleep(1.0)  # let them make puzzles
    check_stopped(c, getattr(signal, name), STOP_SIGNALS[name])


@pytest.mark.slow
def test_solve_on_threads_stops(command):
    line = next(t for t in (ROOT / "puzzles" / "16x16.txt").read_text().splitlines()
                if t and not t.startswith("#")) + "\n"
    c = command(["sudoku", "solve", "-", "--jobs", "2"], stdin=subprocess.PIPE)
    stop = threading.Event()

    def feed():  # puzzles for as long as the command reads them
        try:
            while not stop.is_set():
                c.proc.stdin.write((line * 64).encode())
        except (BrokenPipeError, ValueError, OSError):
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        c.wait_until(lambda: c.out_path.stat().st_size > 0, "solutions")
        check_stopped(c, signal.SIGTERM, 143)
    finally:
        stop.set()
        try:
            c.proc.stdin.close()
        except OSError:
            pass
        feeder.join(10)


@pytest.mark.parametrize("delay", [0.0, 0.5])
@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_signal_while_numba_compiles_stops_the_command(command, tmp_path, name, delay):
    # With an empty cache the count's kernel compiles first; the signal comes meanwhile,
    # and may be handled within one of LLVM's callbacks into Python (see dlx._jit).
    puzzle = tmp_path / "empty.txt"
    puzzle.write_text("." * 81 + "\n")  # counting its solutions would never end
    c = command(["sudoku", "count", str(puzzle)],
                env={"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "DLX_NO_COMPILE_NOTICE": ""})
    c.wait_until(lambda: "compiling" in c.stderr(), "the compile notice")
    time.sleep(delay)
    check_stopped(c, getattr(signal, name), 128 + getattr(signal, name))


def test_workers_end_when_the_command_is_killed(command, long_problem):
    # SIGKILL cannot be handled: the workers notice that the command has gone,
    # and with them go the fork server and the resource tracker.
    c = command(["dlx", "pcount", long_problem, "--jobs", "2"])
    c.wait_until(lambda: len(c.workers()) >= 4, "worker processes")
    c.signal_and_wait(signal.SIGKILL)
    assert c.proc.returncode == -signal.SIGKILL
    assert c.leftovers() == [], "processes left running"


def test_second_signal_ends_at_once_and_nohup_is_respected(tmp_path):
    # Cheap, without numba: a command that signals itself.
    code = """if True:
        import os, signal, sys, time, click
        from dlx.cli_base import CliGroup, run_command

        @click.group(cls=CliGroup)
        def cli():
            pass

        @cli.command()
        @click.argument("n", type=int)
        def stop(n):
            try:
                for _ in range(n):
                    os.kill(os.getpid(), signal.SIGTERM)
                    time.sleep(0.2)
            except KeyboardInterrupt:
                if n > 1:  # the clean-up is slow: a second signal comes
                    os.kill(os.getpid(), signal.SIGTERM)
                    time.sleep(5)
                raise
            print("not stopped")

        if sys.argv[1] == "nohup":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        run_command(cli, "test", ["stop", sys.argv[2]])
    """
    def run(*args):
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                              text=True, timeout=60, cwd=ROOT, preexec_fn=_default_signals)

    r = run("-", "1")
    assert (r.returncode, r.stdout, r.stderr) == (143, "", "interrupted\n")
    t0 = time.monotonic()
    r = run("-", "2")
    assert r.returncode == -signal.SIGTERM and time.monotonic() - t0 < 4
    r = run("nohup", "1")  # an ignored signal stays ignored
    assert (r.returncode, r.stdout) == (0, "not stopped\n")


@pytest.mark.slow
def test_a_stopped_command_does_not_wait_for_threads_it_abandoned(tmp_path):
    # A pool thread that never ends (as Python 3.11's process-pool manager can
    # when its workers are killed) must not hold up the exit after Ctrl-C or a
    # stop signal: the command ends within EXIT_WAIT, its output flushed.
    script = tmp_path / "stuck.py"
    script.write_text(
        "import threading, click\n"
        "from dlx.cli_base import CliGroup, run_command\n"
        "@click.group(cls=CliGroup)\n"
        "def cli():\n"
        "    pass\n"
        "@cli.command()\n"
        "def go():\n"
        "    threading.Thread(target=threading.Event().wait).start()\n"
        "    print('made', flush=False)\n"
        "    raise KeyboardInterrupt\n"
        "run_command(cli, 'stuck', ['go'])\n")
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=60, cwd=ROOT)
    assert r.returncode == 130 and r.stdout == "made\n"
    assert r.stderr.endswith("interrupted\n") and "Traceback" not in r.stderr
    assert time.monotonic() - t0 < 30

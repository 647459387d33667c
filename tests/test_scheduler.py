"""``--scheduler`` / ``client=`` at an address that is not a Dask scheduler.

Each kind of wrong address must end the command within the connect timeout
(plus the start-up of Python), with exit status 1 and one ``Error:`` line on
stderr that says what is wrong: nothing listening (refused), a listener that
says nothing, a listener that answers with bytes that are not Dask's (among
them a length prefix of 3 EiB, which dask.distributed would try to allocate).
A real scheduler over TCP still works.  Skipped without dask.distributed.
"""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from dlx.examples import queens  # noqa: E402
from dlx.parallel import CONNECT_TIMEOUT, ClusterError, count_parallel  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STARTUP = 15.0  # seconds a command may take to start and read its input on a busy machine

GARBAGE = {
    "ff": b"\xff" * 64,
    "3EiB": struct.pack("<Q", 3 << 60) + bytes(56),
    "http": b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
}


@pytest.fixture
def refused_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture
def silent_port():
    # The kernel completes the TCP handshake for a listening socket; nobody
    # ever reads or writes.
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    yield s.getsockname()[1]
    s.close()


@pytest.fixture(params=sorted(GARBAGE))
def garbage_port(request):
    payload = GARBAGE[request.param]
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.2)
    stop = threading.Event()
    accepted = []

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except (TimeoutError, OSError):
                continue
            accepted.append(conn)
            try:
                conn.sendall(payload)  # then keep the connection open, saying no more
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join(5)
    server.close()
    for conn in accepted:
        conn.close()


def run_cli(args, timeout):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                       timeout=timeout + STARTUP + 60, cwd=ROOT, env=env)
    return r, time.monotonic() - t0


COMMANDS = {
    "pcount": ["dlx", "pcount", "puzzles/queens8.dlx"],
    "solve": ["sudoku", "solve", "puzzles/classic.txt"],
}


def check_failure(args, timeout, *, expect, wait=True):
    """Run a command that must fail; ``wait``: it may use its connect timeout."""
    r, seconds = run_cli([*args, "--connect-timeout", str(timeout)], timeout)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert expect in lines[0], lines[0]
    assert r.stdout == ""
    assert seconds < (timeout if wait else 0) + STARTUP
    return lines[0]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_refused_port_fails_at_once(command, refused_port):
    # A connection refused is not retried: ten seconds to wait for nothing.
    line = check_failure([*COMMANDS[command], "--scheduler", f"tcp://127.0.0.1:{refused_port}"],
                         30, expect="connection refused", wait=False)
    assert f"127.0.0.1:{refused_port}" in line


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_silent_listener_fails_within_the_timeout(command, silent_port):
    t0 = time.monotonic()
    line = check_failure([*COMMANDS[command], "--scheduler", f"127.0.0.1:{silent_port}"], 2,
                         expect="is not a Dask scheduler")
    assert "within 2 s" in line
    assert time.monotonic() - t0 >= 2  # it did wait for a greeting


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_garbage_answer_is_not_a_scheduler(command, garbage_port):
    check_failure([*COMMANDS[command], "--scheduler", f"tcp://127.0.0.1:{garbage_port}"], 30,
                  expect="not in Dask's protocol", wait=False)


def test_api_errors(refused_port, silent_port, garbage_port):
    for port, expect in [(refused_port, "connection refused"),
                         (silent_port, "did not greet"),
                         (garbage_port, "not in Dask's protocol")]:
        t0 = time.monotonic()
        with pytest.raises(ClusterError, match=expect):
            count_parallel(queens(6), client=f"tcp://127.0.0.1:{port}", connect_timeout=1)
        assert time.monotonic() - t0 < 5
    with pytest.raises(ClusterError, match="not a scheduler address"):
        count_parallel(queens(6), client="tcp://127.0.0.1", connect_timeout=1)


def test_default_connect_timeout_is_short():
    assert 0 < CONNECT_TIMEOUT <= 10


@pytest.mark.parametrize("command", ["dlx pcount", "sudoku solve", "sudoku check",
                                     "sudoku count"])
def test_help_says_the_scheduler_is_trusted(command):
    from click.testing import CliRunner

    from dlx.cli import cli as dlx_cli
    from sudoku.cli import cli as sudoku_cli

    group = dlx_cli if command.startswith("dlx") else sudoku_cli
    r = CliRunner().invoke(group, [command.split()[1], "--help"], terminal_width=200)
    text = " ".join(r.stdout.split())
    assert "run the code they are sent: use only one you trust" in text
    assert "--connect-timeout SECONDS" in text
    assert f"give up after SECONDS (default {CONNECT_TIMEOUT:g})" in text


def test_real_scheduler_over_tcp():
    # The greeting check lets a real scheduler through.
    import distributed

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", dashboard_address=":0") as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://")
        r = count_parallel(queens(8), client=address, depth=2, connect_timeout=5)
        assert (r.count, r.exact, r.backend) == (92, True, "dask")

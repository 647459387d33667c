"""Tests of kernel loading (dlx._jit): the compile notice, and numba's cache directory.

The notice must appear when, and only when, numba really compiles: checked in
new processes against an empty, then a filled ``NUMBA_CACHE_DIR`` (a filled
one also loaded slowly).  A read-only install with a read-only home must
still run, caching in a temporary directory: checked by copying the package
into a read-only directory and running it as a user who cannot write there.
"""

from __future__ import annotations

import ctypes
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import types

import numba
import pytest
from numba.core import config as numba_config
from numba.core import event

from dlx import _jit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FALLBACK = "dlx: numba cannot write its cache in "


def _env(**extra):
    """This environment without the settings under test, plus ``extra``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DLX_NO_COMPILE_NOTICE", "NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT")}
    env.update(extra)
    return env


def _python(code, env, timeout=300):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=timeout)


# A child that loads one kernel, `unwind` (the quickest to compile), and reports on
# stdout, for whatever it writes on stderr, whether a helper `unwind` calls had been
# compiled yet: the notice must come before the compiling, not after.
LOAD_UNWIND = """
    import sys, time
    from dlx import _jit, _kernel

    class Err:
        def write(self, text):
            if text.strip():
                helper = len(_kernel._unwind_to.overloads)
                sys.__stderr__.write(f"{text.strip()} [helper compiled: {helper}]\\n")
        def flush(self):
            pass

    sys.stderr = Err()
    start = time.perf_counter()
    _jit.kernel("unwind")
    print(f"{time.perf_counter() - start:.3f}")
"""


@pytest.fixture(scope="module")
def filled_cache():
    """A NUMBA_CACHE_DIR filled by a first run, and what that run printed."""
    path = tempfile.mkdtemp(prefix="dlx-test-cache-")
    try:
        first = _python(LOAD_UNWIND, _env(NUMBA_CACHE_DIR=path))
        yield path, first
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.mark.slow
def test_notice_printed_before_compiling_on_an_empty_cache(filled_cache):
    path, first = filled_cache
    assert first.returncode == 0, first.stderr
    assert first.stderr == _jit.NOTICE + " [helper compiled: 0]\n"
    assert any(name.endswith(".nbc") for _, _, files in os.walk(path) for name in files)


def test_no_notice_on_a_filled_cache(filled_cache):
    path, _ = filled_cache
    r = _python(LOAD_UNWIND, _env(NUMBA_CACHE_DIR=path))
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""


def test_no_notice_on_a_filled_cache_loaded_slowly(filled_cache):
    # A busy machine: every load from numba's cache takes 0.8 s more (a notice on a
    # timer, say after 0.5 s, would wrongly claim to compile).
    path, _ = filled_cache
    slow = """
        import time
        from numba.core import caching
        load = caching.Cache.load_overload
        def slow_load(self, *args, **kwargs):
            time.sleep(0.8)
            return load(self, *args, **kwargs)
        caching.Cache.load_overload = slow_load
    """
    r = _python(textwrap.dedent(slow) + textwrap.dedent(LOAD_UNWIND),
                _env(NUMBA_CACHE_DIR=path))
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert float(r.stdout) >= 0.8  # the slow load did happen


@pytest.fixture
def notice_state(monkeypatch):
    """The notice not yet printed in this process, and not silenced."""
    monkeypatch.setattr(_jit, "_noticed", False)
    monkeypatch.delenv("DLX_NO_COMPILE_NOTICE", raising=False)


def _compile_something():
    """A real (small) numba compile, not cached."""
    numba.njit(lambda x: x + 1).compile("int64(int64)")


def test_notice_once_per_process(notice_state, capsys):
    with event.install_listener("numba:compile", _jit._compile_listener()):
        _compile_something()
        _compile_something()
    assert capsys.readouterr().err == _jit.NOTICE + "\n"


def test_notice_silenced_by_the_environment(notice_state, monkeypatch, capsys):
    monkeypatch.setenv("DLX_NO_COMPILE_NOTICE", "1")
    with event.install_listener("numba:compile", _jit._compile_listener()):
        _compile_something()
    assert capsys.readouterr().err == ""


def test_no_notice_for_another_threads_compile(notice_state, capsys):
    # Whatever else the program compiles meanwhile, in its own threads, is not ours.
    with event.install_listener("numba:compile", _jit._compile_listener()):
        worker = threading.Thread(target=_compile_something)
        worker.start()
        worker.join()
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------- Ctrl-C while compiling
# LLVM calls back into Python while numba compiles (ctypes callbacks), and ctypes drops an
# exception raised in a callback.  A Ctrl-C handled there must still stop the program.
@ctypes.CFUNCTYPE(None)
def _callback_taking_ctrl_c():
    signal.raise_signal(signal.SIGINT)  # its handler runs here, within the callback


class _FakeKernel:
    """Stands for a numba dispatcher whose compile takes a Ctrl-C within a callback."""

    def __init__(self, after: float):
        self.after = after  # seconds of Python code the compile runs after the callback
        self.finished = False

    def compile(self, signature):
        _callback_taking_ctrl_c()
        deadline = time.monotonic() + self.after
        while time.monotonic() < deadline:
            time.sleep(0.001)
        self.finished = True

    def disable_compile(self):
        pass


@pytest.fixture
def default_sigint(monkeypatch):
    """Python's own Ctrl-C handler, even where the tests run with SIGINT ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    monkeypatch.setattr(_jit, "_ready", {})
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_a_callback_is_otherwise_lost(default_sigint):
    # The premise of the guard: without it, the interrupt is printed and dropped.
    dropped = []
    hook, sys.unraisablehook = sys.unraisablehook, dropped.append
    try:
        _callback_taking_ctrl_c()
    finally:
        sys.unraisablehook = hook
    assert [type(u.exc_value) for u in dropped] == [KeyboardInterrupt]


@pytest.mark.parametrize("after", [0.0, 5.0])
def test_ctrl_c_in_a_callback_while_compiling_stops_the_compile(default_sigint, monkeypatch,
                                                                 capfd, after):
    # after=0: the callback was the compile's last Python code, the interrupt comes as it
    # returns; after=5: it comes at once, from the compile's next Python code.
    fake = _FakeKernel(after)
    monkeypatch.setitem(sys.modules, "dlx_test_fake_kernels",
                        types.SimpleNamespace(fn=fake))
    hook = sys.unraisablehook
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        _jit.compiled("dlx_test_fake_kernels", "fn", "int64()")
    assert time.monotonic() - t0 < 2.0 and not (after and fake.finished)
    assert "dlx_test_fake_kernels" not in str(_jit._ready)
    assert capfd.readouterr().err == ""  # nothing printed about the dropped exception
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert sys.unraisablehook is hook


def test_other_unraisable_exceptions_still_reach_the_hook(default_sigint):
    seen = []
    hook, sys.unraisablehook = sys.unraisablehook, seen.append
    try:
        with _jit._signals_kept() as lost:
            ctypes.CFUNCTYPE(None)(lambda: 1 / 0)()
    finally:
        sys.unraisablehook = hook
    assert lost == [] and [type(u.exc_value) for u in seen] == [ZeroDivisionError]


# ---------------------------------------------------------------- the cache directory
@pytest.fixture
def cache_state(monkeypatch, tmp_path):
    """use_writable_cache() may run again; what it sets is undone after the test."""
    monkeypatch.setattr(_jit, "_cache_checked", False)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    monkeypatch.setattr(numba_config, "CACHE_DIR", "")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def _nothing_writable(monkeypatch, tmp_path):
    """Neither the package directory nor the user cache can be written."""
    real = _jit._can_write
    monkeypatch.setattr(_jit, "_can_write",
                        lambda path: path.startswith(str(tmp_path)) and real(path))


def test_package_directory_writable_nothing_changes(cache_state, capsys):
    _jit.use_writable_cache()
    assert "NUMBA_CACHE_DIR" not in os.environ
    assert numba_config.CACHE_DIR == ""
    assert capsys.readouterr().err == ""


def test_nothing_writable_a_private_temporary_directory(cache_state, monkeypatch, capsys):
    _nothing_writable(monkeypatch, cache_state)
    _jit.use_writable_cache()
    _jit.use_writable_cache()
    path = os.environ["NUMBA_CACHE_DIR"]
    assert numba_config.CACHE_DIR == path
    assert os.path.dirname(path) == str(cache_state)
    mode = os.lstat(path).st_mode
    assert stat.S_ISDIR(mode) and not mode & 0o077
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(FALLBACK) and path in err


def test_a_temporary_directory_others_can_write_is_not_used(cache_state, monkeypatch):
    _nothing_writable(monkeypatch, cache_state)
    _jit.use_writable_cache()
    usual = os.environ["NUMBA_CACHE_DIR"]
    os.chmod(usual, 0o777)  # as if someone else had made it
    monkeypatch.setattr(_jit, "_cache_checked", False)
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(numba_config, "CACHE_DIR", "")
    _jit.use_writable_cache()
    other = os.environ["NUMBA_CACHE_DIR"]
    assert other != usual and not os.lstat(other).st_mode & 0o077


def test_a_numba_cache_dir_set_by_the_user_is_kept(cache_state, monkeypatch, capsys):
    _nothing_writable(monkeypatch, cache_state)
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/somewhere/of/the/users/choice")
    _jit.use_writable_cache()
    assert os.environ["NUMBA_CACHE_DIR"] == "/somewhere/of/the/users/choice"
    assert numba_config.CACHE_DIR == ""
    assert capsys.readouterr().err == ""


# Ways to run a process that cannot write in read-only directories: anyone but root
# as they are; root without the capabilities that let it ignore file permissions, or
# as user nobody (who may not be able to reach this Python, e.g. under /root).
def _candidates():
    if os.geteuid() != 0:
        return [[]]
    if not shutil.which("setpriv"):
        return []
    ways = [["setpriv", "--bounding-set=-dac_override,-dac_read_search"]]
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return ways
    return ways + [["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}",
                    "--clear-groups"]]


PROBE = """
import os, sys
import numba
try:
    open(os.path.join(sys.argv[1], "probe"), "w")
except PermissionError:
    print("read-only")
"""


def _read_only_runner(read_only_dir, env, cwd):
    """The command prefix of the first way that runs this Python and cannot write."""
    tried = []
    for prefix in _candidates():
        r = subprocess.run(prefix + [sys.executable, "-c", PROBE, read_only_dir], env=env,
                           cwd=cwd, capture_output=True, text=True, timeout=120)
        if r.stdout.strip() == "read-only":
            return prefix
        said = (r.stderr.strip() or r.stdout.strip())[-200:]
        tried.append(f"{' '.join(prefix) or 'as is'}: {said}")
    pytest.skip(f"no way found to run Python unable to write in a read-only directory (uid "
                f"{os.geteuid()}; tried: {'; '.join(tried) or 'nothing, setpriv is missing'})")


@pytest.mark.slow
def test_read_only_install_and_home():
    base = tempfile.mkdtemp(prefix="dlx-test-readonly-")
    site, home, tmp = (os.path.join(base, d) for d in ("site", "home", "tmp"))
    try:
        os.chmod(base, 0o755)
        for package in ("dlx", "sudoku"):
            shutil.copytree(os.path.join(ROOT, package), os.path.join(site, package),
                            ignore=shutil.ignore_patterns("__pycache__"))
        os.mkdir(home)
        with open(os.path.join(home, "one.txt"), "w") as f:
            f.write("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4"
                    "......\n")
        os.mkdir(tmp)
        os.chmod(tmp, 0o777)
        for top in (site, home):
            for d, _, files in os.walk(top):
                os.chmod(d, 0o555)
                for f in files:
                    os.chmod(os.path.join(d, f), 0o444)
        # (DLX_PLAIN=never: small jobs would not load the compiled kernels at all.)
        env = _env(HOME=home, TMPDIR=tmp, PYTHONPATH=site, DLX_PLAIN="never")
        env.pop("XDG_CACHE_HOME", None)
        prefix = _read_only_runner(os.path.join(site, "dlx"), env, home)
        code = ("import dlx; print(dlx.Problem([[0]], primary=1, secondary=0).count().count); "
                "print(dlx.__file__)")
        for n in (1, 2):  # an empty cache, then the one the first run filled
            r = subprocess.run(prefix + [sys.executable, "-c", code], env=env, cwd=home,
                               capture_output=True, text=True, timeout=600)
            assert r.returncode == 0, r.stderr
            assert r.stdout.splitlines() == ["1", os.path.join(site, "dlx", "__init__.py")]
            lines = r.stderr.splitlines()
            assert "Traceback" not in r.stderr
            assert [line for line in lines if line.startswith(FALLBACK)] == lines[:1]
            assert os.path.join(tmp, "numba-dlx-cache-") in lines[0]
            assert lines[1:] == ([_jit.NOTICE] if n == 1 else [])
        # The Sudoku command line on the same install (its kernel compiles on first use).
        r = subprocess.run(prefix + [sys.executable, "-m", "sudoku", "solve", "one.txt"],
                           env=env, cwd=home, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert r.stdout.startswith("417369825632158947958724316")
        assert [line for line in r.stderr.splitlines() if line.startswith(FALLBACK)]
    finally:
        for d, _, _ in os.walk(base):
            os.chmod(d, 0o755)
        shutil.rmtree(base)


@pytest.mark.slow
def test_a_kernel_compiled_as_a_callee_is_loaded_from_the_cache_next_time(tmp_path):
    # batch9 calls search9, so compiling batch9 compiles search9 too, and numba caches
    # it under its argument types.  The lone search then asks for search9 itself: on the
    # next run it must come from the cache (it used to be looked up under its full
    # signature, missed, and compiled again: a notice and seconds on every second run).
    puzzle = tmp_path / "empty.txt"
    puzzle.write_text("." * 81 + "\n")
    env = _env(NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    code = f"""
        import sys
        from sudoku.cli import main
        main(["count", "--timeout", "0.5", {str(puzzle)!r}])
    """
    first, second = (_python(code, env) for _ in range(2))
    assert first.stdout.endswith("(at least: timeout)\n"), first.stderr
    assert _jit.NOTICE in first.stderr
    assert second.stdout.endswith("(at least: timeout)\n")
    assert second.stderr == "", second.stderr

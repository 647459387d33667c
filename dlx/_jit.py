"""Loading the jitted kernels: lazy import, one signature each, a usable cache.

``numba`` is imported only when a search first needs it, so that importing
``dlx`` (and ``--help`` on the command line) stays fast.  Each kernel is
compiled for exactly one signature, listed here; numba caches the machine code
on disk (``cache=True``), so only the first run after installing compiles, and
that run says so on stderr before it starts.  Set ``NUMBA_CACHE_DIR`` to put
the cache elsewhere.

Importing this module makes sure numba will have a cache directory it can
write (`use_writable_cache`).  numba picks that directory as each jitted
function is defined, so this module must be imported before `dlx._kernel`.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_ND = "uint32[:, ::1]"
_V32 = "uint32[::1]"
_V64 = "int64[::1]"
_LINKS = f"{_ND}, {_V32}"  # nd, it
# base problem (options and items in CSR form), sizes, forced (ptr, options), params,
# counts, nodes, codes, solutions (then batch: start, stop, step; batch_parallel: threads)
# The problem in CSR form (see dlx.links.Csr), then the locked-items flags: all uint32.
_BASE = f"Tuple(({_V32}, {_V32}, {_V32}, {_V32}, {_V32}, {_V32}, {_V32}))"
_BATCH = (f"int64({_BASE}, {_V64}, {_V64}, {_V32}, {_V64}, {_V64}, {_V64}, "
          f"{_V64}, uint32[:, :, ::1]")

SIGNATURES = {
    "search": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, {_V64}, {_ND}, {_V64})",
    "unwind": f"int64({_LINKS}, {_V32}, {_V64}, {_V64})",
    "force": f"int64({_LINKS}, {_V32}, {_V64}, {_V32})",
    "batch": _BATCH + ", int64, int64, int64)",
    "batch_parallel": _BATCH + ", int64)",
    "propagate": f"int64({_LINKS}, {_V32}, {_V64}, {_V32}, {_V32}, uint8[::1])",
    "split": f"int64({_LINKS}, {_V32}, {_V64}, int64, {_ND}, {_V64})",
    "estimate": f"int64({_LINKS}, {_V32}, {_V64}, int64, float64[:, ::1])",
    # Algorithm M (dlx._kernel_m): the state ``aux`` (int64) where the plain ones take ``lock``.
    "search_m": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, {_V64}, {_ND}, {_V64})",
    "unwind_m": f"int64({_LINKS}, {_V32}, {_V64}, {_V64})",
    "force_m": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, {_V64})",
    "split_m": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, int64, {_V64}, {_V64})",
    "estimate_m": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, int64, float64[:, ::1])",
    # The cheapest solutions (dlx._kernel_c): its state ``aux`` (int64) where ``lock`` goes.
    "search_c": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, {_V64}, {_ND}, {_V64})",
    "unwind_c": f"int64({_LINKS}, {_V32}, {_V64}, {_V64})",
    "force_c": f"int64({_LINKS}, {_V32}, {_V64}, {_V32}, {_V64})",
}

NOTICE = "dlx: compiling the search kernels this command uses (once; a few seconds)..."

_lock = threading.Lock()
_ready: dict = {}  # name -> kernel, once compiled or loaded
_noticed = False
_cache_checked = False


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _notice() -> None:
    global _noticed
    if not _noticed and not os.environ.get("DLX_NO_COMPILE_NOTICE"):
        _noticed = True
        _say(NOTICE)


# --- The cache directory --------------------------------------------------------------
#
# numba tries, for each function defined with cache=True: NUMBA_CACHE_DIR if set, then
# __pycache__ beside the source file, then its user-wide cache (numba.misc.appdirs:
# ~/.cache/numba on Linux), and takes the first where it can create the directory and a
# file in it.  If none works, defining the function raises "cannot cache function ...:
# no locator available", so a read-only install run with a read-only home could not even
# import dlx._kernel.  The same two tests are made here, before numba is imported (it
# reads NUMBA_CACHE_DIR as it is imported, and importing its appdirs module would import
# all of numba), and NUMBA_CACHE_DIR is pointed at a private temporary directory if both
# fail.  A NUMBA_CACHE_DIR the user set is left alone.


def _can_write(path: str) -> bool:
    """numba's own test of a cache directory: it can be made, and a file made in it."""
    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


def _user_cache() -> str | None:
    """numba's user-wide cache directory, as ``numba.misc.appdirs`` finds it (None: unknown)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return os.path.join(base, "numba", "Cache") if base else None
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Caches/numba")
    return os.path.join(os.getenv("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "numba")


def _private_temp_dir() -> str | None:
    """A cache directory under the temporary directory that only this user can write.

    The same path on every run, so that the kernels compile only once; but numba
    unpickles what it finds there, so the directory is used only if this user owns
    it and no one else can write to it.  Otherwise a new one is made (and the kernels
    compile again next run).  None if there is no writable temporary directory.
    """
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        path = os.path.join(tempfile.gettempdir(),
                            "numba-dlx-cache" if uid is None else f"numba-dlx-cache-{uid}")
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(path)
        private = uid is None or (st.st_uid == uid and not st.st_mode & 0o022)
        if stat.S_ISDIR(st.st_mode) and private and _can_write(path):
            return path
        return tempfile.mkdtemp(prefix="numba-dlx-cache-")
    except OSError:
        return None


def use_writable_cache() -> None:
    """Point ``NUMBA_CACHE_DIR`` at a private temporary directory if numba could not cache.

    That is when it is not set, ``__pycache__`` beside the kernels cannot be written
    (a read-only install) and neither can numba's user-wide cache (a read-only home).
    Says so once on stderr.  Done once a process; later calls return at once.
    """
    global _cache_checked
    if _cache_checked:
        return
    _cache_checked = True
    config: Any = sys.modules.get("numba.core.config")  # if numba was imported before dlx
    if os.environ.get("NUMBA_CACHE_DIR") or (config is not None and config.CACHE_DIR):
        return
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return  # nothing is compiled, so nothing is cached
    # The kernels are in dlx/_kernel.py, beside this file.
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    user = _user_cache()
    if _can_write(beside) or user is None or _can_write(user):
        return
    path = _private_temp_dir()
    if path is None:
        _say(f"dlx: numba cannot write its cache in {beside}, in {user} or in a temporary "
             "directory; set NUMBA_CACHE_DIR to a directory you can write")
        return
    os.environ["NUMBA_CACHE_DIR"] = path  # also seen by child processes, which stay quiet
    if config is not None:
        config.CACHE_DIR = path
    _say(f"dlx: numba cannot write its cache in {beside} or in {user}; caching the "
         f"compiled kernels in {path} (set NUMBA_CACHE_DIR to choose a directory)")


use_writable_cache()


# --- Loading the kernels ----------------------------------------------------------------
#
# numba broadcasts a "numba:compile" event (numba.core.event, its documented event API)
# when a dispatcher starts compiling: after it has looked in the on-disk cache and found
# nothing usable, before the slow part.  A kernel found in the cache is loaded whole, the
# helpers it calls included, so no event at all.  A kernel that is not there compiles,
# and its helpers with it (each found in the cache or compiled in turn): the first event
# comes before any of that.  So the notice is printed exactly when compiling starts,
# however slowly a busy machine loads the cache.

_listener_class = None


def _compile_listener():
    """A numba event listener that prints the notice when this thread starts compiling."""
    global _listener_class
    if _listener_class is None:
        from numba.core import event

        class CompileNotice(event.Listener):
            def __init__(self):
                self.thread = threading.get_ident()

            def on_start(self, ev):
                if threading.get_ident() == self.thread:  # not another thread's own jit
                    _notice()

            def on_end(self, ev):
                pass

        _listener_class = CompileNotice
    return _listener_class()


# Ctrl-C while numba compiles.  LLVM calls back into Python (llvmlite's object-cache
# hooks are ctypes callbacks), and ctypes hands an exception raised in a callback to
# sys.unraisablehook, which prints it with a traceback and drops it.  Python runs a
# signal's handler wherever the main thread next runs Python code, so a KeyboardInterrupt
# could be raised there and lost: the compile went on, then the search, and a long count
# never stopped.  While compiling, the stopping signals' handlers are wrapped, and the hook
# too: an exception of theirs that reaches the hook is kept, quietly, and the signal made
# pending again once the hook has returned (from a helper thread: made pending within the
# hook, it would be handled within the hook), so that the wrapper raises the same exception
# at the next Python code.  Whatever is still kept when the compile returns is raised then.

_STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                  if hasattr(signal, name))


@contextmanager
def _signals_kept() -> Iterator[list[BaseException]]:
    """Within: an exception a stopping signal's handler raises is not lost in a callback.

    Yields a list that holds, after the block, the exception to raise if one was
    raised and lost; an exception that propagated ends the block as usual.
    """
    lost: list[BaseException] = []
    if threading.current_thread() is not threading.main_thread():
        yield lost  # signals are handled only in the main thread
        return
    import _thread

    previous: dict[int, Any] = {}
    raised: list[tuple[int, BaseException]] = []  # by the handlers, within the block
    hook = sys.unraisablehook
    state = {"active": True, "in_hook": False}
    guard = threading.Lock()

    def keep(signum, frame):
        if lost:  # raised before, and dropped: raise it again
            raise lost[0]
        try:
            previous[signum](signum, frame)
        except BaseException as exc:
            raised.append((signum, exc))
            raise

    def pending_again(signum):
        while state["in_hook"]:
            time.sleep(0.001)
        with guard:
            if state["active"]:
                _thread.interrupt_main(signum)

    def unraisable(u):
        for signum, exc in raised:
            if u.exc_value is exc:
                state["in_hook"] = True
                if not lost:
                    lost.append(exc.with_traceback(None))
                threading.Thread(target=pending_again, args=(signum,), daemon=True).start()
                state["in_hook"] = False  # the last statement: no signal is handled after it
                return
        hook(u)

    for signum in _STOPPING:
        handler = signal.getsignal(signum)
        if callable(handler):  # not SIG_DFL or SIG_IGN, which raise nothing
            previous[signum] = signal.signal(signum, keep)
    sys.unraisablehook = unraisable
    try:
        yield lost
    except BaseException:
        lost.clear()
        raise
    finally:
        try:
            with guard:  # a signal made pending before this is handled by `keep`, here
                state["active"] = False
        finally:  # and whatever `keep` raises there, the handlers are put back
            sys.unraisablehook = hook
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def kernel(name: str):
    """Return the jitted kernel ``name``, compiled (or loaded from the cache).

    Prints a one-line notice on stderr before compiling, which happens only
    when numba's on-disk cache has no usable copy (silenced by setting
    ``DLX_NO_COMPILE_NOTICE``).
    """
    fn = _ready.get(name)
    if fn is not None:
        return fn
    module = ("dlx._kernel_m" if name.endswith("_m") else
              "dlx._kernel_c" if name.endswith("_c") else "dlx._kernel")
    return compiled(module, name, SIGNATURES[name], key=name)


def compiled(module: str, name: str, signature: str, *, key=None):
    """The jitted function ``name`` of ``module``, compiled for ``signature`` only.

    As `kernel` does for dlx's own: the notice on stderr exactly when numba
    compiles, then no other signature.  Under NUMBA_DISABLE_JIT, the plain function.
    """
    key = key or (module, name)
    fn = _ready.get(key)
    if fn is not None:
        return fn
    import importlib

    fn = getattr(importlib.import_module(module), name)
    with _lock:
        if key not in _ready:
            if hasattr(fn, "compile"):  # absent under NUMBA_DISABLE_JIT=1
                from numba.core import event, sigutils

                # By its argument types alone: the key under which numba caches the
                # function when another kernel's compile compiles it as a callee (batch9
                # calls search9).  Under the full signature as the key, a kernel first
                # compiled as a callee would miss the cache on the next run and compile
                # again.
                args, _ = sigutils.normalize_signature(signature)
                with event.install_listener("numba:compile", _compile_listener()), \
                        _signals_kept() as lost:
                    fn.compile(tuple(args))
                if lost:  # the signal came in a callback, after its last Python code
                    raise lost[0]
                # One signature per kernel: a call with other types is a bug, not a new compile.
                fn.disable_compile()
            _ready[key] = fn
    return _ready[key]


def warm_up(names=("search", "unwind", "force", "batch")) -> None:
    """Compile (or load from numba's cache) kernels now rather than on first use.

    ``dlx.warm_up()`` loads the kernels that searches and batches run, so
    that the first search of a program is not the one that waits for them
    (seconds on the first run after installing, a fraction of a second after).
    """
    for name in names:
        kernel(name)

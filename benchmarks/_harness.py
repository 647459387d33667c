"""Shared plumbing of the benchmarks: timing, child processes, the machine, tables.

Nothing here is measured itself.  The rules every section follows:

* wall-clock time with :func:`time.perf_counter`; a measurement is repeated and
  reported as the median with the range (min-max) of its runs;
* a measurement stops repeating early once it has used its time budget (so a
  slow peer cannot stall the run), after at least one run; the number of runs
  is always reported;
* child processes are timed from spawn to exit, and their peak memory is read
  from the kernel's accounting for that one child (``os.wait4``), through a
  small launcher process (see :func:`run_child` for why);
* "warm cache" runs use a private numba cache directory that was filled first,
  so that other work on the machine (or an edit of the sources) does not make a
  "warm" run compile; "empty cache" runs get a new, empty one each time.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku"
RESULTS = HERE / "results"  # one file per section, the latest run (committed)
SCRATCH = RESULTS / "tmp"  # quick runs (ignored by git)
DEFAULT_PY_SUDOKU = Path(os.environ.get(
    "DLX_BENCH_PY_SUDOKU", Path.home() / ".cache" / "numba-dlx-bench" / "py-sudoku"))


# ------------------------------------------------------------------ timing
@dataclass
class Timing:
    """Wall-clock seconds of the repeated runs of one measurement."""

    runs: list = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.runs) if self.runs else float("nan")

    @property
    def min(self) -> float:
        return min(self.runs) if self.runs else float("nan")

    @property
    def max(self) -> float:
        return max(self.runs) if self.runs else float("nan")

    def scaled(self, factor: float) -> Timing:
        """The same runs times ``factor`` (seconds per run -> microseconds per puzzle)."""
        return Timing([r * factor for r in self.runs])

    def to_dict(self) -> dict:
        return {"median": self.median, "min": self.min, "max": self.max, "n": len(self.runs),
                "runs": self.runs}


MAX_ROUNDS_FACTOR = 6  # with a minimum time: at most this many times --repeat rounds


def measure(fn, repeat: int, budget: float | None = None, warmup: int = 0):
    """Run ``fn()`` ``repeat`` times (fewer once ``budget`` seconds are spent).

    Returns ``(Timing, last value of fn())``.
    """
    return measure_interleaved({0: fn}, repeat, budget, warmup)[0]


def measure_interleaved(fns: dict, repeat: int, budget: float | None = None,
                        warmup: int = 0, min_seconds: float = 0.0,
                        max_rounds: int | None = None) -> dict:
    """`measure` for several functions, one run of each per round, in turn.

    A burst of load from elsewhere then hits every function of a round alike,
    so ratios between them are best taken round by round (see `paired`).
    Rounds go on past ``repeat`` until ``min_seconds`` are used (at most
    ``max_rounds`` rounds), so short runs get more rounds: on this VM a
    configuration's runs can differ by 1.5x within seconds.
    Returns ``{key: (Timing, last value of fn())}``.
    """
    for _ in range(warmup):
        for fn in fns.values():
            fn()
    timings = {key: Timing() for key in fns}
    values: dict = {}
    start = time.perf_counter()
    rounds = 0
    repeat = max(repeat, 1)
    most = max(repeat, max_rounds or repeat)
    while True:
        for key, fn in fns.items():
            t0 = time.perf_counter()
            values[key] = fn()
            timings[key].runs.append(time.perf_counter() - t0)
        rounds += 1
        used = time.perf_counter() - start
        if budget is not None and used > budget:
            break
        if rounds >= repeat and (used >= min_seconds or rounds >= most):
            break
    return {key: (timings[key], values[key]) for key in fns}


def paired(a: Timing, b: Timing) -> float:
    """Median over rounds of a's run / b's run (runs taken in the same rounds)."""
    return statistics.median(x / y for x, y in zip(a.runs, b.runs, strict=True))


# --------------------------------------------------------- child processes
@dataclass
class Child:
    """How a child process ended: wall seconds, exit code, stderr, peak RSS (KiB), CPU seconds."""

    wall: float
    returncode: int
    stderr: str
    maxrss_kib: int
    timed_out: bool = False
    stdout: str = ""
    cpu: float = float("nan")  # user + system time of the child


# A small launcher starts each measured child.  On Linux a child's peak RSS
# (ru_maxrss) counts the memory of the process it was forked from, up to the
# exec: launched straight from this process, which holds hundreds of MB of
# puzzles by the memory section, every child would report at least that.  The
# launcher (python -S, about 10 MB) forks instead, and reports the child's
# wall time and peak RSS in a file.
_LAUNCHER = """
import json, os, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
t0 = time.perf_counter()
pid = os.posix_spawnp(cmd[0], cmd, os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - t0
with open(out, "w") as f:
    json.dump({"wall": wall, "code": os.waitstatus_to_exitcode(status),
               "maxrss": usage.ru_maxrss, "cpu": usage.ru_utime + usage.ru_stime}, f)
sys.exit(0)
"""


def run_child(cmd, *, env=None, cwd=None, stdin_path=None, timeout=None,
              capture=False) -> Child:
    """Run ``cmd``, stdout to /dev/null (or kept, with ``capture``); time it, read its peak RSS.

    The time is measured around the child alone (spawn to exit), by the
    launcher above, and the peak RSS is the child's own (``os.wait4``).
    """
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        err_path = Path(tmp) / "stderr"
        out_path = Path(tmp) / "stdout"
        with open(err_path, "wb") as err, open(out_path, "wb") as out:
            stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
            try:
                p = subprocess.Popen([sys.executable, "-S", "-c", _LAUNCHER, str(report),
                                      *map(str, cmd)],
                                     stdin=stdin, stdout=out if capture else subprocess.DEVNULL,
                                     stderr=err, env=env, cwd=cwd or REPO,
                                     start_new_session=True)
                try:
                    p.wait(timeout=timeout)
                    killed = False
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    killed = True
            finally:
                if stdin_path:
                    stdin.close()
        text = err_path.read_text(errors="replace")
        output = out_path.read_text(errors="replace")
        if report.exists():
            r = json.loads(report.read_text())
            return Child(r["wall"], r["code"], text, int(r["maxrss"]), killed, output, r["cpu"])
        return Child(float("nan"), p.returncode, text, 0, killed, output)


def child_env(cache_dir=None, **extra) -> dict:
    """The environment for a child: this one, with NUMBA_CACHE_DIR and ``extra`` set.

    PYTHONUNBUFFERED is dropped: it makes every line of output a write of its
    own, which a user's shell does not ask for, so the CLI would be timed slower
    than it runs.  So is PYTHONDONTWRITEBYTECODE: a user's Python keeps the
    compiled bytecode of the package's modules, where with it set every start
    compiles them again from source (the peers, installed by pip, have theirs).
    """
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def console_script(name: str) -> list:
    """The command that runs console script ``name`` of this environment."""
    path = Path(sys.executable).parent / name
    if path.exists():
        return [str(path)]
    found = shutil.which(name)
    if found:
        return [found]
    return [sys.executable, "-m", f"{name}.cli"]


class CacheDirs:
    """Temporary numba cache directories: one shared warm one, and empty ones on demand."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="dlx-bench-"))
        self.warm = self.root / "warm"
        self.warm.mkdir()

    def empty(self) -> Path:
        # (A new name each time, whichever process asks: sections run in processes
        # of their own, each with a copy of this object.)
        return Path(tempfile.mkdtemp(prefix="empty", dir=self.root))

    def scratch(self) -> Path:
        path = self.root / "scratch"
        path.mkdir(exist_ok=True)
        return path

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


# ---------------------------------------------------------------- machine
def cpu_model() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return None


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def _dist_version_in(directory: Path, dist: str) -> str | None:
    """Version of ``dist`` installed with ``pip install --target directory``."""
    pattern = re.compile(re.escape(dist.replace("-", "_")) + r"-([^-]+)\.dist-info$", re.I)
    if directory.is_dir():
        for entry in directory.iterdir():
            m = pattern.match(entry.name)
            if m:
                return m.group(1)
    return None


# What a run's numbers depend on: everything tracked but the benchmarks' own
# outputs (results, the page, the plots) and the prose of the docs, so that the
# results of one section, not yet committed, do not stop the next one.
_NOT_MEASURED = (":(exclude)benchmarks/results", ":(exclude)docs")


def git_state() -> tuple[str, bool]:
    """``(short hash of HEAD, whether the measured files differ from it)``.

    The hash is all a results file records as its commit; a modified tree is
    recorded apart (``machine.dirty``), so that no page shows a run of code
    that no commit holds as a run of a commit.
    """
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                              capture_output=True, text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no",
                                  "--", ".", *_NOT_MEASURED], cwd=REPO, capture_output=True,
                                 text=True, check=True).stdout.strip()
        return head, bool(changed)
    except (OSError, subprocess.CalledProcessError):
        return "unknown", True


DIRTY_TREE = """
************************************************************************
  The working tree has changes that no commit holds (git status).
  Results measured now would name commit {head} for code that is not {head}.
  Commit (or stash) first; to measure anyway, write the results elsewhere:
  {how}
************************************************************************"""


def refuse_dirty(machine_info: dict, how: str) -> bool:
    """Say loudly, on stderr, that the tree is modified; True if it is."""
    if machine_info.get("dirty"):
        say(DIRTY_TREE.format(head=machine_info["git"], how=how))
        return True
    return False


def machine(py_sudoku_dir: Path) -> dict:
    """What the numbers were measured on: hardware, software, versions."""
    import numpy

    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    head, dirty = git_state()
    info = {
        "host": platform.node(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": affinity,
        "memory_gib": _memory_gib(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "git": head,
        "dirty": dirty,
        "versions": {
            "numba-dlx": _version("numba-dlx"),
            "numba": _version("numba"),
            "llvmlite": _version("llvmlite"),
            "numpy": numpy.__version__,
            "click": _version("click"),
            "xcover": _version("xcover"),
            "exact-cover": _version("exact-cover") or _version("exact_cover"),
            "py-sudoku": _dist_version_in(py_sudoku_dir, "py_sudoku"),
        },
        "numba_threads": os.environ.get("NUMBA_NUM_THREADS", "default"),
    }
    return info


def load() -> list:
    """The 1, 5 and 15 minute load averages."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


# ------------------------------------------------------------------ output
def fmt_num(x: float, digits: int = 3) -> str:
    """A number with ``digits`` significant digits, no exponent for ordinary sizes."""
    if x is None or x != x:
        return "-"
    if x == 0:
        return "0"
    mag = abs(x)
    if mag >= 10 ** digits:
        return f"{x:,.0f}"
    decimals = max(0, digits - 1 - int(f"{mag:e}".split("e")[1]))
    return f"{x:.{decimals}f}"


def fmt_range(t: dict | Timing, scale: float = 1.0, digits: int = 3) -> str:
    """``median (min-max)`` of a timing, times ``scale``."""
    if isinstance(t, Timing):
        t = t.to_dict()
    if not t or not t.get("n"):
        return "-"
    med, lo, hi = (t[k] * scale for k in ("median", "min", "max"))
    if t["n"] == 1:
        return f"{fmt_num(med, digits)} (1 run)"
    return f"{fmt_num(med, digits)} ({fmt_num(lo, digits)}-{fmt_num(hi, digits)})"


def md_table(headers: list, rows: list, align: str | None = None) -> str:
    """A GitHub markdown table; ``align`` is one letter per column, ``l`` or ``r``."""
    align = align or "l" + "r" * (len(headers) - 1)
    marks = {"l": "---", "r": "---:"}
    lines = ["| " + " | ".join(map(str, headers)) + " |",
             "| " + " | ".join(marks[a] for a in align) + " |"]
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)


def portable(path) -> str:
    """``path`` as the results record it: never an absolute local path.

    Relative to the repository where it is inside it or in the ``shared``
    folder next to it (``../shared/data/sudoku``), ``~/...`` under the home directory,
    ``(temporary)`` in the system's temp directory, else its name alone: an
    absolute path names one machine's layout and user, and differs on every
    checkout.
    """
    if not Path(path).is_absolute():
        return str(path)
    p = Path(os.path.abspath(path))
    temp = Path(tempfile.gettempdir()).resolve()
    home = Path.home().resolve()
    # Only the shared folder, not all of the repository's parent: a checkout in the temp
    # directory (CI's) would otherwise show its temporary files as "../pytest-of-...".
    shared = REPO.parent / "shared"
    for base, shown in ((REPO, "."), (shared, "../shared"), (temp, None), (home, "~")):
        if base == base.parent:  # the root directory holds everything: no use
            continue
        if p == base or base in p.parents:
            if shown is None:
                return "(temporary)"
            rel = p.relative_to(base)
            if shown == ".":
                return str(rel)
            return str(Path(shown) / rel) if str(rel) != "." else shown
    return p.name


_ABSOLUTE = re.compile(r"(?:^|(?<=[\s=]))/[^\s]+")


def portable_strings(obj):
    """``obj`` with every absolute path in its strings made :func:`portable`."""
    if isinstance(obj, str):
        return _ABSOLUTE.sub(lambda m: portable(m[0]), obj)
    if isinstance(obj, dict):
        return {k: portable_strings(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [portable_strings(v) for v in obj]
    return obj


def write_json(path: Path, obj) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Through JSON first, so that Paths and Timings are strings and dicts by now.
    plain = json.loads(json.dumps(obj, default=_json_default))
    path.write_text(json.dumps(portable_strings(plain), indent=1) + "\n")


def _json_default(obj):
    if isinstance(obj, Timing):
        return obj.to_dict()
    if isinstance(obj, Path):
        return portable(obj)
    if hasattr(obj, "item"):  # numpy scalars
        return obj.item()
    raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def say(*args) -> None:
    """Progress on stderr (the tables go to stdout)."""
    print(*args, file=sys.stderr, flush=True)

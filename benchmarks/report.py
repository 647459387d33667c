"""The benchmark tables, rendered from the results files, and the page that shows them.

    python benchmarks/report.py              # print every table from benchmarks/results/
    python benchmarks/report.py --write-page # rewrite the tables in docs/performance.md
    python benchmarks/report.py --check      # exit 1 if the page's tables are out of date

``benchmarks/results/<section>.json`` holds the latest run of each section
(``run_all.py`` writes them; ``bench_parallel.py --save`` writes
``parallel.json``).  Every table is rendered from those files and
nothing else, so the page and the printed report cannot disagree with the
numbers.  A results file of a run on a modified tree (``machine.dirty``) is
shown with no commit, and said so loudly on stderr.  In ``docs/performance.md`` a table sits between
``<!-- table:NAME -->`` and ``<!-- /table -->``; the names are the keys of
:func:`blocks`.

Only the results and the table code are read: nothing here imports numba or
the package, so the check is fast.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import _harness as H  # noqa: E402

SECTIONS = ("cover", "memo", "multiplicity", "sudoku", "native", "files", "startup", "memory",
            "web")
TITLES = {"cover": "Generic exact cover", "memo": "Memoised counting",
          "multiplicity": "Items with bounds (DLX3)",
          "sudoku": "Sudoku", "native": "Sudoku beside native solvers",
          "files": "Files of puzzles: reading, writing, the command", "startup": "Start-up",
          "memory": "Memory", "web": "Web app"}
PAGE = H.REPO / "docs" / "performance.md"
PARALLEL = "parallel.json"
PEERS = ("xcover", "exact-cover", "py-sudoku")

_BLOCK = re.compile(r"(<!-- table:(?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /table -->)", re.S)


# ------------------------------------------------------------------ files
def section_path(directory: Path, section: str) -> Path:
    return Path(directory) / f"{section}.json"


def load(directory: Path = H.RESULTS) -> dict:
    """``{section: results file}`` for every section with a file in ``directory``."""
    out = {}
    for section in SECTIONS:
        path = section_path(directory, section)
        if path.exists():
            out[section] = json.loads(path.read_text())
    return out


def module(section: str):
    import importlib

    return importlib.import_module(f"bench_{section}")


# ----------------------------------------------------------------- blocks
def _merged(values: dict) -> str:
    """One cell for a value per section: the value, or each value with its sections."""
    groups: dict = {}
    for section, value in values.items():
        groups.setdefault("-" if value in (None, "") else str(value), []).append(section)
    if len(groups) == 1:
        return next(iter(groups))
    return "; ".join(f"{v} ({', '.join(s)})" for v, s in groups.items())


def machine_table(docs: dict) -> str:
    """Machine, versions and run of each section's results (one value where they agree)."""
    def row(label, get):
        return [label, _merged({s: get(d) for s, d in docs.items()})]

    def versions(d, names):
        got = d["machine"]["versions"]
        return ", ".join(f"{n} {got.get(n) or 'not installed'}" for n in names)

    rows = [
        row("machine", lambda d: f"{d['machine']['cpu']}, {d['machine']['cores']} cores "
                                 f"({d['machine']['cores_usable']} usable), "
                                 f"{d['machine']['memory_gib']} GiB (host {d['machine']['host']})"),
        row("OS", lambda d: d["machine"]["os"]),
        row("Python", lambda d: f"{d['machine']['python']} ({d['machine']['implementation']})"),
        row("numba-dlx and its dependencies", lambda d: versions(
            d, [n for n in d["machine"]["versions"] if n not in PEERS])),
        row("peers", lambda d: versions(d, PEERS)),
        row("numba-dlx commit", lambda d: commit(d["machine"])),
        row("date", lambda d: d["date"][:10]),  # the hour is in the files
        row("command", lambda d: f"`{d['command'].strip()}`"),
        row("load average before / after", lambda d: f"{_load(d['load']['before'])} / "
                                                     f"{_load(d['load']['after'])}"),
    ]
    return H.md_table(["", ""], rows, "ll")


NO_COMMIT = "none, a modified tree"


def commit(machine: dict) -> str:
    """The commit a run measured: its short hash, or none for a modified tree."""
    return NO_COMMIT if machine.get("dirty", True) else machine["git"]


def modified(docs: dict) -> list:
    """The sections whose results were measured on a modified tree."""
    return [s for s, d in docs.items() if commit(d["machine"]) == NO_COMMIT]


def warn_modified(docs: dict) -> None:
    """Say loudly which results no commit holds the code of."""
    sections = modified(docs)
    if sections:
        H.say(f"\n*** {', '.join(sections)}: measured on a modified tree; the page shows "
              "them with no commit. Re-run them from a commit. ***\n")


def _load(values: list) -> str:
    return ", ".join(f"{v:.2f}" for v in values) if values else "-"


def _setting(docs: dict, key: str, sections=SECTIONS) -> str:
    """A setting of the runs that made ``sections``' results (each value where they differ)."""
    def text(v):
        return f"{v:,}" if isinstance(v, int) else f"{v:g}" if isinstance(v, float) else v

    return _merged({s: text(docs[s]["settings"].get(key)) for s in sections if s in docs})


def method(docs: dict) -> str:
    """How the numbers were taken, with the settings recorded in the results."""
    repeat = _setting(docs, "repeat")
    lines = [
        f"- Wall clock (`time.perf_counter`). Each measurement runs up to {repeat} times "
        f"(fewer once it has used {_setting(docs, 'budget')} s, at least once) and is "
        "given as the **median with the range, min-max**; the results files hold every run.",
        "- *Warm*: kernels compiled, or loaded from numba's cache, before the clock starts; "
        "for a new process, a numba cache filled by an earlier run. *Empty cache*: a new "
        "process with a new, empty `NUMBA_CACHE_DIR`, the first run after installing"
        + (f" ({_setting(docs, 'cold_repeat', ('startup',))} runs)." if "startup" in docs
           else "."),
        "- Nodes (options tried) and updates (options hidden plus items covered, as in "
        "`dlx.Stats`) are given next to the times, so results compare across machines.",
        "- Every count and Sudoku verdict is checked against the known value, and every "
        "peer's answers against numba-dlx's.",
        "- Each section runs in a new process of its own, so that none inherits the "
        "objects and heap an earlier one left.",
    ]
    if "sudoku" in docs:
        lines += [
            "- Sudoku: solve and check, on one and two threads, run in turn, one run of "
            "each per round, until they have used "
            f"{_setting(docs, 'min_seconds', ('sudoku',))} s; the two-thread speed-up and "
            "check / solve are medians of the ratios within a round. Files of more than "
            f"{_setting(docs, 'max_puzzles', ('sudoku',))} puzzles are thinned to an evenly "
            "spaced sample. xcover and exact-cover run on "
            f"{_setting(docs, 'peer_sample', ('sudoku',))} puzzles per file, the baseline "
            f"and py-sudoku on {_setting(docs, 'slow_sample', ('sudoku',))}, with a "
            f"{_setting(docs, 'cap', ('sudoku',))} s cap per puzzle.",
        ]
    return "\n".join(lines)


def targets(docs: dict) -> list:
    """(target, measured, verdict) for each of the project's targets the results measure."""
    import bench_sudoku

    out = []

    def verdict(ok):
        return "met" if ok else "**missed**"

    cover = docs.get("cover", {}).get("result")
    if cover:
        by_name = {e["name"]: e["solvers"] for e in cover["instances"]}
        pent = by_name.get("pentomino 6x10")
        if pent and "timing" in pent.get("numba-dlx", {}) and "timing" in pent.get("xcover", {}):
            ours, xc = pent["numba-dlx"]["timing"], pent["xcover"]["timing"]
            out.append(("pentomino 6x10, all 9356 tilings: no slower than xcover",
                        f"{H.fmt_range(ours)} s vs xcover {H.fmt_range(xc)} s",
                        verdict(ours["median"] <= xc["median"])))
        import bench_cover

        for name in ("pentomino 6x10", "14-queens"):
            s = by_name.get(name, {})
            ours = s.get("numba-dlx", {})
            peers = [(k, s.get(k, {})) for k in bench_cover.KNUTH]
            if "timing" not in ours or not all("timing" in p for _, p in peers):
                continue
            (_, d1), (_, ss) = peers
            r1, r2 = bench_cover.paired_ratio(ours, d1), bench_cover.paired_ratio(ours, ss)
            out.append((f"{name} count: at most 0.5x Knuth's DLX1 and 0.7x his SSXCC "
                        "(same run, paired)",
                        f"{H.fmt_range(ours['timing'])} s: {r1:.2f}x DLX1, {r2:.2f}x SSXCC",
                        verdict(r1 <= 0.5 and r2 <= 0.7)))
        q13 = by_name.get("13-queens")
        if q13 and "timing" in q13.get("numba-dlx", {}):
            t = q13["numba-dlx"]["timing"]
            out.append(("13-queens count under 0.3 s", f"{H.fmt_range(t)} s",
                        verdict(t["median"] < 0.3)))
    memo = docs.get("memo", {}).get("result")
    if memo:
        by_name = {r["problem"]: r for r in memo["dominoes"]}
        for name, count, bar in (("dominoes 8x8", "12,988,816", 1), ("dominoes 10x10",
                                                                     "258,584,046,368", 10)):
            if name in by_name:
                t = by_name[name]["memo_seconds"]
                out.append((f"{name} ({count} tilings) counted with memo in under {bar} s",
                            f"{H.fmt_num(t)} s", verdict(t < bar)))
    mult = docs.get("multiplicity", {}).get("result")
    if mult:
        by_name = {e["name"]: e["solvers"] for e in mult["instances"]}
        a7 = by_name.get("two 1s per row and column, 7x7", {})
        if "cpu" in a7.get("numba-dlx", {}) and "cpu" in a7.get("DLX3", {}):
            ours, knuth = a7["numba-dlx"]["cpu"], a7["DLX3"]["cpu"]
            out.append(("two 1s per row and column, 7x7 (3,110,940): at least as fast as "
                        "Knuth's DLX3 (CPU time)",
                        f"{H.fmt_range(ours)} s vs DLX3 {H.fmt_range(knuth)} s",
                        verdict(ours["median"] <= knuth["median"])))
    sud = docs.get("sudoku", {}).get("result")
    if sud:
        files = {e["file"]: e for e in sud["files"] if "solve_1" in e}
        names = ("17clue.txt", "top1465.txt", "hardest1905_11plus.txt")
        for name, bar in zip(names, (25, 150, 600), strict=True):
            if name in files:
                s1 = files[name]["solve_1"]["us_per_puzzle"]
                out.append((f"{name}, one thread: at most {bar} us/puzzle",
                            f"{H.fmt_range(s1)} us", verdict(s1["median"] <= bar)))
        for name in names:
            if name in files:
                r = bench_sudoku.ratios(files[name])[1]
                out.append((f"{name}: uniqueness check at most 1.3x solve", f"{r:.2f}x",
                            verdict(r <= 1.3)))
        for name in names:
            if name in files:
                e = files[name]
                r = bench_sudoku.ratios(e)[0]
                measured = f"{r:.2f}x"
                if e.get("kernel_speedup_2"):
                    # What the machine gives two threads of pure kernel work, for comparison.
                    measured += f" (kernel alone {e['kernel_speedup_2']:.2f}x)"
                out.append((f"{name}: two threads at least 1.8x one thread", measured,
                            verdict(r >= 1.8)))
    files = docs.get("files", {}).get("result")
    if files:
        import bench_files

        out += [(t, m, verdict(ok)) for t, m, ok in bench_files.targets(files)]
    st = docs.get("startup", {}).get("result")
    if st:
        w = st["solve_warm"]["seconds"]
        out.append(("warm `sudoku solve` of one puzzle, whole process: under 1 s",
                    f"{H.fmt_range(w)} s", verdict(w["median"] < 1)))
        e = st["solve_empty"]["seconds"]
        says = st["solve_empty"]["says_compiling"]
        out.append(("first run after install: under 8 s and says it is compiling",
                    f"{H.fmt_range(e)} s, " + ("says so" if says else "does not say so"),
                    verdict(e["median"] < 8 and says)))
        import bench_startup

        out += [(t, m, verdict(ok)) for t, m, ok in bench_startup.targets(st)]
    mem = docs.get("memory", {}).get("result")
    if mem:
        g = mem["growth_mib"]
        base = [r["maxrss_kib"] / 1024 for r in mem["runs"] if r["label"].startswith("medium")]
        if base:
            # Growing with the file would mean about 10x the per-puzzle memory for 10x
            # the lines; a bounded working set moves by a few per cent at most.
            out.append(("memory does not grow with the file (10x the lines: under 10% more)",
                        f"{g:+.1f} MiB ({100 * g / base[0]:+.1f}%)",
                        verdict(g < 0.1 * base[0])))
    web = docs.get("web", {}).get("result")
    if web:
        import statistics

        import bench_web

        slowest = max((statistics.median(c["server"]), c["endpoint"], c["puzzle"])
                      for c in web["cases"] if c["endpoint"] in bench_web.TARGETED)
        out.append(("web app: a 9x9 solve, hint or rate under 50 ms of server time",
                    f"slowest median {H.fmt_num(1000 * slowest[0])} ms ({slowest[1]}, "
                    f"{slowest[2]})", verdict(slowest[0] < bench_web.TARGET_MS / 1000)))
    return out


def _span(ratios: list) -> str:
    """``lo-hix`` of some ratios (one value alone)."""
    lo, hi = (f"{x:.2f}" if x < 10 else H.fmt_num(x, 2) for x in (min(ratios), max(ratios)))
    return f"{lo}x" if lo == hi else f"{lo}-{hi}x"


def cover_ratios(result: dict) -> str:
    """Each peer's time over numba-dlx's, per family of problems (range over the problems)."""
    families = []
    for e in result["instances"]:
        if e["family"] not in families:
            families.append(e["family"])
    names = {"queens": "N-queens", "pentomino": "pentominoes", "langford": "Langford pairs"}
    rows = []
    for peer in ("xcover", "exact-cover", "baseline"):
        row = [peer]
        for family in families:
            ratios, cut = [], 0
            for e in result["instances"]:
                ours, theirs = e["solvers"].get("numba-dlx", {}), e["solvers"].get(peer, {})
                if e["family"] != family or "timing" not in ours or "timing" not in theirs:
                    continue
                if theirs.get("cut"):
                    cut += 1
                else:
                    ratios.append(theirs["timing"]["median"] / ours["timing"]["median"])
            cell = _span(ratios) if ratios else "-"
            if cut:
                cell = f"{cell}, {cut} cut" if ratios else f"all {cut} cut"
            row.append(cell)
        rows.append(row)
    return H.md_table(["peer", *(names.get(f, f) for f in families)], rows, "l" + "r" * len(
        families))


def _peer_ratios(result: dict, mode: str) -> dict:
    """``{peer: [(ratio, file)]}``: a peer's mean time over numba-dlx's on the same sample.

    A solver timed on both samples (numba-dlx one call each) counts on the
    larger one, as in the peer tables.
    """
    out: dict = {}
    for e in result["files"]:
        p = e.get("peers", {}).get(mode)
        if not p:
            continue
        seen = set()
        for group in ("fast", "slow"):
            solvers = p[group]["solvers"]
            ours = solvers.get("numba-dlx", {}).get("us_per_puzzle", {}).get("median")
            for peer, res in solvers.items():
                if peer == "numba-dlx" or peer in seen or not ours or "us_per_puzzle" not in res:
                    continue
                seen.add(peer)
                out.setdefault(peer, []).append((res["us_per_puzzle"]["median"] / ours,
                                                 e["file"]))
    return out


def sudoku_ratios(result: dict) -> str:
    """Each peer's time over numba-dlx's batch time on the same puzzles, range over the files."""
    by_mode = {mode: _peer_ratios(result, mode) for mode in ("solve", "check")}
    peers = []
    for ratios in by_mode.values():
        peers += [p for p in ratios if p not in peers]
    rows = []
    for peer in peers:
        row = [peer]
        for mode in ("solve", "check"):
            got = by_mode[mode].get(peer)
            if not got:
                row.append("-")
                continue
            low, where = min(got)
            row.append(f"{_span([r for r, _ in got])} (lowest: {where.removesuffix('.txt')})")
        rows.append(row)
    return H.md_table(["peer", "first solution (`solve`)", "uniqueness (`check`)"], rows, "lll")


def check_over_solve(result: dict, files=("17clue.txt", "top1465.txt",
                                          "hardest1905_11plus.txt")) -> str:
    """Uniqueness check over first solution, numba-dlx (whole file) and each peer (its sample)."""
    peers = ["xcover", "exact-cover", "baseline", "py-sudoku"]
    import bench_sudoku

    rows = []
    for e in result["files"]:
        if e["file"] not in files or "solve_1" not in e:
            continue
        row = [e["file"], f"{bench_sudoku.ratios(e)[1]:.2f}"]
        for peer in peers:
            times = []
            for mode in ("solve", "check"):
                p = e.get("peers", {}).get(mode, {})
                res = {**p.get("fast", {}).get("solvers", {}),
                       **p.get("slow", {}).get("solvers", {})}.get(peer, {})
                times.append(res.get("us_per_puzzle", {}).get("median"))
            row.append(f"{times[1] / times[0]:.2f}" if all(times) else "-")
        rows.append(row)
    return H.md_table(["file", "numba-dlx", *peers], rows)


def load_parallel(directory: Path = H.RESULTS) -> dict | None:
    """The results of ``bench_parallel.py --save`` (None without them)."""
    path = Path(directory) / PARALLEL
    return json.loads(path.read_text()) if path.exists() else None


def parallel(doc: dict) -> str:
    """The parallel section's tables, after one line saying what they were measured on."""
    import bench_parallel

    m = doc["machine"]
    versions = ", ".join(f"{n} {v}" for n, v in m["versions"].items()
                         if v and n not in PEERS)
    run = (f"{m['cpu']}, {m['cores']} cores, {m['os']}; Python {m['python']}, {versions}; "
           f"{doc['date'][:10]}; commit: {commit(m)}; `{doc['command'].strip()}`.")
    return run + "\n\n" + bench_parallel.markdown(doc["result"])


def _head(docs: dict) -> dict:
    out = {}
    if docs:
        out["machine"] = machine_table(docs)
        out["method"] = method(docs)
        rows = targets(docs)
        if rows:
            out["targets"] = H.md_table(["target", "measured", "verdict"],
                                        [list(t) for t in rows], "lll")
    return out


def _summaries(section: str, result: dict) -> dict:
    if section == "cover":
        return {"cover-ratios": cover_ratios(result)}
    if section == "sudoku":
        return {"sudoku-ratios": sudoku_ratios(result),
                "check-over-solve": check_over_solve(result)}
    return {}


def blocks(docs: dict, directory: Path | None = None) -> dict:
    """``{name: markdown}`` of every table of the page that the results allow."""
    out = _head(docs)
    for section in SECTIONS:
        if section not in docs:
            continue
        result = docs[section]["result"]
        if section == "sudoku":
            # The page leaves out the data set's verdicts (a check of the data, not a result).
            import bench_sudoku

            out["sudoku"] = bench_sudoku.library_table(result)
            # The page keeps the peers' first solutions; their checks are in the printed
            # report, and check over solve for each peer in its own table.
            out["sudoku-peers"] = bench_sudoku.peer_tables(result, ("solve",))
        elif section == "startup":
            # The small jobs paired with a numba import show on the page by their targets.
            import bench_startup

            out["startup"] = bench_startup.markdown(result, paired=False)
        else:
            out[section] = module(section).markdown(result)
        out.update(_summaries(section, result))
    if directory is not None:
        doc = load_parallel(directory)
        if doc:
            out["parallel"] = parallel(doc)
    return out


def render(docs: dict, title: str = "numba-dlx benchmarks") -> str:
    """The whole report of some results, as ``run_all.py`` prints it."""
    headings = {"machine": "Machine, versions, run", "method": "Method", "targets": "Targets",
                "cover-ratios": "Exact cover: each peer's time over numba-dlx's",
                "sudoku-ratios": "Sudoku: each peer's time over numba-dlx's, range over files",
                "check-over-solve": "Sudoku: uniqueness check over first solution"}
    parts = [f"# {title}"]
    for name, text in _head(docs).items():
        parts += [f"## {headings[name]}", text]
    for section in SECTIONS:
        if section in docs:
            result = docs[section]["result"]
            parts += [f"## {TITLES[section]}", module(section).markdown(result)]
            for name, text in _summaries(section, result).items():
                parts += [f"## {headings[name]}", text]
    return "\n\n".join(parts) + "\n"


# ------------------------------------------------------------------- page
def page_blocks(text: str) -> dict:
    """``{name: body}`` of the marked tables of a page."""
    return {m["name"]: m["body"].strip("\n") for m in _BLOCK.finditer(text)}


def fill(text: str, rendered: dict) -> str:
    """``text`` with each marked table replaced by its rendering.

    A marker without a rendering is an error: the page would show numbers no
    results file holds.
    """
    unknown = [name for name in page_blocks(text) if name not in rendered]
    if unknown:
        raise KeyError(f"no results for the table(s) {', '.join(unknown)}")
    return _BLOCK.sub(lambda m: m[1] + rendered[m["name"]] + "\n" + m[4], text)


def write_page(directory: Path = H.RESULTS, page: Path = PAGE) -> bool:
    """Rewrite the page's tables from the results; True if the page changed."""
    text = page.read_text()
    docs = load(directory)
    extra = load_parallel(directory)
    warn_modified({**docs, **({"parallel": extra} if extra else {})})
    new = fill(text, blocks(docs, directory))
    if new != text:
        page.write_text(new)
    return new != text


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Render the benchmark tables from the results.")
    p.add_argument("--results", type=Path, default=H.RESULTS,
                   help=f"results directory (default {H.RESULTS})")
    p.add_argument("--page", type=Path, default=PAGE, help=f"the page (default {PAGE})")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--write-page", action="store_true",
                   help="rewrite the page's marked tables from the results")
    g.add_argument("--check", action="store_true",
                   help="exit 1 if the page's marked tables differ from the results")
    args = p.parse_args(argv)
    if args.write_page:
        changed = write_page(args.results, args.page)
        H.say(f"{args.page}: {'tables rewritten' if changed else 'up to date'}")
        return 0
    if args.check:
        text = args.page.read_text()
        if fill(text, blocks(load(args.results), args.results)) != text:
            H.say(f"{args.page}: tables differ from {args.results}; run "
                  "python benchmarks/report.py --write-page")
            return 1
        return 0
    docs = load(args.results)
    warn_modified(docs)
    print(render(docs), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How fast game review runs over a corpus: ``python benchmarks/review.py [--sizes 20 200 2000]``,
and where a process pool pays: ``python benchmarks/review.py --jobs-default [--rounds 5]``.

Method: the twenty real games of ``../shared/testdata/tenhou/mjlog`` are copied, in
turn, into a temporary folder until it holds N files (N = 20, 200, 2,000 by default).
For each N, ``shanten.review_corpus`` reviews the folder twice: with ``jobs=1`` (in
process) and with every core. Each run is a fresh Python process (so that its peak RSS is
its own): it times the whole loop over the results, parsing and pool start-up included,
counts the decisions (per-discard records), and reports the CPU time of its own process
(all of the work with ``jobs=1``; with a pool, the cost of gathering the results), its
peak resident memory and that of its largest worker (sampled every 0.2 s from /proc;
Linux). The figures: decisions per second, decisions per second per
core, seconds and peak RSS by corpus size.

Writes ``benchmarks/review_results.json`` (every figure, the machine and its load) and
``docs/review_scaling.png`` (needs matplotlib: the ``bench`` or ``review`` extra).
The machine should be otherwise idle: the figures are wall-clock times.

``--jobs-default`` times the command itself, ``shanten review FOLDER --format json``
(stdout to /dev/null; ``--format table`` or ``csv`` to time another output, written to
``review_jobs_results_table.json`` or ``_csv.json``), with ``--jobs 1``, ``--jobs`` every core and no ``--jobs`` (the
default), on the twenty shared games as Tenhou XML and as JSON, on the repository's test
records (``tests/data/tenhou``), and on copies of the shared XML games in corpora of 1 to
300 files (``--files``), to find the corpus size from which a pool is faster than one
process. Each run is a fresh command, timed from its start to its exit (Python's start
included, as a user waits for it); its CPU time is that of every process it started:
the command, the pool's server process and its workers (this script makes itself their
subreaper so that it can wait for them: Linux only). The runs are interleaved (every
corpus and every setting once per round, the settings' order turned each round) and
repeated ``--rounds`` times, so that the load of a shared machine falls on all settings
alike. Writes the minimum, the quartiles and the median by corpus and setting to
``benchmarks/review_jobs_results.json``, with each setting's wall-clock time over that of
``--jobs 1`` in the same round (paired, so that a slow spell of the machine falls on
both).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT.parent / "shared" / "testdata" / "tenhou" / "mjlog"
RESULTS = ROOT / "benchmarks" / "review_results.json"
JOBS_RESULTS = ROOT / "benchmarks" / "review_jobs_results.json"
REPO_GAMES = ROOT / "tests" / "data" / "tenhou"
PLOT = ROOT / "docs" / "review_scaling.png"


def make_corpus(folder: Path, size: int) -> None:
    """``size`` copies of the shared games, taken in turn, in ``folder``."""
    games = sorted(GAMES.glob("*.mjlog"))
    if not games:
        sys.exit(f"benchmarks/review.py needs the shared games in {GAMES}")
    for index in range(size):
        shutil.copyfile(games[index % len(games)], folder / f"{index:06d}.mjlog")


def _descendants_peak(pid: int) -> float:
    """The largest peak resident memory (VmHWM, MiB) of the processes under ``pid`` now
    alive: the pool's workers, which are not this process's children under forkserver.
    Linux only (0.0 elsewhere)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    peak = 0.0
    for process in parents:
        ancestor = parents.get(process)
        while ancestor is not None and ancestor != pid and ancestor > 1:
            ancestor = parents.get(ancestor)
        if ancestor != pid:
            continue
        try:
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]) / 1024)
        except (OSError, ValueError):
            continue
    return peak


def _stop_forkserver() -> None:
    """Stop the pool's server process and wait for it, so that its CPU time and that of
    the workers it started (which it waited for) count in this process's children."""
    from multiprocessing import forkserver

    server = getattr(forkserver, "_forkserver", None)
    stop = getattr(server, "_stop", None)
    if callable(stop):  # CPython's private API: a benchmark may lean on it
        stop()


def child(folder: str, jobs: int, memory: bool = True) -> None:
    """One measured run (in its own process): review the folder with ``jobs`` processes
    (0: the default, ``jobs=None``), print the figures."""
    import threading

    import shanten

    worker_peak = 0.0
    done = threading.Event()

    def watch() -> None:  # the workers' peak memory, sampled while they live
        nonlocal worker_peak
        while not done.wait(0.2):
            worker_peak = max(worker_peak, _descendants_peak(os.getpid()))

    watcher = threading.Thread(target=watch, daemon=True)
    if memory:
        watcher.start()
    start, cpu = time.perf_counter(), time.process_time()
    games = decisions = failures = 0
    for item in shanten.review_corpus([folder], jobs=jobs or None):
        if item.ok:
            games += 1
            decisions += len(item.review)
        else:
            failures += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    done.set()
    if memory:
        watcher.join()
    _stop_forkserver()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    kib = 1 if sys.platform != "darwin" else 1 / 1024  # ru_maxrss is KiB on Linux
    print(
        json.dumps(
            {
                "jobs": jobs,
                "games": games,
                "failures": failures,
                "decisions": decisions,
                "seconds": seconds,
                "main_cpu_seconds": cpu,
                "children_cpu_seconds": children.ru_utime + children.ru_stime,
                "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * kib / 1024,
                "worker_peak_rss_mib": worker_peak,
            }
        )
    )


def measure(folder: Path, jobs: int, memory: bool = True) -> dict[str, Any]:
    """One run in a fresh process; ``jobs`` 0 for the default."""
    command = [sys.executable, __file__, "--child", str(folder), str(jobs)]
    out = subprocess.run(
        [*command, *([] if memory else ["--no-memory"])],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures: dict[str, Any] = json.loads(out)
    figures["decisions_per_second"] = figures["decisions"] / figures["seconds"]
    figures["decisions_per_second_per_core"] = figures["decisions_per_second"] / max(jobs, 1)
    return figures


def _quartiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    q1, median, q3 = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else ordered * 3
    return {"min": ordered[0], "q1": q1, "median": median, "q3": q3, "max": ordered[-1]}


def _become_subreaper() -> None:
    """Take in the orphans of the processes this one starts (Linux's
    ``PR_SET_CHILD_SUBREAPER``): the pool's server process, left behind by the command
    when it exits, so that this process waits for it and counts its CPU time."""
    import ctypes

    if not sys.platform.startswith("linux"):
        sys.exit("--jobs-default counts the CPU time of the pool's processes on Linux only")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def run_command(folder: Path, jobs: int, output: str = "json") -> dict[str, Any]:
    """One run of ``shanten review FOLDER --format OUTPUT`` (``--jobs`` unless 0): its
    wall-clock time, and the CPU time of every process it started."""
    command = [*COMMAND, "review", str(folder), "--format", output]
    if jobs:
        command += ["--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    seconds = time.perf_counter() - start
    while True:  # the orphans taken in: the pool's server, once the command has gone
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"seconds": seconds, "cpu_seconds": cpu}


#: The command as a user types it: the console script ``shanten`` beside this Python
#: (its pool's server process imports the script, hence ``shanten``, once for all the
#: workers), or ``python -m shanten`` without one.
COMMAND = (
    [str(Path(sys.executable).with_name("shanten"))]
    if Path(sys.executable).with_name("shanten").exists()
    else [sys.executable, "-m", "shanten"]
)


def compare_jobs(rounds: int, files: list[int], output: str) -> None:
    """``--jobs-default``: one process, every core and the default, interleaved and
    repeated, on each corpus; the medians printed and written to :data:`JOBS_RESULTS`."""
    cores = os.cpu_count() or 1
    settings = {"jobs=1": 1, f"jobs={cores}": cores, "default": 0}
    with tempfile.TemporaryDirectory(prefix="shanten-review-jobs-") as scratch:
        corpora: dict[str, Path] = {
            "shared XML (20)": GAMES,
            "shared JSON (20)": GAMES.parent / "json",
            f"tests/data/tenhou ({len(list(expand(REPO_GAMES)))})": REPO_GAMES,
        }
        for size in files:
            folder = Path(scratch) / f"copies-{size}"
            folder.mkdir()
            make_corpus(folder, size)
            corpora[f"copies of the XML ({size})"] = folder
        runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        names = list(settings)
        _become_subreaper()
        for turn in range(rounds):
            order = names[turn % len(names) :] + names[: turn % len(names)]
            for corpus, folder in corpora.items():
                for name in order:
                    figures = run_command(folder, settings[name], output)
                    runs.setdefault((corpus, name), []).append(figures)
            print(f"round {turn + 1}/{rounds} done, load {os.getloadavg()[0]:.2f}", flush=True)
        rows = []
        for corpus, folder in corpora.items():
            paths = list(expand(folder))
            alone = runs[(corpus, "jobs=1")]
            for name in names:
                mine = runs[(corpus, name)]
                ratios = [r["seconds"] / a["seconds"] for r, a in zip(mine, alone, strict=True)]
                rows.append(
                    {
                        "corpus": corpus,
                        "setting": name,
                        "files": len(paths),
                        "bytes": sum(os.path.getsize(path) for path in paths),
                        "wall_seconds": _quartiles([r["seconds"] for r in mine]),
                        "cpu_seconds": _quartiles([r["cpu_seconds"] for r in mine]),
                        "wall_ratio_to_jobs_1": _quartiles(ratios),
                        "runs": len(mine),
                    }
                )
    print(
        f"{'corpus':<28} {'setting':<8} {'files':>5} {'KiB':>6}  wall s: min, median (q1-q3)"
        "   / jobs=1 (q1-q3)     CPU s"
    )
    for row in rows:
        wall, cpu, ratio = row["wall_seconds"], row["cpu_seconds"], row["wall_ratio_to_jobs_1"]
        print(
            f"{row['corpus']:<28} {row['setting']:<8} {row['files']:>5} "
            f"{row['bytes'] / 1024:>6.0f}  {wall['min']:6.3f}, {wall['median']:6.3f} "
            f"({wall['q1']:.3f}-{wall['q3']:.3f})  {ratio['median']:5.2f} "
            f"({ratio['q1']:.2f}-{ratio['q3']:.2f})  {cpu['median']:6.3f}"
        )
    results = (
        JOBS_RESULTS
        if output == "json"
        else JOBS_RESULTS.with_stem(f"{JOBS_RESULTS.stem}_{output}")
    )
    results.write_text(
        json.dumps(
            {
                "machine": _machine(cores),
                "method": __doc__.split("\n\n")[3],
                "rounds": rounds,
                "format": output,
                "rows": rows,
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )


def expand(folder: Path) -> list[str]:
    import shanten.games.corpus

    return list(shanten.games.corpus.expand_paths(folder))


def _machine(cores: int) -> dict[str, Any]:
    return {
        "cpu": platform.processor() or platform.machine(),
        "cpus": cores,
        "python": platform.python_version(),
        "load_average_after": os.getloadavg(),
    }


def plot(runs: list[dict[str, Any]], path: Path) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(10, 4), dpi=100)
    speed, memory = figure.subplots(1, 2)
    for jobs in sorted({run["jobs"] for run in runs}):
        mine = [run for run in runs if run["jobs"] == jobs]
        sizes = [run["files"] for run in mine]
        label = f"jobs={jobs}"
        speed.plot(sizes, [r["decisions_per_second_per_core"] for r in mine], "o-", label=label)
        memory.plot(sizes, [r["peak_rss_mib"] for r in mine], "o-", label=f"{label}, main")
        if jobs > 1:
            memory.plot(
                sizes, [r["worker_peak_rss_mib"] for r in mine], "s--", label=f"{label}, worker"
            )
    speed.axhline(50_000, color="grey", linestyle=":", label="target")
    speed.set(xscale="log", xlabel="files", ylabel="decisions / s / core", title="Speed")
    memory.set(xscale="log", xlabel="files", ylabel="peak RSS (MiB)", title="Memory")
    memory.set_ylim(bottom=0)
    for axes in (speed, memory):
        axes.grid(True, alpha=0.3)
        axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, format="png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 200, 2000])
    parser.add_argument("--child", nargs=2, metavar=("FOLDER", "JOBS"), help=argparse.SUPPRESS)
    parser.add_argument("--no-memory", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-plot", action="store_true", help="write the JSON only")
    parser.add_argument(
        "--jobs-default",
        action="store_true",
        help="compare one process, every core and the default (writes review_jobs_results.json)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="with --jobs-default: repeats")
    parser.add_argument(
        "--files",
        type=int,
        nargs="+",
        default=[1, 5, 10, 20, 50, 100, 150, 200, 300],
        help="with --jobs-default: the sizes of the corpora of copies",
    )
    parser.add_argument(
        "--format",
        choices=("table", "json", "csv"),
        default="json",
        help="with --jobs-default: the command's --format",
    )
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), memory=not args.no_memory)
        return
    if args.jobs_default:
        compare_jobs(args.rounds, args.files, args.format)
        return
    cores = os.cpu_count() or 1
    runs = []
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix="shanten-review-bench-") as folder:
            make_corpus(Path(folder), size)
            for jobs in sorted({1, cores}):
                figures = {"files": size, **measure(Path(folder), jobs)}
                runs.append(figures)
                print(
                    f"{size:>6} files  jobs={jobs}  {figures['decisions']:>8} decisions  "
                    f"{figures['seconds']:8.2f} s  "
                    f"{figures['decisions_per_second_per_core']:>8.0f} /s/core  "
                    f"peak {figures['peak_rss_mib']:.0f} MiB"
                )
    RESULTS.write_text(
        json.dumps(
            {
                "machine": _machine(cores),
                "method": __doc__.split("\n\n")[1],
                "target_decisions_per_second_per_core": 50_000,
                "runs": runs,
            },
            indent=1,
        )
        + "\n"
    )
    if not args.no_plot:
        plot(runs, PLOT)


if __name__ == "__main__":
    main()

"""How fast game review runs over a corpus: ``python benchmarks/review.py [--sizes 20 200 2000]``.

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
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT.parent / "shared" / "testdata" / "tenhou" / "mjlog"
RESULTS = ROOT / "benchmarks" / "review_results.json"
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


def child(folder: str, jobs: int) -> None:
    """One measured run (in its own process): review the folder, print the figures."""
    import threading

    import shanten

    worker_peak = 0.0
    done = threading.Event()

    def watch() -> None:  # the workers' peak memory, sampled while they live
        nonlocal worker_peak
        while not done.wait(0.2):
            worker_peak = max(worker_peak, _descendants_peak(os.getpid()))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    start, cpu = time.perf_counter(), time.process_time()
    games = decisions = failures = 0
    for item in shanten.review_corpus([folder], jobs=jobs):
        if item.ok:
            games += 1
            decisions += len(item.review)
        else:
            failures += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    done.set()
    watcher.join()
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
                "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * kib / 1024,
                "worker_peak_rss_mib": worker_peak,
            }
        )
    )


def measure(folder: Path, jobs: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(folder), str(jobs)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures: dict[str, Any] = json.loads(out)
    figures["decisions_per_second"] = figures["decisions"] / figures["seconds"]
    figures["decisions_per_second_per_core"] = figures["decisions_per_second"] / jobs
    return figures


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
    parser.add_argument("--no-plot", action="store_true", help="write the JSON only")
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
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
    load = os.getloadavg()
    RESULTS.write_text(
        json.dumps(
            {
                "machine": {
                    "cpu": platform.processor() or platform.machine(),
                    "cpus": cores,
                    "python": platform.python_version(),
                    "load_average_after": load,
                },
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

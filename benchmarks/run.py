"""Benchmarks of ``shanten`` beside its peers, in one run: ``python benchmarks/run.py [--quick]``.

Method: seeded hand families (benchmarks/hands.py); every measurement is a warm-up pass,
then repetitions, and the best of them (fresh-interpreter start-ups: the median); the
peers of a table take turns inside each repetition, so that a change in the machine's
load hits them alike. Loops get their input prepared
beforehand (lists of 34 ints, or notation strings), and the garbage collector is off
while a loop runs, as in ``timeit``.

Prints markdown tables, writes ``docs/performance.png`` (cost per hand against N, log-log)
and ``benchmarks/results.json`` (every figure, the machine and its load).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import xiangting
from hands import FAMILIES, PLAYERS, deal
from mahjong.shanten import Shanten

import shanten
from shanten import batch
from shanten.hand import Hand

ROOT = Path(__file__).resolve().parents[1]
XIANGTING_PLAYERS = {4: xiangting.PlayerCount.FOUR, 3: xiangting.PlayerCount.THREE}
ABSENT_IN_SANMA = frozenset(range(1, 8))

Timed = Callable[[], object]


# Timing --------------------------------------------------------------------------------------


def measure(peers: dict[str, Timed], repeat: int, target: float = 0.0) -> dict[str, float]:
    """Seconds per run of each peer, the best of ``repeat`` rounds in which the peers take
    turns, after one warm-up run each (which also sets how many runs make one timing:
    enough to last ``target`` seconds). The best, as ``timeit`` advises: this VM's load
    comes in bursts that slow a round by up to 2x, and no burst makes code faster."""
    times: dict[str, list[float]] = {name: [] for name in peers}
    inner = {}
    for name, run in peers.items():
        start = time.perf_counter()
        run()
        inner[name] = max(1, int(target / max(time.perf_counter() - start, 1e-9)))
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for name, run in peers.items():
                n = inner[name]
                start = time.perf_counter()
                for _ in range(n):
                    run()
                times[name].append((time.perf_counter() - start) / n)
    finally:
        if enabled:
            gc.enable()
    return {name: min(values) for name, values in times.items()}


def loop(
    function: Callable[..., object], items: Sequence[object], *args: object, **kwargs: object
) -> Timed:
    """A loop that calls ``function(item, *args, **kwargs)`` for every item."""
    if kwargs:

        def run_with_keywords() -> None:
            f = function
            for item in items:
                f(item, *args, **kwargs)

        return run_with_keywords

    def run() -> None:
        f = function
        for item in items:
            f(item, *args)

    return run


def brute_ukeire(counts: list[int], players: int) -> list[int]:
    """Effective tiles by drawing each tile and calling shanten() again (34 draws)."""
    f = shanten.shanten
    before = f(counts, players=players)
    effective = []
    for tile in range(34):
        if counts[tile] == 4 or (players == 3 and tile in ABSENT_IN_SANMA):
            continue
        counts[tile] += 1
        if f(counts, players=players) < before:
            effective.append(tile)
        counts[tile] -= 1
    return effective


def brute_discards(counts: list[int], players: int) -> list[tuple[int, int, int]]:
    """(shanten after, effective kinds, discard) for each discard, by brute_ukeire."""
    options = []
    for tile in range(34):
        if counts[tile]:
            counts[tile] -= 1
            options.append(
                (shanten.shanten(counts, players=players), len(brute_ukeire(counts, players)), tile)
            )
            counts[tile] += 1
    return sorted(options)


def discards_read(counts: list[int], players: int) -> list[shanten.Ukeire]:
    """The discard table with every row's effective tiles read (the fast path spells them
    out on the first read)."""
    return [row.ukeire for row in shanten.discards(counts, players=players)]


# Tables -------------------------------------------------------------------------------------


def fmt_us(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:.3f}" if us < 1 else f"{us:.2f}" if us < 100 else f"{us:,.0f}"


def fmt_rate(seconds: float) -> str:
    return f"{1 / seconds:,.0f}"


def markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


# The benchmarks ---------------------------------------------------------------------------------


def per_call(
    hands_per_family: int, repeat: int, rng: np.random.Generator
) -> tuple[str, list[dict[str, Any]]]:
    """shanten.shanten (34 counts, notation) against xiangting and mahjong, per family."""
    rows, results = [], []
    mahjong = Shanten()
    for family in FAMILIES:
        players = PLAYERS[family]
        for size in (13, 14):
            counts = deal(family, hands_per_family, size, rng)
            lists = counts.tolist()
            notation = [str(Hand(c)) for c in lists]
            three = players == 3
            ours = [shanten.shanten(c, players=players) for c in lists]
            theirs_x = [
                xiangting.calculate_replacement_number(c, XIANGTING_PLAYERS[players]) - 1
                for c in lists
            ]
            theirs_m = [mahjong.calculate_shanten(c, is_three_player=three) for c in lists]
            options = {"players": 3} if three else {}
            peers: dict[str, Timed] = {
                "shanten (counts)": loop(shanten.shanten, lists, **options),
                "shanten (notation)": loop(shanten.shanten, notation, **options),
                "xiangting": loop(
                    xiangting.calculate_replacement_number, lists, XIANGTING_PLAYERS[players]
                ),
                "mahjong": loop(mahjong.calculate_shanten, lists, True, True, three),
                "batch": partial(batch.shanten, counts, players=players),
            }
            seconds = {name: t / len(lists) for name, t in measure(peers, repeat).items()}
            agree_x = sum(a == b for a, b in zip(ours, theirs_x, strict=True)) / len(ours)
            agree_m = sum(a == b for a, b in zip(ours, theirs_m, strict=True)) / len(ours)
            base = seconds["shanten (counts)"]
            results.append(
                {
                    "family": family,
                    "size": size,
                    "players": players,
                    "hands": len(lists),
                    "seconds_per_call": seconds,
                    "agree_xiangting": agree_x,
                    "agree_mahjong": agree_m,
                }
            )
            rows.append(
                [
                    f"{family}, {size}",
                    fmt_us(base),
                    fmt_us(seconds["shanten (notation)"]),
                    fmt_us(seconds["xiangting"]),
                    fmt_us(seconds["mahjong"]),
                    fmt_us(seconds["batch"]),
                    f"{seconds['xiangting'] / base:.2f}x",
                    f"{seconds['mahjong'] / base:.0f}x",
                    f"{agree_x:.2%}",
                    f"{agree_m:.2%}",
                ]
            )
    header = [
        "family, tiles",
        "shanten(counts) µs",
        "shanten(str) µs",
        "xiangting µs",
        "mahjong µs",
        f"batch µs/hand (N={hands_per_family:,})",
        "xiangting ÷ ours",
        "mahjong ÷ ours",
        "same as xiangting",
        "same as mahjong",
    ]
    return markdown(header, rows), results


def efficiency(
    hands_per_family: int, repeat: int, rng: np.random.Generator
) -> tuple[str, list[dict[str, Any]]]:
    """ukeire and discards against the brute way (34 draws of shanten()) and xiangting."""
    rows, results = [], []
    for family in FAMILIES:
        players = PLAYERS[family]
        px = XIANGTING_PLAYERS[players]
        thirteen = deal(family, hands_per_family, 13, rng)
        fourteen = deal(family, hands_per_family, 14, rng)
        l13, l14 = thirteen.tolist(), fourteen.tolist()
        peers: dict[str, Timed] = {
            "ukeire": loop(shanten.ukeire, l13, players=players),
            "ukeire brute": loop(brute_ukeire, l13, players),
            "xiangting necessary": loop(xiangting.calculate_necessary_tiles, l13, px),
            "batch ukeire": partial(batch.ukeire, thirteen, players=players),
            "discards": loop(shanten.discards, l14, players=players),
            "discards, rows read": loop(discards_read, l14, players),
            "discards brute": loop(brute_discards, l14, players),
        }
        seconds = {name: t / hands_per_family for name, t in measure(peers, repeat).items()}
        results.append(
            {
                "family": family,
                "players": players,
                "hands": hands_per_family,
                "seconds_per_call": seconds,
            }
        )
        rows.append(
            [
                family,
                fmt_us(seconds["ukeire"]),
                fmt_us(seconds["ukeire brute"]),
                f"{seconds['ukeire brute'] / seconds['ukeire']:.1f}x",
                fmt_us(seconds["xiangting necessary"]),
                fmt_us(seconds["batch ukeire"]),
                fmt_us(seconds["discards"]),
                fmt_us(seconds["discards, rows read"]),
                fmt_us(seconds["discards brute"]),
                f"{seconds['discards brute'] / seconds['discards']:.1f}x",
            ]
        )
    header = [
        "family",
        "ukeire µs",
        "brute µs",
        "brute ÷ ukeire",
        "xiangting necessary µs",
        f"batch ukeire µs/hand (N={hands_per_family:,})",
        "discards µs",
        "discards, every row read µs",
        "brute µs",
        "brute ÷ discards",
    ]
    return markdown(header, rows), results


def scaling(
    sizes: Sequence[int],
    loop_limit: dict[str, int],
    repeat: int,
    target: float,
    rng: np.random.Generator,
) -> tuple[str, dict[str, Any]]:
    """Cost per hand against N: the batch API and Python loops, random 4-player deals
    (14 tiles for shanten, 13 for effective tiles)."""
    largest = max(sizes)
    fourteen, thirteen = deal("random", largest, 14, rng), deal("random", largest, 13, rng)
    lists14, lists13 = fourteen.tolist(), thirteen.tolist()
    four = xiangting.PlayerCount.FOUR
    curves: dict[str, dict[int, float]] = {}
    for n in sizes:
        c14, c13, l14, l13 = fourteen[:n], thirteen[:n], lists14[:n], lists13[:n]
        candidates: dict[str, Timed] = {
            "batch.shanten": partial(batch.shanten, c14),
            "loop xiangting": loop(xiangting.calculate_replacement_number, l14, four),
            "loop shanten.shanten": loop(shanten.shanten, l14),
            "batch.ukeire": partial(batch.ukeire, c13),
            "loop xiangting necessary": loop(xiangting.calculate_necessary_tiles, l13, four),
            "loop shanten.ukeire": loop(shanten.ukeire, l13),
        }
        peers = {
            name: run for name, run in candidates.items() if n <= loop_limit.get(name, largest)
        }
        for name, t in measure(peers, repeat, target).items():
            curves.setdefault(name, {})[n] = t / n
    ns = sorted({n for curve in curves.values() for n in curve})
    header = ["N", *curves]
    rows = [
        [
            f"{n:,}",
            *(f"{curves[name][n] * 1e9:,.0f}" if n in curves[name] else "" for name in curves),
        ]
        for n in ns
    ]
    table = markdown(header, rows) + "\n\n(ns per hand)"
    return table, {"ns": ns, "seconds_per_hand": curves}


def headline(n: int, repeat: int, rng: np.random.Generator) -> tuple[str, dict[str, Any]]:
    """The issue's target: batch.shanten on N random 14-tile deals against a Python loop
    over xiangting on the same hands, in one run."""
    counts = deal("random", n, 14, rng)
    lists = counts.tolist()
    four = xiangting.PlayerCount.FOUR
    times = measure(
        {
            "batch.shanten": lambda: batch.shanten(counts),
            "loop xiangting": loop(xiangting.calculate_replacement_number, lists, four),
        },
        repeat,
    )
    assert (
        batch.shanten(counts)
        == [xiangting.calculate_replacement_number(c, four) - 1 for c in lists]
    ).all()
    ratio = times["loop xiangting"] / times["batch.shanten"]
    rows = [
        [
            "batch.shanten",
            f"{times['batch.shanten']:.3f}",
            fmt_rate(times["batch.shanten"] / n),
            f"{ratio:.1f}x",
        ],
        [
            "loop over xiangting",
            f"{times['loop xiangting']:.3f}",
            fmt_rate(times["loop xiangting"] / n),
            "1x",
        ],
    ]
    return markdown([f"N = {n:,} random 14-tile hands", "seconds", "hands/s", "speed"], rows), {
        "n": n,
        "seconds": times,
        "ratio": ratio,
    }


_COLD = r"""
import json, sys, time
start = time.perf_counter()
import shanten
imported = time.perf_counter()
shanten.shanten("1m")
per_call = time.perf_counter()
from shanten import batch
import numpy as np
batch.shanten(np.zeros((1, 34), dtype=np.uint8) + np.eye(34, dtype=np.uint8)[0])
batch_ready = time.perf_counter()
print(json.dumps({"import": imported - start, "first shanten()": per_call - imported,
                  "first batch.shanten()": batch_ready - per_call}))
"""

_MEMORY = r"""
import json, tracemalloc

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024

import numpy as np
import shanten
from shanten import batch
from shanten.efficiency_tables import efficiency_tables
from shanten.lookup import lookup_chain
one = np.eye(34, dtype=np.uint8)[[0]]
rss_start = rss()
tracemalloc.start()
steps = [
    ("per call: first shanten() (lookup chains, fast path)", lambda: shanten.shanten("1m")),
    ("lookup_chain(4), lookup_chain(3)", lambda: (lookup_chain(4), lookup_chain(3))),
    ("efficiency_tables(4), efficiency_tables(3)", lambda: (efficiency_tables(4), efficiency_tables(3))),
    ("per call: ukeire(), discards(), calculate() (4 and 3 players)", lambda: [
        (shanten.ukeire("1m", players=p), shanten.discards("11m", players=p), shanten.calculate("1m", players=p))
        for p in (3, 4)]),
    ("batch: shanten() and ukeire(), 4 and 3 players", lambda: [
        (batch.shanten(one, players=p), batch.ukeire(one, players=p)) for p in (3, 4)]),
]
result = []
before = 0
for name, step in steps:
    step()
    current, peak = tracemalloc.get_traced_memory()
    result.append({"step": name, "retained": current - before, "total": current, "peak": peak})
    before = current
print(json.dumps({"steps": result, "rss_delta": rss() - rss_start}))
"""


def fresh(code: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def startup(repeat: int) -> tuple[str, dict[str, Any]]:
    """Table generation from scratch, and cold start in fresh interpreters."""
    build = measure({"build": shanten.tables.build}, repeat)["build"]
    colds = [fresh(_COLD) for _ in range(repeat)]
    cold = {key: statistics.median(c[key] for c in colds) for key in colds[0]}
    memory = fresh(_MEMORY)
    rows = [
        [
            f"shanten.tables.build() (every distance table, from scratch; best of {repeat})",
            f"{build:.3f} s",
        ]
    ]
    rows += [
        [f"fresh interpreter: {key} (median of {repeat})", f"{value:.3f} s"]
        for key, value in cold.items()
    ]
    rows += [[f"memory: {s['step']}", f"{s['retained'] / 2**20:.1f} MiB"] for s in memory["steps"]]
    rows += [
        [
            "memory: all tables (tracemalloc, retained)",
            f"{memory['steps'][-1]['total'] / 2**20:.1f} MiB",
        ],
        [
            "memory: peak while building (tracemalloc)",
            f"{memory['steps'][-1]['peak'] / 2**20:.1f} MiB",
        ],
        ["memory: RSS growth while building", f"{memory['rss_delta'] / 2**20:.1f} MiB"],
    ]
    return markdown(["what", "time or size"], rows), {
        "build": build,
        "cold": cold,
        "memory": memory,
    }


def machine() -> dict[str, Any]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "xiangting": metadata.version("xiangting"),
        "mahjong": metadata.version("mahjong"),
        "matplotlib": metadata.version("matplotlib"),
        "shanten": shanten.__version__,
        "load_average": os.getloadavg(),
    }


def plot(curves: dict[str, dict[int, float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7.5, 4.8))
    # one colour per question (shanten, effective tiles); solid: batch, dashed/dotted: loops
    styles = {
        "batch.shanten": ("C0", "-"),
        "loop xiangting": ("C0", "--"),
        "loop shanten.shanten": ("C0", ":"),
        "batch.ukeire": ("C3", "-"),
        "loop xiangting necessary": ("C3", "--"),
        "loop shanten.ukeire": ("C3", ":"),
    }
    for name, curve in curves.items():
        ns = sorted(curve)
        colour, line = styles[name]
        axes.plot(
            ns, [curve[n] * 1e9 for n in ns], linestyle=line, color=colour, marker="o", label=name
        )
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("N (hands per call or per loop)")
    axes.set_ylabel("ns per hand")
    axes.set_title("Cost per hand against N (random 4-player deals)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick", action="store_true", help="fewer hands and repetitions (a smoke run)"
    )
    parser.add_argument("--no-plot", action="store_true", help="do not write docs/performance.png")
    args = parser.parse_args(argv)
    quick = args.quick
    rng = np.random.default_rng(20240601)
    repeat = 3 if quick else 5
    report: dict[str, Any] = {"machine": machine(), "quick": quick}
    sections = []

    def section(title: str, result: tuple[str, Any], key: str) -> None:
        table, data = result
        report[key] = data
        sections.append(f"### {title}\n\n{table}\n")
        print(sections[-1], flush=True)

    print(f"machine: {report['machine']}\n", flush=True)
    section("Start-up, table generation and memory", startup(repeat), "startup")
    section(
        "Batch API against a loop over xiangting",
        headline(100_000 if quick else 1_000_000, 3, rng),
        "headline",
    )
    section("Shanten per call", per_call(300 if quick else 10_000, repeat, rng), "per_call")
    section(
        "Effective tiles and discards per call",
        efficiency(30 if quick else 1_000, repeat, rng),
        "efficiency",
    )
    sizes = [1, 10, 100, 1_000, 10_000] + ([] if quick else [100_000, 1_000_000])
    limits = {
        "loop shanten.ukeire": 10_000,
        "loop xiangting necessary": 100_000,
        "loop shanten.shanten": max(sizes),
    }
    section(
        "Cost per hand against N",
        scaling(sizes, limits, repeat, 0.02 if quick else 0.1, rng),
        "scaling",
    )
    report["machine"]["load_average_after"] = os.getloadavg()
    if not quick:
        (ROOT / "benchmarks" / "results.json").write_text(json.dumps(report, indent=1) + "\n")
        (ROOT / "benchmarks" / "results.md").write_text("\n".join(sections))
    if not args.no_plot:
        plot(report["scaling"]["seconds_per_hand"], ROOT / "docs" / "performance.png")
    print(
        f"load average before {report['machine']['load_average']}, after {report['machine']['load_average_after']}"
    )


if __name__ == "__main__":
    main()

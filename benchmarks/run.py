"""Benchmarks of ``shanten`` beside its peers, in one run: ``python benchmarks/run.py [--quick]``.

Needs the ``bench`` extra (``pip install -e '.[bench]'``: xiangting, mahjong, matplotlib).
A full run takes about ten minutes and rewrites three tracked files with its figures:
``benchmarks/results.json`` (every figure, the machine and its load),
``benchmarks/results.md`` (the tables) and ``docs/performance.png`` (the plot);
``--quick`` is a smoke run that writes nothing but the plot (``--no-plot``: not even that).

Method (benchmarks/timing.py): seeded hand families (benchmarks/hands.py); every peer of
a table is a loop over the same prepared hands, called the same way; the peers take
turns inside each of several rounds and each keeps its best round. Fresh-process
start-ups are medians of interleaved runs. Both of the library's paths are measured: the
kernel (the public verbs, where it is built) and the plain Python path (the reference
functions, which are what the verbs are under ``SHANTEN_PURE=1``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys

# Nothing measured here uses BLAS; OpenBLAS's idle worker threads would only spin beside
# the measurements on a 2-core machine. Set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from collections.abc import Sequence
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

try:
    import xiangting
    from mahjong.shanten import Shanten
except ImportError as error:  # pragma: no cover - a setup problem, said plainly
    sys.exit(f"benchmarks/run.py needs the bench extra: pip install -e '.[bench]' ({error})")

from hands import FAMILIES, PLAYERS, deal
from timing import Timed, fmt_us, loop, markdown, measure, processes

import shanten
from shanten import _engine, batch
from shanten.hand import Hand

ROOT = Path(__file__).resolve().parents[1]
XIANGTING_PLAYERS = {4: xiangting.PlayerCount.FOUR, 3: xiangting.PlayerCount.THREE}
HAND = "23489m6799p22567s"


def discards_read(counts: list[int], players: int = 4) -> object:
    """The discard table with every row's tiles and counts read by a Python loop."""
    return [(r.ukeire.tiles, r.ukeire.counts) for r in shanten.discards(counts, players=players)]


def on_reference(run: Timed) -> Timed:
    """``run`` on the reference engine (the public verbs as they answer under
    ``SHANTEN_PURE=1``)."""

    def timed() -> None:
        with _engine.use("reference"):
            run()

    return timed


def per_call(hands: int, repeat: int, rng: np.random.Generator) -> tuple[str, dict[str, Any]]:
    """The per-call figures on random 4-player deals, every peer in one interleaved run."""
    l13, l14 = deal("random", hands, 13, rng).tolist(), deal("random", hands, 14, rng).tolist()
    s14 = [str(Hand(c)) for c in l14]
    four = xiangting.PlayerCount.FOUR
    mahjong = Shanten()
    peers: dict[str, Timed] = {
        "shanten(counts)": loop(shanten.shanten, l14),
        "shanten(str)": loop(shanten.shanten, s14),
        "xiangting replacement number": loop(xiangting.calculate_replacement_number, l14, four),
        "ukeire": loop(shanten.ukeire, l13),
        "xiangting necessary tiles": loop(xiangting.calculate_necessary_tiles, l13, four),
        "discards": loop(shanten.discards, l14),
        "discards, rows read in Python": loop(discards_read, l14),
        "mahjong": loop(mahjong.calculate_shanten, l14, True, True, False),
    }
    t = {name: s / hands for name, s in measure(peers, repeat).items()}
    few = max(hands // 10, 20)
    slow = {
        "plain shanten(counts)": on_reference(loop(shanten.shanten, l14[:few])),
        "plain shanten(str)": on_reference(loop(shanten.shanten, s14[:few])),
        "plain ukeire": on_reference(loop(shanten.ukeire, l13[:few])),
        "plain discards": on_reference(loop(shanten.discards, l14[:few])),
    }
    t.update({name: s / few for name, s in measure(slow, repeat).items()})
    x, xn = t["xiangting replacement number"], t["xiangting necessary tiles"]
    rows = [
        ["`shanten(list of 34)` ÷ xiangting replacement number", t["shanten(counts)"] / x],
        ["`mahjong` 2.1.0 ÷ `shanten(list of 34)`", t["mahjong"] / t["shanten(counts)"]],
        ['`shanten("mpsz")` ÷ xiangting replacement number (list)', t["shanten(str)"] / x],
        ["`ukeire` (13 tiles) ÷ xiangting necessary tiles", t["ukeire"] / xn],
        [
            "`discards` (14 tiles, every row built) ÷ xiangting replacement number",
            t["discards"] / x,
        ],
    ]
    table = markdown(
        ["ratio (random 4-player deals)", "measured"],
        [[name, f"{value:.2f}x"] for name, value in rows],
    )
    times = markdown(
        ["call", "kernel µs", "plain Python µs", "peer µs"],
        [
            [
                "shanten(list of 34), 14 tiles",
                fmt_us(t["shanten(counts)"]),
                fmt_us(t["plain shanten(counts)"]),
                f"xiangting {fmt_us(x)}, mahjong {fmt_us(t['mahjong'])}",
            ],
            [
                'shanten("mpsz"), 14 tiles',
                fmt_us(t["shanten(str)"]),
                fmt_us(t["plain shanten(str)"]),
                "",
            ],
            [
                "ukeire, 13 tiles",
                fmt_us(t["ukeire"]),
                fmt_us(t["plain ukeire"]),
                f"xiangting necessary tiles {fmt_us(xn)}",
            ],
            ["discards, 14 tiles", fmt_us(t["discards"]), fmt_us(t["plain discards"]), ""],
            [
                "discards, every row's tiles and counts then read by a Python loop",
                fmt_us(t["discards, rows read in Python"]),
                "",
                "",
            ],
        ],
    )
    return f"{table}\n\n{times}", {"seconds_per_call": t, "hands": hands, "plain_hands": few}


def per_family(
    hands: int, repeat: int, rng: np.random.Generator
) -> tuple[str, list[dict[str, Any]]]:
    """Every verb against its peer, per hand family, both sizes."""
    rows, results = [], []
    mahjong = Shanten()
    for family in FAMILIES:
        players = PLAYERS[family]
        px = XIANGTING_PLAYERS[players]
        c13, c14 = deal(family, hands, 13, rng), deal(family, hands, 14, rng)
        l13, l14 = c13.tolist(), c14.tolist()
        ours = [shanten.shanten(c, players=players) for c in l14]
        theirs = [xiangting.calculate_replacement_number(c, px) - 1 for c in l14]
        three = players == 3
        peers: dict[str, Timed] = {
            "shanten": loop(shanten.shanten, l14),
            "xiangting": loop(xiangting.calculate_replacement_number, l14, px),
            "ukeire": loop(partial(shanten.ukeire, players=players), l13),
            "xiangting necessary": loop(xiangting.calculate_necessary_tiles, l13, px),
            "discards": loop(partial(shanten.discards, players=players), l14),
            "batch.shanten": partial(batch.shanten, c14, players=players),
            "batch.ukeire": partial(batch.ukeire, c13, players=players),
        }
        if three:
            peers["shanten"] = loop(partial(shanten.shanten, players=3), l14)
        t = {name: s / hands for name, s in measure(peers, repeat).items()}
        few = max(hands // 20, 10)
        m = measure(
            {"mahjong": loop(mahjong.calculate_shanten, l14[:few], True, True, three)}, repeat
        )
        t["mahjong"] = m["mahjong"] / few
        agree = sum(a == b for a, b in zip(ours, theirs, strict=True)) / hands
        results.append(
            {
                "family": family,
                "players": players,
                "hands": hands,
                "seconds_per_call": t,
                "agree_xiangting": agree,
            }
        )
        rows.append(
            [
                family,
                fmt_us(t["shanten"]),
                fmt_us(t["xiangting"]),
                fmt_us(t["mahjong"]),
                fmt_us(t["batch.shanten"]),
                fmt_us(t["ukeire"]),
                fmt_us(t["xiangting necessary"]),
                fmt_us(t["batch.ukeire"]),
                fmt_us(t["discards"]),
                f"{agree:.2%}",
            ]
        )
    header = [
        "family",
        "shanten µs",
        "xiangting µs",
        "mahjong µs",
        f"batch.shanten µs/hand (N={hands:,})",
        "ukeire µs",
        "xiangting necessary µs",
        f"batch.ukeire µs/hand (N={hands:,})",
        "discards µs",
        "same shanten as xiangting",
    ]
    return markdown(header, rows), results


def headline(n: int, repeat: int, rng: np.random.Generator) -> tuple[str, dict[str, Any]]:
    """batch.shanten on N random 14-tile deals against a Python loop over xiangting."""
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
            "batch.shanten (kernel, a thread per core)",
            f"{times['batch.shanten']:.3f}",
            f"{n / times['batch.shanten']:,.0f}",
            f"{ratio:.1f}x",
        ],
        [
            "Python loop over xiangting",
            f"{times['loop xiangting']:.3f}",
            f"{n / times['loop xiangting']:,.0f}",
            "1x",
        ],
    ]
    return markdown([f"N = {n:,} random 14-tile hands", "seconds", "hands/s", "speed"], rows), {
        "n": n,
        "seconds": times,
        "ratio": ratio,
    }


_PLAIN_BATCH = r"""
import json, time, numpy as np, shanten
from shanten import batch
assert not shanten.accelerated
rng = np.random.default_rng(1)
counts = np.zeros((2000, 34), dtype=np.uint8)
for row in counts:
    for tile in rng.choice(136, 14, replace=False) // 4:
        row[tile] += 1
batch.shanten(counts[:10])
start = time.perf_counter(); batch.shanten(counts); end = time.perf_counter()
print(json.dumps({"seconds_per_hand": (end - start) / len(counts)}))
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
rss_start = rss()
tracemalloc.start()
one = np.eye(34, dtype=np.uint8)[[0]]
for p in (3, 4):
    shanten.shanten("1m", players=p); shanten.ukeire("1m", players=p)
    shanten.discards("11m", players=p); shanten.calculate("1m", players=p)
    shanten.ukeire("1m", players=p, count_melded_copies=True, melds=["111z"] * 0)
    batch.shanten(one, players=p); batch.ukeire(one, players=p)
    with shanten._engine.use("reference"):  # the reference engine's own tables too
        shanten.ukeire("1m", players=p)
current, peak = tracemalloc.get_traced_memory()
print(json.dumps({"rss_delta": rss() - rss_start, "python_objects": current, "peak": peak}))
"""


def fresh(code: str, **env: str) -> dict[str, Any]:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, **env},
    )
    data: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return data


def startup(repeat: int) -> tuple[str, dict[str, Any]]:
    """A fresh `shanten HAND` against `python -c "import numpy"`, table generation, memory."""
    bin_dir = Path(sys.executable).parent
    command = [str(bin_dir / "shanten"), HAND]
    commands = {
        "shanten": command,
        "numpy": [sys.executable, "-c", "import numpy"],
        "pass": [sys.executable, "-c", "pass"],
    }
    # as an installed package runs: Python's bytecode cached (some machines, this one
    # included, set PYTHONDONTWRITEBYTECODE, which would recompile the package each time)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = processes(commands, repeat, env)
    few = max(3, repeat // 3)
    cold = processes({"cold": command}, few, {**env, "SHANTEN_CACHE_DIR": "off"})["cold"]
    plain = processes({"plain": command}, few, {**env, "SHANTEN_PURE": "1"})["plain"]
    build = measure({"build": shanten.tables.transform.build}, 3)["build"]
    memory = fresh(_MEMORY)
    plain_batch = fresh(_PLAIN_BATCH, SHANTEN_PURE="1")["seconds_per_hand"]
    ratio = times["shanten"] / times["numpy"]
    rows = [
        [
            f"`shanten {HAND}`, fresh process (median of {repeat}, interleaved)",
            f"{times['shanten']:.3f} s",
        ],
        ['`python -c "import numpy"` (the same runs)', f"{times['numpy']:.3f} s"],
        ["`python -c pass` (the same runs)", f"{times['pass']:.3f} s"],
        ["ratio: `shanten HAND` ÷ `import numpy`", f"{ratio:.2f}x"],
        ["`shanten HAND` with the disk cache off (tables built in the process)", f"{cold:.3f} s"],
        ["`shanten HAND` on the plain Python path (`SHANTEN_PURE=1`)", f"{plain:.3f} s"],
        [
            "`shanten.tables.transform.build()`: every distance table from scratch (best of 3)",
            f"{build:.3f} s",
        ],
        [
            "`batch.shanten` on the plain Python path, per hand (N = 2,000)",
            f"{plain_batch * 1e6:.1f} µs",
        ],
        [
            "memory: RSS growth after every verb of both engines, 3 and 4 players",
            f"{memory['rss_delta'] / 1e6:.1f} MB",
        ],
        [
            "memory: Python objects retained (tracemalloc)",
            f"{memory['python_objects'] / 1e6:.1f} MB",
        ],
    ]
    return markdown(["what", "time or size"], rows), {
        "processes": times,
        "ratio": ratio,
        "cold": cold,
        "plain": plain,
        "plain_batch_per_hand": plain_batch,
        "build": build,
        "memory": memory,
    }


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
    rows = [
        [
            f"{n:,}",
            *(f"{curves[name][n] * 1e9:,.0f}" if n in curves[name] else "" for name in curves),
        ]
        for n in ns
    ]
    table = markdown(["N", *curves], rows) + "\n\n(ns per hand)"
    return table, {"ns": ns, "seconds_per_hand": curves}


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
        "shanten": shanten.__version__,
        "kernel": shanten.accelerated,
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
    axes.set_title("Cost per hand against N (random 4-player deals, kernel path)")
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
        "--quick", action="store_true", help="fewer hands and rounds; writes no results"
    )
    parser.add_argument("--no-plot", action="store_true", help="do not write docs/performance.png")
    args = parser.parse_args(argv)
    if not shanten.accelerated:
        print("note: the kernel is not in use; the kernel figures are the plain path's", flush=True)
    quick = args.quick
    rng = np.random.default_rng(20261124)
    repeat = 3 if quick else 9
    report: dict[str, Any] = {"machine": machine(), "quick": quick}
    sections = []

    def section(title: str, result: tuple[str, Any], key: str) -> None:
        table, data = result
        report[key] = data
        sections.append(f"### {title}\n\n{table}\n")
        print(sections[-1], flush=True)

    print(f"machine: {report['machine']}\n", flush=True)
    section("Per call", per_call(300 if quick else 2_000, repeat, rng), "per_call")
    section("Start-up, tables and memory", startup(5 if quick else 21), "startup")
    section(
        "Batch API against a loop over xiangting",
        headline(100_000 if quick else 1_000_000, 3, rng),
        "headline",
    )
    section("Per family", per_family(300 if quick else 2_000, 3 if quick else 5, rng), "per_family")
    sizes = [1, 10, 100, 1_000, 10_000] + ([] if quick else [100_000, 1_000_000])
    limits = {"loop shanten.ukeire": 100_000, "loop xiangting necessary": 100_000}
    section(
        "Cost per hand against N",
        scaling(sizes, limits, 3 if quick else 5, 0.02 if quick else 0.1, rng),
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

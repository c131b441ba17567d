"""How the benchmarks time things: interleaved peers, the best of repeated rounds.

A peer is a callable that runs a whole loop. :func:`measure` runs every peer once to warm
up (which also sets how many runs make one timing), then ``repeat`` rounds in which the
peers take turns, with the garbage collector off as in ``timeit``, and keeps each peer's
best round: this VM's load comes in bursts that slow a round by up to 2x, no burst makes
code faster, and taking turns puts the peers of a table under the same load.
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence

Timed = Callable[[], object]


def measure(peers: dict[str, Timed], repeat: int, target: float = 0.0) -> dict[str, float]:
    """Seconds per run of each peer: the best of ``repeat`` interleaved rounds."""
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


def loop(function: Callable[..., object], items: Sequence[object], *args: object) -> Timed:
    """A loop that calls ``function(item, *args)`` for every item: every peer of a table
    is called the same way, with plain positional arguments (no ``*args`` unpacking in
    the loop, which would cost a fast call a third of its time)."""
    f = function
    if not args:

        def run() -> None:
            for item in items:
                f(item)

        return run
    if len(args) == 1:
        (a,) = args

        def run_one() -> None:
            for item in items:
                f(item, a)

        return run_one

    def run_many() -> None:
        for item in items:
            f(item, *args)

    return run_many


def processes(commands: dict[str, list[str]], repeat: int, env: dict[str, str]) -> dict[str, float]:
    """Median wall time of each command in a fresh process, the commands taking turns."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache and the table cache
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
    for _ in range(repeat):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def fmt_us(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:.3f}" if us < 1 else f"{us:.2f}" if us < 100 else f"{us:,.0f}"


def markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)

"""Per-call figures that resist a noisy machine: ``python benchmarks/quiet.py``.

`run.py` times each call over whole families; on a shared VM a burst of load moves those
medians by up to 2x. This script times the per-call APIs on 1,000 seeded random hands in
batches of 50, interleaving the calls, and keeps each batch's best of ``--repeat`` rounds:
a batch's best is a time the machine was quiet for it. It prints µs per call and the
ratios the issues state (``ukeire`` ÷ ``shanten`` on the same 13-tile hands; ``discards``
against 50 µs, and in xiangting calls, a yardstick of the machine's speed; ``shanten``
against ``xiangting``).
"""

from __future__ import annotations

import argparse
import random
import timeit
from collections.abc import Callable, Sequence

import xiangting

import shanten

BATCH = 50


def deal(rng: random.Random, size: int) -> list[int]:
    """A random closed hand of ``size`` tiles from a full set, as 34 counts."""
    counts = [0] * 34
    for tile in rng.sample([t for t in range(34) for _ in range(4)], size):
        counts[tile] += 1
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="rounds per batch (best kept)")
    args = parser.parse_args(argv)
    rng = random.Random(20261122)
    h13 = [deal(rng, 13) for _ in range(1000)]
    h14 = [deal(rng, 14) for _ in range(1000)]
    four = xiangting.PlayerCount.FOUR
    calls: dict[str, tuple[Callable[[list[int]], object], list[list[int]]]] = {
        "shanten, 13 tiles": (shanten.shanten, h13),
        "shanten, 14 tiles": (shanten.shanten, h14),
        "xiangting, 13 tiles": (lambda h: xiangting.calculate_replacement_number(h, four), h13),
        "ukeire": (shanten.ukeire, h13),
        'ukeire, form="standard"': (lambda h: shanten.ukeire(h, form="standard"), h13),
        "discards": (shanten.discards, h14),
        "discards, every row read": (lambda h: [r.ukeire for r in shanten.discards(h)], h14),
        'discards, form="standard"': (lambda h: shanten.discards(h, form="standard"), h14),
    }
    for call, hands in calls.values():  # build the tables before timing
        call(hands[0])
    best: dict[str, list[float]] = {name: [float("inf")] * (1000 // BATCH) for name in calls}
    for _ in range(args.repeat):
        for name, (call, hands) in calls.items():
            for b in range(1000 // BATCH):
                batch = hands[b * BATCH : (b + 1) * BATCH]
                seconds = timeit.timeit(lambda: [call(h) for h in batch], number=1)  # noqa: B023
                best[name][b] = min(best[name][b], seconds / BATCH)
    us = {name: sum(times) / len(times) * 1e6 for name, times in best.items()}
    for name, value in us.items():
        print(f"{name:28s} {value:8.2f} µs")
    print()
    ratios = {
        "ukeire ÷ shanten (13 tiles)": us["ukeire"] / us["shanten, 13 tiles"],
        "shanten ÷ xiangting (13 tiles)": us["shanten, 13 tiles"] / us["xiangting, 13 tiles"],
        "discards ÷ 50 µs": us["discards"] / 50,
        "discards ÷ xiangting (13 tiles)": us["discards"] / us["xiangting, 13 tiles"],
    }
    for name, ratio in ratios.items():
        print(f"{name:32s} {ratio:5.2f}x")


if __name__ == "__main__":
    main()

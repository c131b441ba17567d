"""Scoring a win: ``shanten.score`` on the C kernel and on the reference, against
``mahjong`` 2.1.0's ``HandCalculator.estimate_hand_value``, in one run.

Method: ``--wins`` random wins (the generator of the tests' oracle,
``tests/support/score_oracle.random_win``: Tenhou's rules, three or four players, hands
leaning to flushes, honours and triplets now and then), those that have a yaku. Each win
is timed in turn on every method, the methods in a rotating order (interleaved, so that
a slow spell of a shared machine falls on all of them), each time ``--repeat`` calls in a
row, by process time (``time.process_time_ns``, the CPU time of this process); a
method's figure is the median over the wins of its time per call. The methods:

- ``kernel``: ``shanten.score(**kwargs)`` on the kernel engine: the public verb, its
  checks included;
- ``reference``: the same on the reference engine;
- ``mahjong``: ``estimate_hand_value`` on the same win, its 136-tile arguments built
  beforehand (the tests' oracle builds them);
- ``kernel engine``: the kernel engine's ``score(win)`` on the checked win (what the
  engine adds to the checks: the C and the building of the Score);
- ``C``: the kernel's ``_c.score`` on its packed arguments (the C scorer with its
  argument parsing and its answer tuple).

The ratios set each against the kernel's ``shanten.score``.

    PYTHONPATH=src:tests python benchmarks/score.py --wins 3000
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import shanten
from shanten import _engine
from shanten._kernel import _c
from shanten._kernel.score import arguments
from shanten._kernel.score import score as kernel_score
from shanten.scoring import check
from support.score_oracle import mahjong_arguments, random_win


def _wins(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        kwargs = random_win(rng, shanten.TENHOU, rng.choice([3, 4]))
        with _engine.use("reference"):
            if _engine.engine.score(check(**kwargs)) is not None:
                found.append(kwargs)
    return found


def _timed(call: Callable[[], object], repeat: int, engine: str | None) -> float:
    """Process time per call of ``call`` over ``repeat`` calls, in µs."""
    if engine is None:
        start = time.process_time_ns()
        for _ in range(repeat):
            call()
        return (time.process_time_ns() - start) / repeat / 1000
    with _engine.use(engine):  # type: ignore[arg-type]
        start = time.process_time_ns()
        for _ in range(repeat):
            call()
        return (time.process_time_ns() - start) / repeat / 1000


def _methods(kwargs: dict[str, Any]) -> dict[str, tuple[Callable[[], object], str | None]]:
    """Each method's call on the win ``kwargs``, and the engine it runs on."""
    from mahjong.hand_calculating.hand import HandCalculator

    win = check(**kwargs)
    tiles, win_id, mj = mahjong_arguments(kwargs)
    packed = arguments(win)
    return {
        "kernel": (lambda: shanten.score(**kwargs), "kernel"),
        "reference": (lambda: shanten.score(**kwargs), "reference"),
        "mahjong": (lambda: HandCalculator.estimate_hand_value(tiles, win_id, **mj), None),
        "kernel engine": (lambda: kernel_score(win), None),
        "C": (lambda: _c.score(*packed), None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wins", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins = _wins(args.wins, args.seed)
    names = ["kernel", "reference", "mahjong", "kernel engine", "C"]
    times: dict[str, list[float]] = {name: [] for name in names}
    for i, kwargs in enumerate(wins):
        methods = _methods(kwargs)
        shift = i % len(names)
        for name in names[shift:] + names[:shift]:
            call, engine = methods[name]
            times[name].append(_timed(call, args.repeat, engine))
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"{len(wins)} wins with a yaku, {args.repeat} calls each, median process time per call")
    for name in names:
        ratio = median[name] / median["kernel"]
        print(f"  {name:14} {median[name]:9.2f} µs   {ratio:7.3f} × the kernel's shanten.score")
    print(
        f"reference / kernel: {median['reference'] / median['kernel']:.1f}×, "
        f"mahjong / kernel: {median['mahjong'] / median['kernel']:.1f}×, "
        f"reference / kernel engine: {median['reference'] / median['kernel engine']:.0f}× "
        "(engines alone, the checks aside)"
    )


if __name__ == "__main__":
    main()

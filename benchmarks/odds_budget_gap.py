"""How much the swap budget costs: ``shanten.odds`` beside unrestricted optimal play.

``python benchmarks/odds_budget_gap.py [--hands N] [--quick]``

``shanten.odds`` lets the player keep a draw only as its model says (an advance always;
a hand change or a shanten back with its switch; all within the swap budget, docs/odds.md).
Unrestricted play may keep any draw and discard any tile. This script enumerates that
process exactly, from the rules alone (nothing of the library's odds; its shanten
function decides completeness and tenpai):

- the wall is the unseen tiles: 136 less the 14-tile hand (the row's discard is seen);
- the draws are uniform, without replacement: the state is the hand and every tile drawn
  so far, kept or thrown, and the player knows both;
- after a draw the player discards any tile of the 14, the drawn one included;
- success: the 14 tiles after a draw are complete (win), or one discard from ready, i.e.
  shanten <= 0 (tenpai); a start already ready has a tenpai figure of 1;
- the player maximises the probability of success within the ``k`` draws.

Its figure is the best any play can do, so it bounds the engine's from above, and the gap
(unrestricted - engine, per discard) is what the restriction gives away. At ``k = 1``
there is no choice to make and the two agree. Hands: 14 tiles off a shuffled 136-tile
wall (seeded), kept by their shanten; 3-shanten hands only at ``k = 3`` and only for
tenpai (a 3-shanten hand needs four tiles to win and three to be ready).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import shanten
from shanten.notation import format_counts

SEED = 20261126
SETTINGS = {"off": (False, False), "on": (True, True)}  # (hand_changes, shanten_back)

Counts = tuple[int, ...]


def deal(rng: random.Random, wanted: int, count: int) -> list[Counts]:
    """``count`` seeded 14-tile hands of shanten ``wanted``."""
    hands: list[Counts] = []
    physical = list(range(136))
    while len(hands) < count:
        rng.shuffle(physical)
        counts = [0] * 34
        for tile in physical[:14]:
            counts[tile // 4] += 1
        if shanten.shanten(counts) == wanted:
            hands.append(tuple(counts))
    return hands


class Unrestricted:
    """The exact process of one 14-tile hand's rows, every keep allowed. Memoised on the
    (13-tile hand, tiles drawn) state, shared by the rows, whose wall is the same."""

    def __init__(self, hand14: Counts, objective: str) -> None:
        self.unseen = tuple(4 - c for c in hand14)
        self.total = sum(self.unseen)
        self.win = objective == "win"
        self._shanten: dict[Counts, int] = {}
        self._winners: dict[Counts, tuple[int, ...]] = {}
        self._values: dict[tuple[Counts, Counts], float] = {}

    def shanten(self, counts: Counts) -> int:
        value = self._shanten.get(counts)
        if value is None:
            value = self._shanten[counts] = shanten.shanten(list(counts))
        return value

    def needed(self, hand: Counts) -> int:
        """The fewest draws before a 13-tile hand can succeed."""
        return self.shanten(hand) + (1 if self.win else 0)

    def success(self, hand14: Counts) -> bool:
        return self.shanten(hand14) <= (-1 if self.win else 0)

    def winners(self, hand: Counts) -> tuple[int, ...]:
        found = self._winners.get(hand)
        if found is None:
            found = ()
            if self.needed(hand) <= 1:
                found = tuple(t for t in range(34) if hand[t] < 4 and self.success(_plus(hand, t)))
            self._winners[hand] = found
        return found

    def row(self, hand: Counts, draws: int) -> float:
        """P(success within ``draws`` draws) from the 13-tile ``hand``, played optimally."""
        if not self.win and self.shanten(hand) <= 0:
            return 1.0
        return self.value(hand, (0,) * 34, draws)

    def value(self, hand: Counts, drawn: Counts, left: int) -> float:
        if left == 0 or self.needed(hand) > left:
            return 0.0
        wall = self.total - sum(drawn)
        if left == 1:
            return sum(self.unseen[t] - drawn[t] for t in self.winners(hand)) / wall
        key = (hand, drawn)
        found = self._values.get(key)
        if found is not None:
            return found
        total = 0.0
        for tile in range(34):
            copies = self.unseen[tile] - drawn[tile]
            if copies <= 0:
                continue
            hand14 = _plus(hand, tile)
            if self.success(hand14):
                total += copies
                continue
            after = _plus(drawn, tile)
            best = 0.0
            for discard in range(34):  # the drawn tile itself is throwing it back
                if not hand14[discard]:
                    continue
                kept = _plus(hand14, discard, -1)
                if self.needed(kept) <= left - 1:
                    best = max(best, self.value(kept, after, left - 1))
            total += copies * best
        found = self._values[key] = total / wall
        return found


def _plus(counts: Counts, tile: int, more: int = 1) -> Counts:
    changed = list(counts)
    changed[tile] += more
    return tuple(changed)


@dataclass
class Gap:
    family: str
    draws: int
    objective: str
    setting: str
    hand: str
    discard: str
    free: float
    engine: float


def gaps(hand14: Counts, family: str, draws: int, objectives: list[str]) -> Iterator[Gap]:
    """Every row of the hand, each objective and setting: unrestricted beside the engine."""
    name = format_counts(list(hand14))
    tables = {
        setting: {
            str(row.discard): row
            for row in shanten.odds(name, draws=draws, hand_changes=hc, shanten_back=sb)
        }
        for setting, (hc, sb) in SETTINGS.items()
    }
    for objective in objectives:
        free = Unrestricted(hand14, objective)
        for tile in range(34):
            if not hand14[tile]:
                continue
            value = free.row(_plus(hand14, tile, -1), draws)
            discard = str(shanten.Tile(tile))
            for setting, table in tables.items():
                row = table[discard]
                engine = (row.win if objective == "win" else row.tenpai)[-1]
                yield Gap(family, draws, objective, setting, name, discard, value, engine)


def best_gap(rows: list[Gap]) -> float:
    """The best row's unrestricted figure less the engine's best row."""
    return max(g.free for g in rows) - max(g.engine for g in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12, help="hands per family and k")
    parser.add_argument("--quick", action="store_true", help="2 hands, k <= 2, a few seconds")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    count = 2 if args.quick else args.hands
    plan = [  # (family, shanten, k, objectives)
        ("1-shanten", 1, 1, ["win", "tenpai"]),
        ("1-shanten", 1, 2, ["win", "tenpai"]),
        ("2-shanten", 2, 2, ["win", "tenpai"]),
    ]
    if not args.quick:
        plan += [
            ("1-shanten", 1, 3, ["win", "tenpai"]),
            ("2-shanten", 2, 3, ["win", "tenpai"]),
            ("3-shanten", 3, 3, ["tenpai"]),
        ]
    dealt = {s: deal(rng, s, count) for s in sorted({s for _, s, _, _ in plan})}
    every: list[Gap] = []
    started = time.perf_counter()
    for family, wanted, k, objectives in plan:
        for hand14 in dealt[wanted]:
            every.extend(gaps(hand14, family, k, objectives))
        print(f"# {family} k={k}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    report(every, count, args.seed)
    return 0


def report(every: list[Gap], count: int, seed: int) -> None:
    print(
        f"Seeded 14-tile hands (seed {seed}, {count} per family), every discard; "
        "gap = unrestricted optimal play - shanten.odds, at the last draw."
    )
    print()
    print(
        "| hands | k | objective | switches | rows | mean gap | max gap | rows with gap > 1e-12 "
        "| best row: mean gap | max | hands with gap > 1e-12 | least gap |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    groups: dict[tuple[str, int, str, str], list[Gap]] = {}
    for g in every:
        groups.setdefault((g.family, g.draws, g.objective, g.setting), []).append(g)
    for (family, k, objective, setting), rows in groups.items():
        diffs = [g.free - g.engine for g in rows]
        by_hand: dict[str, list[Gap]] = {}
        for g in rows:
            by_hand.setdefault(g.hand, []).append(g)
        best = [best_gap(r) for r in by_hand.values()]
        print(
            f"| {family} | {k} | {objective} | {setting} | {len(rows)} "
            f"| {statistics.fmean(diffs):.2g} | {max(diffs):.3g} "
            f"| {sum(d > 1e-12 for d in diffs)} ({sum(d > 1e-12 for d in diffs) / len(rows):.0%}) "
            f"| {statistics.fmean(best):.2g} | {max(best):.3g} "
            f"| {sum(b > 1e-12 for b in best)} of {len(best)} | {min(diffs):.2g} |"
        )
    print()
    for objective in ("win", "tenpai"):
        rows = [g for g in every if g.objective == objective and g.setting == "on"]
        if rows:
            top = max(rows, key=lambda g: g.free - g.engine)
            print(
                f"Largest {objective} gap with the switches on: {top.hand} discarding "
                f"{top.discard}, k={top.draws}: unrestricted {top.free:.6f}, "
                f"shanten.odds {top.engine:.6f} (gap {top.free - top.engine:.6f})"
            )


if __name__ == "__main__":
    sys.exit(main())

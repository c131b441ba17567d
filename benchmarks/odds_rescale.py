"""How often the odds engine rescales a draw's weights, and how much play passes there.

``python benchmarks/odds_rescale.py [--hands N] [--draws K] [--melds M] [--shanten S]
[--shanten-back] [--quick]``

The engine (docs/odds.md, "The one approximation") draws tile i at a hand h after t draws
with probability c_i / (S - t), for the draws its plan keeps or that succeed, with c_i the
unseen copies less those the hand absorbed. When those c_i add up to more than S - t, it
divides by their sum instead (``wall = max(self.wall - t, total)`` in
``Solution._law`` of ``src/shanten/_native/odds.py``; ``denominator`` in ``odds_law`` of
``src/shanten/_kernel/odds_solve.c``). This script runs the plain engine (the kernel's
reference; each row's figures are checked against ``shanten.odds``) on seeded random
hands (by default 1-shanten, 14 tiles; ``--melds`` random pons or chis and fewer tiles),
``hand_changes=True`` (and ``shanten_back`` with ``--shanten-back``), and follows each
row's plan draw by draw, as its curve does. For every row and objective:

- whether the plan reaches a rescaled (hand, draw) with probability > 0;
- the reach probability: the probability that the plan passes at least one rescaled
  (hand, draw) (first passage, so nothing is counted twice);
- the excess: the sum over rescaled (hand, draw) of the probability of being there times
  (c / (S - t) - 1), c the copies the plan keeps or succeeds on: how much weight over one
  the rescaling removes.

The plain engine is slow: 24 closed 1-shanten hands take about a minute, 8 closed
2-shanten hands about four; ``--quick`` (a few seconds) only shows that it runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass

import shanten
from shanten._native import odds as plain
from shanten._native.odds import TOLERANCE, Graph, Rules, Solution
from shanten.notation import format_counts

SEED = 20261126
SUITS = "mpsz"

Counts = tuple[int, ...]


@dataclass(frozen=True)
class Deal:
    """A 3n+2 concealed hand (34 counts) and its melds (notation)."""

    hand: Counts
    melds: tuple[str, ...]

    def __str__(self) -> str:
        return format_counts(list(self.hand)) + "".join(f" ({m})" for m in self.melds)


def deal(rng: random.Random, wanted: int, count: int, melds: int = 0) -> list[Deal]:
    """``count`` seeded hands of shanten ``wanted``: ``melds`` random pons or chis and
    14 - 3 ``melds`` concealed tiles, off a shuffled 136-tile wall."""
    hands: list[Deal] = []
    physical = list(range(136))
    while len(hands) < count:
        rng.shuffle(physical)
        left = [0] * 34
        for tile in physical:
            left[tile // 4] += 1
        called: list[str] = []
        while len(called) < melds:
            kind = rng.randrange(34)
            chi = kind < 27 and kind % 9 <= 6 and rng.random() < 0.5
            tiles = [kind, kind + 1, kind + 2] if chi else [kind] * 3
            if all(left[t] >= tiles.count(t) for t in set(tiles)):
                for t in tiles:
                    left[t] -= 1
                digits = "".join(str(t % 9 + 1) for t in tiles)
                called.append(digits + SUITS[kind // 9])
        pool = [t for t in range(34) for _ in range(left[t])]
        rng.shuffle(pool)
        counts = [0] * 34
        for tile in pool[: 14 - 3 * melds]:
            counts[tile] += 1
        if shanten.shanten(counts, melds=called) == wanted:
            hands.append(Deal(tuple(counts), tuple(called)))
    return hands


def _swaps(hand: Counts, start: Counts) -> int:
    """The plain engine's ``_swaps`` (tiles ``hand`` holds that ``start`` does not),
    the same sum written faster: building the graphs is most of this script's time."""
    return sum(h - s for h, s in zip(hand, start, strict=True) if h > s)


plain._swaps = _swaps


@dataclass
class Passage:
    """One row and objective: the rescaled (hand, draw) pairs its plan reaches."""

    hand: str
    discard: str
    objective: str
    best_row: bool
    value: float
    fired: int  # rescaled (hand, draw) pairs reached with probability > 0
    reach: float
    excess: float
    first_draw: int | None  # the first draw (1-based) at which one is reached


def kept_copies(solution: Solution, state: int, later: list[float], best: list) -> int:
    """The copies the plan keeps or succeeds on at ``state``, as ``Solution._law``."""
    goal = 0 if solution.objective == "win" else 1
    total = 0
    for draw in solution.graph.draws[state]:
        if draw.after <= goal or (draw.node >= 0 and best[draw.node][0] > later[state] + TOLERANCE):
            total += draw.copies
    return total


def follow(solution: Solution) -> tuple[int, float, float, int | None]:
    """The rescaled (hand, draw) pairs reached, the first-passage probability, the excess
    weight, and the first draw reaching one, for the solution's plan."""
    graph = solution.graph
    fresh = [0.0] * len(graph.hands)  # probability here, no rescaled pair passed yet
    mass = [0.0] * len(graph.hands)  # probability here, all paths
    fresh[0] = mass[0] = 1.0
    fired, reach, excess, first = 0, 0.0, 0.0, None
    if graph.distances[0] <= (0 if solution.objective == "win" else 1):
        return fired, reach, excess, first
    for t in range(solution.draws):
        later = solution.values[t + 1]
        best = solution._choices(later)
        moved = [0.0] * len(mass)
        moved_fresh = [0.0] * len(mass)
        for state, m in enumerate(mass):
            if m == 0.0:
                continue
            wall = solution.wall - t
            total = kept_copies(solution, state, later, best)
            fresh_here = fresh[state]
            if total > wall:
                fired += 1
                reach += fresh_here
                excess += m * (total / wall - 1)
                first = t + 1 if first is None else first
                fresh_here = 0.0
            stay, law = solution._law(state, t, later, best)
            moved[state] += m * stay
            moved_fresh[state] += fresh_here * stay
            for p, nxt, _tile in law:
                if nxt is not None:
                    moved[nxt] += m * p
                    moved_fresh[nxt] += fresh_here * p
        mass, fresh = moved, moved_fresh
    return fired, reach, excess, first


def passages(
    dealt: Deal, draws: int, shanten_back: bool = False, fewest_only: bool = False
) -> list[Passage]:
    """Every row of a hand (or only those at its fewest shanten), both objectives,
    ``hand_changes=True``."""
    known: dict[Counts, int] = {}
    melds = list(dealt.melds)
    hand14 = dealt.hand

    def distance(counts: Counts) -> int:  # shanten + 1, by the kernel
        value = known.get(counts)
        if value is None:
            value = known[counts] = shanten.shanten(list(counts), melds=melds) + 1
        return value

    seen = list(hand14)
    for meld in melds:
        for tile in shanten.Meld(meld):
            seen[tile.index] += 1
    unseen = [4 - c for c in seen]
    starts = {t: tuple(c - (i == t) for i, c in enumerate(hand14)) for t in range(34) if hand14[t]}
    lengths = {t: distance(s) for t, s in starts.items()}
    best = min(lengths.values())
    rules = Rules(hand_changes=True, shanten_back=shanten_back)
    out: list[Passage] = []
    values: dict[str, dict[int, float]] = {"win": {}, "tenpai": {}}
    found: list[tuple[int, str, tuple[int, float, float, int | None], float]] = []
    for tile, start in starts.items():
        if fewest_only and lengths[tile] > best:
            continue
        graph = Graph(start, unseen, rules, distance, best=best)
        for objective in ("win", "tenpai"):
            solution = Solution(graph, sum(unseen), draws, objective)  # type: ignore[arg-type]
            values[objective][tile] = solution.curve[-1]
            found.append((tile, objective, follow(solution), solution.curve[-1]))
    top = {o: max(v.values()) for o, v in values.items()}
    table = shanten.odds(
        format_counts(list(hand14)),
        melds=melds,
        draws=draws,
        hand_changes=True,
        shanten_back=shanten_back,
    )
    for row in table:  # the plain engine is the library's, to rounding
        if shanten.Tile(str(row.discard)).index not in values["win"]:
            continue
        tile = shanten.Tile(str(row.discard)).index
        assert abs(row.win[-1] - values["win"][tile]) < 1e-9, row
        assert abs(row.tenpai[-1] - values["tenpai"][tile]) < 1e-9, row
    for tile, objective, (fired, reach, excess, first), value in found:
        out.append(
            Passage(
                str(dealt),
                str(shanten.Tile(tile)),
                objective,
                value >= top[objective] - 1e-12,
                value,
                fired,
                reach,
                excess,
                first,
            )
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--draws", type=int, default=17)
    parser.add_argument(
        "--quick", action="store_true", help="2 hands, their best-shanten rows, 8 draws"
    )
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--melds", type=int, default=0, help="random pons or chis per hand")
    parser.add_argument("--shanten", type=int, default=1, help="the hands' shanten")
    parser.add_argument("--shanten-back", action="store_true", help="shanten_back=True too")
    args = parser.parse_args(argv)
    count, draws = (2, 8) if args.quick else (args.hands, args.draws)
    hands = deal(random.Random(args.seed), args.shanten, count, args.melds)
    every: list[Passage] = []
    started = time.perf_counter()
    for n, hand14 in enumerate(hands, 1):
        every.extend(passages(hand14, draws, args.shanten_back, fewest_only=args.quick))
        print(f"# {n}/{len(hands)}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    print(
        f"{count} seeded random {args.shanten}-shanten hands with {args.melds} melds "
        f"(seed {args.seed}), "
        f"{'the discards at the fewest shanten' if args.quick else 'every discard'}, "
        f"hand_changes=True, shanten_back={args.shanten_back}, {draws} draws; "
        "the plain engine's plan for the last draw."
    )
    print()
    print(
        "| objective | rows | rows reaching a rescaled hand | hands with one | best rows with one "
        "| reach: median (rows with one) | max | excess: median | max | first draw: min |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for objective in ("win", "tenpai"):
        rows = [p for p in every if p.objective == objective]
        hit = [p for p in rows if p.fired]
        best_rows = [p for p in rows if p.best_row]
        hands_hit = {p.hand for p in hit}
        reach = [p.reach for p in hit] or [0.0]
        excess = [p.excess for p in hit] or [0.0]
        firsts = [p.first_draw for p in hit if p.first_draw is not None]
        print(
            f"| {objective} | {len(rows)} | {len(hit)} ({len(hit) / len(rows):.0%}) "
            f"| {len(hands_hit)} of {len(hands)} "
            f"| {sum(1 for p in best_rows if p.fired)} of {len(best_rows)} "
            f"| {statistics.median(reach):.2g} | {max(reach):.2g} "
            f"| {statistics.median(excess):.2g} | {max(excess):.2g} "
            f"| {min(firsts) if firsts else '-'} |"
        )
    print()
    for objective in ("win", "tenpai"):
        rows = [p for p in every if p.objective == objective and p.fired]
        if rows:
            top = max(rows, key=lambda p: p.reach)
            print(
                f"Largest {objective} reach: {top.hand} discarding {top.discard}: "
                f"{top.reach:.4g} (excess {top.excess:.3g}, first at draw {top.first_draw}, "
                f"{objective}[-1] = {top.value:.4f})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

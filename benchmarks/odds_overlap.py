"""How much of the discard odds' work the rows of one hand repeat:
``python benchmarks/odds_overlap.py [--hands N]``.

``shanten.odds`` solves each discard's own graph of hands (its wall counts the copies each
hand absorbed since that discard; see ``docs/odds.md``). The rows' graphs overlap: a hand
reachable after discarding 3m is often reachable after discarding 7p too. This counts,
for the hands of ``benchmarks/odds.py`` (same seed), the hands explored summed over the
rows against the distinct hands among them, and the same for the draws that matter (a
hand's draws the player may keep or that succeed), whose number sets the work of the
dynamic programme. The ratio is what one graph shared by all rows, as mahjong-cpp
builds, would save at most; sharing is what the exact wall of each row rules out.

The graphs are the plain engine's (``shanten._native.odds.Graph``), which the kernel's
equal hand for hand; ``--hands`` per family (13 by default), ``--family`` and
``--switches`` to run some only: 3-shanten with the switches on takes about three
minutes a hand, the rest seconds.
"""

from __future__ import annotations

import argparse
import statistics

from odds import deal_hands

from shanten._native.odds import Graph, Rules, distance_of
from shanten.hand import position
from shanten.notation import counts_of, parse_tiles


def overlap(hand: str, switches: bool) -> tuple[int, int, int, int]:
    """(hands summed over rows, distinct hands, draws summed, distinct draws) of the rows
    of ``hand`` (14 tiles, no melds, nothing else seen), as ``shanten.odds`` builds them."""
    counts = counts_of(parse_tiles(hand))
    distance = distance_of(position(counts))
    unseen = [4 - c for c in counts]
    starts = []
    for tile, held in enumerate(counts):
        if held:
            start = list(counts)
            start[tile] -= 1
            starts.append(tuple(start))
    best = min(distance(start) for start in starts)
    rules = Rules(switches, switches)
    hands: set[tuple[int, ...]] = set()
    draws: set[tuple[tuple[int, ...], int]] = set()
    hands_sum = draws_sum = 0
    for start in starts:
        graph = Graph(start, unseen, rules, distance, best=best)
        hands.update(graph.hands)
        hands_sum += len(graph.hands)
        for held, row in zip(graph.hands, graph.draws, strict=True):
            draws.update((held, draw.tile) for draw in row)
            draws_sum += len(row)
    return hands_sum, len(hands), draws_sum, len(draws)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=13, help="hands per family")
    parser.add_argument("--family", choices=["1-shanten", "2-shanten", "3-shanten"])
    parser.add_argument("--switches", choices=["off", "on"])
    args = parser.parse_args()
    print(
        "| family | switches | hands | rows' hands ÷ distinct (median, max) |"
        " rows' draws ÷ distinct (median, max) |"
    )
    print("|---|---|---|---|---|")
    for family, hands in deal_hands(13).items():
        if family == "5-shanten" or args.family not in (None, family):
            continue
        for switches in (False, True):
            if args.switches not in (None, "on" if switches else "off"):
                continue
            found = [overlap(hand, switches) for hand in hands[: args.hands]]
            by_hands = [a / b for a, b, _, _ in found]
            by_draws = [c / d for _, _, c, d in found]
            print(
                f"| {family} | {'on' if switches else 'off'} | {len(found)} | "
                f"{statistics.median(by_hands):.2f}, {max(by_hands):.2f} | "
                f"{statistics.median(by_draws):.2f}, {max(by_draws):.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

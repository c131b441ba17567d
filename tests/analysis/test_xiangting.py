"""Differential test against xiangting (the exact Rust implementation, Python bindings).

``xiangting.calculate_replacement_number(counts, PlayerCount.FOUR | THREE)`` returns the
replacement number r = shanten + 1 of a closed hand (no melds), minimised over the standard
form, seven pairs and thirteen orphans, with every complete hand holding at most 4 copies of a
tile, and (THREE) no 2m..8m.

Small hands. xiangting accepts 3n+1 / 3n+2 tiles for any n <= 4 and asks for n sets and a pair,
as if the missing sets were called melds it cannot see: the same "implied sets" convention as
ours (the implied sets take no copies away). Seven pairs and thirteen orphans only enter for 13
or 14 tiles. ``test_small_hand_convention`` checks this on hands where the two conventions one
could imagine differ (e.g. whether a quad can feed a pair when sets are implied) before the
random comparison relies on it; no restriction was needed.
"""

from __future__ import annotations

import random

import pytest

import shanten
from support.reference import N_TILES, SANMA_MISSING, parse_counts, solve

xiangting = pytest.importorskip("xiangting", reason="xiangting is not installed (the [test] extra)")

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
PLAYERS = {4: xiangting.PlayerCount.FOUR, 3: xiangting.PlayerCount.THREE}


def xiangting_shanten(counts: list[int], players: int) -> int:
    r: int = xiangting.calculate_replacement_number(counts, PLAYERS[players])
    return r - 1


def random_hand(rng: random.Random, players: int) -> list[int]:
    """A random hand of a random valid size; half of them from a few tile kinds only, so that
    quads, triplets and the 4-copy rule are common."""
    kinds = [t for t in range(N_TILES) if not (players == 3 and t in SANMA_MISSING)]
    n = rng.choice(SIZES)
    if rng.random() < 0.5:
        kinds = rng.sample(kinds, rng.randint(1, 6))
        if players == 3 and rng.random() < 0.5:
            kinds = sorted({0, 8, *kinds})
    wall = [t for t in kinds for _ in range(4)]
    if len(wall) < n:
        wall = [t for t in range(N_TILES) if not (players == 3 and t in SANMA_MISSING)] * 4
    counts = [0] * N_TILES
    for t in rng.sample(wall, n):
        counts[t] += 1
    return counts


def compare(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    wrong: list[str] = []
    for i in range(count):
        players = 4 if i % 2 == 0 else 3
        counts = random_hand(rng, players)
        ours = shanten.shanten(counts, players=players)
        theirs = xiangting_shanten(counts, players)
        if ours != theirs:
            wrong.append(
                f"{shanten.Hand(counts)} players={players}: ours {ours}, xiangting {theirs}"
            )
    return wrong


@pytest.mark.parametrize(
    ("hand", "players"),
    [
        ("1111m", 4),  # a quad alone: 111m + a new pair, or 11m + 123m: r = 2
        ("1111m", 3),
        ("1111z", 4),  # honour quad: 111z + a new pair: r = 2
        ("11112z", 4),  # 111z + 22z: r = 1
        ("11112222z", 4),  # 111z 222z + a new pair: r = 2 (no 5th copy for a pair)
        ("11119999m11p", 4),  # 111m 123m 999m 11p: r = 2
        ("11119999m11p", 3),  # no 123m: r = 3
        ("1m", 4),
        ("19m", 3),
        ("1234567z", 4),  # 7 singles, 2 sets + pair: r = 5
    ],
)
def test_small_hand_convention(hand: str, players: int) -> None:
    counts = parse_counts(hand)
    expected = solve(counts, players=players).shanten
    assert xiangting_shanten(counts, players) == expected
    assert shanten.shanten(hand, players=players) == expected


def test_against_xiangting() -> None:
    wrong = compare(seed=20240601, count=5000)
    assert not wrong, f"{len(wrong)} disagreements, first: " + "; ".join(wrong[:10])


def test_reference_against_xiangting() -> None:
    # The plain solver of tests/support/reference.py, checked on its own against xiangting, so that a
    # library-vs-reference agreement elsewhere is not two copies of one mistake.
    rng = random.Random(7)
    wrong: list[str] = []
    for i in range(400):
        players = 4 if i % 2 == 0 else 3
        counts = random_hand(rng, players)
        ours = solve(counts, players=players).shanten
        theirs = xiangting_shanten(counts, players)
        if ours != theirs:
            wrong.append(f"{counts} players={players}: reference {ours}, xiangting {theirs}")
    assert not wrong, "; ".join(wrong[:10])


@pytest.mark.exhaustive
@pytest.mark.parametrize("shard", range(10))
def test_against_xiangting_exhaustive(shard: int) -> None:
    wrong = compare(seed=1_000_003 * (shard + 1), count=50_000)
    assert not wrong, f"{len(wrong)} disagreements, first: " + "; ".join(wrong[:10])

"""The scorer against the ``mahjong`` 2.1.0 package: random complete hands under each
preset, with three and four players, open and closed, quads, red fives and win
conditions at random. Every field compared is equal (han, fu but of a yakuman, points,
payments, yaku with their han): the known rule differences (docs/score.md) are kept out
of the draws."""

from __future__ import annotations

import random

import pytest

from shanten import MAHJONG_SOUL, TENHOU, Rules
from support.score_oracle import oracle, ours, random_win

PRESETS = [pytest.param(TENHOU, id="tenhou"), pytest.param(MAHJONG_SOUL, id="mahjong_soul")]


def _compare(rules: Rules, seed: int, count: int) -> None:
    rng = random.Random(seed)
    differences = []
    for _ in range(count):
        kwargs = random_win(rng, rules, rng.choice([3, 4]))
        mine, theirs = ours(kwargs), oracle(kwargs)
        if mine != theirs:
            differences.append((kwargs, mine, theirs))
    assert not differences[:3], f"{len(differences)} of {count} differ"


@pytest.mark.parametrize("rules", PRESETS)
def test_against_mahjong(rules: Rules) -> None:
    _compare(rules, seed=2024, count=300)


@pytest.mark.exhaustive
@pytest.mark.parametrize("rules", PRESETS)
def test_against_mahjong_100k(rules: Rules) -> None:
    _compare(rules, seed=1, count=100_000)

"""The kernel's C scorer equals the reference: every field of the Score, on random wins
under rule sets that differ in each choice (a few thousand by default, 100,000 with the
exhaustive proofs). The recorded wins and the hand-picked cases run on each engine."""

from __future__ import annotations

import dataclasses
import random

import pytest

import shanten
from shanten import _engine
from shanten._native.engine import ENGINE as REFERENCE
from shanten.scoring import check
from shanten.scoring_rules import DOUBLE_YAKUMAN, Rules
from support.score_oracle import random_win

pytestmark = [
    pytest.mark.kernel_only,
    pytest.mark.skipif("kernel" not in _engine.available(), reason="the kernel was not built"),
]

#: Rule sets that together flip every choice of Rules.
RULES = (
    shanten.TENHOU,
    shanten.MAHJONG_SOUL,
    Rules(
        name="every other choice",
        red_fives=(0, 2, 1),
        open_tanyao=False,
        kiriage=True,
        kazoe_yakuman=False,
        double_yakuman=DOUBLE_YAKUMAN - {"daisuushii"},
        double_wind_pair_fu=2,
        tsumo_loss=False,
    ),
    dataclasses.replace(shanten.TENHOU, tsumo_loss=False, double_yakuman=frozenset({"daisuushii"})),
)


def _agree(seed: int, count: int) -> int:
    rng = random.Random(seed)
    scored = 0
    assert _engine._KERNEL is not None
    for _ in range(count):
        kwargs = random_win(rng, rng.choice(RULES), rng.choice([3, 4]))
        win = check(**kwargs)
        ours = _engine._KERNEL.score(win)
        assert ours == REFERENCE.score(win), kwargs
        scored += ours is not None
    return scored


def test_kernel_and_reference_agree_on_random_wins() -> None:
    assert _agree(5, 3000) > 1000


@pytest.mark.exhaustive
def test_kernel_and_reference_agree_on_100000_random_wins() -> None:
    assert _agree(6, 100_000) > 30_000

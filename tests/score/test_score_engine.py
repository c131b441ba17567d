"""The engine interface carries scoring: the kernel engine and the reference give the
same Score (the kernel hands scoring to the reference until it has a scorer)."""

from __future__ import annotations

import random

import pytest

import shanten
from shanten import _engine
from shanten._native.engine import ENGINE as REFERENCE
from shanten.scoring import check
from support.score_oracle import random_win


@pytest.mark.skipif("kernel" not in _engine.available(), reason="the kernel was not built")
def test_kernel_and_reference_agree() -> None:
    rng = random.Random(5)
    for _ in range(50):
        kwargs = random_win(rng, shanten.TENHOU, rng.choice([3, 4]))
        win = check(**kwargs)
        assert _engine._KERNEL is not None
        assert _engine._KERNEL.score(win) == REFERENCE.score(win)

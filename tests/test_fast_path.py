"""The lookup fast path of shanten() against the careful part-by-part path."""

from __future__ import annotations

import random

import numpy as np
import pytest

from shanten import HandError, NotationError, RuleError, shanten
from shanten.analysis import _careful_distance
from shanten.hand import VALID_SIZES, position
from shanten.lookup import NO_CLASS, class_ids
from shanten.tables import Kind, table


def random_counts(rng: random.Random, size: int, players: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    counts = [0] * 34
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


@pytest.mark.parametrize("players", [4, 3])
def test_fast_equals_careful_on_random_hands(players: int) -> None:
    rng = random.Random(20261121 + players)
    for _ in range(4000):
        counts = random_counts(rng, rng.choice(sorted(VALID_SIZES)), players)
        careful = _careful_distance(position(counts, players=players)) - 1
        assert shanten(counts, players=players) == careful, counts
        assert shanten(tuple(counts), players=players) == careful
        assert shanten(np.array(counts, dtype=np.uint8), players=players) == careful
        assert shanten(np.array(counts, dtype=np.int64), players=players) == careful


def test_fast_equals_careful_on_crowded_hands() -> None:
    # hands full of triplets and quads, where the 4-copy rule and seven pairs interact
    rng = random.Random(7)
    for _ in range(2000):
        counts = [0] * 34
        size = rng.choice([13, 14])
        while sum(counts) < size:
            tile = rng.randrange(34)
            counts[tile] = min(
                4, counts[tile] + rng.randint(1, 4), counts[tile] + size - sum(counts)
            )
        careful = _careful_distance(position(counts)) - 1
        assert shanten(counts) == careful, counts


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ([5] + [0] * 33, HandError, "5 copies of 1m"),
        ([256] + [0] * 33, HandError, "256 copies of 1m"),
        ([-1] + [0] * 33, HandError, "-1 copies of 1m"),
        ([1.0] + [0] * 33, HandError, "not a whole number"),
        ([4, 4, 4, 3] + [0] * 30, HandError, "15 tiles"),
        ([1, 1, 1] + [0] * 31, HandError, "3 tiles"),
        ([1] * 33, HandError, "34 entries"),
        ("1111m2222m3333m444m", HandError, "15 tiles"),
        ("11111m", HandError, "5 copies of 1m"),
        ("1" * 300 + "m", HandError, "300 copies of 1m"),
        ("12q", NotationError, "'q' at position 2"),
    ],
)
def test_bad_input_takes_the_careful_path(
    value: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        shanten(value)  # type: ignore[arg-type]


def test_sanma_tiles_and_players_are_checked() -> None:
    with pytest.raises(HandError, match="5m does not exist in 3-player mahjong"):
        shanten("5m", players=3)
    with pytest.raises(RuleError):
        shanten("1m", players=4.0)  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        shanten([1] + [0] * 33, players=5)


@pytest.mark.parametrize("kind", ["suit", "honour", "sanma_manzu"])
def test_every_shape_class_holds_its_table_row(kind: Kind) -> None:
    ids, vectors = class_ids(kind)
    rows = table(kind)
    per_code = np.frombuffer(ids, dtype=np.uint8)
    digits = (
        np.indices((5,) * {"suit": 9, "honour": 7, "sanma_manzu": 2}[kind]).reshape(-1, len(rows)).T
    )
    small = digits.sum(axis=1) <= 14
    assert (per_code[~small] == NO_CLASS).all()
    assert (vectors[per_code[small]] == np.minimum(rows[small], 15)).all()
    # classes are distinct vectors
    assert len({tuple(v) for v in vectors.tolist()}) == len(vectors)

"""One type for a tile in every result: :class:`~shanten.Tile`, from the kernel and the
reference path alike, while the JSON report keeps mpsz strings."""

from __future__ import annotations

import json
import pickle

import pytest

import shanten
from shanten import Discard, GoodShape, Tile, Ukeire, efficiency
from shanten.report import report
from shanten.tiles import NUM_TILES, TILES

READY = "123m456p789s1122z"
FOURTEEN = "123m456p789s11223z"
ONE_SHANTEN = "23m579p456789s11z5z"


def test_tiles_constant_holds_the_34_interned_tiles() -> None:
    assert len(TILES) == NUM_TILES
    assert all(TILES[i] is Tile(i) for i in range(NUM_TILES))
    assert [str(t) for t in TILES[:3]] == ["1m", "2m", "3m"]


@pytest.mark.parametrize("verb", [shanten.ukeire, efficiency.ukeire])
def test_ukeire_tiles_are_tiles(verb: object) -> None:
    for hand in (READY, "2389m6799p22567s", "1112345678999m"):
        result = verb(hand)  # type: ignore[operator]
        assert result.tiles and all(type(tile) is Tile for tile in result.tiles)


@pytest.mark.parametrize("verb", [shanten.discards, efficiency.discards])
@pytest.mark.parametrize("second_step", [False, True])
def test_discard_rows_hold_tiles(verb: object, second_step: bool) -> None:
    for hand in (FOURTEEN, ONE_SHANTEN):
        table = verb(hand, second_step=second_step)  # type: ignore[operator]
        for row in table:
            assert type(row.discard) is Tile
            assert all(type(tile) is Tile for tile in row.ukeire.tiles)


def test_ukeire_built_in_python_equals_the_kernels() -> None:
    built = Ukeire(0, (Tile("1z"), Tile("2z")), (2, 2), 4)
    assert shanten.ukeire(READY) == built == efficiency.ukeire(READY)
    assert hash(shanten.ukeire(READY)) == hash(built)
    assert shanten.ukeire(READY, form="standard") == built


def test_discard_built_in_python_equals_the_kernels() -> None:
    first = Discard(Tile("3z"), 0, Ukeire(0, (Tile("1z"), Tile("2z")), (2, 2), 4))
    assert shanten.discards(FOURTEEN)[0] == first == efficiency.discards(FOURTEEN)[0]


def test_second_step_rows_name_their_discard_as_a_tile() -> None:
    table = shanten.discards(ONE_SHANTEN, second_step=True)
    assert table == efficiency.discards(ONE_SHANTEN, second_step=True)
    rows = [row for row in table if row.good_shape is not None]
    assert rows and all(type(row.discard) is Tile for row in rows)
    assert Discard(rows[0].discard, 1, rows[0].ukeire, rows[0].good_shape) == rows[0]
    assert isinstance(rows[0].good_shape, GoodShape)


def test_every_result_holds_tiles() -> None:
    assert all(type(t) is Tile for t in shanten.waits(READY).tiles)
    assert all(type(t) is Tile for t in shanten.calculate("2389m6799p22567s").witness.needed)
    reading = shanten.waits(READY).readings[0]
    assert type(reading.tile) is Tile
    assert all(type(t) is Tile for b in reading.decomposition.blocks for t in b.tiles)


def test_ukeire_prints_its_tiles() -> None:
    assert str(shanten.ukeire(READY)) == str(efficiency.ukeire(READY)) == "1z 2z"


def test_results_pickle_to_equal_values() -> None:
    for value in (shanten.ukeire(READY), shanten.discards(FOURTEEN, second_step=True)):
        again = pickle.loads(pickle.dumps(value))
        assert again == value
    assert pickle.loads(pickle.dumps(Tile("5p"))) is Tile("5p")


def test_the_report_keeps_strings() -> None:
    data = report(FOURTEEN)
    row = data["discards"]["all"][0]
    assert row["discard"] == "3z" and row["tiles"] == ["1z", "2z"]
    data = report(READY)
    assert data["ukeire"]["all"]["tiles"] == ["1z", "2z"]
    assert [w["tile"] for w in data["waits"]] == ["1z", "2z"]
    assert [w["unseen"] for w in data["waits"]] == [2, 2]
    json.dumps(data)

"""Results that look like containers behave as ones, the same way: ``len``, iteration and
``in`` agree, and ``in`` takes a Tile or its notation."""

from __future__ import annotations

import pytest

import shanten
from shanten import Block, NotationError, Tile, efficiency

READY = "123m456p789s1122z"


def test_waits_iterate_over_their_tiles() -> None:
    waits = shanten.waits("3334m456p789s111z")
    assert list(waits) == list(waits.tiles) == [Tile("2m"), Tile("4m"), Tile("5m")]
    assert len(list(waits)) == len(waits)
    assert list(shanten.waits("1111m123456789p")) == []


def test_a_tile_is_in_the_waits_as_a_tile_or_as_notation() -> None:
    waits = shanten.waits("3334m456p789s111z")
    assert Tile("2m") in waits and "2m" in waits and "5m" in waits and "0m" in waits
    assert Tile("3m") not in waits and "3m" not in waits and "1z" not in waits
    assert " 4m " in waits  # notation reads as everywhere else
    assert 1 not in waits and None not in waits  # not a tile
    with pytest.raises(NotationError, match="'8z' at position 0 is not a tile"):
        "8z" in waits  # noqa: B015


@pytest.mark.parametrize("verb", [shanten.ukeire, efficiency.ukeire])
def test_ukeire_iterates_over_its_tiles_and_answers_in(verb: object) -> None:
    result = verb("2389m6799p22567s")  # type: ignore[operator]
    assert list(result) == list(result.tiles) and len(list(result)) == len(result) == 7
    assert "1m" in result and Tile("9p") in result and "5p" in result
    assert "0p" in result  # a red five is a 5p
    assert "3m" not in result and Tile("1z") not in result and 0 not in result
    row = shanten.discards("123m456p789s11223z")[0]
    assert list(row.ukeire) == [Tile("1z"), Tile("2z")] and "2z" in row.ukeire


def test_zero_unseen_tiles_are_still_in_the_ukeire() -> None:
    result = shanten.ukeire(READY, visible="1z1z")
    assert "1z" in result and dict(zip(result, result.counts, strict=True))[Tile("1z")] == 0


def test_a_decomposition_iterates_over_its_blocks() -> None:
    first = shanten.decompositions("123m456p789s55z", melds=["111z"])[0]
    assert list(first) == list(first.blocks) and len(first) == 5
    assert [str(block) for block in first] == ["123m", "456p", "789s", "55z", "111z"]
    assert first.blocks[0] in first


def test_a_block_iterates_over_its_tiles() -> None:
    block = Block("run", (Tile("1m"), Tile("2m"), Tile("3m")))
    assert list(block) == [Tile("1m"), Tile("2m"), Tile("3m")] and len(block) == 3
    assert "2m" in block and Tile("3m") in block and "4m" not in block


def test_a_witness_is_a_record_not_a_container() -> None:
    witness = shanten.calculate("2389m6799p22567s").witness
    with pytest.raises(TypeError):
        iter(witness)  # type: ignore[call-overload]
    assert list(witness.needed) and len(witness.hand) == 14


def test_hands_and_melds_are_collections_of_their_tiles_too() -> None:
    hand = shanten.Hand("112m7z")
    assert len(hand) == 4 and [str(t) for t in hand] == ["1m", "1m", "2m", "7z"]
    assert "2m" in hand and shanten.Tile("7z") in hand and "3m" not in hand and 5 not in hand
    meld = shanten.Meld("789p")
    assert len(meld) == 3 and [str(t) for t in meld] == ["7p", "8p", "9p"]
    assert "8p" in meld and "8s" not in meld

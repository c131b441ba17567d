"""The review of one whole game, pinned record by record.

``data/review_2016052515gm-00a9-0000-c4d72066.json`` holds ``GameReview.to_dict()`` of the
XML record of that game (its many calls include closed, open and added kans), written once
by the review and kept as the reference: any change to any field of any record shows here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import shanten
from shanten.games.formats import convert

DATA = Path(__file__).parents[1] / "data"
STEM = "2016052515gm-00a9-0000-c4d72066"
GAME = DATA / "tenhou" / f"{STEM}.mjlog"


@pytest.fixture(scope="module")
def pinned() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"review_{STEM}.json").read_text(encoding="utf-8"))
    return data


def test_the_xml_review_matches_the_pinned_one(pinned: dict[str, Any]) -> None:
    game = shanten.review(GAME)
    data = game.to_dict()
    assert data["source"] == str(GAME)
    data["source"] = None
    assert len(data["discards"]) == len(pinned["discards"]) == 714
    for index, (row, expected) in enumerate(zip(data["discards"], pinned["discards"], strict=True)):
        assert row == expected, f"discard {index}"
    assert data == pinned


def test_the_fields_read_as_the_dict_says(pinned: dict[str, Any]) -> None:
    game = shanten.review(GAME)
    assert list(game.names) == pinned["names"]
    assert [str(r) for r in game.rounds] == pinned["rounds"]
    for record, expected in zip(game, pinned["discards"], strict=True):
        assert str(record.round) == expected["round"]
        assert (record.round.wind, record.round.number, record.round.honba) == (
            expected["wind"],
            expected["number"],
            expected["honba"],
        )
        for field in expected.keys() - {"round", "wind", "number", "honba"}:
            value = getattr(record, field)
            assert isinstance(value, (tuple, str, int, float, type(None)))
            if field in ("threats", "safety"):  # records of their own, as dicts
                value = tuple(item.to_dict() for item in getattr(record, field))
            assert (list(value) if isinstance(value, tuple) else value) == expected[field]


@pytest.mark.parametrize("form", ["json", "mjai"])
def test_the_other_formats_match_the_pinned_one(pinned: dict[str, Any], form: str) -> None:
    source = DATA / "tenhou" / f"{STEM}.json" if form == "json" else convert(GAME)
    game = shanten.review(source)
    for row, expected in zip(game.to_dict()["discards"], pinned["discards"], strict=True):
        if form == "json":  # the JSON record names the players Aさん..Dさん
            row["player"] = expected["player"]
        assert row == expected

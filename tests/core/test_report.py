"""report(): the data behind --json and the local page agrees with the verbs."""

from __future__ import annotations

import json

import shanten
from shanten.report import report


def test_fourteen_tile_report_matches_the_verbs() -> None:
    hand = "23489m6799p22567s"
    data = report(hand)
    assert json.loads(json.dumps(data)) == data  # plain JSON data
    for view in ("all", "standard"):
        table = shanten.discards(hand, form=view, second_step=True)
        rows = data["discards"][view]
        assert [(r["discard"], r["shanten"], tuple(r["tiles"]), r["total"]) for r in rows] == [
            (str(o.discard), o.shanten, tuple(map(str, o.ukeire.tiles)), o.ukeire.total)
            for o in table
        ]
        assert [r["good_shape"] is None for r in rows] == [o.good_shape is None for o in table]
    assert data["complete"] is False and data["decompositions"] == []
    analysis = shanten.calculate(hand)
    assert data["shanten"]["min"] == analysis.shanten
    assert data["witness"]["hand"] == str(analysis.witness.hand)


def test_thirteen_tile_report_has_ukeire_and_waits() -> None:
    data = report("1112345678999m", visible="9m")
    assert data["ukeire"]["all"]["tiles"] == [f"{n}m" for n in range(1, 10)]
    waits = shanten.waits("1112345678999m")
    assert [w["tile"] for w in data["waits"]] == [str(t) for t in waits.tiles]
    nine = next(w for w in data["waits"] if w["tile"] == "9m")
    assert nine["unseen"] == 0  # three in the hand, one visible
    assert {r["shape"] for r in nine["readings"]} == set(waits.shapes("9m"))


def test_complete_hand_lists_its_readings() -> None:
    data = report("111222333m55z789p")
    assert data["complete"] is True
    texts = [d["text"] for d in data["decompositions"]]
    assert texts == [str(d) for d in shanten.decompositions("111222333m55z789p")]
    assert len(texts) == 2  # three triplets, or three runs 123m 123m 123m

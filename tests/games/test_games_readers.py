"""Reader cases shown by records made for them: a call taking a later discard than the
first it could take, a record that stops at a round's end, the dora of an open kan, and
effective tiles with no copy left."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import shanten
import shanten.games.formats
from shanten.games.events import Call, Discard, Draw, Win
from shanten.games.tenhou_json import parse_tenhou_json

DATA = Path(__file__).parents[1] / "data" / "tenhou"
XML = DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog"

# East 1, dealer seat 0. Seat 0 discards South (42) on its first turn; seat 2, across,
# holds two Souths and passes. Seat 1 discards 3s (33) and seat 3 pons it from across,
# skipping seat 2's turn; seat 0 draws the last South and discards it, and seat 2 pons
# that one. Seat 3 wins on seat 2's North (44), its seat wind. Seat 2's pon is pending at
# both Souths: pairing it with the first leaves seat 3 meeting its own pon where a draw
# is due.
PASS_THEN_PON: list[Any] = [
    [0, 0, 0],
    [25000, 25000, 25000, 25000],
    [41],
    [],
    [11, 12, 13, 21, 22, 23, 31, 32, 34, 42, 46, 46, 47],
    [19, 42, 12],
    [42, 60, 60],
    [14, 15, 16, 24, 25, 26, 33, 35, 36, 37, 38, 41, 41],
    [29, 13],
    [33, 60],
    [17, 18, 19, 27, 28, 29, 37, 38, 39, 42, 42, 45, 45],
    ["42p4242", 44],
    [45, 60],
    [14, 15, 16, 24, 25, 26, 33, 33, 43, 43, 44, 44, 47],
    ["33p3333", 11],
    [47, 60],
    ["和了", [0, 0, -2000, 2000], [3, 2, 3, "30符2飜2000点", "自風 北(1飜)"]],
]


def _record(round_data: list[Any]) -> str:
    return json.dumps({"name": ["A", "B", "C", "D"], "log": [round_data]}, ensure_ascii=False)


def test_a_pon_takes_the_later_discard_when_the_first_does_not_replay() -> None:
    events = parse_tenhou_json(_record(PASS_THEN_PON)).events
    S, N, W3 = 28, 30, 20  # South, North, 3s as tile codes
    plays = [e for e in events if isinstance(e, (Draw, Discard, Call, Win))]
    assert plays == [
        Draw(0, 8),
        Discard(0, S, False),  # seat 2 passes
        Draw(1, 17),  # 9p
        Discard(1, W3, False),
        Call(3, "pon", (W3, W3, W3), W3, 1),
        Discard(3, 33, False),
        Draw(0, S),
        Discard(0, S, True),
        Call(2, "pon", (S, S, S), S, 0),  # the second South
        Discard(2, 31, False),
        Draw(3, 0),
        Discard(3, 0, True),
        Draw(0, 1),
        Discard(0, 1, True),
        Draw(1, 2),
        Discard(1, 2, True),
        Draw(2, N),
        Discard(2, N, True),
        Win(3, 2, None, None),
    ]


def test_the_pass_then_pon_round_reviews() -> None:
    game = shanten.review(_record(PASS_THEN_PON))
    assert [(d.seat, d.discarded, d.after_call) for d in game][:6] == [
        (0, "2z", False),
        (1, "3s", False),
        (3, "7z", True),
        (0, "2z", False),
        (2, "5z", True),
        (3, "1m", False),
    ]


def test_the_plain_reading_of_that_round_fails_as_it_did() -> None:
    """A round no pairing replays fails with the first dead end the reading met."""
    broken = json.loads(json.dumps(PASS_THEN_PON))
    broken[14] = ["33p3333", 11, 12]  # seat 3 draws after the discard it wins on
    with pytest.raises(shanten.GameRecordError, match="malformed round: seat 3 meets its call"):
        shanten.review(_record(broken))


def _xml() -> str:
    return XML.read_text(encoding="utf-8")


def test_a_record_closed_without_its_owari_stops_mid_game() -> None:
    text = _xml()
    assert shanten.review(text).complete
    assert not shanten.review(re.sub(r' owari="[^"]*"', "", text)).complete
    end = text.index("/>", text.index("<AGARI")) + 2  # the first round's end
    first_round = shanten.review(text[:end] + "</mjloggm>")
    assert not first_round.complete
    assert len(first_round.rounds) == 1


def test_an_mjai_record_without_end_game_stops_mid_game() -> None:
    lines = shanten.games.formats.convert(_xml()).splitlines()
    assert shanten.review("\n".join(lines)).complete
    assert not shanten.review("\n".join(x for x in lines if '"end_game"' not in x)).complete


def _tiles(text: str) -> list[str]:
    return text.split()


def _mjai(*events: dict[str, Any]) -> str:
    start = [
        {"type": "start_game", "names": ["A", "B", "C", "D"]},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "kyoku": 1,
            "honba": 0,
            "kyotaku": 0,
            "oya": 0,
            "dora_marker": "9m",
            "scores": [25000] * 4,
            "tehais": [
                _tiles("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s"),
                _tiles("E E E 1m 2m 3m 4m 5m 6m 7m 8m 9m 9s"),
                _tiles("2m 3m 4m 5m 6m 7m 8m 2p 3p 4p 5p 6p 7p"),
                _tiles("2s 3s 4s 5s 6s 7s 8s 2s 3s 4s 5s 6s 7s"),
            ],
        },
    ]
    return "\n".join(json.dumps(e) for e in [*start, *events])


OPEN_KAN: list[dict[str, Any]] = [
    {"type": "tsumo", "actor": 0, "pai": "E"},
    {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True},
    {"type": "daiminkan", "actor": 1, "target": 0, "pai": "E", "consumed": ["E", "E", "E"]},
    {"type": "tsumo", "actor": 1, "pai": "1s"},
    {"type": "dora", "dora_marker": "W"},  # Tenhou's place: before the discard
    {"type": "dahai", "actor": 1, "pai": "9s", "tsumogiri": False},
    {"type": "tsumo", "actor": 2, "pai": "9p"},
    {"type": "dahai", "actor": 2, "pai": "9p", "tsumogiri": True},
]
WEST = 29  # the new indicator's kind


@pytest.mark.parametrize("after", [False, True], ids=["before-discard", "after-discard"])
def test_an_open_kans_dora_is_seen_from_its_replacement_discard_on(after: bool) -> None:
    events = list(OPEN_KAN)
    if after:  # an mjai record may write it after the discard: the same moment
        events[4], events[5] = events[5], events[4]
    kan_discard, next_discard = list(shanten.review(_mjai(*events)))[1:]
    assert (kan_discard.seat, kan_discard.discarded) == (1, "9s")
    assert kan_discard.visible[WEST] == 0  # not turned yet
    assert next_discard.visible[WEST] == 1


def test_a_closed_kans_dora_is_seen_at_once() -> None:
    events: list[dict[str, Any]] = [
        {"type": "tsumo", "actor": 0, "pai": "1p"},
        {"type": "ankan", "actor": 0, "consumed": ["1p", "1p", "1p", "1p"]},
        {"type": "dora", "dora_marker": "W"},
        {"type": "tsumo", "actor": 0, "pai": "9s"},
        {"type": "dahai", "actor": 0, "pai": "9s", "tsumogiri": True},
    ]
    (kan_discard,) = shanten.review(_mjai(*events))
    assert kan_discard.visible[WEST] == 1


def test_effective_tiles_list_only_kinds_with_a_copy_left() -> None:
    """Seat 0's 1s-2s wait on 3s, and all four 3s are discarded: the kind is effective
    by shape but none is left to draw."""

    def turn(seat: int, drawn: str, discarded: str | None = None) -> list[dict[str, Any]]:
        return [
            {"type": "tsumo", "actor": seat, "pai": drawn},
            {
                "type": "dahai",
                "actor": seat,
                "pai": discarded or drawn,
                "tsumogiri": discarded is None,
            },
        ]

    events = [
        *turn(0, "N"),
        *turn(1, "3s"),
        *turn(2, "3s"),
        *turn(3, "N", "3s"),
        *turn(0, "S"),
        *turn(1, "9p"),
        *turn(2, "8p"),
        *turn(3, "1m", "3s"),
        *turn(0, "W"),
    ]
    record = list(shanten.review(_mjai(*events)))[-1]
    assert (record.seat, record.discarded, record.visible[20]) == (0, "3z", 4)
    table = shanten.discards(record.hand, visible=record.visible)
    row = next(r for r in table if str(r.discard) == "3z")
    assert "3s" in [str(t) for t in row.ukeire.tiles]  # the table names it by shape
    assert "3s" not in record.ukeire_tiles
    assert record.ukeire_tiles == tuple(str(t) for t in row.ukeire.tiles if str(t) != "3s")
    assert record.ukeire == row.ukeire.total  # the count is unchanged

"""Bad input to shanten.score is a typed error that says what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

import shanten
from shanten import HandError, MeldError, NotationError, NoYakuError, RuleError, WinError

BASE: dict[str, Any] = {"seat_wind": "2z", "round_wind": "1z"}
HAND = "123m456p789s234s55s"


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"hand": "123m456p789s23455z", "win": "5z"}, HandError, "not a complete hand"),
        ({"hand": HAND, "win": "9m"}, HandError, "not in the hand"),
        ({"hand": "123m456p789s234s5s", "win": "5s"}, HandError, "a winning hand holds 14"),
        ({"hand": "123m406p789s234s00s", "win": "5s"}, HandError, "2 red 5s"),
        ({"hand": "123m456p789s234s0z0z", "win": "5z"}, NotationError, "honours are 1z-7z"),
        ({"hand": HAND, "win": "5s", "ippatsu": True}, WinError, "ippatsu without riichi"),
        (
            {"hand": HAND, "win": "5s", "double_riichi": True},
            WinError,
            "double_riichi without riichi",
        ),
        (
            {"hand": HAND, "win": "5s", "tsumo": True, "last_tile": True, "first_draw": True},
            WinError,
            "first_draw with last_tile",
        ),
        ({"hand": HAND, "win": "5s", "rinshan": True}, WinError, "rinshan with a ron"),
        ({"hand": HAND, "win": "5s", "tsumo": True, "rinshan": True}, WinError, "without a quad"),
        (
            {"hand": HAND, "win": "5s", "tsumo": True, "chankan": True},
            WinError,
            "chankan with tsumo",
        ),
        ({"hand": HAND, "win": "5s", "chankan": True}, WinError, "another 5s"),
        (
            {
                "hand": "123m456p789s55s",
                "melds": ["234s"],
                "win": "5s",
                "tsumo": True,
                "first_draw": True,
            },
            WinError,
            "no meld precedes",
        ),
        (
            {"hand": "123m456p789s55s", "melds": ["234s"], "win": "5s", "riichi": True},
            WinError,
            "only a closed hand",
        ),
        ({"hand": HAND, "win": "5s", "ura": "1m"}, WinError, "ura dora without riichi"),
        ({"hand": HAND, "win": "5s", "north": 1}, WinError, "3-player rule"),
        ({"hand": HAND, "win": "5s", "seat_wind": "5z"}, WinError, "not a wind"),
        ({"hand": HAND, "win": "5s", "dora": "5s5s5s"}, HandError, "copies of 5s"),
        ({"hand": HAND, "win": "5s", "players": 5}, RuleError, "players"),
        ({"hand": "123m456p789s55s", "melds": ["(234s)"], "win": "5s"}, MeldError, "only a quad"),
    ],
)
def test_errors(kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    given = {"tsumo": False, **BASE, **kwargs}
    with pytest.raises(error, match=words.replace("(", r"\(")):
        shanten.score(**given)


def test_no_yaku_is_an_error() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        shanten.score(
            "123m456p789s234s22z", win="2s", tsumo=False, dora="9m", seat_wind="2z", round_wind="2z"
        )


def test_errors_are_value_errors() -> None:
    for error in (WinError, NoYakuError):
        assert issubclass(error, shanten.ShantenError) and issubclass(error, ValueError)

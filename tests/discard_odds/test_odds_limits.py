"""The odds engine's limits: refused at once, with the limit named, on both paths."""

from __future__ import annotations

import time
from typing import Any

import pytest

import shanten
from shanten import RuleError
from shanten.discard_odds import MAX_SHANTEN


@pytest.mark.parametrize(
    ("hand", "switches", "message"),
    [
        (
            "147m258p369s12347z",
            {},
            "odds answers hands up to 4-shanten without switches (the limit); "
            "'147m258p369s12347z' is 6-shanten",
        ),
        (
            "1358m2679p13s1257z",
            {"hand_changes": True},
            "odds answers hands up to 3-shanten with hand_changes or shanten_back (the limit); "
            "'1358m2679p13s1257z' is 5-shanten",
        ),
        (
            "147m258p369s1234z",
            {"shanten_back": True},
            "odds answers hands up to 3-shanten with hand_changes or shanten_back (the limit); "
            "'147m258p369s1234z' is 6-shanten",
        ),
    ],
)
def test_hands_past_the_limit_are_refused_at_once(
    hand: str, switches: dict[str, Any], message: str
) -> None:
    started = time.process_time()
    with pytest.raises(RuleError) as caught:
        shanten.odds(hand, **switches)
    assert str(caught.value) == message
    # refused before any graph is built: far less than the smallest graph's work
    assert shanten.shanten(hand) > MAX_SHANTEN[bool(switches)]
    assert time.process_time() - started < 60  # a bound on hangs, not a timing test


@pytest.mark.large  # the reference engine takes a minute on this hand
def test_the_limit_is_the_best_discards_shanten() -> None:
    """A 14-tile hand is judged by its best discard: a 4-shanten hand is answered."""
    rows = shanten.odds("1356m2479p13s1257z", draws=1)
    assert isinstance(rows, tuple)
    assert min(row.shanten for row in rows) == MAX_SHANTEN[False]
    # one draw takes a 4-shanten hand at best to 3-shanten: nothing succeeds
    assert all(row.win == row.tenpai == (0.0, 0.0) for row in rows)


@pytest.mark.parametrize("draws", [-1, 1.5, True, "3", 123])
def test_bad_draws_are_rule_errors(draws: object) -> None:
    with pytest.raises(RuleError, match="draws must be from 0 to 122"):
        shanten.odds("123m456p789s1122z3z", draws=draws)  # type: ignore[arg-type]


@pytest.mark.parametrize("hand", ["123m456p789s111z", "123m"])
def test_3n_hands_are_hand_errors(hand: str) -> None:
    with pytest.raises(shanten.HandError, match="a concealed hand holds 3n\\+1 or 3n\\+2 tiles"):
        shanten.odds(hand)


def test_five_copies_name_the_tile() -> None:
    with pytest.raises(shanten.HandError, match="5 copies of 1z"):
        shanten.odds("123m456p789s11z", visible="111z")


def test_discards_picks_rows_as_the_whole_table_gives_them() -> None:
    hand = "23489m6799p22567s"
    table = shanten.odds(hand, draws=5)
    some = shanten.odds(hand, draws=5, discards=["9p", shanten.Tile("2m")])
    assert isinstance(table, tuple) and isinstance(some, tuple)
    assert some == tuple(row for row in table if str(row.discard) in ("9p", "2m"))


@pytest.mark.parametrize(
    ("hand", "discards", "error", "message"),
    [
        ("23489m6799p22567s", ["5z"], shanten.HandError, "5z is not in the hand"),
        ("23489m6799p22567s", "9p", TypeError, "a collection of tiles"),
        ("23489m6799p2256s", ["9p"], shanten.HandError, "discards picks rows of a 3n\\+2"),
    ],
)
def test_discards_are_checked(hand: str, discards: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        shanten.odds(hand, discards=discards)

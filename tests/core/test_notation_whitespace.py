"""Whitespace and letter case in tile notation, the same in every place that reads it:
the parser, Hand, Meld, Tile, visible tiles, the verbs, the command line and the page's
endpoint."""

from __future__ import annotations

import json

import pytest

import shanten
from shanten import Hand, Meld, NotationError, Tile
from shanten.cli import command as cli
from shanten.notation import parse_tiles
from shanten.web import routes

HAND = "123m456p789s1122z"


@pytest.mark.parametrize(
    "source",
    [
        "123m 456p 789s 1122z",
        " 123m456p789s1122z",
        "123m456p789s1122z\n",
        "123m456p789s1122z\r\n",
        "\t123m  456p\t789s 1122z ",
        "123m\u3000456p\u3000789s\u30001122z",  # the ideographic space of Japanese input
        "123m\n456p\n789s\n1122z",
    ],
)
def test_spaces_between_groups_and_around_are_accepted(source: str) -> None:
    assert parse_tiles(source) == parse_tiles(HAND)
    assert Hand(source) == Hand(HAND)
    assert str(Hand(source)) == HAND


def test_spaces_between_unicode_tiles_are_accepted() -> None:
    assert parse_tiles(" \U0001f007 \U0001f008\U0001f009  \U0001f004\ufe0f \U0001f004\n") == [
        0,
        1,
        2,
        33,
        33,
    ]


def test_every_reader_of_notation_accepts_spaces() -> None:
    assert Meld(" 123m ") == Meld("123m")
    assert Meld("555z\n") == Meld("555z")
    assert Tile(" 5p ") is Tile("5p")
    spaced = "123m 456p 789s 1122z\n"
    assert shanten.shanten(spaced) == shanten.shanten(HAND) == 0
    assert shanten.ukeire(spaced) == shanten.ukeire(HAND)
    assert shanten.ukeire(HAND, visible=" 1z 2z\n") == shanten.ukeire(HAND, visible="12z")
    assert shanten.discards("123m 456p 789s 11223z ") == shanten.discards("123m456p789s11223z")
    assert str(shanten.waits(spaced)) == str(shanten.waits(HAND))
    assert shanten.is_complete(" 123m 456p 789s 11222z ")
    assert shanten.shanten("23m 44p", melds=[" 111z ", "222z", "333z"]) == 0


def test_the_command_line_reads_a_pasted_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["123m 456p 789s 1122z\n", "--visible", " 1z ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] == HAND and data["visible"] == "1z"


def test_the_endpoint_reads_spaces_between_groups() -> None:
    response = routes._analyse("q=123m+456p+789s+1122z&visible=1z%201z")
    assert response.status == 200
    assert json.loads(response.body)["hand"] == HAND


def test_a_space_inside_a_group_ends_it_and_the_digits_need_their_suit() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("12 3m")
    error = raised.value
    assert error.message == (
        "digits '12' at position 0 have no suit letter before the space after them: "
        "each group of digits ends with its suit, as in 123m 456p"
    )
    assert str(error).splitlines()[1:] == ["    12 3m", "    ^^"]


def test_digits_split_from_their_suit_by_a_space() -> None:
    with pytest.raises(NotationError, match="digits '123' at position 0 have no suit letter"):
        Hand("123 m")


UPPER = "'M' at position 3: suits are lower case m, p, s, z"


@pytest.mark.parametrize(
    ("source", "message", "caret"),
    [
        ("123M", UPPER, "   ^"),
        ("1P", "'P' at position 1: suits are lower case m, p, s, z", " ^"),
        ("55S", "'S' at position 2: suits are lower case m, p, s, z", "  ^"),
        ("11Z", "'Z' at position 2: suits are lower case m, p, s, z", "  ^"),
    ],
)
def test_upper_case_suits_say_what_was_meant(source: str, message: str, caret: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles(source)
    assert raised.value.message == message
    assert str(raised.value).splitlines()[1:] == [f"    {source}", f"    {caret}"]


def test_upper_case_is_the_same_error_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    for call in (
        lambda: Hand("123M"),
        lambda: Meld("123M"),
        lambda: shanten.shanten("123M"),
        lambda: shanten.ukeire(HAND, visible="123M"),
        lambda: shanten.waits("123M456p789s1122z"),
    ):
        with pytest.raises(NotationError, match=UPPER):
            call()
    assert cli.main(["123M"]) == 2
    assert UPPER in capsys.readouterr().err
    response = routes._analyse("q=123M")
    assert response.status == 400
    error = json.loads(response.body)["error"]
    assert error["type"] == "NotationError" and error["message"].startswith(UPPER)


def test_full_width_characters_say_what_was_meant() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("１２３ｍ")
    assert raised.value.message == (
        "'１' at position 0 is a full-width character: write it as '1' (ASCII digits and suits)"
    )


def test_a_trailing_newline_does_not_break_an_error_quote() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("12x3m\n")
    lines = str(raised.value).splitlines()
    assert lines == ["'x' at position 2 is not a digit or a suit letter", "    12x3m\\n", "      ^"]


def test_the_command_line_keeps_the_caret_under_the_bad_character(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["12x3m\n"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "shanten: error: 'x' at position 2 is not a digit or a suit letter",
        "    12x3m\\n",
        "      ^",
    ]

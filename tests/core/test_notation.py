"""Notation: strict parsing, canonical printing, Unicode, error spans."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shanten import Hand, Meld, NotationError, Tile
from shanten.notation import count_red_fives, format_counts, parse_tiles, red_fives


def test_mpsz_order_and_red_fives() -> None:
    # 1m=0, 5m=4 (red 0m), 5p=13, 7z=33
    assert parse_tiles("10m0p7z") == [0, 4, 13, 33]


def test_unicode_suit_order_differs_from_mpsz() -> None:
    # U+1F007 = 1m (characters), U+1F010 = 1s (bamboos), U+1F019 = 1p (circles)
    assert parse_tiles("\U0001f007\U0001f010\U0001f019") == [0, 18, 9]
    # Unicode dragons are red (1F004), green (1F005), white (1F006); 5z/6z/7z = white, green, red
    assert [str(Tile(c)) for c in "\U0001f004\U0001f005\U0001f006"] == ["7z", "6z", "5z"]
    assert [str(Tile(c)) for c in "\U0001f000\U0001f001\U0001f002\U0001f003"] == [
        "1z",
        "2z",
        "3z",
        "4z",
    ]


def test_every_tile_round_trips_through_both_notations() -> None:
    for index in range(34):
        tile = Tile(index)
        assert Tile(str(tile)) is tile
        assert Tile(tile.unicode) is tile
        assert repr(tile) == f"Tile('{tile}')"


def test_variation_selector_after_a_glyph_is_allowed() -> None:
    assert parse_tiles("\U0001f004\ufe0f\U0001f004") == [33, 33]
    with pytest.raises(NotationError, match="position 0"):
        parse_tiles("\ufe0f1m")


def test_mixed_notation() -> None:
    assert str(Hand("123m\U0001f004\U0001f004")) == "123m77z"


@pytest.mark.parametrize(
    ("source", "message", "caret"),
    [
        ("12x3m", "'x' at position 2 is not a digit or a suit letter", "  ^"),
        ("123", "digits '123' at position 0 have no suit letter after them", "^^^"),
        ("m123", "suit letter 'm' at position 0 has no digits before it", "^"),
        ("11m8z", "'8z' at position 3 is not a tile: honours are 1z-7z", "   ^^"),
        ("0z", "'0z' at position 0 is not a tile: honours are 1z-7z", "^^"),
        ("123m 45 6p", "digits '45' at position 5 have no suit letter before the space", "     ^^"),
        ("12M", "'M' at position 2: suits are lower case m, p, s, z", "  ^"),
        ("\U0001f007\U0001f022", "is a flower, season, joker or back tile", " ^"),
        ("1\U0001f007", "digits '1' at position 0 have no suit letter after them", "^"),
    ],
)
def test_errors_quote_the_source_with_a_caret(source: str, message: str, caret: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles(source)
    error = raised.value
    assert message in error.message
    lines = str(error).splitlines()
    assert lines[1] == f"    {source}"
    assert lines[2] == f"    {caret}"


def test_format_is_canonical_and_round_trips() -> None:
    for source in ["9m1m5z", "0m5m", "1z1m", "987654321s"]:
        hand = Hand(source)
        assert Hand(str(hand)) == hand
        assert str(Hand(str(hand))) == str(hand)
    assert str(Hand("9m1m5z")) == "19m5z"
    assert str(Hand("0m5m")) == "55m"
    assert format_counts([0] * 34) == ""


def test_non_string_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse_tiles(123)  # type: ignore[arg-type]


def test_meld_notation() -> None:
    assert str(Meld("321m")) == "123m"
    assert Meld("0p0p0p") == Meld("555p")
    assert repr(Meld("1111z")) == "Meld('1111z')"
    assert Meld("1111z").kind == "kan"


def test_red_fives_counted_without_a_second_parse() -> None:
    @given(st.text(alphabet="0123456789mps ", max_size=16))
    def same(text: str) -> None:
        try:
            parse_tiles(text)
        except NotationError:
            return
        suits = [0, 0, 0]  # the zeros before each suit letter, written out plainly
        for group, suit in re.findall(r"([0-9]+)([mps])", text):
            suits["mps".index(suit)] += group.count("0")
        assert red_fives(text) == count_red_fives(text) == tuple(suits)

    same()

"""Hand, Meld and position(): validation and the errors that name tiles."""

from __future__ import annotations

import numpy as np
import pytest

from shanten import Hand, HandError, Meld, MeldError, RuleError, ShantenError, Tile, shanten
from shanten.hand import position


def counts(**named: int) -> list[int]:
    """34 counts from keyword names like m1=2, z7=1."""
    result = [0] * 34
    for name, count in named.items():
        suit, number = name[0], int(name[1])
        result[9 * "mpsz".index(suit) + number - 1] = count
    return result


def test_hand_from_counts_and_back() -> None:
    hand = Hand(counts(m1=1, m2=1, m3=1, z7=2))
    assert str(hand) == "123m77z"
    assert hand.counts == tuple(counts(m1=1, m2=1, m3=1, z7=2))
    assert len(hand) == 5
    assert hand.tiles == (Tile("1m"), Tile("2m"), Tile("3m"), Tile("7z"), Tile("7z"))
    assert Hand(hand) == hand and hash(Hand("123m77z")) == hash(hand)
    assert repr(hand) == "Hand('123m77z')"


def test_a_bool_count_is_the_int_it_is() -> None:
    # Python's bools are ints; both the lookup path and the careful path read True as 1
    # (they once disagreed: the lookup path answered while Hand() raised).
    counts: list[int] = [True] + [0] * 33
    assert Hand(counts) == Hand("1m")
    assert shanten(counts) == 0 == shanten("1m")


def test_numpy_counts_are_accepted() -> None:
    array = np.zeros(34, dtype=np.uint8)
    array[0] = 2
    assert str(Hand(array)) == "11m"
    assert shanten(array) == -1  # a lone pair is a complete 2-tile hand


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([0] * 33, "a count vector has 34 entries (1m..7z), got 33"),
        ([5] + [0] * 33, "5 copies of 1m: a tile has 4 copies"),
        ([0] * 33 + [-1], "-1 copies of 7z: a count cannot be negative"),
        ([0] * 9 + [1.5] + [0] * 24, "the count of 1p is 1.5, not a whole number"),
        ([0] * 9 + [1.0] + [0] * 24, "the count of 1p is 1.0, not a whole number"),
        ([4, 4, 4, 3] + [0] * 30, "15 tiles: a hand has at most 14"),
    ],
)
def test_bad_count_vectors(value: list[object], message: str) -> None:
    with pytest.raises(HandError) as raised:
        Hand(value)  # type: ignore[arg-type]
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("hand", "options", "message"),
    [
        ("11111m2345p", {}, "5 copies of 1m in '11111m2345p': a tile has 4 copies"),
        ("123456789m12345p1z", {}, "15 tiles: a hand has at most 14"),
        ("", {}, "an empty hand: a hand holds 1 to 14 tiles"),
        ("123m", {}, "3 tiles: a concealed hand holds 3n+1 or 3n+2 tiles"),
        ("123456789m123p", {}, "12 tiles: a concealed hand holds 3n+1 or 3n+2 tiles"),
        ("2m", {"players": 3}, "2m does not exist in 3-player mahjong"),
        (
            "19m11p",
            {"players": 3, "melds": ["555m", "111s", "999s"]},
            "5m does not exist in 3-player mahjong",
        ),
        (
            "1m",
            {"melds": ["1111m", "222z", "333z", "444z"]},
            "5 copies of 1m in the hand and melds",
        ),
        ("23m", {"melds": ["555z"]}, "2 concealed tiles and 1 meld make 5 tiles"),
        ("123456789m1234p", {"melds": ["555z"]}, "13 concealed tiles and 1 meld make 16 tiles"),
        (
            "1m",
            {"melds": ["111p", "222p", "333p", "444p", "555p"]},
            "5 melds: a hand has at most 4",
        ),
    ],
)
def test_bad_hands_name_the_problem(hand: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(HandError) as raised:
        shanten(hand, **options)  # type: ignore[arg-type]
    assert message in str(raised.value)


def test_players_must_be_three_or_four() -> None:
    with pytest.raises(RuleError, match="players must be 3 or 4, got 2"):
        shanten("1m", players=2)
    with pytest.raises(RuleError):
        shanten("1m", players=True)


@pytest.mark.parametrize("meld", ["124m", "12m", "11122m", "123z", "899m1p", "1m2p3s", "11m"])
def test_bad_melds(meld: str) -> None:
    with pytest.raises(MeldError, match="is not a meld"):
        Meld(meld)


def test_melds_must_be_a_sequence_not_one_string() -> None:
    with pytest.raises(TypeError):
        shanten("1m", melds="111p")


def test_every_error_is_a_value_error() -> None:
    for error in (HandError, MeldError, RuleError):
        assert issubclass(error, ShantenError) and issubclass(error, ValueError)


def test_caps_under_each_rule() -> None:
    melds = ["444z", "1111m", "123p", "999s"]
    default = position("45z", melds=melds)
    assert default.caps == (4,) * 34 and not default.capped
    counted = position("45z", melds=melds, count_melded_copies=True)
    # 4z: one copy left; 1m: none; 1p, 2p, 3p: three each
    assert counted.caps[30] == 1 and counted.caps[0] == 0 and counted.caps[9:12] == (3, 3, 3)
    sanma = position("19m", players=3, melds=["111p", "222p", "333p", "444p"])
    assert sanma.caps[1:8] == (0,) * 7 and sanma.caps[0] == 4


def test_sets_needed_and_closed() -> None:
    assert position("1m").sets_needed == 0
    assert position("12345m").sets_needed == 1
    assert position("1234567m", melds=["111z", "222z"]).sets_needed == 2
    assert position("1234567m11z123p1s").closed
    assert not position("1234567m11z12p", melds=[]).closed

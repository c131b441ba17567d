"""Errors about long input stay a few short lines: the input is quoted by an excerpt and
its length, the caret stays under the bad characters, and the size is said first."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import shanten
from shanten import Hand, HandError, Meld, MeldError, NotationError, ShantenError, Tile
from shanten.cli import command as cli
from shanten.errors import EXCERPT, QUOTE_LIMIT, described, quoted
from shanten.notation import MAX_TEXT, parse_tiles

LONG = "1" * 4_000 + "m"  # 4,001 characters: long, yet within MAX_TEXT
#: Longest message any error about LONG may print: an excerpt, a length and words.
SHORT = 300


def message_of(call: Callable[[], object]) -> str:
    with pytest.raises(ShantenError) as raised:
        call()
    return str(raised.value)


def test_quoted_keeps_short_input_whole_and_cuts_long_input() -> None:
    assert quoted("123m") == "'123m'"
    assert quoted("1" * QUOTE_LIMIT) == repr("1" * QUOTE_LIMIT)
    assert quoted(LONG) == f"'{'1' * EXCERPT}'... (4,001 characters)"


def test_too_many_tiles_is_said_before_any_copy_count() -> None:
    message = message_of(lambda: Hand(LONG))
    assert message == "4000 tiles: a hand has at most 14"


@pytest.mark.parametrize(
    "call",
    [
        lambda: Hand(LONG),
        lambda: Meld(LONG),
        lambda: Tile(LONG),
        lambda: Tile("1m" * 2_000),
        lambda: shanten.shanten(LONG),
        lambda: shanten.ukeire(LONG),
        lambda: shanten.discards(LONG),
        lambda: shanten.waits(LONG),
        lambda: shanten.is_complete(LONG),
        lambda: shanten.ukeire("123m456p789s1122z", visible="x" * 4_000),
        lambda: shanten.ukeire("123m456p789s1122z", visible=LONG + "x"),
        lambda: shanten.shanten("23m44p", melds=[LONG, "444z", "555z"]),
        lambda: parse_tiles("1" * 4_000),
        lambda: parse_tiles("1m" * 2_000 + "x"),
        lambda: Hand("1m" + " " * 4_000 + "1111m"),
        lambda: Meld("1m" + " " * 4_000 + "1m"),
        lambda: Hand("1" * 10_000_000 + "m"),
        lambda: shanten.shanten("1" * 10_000_000 + "m"),
    ],
)
def test_every_error_about_long_input_is_short(call: Callable[[], object]) -> None:
    message = message_of(call)
    assert len(message) < SHORT, message[:SHORT]
    assert len(message.splitlines()) <= 3


@pytest.mark.parametrize("size", [MAX_TEXT + 1, 10_000_000])
def test_notation_past_its_longest_is_refused_before_it_is_read(size: int) -> None:
    """A string longer than any notation of the game's 136 tiles is refused by its length,
    before a tile is read (ten million characters took seconds and a gigabyte to count)."""
    text = "1" * (size - 1) + "m"
    for call in (lambda: parse_tiles(text), lambda: Hand(text), lambda: shanten.shanten(text)):
        with pytest.raises(NotationError) as raised:
            call()
        assert raised.value.message == (
            f"{size:,} characters: tile notation is at most {MAX_TEXT:,} (the game has 136 tiles)"
        )


def test_copies_in_long_input_quote_an_excerpt() -> None:
    message = message_of(lambda: Hand("1m" + " " * 4_000 + "1111m"))
    assert message == f"5 copies of 1m in '1m{' ' * 38}'... (4,007 characters): a tile has 4 copies"


def test_long_meld_quotes_an_excerpt() -> None:
    message = message_of(lambda: Meld(LONG))
    assert message.startswith(f"'{'1' * EXCERPT}'... (4,001 characters) is not a meld")


def caret_target(error: NotationError) -> str:
    """The character of the quoted line that the caret points at."""
    _, line, caret = str(error).splitlines()
    return line[caret.index("^")]


def test_bad_character_early_in_long_input_keeps_its_caret() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("12x" + "1m" * 2_000)
    error = raised.value
    _, line, caret = str(error).splitlines()
    assert line == f"    12x{'1m' * 18}1... (4,003 characters)"
    assert caret == "      ^"
    assert (error.source, error.start, error.end) == ("12x" + "1m" * 2_000, 2, 3)


def test_bad_character_late_in_long_input_is_shown_with_its_caret() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("1m" * 2_000 + "x" + "1m" * 40)
    error = raised.value
    assert "'x' at position 4000" in error.message
    assert caret_target(error) == "x"
    _, line, _ = str(error).splitlines()
    assert line.startswith("    ...") and line.endswith("... (4,081 characters)")
    assert len(line) < 100


def test_bad_character_at_the_end_of_long_input() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("1m" * 2_000 + "8z")
    assert caret_target(raised.value) == "8"
    assert str(raised.value).splitlines()[1].endswith("8z (4,002 characters)")


def test_long_run_of_digits_without_suit() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("1" * 4_000)
    error = raised.value
    assert error.message == (
        f"digits '{'1' * EXCERPT}'... (4,000 characters) at position 0 "
        "have no suit letter after them"
    )
    _, line, caret = str(error).splitlines()
    assert line == f"    {'1' * EXCERPT}... (4,000 characters)"
    assert caret == "    " + "^" * EXCERPT


def test_caret_stands_under_a_wide_tile_by_its_display_width() -> None:
    with pytest.raises(NotationError) as raised:
        parse_tiles("\U0001f004x")
    assert str(raised.value).splitlines()[2] == "      ^"  # 🀄 takes two columns


def test_the_command_line_prints_a_short_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([LONG]) == 2
    err = capsys.readouterr().err
    assert err == "shanten: error: 4000 tiles: a hand has at most 14\n"
    assert cli.main(["12x" + LONG]) == 2
    err = capsys.readouterr().err
    assert len(err) < SHORT and len(err.splitlines()) == 3


def test_size_messages_of_the_verbs_quote_the_hand_canonically() -> None:
    spaced = "1m " + " " * 3_000 + "123m 456p 789s 1122z"
    message = message_of(lambda: shanten.ukeire(spaced))
    assert message == (
        "ukeire takes a 3n+1 hand (1, 4, 7, 10 or 13 tiles); '1123m456p789s1122z' has 14: "
        "use discards()"
    )
    message = message_of(lambda: shanten.discards(" " * 3_000 + "123m456p789s1122z"))
    assert "'123m456p789s1122z' has 13" in message and len(message) < SHORT


def test_batch_row_messages_are_short() -> None:
    counts = np.zeros((2, 34), dtype=np.int64)
    counts[1, 0] = 100_000
    with pytest.raises(HandError) as raised:
        shanten.batch.shanten(counts)
    assert len(str(raised.value)) < SHORT
    counts[1, 0] = 1
    counts[1, 1:5] = 4
    with pytest.raises(HandError) as raised:
        shanten.batch.ukeire(counts)
    assert len(str(raised.value)) < SHORT


def test_meld_error_is_a_meld_error() -> None:
    with pytest.raises(MeldError):
        Meld(LONG)


def test_long_values_in_counts_and_visible_lists_are_shortened() -> None:
    with pytest.raises(HandError) as raised:
        Hand(["x" * 100_000] + [0] * 33)  # type: ignore[arg-type]
    assert str(raised.value) == (
        f"the count of 1m is '{'x' * 17}...{'x' * 18}', not a whole number"
    )
    with pytest.raises(TypeError) as type_error:
        shanten.ukeire("123m456p789s1122z", visible=[[0] * 100_000])
    assert str(type_error.value) == (
        "visible is notation, a list of tiles or 34 counts; got an item [0, 0, 0, 0, 0, 0, ...]"
    )


def test_described_shortens_any_value() -> None:
    assert described("x" * 1000) == f"'{'x' * 17}...{'x' * 18}'"
    assert described([0] * 1000) == "[0, 0, 0, 0, 0, 0, ...]"
    assert described(10**5000) == "an int too long to print"
    assert described(1.5) == "1.5"


@pytest.mark.parametrize("count", [10**5000, -(10**5000)], ids=["huge", "huge negative"])
def test_a_count_too_long_to_print_is_the_library_error(count: int) -> None:
    with pytest.raises(shanten.HandError, match="too long to print copies of 1m"):
        shanten.shanten([count] + [0] * 33)

"""Tile notation: mpsz strings (``"123m456p789s1122z"``) and Unicode tiles (🀇🀈🀉).

A *group* is digits followed by their suit letter (``123m``); ``0`` is a red five (赤ドラ),
read as a 5, and honours are 1z-7z. Groups and Unicode tiles may be written together or
apart: whitespace (spaces, tabs, newlines, the ideographic space U+3000) may stand
before, between and after them, as players write ``123m 456p 789s 1122z``, and is
ignored there. A space *inside* a group ends it, so ``12 3m`` is an error (the digits
``12`` have no suit): a suit letter belongs to the digits right before it, and reading
it across a space would guess at what was meant. A variation selector (U+FE0E/U+FE0F)
may follow a Unicode tile, as emoji keyboards add to 🀄.

Anything else is an error that says what was meant where it can: suits are lower case
(``123M``), and digits and letters are ASCII, not full-width (``１２３ｍ``). Errors carry
the source and a caret under the bad characters.

>>> parse_tiles("12m0p")
[0, 1, 13]
>>> parse_tiles(" 123m 456p\\n")
[0, 1, 2, 12, 13, 14]
>>> format_counts(counts_of(parse_tiles("🀇🀈🀉 🀙🀙")))
'123m11p'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from shanten.errors import NotationError, quoted

__all__ = [
    "MAX_TEXT",
    "NUM_TILES",
    "SUITS",
    "TILE_NAMES",
    "counts_of",
    "format_counts",
    "format_unicode",
    "parse_tiles",
    "red_fives",
    "tile_name",
    "unicode_of",
]

NUM_TILES: Final = 34
SUITS: Final = "mpsz"

#: Unicode code points of the 34 tiles, in tile order. Unicode orders the suited tiles
#: characters (m), bamboos (s), circles (p), and the dragons red, green, white, while
#: 5z/6z/7z are white, green, red.
_UNICODE: Final = tuple(
    [chr(0x1F007 + i) for i in range(9)]  # 1m-9m: characters
    + [chr(0x1F019 + i) for i in range(9)]  # 1p-9p: circles
    + [chr(0x1F010 + i) for i in range(9)]  # 1s-9s: bamboos
    + [chr(0x1F000 + i) for i in range(4)]  # East, South, West, North
    + [chr(0x1F006), chr(0x1F005), chr(0x1F004)]  # White, Green, Red
)

#: The mpsz names of the 34 tiles, in tile order.
TILE_NAMES: Final = tuple(f"{i % 9 + 1}{SUITS[i // 9]}" for i in range(NUM_TILES))


def tile_name(index: int) -> str:
    """The mpsz name of tile ``index``: ``tile_name(0) == '1m'``, ``tile_name(33) == '7z'``."""
    return TILE_NAMES[index]


def unicode_of(index: int) -> str:
    """The Unicode glyph of tile ``index``."""
    return _UNICODE[index]


_UNICODE_INDEX = {unicode_of(i): i for i in range(NUM_TILES)}
_VARIATION_SELECTORS = ("\ufe0e", "\ufe0f")


#: The longest notation read: room for all 136 tiles of the game written apart, with
#: whitespace; anything longer is refused before it is read.
MAX_TEXT: Final = 4096


def parse_tiles(source: str) -> list[int]:
    """Tile indices of an mpsz or Unicode string, in the order written. A string longer
    than :data:`MAX_TEXT` characters is refused before it is read.

    >>> parse_tiles("1z🀄")
    [27, 33]
    >>> parse_tiles("1" * 10_000 + "m")
    Traceback (most recent call last):
    ...
    shanten.errors.NotationError: 10,001 characters: tile notation is at most 4,096 (the game has 136 tiles)
        1111111111111111111111111111111111111111... (10,001 characters)
        ^
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    shanten.errors.NotationError: '8z' at position 0 is not a tile: honours are 1z-7z
        8z
        ^^
    """
    if not isinstance(source, str):
        raise TypeError(f"tile notation is a str, not {type(source).__name__}")
    if len(source) > MAX_TEXT:
        raise NotationError(
            f"{len(source):,} characters: tile notation is at most {MAX_TEXT:,} (the game has "
            "136 tiles)",
            source,
            0,
        )
    tiles: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    previous_was_glyph = False
    for position, char in enumerate(source):
        if "0" <= char <= "9":
            pending.append((ord(char) - 48, position))
            previous_was_glyph = False
        elif char in SUITS:
            if not pending:
                raise NotationError(
                    f"suit letter '{char}' at position {position} has no digits before it",
                    source,
                    position,
                )
            base = 9 * SUITS.index(char)
            for digit, at in pending:
                if char == "z" and not 1 <= digit <= 7:
                    raise NotationError(
                        f"'{digit}z' at position {at} is not a tile: honours are 1z-7z",
                        source,
                        at,
                        position + 1 if at == position - 1 else at + 1,
                    )
                tiles.append(base + (5 if digit == 0 else digit) - 1)
            pending.clear()
            previous_was_glyph = False
        elif char in _UNICODE_INDEX:
            _no_pending_digits(pending, source)
            tiles.append(_UNICODE_INDEX[char])
            previous_was_glyph = True
        elif char in _VARIATION_SELECTORS and previous_was_glyph:
            previous_was_glyph = False
        elif char.isspace():
            _no_pending_digits(pending, source, before_space=True)
            previous_was_glyph = False
        elif 0x1F022 <= ord(char) <= 0x1F02B:
            raise NotationError(
                f"'{char}' at position {position} is a flower, season, joker or back tile, "
                "which riichi mahjong does not use",
                source,
                position,
            )
        else:
            raise NotationError(_not_notation(char, position), source, position)
    _no_pending_digits(pending, source)
    return tiles


def _not_notation(char: str, position: int) -> str:
    """The message for a character that is not notation, saying what was meant where a
    likely intent is plain: a lower-case suit, an ASCII digit or letter."""
    if char in SUITS.upper():
        return f"'{char}' at position {position}: suits are lower case m, p, s, z"
    if "\uff01" <= char <= "\uff5e":  # the full-width forms of ASCII ! to ~
        meant = chr(ord(char) - 0xFEE0)
        return (
            f"'{char}' at position {position} is a full-width character: write it as "
            f"'{meant}' (ASCII digits and suits)"
        )
    return f"{char!r} at position {position} is not a digit or a suit letter"


def _no_pending_digits(
    pending: list[tuple[int, int]], source: str, *, before_space: bool = False
) -> None:
    if pending:
        start, end = pending[0][1], pending[-1][1] + 1
        digits = quoted(source[start:end])
        if before_space:
            message = (
                f"digits {digits} at position {start} have no suit letter before the space "
                "after them: each group of digits ends with its suit, as in 123m 456p"
            )
        else:
            message = f"digits {digits} at position {start} have no suit letter after them"
        raise NotationError(message, source, start, end)


def red_fives(source: str) -> tuple[int, int, int]:
    """How many red fives (赤ドラ, the digit ``0``) an mpsz string writes in each suit (m, p,
    s). Only mpsz writes a red five: Unicode has no glyph for one. ``source`` must parse
    (:func:`parse_tiles`), which also refuses ``0z``.

    >>> red_fives("406m0p 55s"), red_fives("🀝🀝")
    ((1, 1, 0), (0, 0, 0))
    """
    parse_tiles(source)
    return count_red_fives(source)


def count_red_fives(source: str) -> tuple[int, int, int]:
    """:func:`red_fives` of a string already parsed, without parsing it again."""
    if "0" not in source:
        return 0, 0, 0
    reds = [0, 0, 0]
    zeros = 0
    for char in source:
        if char == "0":
            zeros += 1
        elif char in SUITS:
            if zeros:  # parse_tiles refused 0z
                reds[SUITS.index(char)] += zeros
            zeros = 0
        elif not char.isdigit():
            zeros = 0
    return reds[0], reds[1], reds[2]


def counts_of(tiles: Iterable[int]) -> list[int]:
    """The 34 counts of a sequence of tile indices."""
    counts = [0] * NUM_TILES
    for tile in tiles:
        counts[tile] += 1
    return counts


def format_counts(counts: Sequence[int]) -> str:
    """Canonical mpsz notation of 34 counts: suits in order m, p, s, z, digits ascending.

    >>> format_counts([1, 1, 1] + [0] * 24 + [2, 1] + [0] * 5)
    '123m112z'
    """
    parts = []
    for suit_number, suit in enumerate(SUITS):
        base = 9 * suit_number
        digits = "".join(str(i + 1) * counts[base + i] for i in range(9 if suit != "z" else 7))
        if digits:
            parts.append(digits + suit)
    return "".join(parts)


def format_unicode(counts: Sequence[int]) -> str:
    """The tiles of 34 counts as Unicode glyphs, in tile order."""
    return "".join(unicode_of(i) * counts[i] for i in range(NUM_TILES))

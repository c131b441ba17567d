"""Tile notation: mpsz strings (``"123m456p789s1122z"``) and Unicode tiles (🀇🀈🀉).

Parsing is strict: every character must be a digit, a suit letter or a Unicode mahjong
tile, every digit needs a suit, and honours are 1z-7z. ``0`` is a red five (赤ドラ), read
as a 5. A variation selector (U+FE0E/U+FE0F) may follow a Unicode tile, as emoji
keyboards add to 🀄. Errors carry the source and a caret under the bad characters.

>>> parse_tiles("12m0p")
[0, 1, 13]
>>> format_counts(counts_of(parse_tiles("🀇🀈🀉🀙🀙")))
'123m11p'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shanten.errors import NotationError
from shanten.tiles import NUM_TILES, SUITS, unicode_of

__all__ = ["counts_of", "format_counts", "format_unicode", "parse_tiles"]

_UNICODE_INDEX = {unicode_of(i): i for i in range(NUM_TILES)}
_VARIATION_SELECTORS = ("\ufe0e", "\ufe0f")


def parse_tiles(source: str) -> list[int]:
    """Tile indices of an mpsz or Unicode string, in the order written.

    >>> parse_tiles("1z🀄")
    [27, 33]
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    shanten.errors.NotationError: '8z' at position 0 is not a tile: honours are 1z-7z
        8z
        ^^
    """
    if not isinstance(source, str):
        raise TypeError(f"tile notation is a str, not {type(source).__name__}")
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
        elif 0x1F022 <= ord(char) <= 0x1F02B:
            raise NotationError(
                f"'{char}' at position {position} is a flower, season, joker or back tile, "
                "which riichi mahjong does not use",
                source,
                position,
            )
        else:
            raise NotationError(
                f"{char!r} at position {position} is not a digit or a suit letter",
                source,
                position,
            )
    _no_pending_digits(pending, source)
    return tiles


def _no_pending_digits(pending: list[tuple[int, int]], source: str) -> None:
    if pending:
        start, end = pending[0][1], pending[-1][1] + 1
        digits = source[start:end]
        raise NotationError(
            f"digits '{digits}' at position {start} have no suit letter after them",
            source,
            start,
            end,
        )


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

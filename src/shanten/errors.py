"""The one family of errors that ``shanten`` raises on bad input.

Every error is a :class:`ValueError`, so ``except ValueError`` works, and names the
offending tile in mpsz notation ("5 copies of 1m"), never by an index.

Input is quoted whole up to :data:`QUOTE_LIMIT` characters; longer input is quoted by
its first :data:`EXCERPT` characters (or as many around the bad ones) and its length, so
that an error stays a few short lines however long the input:

>>> quoted("123m"), quoted("1" * 100_000 + "m")
("'123m'", "'1111111111111111111111111111111111111111'... (100,001 characters)")
"""

from __future__ import annotations

import reprlib
from typing import Final

from shanten.display import width

__all__ = [
    "EXCERPT",
    "QUOTE_LIMIT",
    "GameRecordError",
    "HandError",
    "MeldError",
    "NoYakuError",
    "NotationError",
    "RecordTooLarge",
    "RuleError",
    "ShantenError",
    "WinError",
    "described",
    "excerpt",
    "quoted",
]

#: Input up to this many characters is quoted whole in an error message.
QUOTE_LIMIT: Final = 60
#: How many characters of longer input an error message quotes.
EXCERPT: Final = 40


def quoted(text: str) -> str:
    """``text`` in quotes for an error message: whole if short, else its first
    :data:`EXCERPT` characters and its length."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:EXCERPT]!r}... ({len(text):,} characters)"


_REPR: Final = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = EXCERPT
_REPR.maxlist = _REPR.maxtuple = 6


def described(value: object) -> str:
    """The :func:`repr` of any value for an error message, shortened (:mod:`reprlib`)
    when long: ``described("x" * 1000)`` is ``'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'``."""
    try:
        return _REPR.repr(value)
    except ValueError:  # an int too long to convert to text
        return f"an {type(value).__name__} too long to print"


def _shown(text: str) -> str:
    """``text`` as one printable line: a tab, a newline or another character that does not
    print is shown as its escape (``\\n``), as :func:`repr` shows it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def excerpt(source: str, start: int, end: int) -> tuple[str, str]:
    """The line quoting ``source`` in an error and the caret line under ``[start:end]``.

    Short input is shown whole. Longer input shows :data:`EXCERPT` characters, from the
    start or around the bad ones, ``...`` where it is cut, and its length. The caret
    stands under the bad characters by their display width (:mod:`shanten.display`).

    >>> excerpt("12x3m", 2, 3)
    ('12x3m', '  ^')
    >>> line, caret = excerpt("1" * 70 + "x", 70, 71)
    >>> line
    '...11111111111111111111111111111111111111x (71 characters)'
    >>> caret.index("^") == line.index("x")
    True
    """
    low, high = 0, len(source)
    if len(source) > QUOTE_LIMIT:
        if end > EXCERPT:
            low = max(0, min(start - EXCERPT // 2, len(source) - EXCERPT))
        high = low + EXCERPT
    head = "..." if low else ""
    tail = "..." if high < len(source) else ""
    if low or tail:
        tail += f" ({len(source):,} characters)"
    line = head + _shown(source[low:high]) + tail
    before = width(head + _shown(source[low:start]))
    span = width(_shown(source[start : min(end, high)]))
    return line, " " * before + "^" * max(1, span)


class ShantenError(ValueError):
    """Base class of every error raised for bad input."""


class NotationError(ShantenError):
    """A string is not valid tile notation.

    Raised by the parsers when a character is neither a digit nor a suit letter nor a
    Unicode mahjong tile, when digits have no suit, or when a digit cannot belong to its
    suit (``8z``). The message quotes the source (shortened when long, see
    :func:`excerpt`) with a caret under the bad span; ``source``, ``start`` and ``end``
    keep the whole source and the span:

    >>> from shanten import Hand
    >>> Hand("12x3m")
    Traceback (most recent call last):
    ...
    shanten.errors.NotationError: 'x' at position 2 is not a digit or a suit letter
        12x3m
          ^
    """

    def __init__(self, message: str, source: str, start: int, end: int | None = None) -> None:
        self.message = message
        self.source = source
        self.start = start
        self.end = start + 1 if end is None else end
        line, caret = excerpt(source, self.start, self.end)
        super().__init__(f"{message}\n    {line}\n    {caret}")


class HandError(ShantenError):
    """A hand is impossible: too many copies of a tile, a size that is not 3n+1 or 3n+2
    (at most 14 with the melds), a tile absent from the game (2m-8m in 3-player), or a
    malformed count vector."""


class MeldError(ShantenError):
    """A called meld is not a run, triplet or quad (``'124m' is not a meld``)."""


class WinError(ShantenError):
    """The conditions of a win contradict each other or the hand (:func:`shanten.score`):
    ippatsu or double riichi without riichi, riichi with a called meld, a self-draw
    robbing a kan, a replacement tile won on a discard or without a quad, a last-tile win
    on the first draw, a seat wind that is not a wind, ura dora without riichi."""


class NoYakuError(ShantenError):
    """A complete hand without a yaku (役なし): it cannot win, whatever its dora
    (:func:`shanten.score`)."""


class RuleError(ShantenError):
    """An option is not one the library takes: players other than 3 or 4, a flag
    (``count_melded_copies``, ``second_step``) that is not a bool, an unknown ``form``
    (see :mod:`shanten.options`)."""


class GameRecordError(ShantenError):
    """A game record (牌譜) that cannot be reviewed: not a format the library reads, not
    well-formed (XML cut inside a tag, broken JSON), or events that contradict each other
    (a discard of a tile the hand does not hold, a draw into a full hand, an unknown seat).

    The message names what is known of where: the file, the round and the event (its
    index in the record and a short form of it); the attributes keep them:

    >>> print(GameRecordError("1m is not in the hand", source="game.mjlog",
    ...                       round="East 2, 1 honba", index=57, event="discard 1m by seat 2"))
    game.mjlog: East 2, 1 honba: event 57 (discard 1m by seat 2): 1m is not in the hand
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        round: str | None = None,
        index: int | None = None,
        event: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.round = round
        self.index = index
        self.event = event
        where = [part for part in (source, round) if part]
        if index is not None:
            where.append(f"event {index}" + (f" ({event})" if event else ""))
        super().__init__(": ".join([*where, message]))


class RecordTooLarge(GameRecordError):
    """A game record past a size limit: over :data:`shanten.games.source.MAX_RECORD`
    bytes as read or once unpacked, or, where a caller bounds the review, more rounds or
    discards than it takes. It is a :class:`GameRecordError`, refused before the work it
    would cost."""

"""The one family of errors that ``shanten`` raises on bad input.

Every error is a :class:`ValueError`, so ``except ValueError`` works, and names the
offending tile in mpsz notation ("5 copies of 1m"), never by an index.
"""

from __future__ import annotations

__all__ = ["HandError", "MeldError", "NotationError", "RuleError", "ShantenError"]


class ShantenError(ValueError):
    """Base class of every error raised for bad input."""


class NotationError(ShantenError):
    """A string is not valid tile notation.

    Raised by the parsers when a character is neither a digit nor a suit letter nor a
    Unicode mahjong tile, when digits have no suit, or when a digit cannot belong to its
    suit (``8z``). The message quotes the source with a caret under the bad span:

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
        caret = " " * start + "^" * max(1, self.end - start)
        super().__init__(f"{message}\n    {source}\n    {caret}")


class HandError(ShantenError):
    """A hand is impossible: too many copies of a tile, a size that is not 3n+1 or 3n+2
    (at most 14 with the melds), a tile absent from the game (2m-8m in 3-player), or a
    malformed count vector."""


class MeldError(ShantenError):
    """A called meld is not a run, triplet or quad (``'124m' is not a meld``)."""


class RuleError(ShantenError):
    """An option is out of range: players other than 3 or 4."""

"""What the verbs return: :class:`Witness` (the proof of a shanten number),
:class:`Ukeire` (effective tiles, 受け入れ), :class:`Discard` (a row of the discard
table, 打牌候補) and :class:`GoodShape` (the second step of a 1-shanten hand).

The last three are frozen, slotted dataclasses; the kernel builds them by filling their slots,
which changes nothing about how they compare, hash, print or pickle. A tile in them is a
:class:`~shanten.Tile`, as in every result of the library:

>>> Ukeire(0, (Tile("1z"), Tile("2z")), (2, 2), 4).tiles
(Tile('1z'), Tile('2z'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shanten.forms import Form
from shanten.hand import Hand
from shanten.tiles import TILES, Tile, TileCollection

__all__ = ["Discard", "GoodShape", "Ukeire", "Witness", "listing", "tenhou_key"]


@dataclass(frozen=True)
class Witness:
    """A complete hand at the minimum distance: the proof of a shanten number.

    ``hand`` is the complete concealed hand (melds not included), ``needed`` the tiles it
    holds that the hand lacks; ``len(needed)`` is shanten + 1. A witness is a record of
    these three, not a collection: its tiles are ``hand.tiles`` and ``needed``.
    """

    form: Form
    hand: Hand
    needed: tuple[Tile, ...]

    def __str__(self) -> str:
        needed = " ".join(str(t) for t in self.needed) or "nothing"
        return f"{self.hand} ({self.form}; needs {needed})"


@dataclass(frozen=True, slots=True)
class Ukeire(TileCollection):
    """Effective tiles of a 3n+1 hand: ``tiles`` in tile order, ``counts`` the unseen
    copies of each (4 less those in the hand, the melds and the visible tiles), ``total``
    their sum, and ``shanten`` the hand's shanten number in the chosen view.

    It behaves as the collection of its tiles: ``len``, iteration and ``in`` (a Tile or
    its notation) read ``tiles``, and ``str`` lists them.

    >>> result = Ukeire(0, (Tile("1z"), Tile("2z")), (2, 2), 4)
    >>> str(result), len(result), "2z" in result, list(result)
    ('1z 2z', 2, True, [Tile('1z'), Tile('2z')])
    """

    shanten: int
    tiles: tuple[Tile, ...]
    counts: tuple[int, ...]
    total: int

    def __str__(self) -> str:
        return " ".join(str(tile) for tile in self.tiles)


@dataclass(frozen=True, slots=True)
class GoodShape:
    """The second step of a 1-shanten hand (一向聴): of its ``total`` unseen effective
    tiles, ``good`` lead to a two-sided-or-better ready hand (良形聴牌).

    A draw counts as good when, after it, some discard leaves a ready hand that waits on
    at least two kinds of tile and not only by a pair wait (双碰): ryanmen (両面),
    multi-sided waits, nobetan (延べ単) and a kanchan or penchan beside a tanki all count,
    a pure shanpon does not. Draws are weighted by their unseen copies; ``share`` is
    ``good / total`` (0.0 when nothing is left to draw).
    """

    good: int
    total: int

    @property
    def share(self) -> float:
        return self.good / self.total if self.total else 0.0


@dataclass(frozen=True, slots=True)
class Discard:
    """One row of the discard table: discard ``discard``, leaving ``shanten`` with
    effective tiles ``ukeire``; ``good_shape`` when asked for and the discard leaves a
    1-shanten hand, else None."""

    discard: Tile
    shanten: int
    ukeire: Ukeire
    good_shape: GoodShape | None = None


def tenhou_key(distance: int, total: int, tile: int) -> int:
    """The sort key of a discard row in Tenhou's order: lowest shanten (``distance`` =
    shanten + 1) first, then most unseen effective tiles (``total``, at most 136), then
    tile order. Rows of one table have distinct tiles, so their keys differ.

    >>> sorted([tenhou_key(2, 10, 5), tenhou_key(1, 4, 9), tenhou_key(2, 12, 7)])[0] >> 16
    1
    >>> tenhou_key(2, 12, 7) < tenhou_key(2, 10, 5)
    True
    """
    return distance << 16 | (255 - total) << 8 | tile


def listing(distance: int, tiles: Sequence[int], unseen: Sequence[int]) -> Ukeire:
    """The :class:`Ukeire` of a hand at ``distance`` whose effective tiles are ``tiles``
    (indices in tile order), each with its ``unseen`` copies.

    >>> listing(1, [27, 28], [4] * 27 + [2, 2] + [4] * 5)
    Ukeire(shanten=0, tiles=(Tile('1z'), Tile('2z')), counts=(2, 2), total=4)
    """
    counts = tuple([unseen[t] for t in tiles])
    return Ukeire(distance - 1, tuple([TILES[t] for t in tiles]), counts, sum(counts))

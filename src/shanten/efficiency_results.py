"""What the tile-efficiency calls return: :class:`Ukeire` (effective tiles, 受け入れ),
:class:`Discard` (a row of the discard table, 打牌候補) and :class:`GoodShape` (the
second step of a 1-shanten hand).

All three are frozen dataclasses; the fast paths build them without the per-field checks
of ``__init__``, which changes nothing about how they compare, hash, print or pickle. The
rows of a discard table from the fast path of :func:`shanten.discards` spell out their
``ukeire`` when one of them first reads it (see :class:`_Deferred`).

>>> Ukeire(0, ("1z", "2z"), (2, 2), 4).tiles
('1z', '2z')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

__all__ = ["PENDING", "Discard", "GoodShape", "Ukeire", "tenhou_key"]


@dataclass(frozen=True)
class Ukeire:
    """Effective tiles of a 3n+1 hand: ``tiles`` in tile order, ``counts`` the unseen
    copies of each (4 less those in the hand, the melds and the visible tiles), ``total``
    their sum, and ``shanten`` the hand's shanten number in the chosen view."""

    shanten: int
    tiles: tuple[str, ...]
    counts: tuple[int, ...]
    total: int

    def __len__(self) -> int:
        return len(self.tiles)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Discard:
    """One row of the discard table: discard ``discard``, leaving ``shanten`` with
    effective tiles ``ukeire``; ``good_shape`` when asked for and the discard leaves a
    1-shanten hand, else None."""

    discard: str
    shanten: int
    ukeire: Ukeire
    good_shape: GoodShape | None = None

    def __getstate__(self) -> dict[str, object]:
        """The row's fields, its ``ukeire`` spelled out first (see :class:`_Deferred`)."""
        return {
            "discard": self.discard,
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "good_shape": self.good_shape,
        }


#: The instance-dict key under which a row of the fast path keeps, until its ``ukeire``
#: is first read, a callable that gives every row of its table its ``ukeire``.
PENDING = "_pending"


class _Deferred:
    """``Discard.ukeire`` for the rows of a discard table from the fast path of
    :func:`shanten.discards`. The table is complete and ordered without its rows' tile
    names and unseen counts (the unseen totals that order it are computed), and a caller
    after the best discard reads no more; so the rows keep, under :data:`PENDING`, one
    callable that spells out every row of the table at once, called the first time any
    row's ``ukeire`` is read. After that the rows hold their ``ukeire`` as any field.

    A row built the ordinary way has ``ukeire`` in its instance dict, which a non-data
    descriptor like this one never shadows; rows compare, hash, print, copy and pickle
    alike.

    >>> from shanten import discards
    >>> first, second = discards("123m456p789s11223z")[:2]
    >>> "ukeire" in vars(second), first.ukeire.tiles, "ukeire" in vars(second)
    (False, ('1z', '2z'), True)
    """

    def __get__(self, row: Discard | None, owner: type | None = None) -> object:
        if row is None:
            return self
        fields = row.__dict__
        spell_table: Callable[[], None] | None = fields.get(PENDING)
        if spell_table is not None:
            spell_table()
        if "ukeire" not in fields:
            raise AttributeError(f"{type(row).__name__!r} object has no attribute 'ukeire'")
        return fields["ukeire"]


if not TYPE_CHECKING:  # to type checkers the field is a plain Ukeire
    Discard.ukeire = _Deferred()


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

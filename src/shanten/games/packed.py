"""A reviewed game in the form that crosses a process boundary cheaply.

A :class:`~shanten.GameReview` holds hundreds of frozen :class:`~shanten.DiscardReview`
records. Pickled as they are, each record is rebuilt field by field on arrival, in the
one process that gathers a corpus run's results from every worker. :func:`pack` keeps the
records as plain tuples of their fields, which pickle as flat data, and :func:`unpack`
builds each record again in one call. For a 4-player hanchan (811 records), CPU time,
best of 9: unpickling 4.6 ms as they are, 2.9 ms packed (rebuilding included); pickling
3.4 ms, 1.7 ms packed.
``unpack(pickle.loads(pickle.dumps(pack(game)))) == game``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from shanten.games.records import DiscardReview, GameReview

__all__ = ["Packed", "pack", "unpack"]

_FIELDS: Final = tuple(field.name for field in dataclasses.fields(DiscardReview))


@dataclass(frozen=True, slots=True)
class Packed:
    """A game's review without its records (``game``) and the records' fields in order
    (``rows``)."""

    game: GameReview
    rows: tuple[tuple[object, ...], ...]


def pack(game: GameReview) -> Packed:
    """``game`` with its records as tuples of their fields."""
    names = _FIELDS
    rows = tuple([tuple([getattr(record, name) for name in names]) for record in game])
    return Packed(dataclasses.replace(game, discards=()), rows)


def unpack(packed: Packed) -> GameReview:
    """The :class:`~shanten.GameReview` that :func:`pack` was given."""
    records = tuple([DiscardReview(*row) for row in packed.rows])  # type: ignore[arg-type]
    return dataclasses.replace(packed.game, discards=records)

"""A win read one way (a :class:`Reading`), and what the yaku read of it.

A :class:`Reading` is a win read one way: its sets (面子) with whether each is concealed
(暗) — a triplet that a discard completed (ロン) counts as called —, its pair, its wait.
:func:`all_readings` gives every reading of a win: each decomposition with each block the
winning tile can have completed.

>>> from shanten.scoring import check
>>> w = check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z")
>>> r = reading_of(w, 0)
>>> r.form, r.wait, [s.kind for s in r.sets]
('standard', 'ryanmen', ['run', 'run', 'run', 'run'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from shanten._native.scoring.decompose import readings
from shanten.score_types import Win
from shanten.wins import WaitReading

__all__ = [
    "DRAGONS",
    "Reading",
    "Set",
    "all_readings",
    "by_han",
    "concealed_triplets",
    "has_honours",
    "quads",
    "reading_of",
    "runs_of",
    "suits_of",
    "tiles_of",
    "triplets_of",
    "valued",
]

#: White, green and red dragons.
DRAGONS: Final = (31, 32, 33)


@dataclass(frozen=True)
class Set:
    """One set (面子) of a reading: ``kind`` run, triplet or quad, its lowest ``tile``,
    ``concealed`` (暗: not called, and for a triplet not completed by a discard) and
    ``called`` (a called meld, 副露)."""

    kind: str
    tile: int
    concealed: bool
    called: bool

    @property
    def triplet(self) -> bool:
        """A triplet or a quad (刻子・槓子)."""
        return self.kind != "run"

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "run":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "quad" else 3)


@dataclass(frozen=True)
class Reading:
    """A win read one way: the ``win``, the wait reading (``source``), the ``sets`` and
    ``pair`` of a standard reading (none for seven pairs and thirteen orphans), ``pairs``
    of seven pairs, and ``counts``: every tile of the hand and the melds."""

    win: Win
    source: WaitReading
    sets: tuple[Set, ...]
    pair: int | None
    pairs: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def form(self) -> str:
        return self.source.decomposition.form

    @property
    def wait(self) -> str:
        return self.source.shape


def reading_of(win: Win, index: int) -> Reading:
    """The ``index``-th reading of ``win`` (:func:`readings` order)."""
    return _build(win, readings(win.counts, win.melds, win.win)[index])


def all_readings(win: Win) -> list[Reading]:
    """Every reading of ``win``; empty when the hand is not complete."""
    return [_build(win, r) for r in readings(win.counts, win.melds, win.win)]


def _build(win: Win, source: WaitReading) -> Reading:
    counts = list(win.counts)
    for meld in win.melds:
        for tile in meld.tiles:
            counts[int(tile)] += 1
    sets: list[Set] = []
    pair: int | None = None
    pairs: list[int] = []
    blocks = source.decomposition.blocks
    for index, block in enumerate(blocks):
        first = int(block.tiles[0])
        if block.kind == "pair":
            pairs.append(first)
            pair = first
        elif block.kind in ("run", "triplet", "quad"):
            completed_by_ron = index == source.block_index and not win.tsumo
            concealed = not (block.melded and not block.concealed) and not (
                block.kind == "triplet" and completed_by_ron
            )
            called = block.melded and not block.concealed
            sets.append(Set(block.kind, first, concealed, called))
    standard = source.decomposition.form == "standard"
    return Reading(
        win,
        source,
        tuple(sets),
        pair if standard else None,
        tuple(pairs) if not standard else (),
        tuple(counts),
    )


# ---- what the yaku read ----------------------------------------------------------------


def tiles_of(r: Reading) -> list[int]:
    return [tile for tile in range(34) if r.counts[tile]]


def runs_of(r: Reading) -> list[int]:
    return [s.tile for s in r.sets if s.kind == "run"]


def triplets_of(r: Reading) -> list[int]:
    return [s.tile for s in r.sets if s.triplet]


def valued(r: Reading, tile: int) -> bool:
    """A tile whose triplet is a yaku (役牌): a dragon, the seat or the round wind."""
    return tile in DRAGONS or tile in (r.win.seat_wind, r.win.round_wind)


def suits_of(r: Reading) -> set[int]:
    return {tile // 9 for tile in tiles_of(r) if tile < 27}


def has_honours(r: Reading) -> bool:
    return any(r.counts[27:])


def by_han(r: Reading, closed: int, called: int) -> int:
    return closed if r.win.closed else called


def concealed_triplets(r: Reading) -> int:
    return sum(1 for s in r.sets if s.triplet and s.concealed)


def quads(r: Reading) -> int:
    return sum(1 for s in r.sets if s.kind == "quad")

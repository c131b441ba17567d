"""The tiles each seat holds and sees while a record is replayed (手牌と見えている牌).

:class:`TileCounts` keeps, per seat, the 34 counts of its concealed tiles (``kinds``),
their 37 counts by tile code (``codes``, red fives apart), how many it holds
(``sizes``), its melds (``melds``, and their 34 counts ``melded``), and its hand in
notation suit by suit, rewritten only for the suits that changed; for the table, the
34 counts every seat sees (``visible``), those of all concealed tiles together
(``held``) and per seat the copies it cannot see (``unseen``, bytes the kernel reads).
A tile taken, given or seen keeps all of them in step, and a fifth copy held or seen
is an error. :class:`~shanten.games.replay.Replay` plays the events on them.

>>> from shanten.games.events import Draw
>>> table = TileCounts(4)
>>> table._give(0, 4, Draw(0, 4))
>>> table._give(0, 34, Draw(0, 34))
>>> table.hand(0), table.size(0), table.unseen[0][4], table.unseen[1][4]
('05m', 2, 2, 4)
"""

from __future__ import annotations

import functools
from typing import Final

from shanten.errors import GameRecordError
from shanten.games.events import (
    CODE_KIND,
    CODE_SUIT,
    NUM_CODES,
    Event,
    Round,
    code_name,
    describe,
    hand_text,
    suit_text,
)

__all__ = ["SUIT_BIT", "TileCounts"]

#: The bit of each tile code's suit, and the suits of each combination of bits.
SUIT_BIT: Final = tuple(1 << suit for suit in CODE_SUIT)
_STALE_SUITS: Final = tuple(tuple(s for s in range(4) if bits >> s & 1) for bits in range(16))


@functools.lru_cache(maxsize=1 << 12)
def _meld_text(tiles: tuple[int, ...]) -> str:
    """A meld in notation (the same melds recur, discard after discard)."""
    return hand_text(tiles)


class TileCounts:
    """The counts of one record's table: each seat's tiles and melds, and what is seen."""

    def __init__(self, players: int, source: str | None = None) -> None:
        self.players = players
        self.source = source
        self.round: Round | None = None
        self.index = -1
        self._reset()

    def _reset(self) -> None:
        n = self.players
        self.kinds = [[0] * 34 for _ in range(n)]
        self.sizes = [0] * n
        self.codes = [[0] * NUM_CODES for _ in range(n)]
        self.suit_texts = [["", "", "", ""] for _ in range(n)]
        self.stale = [0] * n  # per seat, a bit per suit whose text is out of date
        self.melds: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.melded = [[0] * 34 for _ in range(n)]
        self.visible = [0] * 34
        self.held = [0] * 34
        self.unseen = [bytearray(b"\x04" * 34) for _ in range(n)]

    def fail(self, message: str, event: Event) -> GameRecordError:
        """The error for ``event`` (the one being played) contradicting the state."""
        return GameRecordError(
            message,
            source=self.source,
            round=str(self.round) if self.round else None,
            index=self.index,
            event=describe(event),
        )

    def _seat(self, seat: int, event: Event) -> int:
        if not 0 <= seat < self.players:
            raise self.fail(f"unknown seat {seat} in a {self.players}-player game", event)
        return seat

    def _take(self, seat: int, code: int, event: Event) -> None:
        codes = self.codes[seat]
        if not codes[code]:
            raise self.fail(
                f"{code_name(code)} is not in seat {seat}'s hand {self.hand(seat)}", event
            )
        codes[code] -= 1
        self.stale[seat] |= SUIT_BIT[code]
        kind = CODE_KIND[code]
        self.kinds[seat][kind] -= 1
        self.sizes[seat] -= 1
        self.held[kind] -= 1
        self.unseen[seat][kind] += 1

    def _give(self, seat: int, code: int, event: Event) -> None:
        kind = CODE_KIND[code]
        if self.players == 3 and 1 <= kind <= 7:
            raise self.fail(f"{code_name(kind)} does not exist in 3-player mahjong", event)
        self.codes[seat][code] += 1
        self.stale[seat] |= SUIT_BIT[code]
        self.kinds[seat][kind] += 1
        self.sizes[seat] += 1
        self.held[kind] += 1
        self._count(kind, event)
        self.unseen[seat][kind] -= 1  # no fifth copy: never below 0

    def _count(self, kind: int, event: Event) -> None:
        """Raise if more than four copies of ``kind`` are held and seen."""
        if self.visible[kind] + self.held[kind] > 4:
            raise self.fail(f"a fifth {code_name(kind)} is held or seen", event)

    def hand(self, seat: int) -> str:
        """The seat's concealed tiles in notation, red fives as ``0``."""
        texts, stale = self.suit_texts[seat], self.stale[seat]
        if stale:
            codes = self.codes[seat]
            for suit in _STALE_SUITS[stale]:
                texts[suit] = suit_text(codes, suit)
            self.stale[seat] = 0
        return "".join(texts)

    def size(self, seat: int) -> int:
        return self.sizes[seat]

    def meld_texts(self, seat: int) -> tuple[str, ...]:
        return tuple(_meld_text(tiles) for kind, tiles in self.melds[seat] if kind != "nukidora")

    def _see(self, code: int, event: Event) -> None:
        kind = CODE_KIND[code]
        self.visible[kind] += 1
        self._count(kind, event)
        for unseen in self.unseen:  # no fifth copy: never below 0
            unseen[kind] -= 1

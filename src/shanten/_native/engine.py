"""The reference engine: every computation of :mod:`shanten._engine`'s interface in plain
Python, from the definitions. It is the engine the kernel is tested against, and the one
that answers where the kernel was not built or ``SHANTEN_PURE=1``.

>>> from shanten.hand import position
>>> pos = position("23489m6799p22567s")
>>> ENGINE.distance(pos) - 1, ENGINE.discards(pos, [4 - c for c in pos.counts], "all")[0].discard
(1, Tile('8m'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from shanten._native import forms, scoring
from shanten._native.effective import effective
from shanten._native.odds import Curves, Graph, Question, Solution, TooManyStates, distance_of
from shanten._native.odds_score import ScoreSolution
from shanten.hand import Position, position
from shanten.options import FormView
from shanten.results import Discard, Ukeire, listing, tenhou_key
from shanten.score_types import Score, Win
from shanten.tiles import NUM_TILES, TILES

__all__ = ["ENGINE", "Curves", "ReferenceEngine"]

#: A start hand's (tenpai, win) curves.

_U8 = npt.NDArray[np.uint8]
_F = TypeVar("_F", bound=Callable[..., object])
#: Rows converted to lists of ints at a time: memory stays flat.
_CHUNK: Final = 1 << 14


class ReferenceEngine:
    """The plain Python engine (see :class:`shanten._engine.Engine` for each method)."""

    name: Final = "reference"

    def distance(self, pos: Position, form: FormView = "all") -> int | None:
        return forms.distance(pos, form)

    def effective(
        self, pos: Position, counts: Sequence[int], form: FormView
    ) -> tuple[int, list[int]]:
        return effective(pos, counts, form)

    def ukeire(self, pos: Position, unseen: Sequence[int], form: FormView) -> Ukeire:
        return listing(*effective(pos, pos.counts, form), unseen)

    def discards(self, pos: Position, unseen: Sequence[int], form: FormView) -> tuple[Discard, ...]:
        rows = []
        counts = list(pos.counts)
        for tile in range(NUM_TILES):
            if not counts[tile]:
                continue
            counts[tile] -= 1
            distance, tiles = effective(pos, counts, form)
            counts[tile] += 1
            ukeire = listing(distance, tiles, unseen)
            rows.append(
                (
                    tenhou_key(distance, ukeire.total, tile),
                    Discard(TILES[tile], distance - 1, ukeire),
                )
            )
        rows.sort()  # the keys differ (by tile), so only they are compared
        return tuple(row for _, row in rows)

    def odds(
        self, question: Question, progress: Callable[[int, Curves], object] | None
    ) -> list[Curves]:
        q = question
        answers = []
        wall = sum(q.unseen)
        distance = distance_of(q.pos)
        for i, start in enumerate(q.starts):
            try:
                graph = Graph(start, q.unseen, q.rules, distance, q.limit, q.best)
            except TooManyStates:
                raise TooManyStates(start) from None
            curves: Curves = (
                Solution(graph, wall, q.draws, "tenpai").curve,
                Solution(graph, wall, q.draws, "win").curve,
            )
            if q.worth is not None:
                curves += (ScoreSolution(graph, q.unseen, q.draws, q.worth).curve,)
            if progress is not None:
                progress(i, curves)
            answers.append(curves)
        return answers

    def batch_shanten(
        self, hands: _U8, out: npt.NDArray[np.int8], players: Literal[3, 4], form: FormView
    ) -> int:
        bad = first_bad(hands, players, "closed" if form in ("chiitoitsu", "kokushi") else "hand")
        if bad >= 0:
            return bad
        for row, values in enumerate(_rows(hands)):
            value = forms.distance(position(values, players=players), form)
            assert value is not None  # a closed hand, checked above
            out[row] = value - 1
        return -1

    def batch_ukeire(self, hands: _U8, out: npt.NDArray[np.bool_], players: Literal[3, 4]) -> int:
        bad = first_bad(hands, players, "3n+1")
        if bad >= 0:
            return bad
        for row, values in enumerate(_rows(hands)):
            for tile in effective(position(values, players=players), values, "all")[1]:
                out[row, tile] = True
        return -1

    def score(self, win: Win) -> Score | None:
        return scoring.score(win)

    def verb(self, number: int, function: _F) -> _F:
        """The public verb ``function`` as it is: the reference has no fast path."""
        return function

    def fast(self, enabled: bool) -> None:
        """Nothing to turn: the reference has no fast path."""


def first_bad(hands: _U8, players: int, need: str) -> int:
    """The first row of ``hands`` (counts checked to be 0-4) that is not a valid closed
    hand (or not what ``need`` asks: ``closed``, 13 or 14 tiles; ``3n+1``), or -1."""
    for start in range(0, len(hands), _CHUNK):
        chunk = hands[start : start + _CHUNK]
        sizes = chunk.sum(axis=1, dtype=np.int64)
        bad = (chunk > 4).any(axis=1) | (sizes % 3 == 0) | (sizes > 14)
        if players == 3:
            bad |= chunk[:, 1:8].any(axis=1)
        if need == "closed":
            bad |= sizes < 13
        elif need == "3n+1":
            bad |= sizes % 3 != 1
        if bad.any():
            return start + int(np.argmax(bad))
    return -1


def _rows(hands: _U8) -> Iterator[list[int]]:
    """The rows as lists of ints, converted a chunk at a time."""
    for start in range(0, len(hands), _CHUNK):
        yield from hands[start : start + _CHUNK].tolist()


#: The reference engine.
ENGINE: Final = ReferenceEngine()

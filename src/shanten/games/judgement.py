"""The review's judgement by the odds (和了率): how likely the hand was to win by the end
of the round after the discard made, and after the best one.

A decision is judged with :func:`shanten.odds` (switches off) on the position the player
saw: the concealed hand before the discard, its melds, every tile the player could see,
and the draws the player still had (:func:`draws_left`). The best discard by the odds is
sought among every legal discard up to :data:`WHOLE_TABLE_UP_TO`-shanten; past it, among
the best discards by tile count and the one made (a whole table at 3- and 4-shanten costs
ten times more, and the tile-count best is the odds' best on most such hands). Past the
engine's reach (5-shanten or more, or a hand past its state bound) there is no judgement.

With the game around the hand (a :class:`~shanten.ScoreContext`: the winds, the dora
indicators showing), each decision is also judged by its expected points (期待値), the
odds' third curve: ``points`` after the discard made, ``best_points`` the most among the
discards solved, ``best_by_points`` that discard.

>>> j = judge("123m456p789s1122z3z", (), [0] * 34, 4, 1, "1z", ("3z", "1z"), ("3z",))
>>> j.best, round(j.best_win, 4), j.win  # 4 of 122 unseen tiles win after 3z, none after 1z
('3z', 0.0328, 0.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from shanten.discard_odds import MAX_SHANTEN, odds
from shanten.errors import RuleError
from shanten.score_context import ScoreContext
from shanten.tiles import Tile

__all__ = ["WHOLE_TABLE_UP_TO", "Judgement", "draws_left", "judge"]

#: Up to this shanten (before the discard) every legal discard is solved for the best.
WHOLE_TABLE_UP_TO: Final = 2


@dataclass(frozen=True, slots=True)
class Judgement:
    """The probabilities (0 to 1) of being ready (聴牌) and of winning (和了) by the end of
    the round: ``win`` and ``tenpai`` after the discard made, ``best_win`` and
    ``best_tenpai`` the highest among the discards solved, ``best`` the discard with the
    highest win probability (among equals, the first in :func:`shanten.odds`'s order)."""

    win: float
    tenpai: float
    best: str
    best_win: float
    best_tenpai: float
    #: With a score context: the expected points after the discard made, the most among
    #: the discards solved, and the discard that gives them (the first in the odds' order
    #: among equals); else None.
    points: float | None = None
    best_points: float | None = None
    best_by_points: str | None = None


def draws_left(live: int, players: int) -> int:
    """The draws a seat still has after its discard with ``live`` tiles in the live wall:
    the wall is drawn seat by seat, the next draw the next seat's, so every
    ``players``-th tile is the seat's.

    >>> draws_left(70 - 1, 4)  # the dealer after its first discard: 18 draws in all
    17
    >>> draws_left(70 - 4, 4)  # the fourth seat after its first: it draws the 4th, 8th, ...
    16
    >>> draws_left(0, 4)
    0
    """
    return live // players


def judge(
    hand: str,
    melds: tuple[str, ...],
    visible: Sequence[int],
    players: Literal[3, 4],
    draws: int,
    discarded: str,
    candidates: Sequence[str],
    best_by_tiles: Sequence[str],
    *,
    shanten: int | None = None,
    context: ScoreContext | None = None,
) -> Judgement | None:
    """The judgement of discarding ``discarded`` from ``hand`` (with ``melds``; ``visible``
    the 34 counts of the other tiles the player sees, its own melds not among them) with
    ``draws`` draws left; ``candidates`` are the legal discards, ``best_by_tiles`` the best
    by tile count; ``shanten`` the hand's, which picks the discards solved; ``context``
    the game around the hand, for the expected points (its dora indicators among
    ``visible``, as tiles in sight). None past the engine's reach."""
    if shanten is not None and shanten > MAX_SHANTEN[False]:
        return None
    if shanten is None or shanten <= WHOLE_TABLE_UP_TO:
        asked = {str(Tile(t)) for t in candidates}
    else:
        asked = {str(Tile(t)) for t in best_by_tiles}
    actual = str(Tile(discarded))  # a red five is its suit's five
    asked.add(actual)
    try:
        rows = odds(
            hand,
            melds=melds,
            players=players,
            visible=visible,
            draws=draws,
            discards=sorted(asked),
            jobs=1,
            score=context,
        )
    except RuleError:  # past the engine's state bound
        return None
    assert isinstance(rows, tuple)  # a 3n+2 hand: one row per discard
    mine = next(row for row in rows if str(row.discard) == actual)
    best = rows[0]  # ordered by the win probability, then tenpai, then tile order
    judgement = Judgement(
        win=mine.win[-1],
        tenpai=mine.tenpai[-1],
        best=str(best.discard),
        best_win=best.win[-1],
        best_tenpai=max(row.tenpai[-1] for row in rows),
    )
    if context is None:
        return judgement
    worth = [(row.score[-1] if row.score else 0.0, row) for row in rows]
    most = max(value for value, _row in worth)
    richest = next(row for value, row in worth if value == most)
    return dataclasses.replace(
        judgement,
        points=mine.score[-1] if mine.score else 0.0,
        best_points=most,
        best_by_points=str(richest.discard),
    )

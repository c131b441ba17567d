"""Which discard wins most (何切る): the exact probability of being ready (聴牌確率) and of
winning by self-draw (和了確率) within each number of draws, per discard.

:func:`odds` answers a 3n+2 hand with one :class:`DiscardOdds` row per distinct discard,
best first, and a 3n+1 hand with one :class:`HandOdds`. The model and its one
approximation are in ``docs/odds.md``; the engine is :mod:`shanten.odds_engine`.

>>> rows = odds("123m456p789s1122z3z", draws=3)
>>> [(str(row.discard), row.shanten) for row in rows][:2]
[('3z', 0), ('1m', 1)]
>>> best = rows[0]
>>> [round(p, 4) for p in best.win]  # 1z 2z: four tiles of 122 unseen
[0.0, 0.0328, 0.0648, 0.0959]
>>> best.tenpai
(1.0, 1.0, 1.0, 1.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType

from shanten import analysis, options
from shanten.efficiency import VisibleLike, checked
from shanten.efficiency_results import Discard
from shanten.errors import HandError, RuleError
from shanten.hand import Hand, HandLike, MeldLike, Position, position
from shanten.kernel import accelerated, discards, installed
from shanten.odds_engine import MAX_STATES, Graph, Rules, TooManyStates, solve
from shanten.tiles import NUM_TILES, Tile

__all__ = ["DiscardOdds", "HandOdds", "odds"]

#: Tiles 2m-8m, absent from the three-player game.
_NO_THREE_PLAYER = range(1, 8)


@dataclass(frozen=True, slots=True)
class HandOdds:
    """The odds of a 3n+1 hand whose next move is a draw: ``tenpai[k]`` and ``win[k]``
    are the probabilities of having been ready (聴牌) and of having completed the hand
    (和了) within ``k`` draws; ``[0]`` is now. ``shanten`` is the hand's."""

    shanten: int
    tenpai: tuple[float, ...]
    win: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class DiscardOdds:
    """One row of :func:`odds` for a 3n+2 hand: discard ``discard``, leaving ``shanten``,
    then ``tenpai[k]`` and ``win[k]`` as in :class:`HandOdds`."""

    discard: Tile
    shanten: int
    tenpai: tuple[float, ...]
    win: tuple[float, ...]


def odds(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: options.PlayersLike = 4,
    count_melded_copies: options.Flag = False,
    visible: VisibleLike = (),
    draws: int = 17,
    hand_changes: options.Flag = False,
    shanten_back: options.Flag = False,
) -> tuple[DiscardOdds, ...] | HandOdds:
    """The probabilities of being ready and of winning within each of the next ``draws``
    draws, playing each draw to maximise the one reported.

    A 3n+2 hand gets one :class:`DiscardOdds` per distinct discard, ordered by ``win[-1]``,
    then ``tenpai[-1]``, then as :func:`~shanten.discards` orders them; a 3n+1 hand gets
    one :class:`HandOdds`. The unseen tiles are 136 (108 with ``players=3``) less the
    hand, the melds and ``visible``; ``draws`` is how many draws are left (17 from the
    first turn). ``hand_changes`` (手変わり) lets the player keep a draw that does not
    lower the shanten, ``shanten_back`` (向聴戻し) discard to a worse shanten than the draw
    allows, each within one swap beyond the fewest.

    >>> odds("123m456p789s1122z", draws=1).win  # 4 of 123 unseen tiles win
    (0.0, 0.032520325203252036)
    """
    hand_changes = options.flag("hand_changes", hand_changes)
    shanten_back = options.flag("shanten_back", shanten_back)
    pos = position(hand, melds, players, count_melded_copies)
    if pos.size % 3 == 0:
        raise HandError(
            f"odds takes a 3n+1 or 3n+2 hand (1, 2, 4, 5, ... 13 or 14 tiles); "
            f"{str(_hand_of(pos))!r} has {pos.size}"
        )
    remainder = pos.size % 3
    pos, seen = checked(hand, melds, players, count_melded_copies, visible, "all", remainder)
    unseen = [
        (0 if pos.players == 3 and tile in _NO_THREE_PLAYER else 4) - seen[tile]
        for tile in range(NUM_TILES)
    ]
    count = options.draws(draws, sum(unseen))
    rules = Rules(hand_changes, shanten_back)
    distance = _distance_of(pos)
    if remainder == 1:
        tenpai, win = _curves(pos.counts, unseen, count, rules, distance)
        return HandOdds(distance(pos.counts) - 1, tenpai, win)
    order = {row.discard: place for place, row in enumerate(_table(pos, visible))}
    rows = []
    for tile in range(NUM_TILES):
        if not pos.counts[tile]:
            continue
        start = list(pos.counts)
        start[tile] -= 1
        tenpai, win = _curves(tuple(start), unseen, count, rules, distance)
        rows.append(DiscardOdds(Tile(tile), distance(tuple(start)) - 1, tenpai, win))
    rows.sort(key=lambda row: (-row.win[-1], -row.tenpai[-1], order[row.discard]))
    return tuple(rows)


def _curves(
    start: tuple[int, ...],
    unseen: list[int],
    draws: int,
    rules: Rules,
    distance: Callable[[tuple[int, ...]], int],
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(tenpai, win) curves of a 3n+1 start hand."""
    try:
        graph = Graph(start, unseen, rules, distance)
    except TooManyStates:
        raise RuleError(
            f"the odds of {str(_hand_of_counts(start))!r} would explore more than "
            f"{MAX_STATES:,} hands (the limit); ask with fewer switches on"
        ) from None
    win = solve(start, unseen=unseen, draws=draws, objective="win", graph=graph)
    tenpai = solve(start, unseen=unseen, draws=draws, objective="tenpai", graph=graph)
    return tenpai.curve, win.curve


def _distance_of(pos: Position) -> Callable[[tuple[int, ...]], int]:
    """The distance (shanten + 1) of a concealed hand with ``pos``'s melds and rules,
    remembered per hand."""
    known: dict[tuple[int, ...], int] = {}
    kernel = None if pos.capped else _kernel()

    def distance(counts: tuple[int, ...]) -> int:
        value = known.get(counts)
        if value is None:
            if kernel is not None:
                closed = not pos.melds and sum(counts) >= 13
                value = kernel.distance(bytes(counts), pos.players, 0, closed)
            else:
                value = analysis.distance(dataclasses.replace(pos, counts=counts))
            known[counts] = value
        return value

    return distance


def _kernel() -> ModuleType | None:
    """The C kernel, or None on the plain path."""
    return installed() if accelerated else None


def _table(pos: Position, visible: VisibleLike) -> tuple[Discard, ...]:
    """The discard table, whose order breaks ties between rows."""
    return tuple(
        discards(
            list(pos.counts),
            melds=pos.melds,
            players=pos.players,
            count_melded_copies=pos.count_melded_copies,
            visible=visible,
        )
    )


def _hand_of(pos: Position) -> Hand:
    return _hand_of_counts(pos.counts)


def _hand_of_counts(counts: tuple[int, ...]) -> Hand:
    return Hand(list(counts))

"""Which discard wins most (何切る): the exact probability of being ready (聴牌確率) and of
winning by self-draw (和了確率) within each number of draws, per discard.

:func:`odds` answers a 3n+2 hand with one :class:`DiscardOdds` row per distinct discard,
best first, and a 3n+1 hand with one :class:`HandOdds`. The model and its one
approximation are in ``docs/odds.md``; the engine is :mod:`shanten._native.odds`.

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from shanten import _engine, options
from shanten._engine import Curves
from shanten._native.odds import MAX_STATES, MAX_VALUES_BYTES, Question, Rules, TooManyStates
from shanten.efficiency import VisibleLike, discards, seen_of
from shanten.errors import HandError, RuleError, described
from shanten.hand import Hand, HandLike, MeldLike, Position, position
from shanten.results import Discard
from shanten.score_context import ScoreContext
from shanten.score_types import Worth
from shanten.tiles import NUM_TILES, SANMA_ABSENT, Tile

__all__ = ["DiscardOdds", "HandOdds", "odds"]


@dataclass(frozen=True, slots=True)
class HandOdds:
    """The odds of a 3n+1 hand whose next move is a draw: ``tenpai[k]`` and ``win[k]``
    are the probabilities of having been ready (聴牌) and of having completed the hand
    (和了) within ``k`` draws; ``[0]`` is now. Each curve follows the plan that is best for
    the last draw, so before it ``tenpai[k]`` can be below ``win[k]`` (docs/odds.md, "What
    holds"). ``shanten`` is the hand's."""

    shanten: int
    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    #: With ``score=``: ``score[k]``, the expected points won within ``k`` draws, on the
    #: plan that maximises them by the last draw; else None.
    score: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class DiscardOdds:
    """One row of :func:`odds` for a 3n+2 hand: discard ``discard``, leaving ``shanten``,
    then ``tenpai[k]``, ``win[k]`` and ``score[k]`` as in :class:`HandOdds`."""

    discard: Tile
    shanten: int
    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    score: tuple[float, ...] | None = None


#: A row of the answer, made from a start's curves.
Row = TypeVar("Row", DiscardOdds, HandOdds)


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
    discards: Iterable[str | Tile] | None = None,
    jobs: int | None = None,
    progress: Callable[[DiscardOdds | HandOdds], object] | None = None,
    score: ScoreContext | None = None,
) -> tuple[DiscardOdds, ...] | HandOdds:
    """The probabilities of being ready and of winning within each of the next ``draws``
    draws, playing each draw to maximise the one reported.

    A 3n+2 hand gets one :class:`DiscardOdds` per distinct discard, ordered by ``win[-1]``,
    then ``tenpai[-1]`` (to 12 decimal places), then as :func:`~shanten.discards` orders
    them; a 3n+1 hand gets one :class:`HandOdds`. The unseen tiles are 136 (108 with
    ``players=3``) less the hand, the melds and ``visible``; ``draws`` is how many draws
    are left (17 from the first turn). ``hand_changes`` (手変わり) lets the player keep a
    draw that does not lower the shanten, ``shanten_back`` (向聴戻し) discard to a worse
    shanten than the draw allows, each within one swap beyond the fewest. ``discards``
    (tiles of a 3n+2 hand, as notation or :class:`~shanten.Tile`) asks for those rows
    only, as the whole table would give them. ``jobs`` is how many threads may solve the
    rows at once (None: :data:`DEFAULT_THREADS`, or one on a single core); the answers do
    not depend on it. ``progress``, if given, is called with each row as soon as it is
    computed, in the order of ``discards`` (without it, the order of
    :func:`~shanten.discards`: the discards that lower the shanten most first), from the
    calling thread; an exception it raises stops the computation and propagates. ``score``, a
    :class:`~shanten.ScoreContext` (winds, dora indicators, rules, the riichi choice),
    adds each row's expected points, ``score[k]`` (docs/odds.md, "Expected score"); its
    dora indicators are tiles in sight, which ``visible`` lists too.

    >>> odds("123m456p789s1122z", draws=1).win  # 4 of 123 unseen tiles win
    (0.0, 0.032520325203252036)
    >>> [str(row.discard) for row in odds("123m456p789s1122z3z", draws=1, discards=["1m"])]
    ['1m']

    Options that cannot be used are refused before any row is computed:

    >>> odds("123m456p789s1122z3z", discards=[])
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: discards is empty: name at least one tile of the hand, or None for every discard
    """
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable or None, got {described(progress)}")
    hand_changes = options.flag("hand_changes", hand_changes)
    shanten_back = options.flag("shanten_back", shanten_back)
    threads = min(options.cores(), DEFAULT_THREADS) if jobs is None else options.jobs(jobs)
    if score is not None and not isinstance(score, ScoreContext):
        raise TypeError(
            f"score is a shanten.ScoreContext(seat_wind=..., round_wind=...) or None, not "
            f"{described(score)}"
        )
    pos = position(hand, melds, players, count_melded_copies)
    worth = None if score is None else score.checked(pos, hand)
    remainder = pos.size % 3  # 1 or 2: position() refuses the rest
    if score is not None:
        score.check_visible(visible)
    unseen = unseen_of(pos, seen_of(pos, visible))
    count = options.draws(draws, sum(unseen))
    rules = Rules(hand_changes, shanten_back)
    if remainder == 1:
        distance = _engine.engine.distance(pos)
        assert distance is not None  # the standard form always applies
        if discards is not None:
            raise HandError(
                f"discards picks rows of a 3n+2 hand; {str(_hand_of(pos))!r} has {pos.size} "
                "tiles, and its next move is a draw"
            )
        _within_reach(pos, distance, rules)
        (whole,) = _solve(
            pos,
            [pos.counts],
            unseen,
            count,
            rules,
            distance,
            threads,
            lambda _, curves: HandOdds(distance - 1, *curves),
            progress,
            worth,
        )
        return whole
    table = _table(pos, visible)
    order = {row.discard: place for place, row in enumerate(table)}
    after = {row.discard.index: row.shanten for row in table}
    starts: dict[int, tuple[int, ...]] = {}
    for tile in range(NUM_TILES):
        if pos.counts[tile]:
            held = list(pos.counts)
            held[tile] -= 1
            starts[tile] = tuple(held)
    best = min(after.values()) + 1
    _within_reach(pos, best, rules)
    # the discard table's order: the best discards first, whose graphs are the largest,
    # so that the last graphs solved are small, and the rows a player looks at come first
    by_table = [row.discard.index for row in table]
    wanted = by_table if discards is None else _wanted(discards, starts, pos)

    def row(i: int, curves: Curves) -> DiscardOdds:
        return DiscardOdds(Tile(wanted[i]), after[wanted[i]], *curves)

    starting = [starts[tile] for tile in wanted]
    rows = _solve(pos, starting, unseen, count, rules, best, threads, row, progress, worth)
    rows.sort(key=lambda row: (-_rounded(row.win), -_rounded(row.tenpai), order[row.discard]))
    return tuple(rows)


def _rounded(curve: tuple[float, ...]) -> float:
    """A curve's last value to 12 decimal places: rows whose values differ by rounding
    alone are tied, and keep the discard table's order."""
    return round(curve[-1], 12)


def unseen_of(pos: Position, seen: list[int]) -> list[int]:
    """The wall as the player knows it: the copies of each tile the game holds (none of
    2m-8m with three players) less those ``seen`` (hand, melds and visible tiles)."""
    return [
        (0 if pos.players == 3 and tile in SANMA_ABSENT else 4) - seen[tile]
        for tile in range(NUM_TILES)
    ]


def _wanted(
    discards: Iterable[str | Tile], starts: dict[int, tuple[int, ...]], pos: Position
) -> list[int]:
    """The tiles of ``discards``, checked to be in the hand, in their order (each once)."""
    if isinstance(discards, (str, Tile)):
        raise TypeError("discards is a collection of tiles, such as ['1m'], not one tile")
    wanted: dict[int, None] = {}
    for item in discards:
        tile = item if isinstance(item, Tile) else Tile(item)
        if tile.index not in starts:
            raise HandError(f"{tile} is not in the hand {str(_hand_of(pos))!r}: no such discard")
        wanted[tile.index] = None
    if not wanted:
        raise RuleError(
            "discards is empty: name at least one tile of the hand, or None for every discard"
        )
    return list(wanted)


def _solve(
    pos: Position,
    starts: list[tuple[int, ...]],
    unseen: list[int],
    draws: int,
    rules: Rules,
    best: int,
    threads: int,
    row: Callable[[int, Curves], Row],
    progress: Callable[[Row], object] | None,
    worth: Worth | None,
) -> list[Row]:
    """The rows of 3n+1 start hands whose swap budget counts from ``best``, each made by
    ``row(i, (tenpai, win))`` from start i's curves and handed to ``progress`` in order as
    it comes (the engine solves the starts together, on up to ``threads`` threads)."""
    rows: list[Row] = []

    def made(i: int, curves: Curves) -> None:
        rows.append(row(i, curves))
        if progress is not None:
            progress(rows[-1])

    limit = max_states(draws)
    try:
        question = Question(
            pos, tuple(starts), tuple(unseen), draws, rules, best, limit, threads, worth
        )
        answers = _engine.engine.odds(question, None if progress is None else made)
    except TooManyStates as error:
        raise _too_many(error.args[0], limit, rules) from None
    if progress is None:  # else made as they came
        for i, curves in enumerate(answers):
            made(i, curves)
    return rows


#: The threads of a call by default: one builds the discards' graphs and solves some, the
#: other solves the rest as they come and, while it waits, helps work out the hands of the
#: graph being built. More threads share that one builder and each holds a graph's values,
#: so the default stays at two; ``jobs`` asks for more.
DEFAULT_THREADS = 2

#: The highest shanten the engine answers, without and with a switch: beyond them the
#: hands to explore grow past what a moment (or the memory) allows.
MAX_SHANTEN = {False: 4, True: 3}


def _within_reach(pos: Position, best: int, rules: Rules) -> None:
    """Refuse at once a hand whose best shanten is past :data:`MAX_SHANTEN`."""
    switched = bool(rules.extra)
    if best - 1 > MAX_SHANTEN[switched]:
        with_what = "with hand_changes or shanten_back" if switched else "without switches"
        raise RuleError(
            f"odds answers hands up to {MAX_SHANTEN[switched]}-shanten {with_what} (the "
            f"limit); {str(_hand_of(pos))!r} is {best - 1}-shanten"
        )


def max_states(draws: int) -> int:
    """The most hands one start hand may explore: :data:`~shanten._native.odds.MAX_STATES`,
    fewer where the values of ``draws + 1`` draws per hand, for both objectives, would
    pass :data:`~shanten._native.odds.MAX_VALUES_BYTES`. The expected score (``score=``)
    fits the same bound on the kernel: its values of ``draws + 1`` draws per hand, not in
    riichi and just in riichi (those already in riichi for one draw at a time), are taken
    once the objectives' are freed.

    >>> max_states(17), max_states(120)
    (250000, 69327)
    """
    return min(MAX_STATES, MAX_VALUES_BYTES // (2 * 8 * (draws + 1)))


def _too_many(start: tuple[int, ...], limit: int, rules: Rules) -> RuleError:
    """The refusal of a start past ``limit`` hands, with what would bring it in: the
    switches off if they are on, else fewer draws if they lowered the limit."""
    if rules.extra:
        advice = "; ask without hand_changes and shanten_back"
    elif limit < MAX_STATES:
        advice = "; ask for fewer draws (more draws leave room for fewer hands)"
    else:
        advice = ": the hand is too far from ready for the engine"
    return RuleError(
        f"the odds of {str(_hand_of_counts(start))!r} would explore more than "
        f"{limit:,} hands (the limit){advice}"
    )


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

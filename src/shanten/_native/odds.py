"""The discard odds' engine, plain Python: the graph of hands a player can reach by
drawing and discarding, and the dynamic programme over it (何切る, 聴牌確率, 和了確率).

The model is in ``docs/odds.md``. In short: from a 3n+1 start hand ``h0``, each draw is
a tile of the wall; after it the player throws it straight back or keeps it and
discards another tile, as the switches allow (手変わり ``hand_changes``, 向聴戻し
``shanten_back``) and within the swap budget. The engine plans for the whole horizon:
it maximises the probability of success (a complete hand for ``"win"``, a ready hand for
``"tenpai"``) within ``draws`` draws, and reports that one policy's curve draw by draw.

The state is the hand alone. A draw of tile ``i`` at a hand ``h`` after ``t`` draws has
probability ``c_i / (S - t)`` for the draws the policy keeps or that succeed, with
``c_i`` the unseen copies of ``i`` less those the hand absorbed since the start; every
other draw is thrown straight back, with the rest of the probability. This module is
the reference of the kernel's engine.

>>> from shanten.notation import counts_of, parse_tiles
>>> hand = counts_of(parse_tiles("123m456p789s1122z"))
>>> unseen = [4 - c for c in hand]
>>> solution = solve(hand, unseen=unseen, draws=2, objective="win")
>>> [round(p, 6) for p in solution.curve]  # four tiles win, of 123 unseen
[0.0, 0.03252, 0.064241]
>>> round(1 - (1 - 4 / 123) * (1 - 4 / 122), 6)
0.064241
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from shanten._native import forms
from shanten.hand import MeldLike, Position, position
from shanten.score_types import Worth

__all__ = [
    "TOLERANCE",
    "Objective",
    "Question",
    "Rules",
    "Solution",
    "TooManyStates",
    "best_keep",
    "solve",
]

Objective = Literal["win", "tenpai"]

#: Values closer than this count as equal when the policy compares its actions.
TOLERANCE = 1e-12

#: The most hands the engine explores for one start hand.
MAX_STATES = 250_000

#: The most memory the values of the programme may take: (draws + 1) doubles per hand
#: and objective.
MAX_VALUES_BYTES = 128 * 2**20


class TooManyStates(Exception):
    """The graph outgrew :data:`MAX_STATES`; :func:`shanten.odds` turns it into a RuleError."""


@dataclass(frozen=True)
class Rules:
    """What the player may keep after a draw, besides an advance (a draw that lowers the
    shanten, kept with a discard that holds it there): ``hand_changes`` (手変わり) keeps a
    draw that does not advance the hand, ``shanten_back`` (向聴戻し) discards so the hand
    is a step worse than the draw allows. Either spends the one swap beyond the fewest
    the start hand needs (``extra``)."""

    hand_changes: bool = False
    shanten_back: bool = False

    @property
    def extra(self) -> int:
        return 1 if self.hand_changes or self.shanten_back else 0

    def allows(self, before: int, drawn: int, after: int) -> bool:
        """True when a keep may go from distance (shanten + 1) ``before``, ``drawn`` after
        the draw, to ``after`` after the discard."""
        if after > drawn:
            return self.shanten_back
        return drawn < before or self.hand_changes


#: An engine's answer for one start: the tenpai and the win curve, one entry per draw,
#: and the expected points when the question has a :class:`~shanten.score_context.Worth`.
Curves = tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class Question:
    """What an engine's odds answer: the start hands (34 concealed counts each, 3n+1, of
    one size) of a position with ``pos``'s melds and rules, the wall (``unseen`` copies
    of each tile), how many ``draws``, the switches, ``best`` (the fewest tiles the hand
    they come from needs, where the swap budget counts from), at most ``limit`` hands per
    start, up to ``threads`` threads, and with a ``worth`` the expected points too."""

    pos: Position
    starts: tuple[tuple[int, ...], ...]
    unseen: tuple[int, ...]
    draws: int
    rules: Rules
    best: int
    limit: int = MAX_STATES
    threads: int = 1
    worth: Worth | None = None


@dataclass(frozen=True)
class _Draw:
    """A draw from a hand: ``tile``, its ``copies`` in the wall as the model counts them,
    ``after`` the distance of the hand with it (0 = complete), and ``node`` the drawn
    hand's choices (an index into :attr:`Graph.keeps`, -1 when the rules allow no keep)."""

    tile: int
    copies: int
    after: int
    node: int


class Graph:
    """The 3n+1 hands reachable from ``start`` (hand 0), their draws, and the choices of
    each drawn hand: the hands it may keep, by discarded tile. A drawn hand's choices
    depend only on it, the tile drawn and whether the draw advanced the hand."""

    def __init__(
        self,
        start: Sequence[int],
        unseen: Sequence[int],
        rules: Rules,
        distance: Callable[[tuple[int, ...]], int],
        max_states: int = MAX_STATES,
        best: int | None = None,
    ) -> None:
        start = tuple(start)
        self.start = start
        self.hands: list[tuple[int, ...]] = [start]
        self.distances: list[int] = [distance(start)]
        self.index: dict[tuple[int, ...], int] = {start: 0}
        self.draws: list[list[_Draw]] = []
        #: keeps[node]: (discarded tile, hand kept) by tile.
        self.keeps: list[tuple[tuple[int, int], ...]] = []
        self._rules = rules
        self._distance = distance
        self._max_states = max_states
        fewest = self.distances[0] if best is None else best
        self._budget = max(self.distances[0], fewest + rules.extra)
        state = 0
        while state < len(self.hands):
            hand = self.hands[state]
            before = self.distances[state]
            row = []
            for tile in range(len(hand)):
                copies = unseen[tile] - max(hand[tile] - start[tile], 0)
                if copies <= 0:
                    continue
                drawn = list(hand)
                drawn[tile] += 1
                after = distance(tuple(drawn))
                node = -1
                if after > 0 and (after < before or rules.extra):
                    node = self._node(tuple(drawn), tile, after, after < before)
                if node >= 0 or after <= 1:  # other draws are always thrown back
                    row.append(_Draw(tile, copies, after, node))
            self.draws.append(row)
            state += 1

    def _node(self, drawn: tuple[int, ...], tile: int, after: int, advanced: bool) -> int:
        """The choices of the hand ``drawn`` (distance ``after``) after drawing ``tile``,
        a draw that ``advanced`` the hand or not; -1 if the rules allow none. Discarding
        ``tile`` again is throwing the draw back, not a keep. Each hand's draw makes its
        own node: the drawn hand and the tile drawn name the hand drawn from."""
        rules = self._rules
        keeps = []
        counts = list(drawn)
        for discard in range(len(counts)):
            if not counts[discard] or discard == tile:
                continue
            counts[discard] -= 1
            kept = tuple(counts)
            counts[discard] += 1
            if after + _swaps(kept, self.start) > self._budget:
                continue
            left = self._distance(kept)
            allowed = rules.shanten_back if left > after else advanced or rules.hand_changes
            if allowed and left + _swaps(kept, self.start) <= self._budget:
                keeps.append((discard, self._state(kept, left)))
        if not keeps:
            return -1
        self.keeps.append(tuple(keeps))
        return len(self.keeps) - 1

    def _state(self, hand: tuple[int, ...], distance: int) -> int:
        known = self.index.get(hand)
        if known is not None:
            return known
        if len(self.hands) >= self._max_states:
            raise TooManyStates(self._max_states)
        self.index[hand] = len(self.hands)
        self.hands.append(hand)
        self.distances.append(distance)
        return len(self.hands) - 1


def _swaps(hand: Sequence[int], start: Sequence[int]) -> int:
    """Tiles ``hand`` holds that ``start`` does not."""
    return sum(max(h - s, 0) for h, s in zip(hand, start, strict=True))


class Solution:
    """The policy for one objective and its curve: ``curve[k]`` is the probability of
    success within ``k`` draws, ``curve[0]`` now.

    A success is worth 1, so that values and curves are probabilities.

    >>> hand = [1, 1, 1] + [0] * 6 + [0, 0, 0, 1, 1, 1] + [0] * 9 + [1, 1, 1] + [2, 2, 0, 0, 0, 0, 0]
    >>> graph = Graph(hand, [4 - c for c in hand], Rules(), distance_of(position(hand)))
    >>> Solution(graph, 123, 1, "win").curve  # a shanpon on 1z and 2z: 4 of 123 tiles
    (0.0, 0.032520325203252036)
    """

    def __init__(
        self,
        graph: Graph,
        wall: int,
        draws: int,
        objective: Objective,
    ) -> None:
        self.graph = graph
        self.wall = wall
        self.draws = draws
        self.objective: Objective = objective
        self._goal = 0 if objective == "win" else 1
        n = len(graph.hands)
        values = [[0.0] * n]
        for t in range(draws - 1, -1, -1):
            values.append(self._step(values[-1], t))
        values.reverse()
        #: values[t][s]: the probability of success by the last draw from hand s after t draws.
        self.values = values
        self.curve = self._forward()

    def _choices(self, later: Sequence[float]) -> list[tuple[float, int]]:
        """Each drawn hand's best keep given the values ``later`` after the draw: (value,
        hand kept), by :func:`best_keep`."""
        return [best_keep(keeps, later, TOLERANCE)[:2] for keeps in self.graph.keeps]

    def _law(
        self, state: int, t: int, later: Sequence[float], best: Sequence[tuple[float, int]]
    ) -> tuple[float, list[tuple[float, int | None, int]]]:
        """The draws that matter at (state, t): (probability, next hand or None on
        success, tile drawn) each, and the probability of throwing the draw back. A draw
        is kept when its best keep beats throwing it back by more than
        :data:`TOLERANCE`."""
        stay = later[state]
        kept: list[tuple[int, int | None, int]] = []
        total = 0
        for draw in self.graph.draws[state]:
            if draw.after <= self._goal:
                kept.append((draw.copies, None, draw.tile))
            elif draw.node >= 0 and best[draw.node][0] > stay + TOLERANCE:
                kept.append((draw.copies, best[draw.node][1], draw.tile))
            else:
                continue
            total += draw.copies
        wall = max(self.wall - t, total)
        law = [(copies / wall, chosen, tile) for copies, chosen, tile in kept]
        return 1.0 - total / wall, law

    def _step(self, later: list[float], t: int) -> list[float]:
        """The values after ``t`` draws from those after ``t + 1``."""
        best = self._choices(later)
        now = []
        for state in range(len(later)):
            stay, law = self._law(state, t, later, best)
            now.append(
                stay * later[state]
                + sum(p * (1.0 if nxt is None else later[nxt]) for p, nxt, tile in law)
            )
        return now

    def _forward(self) -> tuple[float, ...]:
        """The policy's curve, by carrying the probability of each hand forward."""
        if self.graph.distances[0] <= self._goal:  # ready now, for "tenpai"
            return (1.0,) * (self.draws + 1)
        mass = [0.0] * len(self.graph.hands)
        mass[0] = 1.0
        done = 0.0
        curve = [0.0]
        for t in range(self.draws):
            later = self.values[t + 1]
            best = self._choices(later)
            moved = [0.0] * len(mass)
            for state, m in enumerate(mass):
                if m == 0.0:
                    continue
                stay, law = self._law(state, t, later, best)
                moved[state] += m * stay
                for p, nxt, _tile in law:
                    if nxt is None:
                        done += m * p
                    else:
                        moved[nxt] += m * p
            mass = moved
            curve.append(done)
        return tuple(curve)

    def choice(self, hand: Sequence[int], drawn: int, draws_done: int) -> int:
        """The tile the policy discards after drawing ``drawn`` at ``hand`` (3n+1, one of
        the hands it can reach) after ``draws_done`` draws: ``drawn`` itself when it
        throws the draw back, and also after a succeeding draw."""
        state = self.graph.index[tuple(hand)]
        later = self.values[draws_done + 1]
        for draw in self.graph.draws[state]:
            if draw.tile != drawn or draw.after <= self._goal or draw.node < 0:
                continue
            value, _kept, discard = best_keep(self.graph.keeps[draw.node], later, TOLERANCE)
            if value > later[state] + TOLERANCE:
                return discard
        return drawn


def best_keep(
    keeps: Sequence[tuple[int, int]], later: Sequence[float], tolerance: float
) -> tuple[float, int, int]:
    """The best of a drawn hand's ``keeps`` ((tile discarded, hand kept) in tile order)
    given the values ``later`` of the hands kept: (value, hand kept, tile discarded).
    The lowest discarded tile wins unless a later one is better by more than
    ``tolerance``; (-1.0, -1, -1) for no keep."""
    value, chosen, tile = -1.0, -1, -1
    for discard, state in keeps:
        if later[state] > value + tolerance:
            value, chosen, tile = later[state], state, discard
    return value, chosen, tile


def solve(
    hand: Sequence[int],
    *,
    melds: Iterable[MeldLike] = (),
    players: int = 4,
    count_melded_copies: bool = False,
    unseen: Sequence[int],
    draws: int,
    objective: Objective,
    hand_changes: bool = False,
    shanten_back: bool = False,
    best: int | None = None,
) -> Solution:
    """The policy and curve of a 3n+1 hand (34 counts of its concealed tiles) with
    ``unseen`` copies of each tile in the wall and ``draws`` draws left, on the plain
    engine. ``best`` is the fewest tiles the 3n+2 hand it comes from needs (its best
    discard's distance), where the swap budget counts from; the hand's own by default.

    >>> hand = [1, 1, 1] + [0] * 6 + [0, 0, 0, 1, 1, 1] + [0] * 9 + [1, 1, 1] + [2, 2, 0, 0, 0, 0, 0]
    >>> solve(hand, unseen=[4 - c for c in hand], draws=1, objective="win").curve
    (0.0, 0.032520325203252036)
    """
    pos = position(list(hand), melds, players, count_melded_copies)
    rules = Rules(hand_changes, shanten_back)
    graph = Graph(pos.counts, unseen, rules, distance_of(pos), best=best)
    return Solution(graph, sum(unseen), draws, objective)


def distance_of(pos: Position) -> Callable[[tuple[int, ...]], int]:
    """The distance (shanten + 1) of a concealed hand with ``pos``'s melds and rules, by
    the reference, remembered per hand."""
    known: dict[tuple[int, ...], int] = {}

    def distance(counts: tuple[int, ...]) -> int:
        value = known.get(counts)
        if value is None:
            value = forms.distance(dataclasses.replace(pos, counts=counts))
            assert value is not None  # the standard form always applies
            known[counts] = value
        return value

    return distance

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
the reference of the kernel's engine; :func:`solve` picks the kernel where it is built.

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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["TOLERANCE", "Objective", "Rules", "Solution", "TooManyStates", "solve"]

Objective = Literal["win", "tenpai"]

#: Values closer than this count as equal when the policy compares its actions.
TOLERANCE = 1e-12

#: The most hands the engine explores for one start hand.
MAX_STATES = 400_000


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


@dataclass(frozen=True)
class _Draw:
    """A draw from a state: ``tile``, its copies ``c_i`` in the wall as the model counts
    them, ``after`` the distance of the hand with it (0 = complete), and the keeps the
    rules allow: (discarded tile, next state), by tile."""

    tile: int
    copies: int
    after: int
    keeps: tuple[tuple[int, int], ...]


class Graph:
    """The hands reachable from ``start`` (state 0) and their draws."""

    def __init__(
        self,
        start: Sequence[int],
        unseen: Sequence[int],
        rules: Rules,
        distance: Callable[[tuple[int, ...]], int],
        max_states: int = MAX_STATES,
    ) -> None:
        start = tuple(start)
        self.hands: list[tuple[int, ...]] = [start]
        self.distances: list[int] = [distance(start)]
        self.index: dict[tuple[int, ...], int] = {start: 0}
        self.draws: list[list[_Draw]] = []
        budget = self.distances[0] + rules.extra
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
                keeps = []
                if after > 0 and (after < before or rules.extra):
                    for discard in range(len(hand)):
                        if discard == tile or not drawn[discard]:
                            continue
                        drawn[discard] -= 1
                        kept = tuple(drawn)
                        drawn[discard] += 1
                        left = distance(kept)
                        if (
                            not rules.allows(before, after, left)
                            or left + _swaps(kept, start) > budget
                        ):
                            continue
                        keeps.append((discard, self._state(kept, left, max_states)))
                row.append(_Draw(tile, copies, after, tuple(keeps)))
            self.draws.append(row)
            state += 1

    def _state(self, hand: tuple[int, ...], distance: int, max_states: int) -> int:
        known = self.index.get(hand)
        if known is not None:
            return known
        if len(self.hands) >= max_states:
            raise TooManyStates(max_states)
        self.index[hand] = len(self.hands)
        self.hands.append(hand)
        self.distances.append(distance)
        return len(self.hands) - 1


def _swaps(hand: Sequence[int], start: Sequence[int]) -> int:
    """Tiles ``hand`` holds that ``start`` does not."""
    return sum(max(h - s, 0) for h, s in zip(hand, start, strict=True))


class Solution:
    """The policy for one objective and its curve: ``curve[k]`` is the probability of
    success within ``k`` draws, ``curve[0]`` now."""

    def __init__(self, graph: Graph, wall: int, draws: int, objective: Objective) -> None:
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
        #: values[t][s]: the probability of success by the last draw from state s after t draws.
        self.values = values
        self.curve = self._forward()

    def _succeeds(self, draw: _Draw) -> bool:
        return draw.after <= self._goal

    def _best(self, draw: _Draw, later: Sequence[float], stay: float) -> tuple[float, int | None]:
        """The value of a non-succeeding draw, and the state kept (None: thrown back)."""
        best, chosen = stay, None
        for _discard, state in draw.keeps:  # by tile: the first of equals wins
            if later[state] > best + TOLERANCE:
                best, chosen = later[state], state
        return best, chosen

    def _law(
        self, state: int, t: int, later: Sequence[float]
    ) -> tuple[float, list[tuple[float, int | None]]]:
        """The draws that matter at (state, t), given the values ``later`` after the
        draw: (probability, next state or None on success) each, and the probability
        of throwing the draw back."""
        stay = later[state]
        kept: list[tuple[int, int | None]] = []
        total = 0
        for draw in self.graph.draws[state]:
            if self._succeeds(draw):
                kept.append((draw.copies, None))
            else:
                _value, chosen = self._best(draw, later, stay)
                if chosen is None:
                    continue
                kept.append((draw.copies, chosen))
            total += draw.copies
        wall = max(self.wall - t, total)
        law = [(copies / wall, chosen) for copies, chosen in kept]
        return 1.0 - total / wall, law

    def _step(self, later: list[float], t: int) -> list[float]:
        """The values after ``t`` draws from those after ``t + 1``."""
        now = []
        for state in range(len(later)):
            stay, law = self._law(state, t, later)
            now.append(
                stay * later[state]
                + sum(p * (1.0 if nxt is None else later[nxt]) for p, nxt in law)
            )
        return now

    def _forward(self) -> tuple[float, ...]:
        """The policy's curve, by carrying the probability of each state forward."""
        if self.graph.distances[0] <= self._goal:  # ready now, for "tenpai"
            return (1.0,) * (self.draws + 1)
        mass = {0: 1.0}
        done = 0.0
        curve = [0.0]
        for t in range(self.draws):
            moved: dict[int, float] = {}
            for state, m in mass.items():
                stay, law = self._law(state, t, self.values[t + 1])
                moved[state] = moved.get(state, 0.0) + m * stay
                for p, nxt in law:
                    if nxt is None:
                        done += m * p
                    else:
                        moved[nxt] = moved.get(nxt, 0.0) + m * p
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
            if draw.tile != drawn or self._succeeds(draw):
                continue
            _value, chosen = self._best(draw, later, later[state])
            if chosen is not None:
                return next(d for d, s in draw.keeps if s == chosen)
        return drawn


def solve(
    start: Sequence[int],
    *,
    unseen: Sequence[int],
    draws: int,
    objective: Objective,
    hand_changes: bool = False,
    shanten_back: bool = False,
    distance: Callable[[tuple[int, ...]], int] | None = None,
    graph: Graph | None = None,
) -> Solution:
    """The policy and curve of a 3n+1 ``start`` hand (34 counts) with ``unseen`` copies
    of each tile in the wall and ``draws`` draws left. ``distance`` gives a hand's
    distance (shanten + 1; closed hand, four players unless given); ``graph`` reuses one
    already built for the same start, wall and rules."""
    if graph is None:
        if distance is None:
            distance = _closed_distance
        graph = Graph(start, unseen, Rules(hand_changes, shanten_back), distance)
    return Solution(graph, sum(unseen), draws, objective)


def _closed_distance(counts: tuple[int, ...]) -> int:
    from shanten.kernel import shanten

    return int(shanten(list(counts))) + 1

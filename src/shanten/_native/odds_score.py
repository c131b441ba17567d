"""The expected score of the discard odds, plain Python: the third objective over the
odds' graph (:class:`~shanten._native.odds.Graph`), the points a self-drawn win brings
within each number of draws, playing to maximise them by the last draw.

The model is the odds' (``docs/odds.md``), with a win worth its points
(:mod:`shanten._native.odds_worth`) instead of 1, and one more choice: a closed ready
hand may declare riichi (立直) whenever it has a draw left, as it keeps a draw or throws
one back, which locks the hand (every later draw that does not win is thrown back) and
prices its wins as riichi wins, the first draw after it with ippatsu (一発). A win is
always taken when it has a yaku; a complete hand without one (an open hand) throws the
draw back. Values are compared with :data:`TOLERANCE` points.

>>> from shanten.hand import position
>>> from shanten.score_context import ScoreContext
>>> from shanten._native.odds import Graph, Rules, distance_of
>>> pos = position("234567m34p22s567s")
>>> start = pos.counts
>>> unseen = [4 - c for c in start]
>>> graph = Graph(start, unseen, Rules(), distance_of(pos))
>>> context = ScoreContext(seat_wind="2z", round_wind="1z", riichi="never")
>>> solution = ScoreSolution(graph, unseen, 1, context.checked(pos, "234567m34p22s567s"))
>>> [round(v, 6) for v in solution.curve]  # 8 of 123 tiles win 2700
[0.0, 175.609756]
>>> round(8 / 123 * 2700, 6)
175.609756
"""

from __future__ import annotations

from collections.abc import Sequence

from shanten._native.odds import Graph, best_keep
from shanten._native.odds_worth import Prices, price
from shanten.score_types import Worth

__all__ = ["TOLERANCE", "ScoreSolution"]

#: Expected points closer than this count as equal when the policy compares its actions.
TOLERANCE = 1e-9


class ScoreSolution:
    """The policy that maximises the expected points by the last of ``draws`` draws from
    ``graph``'s start, and its curve: ``curve[k]``, the expected points won within ``k``
    draws. ``unseen`` is the wall at the start, ``worth`` the game around the hand."""

    def __init__(self, graph: Graph, unseen: Sequence[int], draws: int, worth: Worth) -> None:
        self.graph = graph
        self.draws = draws
        self.worth = worth
        self.wall = sum(unseen)
        n = len(graph.hands)
        #: prices[s]: (tile, copies, Prices) of each win from hand s
        self.prices: list[list[tuple[int, int, Prices]]] = [
            [
                (
                    d.tile,
                    d.copies,
                    price(worth, graph.start, _with(graph.hands[s], d.tile), d.tile, unseen),
                )
                for d in graph.draws[s]
                if d.after == 0
            ]
            for s in range(n)
        ]
        #: riichi[s]: True where hand s may declare riichi (closed and ready)
        self.can_riichi = [
            worth.closed and worth.riichi != "never" and graph.distances[s] == 1 for s in range(n)
        ]
        zeros = [0.0] * n
        closed, fresh, old = [zeros], [zeros], [zeros]  # from the last draw back
        for t in range(draws - 1, -1, -1):
            old_t, fresh_t = self._riichi_step(old[-1], t)
            fresh.append(fresh_t)
            old.append(old_t)
            closed.append(self._step(self._best(closed[-1], fresh[-2]), t))
        for values in (closed, fresh, old):
            values.reverse()
        #: closed[t][s]: the expected points from hand s after t draws, not in riichi
        self.closed = closed
        #: fresh[t][s]: the same just after declaring riichi at s (the next draw is ippatsu)
        self.fresh = fresh
        self.curve = self._forward()

    @property
    def starts_in_riichi(self) -> bool:
        """True when the policy declares riichi with the start hand itself."""
        return self._riichi(self.closed[0][0], self.fresh[0][0], 0)

    def choice(self, hand: Sequence[int], drawn: int, draws_done: int) -> tuple[int, bool]:
        """What the policy does after drawing ``drawn`` at ``hand`` (3n+1, one of the
        hands it can reach, not in riichi) after ``draws_done`` draws, the draw not a
        win it takes: (the tile it discards, ``drawn`` itself to throw the draw back;
        True when it declares riichi with that discard)."""
        state = self.graph.index[tuple(hand)]
        t = draws_done
        later = self._best(self.closed[t + 1], self.fresh[t + 1])
        target, discard = state, drawn
        for draw in self.graph.draws[state]:
            if draw.tile != drawn or draw.after == 0 or draw.node < 0:
                continue
            value, chosen, tile = best_keep(self.graph.keeps[draw.node], later, TOLERANCE)
            if value > later[state] + TOLERANCE:
                target, discard = chosen, tile
        return discard, self._riichi(self.closed[t + 1][target], self.fresh[t + 1][target], target)

    def _last(self, t: int) -> bool:
        return self.worth.haitei and t == self.draws - 1

    def _riichi_law(self, s: int, t: int) -> tuple[float, list[tuple[float, Prices]]]:
        """(probability of no win, [(probability, prices)] of each win) at a riichi hand."""
        total = sum(copies for _tile, copies, _prices in self.prices[s])
        wall = max(self.wall - t, total)
        return 1.0 - total / wall, [(copies / wall, p) for _tile, copies, p in self.prices[s]]

    def _riichi_step(self, old: list[float], t: int) -> tuple[list[float], list[float]]:
        """The riichi values after ``t`` draws (already in riichi, just declared) from
        those in riichi after ``t + 1``."""
        last = int(self._last(t))
        old_t, fresh_t = [0.0] * len(old), [0.0] * len(old)
        for s, allowed in enumerate(self.can_riichi):
            if not allowed:
                continue
            miss, wins = self._riichi_law(s, t)
            old_t[s] = miss * old[s] + sum(p * prices.riichi[0][last] for p, prices in wins)
            fresh_t[s] = miss * old[s] + sum(p * prices.riichi[1][last] for p, prices in wins)
        return old_t, fresh_t

    def _riichi(self, closed: float, fresh: float, s: int) -> bool:
        """True when the player declares riichi at hand s, worth ``closed`` without and
        ``fresh`` with."""
        if not self.can_riichi[s]:
            return False
        return self.worth.riichi == "always" or fresh > closed + TOLERANCE

    def _best(self, closed: Sequence[float], fresh: Sequence[float]) -> list[float]:
        """The value of arriving at each hand, riichi declared or not as the policy
        chooses."""
        return [
            fresh[s] if self._riichi(closed[s], fresh[s], s) else closed[s]
            for s in range(len(closed))
        ]

    def _law(
        self, s: int, t: int, later: Sequence[float]
    ) -> tuple[float, list[tuple[float, int | None, float]]]:
        """The draws that matter at hand s after t draws, not in riichi: (probability,
        next hand or None on a win, points won) each, and the probability of throwing the
        draw back. ``later`` is the value of arriving at each hand after the draw."""
        last = self._last(t)
        stay = later[s]
        wins = {tile: prices for tile, _copies, prices in self.prices[s]}
        kept: list[tuple[int, int | None, float]] = []
        total = 0
        for draw in self.graph.draws[s]:
            if draw.after == 0:
                prices = wins[draw.tile]
                points = prices.closed_last if last else prices.closed
                if points <= 0:
                    continue  # no yaku: thrown back
                kept.append((draw.copies, None, float(points)))
            elif draw.node >= 0:
                value, chosen, _tile = best_keep(self.graph.keeps[draw.node], later, TOLERANCE)
                if value <= stay + TOLERANCE:
                    continue
                kept.append((draw.copies, chosen, 0.0))
            else:
                continue
            total += draw.copies
        wall = max(self.wall - t, total)
        return 1.0 - total / wall, [(c / wall, nxt, points) for c, nxt, points in kept]

    def _step(self, later: list[float], t: int) -> list[float]:
        now = []
        for s in range(len(later)):
            stay, law = self._law(s, t, later)
            now.append(
                stay * later[s]
                + sum(p * (points if nxt is None else later[nxt]) for p, nxt, points in law)
            )
        return now

    def _forward(self) -> tuple[float, ...]:
        """The policy's curve, carrying the probability of each hand, in riichi or not,
        forward."""
        n = len(self.graph.hands)
        closed, fresh, old = [0.0] * n, [0.0] * n, [0.0] * n
        if self._riichi(self.closed[0][0], self.fresh[0][0], 0):
            fresh[0] = 1.0
        else:
            closed[0] = 1.0
        done = 0.0
        curve = [0.0]
        for t in range(self.draws):
            later_closed, later_fresh = self.closed[t + 1], self.fresh[t + 1]
            later = self._best(later_closed, later_fresh)
            last = int(self._last(t))
            moved = [0.0] * n
            moved_fresh, moved_old = [0.0] * n, [0.0] * n
            for s in range(n):
                m = closed[s]
                if m:
                    stay, law = self._law(s, t, later)
                    for p, nxt, points in [(stay, s, 0.0), *law]:
                        if nxt is None:
                            done += m * p * points
                        elif self._riichi(later_closed[nxt], later_fresh[nxt], nxt):
                            moved_fresh[nxt] += m * p
                        else:
                            moved[nxt] += m * p
                for m, ippatsu in ((fresh[s], 1), (old[s], 0)):
                    if m:
                        miss, wins = self._riichi_law(s, t)
                        moved_old[s] += m * miss
                        done += m * sum(p * prices.riichi[ippatsu][last] for p, prices in wins)
            closed, fresh, old = moved, moved_fresh, moved_old
            curve.append(done)
        return tuple(curve)


def _with(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    drawn = list(hand)
    drawn[tile] += 1
    return tuple(drawn)

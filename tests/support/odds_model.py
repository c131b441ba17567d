"""The odds model's one approximation, written from its definition (docs/odds.md).

The model remembers the hand, not the history of draws: at a state (hand h, t draws done)
it draws kind i with probability c_i / (S - t), c_i = unseen_i - max(h_i - h0_i, 0), for
the kinds the policy would keep or that succeed (the set G); every other draw is lumped
into "thrown straight back", probability 1 - sum_G c_i / (S - t). (Where sum_G c_i exceeds
S - t, G's probabilities are c_i / sum_G c_i.) The policy, the rules and the tie rule are
those of :mod:`odds_reference`; its curves are compared with the exact process there.
"""

from __future__ import annotations

from shanten.tiles import NUM_TILES
from support.odds_reference import Counts, Curve, Game, Rules, choose


class Model:
    """The approximate process, played optimally within the model."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = Rules(game)
        self.total = sum(game.unseen)
        self._curves: dict[tuple[Counts, int], Curve] = {}

    def curve(self) -> Curve:
        """P(success within k draws), k = 0..draws, from the start hand, in the model."""
        if self.rules.ready_at_start():
            return (1.0,) * (self.game.draws + 1)
        return self.continuation(self.game.start, 0)

    def continuation(self, hand: Counts, done: int) -> Curve:
        """The model's curve from ``hand`` after ``done`` draws."""
        key = (hand, done)
        found = self._curves.get(key)
        if found is not None:
            return found
        game = self.game
        remaining = game.draws - done
        wall = self.total - done
        values = [0.0] * (remaining + 1)
        if remaining > 0 and wall > 0:
            kept: list[tuple[int, Curve]] = []  # (c_i, curve after), the set G
            winners = self.rules.winners(hand)
            for tile in range(NUM_TILES):
                absorbed = max(hand[tile] - game.start[tile], 0)
                copies = game.unseen[tile] - absorbed
                if copies <= 0:
                    continue
                if tile in winners:
                    kept.append((copies, (1.0,) * remaining))
                    continue
                chosen, follow = self.best(hand, done + 1, tile)
                if chosen != tile:
                    kept.append((copies, follow))
            in_g = sum(copies for copies, _ in kept)
            denominator = max(wall, in_g)
            back = self.continuation(hand, done + 1)
            lumped = 1 - in_g / denominator
            for j in range(1, remaining + 1):
                values[j] = lumped * back[j - 1] + sum(
                    copies / denominator * follow[j - 1] for copies, follow in kept
                )
        found = tuple(values)
        self._curves[key] = found
        return found

    def best(self, hand: Counts, done: int, tile: int) -> tuple[int, Curve]:
        """The discard after drawing ``tile`` as draw number ``done`` and the model's
        curve after it; ``tile`` itself when the draw is thrown back."""
        back = self.continuation(hand, done)
        if len(back) == 1:
            return tile, back
        keeps = (
            (x, self.continuation(changed, done)) for x, changed in self.rules.moves(hand, tile)
        )
        return choose(tile, back, keeps)

"""The discard odds by their definition: the exact draw process, played optimally.

The odds (docs/odds.md) are the probability of having been ready (聴牌) or of having
completed the hand (和了) within the next k draws, when the player draws without
replacement from the unseen tiles and plays to maximise that probability at the last draw.
This module computes them from that definition alone, for the tests to prove the library
against; it uses :func:`shanten.shanten` and nothing of the library's odds.

- :class:`Exact`: expectimax over the full state (the hand and every tile drawn so far),
  so the wall is always the unseen tiles less all drawn ones. Memoised on that state.
- :func:`brute_curve`: the same process over every ordered sequence of physical tiles, with
  no memo: tiny horizons only, to prove :class:`Exact`.
- :func:`ready_curve`: the closed form for a ready hand that keeps its wait.

Actions after a draw that does not succeed: throw the drawn tile straight back, or keep it
and discard another tile, within the rules (:class:`Rules`). The policy maximises the
probability of success by the last draw; near ties go by :func:`choose`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

import shanten
from shanten.options import visible as visible_counts
from shanten.tiles import NUM_TILES, SANMA_ABSENT

Counts: TypeAlias = tuple[int, ...]
Curve: TypeAlias = tuple[float, ...]
Objective = Literal["win", "tenpai"]
OBJECTIVES: tuple[Objective, ...] = ("win", "tenpai")

#: Curve values within this are equal when actions are compared.
TIE = 1e-12

#: Shanten by (melds, players, count_melded_copies), then by concealed counts: shared by
#: every game of a test run, as the games of one hand hold many hands in common.
_SHANTEN: dict[tuple[tuple[str, ...], int, bool], dict[Counts, int]] = {}


@dataclass(frozen=True)
class Game:
    """One process: the start hand (3n+1 concealed tiles), what is unseen, the rules."""

    start: Counts
    unseen: Counts
    draws: int
    objective: Objective
    hand_changes: bool = False
    shanten_back: bool = False
    melds: tuple[str, ...] = ()
    players: int = 4
    count_melded_copies: bool = False
    #: The fewest tiles needed by any discard of the 3n+2 hand the start comes from (its
    #: best row), where the swap budget counts from; None: the start's own.
    best: int | None = None

    @property
    def extra(self) -> int:
        """The swaps beyond the fewest that a switch allows: 0 or 1."""
        return 1 if self.hand_changes or self.shanten_back else 0


def unseen_of(
    held: Counts, melds: Iterable[str] = (), players: int = 4, visible: object = ()
) -> Counts:
    """The 34 counts of tiles the player has not seen: 4 of each kind (none of 2m-8m with
    3 players) less ``held`` (every tile in the hand, a discard included), the melds and
    ``visible``."""
    seen = list(held)
    for meld in melds:
        for melded in shanten.Meld(meld):
            seen[melded.index] += 1
    for kind, count in enumerate(visible_counts(visible)):
        seen[kind] += count
    total = [0 if players == 3 and t in SANMA_ABSENT else 4 for t in range(NUM_TILES)]
    return tuple(total[t] - seen[t] for t in range(NUM_TILES))


def plus(counts: Counts, tile: int, more: int = 1) -> Counts:
    """``counts`` with ``more`` copies of ``tile`` added (removed when negative)."""
    changed = list(counts)
    changed[tile] += more
    return tuple(changed)


def games(
    hand: Counts,
    *,
    draws: int,
    objective: Objective,
    hand_changes: bool = False,
    shanten_back: bool = False,
    melds: tuple[str, ...] = (),
    players: int = 4,
    count_melded_copies: bool = False,
    visible: object = (),
) -> dict[int, Game]:
    """The process of each distinct discard of a 3n+2 hand, by discarded tile; or of a
    3n+1 hand as it stands, under the key -1."""
    unseen = unseen_of(hand, melds, players, visible)
    options = {
        "unseen": unseen,
        "draws": draws,
        "objective": objective,
        "hand_changes": hand_changes,
        "shanten_back": shanten_back,
        "melds": melds,
        "players": players,
        "count_melded_copies": count_melded_copies,
    }
    if sum(hand) % 3 == 1:
        return {-1: Game(start=hand, **options)}  # type: ignore[arg-type]
    starts = {tile: plus(hand, tile, -1) for tile in range(NUM_TILES) if hand[tile]}
    best = 1 + min(
        shanten.shanten(
            list(start),
            melds=list(melds),
            players=players,
            count_melded_copies=count_melded_copies,
        )
        for start in starts.values()
    )
    return {
        tile: Game(start=start, best=best, **options)  # type: ignore[arg-type]
        for tile, start in starts.items()
    }


def choose(tile: int, back: Curve, keeps: Iterable[tuple[int, Curve]]) -> tuple[int, Curve]:
    """The action after drawing ``tile``: (the tile discarded, the curve that follows).
    ``back`` is the curve of throwing the draw back, ``keeps`` the (discard, curve) of each
    allowed keep by discarded tile. Values compared are the last (success by the last
    draw); near ties are settled as the specification says: a keep replaces the best one
    so far only if better by more than :data:`TIE`, and is taken only if it beats throwing
    back by more than :data:`TIE`."""
    chosen, follow, value = -1, back, -1.0
    for x, curve in keeps:
        if curve[-1] > value + TIE:
            chosen, follow, value = x, curve, curve[-1]
    if chosen >= 0 and value > back[-1] + TIE:
        return chosen, follow
    return tile, back


def ready_curve(waiting: int, unseen: int, draws: int) -> Curve:
    """P(win within k draws), k = 0..draws, for a ready hand that keeps its wait of
    ``waiting`` unseen tiles among ``unseen``: 1 - prod_{i<k} (1 - W / (S - i))."""
    curve = [0.0]
    miss = 1.0
    for i in range(draws):
        miss *= 1 - waiting / (unseen - i)
        curve.append(1 - miss)
    return tuple(curve)


@dataclass
class Rules:
    """The shanten of hands, success at a draw, and the moves allowed after a draw, for
    one game (all memoised by hand)."""

    game: Game
    _success: dict[tuple[Counts, int], bool] = field(default_factory=dict)
    _winners: dict[Counts, tuple[int, ...]] = field(default_factory=dict)
    _moves: dict[tuple[Counts, int], tuple[tuple[int, Counts], ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = self.game
        rules = (game.melds, game.players, game.count_melded_copies)
        self._shanten = _SHANTEN.setdefault(rules, {})

    def shanten(self, counts: Counts) -> int:
        """The shanten of concealed ``counts`` with the game's melds and rules."""
        value = self._shanten.get(counts)
        if value is None:
            game = self.game
            value = shanten.shanten(
                list(counts),
                melds=list(game.melds),
                players=game.players,
                count_melded_copies=game.count_melded_copies,
            )
            self._shanten[counts] = value
        return value

    def needed(self, counts: Counts) -> int:
        """r(h) = shanten + 1: the tiles a 3n+1 hand still needs."""
        return self.shanten(counts) + 1

    def ready_at_start(self) -> bool:
        """True if the start hand is ready (聴牌): the tenpai curve is then all 1.0."""
        return self.game.objective == "tenpai" and self.shanten(self.game.start) <= 0

    def success(self, hand: Counts, tile: int) -> bool:
        """True if drawing ``tile`` to ``hand`` succeeds (complete; or ready to discard)."""
        key = (hand, tile)
        value = self._success.get(key)
        if value is None:
            after = self.shanten(plus(hand, tile))
            value = after == -1 if self.game.objective == "win" else after <= 0
            self._success[key] = value
        return value

    def winners(self, hand: Counts) -> tuple[int, ...]:
        """The tiles that may still be drawn to ``hand`` (copies unseen that the hand has
        not absorbed) whose draw succeeds. A draw lowers the shanten by one at most, so a
        hand two or more from success has none."""
        found = self._winners.get(hand)
        if found is None:
            start = self.game.start
            unseen = [
                u - max(h - s, 0) for u, h, s in zip(self.game.unseen, hand, start, strict=True)
            ]
            target = -1 if self.game.objective == "win" else 0
            found = ()
            if self.shanten(hand) - 1 <= target:
                found = tuple(
                    t for t in range(NUM_TILES) if unseen[t] > 0 and self.success(hand, t)
                )
            self._winners[hand] = found
        return found

    def moves(self, hand: Counts, tile: int) -> tuple[tuple[int, Counts], ...]:
        """The (discard, new hand) of every allowed way to keep ``tile`` after drawing it
        to ``hand``, by discarded tile. With r the tiles needed before the draw, r14 after
        it and r' after the discard x: an advance (r14 < r, r' = r14) always; a hand change
        (手変わり: r14 = r = r') with hand_changes; a shanten back (向聴戻し: r' = r14 + 1)
        with shanten_back; each within the swap budget d(h') + r' <= max(r(h0),
        best + extra)."""
        key = (hand, tile)
        found = self._moves.get(key)
        if found is not None:
            return found
        game = self.game
        start = game.start
        now = self.needed(hand)
        drawn = plus(hand, tile)
        after14 = self.shanten(drawn) + 1
        fewest = self.needed(start) if game.best is None else game.best
        budget = max(self.needed(start), fewest + game.extra)
        allowed: list[tuple[int, Counts]] = []
        for x in range(NUM_TILES):
            if x == tile or not hand[x]:
                continue
            changed = plus(drawn, x, -1)
            after = self.needed(changed)
            if after > after14:
                if not game.shanten_back:
                    continue
            elif after14 == now and not game.hand_changes:
                continue
            held = sum(max(c - s, 0) for c, s in zip(changed, start, strict=True))
            if held + after <= budget:
                allowed.append((x, changed))
        found = tuple(allowed)
        self._moves[key] = found
        return found


class Exact:
    """The exact process with full information, played optimally: the state is the hand
    and the counts of every tile drawn so far (kept or thrown back)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = Rules(game)
        self.total = sum(game.unseen)
        self._curves: dict[tuple[Counts, Counts], Curve] = {}

    def curve(self) -> Curve:
        """P(success within k draws), k = 0..draws, from the start hand."""
        game = self.game
        if self.rules.ready_at_start():
            return (1.0,) * (game.draws + 1)
        return self.continuation(game.start, (0,) * NUM_TILES)

    def continuation(self, hand: Counts, drawn: Counts) -> Curve:
        """The curve of the optimal policy from ``hand`` after the draws ``drawn``
        (not yet succeeded): P(success within j more draws), j = 0..remaining."""
        key = (hand, drawn)
        found = self._curves.get(key)
        if found is not None:
            return found
        game = self.game
        done = sum(drawn)
        remaining = game.draws - done
        wall = self.total - done
        values = [0.0] * (remaining + 1)
        winners = self.rules.winners(hand)
        if remaining == 1 and wall > 0:  # the last draw: only a success counts
            values[1] = sum(game.unseen[t] - drawn[t] for t in winners) / wall
        elif remaining > 1 and wall > 0:
            for tile in range(NUM_TILES):
                left = game.unseen[tile] - drawn[tile]
                if left <= 0:
                    continue
                share = left / wall
                if tile in winners:
                    for j in range(1, remaining + 1):
                        values[j] += share
                    continue
                follow = self.best(hand, plus(drawn, tile), tile)[1]
                for j in range(1, remaining + 1):
                    values[j] += share * follow[j - 1]
        found = tuple(values)
        self._curves[key] = found
        return found

    def best(self, hand: Counts, drawn: Counts, tile: int) -> tuple[int, Curve]:
        """The discard the policy makes after drawing ``tile`` (``drawn`` includes it) and
        the curve that follows it; ``tile`` itself when it throws the draw back."""
        back = self.continuation(hand, drawn)
        if len(back) == 1:  # the last draw: every action's curve is (0.0,), a tie
            return tile, back
        keeps = (
            (x, self.continuation(changed, drawn)) for x, changed in self.rules.moves(hand, tile)
        )
        return choose(tile, back, keeps)

    def choice(self, hand: Counts, drawn_before: Counts, tile: int) -> int:
        """The tile discarded after drawing ``tile`` to ``hand``, the earlier draws being
        ``drawn_before``."""
        return self.best(hand, plus(drawn_before, tile), tile)[0]


def brute_curve(game: Game) -> Curve:
    """The curve by brute force: every ordered sequence of distinct physical unseen tiles
    (each copy its own tile, all equally likely), each decision taken by playing out
    every continuation; no memo. Only for ``draws`` <= 2."""
    rules = Rules(game)
    if rules.ready_at_start():
        return (1.0,) * (game.draws + 1)
    wall = [tile for tile in range(NUM_TILES) for _ in range(game.unseen[tile])]
    return tuple(_play(rules, game.start, wall, game.draws))


def _play(rules: Rules, hand: Counts, wall: list[int], remaining: int) -> list[float]:
    values = [0.0] * (remaining + 1)
    if remaining == 0 or not wall:
        return values
    share = 1 / len(wall)
    kinds = set(wall)
    succeeds = {tile: rules.success(hand, tile) for tile in kinds}
    moves = {tile: rules.moves(hand, tile) for tile in kinds} if remaining > 1 else {}
    for n, tile in enumerate(wall):
        if succeeds[tile]:
            follow = [1.0] * remaining
        elif remaining == 1:  # the last draw: every action is worth (0.0,), a tie
            follow = [0.0]
        else:
            rest = wall[:n] + wall[n + 1 :]
            back = tuple(_play(rules, hand, rest, remaining - 1))  # thrown back
            keeps = [
                (x, tuple(_play(rules, changed, rest, remaining - 1))) for x, changed in moves[tile]
            ]
            follow = list(choose(tile, back, keeps)[1])
        for j in range(1, remaining + 1):
            values[j] += share * follow[j - 1]
    return values

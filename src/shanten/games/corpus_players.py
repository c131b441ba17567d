"""Each player's grade over a corpus, by name: :func:`aggregate_players`.

The items of :func:`~shanten.games.corpus.review_corpus` go in; out comes one
:class:`PlayerAggregate` per player name: the games, the summed grade of the attack
decisions (:class:`~shanten.games.summary.PlayerReview`), the decisions under a threat
apart, and the games with the highest mean loss. Files that could not be reviewed are
counted and skipped.

>>> from shanten.games.corpus import review_corpus
>>> corpus = aggregate_players(review_corpus("tests/data/tenhou/", jobs=1), worst=2)
>>> corpus.games, corpus.failures
(10, 0)
>>> first = corpus.players[0]  # the most games first
>>> first.games, len(first.worst_games)
(5, 2)
>>> first.worst_games[0].mean_loss >= first.worst_games[1].mean_loss
True

Memory grows with the number of names, not of games: each name keeps its sums and at
most ``worst`` games.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from shanten.errors import RuleError, described
from shanten.games.corpus import CorpusFailure, CorpusItem
from shanten.games.summary import Grade, PlayerReview

__all__ = [
    "SUMMED",
    "WORST_GAMES",
    "CorpusPlayers",
    "GameLoss",
    "PlayerAggregate",
    "aggregate_players",
]

#: How many of a player's games :func:`aggregate_players` keeps as the worst by default.
WORST_GAMES: Final = 3

#: The fields of :class:`~shanten.games.summary.PlayerReview` that are summed over a
#: player's games, each a field of :class:`PlayerAggregate` of the same name.
SUMMED: Final = (
    "decisions",
    "optimal",
    "total_loss",
    "threatened",
    "threatened_optimal",
    "threatened_loss",
)


@dataclass(frozen=True, slots=True)
class GameLoss:
    """One game of a player: the file, the player's graded attack decisions in it and
    their loss.

    >>> GameLoss("a.mjlog", decisions=4, total_loss=6).mean_loss
    1.5
    """

    path: str
    decisions: int
    total_loss: int

    @property
    def mean_loss(self) -> float:
        """The mean loss per decision (0.0 with no decision)."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON-able data."""
        return {**_plain(self), "mean_loss": self.mean_loss}


@dataclass(frozen=True, slots=True)
class PlayerAggregate(Grade):
    """One player's grade over the games of a corpus played under ``name``.

    ``games`` counts the games; the others are the sums of the fields of
    :class:`~shanten.games.summary.PlayerReview` of the same name (:data:`SUMMED`):
    ``decisions`` (graded attack decisions, made under no threat), ``optimal``,
    ``total_loss``, and apart, the graded decisions under a threat: ``threatened``,
    ``threatened_optimal``, ``threatened_loss``. ``worst_games``: the games with the
    highest mean loss (:class:`GameLoss`), the highest first (on a tie, the first in
    the corpus), among those with a decision.

    ``rating_kept`` and ``rating_best`` are the sums of the games' rating sums of one
    basis, ``rating_basis``: by the odds where any game has attack decisions judged by
    them, the games with none judged left out (as a game leaves out its decisions not
    judged), else by tile count. ``rating`` is their ratio, 0 to 100.

    >>> player = PlayerAggregate("A", games=2, decisions=50, optimal=40, total_loss=30)
    >>> player.optimal_share, player.mean_loss
    (0.8, 0.6)
    """

    name: str
    games: int
    decisions: int = 0
    optimal: int = 0
    total_loss: int = 0
    threatened: int = 0
    threatened_optimal: int = 0
    threatened_loss: int = 0
    rating_kept: float = 0.0
    rating_best: float = 0.0
    rating_basis: Literal["odds", "tiles"] = "tiles"
    worst_games: tuple[GameLoss, ...] = field(default=())

    @property
    def threatened_mean_loss(self) -> float:
        """The mean loss per decision under a threat (0.0 with none)."""
        return self.threatened_loss / self.threatened if self.threatened else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The aggregate as plain JSON-able data: every field, then the shares and means."""
        data = _plain(self)
        data["worst_games"] = [game.to_dict() for game in self.worst_games]
        data["optimal_share"] = self.optimal_share
        data["mean_loss"] = self.mean_loss
        data["threatened_mean_loss"] = self.threatened_mean_loss
        data["rating"] = self.rating
        return data


@dataclass(frozen=True, slots=True)
class CorpusPlayers:
    """What :func:`aggregate_players` returns: ``players``, one :class:`PlayerAggregate`
    per name, the most games first (then by name); ``games``, the games reviewed;
    ``failures``, the files that could not be reviewed (skipped)."""

    players: tuple[PlayerAggregate, ...]
    games: int
    failures: int

    def __iter__(self) -> Iterator[PlayerAggregate]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict[str, Any]:
        """The aggregates as plain JSON-able data."""
        return {
            "games": self.games,
            "failures": self.failures,
            "players": [player.to_dict() for player in self.players],
        }


def _plain(record: GameLoss | PlayerAggregate) -> dict[str, Any]:
    return {item.name: getattr(record, item.name) for item in fields(record)}


class _Tally:
    """One name's running sums, its rating sums by basis, and its worst games as a heap
    of at most ``worst`` ``(mean loss, -position, game)``: its first is the game to drop
    next."""

    __slots__ = ("games", "ratings", "sums", "worst")

    def __init__(self) -> None:
        self.games = 0
        self.sums = dict.fromkeys(SUMMED, 0)
        self.ratings: dict[Literal["odds", "tiles"], list[float]] = {
            "odds": [0.0, 0.0],
            "tiles": [0.0, 0.0],
        }
        self.worst: list[tuple[float, int, GameLoss]] = []

    def add(self, path: str, position: int, seats: list[PlayerReview], keep: int) -> None:
        self.games += 1
        for name in SUMMED:
            self.sums[name] += sum(getattr(seat, name) for seat in seats)
        for seat in seats:
            sums = self.ratings[seat.rating_basis]
            sums[0] += seat.rating_kept
            sums[1] += seat.rating_best
        game = GameLoss(
            path,
            sum(seat.decisions for seat in seats),
            sum(seat.total_loss for seat in seats),
        )
        if not game.decisions or not keep:
            return
        entry = (game.mean_loss, -position, game)
        if len(self.worst) < keep:
            heapq.heappush(self.worst, entry)
        elif entry[:2] > self.worst[0][:2]:
            heapq.heapreplace(self.worst, entry)

    def aggregate(self, name: str) -> PlayerAggregate:
        worst = sorted(self.worst, key=lambda entry: (-entry[0], -entry[1]))
        basis: Literal["odds", "tiles"] = "odds" if self.ratings["odds"][1] > 0 else "tiles"
        kept, best = self.ratings[basis]
        return PlayerAggregate(
            name=name,
            games=self.games,
            rating_kept=kept,
            rating_best=best,
            rating_basis=basis,
            worst_games=tuple(entry[2] for entry in worst),
            **self.sums,
        )


def aggregate_players(
    items: Iterable[CorpusItem],
    *,
    worst: int = WORST_GAMES,
    names: Collection[str] | None = None,
) -> CorpusPlayers:
    """Each player's grade over ``items``, by name (:class:`CorpusPlayers`).

    ``items``: what :func:`~shanten.games.corpus.review_corpus` yields, taken as they
    come; a :class:`~shanten.games.corpus.CorpusFailure` is counted and skipped.
    ``worst``: how many of each player's games to keep as the worst (by mean loss).
    ``names``: only these players (default: every name; one name alone is taken too).

    A name at several seats of one game (guests all called ``NoName``, say) counts the
    game once, with the seats' decisions together.

    Raises :class:`~shanten.RuleError` for a ``worst`` that is not a whole number from 0.
    """
    if isinstance(worst, bool) or not isinstance(worst, int) or worst < 0:
        raise RuleError(f"worst must be a whole number from 0, not {described(worst)}")
    wanted = None if names is None else frozenset([names] if isinstance(names, str) else names)
    tallies: dict[str, _Tally] = {}
    games = failures = 0
    for position, item in enumerate(items):
        if isinstance(item, CorpusFailure):
            failures += 1
            continue
        games += 1
        by_name: dict[str, list[PlayerReview]] = {}
        for player in item.review.players:
            if wanted is None or player.name in wanted:
                by_name.setdefault(player.name, []).append(player)
        for name, seats in by_name.items():
            tallies.setdefault(name, _Tally()).add(item.path, position, seats, worst)
    ordered = sorted(tallies.items(), key=lambda pair: (-pair[1].games, pair[0]))
    return CorpusPlayers(
        tuple(tally.aggregate(name) for name, tally in ordered), games=games, failures=failures
    )

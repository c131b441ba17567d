"""Per-player summaries of a reviewed game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shanten.games.events import Round

if TYPE_CHECKING:
    from shanten.games.review import DiscardReview

__all__ = ["PlayerReview", "summarise"]


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One player's summary of a game: ``decisions`` (discards reviewed), ``optimal``
    (those with no loss and no shanten given up) and its ``share``, the ``total_loss`` and
    ``mean_loss`` in effective tiles, and ``shanten_by_round``: for every round of the
    game, the shanten after each of the player's discards, in order."""

    seat: int
    name: str
    decisions: int
    optimal: int
    total_loss: int
    shanten_by_round: tuple[tuple[int, ...], ...]

    @property
    def optimal_share(self) -> float:
        """The share of efficiency-optimal discards (0.0 with no decision)."""
        return self.optimal / self.decisions if self.decisions else 0.0

    @property
    def mean_loss(self) -> float:
        """The mean loss per decision (0.0 with no decision)."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-able data."""
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "optimal": self.optimal,
            "optimal_share": self.optimal_share,
            "total_loss": self.total_loss,
            "mean_loss": self.mean_loss,
            "shanten_by_round": [list(r) for r in self.shanten_by_round],
        }


def summarise(
    names: Sequence[str], records: Sequence[DiscardReview], rounds: Sequence[Round]
) -> tuple[PlayerReview, ...]:
    """Each seat's summary of ``records`` over the game's ``rounds``."""
    seats = len(names)
    place = {r: i for i, r in enumerate(rounds)}
    by_round = [[[] for _ in rounds] for _ in range(seats)]  # type: list[list[list[int]]]
    decisions = [0] * seats
    optimal = [0] * seats
    loss = [0] * seats
    current, index = None, 0
    for record in records:
        seat = record.seat
        decisions[seat] += 1
        optimal[seat] += record.loss == 0 and not record.shanten_up
        loss[seat] += record.loss
        if record.round is not current:  # a round's records come together
            current = record.round
            index = place[current]
        by_round[seat][index].append(record.shanten_after)
    return tuple(
        PlayerReview(
            seat,
            names[seat],
            decisions[seat],
            optimal[seat],
            loss[seat],
            tuple(tuple(turns) for turns in by_round[seat]),
        )
        for seat in range(seats)
    )

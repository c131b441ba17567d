"""Per-player summaries of a reviewed game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shanten.games.events import Round

if TYPE_CHECKING:
    from shanten.games.records import DiscardReview

__all__ = ["PlayerReview", "summarise"]


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One player's summary of a game.

    The grade is of attack: ``decisions`` counts the graded discards made under no threat
    (``DiscardReview.graded`` and no ``threats``), ``optimal`` those with no loss and no
    shanten given up, ``optimal_share`` its share, ``total_loss`` and ``mean_loss`` their
    loss in effective tiles. Apart from it: ``discards`` (every discard reviewed),
    ``ungraded`` (those that were no choice), ``threatened`` (graded discards under a
    threat), ``threatened_optimal`` and ``threatened_loss`` (their efficiency, shown, not
    graded: under threat a loss is often the defence). ``shanten_by_round``: for every
    round of the game, the shanten after each of the player's discards, in order."""

    seat: int
    name: str
    decisions: int
    optimal: int
    total_loss: int
    shanten_by_round: tuple[tuple[int, ...], ...]
    discards: int
    ungraded: int
    threatened: int
    threatened_optimal: int
    threatened_loss: int

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
            "discards": self.discards,
            "ungraded": self.ungraded,
            "threatened": self.threatened,
            "threatened_optimal": self.threatened_optimal,
            "threatened_loss": self.threatened_loss,
            "shanten_by_round": [list(r) for r in self.shanten_by_round],
        }


def summarise(
    names: Sequence[str], records: Sequence[DiscardReview], rounds: Sequence[Round]
) -> tuple[PlayerReview, ...]:
    """Each seat's summary of ``records`` over the game's ``rounds``."""
    seats = len(names)
    place = {r: i for i, r in enumerate(rounds)}
    by_round = [[[] for _ in rounds] for _ in range(seats)]  # type: list[list[list[int]]]
    # per seat: [discards, ungraded, decisions, optimal, loss, threatened, its optimal, its loss]
    counts = [[0] * 8 for _ in range(seats)]
    current, index = None, 0
    for record in records:
        seat = record.seat
        row = counts[seat]
        row[0] += 1
        if not record.graded:
            row[1] += 1
        else:
            at = 5 if record.threats else 2
            row[at] += 1
            row[at + 1] += record.loss == 0 and not record.shanten_up
            row[at + 2] += record.loss
        if record.round is not current:  # a round's records come together
            current = record.round
            index = place[current]
        by_round[seat][index].append(record.shanten_after)
    return tuple(
        PlayerReview(
            seat,
            names[seat],
            counts[seat][2],
            counts[seat][3],
            counts[seat][4],
            tuple(tuple(turns) for turns in by_round[seat]),
            counts[seat][0],
            counts[seat][1],
            counts[seat][5],
            counts[seat][6],
            counts[seat][7],
        )
        for seat in range(seats)
    )

"""Per-player summaries of a reviewed game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from shanten.games.events import Round

if TYPE_CHECKING:
    from shanten.games.records import DiscardReview

__all__ = ["Grade", "PlayerReview", "rating", "summarise"]


class Grade:
    """What a player's grade derives from its sums: the share of optimal decisions, the
    mean loss and the rating (one game's :class:`PlayerReview`, or many games' sums)."""

    __slots__ = ()
    decisions: int
    optimal: int
    total_loss: int
    rating_kept: float
    rating_best: float

    @property
    def optimal_share(self) -> float:
        """The share of efficiency-optimal decisions (0.0 with no decision)."""
        return self.optimal / self.decisions if self.decisions else 0.0

    @property
    def mean_loss(self) -> float:
        """The mean loss per decision (0.0 with no decision)."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> float | None:
        """The rating, 0 to 100 (None with nothing to grade)."""
        return 100 * self.rating_kept / self.rating_best if self.rating_best > 0 else None


@dataclass(frozen=True, slots=True)
class PlayerReview(Grade):
    """One player's summary of a game.

    The grade is of attack: ``decisions`` counts the graded discards made under no threat
    (``DiscardReview.graded`` and no ``threats``), ``optimal`` those with no loss and no
    shanten given up, ``optimal_share`` its share, ``total_loss`` and ``mean_loss`` their
    loss in effective tiles. Apart from it: ``discards`` (every discard reviewed),
    ``ungraded`` (those that were no choice), ``threatened`` (graded discards under a
    threat), ``threatened_optimal`` and ``threatened_loss`` (their efficiency, shown, not
    graded: under threat a loss is often the defence). ``shanten_by_round``: for every
    round of the game, the shanten after each of the player's discards, in order.

    ``rating`` grades the attack decisions on one scale, 0 to 100: the share of what the
    best discards would have kept that the player's kept. Judged by the odds
    (``rating_basis == "odds"``), it is the sum of the win probabilities after the
    discards made over the sum after the best ones; by tile count (``"tiles"``), the sum
    of the effective tiles kept (none by a discard that gave up a shanten) over the best
    discards' sum. None with nothing to grade. ``rating_kept`` and ``rating_best`` are the
    two sums, which add up over games (the rating of many games is the ratio of their
    sums)."""

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
    rating_kept: float
    rating_best: float
    rating_basis: Literal["odds", "tiles"]

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
            "rating": self.rating,
            "rating_kept": self.rating_kept,
            "rating_best": self.rating_best,
            "rating_basis": self.rating_basis,
            "shanten_by_round": [list(r) for r in self.shanten_by_round],
        }


def rating(
    records: Sequence[DiscardReview],
) -> tuple[float, float, Literal["odds", "tiles"]]:
    """The rating's sums of ``records`` (one player's attack decisions), kept and best,
    and its basis: by the odds where any is judged by them, else by tile count (see
    :class:`PlayerReview`)."""
    judged = [r for r in records if r.win is not None and r.best_win is not None]
    if judged:
        best = sum(r.best_win for r in judged if r.best_win is not None)
        kept = sum(r.win for r in judged if r.win is not None)
        return kept, best, "odds"
    best_tiles = sum(r.best_ukeire for r in records)
    kept_tiles = sum(0 if r.shanten_up else r.ukeire for r in records)
    return float(kept_tiles), float(best_tiles), "tiles"


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
    attack: list[list[DiscardReview]] = [[] for _ in range(seats)]
    for record in records:
        seat = record.seat
        row = counts[seat]
        row[0] += 1
        if not record.graded:
            row[1] += 1
        else:
            at = 5 if record.threats else 2
            if not record.threats:
                attack[seat].append(record)
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
            *rating(attack[seat]),
        )
        for seat in range(seats)
    )

"""The review's value types: :class:`DiscardReview`, one discard (打牌) judged against the
best by tile efficiency (牌効率), and :class:`GameReview`, one game's records with each
player's summary. :func:`shanten.review` builds them (:mod:`shanten.games.review`).

>>> import shanten
>>> game = shanten.review("tests/data/tenhou/2010081709gm-00a9-0000-fe3371ad.mjlog")
>>> sorted(game.to_dict())
['complete', 'discards', 'format', 'names', 'players', 'rounds', 'source']
>>> first = game.discards[0]
>>> first.optimal == (first.loss == 0 and not first.shanten_up)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from shanten.games.defence import Safety, Threat
from shanten.games.events import Round
from shanten.games.source import Format
from shanten.games.summary import PlayerReview

__all__ = ["DiscardReview", "GameReview"]


@dataclass(frozen=True, slots=True)
class DiscardReview:
    """One discard (打牌) of one player, reviewed against the best discard by Tenhou's table.

    ``hand`` is the concealed hand before the discard (the drawn tile included, red fives
    as ``0``), ``melds`` its melds, ``drawn`` the tile drawn (None after a chi or pon),
    ``visible`` the 34 counts of the tiles the player sees (every discard on the table,
    every meld, the dora indicators, Norths set aside; not the own concealed hand).

    ``shanten_before`` is the shanten (向聴数) of the hand with its melds before the
    discard, ``shanten_after`` after it; ``ukeire`` and ``ukeire_tiles`` are the unseen
    effective tiles (受け入れ) the discard leaves. ``best`` lists the best discards (the
    rows of the table tied with its first on shanten and effective tiles), ``best_ukeire``
    their effective count.

    ``loss`` is what the discard gave up: ``best_ukeire - ukeire``, 0 for a best discard.
    A discard that raises the shanten above the best one's (``shanten_up``) gives up all of
    the best discard's effective tiles, since its own draws only win back the step it
    lost: its loss is ``best_ukeire``.

    ``forced`` marks a drawn tile discarded under riichi (立直後のツモ切り), ``riichi`` the
    discard that declares riichi, ``after_call`` a discard that follows the player's chi,
    pon or kan (鳴き).

    ``graded`` is False for a discard that was no choice: a forced one, or one with a
    single legal kind to discard. After a chi or pon the kinds kuikae forbids
    (:func:`~shanten.games.defence.kuikae`) are no rows of the table: ``best`` is the
    best legal discard. (A discard that breaks the rule, which Tenhou never allows, is
    judged as if the rule did not apply.)

    ``threats`` are the other seats the decision is made under
    (:class:`~shanten.games.defence.Threat`: a riichi accepted, or an open hand by
    :func:`~shanten.games.defence.open_threat`). Against each riichi among them,
    ``safety`` holds the discarded tile's marks (:class:`~shanten.games.defence.Safety`),
    ``risk`` its deal-in rate in % (all riichi together), ``safest`` the legal discard
    with the lowest such rate and ``safest_risk`` that rate; with no riichi they are
    empty and None.

    ``draws_left`` is how many draws the player still had after the discard (the live
    wall's tiles that would come to the seat were nobody to call). Judged by the odds
    (``shanten.review(..., odds=True)``, :mod:`~shanten.games.judgement`), a graded
    decision has ``win`` and ``tenpai``, the probabilities of winning and of being ready
    by the end of the round after the discard made, and ``best_win``, ``best_tenpai`` and
    ``best_by_odds`` for the best discard by the odds; they are None where not computed.
    ``points`` is the expected score (期待値) after the discard made, ``best_points`` the
    most among the discards solved and ``best_by_points`` that discard: the odds' third
    curve, for the game as it stood (winds, dora indicators, red fives; Tenhou's rules).
    """

    round: Round
    seat: int
    player: str
    turn: int
    hand: str
    melds: tuple[str, ...]
    drawn: str | None
    discarded: str
    tsumogiri: bool
    visible: tuple[int, ...]
    shanten_before: int
    shanten_after: int
    ukeire: int
    ukeire_tiles: tuple[str, ...]
    best: tuple[str, ...]
    best_ukeire: int
    best_shanten: int
    loss: int
    shanten_up: bool
    forced: bool
    riichi: bool
    after_call: bool
    graded: bool
    threats: tuple[Threat, ...]
    safety: tuple[Safety, ...]
    risk: float | None
    safest: str | None
    safest_risk: float | None
    draws_left: int
    win: float | None
    tenpai: float | None
    best_win: float | None
    best_tenpai: float | None
    best_by_odds: str | None
    points: float | None
    best_points: float | None
    best_by_points: str | None

    @property
    def optimal(self) -> bool:
        """True for an efficiency-optimal discard: no loss and no shanten given up."""
        return self.loss == 0 and not self.shanten_up

    @property
    def win_loss(self) -> float | None:
        """The win probability given up against the best discard by the odds (0 for the
        best; None where not judged by the odds)."""
        if self.win is None or self.best_win is None:
            return None
        return max(0.0, self.best_win - self.win)

    @property
    def points_loss(self) -> float | None:
        """The expected points given up against the best discard by them (0 for the best;
        None where not judged by the odds)."""
        if self.points is None or self.best_points is None:
            return None
        return max(0.0, self.best_points - self.points)

    @property
    def reason(self) -> str:
        """What the discard gave up, in words: by the odds where judged, else by tile
        count."""
        if self.win is not None and self.best_win is not None:
            if self.win_loss == 0:
                return f"best by the odds: wins {self.win:.1%} of the time"
            return (
                f"wins {self.win:.1%} of the time against {self.best_win:.1%} "
                f"after {self.best_by_odds}"
            )
        best = "/".join(self.best)
        if self.shanten_up:
            return (
                f"goes back to {self.shanten_after}-shanten; {best} keeps "
                f"{self.best_shanten}-shanten with {self.best_ukeire} tiles"
            )
        if self.loss:
            return f"{self.ukeire} effective tiles against {self.best_ukeire} after {best}"
        return f"best by tile count: {self.ukeire} effective tiles"

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON-able data (the round flattened into its parts)."""
        return {
            "round": str(self.round),
            "wind": self.round.wind,
            "number": self.round.number,
            "honba": self.round.honba,
            "seat": self.seat,
            "player": self.player,
            "turn": self.turn,
            "hand": self.hand,
            "melds": list(self.melds),
            "drawn": self.drawn,
            "discarded": self.discarded,
            "tsumogiri": self.tsumogiri,
            "visible": list(self.visible),
            "shanten_before": self.shanten_before,
            "shanten_after": self.shanten_after,
            "ukeire": self.ukeire,
            "ukeire_tiles": list(self.ukeire_tiles),
            "best": list(self.best),
            "best_ukeire": self.best_ukeire,
            "best_shanten": self.best_shanten,
            "loss": self.loss,
            "shanten_up": self.shanten_up,
            "optimal": self.optimal,
            "forced": self.forced,
            "riichi": self.riichi,
            "after_call": self.after_call,
            "graded": self.graded,
            "threats": [t.to_dict() for t in self.threats],
            "safety": [m.to_dict() for m in self.safety],
            "risk": self.risk,
            "safest": self.safest,
            "safest_risk": self.safest_risk,
            "draws_left": self.draws_left,
            "win": self.win,
            "tenpai": self.tenpai,
            "best_win": self.best_win,
            "best_tenpai": self.best_tenpai,
            "best_by_odds": self.best_by_odds,
            "win_loss": self.win_loss,
            "points": self.points,
            "best_points": self.best_points,
            "best_by_points": self.best_by_points,
            "points_loss": self.points_loss,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of one game: iterate over it for its :class:`DiscardReview` records, one
    per discard in the record, in game order.

    ``players`` holds each player's summary (:class:`PlayerReview`, with the name),
    ``names`` the names alone, ``rounds`` the rounds played, ``format`` the record's
    format (``"tenhou-xml"``, ``"tenhou-json"`` or ``"mjai"``) and ``complete`` whether
    the record reaches the end of the game (False for a record that stops mid-game: it is
    reviewed up to its last event).
    """

    format: Format
    names: tuple[str, ...]
    players: tuple[PlayerReview, ...]
    rounds: tuple[Round, ...]
    complete: bool
    discards: tuple[DiscardReview, ...]
    source: str | None = None

    def __iter__(self) -> Iterator[DiscardReview]:
        return iter(self.discards)

    def __len__(self) -> int:
        return len(self.discards)

    def worst(self, n: int = 10, *, seat: int | None = None) -> tuple[DiscardReview, ...]:
        """The ``n`` graded attack decisions (no threat) that gave up the most, of every
        seat or of ``seat``: those judged by the odds first, by the win probability given
        up, then the others by tile count (a shanten given up first, then the effective
        tiles); equals in game order. A decision that gave up nothing is not listed.

        >>> import shanten
        >>> game = shanten.review("tests/data/tenhou/2010081709gm-00a9-0000-fe3371ad.mjlog")
        >>> worst = game.worst(1, seat=0)[0]
        >>> str(worst.round), worst.turn, worst.hand, worst.discarded
        ('South 2, 1 honba', 5, '40556m2367p34558s', '2p')
        >>> worst.reason
        'goes back to 2-shanten; 5s/8s keeps 1-shanten with 14 tiles'
        """
        ranked = []
        for index, record in enumerate(self.discards):
            if not record.graded or record.threats or seat not in (None, record.seat):
                continue
            by_odds = record.win_loss
            if by_odds is not None:
                if by_odds > 0:
                    ranked.append((0, -by_odds, 0, index))
            elif record.shanten_up or record.loss:
                ranked.append((1, -float(record.shanten_up), -record.loss, index))
        ranked.sort()
        return tuple(self.discards[key[-1]] for key in ranked[:n])

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON-able data."""
        return {
            "format": self.format,
            "source": self.source,
            "complete": self.complete,
            "names": list(self.names),
            "rounds": [str(r) for r in self.rounds],
            "players": [p.to_dict() for p in self.players],
            "discards": [d.to_dict() for d in self.discards],
        }

"""Review a game: for every discard of every player, what it gave up in tile efficiency
(牌効率) against the best discard by Tenhou's table (牌理, :func:`shanten.discards`, all
forms). The reviewer replays the record (:mod:`shanten.games.replay`) and builds the
records of :mod:`shanten.games.records`, which this module's names also give.

>>> import shanten
>>> game = shanten.review("tests/data/tenhou/2010081709gm-00a9-0000-fe3371ad.mjlog")
>>> game.format, game.complete, len(game.rounds)
('tenhou-xml', True, 15)
>>> first = next(iter(game))
>>> str(first.round), first.seat, first.turn, first.discarded
('East 1, 0 honba', 0, 1, '4z')
"""

from __future__ import annotations

import itertools
import operator
import os
from collections.abc import Callable
from typing import Any, Final, Literal

from shanten import _engine
from shanten.analysis import shanten
from shanten.efficiency import discards
from shanten.errors import GameRecordError, RecordTooLarge, ShantenError, quoted
from shanten.games.defence import Safety, Threat, combined_risk, kuikae, open_threat, safety
from shanten.games.events import (
    CODE_KIND,
    CODE_NAMES,
    Call,
    Discard,
    Record,
    Round,
    RoundStart,
)
from shanten.games.formats import parse
from shanten.games.judgement import judge
from shanten.games.records import DiscardReview, GameReview
from shanten.games.replay import Replay
from shanten.games.source import RecordSource, read_source
from shanten.games.summary import summarise
from shanten.hand import Position
from shanten.results import Discard as TableRow
from shanten.score_context import ScoreContext
from shanten.tiles import SANMA_ABSENT, TILE_NAMES, TILES, Tile

__all__ = ["DiscardReview", "GameReview", "review"]


def _read(source: RecordSource) -> tuple[str, str | None]:
    """:func:`~shanten.games.source.read_source`, with a path that cannot name a file (empty,
    or holding a NUL byte) refused as a :class:`~shanten.GameRecordError` that quotes it."""
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if path == "":
            raise GameRecordError("an empty path names no file", source="''")
    try:
        return read_source(source)
    except ValueError as error:
        if isinstance(error, ShantenError) or not isinstance(source, str | os.PathLike):
            raise
        path = str(os.fspath(source))
        reason = "a path cannot hold a NUL byte" if "\0" in path else str(error)
        # quoted, the path shows its NUL byte as \x00
        raise GameRecordError(f"cannot read the record: {reason}", source=quoted(path)) from None


_DISCARD: Final = operator.attrgetter("discard")  # a row's discarded tile, read in C
_ONE_NAME: Final = tuple((name,) for name in TILE_NAMES)


class _Draft:
    """A :class:`DiscardReview` being filled in: the same slots, written with plain
    stores, then given the record's class (a frozen record's own ``__init__`` sets each
    field through ``object.__setattr__``, several times slower). The finished record is
    a DiscardReview like any other: frozen, equal to one built field by field."""

    __slots__ = DiscardReview.__slots__


_NAME_OF: Final = {tile: name for tile, name in zip(TILES, TILE_NAMES, strict=True)}


def _names(tiles: tuple[Tile, ...]) -> tuple[str, ...]:
    """Tiles in notation."""
    return tuple(map(_NAME_OF.__getitem__, tiles))


class _Reviewer:
    """Reviews the discards of one record while its events are played."""

    threats: list[Threat | None]
    safe: list[list[bool] | None]

    def __init__(self, record: Record, name: str | None, odds: bool = False) -> None:
        self.players: Literal[3, 4] = 3 if record.players == 3 else 4
        self.odds = odds
        self.record = record
        self.replay = Replay(record.players, name)
        self.turns = [0] * record.players
        self.names = tuple(record.names) + ("",) * (record.players - len(record.names))
        caps = tuple(0 if record.players == 3 and t in SANMA_ABSENT else 4 for t in range(34))
        self.caps = caps
        self.threats: list[Threat | None] = [None] * record.players
        self.safe: list[list[bool] | None] = [None] * record.players  # riichi seats' genbutsu

    def table(self, event: Discard) -> tuple[TableRow, ...] | None:
        """The discard table (牌理) of the seat's hand and the tiles it sees, in Tenhou's
        order; None when the state cannot take the discard (the replay then says why).

        It is :func:`shanten.discards` of the hand with its melds and the tiles the seat
        sees, computed as the table of the concealed tiles alone, each effective tile
        counted by its copies unseen by the seat: every copy of an effective tile that is
        in a meld or on the table is one fewer to draw, for every row alike. The melds
        change nothing else: with melds the concealed hand is too short for seven pairs or
        thirteen orphans, as without them. The engine is asked directly: the replay has
        already checked the counts the verb would check.
        """
        replay, seat = self.replay, event.seat
        if not (0 <= seat < replay.players and replay.in_round):
            return None
        kinds = replay.kinds[seat]
        if replay.sizes[seat] % 3 != 2 or not replay.codes[seat][event.tile]:
            return None
        try:
            return self.ask(kinds, seat)
        except ValueError:  # a hand the tables do not hold: the verb says why
            pass
        try:
            return self.ask_verb(kinds)
        except ShantenError as error:  # the replay keeps hands the verbs take; if not, say so
            raise replay.fail(str(error), event) from None

    def ask(self, kinds: list[int], seat: int) -> tuple[TableRow, ...]:
        """The engine's discard table of a seat's concealed tiles, each effective tile
        counted by the copies the seat has not seen."""
        pos = Position(tuple(kinds), (), self.players, False, self.caps)  # the replay checked it
        return _engine.engine.discards(pos, self.replay.unseen[seat], "all")

    def ask_verb(self, kinds: list[int]) -> tuple[TableRow, ...]:
        """The same table asked of :func:`shanten.discards` with the tiles the seat sees."""
        return discards(kinds, players=self.players, visible=self.replay.visible)

    def decide(self, event: Discard, table: tuple[TableRow, ...]) -> DiscardReview:
        """The record of ``event``, from the state before it and its table."""
        replay, seat = self.replay, event.seat
        discarded = TILES[CODE_KIND[event.tile]]
        call = replay.last_call[seat]
        if call is not None:  # after a chi or pon: the kuikae rule takes rows away
            kind, meld, called = call
            forbidden = kuikae("chi" if kind == "chi" else "pon", meld, called)
            if discarded.index not in forbidden:  # else judged as if kuikae were allowed
                legal = tuple(row for row in table if row.discard.index not in forbidden)
                table = legal or table
        best = table[0]  # Tenhou's order: the rows tied with it follow it in tile order
        best_shanten, best_total = best.shanten, best.ukeire.total
        actual = best
        if best.discard is not discarded:
            actual = table[list(map(_DISCARD, table)).index(discarded)]
        tops = 1  # how many rows tie with the best one
        for row in itertools.islice(table, 1, None):
            if row.shanten != best_shanten or row.ukeire.total != best_total:
                break
            tops += 1
        best_names = (
            _ONE_NAME[best.discard.index]
            if tops == 1
            else _names(tuple(map(_DISCARD, table[:tops])))
        )
        after, ukeire = actual.shanten, actual.ukeire
        total = ukeire.total
        before = best_shanten
        if before == 0 and shanten(replay.kinds[seat], players=replay.players) == -1:
            before = -1  # a complete hand (和了形) not declared
        shanten_up = after > best_shanten
        loss = best_total if shanten_up else best_total - total
        self.turns[seat] += 1
        drawn = replay.drawn[seat]
        assert replay.round is not None
        record: Any = _Draft.__new__(_Draft)
        record.round = replay.round
        record.seat = seat
        record.player = self.names[seat]
        record.turn = self.turns[seat]
        record.hand = replay.hand(seat)
        record.melds = replay.meld_texts(seat) if replay.melds[seat] else ()
        record.drawn = None if drawn is None else CODE_NAMES[drawn]
        record.discarded = CODE_NAMES[event.tile]
        record.tsumogiri = event.tsumogiri
        record.visible = tuple(replay.visible)
        record.shanten_before = before
        record.shanten_after = after
        record.ukeire = total
        unseen = replay.unseen[seat]  # the kinds with a copy left to draw
        record.ukeire_tiles = tuple([_NAME_OF[t] for t in ukeire.tiles if unseen[t.index]])
        record.best = best_names
        record.best_ukeire = best_total
        record.best_shanten = best_shanten
        record.loss = loss
        record.shanten_up = shanten_up
        record.forced = forced = replay.riichi[seat] and drawn is not None
        record.riichi = replay.declaring[seat]
        record.after_call = replay.called[seat]
        record.graded = not forced and len(table) > 1
        threats = self.threats
        if any(threats):
            record.threats = tuple(t for t in threats if t is not None and t.seat != seat)
        else:
            record.threats = ()
        self.defend(record, seat, discarded.index, table)
        record.draws_left = replay.live // self.players
        self.judge(record, seat, table)
        record.__class__ = DiscardReview
        done: DiscardReview = record
        return done

    def judge(self, record: Any, seat: int, table: tuple[TableRow, ...]) -> None:
        """Judge a graded decision by the odds when asked (else None throughout)."""
        judgement = None
        if self.odds and record.graded:
            replay = self.replay
            visible = [v - m for v, m in zip(replay.visible, replay.melded[seat], strict=True)]
            judgement = judge(
                record.hand,
                record.melds,
                visible,
                self.players,
                record.draws_left,
                record.discarded,
                [_NAME_OF[row.discard] for row in table],
                record.best,
                shanten=record.shanten_before,
                context=self.context(seat),
            )
        if judgement is None:
            record.win = record.tenpai = record.best_win = record.best_tenpai = None
            record.best_by_odds = record.points = record.best_points = None
            record.best_by_points = None
        else:
            record.win, record.tenpai = judgement.win, judgement.tenpai
            record.best_win, record.best_tenpai = judgement.best_win, judgement.best_tenpai
            record.best_by_odds = judgement.best
            record.points, record.best_points = judgement.points, judgement.best_points
            record.best_by_points = judgement.best_by_points

    def context(self, seat: int) -> ScoreContext:
        """The game around ``seat``'s hand: its wind and the round's, the dora indicators
        turned, the north tiles it set aside (three players), Tenhou's rules."""
        replay = self.replay
        assert replay.round is not None
        north = sum(kind == "nukidora" for kind, _tiles in replay.melds[seat])
        return ScoreContext(
            seat_wind=27 + (seat - replay.dealer) % self.players,
            round_wind=27 + replay.round.wind,
            dora=list(replay.indicators),
            north=north,
        )

    def defend(self, record: Any, seat: int, tile: int, table: tuple[TableRow, ...]) -> None:
        """Fill in the discard's safety against each riichi it is made under, its deal-in
        risk and the safest legal discard's (None with no riichi)."""
        riichi = [t.seat for t in record.threats if t.kind == "riichi"]
        if not riichi:
            record.safety, record.risk, record.safest, record.safest_risk = (), None, None, None
            return
        visible, hand = self.replay.visible, self.replay.kinds[seat]

        def against(kind: int) -> tuple[Safety, ...]:
            return tuple(safety(kind, s, self.safe[s] or (), visible, hand) for s in riichi)

        record.safety = marks = against(tile)
        record.risk = combined_risk([m.risk for m in marks])
        risks = [
            (combined_risk([m.risk for m in against(row.discard.index)]), row.discard.index)
            for row in table
        ]
        safest_risk, safest = min(risks)
        record.safest, record.safest_risk = TILE_NAMES[safest], safest_risk

    def watch(self, event: Discard | Call) -> None:
        """After ``event`` is played: the threats and the riichi seats' genbutsu."""
        replay, seat = self.replay, event.seat
        if type(event) is Discard:
            kind = CODE_KIND[event.tile]
            for safe in self.safe:
                if safe is not None:
                    safe[kind] = True  # passed after the declaration: furiten for it
            if replay.riichi[seat] and self.threats[seat] is None:
                self.threats[seat] = Threat(seat, "riichi", self.turns[seat])
                self.safe[seat] = list(replay.discarded[seat])
            return
        if self.threats[seat] is None and 0 <= seat < replay.players:
            melds = [
                (kind, tuple(CODE_KIND[c] for c in tiles)) for kind, tiles in replay.melds[seat]
            ]
            rule = open_threat(melds)
            if rule is not None:
                self.threats[seat] = Threat(seat, rule, self.turns[seat] + 1)

    def run(
        self,
        max_rounds: int | None = None,
        max_decisions: int | None = None,
        progress: Callable[[int, int], object] | None = None,
    ) -> tuple[list[DiscardReview], list[Round]]:
        """The records and the rounds; past ``max_rounds`` rounds or ``max_decisions``
        discards, :class:`~shanten.errors.RecordTooLarge` before any more work;
        ``progress(done, total)`` after each discard, if given."""
        records: list[DiscardReview] = []
        total = done = 0
        if progress is not None:
            total = sum(1 for event in self.record.events if type(event) is Discard)
        rounds: list[Round] = []
        replay = self.replay
        play, table_of, decide = replay.play, self.table, self.decide
        decisions = -1 if max_decisions is None else max_decisions
        for index, event in enumerate(self.record.events):
            if type(event) is Discard:
                table = table_of(event)
                record = decide(event, table) if table is not None else None
                play(event, index)
                self.watch(event)
                if record is not None:
                    if len(records) == decisions:
                        raise self.too_large(f"{decisions:,} discards", max_rounds, max_decisions)
                    records.append(record)
                if progress is not None:  # every discard, reviewed or not
                    done += 1
                    progress(done, total)
                continue
            if type(event) is RoundStart:
                if max_rounds is not None and len(rounds) == max_rounds:
                    raise self.too_large(f"{max_rounds:,} rounds", max_rounds, max_decisions)
                self.turns = [0] * replay.players
                self.threats = [None] * replay.players
                self.safe = [None] * replay.players
                rounds.append(event.round)
            play(event, index)
            if type(event) is Call:
                self.watch(event)
        return records, rounds

    def too_large(
        self, past: str, max_rounds: int | None, max_decisions: int | None
    ) -> RecordTooLarge:
        bounds = [
            f"{count:,} {what}"
            for count, what in ((max_rounds, "rounds"), (max_decisions, "discards"))
            if count is not None
        ]
        return RecordTooLarge(
            f"the record has more than {past}: at most {' and '.join(bounds)} of one record "
            "are reviewed here",
            source=self.replay.source,
        )


def review(
    source: RecordSource,
    *,
    odds: bool = False,
    max_rounds: int | None = None,
    max_decisions: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> GameReview:
    """Review one game record: a path, an open file, or the record's text or bytes, in
    Tenhou's XML, Tenhou's JSON or mjai JSON lines, gzip-compressed or not, at most
    :data:`~shanten.games.source.MAX_RECORD` bytes (8 MiB) as read and once unpacked.

    With ``odds``, each graded decision is also judged by :func:`shanten.odds`: the
    probabilities of winning and of being ready by the end of the round after the discard
    made and after the best one, and the expected points of both
    (:mod:`~shanten.games.judgement`; 6 to 8 ms a decision, docs/review.md).

    ``progress``, if given, is called as ``progress(done, total)`` after each discard of
    the record's ``total``; an exception it raises stops the review and propagates.

    ``max_rounds`` and ``max_decisions`` bound the work (None: no bound beyond the
    record's size): a record with more rounds, or more discards to review, is refused
    when the review reaches the first one past the bound.

    Raises :class:`~shanten.GameRecordError` for a record that is not well-formed, not in
    a known format, or whose events contradict each other (its
    :class:`~shanten.errors.RecordTooLarge` for one past the size or the bounds), and for
    a path that names no file it can read (the message begins with the path):

    >>> review("")
    Traceback (most recent call last):
    ...
    shanten.errors.GameRecordError: '': an empty path names no file
    """
    text, name = _read(source)
    kind, record = parse(text, name)
    reviewer = _Reviewer(record, name, odds)
    records, rounds = reviewer.run(max_rounds, max_decisions, progress)
    replay = reviewer.replay
    complete = record.ended and replay.ended
    return GameReview(
        format=kind,
        names=reviewer.names,
        players=summarise(reviewer.names, records, rounds),
        rounds=tuple(rounds),
        complete=complete,
        discards=tuple(records),
        source=name,
    )

"""Play the events of a record and keep the table: each seat's concealed tiles, melds,
discards and riichi, the dora indicators and the tiles every seat can see.

Every event is checked against the state it meets; an event that contradicts it (a
discard of a tile not held, a draw into a full hand, a call of a tile nobody just
discarded, an unknown seat, a winning hand other than the one held) is a
:class:`~shanten.GameRecordError` naming the file, the round and the event.

Counts are plain lists: ``kinds[seat]`` holds the 34 counts of a seat's concealed tiles,
``codes[seat]`` the 37 counts by tile code (red fives apart), ``visible`` the 34 counts of
the tiles every seat sees (discards still on the table, all melds, dora indicators,
Norths set aside) and ``melded[seat]`` the 34 counts of the seat's own melds.
``live`` is how many tiles the live wall (山) still holds: 70 at a 4-player round's start
(55 with 3 players), one fewer with every draw, a kan's or a North's replacement
included (the dead wall takes the live wall's last tile in its place).
``sizes[seat]`` is how many concealed tiles a seat holds, ``held`` the 34 counts of all
seats' concealed tiles together, and ``unseen[seat]``
the 34 counts of the copies a seat cannot see (4 less its concealed tiles and the
visible ones), as bytes the kernel reads (the dora indicator of an open or added kan is
seen from the kan's replacement discard on, when it is turned, whatever the record's
order; a closed kan's at once); both are kept up to date event by event, as is
each seat's hand in notation, suit by suit, rewritten only for the suits that changed.
The counts are kept by :class:`~shanten.games.tile_counts.TileCounts`, which
:class:`Replay` extends with the play of each event; :func:`describe` (an event's short
form in messages) comes from :mod:`shanten.games.events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from shanten.games.events import (
    CODE_KIND,
    NUM_CODES,
    Call,
    Discard,
    Dora,
    Draw,
    Event,
    GameEnd,
    Riichi,
    Round,
    RoundEnd,
    RoundStart,
    Win,
    code_name,
    describe,
    hand_text,
)
from shanten.games.tile_counts import SUIT_BIT, TileCounts

__all__ = ["LIVE_WALL", "Ending", "Replay", "describe"]

#: The live wall (山) at a round's start, by players: the tiles less the 14 of the dead
#: wall (王牌) and the 13 dealt to each seat.
LIVE_WALL: Final = {4: 136 - 14 - 4 * 13, 3: 108 - 14 - 3 * 13}


#: The draws at which every hand shown is ready: exhaustive (流局) and four riichi (四家立直).
_READY_SHOWN = frozenset({"exhaustive", "four riichi"})


@dataclass(frozen=True, slots=True)
class Ending:
    """A hand the record shows at the end of a round, as the replay holds it: a winning
    hand (``win``, the winning tile included), one shown ready at an exhaustive draw or
    at four riichi (``ready``), or one shown at another abortive draw (``shown``: nine
    terminals shows the declarer's hand),
    ``counts`` its 34 concealed counts and ``melds`` its melds in notation. Riichi
    declarations are kept the same way (``riichi``: the hand after the declaring discard)."""

    round: Round
    seat: int
    kind: str
    counts: tuple[int, ...]
    melds: tuple[str, ...]


class Replay(TileCounts):
    """The state of the table while the events of one record are played."""

    def __init__(self, players: int, source: str | None = None) -> None:
        self.in_round = False
        self.won = False
        self.ended = False
        self.endings: list[Ending] = []
        super().__init__(players, source)

    def _reset(self) -> None:
        super()._reset()
        n = self.players
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.riichi = [False] * n
        self.declaring = [False] * n
        self.drawn: list[int | None] = [None] * n
        self.called = [False] * n
        # per seat, its last chi or pon until its next discard: (kind, meld kinds, called)
        self.last_call: list[tuple[str, tuple[int, ...], int] | None] = [None] * n
        # per seat, the 34 flags of the kinds it has discarded this round (called ones too)
        self.discarded = [[False] * 34 for _ in range(n)]
        self.last_discard: tuple[int, int] | None = None
        self.live = LIVE_WALL[3 if n == 3 else 4]
        # the kans whose dora indicator the record has not given yet, in order (True: an
        # open or added kan), the seat whose open or added kan turns its dora after its
        # next discard, and the indicators held back for it
        self.owed: list[bool] = []
        self.kan_seat: int | None = None
        self.pending_dora: list[tuple[int, Event]] = []
        #: the dora indicators turned so far (tile kinds), in order
        self.indicators: list[int] = []

    def play(self, event: Event, index: int) -> None:
        """Play one event (``index``: its place in the record)."""
        self.index = index
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Call):
            self._call(event)
        elif isinstance(event, RoundStart):
            self._start(event)
        elif isinstance(event, Win) and self.won:  # a second winner on the same discard
            self._win(event)
        elif not self.in_round and not isinstance(event, GameEnd):
            raise self.fail("the event comes outside a round", event)
        elif isinstance(event, Riichi):
            seat = self._seat(event.seat, event)
            if self.riichi[seat]:
                raise self.fail(f"seat {seat} is already in riichi", event)
            self.declaring[seat] = True
        elif isinstance(event, Dora):
            self._dora(event)
        elif isinstance(event, Win):
            self._win(event)
        elif isinstance(event, RoundEnd):
            self._draw_end(event)
        else:  # the end of the game: a game that ends inside a round is incomplete
            self.ended = not self.in_round

    def _start(self, event: RoundStart) -> None:
        if len(event.hands) != self.players:
            raise self.fail(f"{len(event.hands)} start hands for {self.players} players", event)
        self.round = event.round
        self.in_round = True
        self.won = False
        self._reset()
        self.dealer = event.dealer
        for seat, hand in enumerate(event.hands):
            if len(hand) != 13:
                raise self.fail(f"seat {seat} starts with {len(hand)} tiles, not 13", event)
            for code in hand:
                self._give(seat, code, event)
        self._show(event.dora, event)

    def _draw(self, event: Draw) -> None:
        seat, code = event.seat, event.tile
        if not 0 <= seat < self.players:
            self._seat(seat, event)  # raises
        if not self.in_round:
            raise self.fail("a draw outside a round", event)
        if self.sizes[seat] % 3 != 1:
            raise self.fail(f"seat {seat} draws into a full hand {self.hand(seat)}", event)
        kind = CODE_KIND[code]
        if self.players == 3 and 1 <= kind <= 7:
            self._give(seat, code, event)  # raises
        self.codes[seat][code] += 1  # as _give does, for the most frequent event
        self.stale[seat] |= SUIT_BIT[code]
        self.kinds[seat][kind] += 1
        self.sizes[seat] += 1
        self.held[kind] += 1
        if self.visible[kind] + self.held[kind] > 4:
            self._count(kind, event)  # raises
        self.unseen[seat][kind] -= 1  # no fifth copy: never below 0
        self.drawn[seat] = code
        self.live -= 1

    def _discard(self, event: Discard) -> None:
        seat, code = event.seat, event.tile
        if not 0 <= seat < self.players:
            self._seat(seat, event)  # raises
        if not self.in_round:
            raise self.fail("a discard outside a round", event)
        if self.sizes[seat] % 3 != 2:
            raise self.fail(f"seat {seat} discards from a hand of {self.size(seat)} tiles", event)
        codes = self.codes[seat]
        if not codes[code]:
            self._take(seat, code, event)  # raises
        codes[code] -= 1  # as _take then _see do, for the most frequent event
        self.stale[seat] |= SUIT_BIT[code]
        kind = CODE_KIND[code]
        self.kinds[seat][kind] -= 1
        self.sizes[seat] -= 1
        self.held[kind] -= 1
        self.visible[kind] += 1
        if self.visible[kind] + self.held[kind] > 4:
            self._count(kind, event)  # raises
        for other, unseen in enumerate(self.unseen):  # the seat itself knew the tile
            if other != seat:
                unseen[kind] -= 1
        self.discards[seat].append(code)
        self.discarded[seat][kind] = True
        self.drawn[seat] = None
        self.called[seat] = False
        self.last_call[seat] = None
        self.last_discard = (seat, code)
        if self.kan_seat == seat:
            self._turn_pending()
        if self.declaring[seat]:
            self.declaring[seat] = False
            self.riichi[seat] = True
            self.endings.append(
                Ending(
                    self._round(), seat, "riichi", tuple(self.kinds[seat]), self.meld_texts(seat)
                )
            )

    def _call(self, event: Call) -> None:
        seat = self._seat(event.seat, event)
        if not self.in_round:
            raise self.fail("a call outside a round", event)
        kind = event.kind
        size = self.size(seat)
        if kind in ("chi", "pon", "daiminkan"):
            target = self._seat(event.target, event)
            if self.last_discard is None or event.called is None:
                raise self.fail("a call with no discard to call", event)
            if self.last_discard != (target, event.called) or target == seat:
                raise self.fail(
                    f"{code_name(event.called)} from seat {target} is not the last discard", event
                )
            if size % 3 != 1:
                raise self.fail(f"seat {seat} calls with a hand of {size} tiles", event)
            rest = list(event.tiles)
            rest.remove(event.called)
            for code in rest:
                self._take(seat, code, event)
                self._see(code, event)
            self.discards[target].pop()
            self.last_discard = None
            self.melds[seat].append((kind, event.tiles))
            for code in event.tiles:
                self.melded[seat][CODE_KIND[code]] += 1
            self.called[seat] = True
            self.drawn[seat] = None
            if kind != "daiminkan":
                kinds = tuple(CODE_KIND[code] for code in event.tiles)
                self.last_call[seat] = (kind, kinds, CODE_KIND[event.called])
            if kind == "daiminkan":
                self._turn_pending()
                self.owed.append(True)
                self.kan_seat = seat
            return
        if size % 3 != 2:
            raise self.fail(f"seat {seat} calls {kind} with a hand of {size} tiles", event)
        if kind != "nukidora":
            self._turn_pending()  # a second kan turns the first one's dora
            self.owed.append(kind != "ankan")
        if kind == "kakan":
            added = event.called if event.called is not None else event.tiles[-1]
            target_kind = CODE_KIND[added]
            places = [
                i
                for i, (meld_kind, tiles) in enumerate(self.melds[seat])
                if meld_kind == "pon" and CODE_KIND[tiles[0]] == target_kind
            ]
            if not places:
                raise self.fail(f"seat {seat} has no pon of {code_name(target_kind)}", event)
            place = places[0]
            tiles = self.melds[seat][place][1]
            self._take(seat, added, event)
            self._see(added, event)
            self.melds[seat][place] = ("kakan", (*tiles, added))
            self.melded[seat][target_kind] += 1
            self.last_discard = (seat, added)  # robbing the kan (槍槓) takes this tile
            self.kan_seat = seat
        else:
            for code in event.tiles:
                self._take(seat, code, event)
                self._see(code, event)
            self.melds[seat].append((kind, event.tiles))
            if kind == "ankan":
                for code in event.tiles:
                    self.melded[seat][CODE_KIND[code]] += 1
        self.called[seat] = kind != "nukidora"
        self.drawn[seat] = None

    def _dora(self, event: Dora) -> None:
        """See a new dora indicator when it is turned. It belongs to the oldest kan still
        owed one: a closed kan's (暗槓) is turned at once; an open or added kan's
        (明槓・加槓) after the kan's replacement discard (後めくり), or at the next kan
        if one comes first. Tenhou's record writes the open kan's indicator before that
        discard, an mjai record may write it after: the discard is the moment either way."""
        open_kan = self.owed.pop(0) if self.owed else False
        if open_kan and not self.owed and self.kan_seat is not None:
            self.pending_dora.append((event.tile, event))
        else:
            self._show(event.tile, event)

    def _turn_pending(self) -> None:
        """Turn the dora indicators held back for an open or added kan."""
        self.kan_seat = None
        pending, self.pending_dora = self.pending_dora, []
        for code, event in pending:
            self._show(code, event)

    def _show(self, code: int, event: Event) -> None:
        """Turn a dora indicator: a tile every seat sees."""
        self._see(code, event)
        self.indicators.append(CODE_KIND[code])

    def _win(self, event: Win) -> None:
        seat = self._seat(event.seat, event)
        target = self._seat(event.target, event)
        counts = list(self.codes[seat])
        if target != seat:
            if self.last_discard is None or self.last_discard[0] != target:
                raise self.fail(f"seat {target} has no discard to win on", event)
            tile = self.last_discard[1]
            if event.tile is not None and CODE_KIND[event.tile] != CODE_KIND[tile]:
                raise self.fail(
                    f"the winning tile {code_name(event.tile)} is not the discard {code_name(tile)}",
                    event,
                )
            counts[tile] += 1
        held = hand_text([c for c in range(NUM_CODES) for _ in range(counts[c])])
        if event.hand is not None and hand_text(event.hand) != held:
            raise self.fail(
                f"the record's winning hand {hand_text(event.hand)} is not the hand held {held}",
                event,
            )
        kinds = [0] * 34
        for code in range(NUM_CODES):
            kinds[CODE_KIND[code]] += counts[code]
        self._end(Ending(self._round(), seat, "win", tuple(kinds), self.meld_texts(seat)))
        self.won = True

    def _draw_end(self, event: RoundEnd) -> None:
        for seat, hand in event.hands:
            self._seat(seat, event)
            if hand_text(hand) != self.hand(seat):
                raise self.fail(
                    f"the record shows seat {seat}'s hand as {hand_text(hand)}, "
                    f"but it holds {self.hand(seat)}",
                    event,
                )
            kind = "ready" if event.reason in _READY_SHOWN else "shown"
            self.endings.append(
                Ending(self._round(), seat, kind, tuple(self.kinds[seat]), self.meld_texts(seat))
            )
        self.in_round = False

    def _round(self) -> Round:
        assert self.round is not None  # events inside a round follow its start
        return self.round

    def _end(self, ending: Ending) -> None:
        self.endings.append(ending)
        self.in_round = False

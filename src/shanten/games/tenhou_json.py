"""The JSON of Tenhou's log viewer (天鳳牌譜ビューア) as events.

A record is an object with ``"log"`` (a list of rounds) and ``"name"``, or several such
objects, one per line. A round lists its info ``[round, honba, sticks]``, the scores, the
dora and ura-dora indicators, then per seat its start hand, its draws and its discards,
and last the result. Tiles are 11-19 (man), 21-29 (pin), 31-39 (sou), 41-47 (honours)
and 51-53 (the red fives); 60 is the drawn tile discarded and 0 fills the discard after an
open kan. A call is a string: ``"c131415"`` (chi), ``"p434343"`` (pon, the letter's
place tells the seat it came from), ``"m39393939"`` (open kan), ``"434343a43"`` (closed
kan), ``"k13131313"`` (added kan), ``"r24"`` (riichi with this discard), ``"f44"``
(a North set aside).

The record holds no global order: the events are rebuilt by playing the turns, a call
taking a discard of the tile it names from the seat its letter's place names. A seat may
pass on such a discard and call a later one: each discard a pending call could take is a
choice, and the pairing kept is the one with which the lists replay (see
:meth:`_Round.play`).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from shanten.errors import GameRecordError
from shanten.games.events import (
    CODE_KIND,
    DISCARDS,
    DRAWS,
    NUM_CODES,
    RED_CODES,
    Call,
    CallKind,
    Discard,
    Dora,
    Draw,
    Event,
    GameEnd,
    Record,
    Riichi,
    Round,
    RoundEnd,
    RoundStart,
    Win,
    code_name,
    counts_text,
)
from shanten.games.source import loads

__all__ = ["parse_tenhou_json"]

_CALL_LETTERS: Final = {"c": "chi", "p": "pon", "m": "daiminkan", "a": "ankan", "k": "kakan"}
#: Where the letter of a chi, pon or open kan stands -> the seat it came from, counted
#: after the caller (3: the seat before it, 上家; 2: across, 対面; 1: after it, 下家).
_FROM: Final = {0: 3, 2: 2, 4: 1, 6: 1}
_DRAW_REASONS: Final = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi mangan",
    "九種九牌": "nine terminals",
    "四家立直": "four riichi",
    "三家和了": "triple ron",
    "四槓散了": "four kans",
    "四風連打": "four winds",
}


class _DeadEnd(ValueError):
    """A pairing of calls with discards that the lists contradict."""


class _Leftover(Exception):
    """Lists the turns did not use up (a :class:`GameRecordError` if no pairing uses them)."""


#: What a pairing's dead end raises, any fault of the data included: the data's own
#: faults fail every pairing alike, and the first one is the error.
_SEARCH_ERRORS: Final = (
    ValueError,
    TypeError,
    IndexError,
    KeyError,
    OverflowError,
    _Leftover,
)
#: At most this many dead ends per round before the first one is the error (a real
#: round has a handful of choice points; a crafted one is not searched for ever).
_MAX_DEAD_ENDS: Final = 4096
#: A discard's fate: the seat that calls it and its call's letter, or None (no call).
_Option = tuple[int, str] | None
#: What a choice point restores: the events' length, the list positions, the last
#: tiles drawn, the pons, the dora state and the hands.
_Snapshot = tuple[
    int,
    list[int],
    list[int],
    list[int | None],
    dict[tuple[int, int], tuple[int, ...]],
    int,
    bool,
    list[list[int]],
]


def _code(value: object) -> int:
    """The tile code of a tile number (11-47, 51-53)."""
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a tile")
    suit, number = divmod(value, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1
    if suit == 5 and 1 <= number <= 3:
        return RED_CODES[(number - 1) * 9 + 4]
    raise ValueError(f"{value} is not a tile")


def _tiles(item: str) -> tuple[int, ...]:
    """The tile codes of a call string, its letter left out."""
    return tuple(_code(int(pair)) for pair in re.findall(r"\d\d", re.sub(r"[a-z]", "", item)))


def _load(text: str, source: str | None) -> list[dict[str, Any]]:
    """The record's objects: the whole text, or one object per line."""
    try:
        value = loads(text, source)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":
            raise GameRecordError(f"broken JSON ({error})", source=source) from None
        objects = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                objects.append(loads(line, source, line=number))
            except json.JSONDecodeError as line_error:
                raise GameRecordError(
                    f"broken JSON on line {number} ({line_error})", source=source
                ) from None
        value = objects
    values = value if isinstance(value, list) else [value]
    if not all(isinstance(v, dict) and isinstance(v.get("log"), list) for v in values):
        raise GameRecordError('not a Tenhou JSON record: no "log" list', source=source)
    return values


class _Round:
    """Rebuilds the events of one round from its per-seat lists."""

    def __init__(self, data: list[Any], players: int, events: list[Event]) -> None:
        self.events = events
        self.players = players
        info = data[0]
        self.round_index, self.honba, self.sticks = int(info[0]), int(info[1]), int(info[2])
        self.scores = tuple(int(x) for x in data[1][:players])
        self.dora = [_code(t) for t in data[2]]
        self.hands = [data[4 + 3 * s] for s in range(players)]
        self.draws = [data[5 + 3 * s] for s in range(players)]
        self.discards = [data[6 + 3 * s] for s in range(players)]
        self.next_draw = [0] * players
        self.next_discard = [0] * players
        self.last_drawn: list[int | None] = [None] * players
        self.pons: dict[tuple[int, int], tuple[int, ...]] = {}
        self.dora_used = 1
        self.dora_after_draw = False
        self.result: list[Any] = []
        self.held = [[0] * NUM_CODES for _ in range(players)]
        for seat, hand in enumerate(self.hands):
            for tile in hand:
                self.held[seat][_code(tile)] += 1

    @property
    def round(self) -> Round:
        wind, number = divmod(self.round_index, 4)
        return Round(wind % 4, number + 1, self.honba)

    def start(self) -> None:
        wind, number = divmod(self.round_index, 4)
        self.events.append(
            RoundStart(
                wind % 4,
                number + 1,
                self.honba,
                self.sticks,
                self.round_index % 4 % self.players,
                self.dora[0],
                self.scores,
                tuple(tuple(_code(t) for t in hand) for hand in self.hands),
            )
        )

    def new_dora(self) -> None:
        if self.dora_used < len(self.dora):
            self.events.append(Dora(self.dora[self.dora_used]))
            self.dora_used += 1

    def draw(self, seat: int) -> bool:
        """Seat ``seat`` draws its next tile; False when it has none left. A call where a
        draw is due is a dead end: a call was paired with the wrong discard."""
        items = self.draws[seat]
        if self.next_draw[seat] >= len(items):
            return False
        item = items[self.next_draw[seat]]
        if isinstance(item, str):
            raise _DeadEnd(f"seat {seat} meets its call {item!r} where a draw is due")
        self.next_draw[seat] += 1
        code = _code(item)
        self.last_drawn[seat] = code
        self.held[seat][code] += 1
        self.events.append(DRAWS[seat][code])
        return True

    def remove(self, seat: int, code: int) -> None:
        """Take ``code`` from the seat's hand: a dead end if the seat does not hold it."""
        held = self.held[seat]
        if not held[code]:
            raise _DeadEnd(f"{code_name(code)} is not in seat {seat}'s hand {counts_text(held)}")
        held[code] -= 1

    def play(self, settled: bool) -> None:
        """Play the turns from the dealer until the lists run out.

        The lists say which discard a call takes only by the seat it came from and the
        tile: when a pending call could take a discard, the seat may also pass on it and
        call a later one. Each such discard is a choice point, calling first; a pairing
        that leads to a dead end (a seat meeting its call where a draw is due, a tile
        given up that is not held, and for a ``settled`` round, one with its result, lists
        left over or a win on a discard by another seat) is undone back to the last
        choice with an alternative left. With no pairing left, the first dead end is the
        error, as the plain reading would have met it.
        """
        choices: list[tuple[_Snapshot, int, int, list[_Option]]] = []
        first: Exception | None = None
        failures = 0
        seat, drawing = self.round_index % 4 % self.players, True
        while True:
            try:
                self.turns(seat, drawing, choices)
                if settled:
                    self.settle()
                return
            except _SEARCH_ERRORS as error:
                first = first or error
                failures += 1
            while choices and not choices[-1][3]:
                choices.pop()
            if not choices or failures > _MAX_DEAD_ENDS:
                raise first
            snapshot, discarder, tile, options = choices[-1]
            self.restore(snapshot)
            seat, drawing = self.take(discarder, tile, options.pop(0))

    def turns(
        self, seat: int, drawing: bool, choices: list[tuple[_Snapshot, int, int, list[_Option]]]
    ) -> None:
        """Play on from ``seat`` (``drawing``: its turn starts with a draw), recording the
        choice points met in ``choices``."""
        while True:
            if drawing:
                if not self.draw(seat):
                    return
                if self.dora_after_draw:  # an open or added kan turns its dora now
                    self.dora_after_draw = False
                    self.new_dora()
            kan = self.act(seat)
            if kan is None:
                return
            if kan:
                drawing = True
                continue
            discarded = self.events[-1]
            assert isinstance(discarded, Discard)
            options = self.callers(seat, discarded.tile)
            if len(options) > 1:
                choices.append((self.snapshot(), seat, discarded.tile, options[1:]))
            seat, drawing = self.take(seat, discarded.tile, options[0])

    def snapshot(self) -> _Snapshot:
        return (
            len(self.events),
            self.next_draw[:],
            self.next_discard[:],
            self.last_drawn[:],
            dict(self.pons),
            self.dora_used,
            self.dora_after_draw,
            [held[:] for held in self.held],
        )

    def restore(self, snapshot: _Snapshot) -> None:
        size, draws, discards, drawn, pons, dora_used, after_draw, held = snapshot
        del self.events[size:]
        self.next_draw, self.next_discard, self.last_drawn = draws[:], discards[:], drawn[:]
        self.pons, self.dora_used, self.dora_after_draw = dict(pons), dora_used, after_draw
        self.held = [counts[:] for counts in held]

    def settle(self) -> None:
        """The checks of a round with its result: every list used up, a win on a discard
        taken from the seat that made the last discard (or added a kan), a self-drawn win
        made by the seat that drew last."""
        problem = self.leftover()
        if problem:
            raise _Leftover(problem)
        if self.result and self.result[0] == "和了":
            last = next(
                (e for e in reversed(self.events) if isinstance(e, (Draw, Discard, Call))), None
            )
            for info in self.result[2::2]:
                winner, target = int(info[0]), int(info[1])
                if winner == target:
                    ok = isinstance(last, Draw) and last.seat == winner
                else:
                    ok = isinstance(last, Discard) or (
                        isinstance(last, Call) and last.kind == "kakan"
                    )
                    ok = ok and last is not None and last.seat == target
                if not ok:
                    raise _DeadEnd(f"seat {winner}'s win from seat {target} follows no such turn")

    def skip_placeholder(self, seat: int) -> None:
        items = self.discards[seat]
        if self.next_discard[seat] < len(items) and items[self.next_discard[seat]] == 0:
            self.next_discard[seat] += 1

    def act(self, seat: int) -> bool | None:
        """The seat's next action: a discard (False), a kan or North (True: a replacement
        draw follows), or None when its list has run out."""
        items = self.discards[seat]
        if self.next_discard[seat] >= len(items):
            return None
        item = items[self.next_discard[seat]]
        self.next_discard[seat] += 1
        if isinstance(item, str):
            letters = re.sub(r"\d", "", item)
            if letters == "r":
                self.events.append(Riichi(seat))
                self.discard(seat, int(item[1:]))
                return False
            if letters == "f":
                north = _code(int(item[1:]))
                self.remove(seat, north)
                self.events.append(Call(seat, "nukidora", (north,), None, seat))
                return True
            if letters in ("a", "k"):
                self.kan(seat, item, letters)
                return True
            raise ValueError(f"{item!r} is not a discard")
        self.discard(seat, item)
        return False

    def discard(self, seat: int, item: int) -> None:
        if item == 60:
            drawn = self.last_drawn[seat]
            if drawn is None:
                raise _DeadEnd("60 (the drawn tile) with no tile drawn")
            self.remove(seat, drawn)
            self.events.append(DISCARDS[True][seat][drawn])
        else:
            code = _code(item)
            self.remove(seat, code)
            self.events.append(DISCARDS[False][seat][code])
        self.last_drawn[seat] = None

    def kan(self, seat: int, item: str, letter: str) -> None:
        tiles = _tiles(item)
        self.last_drawn[seat] = None
        if letter == "a":
            for code in tiles:
                self.remove(seat, code)
            self.events.append(Call(seat, "ankan", tiles, None, seat))
            self.new_dora()
            return
        pon = self.pons.pop((seat, CODE_KIND[tiles[0]]), None)
        if pon is None:
            raise _DeadEnd(f"{item!r} adds to a pon that seat {seat} does not have")
        rest = list(tiles)
        for code in pon:
            rest.remove(code)
        self.remove(seat, rest[0])
        self.events.append(Call(seat, "kakan", (*pon, rest[0]), rest[0], seat))
        self.dora_after_draw = True

    def callers(self, seat: int, tile: int) -> list[_Option]:
        """The ways the discard ``tile`` of ``seat`` can go: each seat whose next call
        takes it (a pon or open kan before a chi), then no call (None)."""
        found: list[tuple[int, str]] = []
        for offset in range(1, self.players):
            other = (seat + offset) % self.players
            items = self.draws[other]
            if self.next_draw[other] >= len(items):
                continue
            item = items[self.next_draw[other]]
            if not isinstance(item, str):
                continue
            at = next((i for i, ch in enumerate(item) if ch.isalpha()), -1)
            letter = item[at] if at >= 0 else ""
            if letter not in ("c", "p", "m") or _code(int(item[at + 1 : at + 3])) != tile:
                continue
            if self.players == 4 and (other + _FROM.get(at, 0)) % 4 != seat:
                continue
            if letter == "c" and offset != 1:
                continue
            found.append((other, letter))
        found.sort(key=lambda option: option[1] == "c")
        return [*found, None]

    def take(self, seat: int, tile: int, option: _Option) -> tuple[int, bool]:
        """Play the discard's fate ``option``: the seat whose turn follows, and whether
        its turn starts with a draw."""
        if option is None:
            return (seat + 1) % self.players, True
        other, letter = option
        item = self.draws[other][self.next_draw[other]]
        self.next_draw[other] += 1
        tiles = _tiles(item)
        rest = list(tiles)
        rest.remove(tile)
        for code in rest:
            self.remove(other, code)
        kind: CallKind = "chi" if letter == "c" else "pon" if letter == "p" else "daiminkan"
        self.events.append(Call(other, kind, tiles, tile, seat))
        if kind == "pon":
            self.pons[(other, CODE_KIND[tile])] = tiles
        if kind != "daiminkan":
            return other, False
        self.skip_placeholder(other)
        self.dora_after_draw = True
        return other, True

    def leftover(self) -> str | None:
        """What of the seats' lists the turns did not reach, if anything."""
        for seat in range(self.players):
            draws = len(self.draws[seat]) - self.next_draw[seat]
            discards = len(self.discards[seat]) - self.next_discard[seat]
            if draws or discards:
                return (
                    f"the turns end with {draws} draw(s) and {discards} discard(s) of seat "
                    f"{seat} left over: the lists do not replay"
                )
        return None

    def finish(self, data: list[Any]) -> None:
        kind = data[0]
        if kind == "和了":
            for info in data[2::2]:
                winner, target = int(info[0]), int(info[1])
                self.events.append(Win(winner, target, None, None))
        else:
            self.events.append(RoundEnd(_DRAW_REASONS.get(kind, str(kind))))


def parse_tenhou_json(text: str, source: str | None = None) -> Record:
    """Parse a record in the JSON of Tenhou's log viewer into events."""
    objects = _load(text, source)
    names = tuple(str(n) for n in objects[0].get("name", []))
    rounds = [r for obj in objects for r in obj["log"]]
    events: list[Event] = []
    ended = True
    players = 4
    for number, data in enumerate(rounds, 1):
        where = f"round {number} of the log"
        try:
            has_result = (
                bool(data)
                and isinstance(data[-1], list)
                and bool(data[-1])
                and isinstance(data[-1][0], str)
            )
            seats = (len(data) - 4 - has_result) // 3
            players = sum(1 for s in range(seats) if data[4 + 3 * s])
            if players not in (3, 4):
                raise ValueError(f"{players} players")
            if len(names) > players:
                names = names[:players]
            state = _Round(data, players, events)
            where = str(state.round)
            state.start()
            if has_result:
                state.result = data[-1]
            try:
                state.play(settled=has_result)
            except _Leftover as problem:
                raise GameRecordError(
                    str(problem), source=source, round=where, index=len(events)
                ) from None
            if not has_result:
                ended = False
                break
            state.finish(data[-1])
        except GameRecordError:
            raise
        except (
            ValueError,
            TypeError,
            IndexError,
            KeyError,
            AttributeError,
            OverflowError,  # a float too large for an int: 1e999
            RecursionError,
        ) as error:
            raise GameRecordError(
                f"malformed round: {error}", source=source, round=where, index=len(events)
            ) from None
    if ended:
        events.append(GameEnd())
    return Record(events, names, players, ended)

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
:meth:`~shanten.games.call_pairing.CallPairing.play`, in
:mod:`shanten.games.call_pairing`; the turns are played by
:mod:`shanten.games.tenhou_json_round`).
"""

from __future__ import annotations

import json
from typing import Any

from shanten.errors import GameRecordError
from shanten.games.call_pairing import CallPairing, Leftover
from shanten.games.events import Event, GameEnd, Record
from shanten.games.source import loads

__all__ = ["parse_tenhou_json"]


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
            state = CallPairing(data, players, events)
            where = str(state.round)
            state.start()
            if has_result:
                state.result = data[-1]
            try:
                state.play(settled=has_result)
            except Leftover as problem:
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

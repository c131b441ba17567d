"""mjai JSON lines (the protocol of the mjai mahjong AI platform) as events, and events as
mjai JSON lines.

Each line is one object with a ``"type"``: ``start_game``, ``start_kyoku``, ``tsumo``,
``dahai``, ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``nukidora``, ``reach``,
``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``; other
types (``none``, ``error``...) carry nothing a review needs and are skipped. Tiles are
``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N`` (winds), ``P F C`` (white, green,
red dragons) and ``5mr 5pr 5sr`` (red fives).

Any record the review reads converts to mjai with :func:`shanten.games.formats.convert`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from shanten.errors import GameRecordError
from shanten.games.events import (
    CODE_KIND,
    Call,
    Discard,
    Dora,
    Draw,
    Event,
    GameEnd,
    Record,
    Riichi,
    RoundEnd,
    RoundStart,
    Win,
)
from shanten.games.source import loads

__all__ = ["dumps", "parse_mjai", "to_mjai"]

_HONOURS: Final = ("E", "S", "W", "N", "P", "F", "C")
#: The mjai name of each tile code.
NAMES: Final = (
    *(f"{n}{suit}" for suit in "mps" for n in range(1, 10)),
    *_HONOURS,
    "5mr",
    "5pr",
    "5sr",
)
_CODES: Final = {name: code for code, name in enumerate(NAMES)}
_WINDS: Final = {"E": 0, "S": 1, "W": 2, "N": 3}
_REASONS: Final = {
    "exhaustive": "fanpai",
    "nine terminals": "kyushukyuhai",
    "four riichi": "suchareach",
    "triple ron": "sanchaho",
    "four kans": "sukaikan",
    "four winds": "sufonrenda",
    "nagashi mangan": "nagashimangan",
}
_REASON_NAMES: Final = {mjai: ours for ours, mjai in _REASONS.items()}


def _code(name: object) -> int:
    if not isinstance(name, str) or name not in _CODES:
        raise ValueError(f"{name!r} is not a tile" + (" (a hidden tile)" if name == "?" else ""))
    return _CODES[name]


def _event(item: dict[str, Any]) -> Event | None:
    """The event of one mjai object (None for one a review does not need)."""
    kind = item["type"]
    if kind == "tsumo":
        return Draw(item["actor"], _code(item["pai"]))
    if kind == "dahai":
        return Discard(item["actor"], _code(item["pai"]), bool(item.get("tsumogiri", False)))
    if kind in ("chi", "pon", "daiminkan"):
        called = _code(item["pai"])
        tiles = (*(_code(t) for t in item["consumed"]), called)
        return Call(item["actor"], kind, tiles, called, item["target"])
    if kind == "ankan":
        tiles = tuple(_code(t) for t in item["consumed"])
        return Call(item["actor"], "ankan", tiles, None, item["actor"])
    if kind == "kakan":
        added = _code(item["pai"])
        tiles = (*(_code(t) for t in item["consumed"]), added)
        return Call(item["actor"], "kakan", tiles, added, item["actor"])
    if kind == "nukidora":
        return Call(item["actor"], "nukidora", (_code(item.get("pai", "N")),), None, item["actor"])
    if kind == "reach":
        return Riichi(item["actor"])
    if kind == "dora":
        return Dora(_code(item["dora_marker"]))
    if kind == "hora":
        tile = item.get("pai")
        return Win(
            item["actor"], item.get("target", item["actor"]), _code(tile) if tile else None, None
        )
    if kind == "ryukyoku":
        tenpais = item.get("tenpais") or []
        hands = tuple(
            (seat, tuple(_code(t) for t in hand))
            for seat, hand in enumerate(item.get("tehais") or [])
            if seat < len(tenpais) and tenpais[seat] and hand and "?" not in hand
        )
        reason = item.get("reason", "fanpai")
        return RoundEnd(_REASON_NAMES.get(reason, str(reason)), hands)
    if kind == "end_game":
        return GameEnd()
    return None


def _start(item: dict[str, Any]) -> RoundStart:
    hands = tuple(tuple(_code(t) for t in hand) for hand in item["tehais"])
    scores = tuple(int(s) for s in item.get("scores") or ())
    return RoundStart(
        _WINDS[item["bakaze"]],
        int(item["kyoku"]),
        int(item.get("honba", 0)),
        int(item.get("kyotaku", 0)),
        int(item["oya"]),
        _code(item["dora_marker"]),
        scores,
        hands,
    )


def parse_mjai(text: str, source: str | None = None) -> Record:
    """Parse mjai JSON lines into events."""
    events: list[Event] = []
    names: tuple[str, ...] = ()
    players = 0
    ended = False
    where: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = loads(line, source, line=number, round=where)
        except json.JSONDecodeError as error:
            raise GameRecordError(
                f"broken JSON on line {number} ({error.msg})", source=source, round=where
            ) from None
        try:
            if not isinstance(item, dict) or "type" not in item:
                raise ValueError('not an mjai object (no "type")')
            if item["type"] == "start_game":
                names = tuple(str(n) for n in item.get("names") or ())
                players = len(names)
                continue
            if item["type"] == "start_kyoku":
                start = _start(item)
                where = str(start.round)
                players = players or len(start.hands)
                events.append(start)
                continue
            event = _event(item)
        except (ValueError, KeyError, TypeError, OverflowError) as error:
            detail = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise GameRecordError(
                f"line {number} ({item.get('type') if isinstance(item, dict) else '?'}): {detail}",
                source=source,
                round=where,
            ) from None
        if event is not None:
            events.append(event)
            if isinstance(event, GameEnd):
                ended = True
                break
    return Record(events, names, players or 4, ended)


def to_mjai(record: Record) -> Iterator[dict[str, Any]]:
    """The events of a record as mjai objects, ``start_game`` first."""
    yield {"type": "start_game", "names": list(record.names)}
    events = record.events
    open_round = False
    for index, event in enumerate(events):
        if isinstance(event, RoundStart):
            if open_round:
                yield {"type": "end_kyoku"}
            open_round = True
            yield {
                "type": "start_kyoku",
                "bakaze": "ESWN"[event.wind],
                "kyoku": event.number,
                "honba": event.honba,
                "kyotaku": event.sticks,
                "oya": event.dealer,
                "dora_marker": NAMES[event.dora],
                "scores": list(event.scores),
                "tehais": [[NAMES[c] for c in hand] for hand in event.hands],
            }
        elif isinstance(event, Draw):
            yield {"type": "tsumo", "actor": event.seat, "pai": NAMES[event.tile]}
        elif isinstance(event, Discard):
            yield {
                "type": "dahai",
                "actor": event.seat,
                "pai": NAMES[event.tile],
                "tsumogiri": event.tsumogiri,
            }
            declared = index and isinstance(events[index - 1], Riichi)
            following = events[index + 1] if index + 1 < len(events) else None
            if declared and not isinstance(following, Win):
                yield {"type": "reach_accepted", "actor": event.seat}
        elif isinstance(event, Call):
            yield _call(event)
        elif isinstance(event, Riichi):
            yield {"type": "reach", "actor": event.seat}
        elif isinstance(event, Dora):
            yield {"type": "dora", "dora_marker": NAMES[event.tile]}
        elif isinstance(event, Win):
            hora: dict[str, Any] = {"type": "hora", "actor": event.seat, "target": event.target}
            if event.tile is not None:
                hora["pai"] = NAMES[event.tile]
            yield hora
        elif isinstance(event, RoundEnd):
            shown = dict(event.hands)
            seats = len(record.names) or record.players
            yield {
                "type": "ryukyoku",
                "reason": _REASONS.get(event.reason, event.reason),
                "tenpais": [seat in shown for seat in range(seats)],
                "tehais": [[NAMES[c] for c in shown.get(seat, ())] for seat in range(seats)],
            }
        else:
            if open_round:
                yield {"type": "end_kyoku"}
                open_round = False
            yield {"type": "end_game"}


def _call(event: Call) -> dict[str, Any]:
    if event.kind == "nukidora":
        return {"type": "nukidora", "actor": event.seat, "pai": NAMES[event.tiles[0]]}
    if event.kind == "ankan":
        return {"type": "ankan", "actor": event.seat, "consumed": [NAMES[c] for c in event.tiles]}
    assert event.called is not None  # chi, pon and the open and added kans take a tile
    consumed = list(event.tiles)
    consumed.remove(event.called)
    item: dict[str, Any] = {"type": event.kind, "actor": event.seat}
    if event.kind != "kakan":
        item["target"] = event.target
    item["pai"] = NAMES[event.called]
    item["consumed"] = [NAMES[c] for c in sorted(consumed, key=lambda c: (CODE_KIND[c], c))]
    return item


def dumps(record: Record) -> str:
    """A record as mjai JSON lines, one object per line."""
    return "".join(
        json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n"
        for item in to_mjai(record)
    )

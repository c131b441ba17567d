"""Tenhou's XML game record (``.mjlog``, ``<mjloggm ver="2.3">``) as events.

Tiles are ids 0-135 (id // 4 is the kind; 16, 52 and 88 are the red fives when the game
plays with them). Tags: INIT starts a round, T/U/V/W draw and D/E/F/G discard for seats
0-3, N is a call (its ``m`` packs the meld), REACH, DORA, AGARI (和了) and RYUUKYOKU (流局).

The standard library's :mod:`xml.etree.ElementTree` reads the record; a record that
declares a DTD or an entity is refused, as a game record never needs one.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Final
from urllib.parse import unquote

from shanten.errors import GameRecordError
from shanten.games.events import (
    DISCARDS,
    DRAWS,
    RED_CODES,
    Call,
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
)

__all__ = ["parse_xml"]

_DRAW_TAGS: Final = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_TAGS: Final = {"D": 0, "E": 1, "F": 2, "G": 3}
_RED_IDS: Final = frozenset({16, 52, 88})
#: The draw and discard tags, ``T0``..``W135`` and ``D0``..``G135``, read whole:
#: ``(drawn, seat, tile id)``.
_TILE_TAGS: Final = {
    f"{head}{tile_id}": (tags is _DRAW_TAGS, seat, tile_id)
    for tags in (_DRAW_TAGS, _DISCARD_TAGS)
    for head, seat in tags.items()
    for tile_id in range(136)
}
#: The tile code of each tile id, with red fives and without.
_CODES: Final = {
    red: tuple(RED_CODES[i // 4] if red and i in _RED_IDS else i // 4 for i in range(136))
    for red in (True, False)
}
#: RYUUKYOKU ``type`` -> the abortive draw it names (no type: an exhaustive draw).
_DRAW_KINDS: Final = {
    "yao9": "nine terminals",
    "reach4": "four riichi",
    "ron3": "triple ron",
    "kan4": "four kans",
    "kaze4": "four winds",
    "nm": "nagashi mangan",
}


def _ids(text: str | None) -> list[int]:
    return [int(part) for part in text.split(",")] if text else []


def _check_unique(hands: list[list[int]]) -> None:
    """Each tile id (one physical tile) is dealt once: raise naming one dealt twice."""
    dealt: dict[int, int] = {}
    for seat, ids in enumerate(hands):
        for tile_id in ids:
            first = dealt.setdefault(tile_id, seat)
            if first == seat and ids.count(tile_id) > 1:
                raise ValueError(f"tile id {tile_id} is listed twice in seat {seat}'s hand")
            if first != seat:
                raise ValueError(
                    f"tile id {tile_id} is dealt twice: to seat {first} and to seat {seat}"
                )


class _Reader:
    """Turns the tags of one record into events, remembering the round for errors."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.events: list[Event] = []
        self.names: tuple[str, ...] = ()
        self.players = 4
        self.red = True
        self.go_seen = False
        self.round: str | None = None
        self.last_draw: dict[int, int] = {}

    def fail(self, message: str, index: int, tag: str) -> GameRecordError:
        return GameRecordError(
            message, source=self.source, round=self.round, index=index, event=f"<{tag}>"
        )

    def code(self, tile_id: int) -> int:
        if not 0 <= tile_id < 136:
            raise ValueError(f"tile id {tile_id} is not 0-135")
        kind = tile_id // 4
        if self.red and tile_id in _RED_IDS:
            return RED_CODES[kind]
        return kind

    def codes(self, ids: list[int]) -> tuple[int, ...]:
        return tuple(self.code(i) for i in ids)

    def seat(self, text: str | None) -> int:
        seat = int(text or "")
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not 0-{self.players - 1}")
        return seat

    def read(self, tag: str, attrib: dict[str, str]) -> None:
        """Append the events of one tag (the parser's target reads the draw and discard
        tags spelt as Tenhou writes them itself)."""
        head, rest = tag[:1], tag[1:]
        if rest.isdigit() and head in _DRAW_TAGS:
            tile_id = int(rest)
            seat = _DRAW_TAGS[head]
            self.last_draw[seat] = tile_id
            self.events.append(Draw(seat, self.code(tile_id)))
        elif rest.isdigit() and head in _DISCARD_TAGS:
            tile_id = int(rest)
            seat = _DISCARD_TAGS[head]
            tsumogiri = self.last_draw.pop(seat, None) == tile_id
            self.events.append(Discard(seat, self.code(tile_id), tsumogiri))
        elif tag == "GO":
            self.go_seen = True
            kind = int(attrib.get("type", "0"))
            self.players = 3 if kind & 0x10 else 4
            self.red = not kind & 0x02
        elif tag == "UN":
            if not self.names:
                count = 4 if attrib.get("n3") else 3
                self.names = tuple(unquote(attrib.get(f"n{i}", "")) for i in range(count))
        elif tag == "INIT":
            self.init(attrib)
        elif tag == "N":
            seat = self.seat(attrib.get("who"))
            self.last_draw.pop(seat, None)
            self.events.append(self.call(seat, int(attrib["m"])))
        elif tag == "REACH":
            if attrib.get("step") == "1":
                self.events.append(Riichi(self.seat(attrib.get("who"))))
        elif tag == "DORA":
            self.events.append(Dora(self.code(int(attrib["hai"]))))
        elif tag == "AGARI":
            seat = self.seat(attrib.get("who"))
            machi = attrib.get("machi")
            self.events.append(
                Win(
                    seat,
                    self.seat(attrib.get("fromWho")),
                    self.code(int(machi)) if machi else None,
                    self.codes(_ids(attrib.get("hai"))),
                )
            )
            if "owari" in attrib:
                self.events.append(GameEnd())
        elif tag == "RYUUKYOKU":
            reason = _DRAW_KINDS.get(attrib.get("type", ""), "exhaustive")
            hands = tuple(
                (seat, self.codes(_ids(attrib[f"hai{seat}"])))
                for seat in range(self.players)
                if attrib.get(f"hai{seat}")
            )
            self.events.append(RoundEnd(reason, hands))
            if "owari" in attrib:
                self.events.append(GameEnd())

    def init(self, attrib: dict[str, str]) -> None:
        seed = _ids(attrib.get("seed"))
        if len(seed) != 6:
            raise ValueError("seed is not six numbers")
        round_index, honba, sticks = seed[0], seed[1], seed[2]
        wind, number = divmod(round_index, 4)
        self.round = str(Round(wind % 4, number + 1, honba))
        if not self.go_seen and not attrib.get("hai3"):
            self.players = 3  # no GO tag to say so, but a fourth seat with no tiles
        listed = [_ids(attrib.get(f"hai{s}")) for s in range(self.players)]
        _check_unique(listed)
        hands = tuple(self.codes(ids) for ids in listed)
        scores = tuple(int(x) * 100 for x in attrib.get("ten", "").split(",") if x)
        self.last_draw.clear()
        self.events.append(
            RoundStart(
                wind % 4,
                number + 1,
                honba,
                sticks,
                self.seat(attrib.get("oya")),
                self.code(seed[5]),
                scores[: self.players],
                hands,
            )
        )

    def call(self, seat: int, m: int) -> Call:
        """Decode the packed meld ``m`` of seat ``seat``."""
        target = (seat + (m & 3)) % self.players
        if m & 0x4:  # chi: three consecutive kinds, the called one is index r
            t = m >> 10
            r, t = t % 3, t // 3
            base = t // 7 * 9 + t % 7
            ids = [(base + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3)]
            return Call(seat, "chi", self.codes(ids), self.code(ids[r]), target)
        if m & 0x18:  # pon or added kan: three of the four copies, less ``unused``
            t = m >> 9
            r, kind = t % 3, t // 3
            unused = m >> 5 & 3
            ids = [kind * 4 + i for i in range(4) if i != unused]
            if m & 0x8:
                return Call(seat, "pon", self.codes(ids), self.code(ids[r]), target)
            added = kind * 4 + unused
            return Call(seat, "kakan", self.codes([*ids, added]), self.code(added), seat)
        if m & 0x20:  # a North set aside
            north = m >> 8
            return Call(seat, "nukidora", (self.code(north),), None, seat)
        called = m >> 8
        kind = called // 4
        ids = [kind * 4 + i for i in range(4)]
        if m & 3 == 0:
            return Call(seat, "ankan", self.codes(ids), None, seat)
        return Call(seat, "daiminkan", self.codes(ids), self.code(called), target)


class _Target:
    """The parser's target: reads each tag into events as it opens (the first must be the
    record's root, ``<mjloggm>``)."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.count = 0  # the tags opened so far

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        """Read one tag as it opens."""
        index = self.count
        self.count = index + 1
        tile_tag = _TILE_TAGS.get(tag)
        if tile_tag is not None and index:  # most tags: one draw or one discard
            drawn, seat, tile_id = tile_tag
            reader = self.reader
            code = _CODES[reader.red][tile_id]
            if drawn:
                reader.last_draw[seat] = tile_id
                reader.events.append(DRAWS[seat][code])
            else:
                tsumogiri = reader.last_draw.pop(seat, None) == tile_id
                reader.events.append(DISCARDS[tsumogiri][seat][code])
            return
        if not index:
            if tag != "mjloggm":
                raise GameRecordError(
                    f"<{tag}> is not a Tenhou record (<mjloggm>)", source=self.reader.source
                )
            return
        try:
            self.reader.read(tag, attrib)
        except (ValueError, KeyError, IndexError) as error:
            detail = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise self.reader.fail(f"malformed tag: {detail}", index, tag) from None

    def close(self) -> None:
        """Nothing to build: the reader holds the events."""


def parse_xml(text: str, source: str | None = None) -> Record:
    """Parse the text of a Tenhou XML record into events.

    A record cut short between two tags, or closed without the ``owari`` of the game's
    last round, is read up to its last whole tag (``Record.ended`` is False); one cut
    inside a tag is a :class:`GameRecordError`, as is
    any other fault of the XML, raised after the tags before it are read.
    """
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise GameRecordError(
            "the record declares a DTD or an entity, which a game record never needs: refused",
            source=source,
        )
    reader = _Reader(source)
    stripped = text.rstrip()
    if not stripped.endswith(">"):
        raise GameRecordError("not well-formed XML: the record is cut inside a tag", source=source)
    target = _Target(reader)
    try:
        ET.XMLParser(target=target).feed(text)
    except ET.ParseError as fault:
        raise GameRecordError(
            f"not well-formed XML ({fault})",
            source=reader.source,
            round=reader.round,
            index=target.count,
            event="the tag after the last one read",
        ) from None
    # the game's end is the last round's ``owari``: a record closed after a round without
    # it stops mid-game, however well-formed
    events = reader.events
    ended = stripped.endswith("</mjloggm>") and bool(events) and isinstance(events[-1], GameEnd)
    return Record(reader.events, reader.names, reader.players, ended)

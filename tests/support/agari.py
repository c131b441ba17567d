"""Every win (和了) of a Tenhou XML game record, rebuilt by replaying the game's events.

:func:`recorded_wins` reads one ``mjlog`` file with :mod:`xml.etree.ElementTree` and replays
each round from its ``INIT`` tag: the draws (``T/U/V/W`` + tile id), the discards
(``D/E/F/G`` + tile id), the calls (``N``, whose ``m`` is decoded below), riichi (``REACH``
step 1, then the discard, then step 2 once the discard is not ronned) and the kan dora
(``DORA``). From that replay alone, not from the win's recorded score, it rebuilds what a
scorer is given: the concealed hand with the win tile, the melds, the win tile, tsumo or
ron, riichi, double riichi, ippatsu, rinshan, chankan, the last tile (haitei/houtei), the
first draw (tenhou/chiihou), the dora indicators and the winds.

Two things are taken from the ``AGARI`` tag and are not answers: the ura dora indicators
(``doraHaiUra``; the record is the only place they are shown) and, as a consistency check,
the winner's concealed tiles (``hai``), the melds (``m``), the win tile (``machi``) and the
dora indicators (``doraHai``), which are the board as Tenhou saw it; :func:`recorded_wins`
raises if its replay disagrees with them. The answer (``ten``, ``yaku``, ``yakuman``) is
read into the ``expected_*`` fields and used for nothing else.

Tile ids are Tenhou's: 0-135, ``id // 4`` is the kind (0-8 man, 9-17 pin, 18-26 sou, 27-33
east south west north white green red), and ids 16, 52, 88 are the red fives, written ``0``
in mpsz notation (``0m``, ``0p``, ``0s``).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

#: Tenhou's yaku ids (the ``yaku``/``yakuman`` attributes of AGARI) and their names, as
#: Tenhou's own log viewer lists them (and e.g. KUMJC29th/mjc-db-tenho src/models/Yaku.ts);
#: 10-13 are the seat wind, 14-17 the round wind, 52-54 dora, ura dora, red fives.
TENHOU_YAKU: tuple[str, ...] = (
    # 1 han
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花",
    "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北",
    "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中",
    # 2 han
    "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
    "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭",
    # 3 han
    "二盃口", "純全帯幺九", "混一色",
    # 6 han
    "清一色",
    # mangan (not in Tenhou's rules)
    "人和",
    # yakuman
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色",
    "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双",
    "国士無双１３面", "大四喜", "小四喜", "四槓子",
    # dora
    "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip

RED_FIVES = frozenset({16, 52, 88})
#: The tiles a round can draw, replacement tiles included: 136, less 14 in the dead wall,
#: less 4 x 13 dealt. A kan's replacement comes from the dead wall, which is then made up
#: from the live wall, so every draw of either kind uses one of these 70.
DRAWABLE = 136 - 14 - 4 * 13

MeldKind = Literal["chi", "pon", "added kan", "closed kan", "open kan"]

_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀?)")
_DRAW = re.compile(r"([TUVW])(\d+)")
_DISCARD = re.compile(r"([DEFG])(\d+)")


def tile_name(tile: int) -> str:
    """A tile id's mpsz name, ``0`` for a red five: ``tile_name(16) == "0m"``."""
    kind = tile // 4
    if kind >= 27:
        return f"{kind - 26}z"
    digit = "0" if tile in RED_FIVES else str(kind % 9 + 1)
    return digit + "mps"[kind // 9]


def notation(tiles: Sequence[int]) -> str:
    """Tile ids in mpsz notation, in id order (a red five before its plain copies)."""
    groups: dict[str, str] = {}
    for tile in sorted(tiles):
        name = tile_name(tile)
        groups[name[1]] = groups.get(name[1], "") + name[0]
    return "".join(groups[suit] + suit for suit in "mpsz" if suit in groups)


@dataclass(frozen=True)
class Call:
    """One decoded ``N`` tag: its kind, its four or three tiles, and for chi, pon and an
    open kan the tile taken from the discarder (for an added kan, the tile added)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    taken: int | None
    code: int  #: the ``m`` it was decoded from


def decode_call(m: int) -> Call:
    """Decode the ``m`` attribute of Tenhou's ``N`` tag (the documented bit layout).

    Bits 0-1 are the seat the tile came from, relative to the caller (0: none, a closed
    kan). Bit 2 set: a chi, whose bits 10+ are ``base * 3 + called`` (base run 0-20, the
    called tile's position 0-2) and bits 3-8 the three copies. Else bit 3: a pon, bit 4: an
    added kan; their bits 9+ are ``kind * 3 + called`` and bits 5-6 the copy left out of
    the pon (the copy added, for the added kan). Else bits 8+ are one copy of a kan, open
    when the seat bits are not 0.
    """
    seat = m & 3
    if m & 0x4:
        packed = m >> 10
        called, run = packed % 3, packed // 3
        kind = (run // 7) * 9 + run % 7
        tiles = tuple(kind * 4 + 4 * i + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Call("chi", tiles, tiles[called], m)
    if m & 0x18:
        packed = m >> 9
        called, kind = packed % 3, packed // 3
        unused = kind * 4 + ((m >> 5) & 3)
        if m & 0x8:
            three = tuple(t for t in range(kind * 4, kind * 4 + 4) if t != unused)
            return Call("pon", three, three[called], m)
        return Call("added kan", tuple(range(kind * 4, kind * 4 + 4)), unused, m)
    if m & 0x20:
        raise ValueError(f"m={m}: a nukidora (three-player) call")
    kind = (m >> 8) // 4
    tiles = tuple(range(kind * 4, kind * 4 + 4))
    if seat == 0:
        return Call("closed kan", tiles, None, m)
    return Call("open kan", tiles, m >> 8, m)


@dataclass(frozen=True)
class RecordedWin:
    """One win as a scorer is asked it, with Tenhou's recorded answer and its origin."""

    # the question, rebuilt from the events
    hand: str  #: the concealed tiles, win tile included, mpsz with 0 for a red five
    win: str  #: the win tile (``0m`` when it is the red five)
    melds: tuple[tuple[str, bool], ...]  #: (notation, concealed): concealed is a closed kan
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    last_tile: bool  #: haitei (with tsumo) or houtei (with ron)
    first_draw: bool  #: tenhou (dealer) or chiihou
    dora: tuple[str, ...]  #: dora indicators, in the order they were turned
    ura: tuple[str, ...]  #: ura dora indicators (from the record: not derivable)
    seat_wind: str  #: "1z".."4z"
    round_wind: str  #: "1z".."4z"
    # the answer, from the AGARI tag
    expected_fu: int
    expected_han: int  #: the yaku's han summed; 0 for a yakuman
    expected_points: int  #: what the winner receives, before 本場 and 供託
    expected_limit: int  #: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    expected_yaku: tuple[tuple[int, int], ...]  #: (Tenhou yaku id, han), dora ids with 0 han too
    expected_yakuman: tuple[int, ...]  #: Tenhou yaku ids
    # where it came from
    file: str
    round: str  #: e.g. "E1-0" (東1局0本場), "S4-2"
    turn: int  #: the winner's draws so far in the round (its 巡目)
    winner: int  #: seat 0-3
    from_seat: int  #: the discarder (the winner, for a tsumo)
    dealer: int  #: the dealer's seat
    honba: int  #: 本場 (AGARI ``ba``)
    riichi_sticks: int  #: 供託 on the table (AGARI ``ba``)
    deltas: tuple[int, int, int, int]  #: each seat's points change (AGARI ``sc``, x 100)
    meld_kinds: tuple[MeldKind, ...]  #: the melds' kinds, in the order of ``melds``
    win_index: int  #: 1, or 2 for the second win of a double ron

    @property
    def id(self) -> str:
        """A short name for a test id: file stem, round, winner."""
        return f"{self.file.split('-')[-1].removesuffix('.mjlog')}-{self.round}-seat{self.winner}"

    @property
    def is_closed(self) -> bool:
        return all(concealed for _, concealed in self.melds)


@dataclass
class SeatState:
    hand: list[int] = field(default_factory=list)
    melds: list[tuple[Call, bool]] = field(default_factory=list)  # (call, concealed)
    draws: int = 0
    discards: int = 0
    last_draw: int | None = None
    rinshan_draw: bool = False  # the last draw was a kan's replacement tile
    kan_pending: bool = False  # called a kan, its replacement not drawn yet
    riichi: bool = False
    double_riichi: bool = False
    riichi_pending: bool = False  # REACH step 1 seen, step 2 not yet
    ippatsu: bool = False  # within the go-around after the riichi discard, no call since


@dataclass
class RoundState:
    label: str
    dealer: int
    round_wind: int
    seats: list[SeatState]
    dora: list[int]
    draws: int = 0  # every draw of the round, replacement tiles included
    calls: int = 0  # N tags so far (closed kans too)
    last_discard: tuple[int, int] | None = None  # (seat, tile)
    last_event: str = ""  # "draw", "discard", "call"
    last_call: tuple[int, Call] | None = None  # (seat, call) when last_event == "call"
    ippatsu_before_call: tuple[bool, ...] = (False,) * 4  # for a chankan on that call
    wins: int = 0


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _pairs(values: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((values[i], values[i + 1]) for i in range(0, len(values), 2))


def _label(seed0: int, honba: int) -> str:
    return f"{'ESWN'[seed0 // 4]}{seed0 % 4 + 1}-{honba}"


def recorded_wins(path: Path | str) -> list[RecordedWin]:
    """Every ``AGARI`` of one Tenhou ``mjlog`` file, in order, rebuilt from the events."""
    path = Path(path)
    replay = Replay(path.name)
    wins = [replay.feed(element) for element in ET.parse(path).getroot()]
    return [win for win in wins if win is not None]


class Replay:
    """A game replayed one XML element at a time; ``state`` is the round being played."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.state: RoundState | None = None

    def feed(self, element: ET.Element) -> RecordedWin | None:
        """Apply one element of the record; a win (``AGARI``) is returned, rebuilt."""
        tag, attrib = element.tag, element.attrib
        if tag == "INIT":
            seed = _ints(attrib["seed"])
            self.state = RoundState(
                label=_label(seed[0], seed[1]),
                dealer=int(attrib["oya"]),
                round_wind=seed[0] // 4,
                seats=[SeatState(hand=_ints(attrib[f"hai{i}"])) for i in range(4)],
                dora=[seed[5]],
            )
            return None
        state = self.state
        if state is None:
            return None
        if draw := _DRAW.fullmatch(tag):
            _draw(state, "TUVW".index(draw[1]), int(draw[2]))
        elif discard := _DISCARD.fullmatch(tag):
            _discard(state, "DEFG".index(discard[1]), int(discard[2]))
        elif tag == "N":
            _call(state, int(attrib["who"]), decode_call(int(attrib["m"])))
        elif tag == "REACH":
            _reach(state, int(attrib["who"]), int(attrib["step"]))
        elif tag == "DORA":
            state.dora.append(int(attrib["hai"]))
        elif tag == "AGARI":
            return _win(state, attrib, self.file)
        elif tag == "RYUUKYOKU":
            if "type" not in attrib and state.draws != DRAWABLE:
                raise ValueError(
                    f"{self.file} {state.label}: an exhaustive draw after {state.draws} draws"
                )
            self.state = None
        return None


def _draw(state: RoundState, who: int, tile: int) -> None:
    seat = state.seats[who]
    if state.draws >= DRAWABLE:
        raise ValueError(f"{state.label}: a draw after the wall's {DRAWABLE} tiles")
    state.draws += 1
    seat.draws += 1
    seat.hand.append(tile)
    seat.last_draw = tile
    seat.rinshan_draw = seat.kan_pending
    seat.kan_pending = False
    state.last_event = "draw"


def _discard(state: RoundState, who: int, tile: int) -> None:
    seat = state.seats[who]
    seat.hand.remove(tile)
    if seat.ippatsu:
        seat.ippatsu = False  # the player's own next discard ends the go-around
    if seat.riichi_pending:
        # riichi declared with this discard: on the first discard, before any call, it is
        # a double riichi; the riichi stands (REACH step 2) once the discard is not ronned
        seat.double_riichi = seat.discards == 0 and state.calls == 0
    seat.discards += 1
    seat.rinshan_draw = False
    state.last_discard = (who, tile)
    state.last_event = "discard"


def _reach(state: RoundState, who: int, step: int) -> None:
    seat = state.seats[who]
    if step == 1:
        seat.riichi_pending = True
        return
    if not seat.riichi_pending or state.last_discard is None or state.last_discard[0] != who:
        raise ValueError(f"{state.label}: REACH step 2 for seat {who} without its discard")
    seat.riichi_pending = False
    seat.riichi = True
    seat.ippatsu = True


def _call(state: RoundState, who: int, call: Call) -> None:
    seat = state.seats[who]
    if call.kind in ("chi", "pon", "open kan"):
        if state.last_discard is None or call.taken != state.last_discard[1]:
            raise ValueError(f"{state.label}: seat {who} calls {call}, not the last discard")
        from_hand = [t for t in call.tiles if t != call.taken]
        melded: tuple[Call, bool] = (call, False)
    elif call.kind == "closed kan":
        from_hand = list(call.tiles)
        melded = (call, True)
    else:  # added kan: the pon becomes the kan
        from_hand = [call.taken] if call.taken is not None else []
        index = next(
            i
            for i, (old, _) in enumerate(seat.melds)
            if old.kind == "pon" and old.tiles[0] // 4 == call.tiles[0] // 4
        )
        del seat.melds[index]
        melded = (call, False)
    for tile in from_hand:
        seat.hand.remove(tile)
    seat.melds.append(melded)
    seat.kan_pending = call.kind in ("added kan", "closed kan", "open kan")
    # any call ends every ippatsu; a chankan on an added kan robs the kan before it is
    # made, so it is judged on the state before the call
    state.ippatsu_before_call = tuple(s.ippatsu for s in state.seats)
    for other in state.seats:
        other.ippatsu = False
    state.calls += 1
    state.last_call = (who, call)
    state.last_event = "call"


def _win(state: RoundState, attrib: dict[str, str], file: str) -> RecordedWin:
    who, from_who = int(attrib["who"]), int(attrib["fromWho"])
    seat = state.seats[who]
    where = f"{file} {state.label} seat {who}"
    tsumo = who == from_who
    chankan = False
    ippatsu = seat.ippatsu
    if tsumo:
        if state.last_event != "draw" or seat.last_draw is None:
            raise ValueError(f"{where}: a tsumo not after the winner's draw")
        win = seat.last_draw
        concealed = list(seat.hand)
        rinshan = seat.rinshan_draw
        last_tile = state.draws == DRAWABLE and not rinshan
        first_draw = seat.draws == 1 and seat.discards == 0 and state.calls == 0
    else:
        rinshan = False
        first_draw = False
        if state.last_event == "call":
            # robbing a kan: the added tile of an added kan (or, for kokushi, a closed kan)
            assert state.last_call is not None
            caller, call = state.last_call
            if caller != from_who or call.kind not in ("added kan", "closed kan"):
                raise ValueError(f"{where}: a ron after a call that is not a kan")
            chankan = True
            win = call.taken if call.taken is not None else -1
            if call.kind == "closed kan":
                machi = int(attrib["machi"])
                if machi not in call.tiles:
                    raise ValueError(f"{where}: a ron on a closed kan of another tile")
                win = machi
            ippatsu = state.ippatsu_before_call[who]
            last_tile = False
        else:
            if state.last_event != "discard" or state.last_discard is None:
                raise ValueError(f"{where}: a ron not after a discard")
            if state.last_discard[0] != from_who:
                raise ValueError(f"{where}: a ron on another seat's discard")
            win = state.last_discard[1]
            last_tile = state.draws == DRAWABLE
        concealed = [*seat.hand, win]

    # the board as Tenhou records it must be the board the replay built
    hai = sorted(_ints(attrib["hai"]))
    if sorted(concealed) != hai:
        raise ValueError(f"{where}: replayed hand {sorted(concealed)} is not hai={hai}")
    if int(attrib["machi"]) != win:
        raise ValueError(f"{where}: replayed win tile {win} is not machi={attrib['machi']}")
    recorded_melds = sorted(decode_call(m).tiles for m in _ints(attrib.get("m")))
    if recorded_melds != sorted(call.tiles for call, _ in seat.melds):
        raise ValueError(f"{where}: replayed melds are not m={attrib.get('m')}")
    dora_hai = _ints(attrib["doraHai"])
    if dora_hai != state.dora:
        raise ValueError(f"{where}: replayed dora {state.dora} are not doraHai={dora_hai}")

    ten = _ints(attrib["ten"])
    yaku = _pairs(_ints(attrib.get("yaku")))
    yakuman = tuple(_ints(attrib.get("yakuman")))
    ba = _ints(attrib["ba"])
    sc = _ints(attrib["sc"])
    state.wins += 1
    return RecordedWin(
        hand=notation(concealed),
        win=tile_name(win),
        melds=tuple((notation(call.tiles), concealed_kan) for call, concealed_kan in seat.melds),
        tsumo=tsumo,
        riichi=seat.riichi,
        double_riichi=seat.double_riichi and seat.riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        last_tile=last_tile,
        first_draw=first_draw,
        dora=tuple(tile_name(t) for t in state.dora),
        ura=tuple(tile_name(t) for t in _ints(attrib.get("doraHaiUra"))),
        seat_wind=f"{(who - state.dealer) % 4 + 1}z",
        round_wind=f"{state.round_wind + 1}z",
        expected_fu=ten[0],
        expected_han=sum(han for _, han in yaku),
        expected_points=ten[1],
        expected_limit=ten[2],
        expected_yaku=yaku,
        expected_yakuman=yakuman,
        file=file,
        round=state.label,
        turn=seat.draws,
        winner=who,
        from_seat=from_who,
        dealer=state.dealer,
        honba=ba[0],
        riichi_sticks=ba[1],
        deltas=(sc[1] * 100, sc[3] * 100, sc[5] * 100, sc[7] * 100),
        meld_kinds=tuple(call.kind for call, _ in seat.melds),
        win_index=state.wins,
    )


@dataclass(frozen=True)
class ViewerWin:
    """One win (和了) as the JSON of Tenhou's log viewer states it."""

    round: str  #: as :attr:`RecordedWin.round`
    winner: int
    from_seat: int
    result: str  #: e.g. "30符4飜7700点", "満貫2000-4000点", "跳満6000点∀"
    yaku: tuple[str, ...]  #: e.g. "立直(1飜)", "大三元(役満)"; yaku of 0 han are left out

    @property
    def points(self) -> int:
        """What the winner receives before 本場 and 供託, from :attr:`result`: a ron's
        points, a non-dealer's tsumo as each non-dealer's payment and the dealer's
        ("700-1300点"), a dealer's tsumo as each player's payment ("2000点∀")."""
        match = _POINTS.search(self.result)
        if match is None:
            raise ValueError(f"no points in {self.result!r}")
        first = int(match[1])
        if match[2]:
            return 2 * first + int(match[2])
        return 3 * first if match[3] else first


def viewer_wins(path: Path | str) -> list[ViewerWin]:
    """Every win of one log-viewer JSON file (a JSON object per line, a round in each)."""
    wins: list[ViewerWin] = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        for round_ in json.loads(line)["log"]:
            kyoku, honba = round_[0][0], round_[0][1]
            result = round_[-1]
            if result[0] != "和了":
                continue
            # ["和了", deltas, [who, from, pao, text, yaku...], deltas, [...] (a double ron)]
            for info in result[2::2]:
                wins.append(
                    ViewerWin(
                        round=_label(kyoku, honba),
                        winner=info[0],
                        from_seat=info[1],
                        result=info[3],
                        yaku=tuple(info[4:]),
                    )
                )
    return wins

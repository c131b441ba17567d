"""The events of a game record (牌譜), in a form that no record format owns.

Every parser (:mod:`~shanten.games.tenhou_xml`, :mod:`~shanten.games.tenhou_json`,
:mod:`~shanten.games.mjai`) turns a record into a list of these events, and
:mod:`~shanten.games.replay` plays them.

A tile in an event is a small int *code*: 0-33 are the 34 kinds in the library's order
(1m-9m, 1p-9p, 1s-9s, 1z-7z), and 34, 35, 36 are the red fives (赤ドラ) 0m, 0p, 0s.
:func:`kind` maps a code to its kind, :func:`code_name` to notation:

>>> kind(35), code_name(35), code_name(13), code_of("0s")
(13, '0p', '5p', 36)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final, Literal

from shanten.tiles import TILE_NAMES

__all__ = [
    "CODE_KIND",
    "CODE_NAMES",
    "CODE_SUIT",
    "DISCARDS",
    "DRAWS",
    "NUM_CODES",
    "RED_CODES",
    "Call",
    "CallKind",
    "Discard",
    "Dora",
    "Draw",
    "Event",
    "GameEnd",
    "Record",
    "Riichi",
    "Round",
    "RoundEnd",
    "RoundStart",
    "Win",
    "code_name",
    "code_of",
    "counts_text",
    "describe",
    "hand_text",
    "kind",
    "suit_text",
]

#: How many tile codes there are: 34 kinds and 3 red fives.
NUM_CODES: Final = 37
#: The kind (0-33) of each tile code.
CODE_KIND: Final[tuple[int, ...]] = (*range(34), 4, 13, 22)
#: The code of the red five of each suit, by the kind of the five: 5m, 5p, 5s.
RED_CODES: Final = {4: 34, 13: 35, 22: 36}
#: The notation of each tile code (``CODE_NAMES[code] == code_name(code)``).
CODE_NAMES: Final = (*TILE_NAMES, "0m", "0p", "0s")
_NAMES: Final = CODE_NAMES
_CODES: Final = {name: code for code, name in enumerate(_NAMES)}


def kind(code: int) -> int:
    """The kind (0-33) of a tile code: a red five is a five."""
    return CODE_KIND[code]


def code_name(code: int) -> str:
    """A tile code in notation: ``5m``, or ``0m`` for the red five."""
    return _NAMES[code]


def code_of(name: str) -> int:
    """The tile code of one tile in notation (``5m``, ``0m``); KeyError if it is not one."""
    return _CODES[name]


def counts_text(counts: list[int]) -> str:
    """The 37 counts by tile code in notation, as :func:`hand_text` writes the tiles."""
    return (
        _suit_text(0, *counts[0:9], counts[34])
        + _suit_text(1, *counts[9:18], counts[35])
        + _suit_text(2, *counts[18:27], counts[36])
        + _suit_text(3, *counts[27:34])
    )


#: The suit (0-3: m, p, s, z) of each tile code.
CODE_SUIT: Final[tuple[int, ...]] = (*(kind // 9 for kind in range(34)), 0, 1, 2)


def suit_text(counts: list[int], suit: int) -> str:
    """One suit (0-3: m, p, s, z) of the 37 counts by tile code, as :func:`counts_text`
    writes it: the four suits' texts joined are the counts' text."""
    if suit == 3:
        return _suit_text(3, *counts[27:34])
    base = 9 * suit
    return _suit_text(suit, *counts[base : base + 9], counts[34 + suit])


@functools.lru_cache(maxsize=1 << 14)
def _suit_text(suit: int, *counts: int) -> str:
    """One suit of a hand in notation, from the counts of its kinds in order (and of its
    red five, written ``0`` before the fives); the same few suits recur hand after hand."""
    reds = counts[9] if len(counts) > 9 else 0
    text = "".join(
        ("0" * reds if number == 5 else "") + str(number) * count
        for number, count in enumerate(counts[:9], 1)
    )
    return text + "mpsz"[suit] if text else ""


def hand_text(codes: list[int] | tuple[int, ...]) -> str:
    """Tile codes in mpsz notation, sorted, red fives written ``0``: ``'0556m11z'``."""
    groups: dict[str, list[str]] = {"m": [], "p": [], "s": [], "z": []}
    for code in sorted(codes, key=lambda c: (CODE_KIND[c], c < 34)):
        name = _NAMES[code]
        groups[name[1]].append(name[0])
    return "".join("".join(digits) + suit for suit, digits in groups.items() if digits)


WINDS: Final = ("East", "South", "West", "North")


@dataclass(frozen=True, slots=True, order=True)
class Round:
    """Which round (局) of the game: ``wind`` 0-3 (East to North, 場風), ``number`` 1-4
    and ``honba`` (本場). It prints as ``East 2, 1 honba``."""

    wind: int
    number: int
    honba: int

    def __str__(self) -> str:
        return f"{WINDS[self.wind]} {self.number}, {self.honba} honba"


@dataclass(frozen=True, slots=True)
class RoundStart:
    """The start of a round (局): ``wind`` 0-3 (East to North, 場風), ``number`` 1-4 (East 1
    is 東1局), ``honba`` (本場), ``sticks`` (riichi deposits, 供託), ``dealer`` (親) seat,
    the first dora indicator (ドラ表示牌), the seats' scores and each seat's 13 start tiles
    (配牌; three hands in 3-player games)."""

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    dora: int
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]

    @property
    def round(self) -> Round:
        """The round this event starts."""
        return Round(self.wind, self.number, self.honba)


@dataclass(frozen=True, slots=True)
class Draw:
    """A seat draws a tile (自摸), the replacement draw after a kan (嶺上) included."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat discards a tile (打牌); ``tsumogiri`` when it is the tile just drawn (ツモ切り)."""

    seat: int
    tile: int
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class Riichi:
    """A seat declares riichi (立直); its next event is the declaring discard."""

    seat: int


CallKind = Literal["chi", "pon", "daiminkan", "ankan", "kakan", "nukidora"]


@dataclass(frozen=True, slots=True)
class Call:
    """A call (副露): chi (チー), pon (ポン), an open kan (大明槓), a closed kan (暗槓), an
    added kan (加槓) or a North set aside in 3-player mahjong (抜きドラ).

    ``tiles`` are all the meld's tiles (the four of a kan; the North alone for
    ``nukidora``), ``called`` the tile taken from another seat's discard (None for a
    closed kan and a North) or the tile added to a pon (``kakan``), ``target`` the seat it
    came from (the caller itself for a closed kan, an added kan and a North).
    """

    seat: int
    kind: CallKind
    tiles: tuple[int, ...]
    called: int | None
    target: int


@dataclass(frozen=True, slots=True)
class Dora:
    """A new dora indicator (新ドラ表示牌) turned after a kan."""

    tile: int


@dataclass(frozen=True, slots=True)
class Win:
    """A win (和了): ``seat`` wins on ``tile`` from ``target`` (itself for a self-drawn
    win, 自摸和). ``hand`` is the winner's concealed tiles with the winning tile, as the
    record shows them, or None where the record does not show them."""

    seat: int
    target: int
    tile: int | None
    hand: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """A round ends without a win: an exhaustive draw (流局) or an abortive one (途中流局).
    ``reason`` is ``"exhaustive"`` or the abortive kind; ``hands`` maps each seat that
    showed its hand (聴牌 at an exhaustive draw) to its concealed tiles."""

    reason: str
    hands: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The end of the game (終局)."""


Event = RoundStart | Draw | Discard | Riichi | Call | Dora | Win | RoundEnd | GameEnd

#: Every draw of seats 0-3, made once (events are immutable, so records share them):
#: ``DRAWS[seat][code]``.
DRAWS: Final = tuple(tuple(Draw(seat, code) for code in range(NUM_CODES)) for seat in range(4))
#: Every discard of seats 0-3, made once: ``DISCARDS[tsumogiri][seat][code]``.
DISCARDS: Final = tuple(
    tuple(tuple(Discard(seat, code, drawn) for code in range(NUM_CODES)) for seat in range(4))
    for drawn in (False, True)
)


@dataclass(frozen=True, slots=True)
class Record:
    """One parsed record: the events, the players' names, the number of players and
    whether the record reached its end (False for a record cut short at a tag boundary)."""

    events: list[Event]
    names: tuple[str, ...]
    players: int
    ended: bool


def describe(event: Event) -> str:
    """A short form of an event for messages: ``discard 5m by seat 2``."""
    if isinstance(event, (Draw, Discard)):
        verb = "draw" if isinstance(event, Draw) else "discard"
        return f"{verb} {code_name(event.tile)} by seat {event.seat}"
    if isinstance(event, Call):
        return f"{event.kind} {hand_text(event.tiles)} by seat {event.seat}"
    if isinstance(event, Riichi):
        return f"riichi by seat {event.seat}"
    if isinstance(event, Dora):
        return f"dora indicator {code_name(event.tile)}"
    if isinstance(event, Win):
        return f"win by seat {event.seat} from seat {event.target}"
    if isinstance(event, RoundStart):
        return f"start of {event.round}"
    if isinstance(event, RoundEnd):
        return f"draw ({event.reason})"
    return "end of game"

"""One round of Tenhou's JSON (天鳳牌譜ビューア) played turn by turn from its per-seat lists.

A round of the log lists per seat its start hand (配牌), its draws (取り) and its
discards (捨て); :class:`RoundLists` holds them with how far each list has been played,
the tiles each seat holds and the events written so far, and plays one step at a time: a
draw, a discard, a closed or added kan (暗槓・加槓), a North set aside (抜きドラ), the
round's result. Which discard a chi, pon or open kan takes is the search's to decide
(:mod:`shanten.games.call_pairing`). A step the lists contradict is a :class:`DeadEnd`.

The tile numbers of the format (11-19, 21-29, 31-39, 41-47, 51-53 for the red fives) as
tile codes:

>>> tile_code(15), tile_code(51), tile_code(47)
(4, 34, 33)
>>> call_tiles("p434343")
(29, 29, 29)
"""

from __future__ import annotations

import re
from typing import Any, Final

from shanten.games.events import (
    CODE_KIND,
    DISCARDS,
    DRAWS,
    NUM_CODES,
    RED_CODES,
    Call,
    Dora,
    Event,
    Riichi,
    Round,
    RoundEnd,
    RoundStart,
    Win,
    code_name,
    counts_text,
)

__all__ = ["DeadEnd", "RoundLists", "call_tiles", "tile_code"]

_CALL_LETTERS: Final = {"c": "chi", "p": "pon", "m": "daiminkan", "a": "ankan", "k": "kakan"}
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


class DeadEnd(ValueError):
    """A pairing of calls with discards that the lists contradict."""


def tile_code(value: object) -> int:
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


def call_tiles(item: str) -> tuple[int, ...]:
    """The tile codes of a call string, its letter left out."""
    return tuple(tile_code(int(pair)) for pair in re.findall(r"\d\d", re.sub(r"[a-z]", "", item)))


class RoundLists:
    """Rebuilds the events of one round from its per-seat lists, a step at a time."""

    def __init__(self, data: list[Any], players: int, events: list[Event]) -> None:
        self.events = events
        self.players = players
        info = data[0]
        self.round_index, self.honba, self.sticks = int(info[0]), int(info[1]), int(info[2])
        self.scores = tuple(int(x) for x in data[1][:players])
        self.dora = [tile_code(t) for t in data[2]]
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
                self.held[seat][tile_code(tile)] += 1

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
                tuple(tuple(tile_code(t) for t in hand) for hand in self.hands),
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
            raise DeadEnd(f"seat {seat} meets its call {item!r} where a draw is due")
        self.next_draw[seat] += 1
        code = tile_code(item)
        self.last_drawn[seat] = code
        self.held[seat][code] += 1
        self.events.append(DRAWS[seat][code])
        return True

    def remove(self, seat: int, code: int) -> None:
        """Take ``code`` from the seat's hand: a dead end if the seat does not hold it."""
        held = self.held[seat]
        if not held[code]:
            raise DeadEnd(f"{code_name(code)} is not in seat {seat}'s hand {counts_text(held)}")
        held[code] -= 1

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
                north = tile_code(int(item[1:]))
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
                raise DeadEnd("60 (the drawn tile) with no tile drawn")
            self.remove(seat, drawn)
            self.events.append(DISCARDS[True][seat][drawn])
        else:
            code = tile_code(item)
            self.remove(seat, code)
            self.events.append(DISCARDS[False][seat][code])
        self.last_drawn[seat] = None

    def kan(self, seat: int, item: str, letter: str) -> None:
        tiles = call_tiles(item)
        self.last_drawn[seat] = None
        if letter == "a":
            for code in tiles:
                self.remove(seat, code)
            self.events.append(Call(seat, "ankan", tiles, None, seat))
            self.new_dora()
            return
        pon = self.pons.pop((seat, CODE_KIND[tiles[0]]), None)
        if pon is None:
            raise DeadEnd(f"{item!r} adds to a pon that seat {seat} does not have")
        rest = list(tiles)
        for code in pon:
            rest.remove(code)
        self.remove(seat, rest[0])
        self.events.append(Call(seat, "kakan", (*pon, rest[0]), rest[0], seat))
        self.dora_after_draw = True

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

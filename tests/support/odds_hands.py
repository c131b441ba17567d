"""Seeded hands for the odds tests: random hands dealt from a shuffled wall, with or
without melds and visible tiles, and ready hands built from a complete one."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import shanten
from shanten.tiles import NUM_TILES, SANMA_ABSENT
from support.odds_reference import Counts


@dataclass(frozen=True)
class Deal:
    """A hand to ask the odds of: concealed counts, melds (notation), rules, visible
    counts (34)."""

    hand: Counts
    melds: tuple[str, ...] = ()
    players: int = 4
    visible: Counts = (0,) * NUM_TILES
    count_melded_copies: bool = False
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        parts = [str(shanten.Hand(list(self.hand)))]
        if self.melds:
            parts.append("melds=" + ",".join(self.melds))
        if any(self.visible):
            parts.append("visible=" + "".join(_names(self.visible)))
        if self.players == 3:
            parts.append("3p")
        return " ".join(parts)

    def options(self) -> dict[str, Any]:
        """The keyword options of ``shanten.odds`` for this deal."""
        return {
            "melds": list(self.melds),
            "players": self.players,
            "visible": list(self.visible),
            "count_melded_copies": self.count_melded_copies,
        }


def _names(counts: Counts) -> list[str]:
    return [str(shanten.Tile(t)) for t in range(NUM_TILES) for _ in range(counts[t])]


def wall(players: int) -> list[int]:
    """The kinds of the game's tiles, one entry per physical tile (108 with 3 players)."""
    return [t // 4 for t in range(136) if players == 4 or t // 4 not in SANMA_ABSENT]


def meld_name(tiles: list[int]) -> str:
    """Meld notation of three tiles of one suit (or honours): '123m', '555z'."""
    return "".join(str(shanten.Tile(t))[0] for t in tiles) + str(shanten.Tile(tiles[0]))[1]


def _take_meld(rng: random.Random, left: list[int], players: int) -> list[int] | None:
    """A random pon or chi still in ``left`` (counts), taken out of it; None if the try
    failed."""
    kind = rng.randrange(NUM_TILES)
    if players == 3 and kind in SANMA_ABSENT:
        return None
    chi = kind < 27 and kind % 9 <= 6 and rng.random() < 0.5
    tiles = [kind, kind + 1, kind + 2] if chi else [kind] * 3
    if players == 3 and any(t in SANMA_ABSENT for t in tiles):
        return None
    need = [tiles.count(t) for t in range(NUM_TILES)]
    if any(need[t] > left[t] for t in range(NUM_TILES)):
        return None
    for t in tiles:
        left[t] -= 1
    return tiles


def deal(
    rng: random.Random,
    *,
    size: int = 14,
    players: int = 4,
    melds: int = 0,
    visible: int = 0,
    count_melded_copies: bool = False,
) -> Deal:
    """A random deal: ``melds`` melds, then ``size - 3 * melds`` concealed tiles and
    ``visible`` visible tiles off a shuffled wall."""
    left = [0] * NUM_TILES
    for t in wall(players):
        left[t] += 1
    meld_list: list[str] = []
    while len(meld_list) < melds:
        tiles = _take_meld(rng, left, players)
        if tiles is not None:
            meld_list.append(meld_name(tiles))
    rest = [t for t in range(NUM_TILES) for _ in range(left[t])]
    rng.shuffle(rest)
    concealed = size - 3 * melds
    hand = [0] * NUM_TILES
    for t in rest[:concealed]:
        hand[t] += 1
    seen = [0] * NUM_TILES
    for t in rest[concealed : concealed + visible]:
        seen[t] += 1
    return Deal(tuple(hand), tuple(meld_list), players, tuple(seen), count_melded_copies)


def deal_shanten(rng: random.Random, wanted: tuple[int, ...], **options: int | bool) -> Deal:
    """A random deal (as :func:`deal`) whose hand has a shanten in ``wanted``."""
    while True:
        found = deal(rng, **options)  # type: ignore[arg-type]
        number = shanten.shanten(
            list(found.hand),
            melds=list(found.melds),
            players=found.players,
            count_melded_copies=found.count_melded_copies,
        )
        if number in wanted:
            return found


def ready(rng: random.Random, *, players: int = 4, melds: int = 0, visible: int = 0) -> Deal:
    """A random ready 13-tile deal (3n+1 concealed tiles): a random complete hand of four
    sets and a pair, ``melds`` of its sets called, less one concealed tile."""
    while True:
        left = [0] * NUM_TILES
        for t in wall(players):
            left[t] += 1
        sets: list[list[int]] = []
        while len(sets) < 4:
            tiles = _take_meld(rng, left, players)
            if tiles is not None:
                sets.append(tiles)
        pairs = [t for t in range(NUM_TILES) if left[t] >= 2]
        pair = rng.choice(pairs)
        left[pair] -= 2
        concealed = [t for tiles in sets[melds:] for t in tiles] + [pair, pair]
        concealed.remove(rng.choice(concealed))
        hand = [0] * NUM_TILES
        for t in concealed:
            hand[t] += 1
        rest = [t for t in range(NUM_TILES) for _ in range(left[t])]
        rng.shuffle(rest)
        seen = [0] * NUM_TILES
        for t in rest[:visible]:
            seen[t] += 1
        meld_list = tuple(meld_name(tiles) for tiles in sets[:melds])
        return Deal(tuple(hand), meld_list, players, tuple(seen))


def with_draw(rng: random.Random, start: Deal) -> Deal:
    """``start`` (3n+1) with one more random tile still in the wall: a 3n+2 deal."""
    seen = list(start.hand)
    for meld in start.melds:
        for melded in shanten.Meld(meld):
            seen[melded.index] += 1
    for t in range(NUM_TILES):
        seen[t] += start.visible[t]
    tile = rng.choice([t for t in wall(start.players) if seen[t] < 4])
    hand = list(start.hand)
    hand[tile] += 1
    return Deal(tuple(hand), start.melds, start.players, start.visible)

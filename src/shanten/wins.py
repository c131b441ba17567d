"""Winning hands (和了形): whether a hand is complete, every way it splits, and its waits (待ち).

A complete hand splits into sets (面子) and one pair (雀頭), or is seven distinct pairs
(七対子), or thirteen orphans (国士無双). The same tiles can split in more than one way,
and a ready hand (聴牌) can take its winning tile (和了牌) into different blocks, each with
its own wait shape:

>>> is_complete("123m456p789s11155z"), is_complete("123m456p789s1115z")
(True, False)
>>> [str(d) for d in decompositions("111222333m55z")]
['111m 222m 333m 55z', '123m 123m 123m 55z']
>>> w = waits("3334m456p789s111z")
>>> str(w), sorted(w.shapes("4m")), sorted(w.shapes("5m"))
('2m 4m 5m', ['tanki'], ['ryanmen'])
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from shanten.errors import HandError
from shanten.forms import Form
from shanten.hand import HandLike, Meld, MeldLike, position
from shanten.notation import counts_of, format_counts
from shanten.options import Flag, PlayersLike
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS, Tile, TileCollection

__all__ = [
    "Block",
    "BlockKind",
    "Decomposition",
    "WaitReading",
    "WaitShape",
    "Waits",
    "decompositions",
    "is_complete",
    "waits",
]

BlockKind = Literal["run", "triplet", "quad", "pair", "orphans"]
WaitShape = Literal["tanki", "shanpon", "kanchan", "penchan", "ryanmen", "kokushi", "kokushi13"]

_MELD_KINDS: Final[dict[str, BlockKind]] = {"chi": "run", "pon": "triplet", "kan": "quad"}
_FORM_ORDER: Final[dict[Form, int]] = {"standard": 0, "chiitoitsu": 1, "kokushi": 2}


@dataclass(frozen=True)
class Block(TileCollection):
    """One block of a complete hand: a run (順子), a triplet (刻子), a called quad (槓子),
    the pair (雀頭), or the fourteen tiles of thirteen orphans (国士無双) as one block.

    ``melded`` marks a declared meld (副露), ``concealed`` a concealed quad (暗槓) among
    them; ``str`` is the block's canonical mpsz. A block
    behaves as the collection of its tiles: ``len``, iteration and ``in`` (a Tile or its
    notation) read ``tiles``.

    >>> block = Block("run", (Tile("1m"), Tile("2m"), Tile("3m")))
    >>> str(block), len(block), "2m" in block
    ('123m', 3, True)
    """

    kind: BlockKind
    tiles: tuple[Tile, ...]
    melded: bool = False
    concealed: bool = False

    def __str__(self) -> str:
        return format_counts(counts_of(int(tile) for tile in self.tiles))


@dataclass(frozen=True)
class Decomposition:
    """One way a complete hand splits: its ``form`` and its ``blocks``, the concealed blocks
    (sets in tile order, then the pair) followed by the called melds as given, printed in
    brackets (a concealed quad in parentheses). It behaves as the sequence of its blocks:
    ``len``, iteration and ``in`` read ``blocks``.

    >>> first = decompositions("123m456p789s55z", melds=["111z"])[0]
    >>> str(first), len(first), [block.kind for block in first]
    ('123m 456p 789s 55z [111z]', 5, ['run', 'run', 'run', 'pair', 'triplet'])
    """

    form: Form
    blocks: tuple[Block, ...]

    def __len__(self) -> int:
        return len(self.blocks)

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)

    def __str__(self) -> str:
        return " ".join(
            f"({block})" if block.concealed else f"[{block}]" if block.melded else str(block)
            for block in self.blocks
        )


@dataclass(frozen=True)
class WaitReading:
    """A winning tile (和了牌) read into one decomposition: ``decomposition.blocks[block_index]``
    is the block it completes, and ``shape`` the wait that block had: 単騎 ``tanki`` (the
    pair, also in seven pairs), 双碰 ``shanpon`` (a triplet), 嵌張 ``kanchan`` (the middle of
    a run), 辺張 ``penchan`` (3 of 123, 7 of 789), 両面 ``ryanmen`` (the other runs),
    ``kokushi`` (thirteen orphans on its missing tile) or ``kokushi13`` (thirteen orphans
    holding all thirteen, 十三面待ち).

    >>> str(waits("12m456p789s11155z").readings[0])
    '3m penchan: 123m 456p 789s 111z 55z'
    """

    tile: Tile
    decomposition: Decomposition
    block_index: int
    shape: WaitShape

    @property
    def block(self) -> Block:
        """The block the winning tile completes."""
        return self.decomposition.blocks[self.block_index]

    def __str__(self) -> str:
        return f"{self.tile} {self.shape}: {self.decomposition}"


@dataclass(frozen=True)
class Waits(TileCollection):
    """The winning tiles (和了牌) of a hand and every reading of each, in tile order.

    It behaves as the collection of its winning tiles: ``len``, iteration and ``in`` (a
    Tile or its notation) read ``tiles``, and ``str`` lists them.

    >>> w = waits("2345m456p789s111z")
    >>> str(w), len(w), "5m" in w, w.shapes("5m")
    ('2m 5m', 2, True, frozenset({'tanki'}))
    >>> [str(tile) for tile in w]
    ['2m', '5m']
    """

    readings: tuple[WaitReading, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The winning tiles, in tile order."""
        return tuple(dict.fromkeys(reading.tile for reading in self.readings))

    def shapes(self, tile: Tile | str | int) -> frozenset[WaitShape]:
        """The wait shapes with which ``tile`` wins (empty if it does not)."""
        wanted = Tile(tile)
        return frozenset(reading.shape for reading in self.readings if reading.tile == wanted)

    def __str__(self) -> str:
        return " ".join(str(tile) for tile in self.tiles)


def is_complete(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
) -> bool:
    """True iff the concealed hand is complete (和了形): ``shanten(...) == -1``.

    Standard: n sets and a pair for 3n+2 concealed tiles (a small closed hand implies the
    missing sets); seven distinct pairs or thirteen orphans: closed 14-tile hands only. A
    3n+1 hand is never complete. Bad input raises as :func:`~shanten.hand.position` does.

    >>> is_complete("11m"), is_complete("1m"), is_complete("1111m2233p")
    (True, False, False)
    >>> is_complete("1122m3344p5566s77z"), is_complete("1111m22p33s44z55z66z")
    (True, False)
    >>> is_complete("19m19p19s12345677z"), is_complete("55z", melds=["123m", "456p", "789s", "111z"])
    (True, True)
    """
    pos = position(hand, melds, players, count_melded_copies)
    if pos.size % 3 != 2:
        return False
    return next(_readings(list(pos.counts), closed=not pos.melds), None) is not None


def decompositions(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
) -> tuple[Decomposition, ...]:
    """Every distinct way a complete hand splits; empty if it is not complete.

    Standard readings come first, sorted by their blocks, then seven pairs, then thirteen
    orphans. Called melds are appended to every reading as given, marked ``melded``.

    >>> for d in decompositions("112233m445566p77z"):
    ...     print(d.form, d)
    standard 123m 123m 456p 456p 77z
    chiitoitsu 11m 22m 33m 44p 55p 66p 77z
    >>> decompositions("1234m")
    ()
    """
    pos = position(hand, melds, players, count_melded_copies)
    if pos.size % 3 != 2:
        return ()
    melded = _meld_blocks(pos.melds)
    return tuple(
        Decomposition(form, blocks + melded)
        for form, blocks in _sorted_readings(list(pos.counts), closed=not pos.melds)
    )


def waits(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
) -> Waits:
    """The winning tiles (和了牌) of a 3n+1 hand, each with every reading and wait shape.

    A tile can win when the game has it (not 2m-8m with three players) and the hand holds
    fewer than 4 of it. Under the default rule copies in melds do not count, so a tile whose
    other copies are all called is still a winning tile (a dead wait, 空聴); with
    ``count_melded_copies=True`` it is not. A hand that is not ready returns empty Waits.

    >>> str(waits("13m456p789s11155z")), str(waits("1m"))
    ('2m', '1m')
    >>> str(waits("23m44p", melds=["1111m", "444z", "555z"]))
    '1m 4m'
    >>> str(waits("23m44p", melds=["1111m", "444z", "555z"], count_melded_copies=True))
    '4m'
    >>> len(waits("1111m123456789p"))  # the only wait would be a fifth 1m
    0
    >>> waits("11m")
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 2 tiles: waits are read from a hand of 3n+1 tiles (1, 4, 7, 10 or 13)
    """
    pos = position(hand, melds, players, count_melded_copies)
    if pos.size % 3 != 1:
        raise HandError(
            f"{pos.size} tiles: waits are read from a hand of 3n+1 tiles (1, 4, 7, 10 or 13)"
        )
    counts = list(pos.counts)
    melded = _meld_blocks(pos.melds)
    closed = not pos.melds
    thirteen_sided = all(counts[i] == 1 for i in TERMINALS_AND_HONOURS)
    readings: list[WaitReading] = []
    for tile in range(NUM_TILES):
        # caps: 4, less the melded copies under the rule; 0 for 2m-8m with three players
        if counts[tile] >= pos.caps[tile]:
            continue
        counts[tile] += 1
        drawn = Tile(tile)
        for form, blocks in _sorted_readings(counts, closed):
            decomposition = Decomposition(form, blocks + melded)
            for index, block in enumerate(blocks):
                if drawn in block.tiles and block not in blocks[:index]:
                    shape = _shape(block, tile, thirteen_sided)
                    readings.append(WaitReading(drawn, decomposition, index, shape))
        counts[tile] -= 1
    return Waits(tuple(readings))


def _shape(block: Block, tile: int, thirteen_sided: bool) -> WaitShape:
    """The wait a concealed block had before ``tile`` completed it."""
    if block.kind == "pair":
        return "tanki"
    if block.kind == "triplet":
        return "shanpon"
    if block.kind == "orphans":
        return "kokushi13" if thirteen_sided else "kokushi"
    first = int(block.tiles[0])
    if tile == first + 1:
        return "kanchan"
    if (tile == first + 2 and first % 9 == 0) or (tile == first and first % 9 == 6):
        return "penchan"
    return "ryanmen"


@functools.cache
def _block(kind: BlockKind, tiles: tuple[int, ...]) -> Block:
    return Block(kind, tuple(Tile(i) for i in tiles))


def _meld_blocks(melds: Sequence[Meld]) -> tuple[Block, ...]:
    return tuple(
        Block(_MELD_KINDS[meld.kind], meld.tiles, melded=True, concealed=meld.concealed)
        for meld in melds
    )


def _sorted_readings(counts: list[int], closed: bool) -> list[tuple[Form, tuple[Block, ...]]]:
    """Every reading of a 3n+2 count vector, in the documented order."""
    return sorted(
        _readings(counts, closed),
        key=lambda reading: (
            _FORM_ORDER[reading[0]],
            [tuple(map(int, block.tiles)) for block in reading[1]],
        ),
    )


def _readings(counts: list[int], closed: bool) -> Iterator[tuple[Form, tuple[Block, ...]]]:
    """The readings of a 3n+2 count vector (mutated while iterating, restored after):
    standard ones, then seven pairs and thirteen orphans for a closed 14-tile hand."""
    for pair in range(NUM_TILES):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for sets in _sets(counts, 0):
                yield "standard", (*sets, _block("pair", (pair, pair)))
            counts[pair] += 2
    if not closed or sum(counts) != 14:
        return
    pairs = [i for i in range(NUM_TILES) if counts[i]]
    if len(pairs) == 7 and all(counts[i] == 2 for i in pairs):
        yield "chiitoitsu", tuple(_block("pair", (i, i)) for i in pairs)
    orphans = [counts[i] for i in TERMINALS_AND_HONOURS]
    if all(orphans) and sum(orphans) == 14:  # all thirteen, one twice, nothing else
        tiles = tuple(i for i in TERMINALS_AND_HONOURS for _ in range(counts[i]))
        yield "kokushi", (_block("orphans", tiles),)


def _sets(counts: list[int], start: int) -> Iterator[tuple[Block, ...]]:
    """Every multiset of sets that uses up ``counts[start:]`` exactly, each once: the lowest
    tile left starts either a triplet and the rest runs, or only runs (a count is at most 4,
    so at most one triplet), and these choices never give the same multiset twice."""
    tile = start
    while tile < NUM_TILES and not counts[tile]:
        tile += 1
    if tile == NUM_TILES:
        yield ()
        return
    count = counts[tile]
    can_run = tile < 27 and tile % 9 <= 6
    for triplets in (1, 0) if count >= 3 else (0,):
        runs = count - 3 * triplets
        if runs and not (can_run and counts[tile + 1] >= runs and counts[tile + 2] >= runs):
            continue
        head = (_block("triplet", (tile,) * 3),) * triplets
        counts[tile] = 0
        if runs:
            head += (_block("run", (tile, tile + 1, tile + 2)),) * runs
            counts[tile + 1] -= runs
            counts[tile + 2] -= runs
        for rest in _sets(counts, tile + 1):
            yield head + rest
        counts[tile] = count
        if runs:
            counts[tile + 1] += runs
            counts[tile + 2] += runs

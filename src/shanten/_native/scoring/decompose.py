"""Every reading of a winning hand (和了形の解釈): each decomposition with each block the
winning tile can have completed, and the wait (待ち) that block had.

The same tiles can score differently by how they are read: ``234m 44m`` won on 4m is a
two-sided wait (両面) read as ``234m`` completed by its 4m, and a pair wait (単騎) read
as the ``44m`` pair; ``111222333m`` is three triplets or three identical runs. The
scorer scores every reading and keeps the highest.

>>> from shanten.hand import Meld
>>> for r in readings(_counts("23444m"), (Meld("123p"), Meld("456p"), Meld("789s")), 3):
...     print(r)
4m ryanmen: 234m 44m [123p] [456p] [789s]
4m tanki: 234m 44m [123p] [456p] [789s]
"""

from __future__ import annotations

from collections.abc import Sequence

from shanten.hand import Meld
from shanten.notation import counts_of, parse_tiles
from shanten.tiles import TERMINALS_AND_HONOURS, Tile
from shanten.wins import Decomposition, WaitReading, _meld_blocks, _shape, _sorted_readings

__all__ = ["readings"]


def _counts(text: str) -> tuple[int, ...]:
    return tuple(counts_of(parse_tiles(text)))


def readings(counts: Sequence[int], melds: Sequence[Meld], win: int) -> list[WaitReading]:
    """Every reading of the complete concealed ``counts`` (with the winning tile ``win``)
    and ``melds``: one per decomposition and distinct concealed block holding ``win``,
    each with the wait that block had. Empty when the hand is not complete.

    Seven pairs (七対子) and thirteen orphans (国士無双) are read for a closed 14-tile
    hand with no quad; thirteen orphans waits ``kokushi13`` when the thirteen tiles
    before the win were all different (十三面待ち).

    >>> [str(r) for r in readings(_counts("19m19p19s12345677z"), (), 0)]
    ['1m kokushi: 19m19p19s12345677z']
    >>> [r.shape for r in readings(_counts("19m19p19s12345677z"), (), 33)]
    ['kokushi13']
    """
    work = list(counts)
    before = list(counts)
    before[win] -= 1
    thirteen_sided = all(before[i] == 1 for i in TERMINALS_AND_HONOURS)
    melded = _meld_blocks(melds)
    tile = Tile(win)
    found: list[WaitReading] = []
    for form, blocks in _sorted_readings(work, closed=not melds):
        decomposition = Decomposition(form, blocks + melded)
        for index, block in enumerate(blocks):
            if tile in block.tiles and block not in blocks[:index]:
                found.append(
                    WaitReading(tile, decomposition, index, _shape(block, win, thirteen_sided))
                )
    return found

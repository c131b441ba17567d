"""Witnesses: a complete hand at the minimum distance, the proof of a shanten number.

The engines compute distances; a witness is built here, once, from the same per-part
tables: for the standard form, every split of the sets and the pair among the parts,
then a nearest complete shape of each part's target within its caps.

>>> from shanten.hand import position
>>> str(witness(position("23489m6799p22567s"), "standard"))
'234m67899p222567s (standard; needs 8p 2s)'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from shanten._native.forms import all_part_distances, seven_pairs_costs, shape_columns
from shanten.forms import Form, parts
from shanten.hand import Hand, Position
from shanten.results import Witness
from shanten.tables.classes import complete_shapes
from shanten.tables.transform import INF, Kind
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS, Tile

__all__ = ["witness"]


def _make_witness(form: Form, pos: Position, complete: Sequence[int]) -> Witness:
    needed = tuple(
        Tile(i) for i in range(NUM_TILES) for _ in range(max(complete[i] - pos.counts[i], 0))
    )
    return Witness(form, Hand(complete), needed)


def _part_witness(
    kind: Kind, tiles: Sequence[int], pos: Position, target: int
) -> tuple[int, list[int]]:
    """(distance, shape) of a nearest complete shape of ``target`` for one part, within
    the part's caps."""
    shapes, _ = complete_shapes(kind)
    columns = shape_columns(kind)
    start, stop = columns.starts[target], columns.starts[target + 1]
    if start == stop:
        return INF, []
    distances = columns.cost[0][pos.counts[tiles[0]]][start:stop].astype(np.int16)
    for k in range(1, len(tiles)):
        distances += columns.cost[k][pos.counts[tiles[k]]][start:stop]
    for k, tile in enumerate(tiles):
        if pos.caps[tile] < 4:
            distances[~columns.within[k][pos.caps[tile]][start:stop]] = INF
    best = int(np.argmin(distances))
    return min(INF, int(distances[best])), [int(v) for v in shapes[start + best]]


def _splits(sets: int, count: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``sets`` sets among ``count`` parts."""
    if count == 1:
        yield (sets,)
        return
    for first in range(sets + 1):
        for rest in _splits(sets - first, count - 1):
            yield (first, *rest)


def _standard_witness(pos: Position) -> tuple[int, list[int]]:
    """Distance and complete hand of the standard form, by trying every split of the sets
    and the pair among the parts, then a nearest complete shape in each part."""
    part_list = parts(pos.players)
    vectors = all_part_distances(pos)
    best: tuple[int, tuple[int, ...], int] = (INF * len(part_list), (), 0)
    for split in _splits(pos.sets_needed, len(part_list)):
        base = [vectors[p][2 * split[p]] for p in range(len(part_list))]
        without_pair = sum(base)
        for pair_part in range(len(part_list)):
            total = without_pair - base[pair_part] + vectors[pair_part][2 * split[pair_part] + 1]
            if total < best[0]:
                best = (total, split, pair_part)
    total, split, pair_part = best
    complete = [0] * NUM_TILES
    for p, (kind, tiles) in enumerate(part_list):
        target = 2 * split[p] + (p == pair_part)
        distance, shape = _part_witness(kind, tiles, pos, target)
        assert distance == vectors[p][target]
        for tile, count in zip(tiles, shape, strict=True):
            complete[tile] = count
    return total, complete


def witness(pos: Position, form: Form) -> Witness:
    """A complete hand of ``form`` at the minimum distance from ``pos``."""
    if form == "standard":
        return _make_witness(form, pos, _standard_witness(pos)[1])
    if not pos.closed:
        raise ValueError(f"{form} applies only to closed hands of 13 or 14 tiles")
    complete = [0] * NUM_TILES
    if form == "chiitoitsu":
        for _, tile in seven_pairs_costs(pos)[:7]:
            complete[tile] = 2
        return _make_witness(form, pos, complete)
    for tile in TERMINALS_AND_HONOURS:
        complete[tile] = 1
    extra = max(TERMINALS_AND_HONOURS, key=lambda i: (pos.counts[i] >= 2, pos.counts[i] >= 1, -i))
    complete[extra] = 2
    return _make_witness(form, pos, complete)

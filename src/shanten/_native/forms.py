"""The distance of each winning form, by its definition: the reference engine's
shanten number.

The distance of a form is r = min over its complete hands w of sum_i max(w_i - h_i, 0),
and the shanten number (向聴数) is r - 1. The standard form splits the hand into parts
(manzu, pinzu, souzu, honours), reads each part's distance to every target of x sets and
y pairs from :mod:`shanten.tables.transform`, and combines the parts by a min-plus DP over
(sets, pairs). Where melded copies cap a tile below 4, the capped part's distances are
recomputed over the complete shapes that respect the caps.

>>> from shanten.hand import position
>>> distance(position("23489m6799p22567s")), distance(position("23489m6799p22567s"), "chiitoitsu")
(2, 5)
>>> standard_distance(position("23489m6799p22567s"))
2
>>> seven_pairs_distance(position("1122m3344p5566s77z")), thirteen_orphans_distance(position("19m19p19s1234567z"))
(0, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from shanten.forms import closed_form_counts, parts, seven_pairs_formula, thirteen_orphans_formula
from shanten.hand import Position
from shanten.options import FormView
from shanten.tables.classes import class_ids, complete_shapes
from shanten.tables.minplus import product
from shanten.tables.transform import INF, TARGETS, Kind, encode, target_index
from shanten.tiles import NUM_TILES

__all__ = [
    "distance",
    "part_distances",
    "seven_pairs_costs",
    "seven_pairs_distance",
    "shape_columns",
    "standard_distance",
    "thirteen_orphans_distance",
]


def part_distances(
    kind: Kind,
    tiles: Sequence[int],
    counts: Sequence[int],
    caps: Sequence[int],
    max_sets: int = 4,
) -> list[int]:
    """The ten distances (column ``2 * x + y``) of one part of a hand.

    Read from the table when no tile of the part is capped below 4; otherwise the minimum
    over the complete shapes within the caps, computed directly for the targets of at most
    ``max_sets`` sets (the others are left at :data:`~shanten.tables.transform.INF`).
    """
    shape = [counts[i] for i in tiles]
    part_caps = [caps[i] for i in tiles]
    if all(cap == 4 for cap in part_caps):
        return _class_vectors(kind)[_class_bytes(kind)[encode(shape)]]
    return _capped_distances(kind, shape, part_caps, max_sets)


@functools.cache
def _class_vectors(kind: Kind) -> list[list[int]]:
    """The distance vector of each class, with the clipped 15 read back as INF."""
    return [[v if v < 15 else INF for v in row] for row in class_ids(kind)[1].tolist()]


def _class_bytes(kind: Kind) -> bytes:
    return class_ids(kind)[0]


@dataclass(frozen=True)
class ShapeColumns:
    """Complete shapes of a kind, arranged for fast capped minima: ``cost[i][v]`` is
    max(w_i - v, 0) for every shape, ``within[i][c]`` whether w_i <= c, and ``starts[t]``
    where target column ``t`` begins (shapes are sorted by target)."""

    cost: tuple[tuple[npt.NDArray[np.int8], ...], ...]
    within: tuple[tuple[npt.NDArray[np.bool_], ...], ...]
    starts: tuple[int, ...]


@functools.cache
def shape_columns(kind: Kind) -> ShapeColumns:
    shapes, targets = complete_shapes(kind)
    n = shapes.shape[1]
    cost = tuple(
        tuple(np.maximum(shapes[:, i] - v, 0).astype(np.int8) for v in range(5)) for i in range(n)
    )
    within = tuple(tuple(shapes[:, i] <= c for c in range(5)) for i in range(n))
    starts = tuple(int(v) for v in np.searchsorted(targets, np.arange(len(TARGETS) + 1)))
    return ShapeColumns(cost, within, starts)


def _capped_distances(
    kind: Kind, shape: Sequence[int], caps: Sequence[int], max_sets: int
) -> list[int]:
    columns = shape_columns(kind)
    end = columns.starts[target_index(max_sets, 1) + 1]
    distances = columns.cost[0][shape[0]][:end].astype(np.int16)
    for i in range(1, len(shape)):
        distances += columns.cost[i][shape[i]][:end]
    for i, cap in enumerate(caps):
        if cap < 4:
            distances[~columns.within[i][cap][:end]] = INF
    result = [INF] * len(TARGETS)
    for target in range(target_index(max_sets, 1) + 1):
        start, stop = columns.starts[target], columns.starts[target + 1]
        if start < stop:
            result[target] = min(INF, int(distances[start:stop].min()))
    return result


def all_part_distances(pos: Position) -> list[list[int]]:
    return [
        part_distances(kind, tiles, pos.counts, pos.caps, pos.sets_needed)
        for kind, tiles in parts(pos.players)
    ]


def standard_distance(pos: Position) -> int:
    """Distance r to the standard form: ``pos.sets_needed`` sets and one pair."""
    vectors = all_part_distances(pos)
    combined = vectors[0]
    for vector in vectors[1:]:
        combined = product(combined, vector)
    return combined[target_index(pos.sets_needed, 1)]


def seven_pairs_costs(pos: Position) -> list[tuple[int, int]]:
    """(cost, tile) of making a pair of each tile the game allows, cheapest first."""
    return sorted((max(2 - pos.counts[i], 0), i) for i in range(NUM_TILES) if pos.caps[i] >= 2)


def seven_pairs_distance(pos: Position) -> int | None:
    """Distance to seven distinct pairs (a quad is one pair), or None for open or small hands."""
    if not pos.closed:
        return None
    pairs, kinds, _, _ = closed_form_counts(pos.counts)
    return seven_pairs_formula(pairs, kinds)


def thirteen_orphans_distance(pos: Position) -> int | None:
    """Distance to thirteen orphans, or None for open or small hands."""
    if not pos.closed:
        return None
    _, _, orphans_held, orphan_pairs = closed_form_counts(pos.counts)
    return thirteen_orphans_formula(orphans_held, orphan_pairs > 0)


def distance(pos: Position, form: FormView = "all") -> int | None:
    """The distance (shanten + 1) of a checked position to ``form``, or to the nearest form
    that applies for ``"all"``; None where seven pairs or thirteen orphans do not apply."""
    if form == "standard":
        return standard_distance(pos)
    if form == "chiitoitsu":
        return seven_pairs_distance(pos)
    if form == "kokushi":
        return thirteen_orphans_distance(pos)
    distances = [standard_distance(pos), seven_pairs_distance(pos), thirteen_orphans_distance(pos)]
    return min(d for d in distances if d is not None)

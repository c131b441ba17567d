"""The three winning forms and their distances: standard (一般形), seven pairs (七対子),
thirteen orphans (国士無双), each with a witness.

The distance of a form is r = min over its complete hands w of sum_i max(w_i - h_i, 0),
and the shanten number (向聴数) is r - 1. The standard form splits the hand into parts
(manzu, pinzu, souzu, honours), reads each part's distance to every target of x sets and
y pairs from :mod:`shanten.tables.transform`, and combines the parts by a min-plus DP over
(sets, pairs). Where melded copies cap a tile below 4, the capped part's distances are
recomputed over the complete shapes that respect the caps.

>>> from shanten.hand import position
>>> standard_distance(position("23489m6799p22567s"))
2
>>> seven_pairs_distance(position("1122m3344p5566s77z")), thirteen_orphans_distance(position("19m19p19s1234567z"))
(0, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from shanten.hand import Hand, Position
from shanten.tables.transform import INF, TARGETS, Kind, encode, target_index
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS, Tile

__all__ = [
    "Form",
    "Witness",
    "closed_form_counts",
    "part_distances",
    "parts",
    "seven_pairs_distance",
    "seven_pairs_formula",
    "standard_distance",
    "thirteen_orphans_distance",
    "thirteen_orphans_formula",
    "witness",
]

Form = Literal["standard", "chiitoitsu", "kokushi"]

#: (kind, tile indices) of the four parts in 4-player and 3-player mahjong.
_PARTS: Final[dict[int, tuple[tuple[Kind, tuple[int, ...]], ...]]] = {
    4: (
        ("suit", tuple(range(0, 9))),
        ("suit", tuple(range(9, 18))),
        ("suit", tuple(range(18, 27))),
        ("honour", tuple(range(27, 34))),
    ),
    3: (
        ("sanma_manzu", (0, 8)),
        ("suit", tuple(range(9, 18))),
        ("suit", tuple(range(18, 27))),
        ("honour", tuple(range(27, 34))),
    ),
}
_NO_PAIR_TARGETS: Final = tuple(target_index(x, 0) for x in range(5))


def parts(players: int) -> tuple[tuple[Kind, tuple[int, ...]], ...]:
    """The parts (kind, tiles) a hand splits into for ``players``."""
    return _PARTS[players]


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
    from shanten.tables.classes import class_ids

    return [[v if v < 15 else INF for v in row] for row in class_ids(kind)[1].tolist()]


def _class_bytes(kind: Kind) -> bytes:
    from shanten.tables.classes import class_ids

    return class_ids(kind)[0]


@dataclass(frozen=True)
class _ShapeColumns:
    """Complete shapes of a kind, arranged for fast capped minima: ``cost[i][v]`` is
    max(w_i - v, 0) for every shape, ``within[i][c]`` whether w_i <= c, and ``starts[t]``
    where target column ``t`` begins (shapes are sorted by target)."""

    cost: tuple[tuple[npt.NDArray[np.int8], ...], ...]
    within: tuple[tuple[npt.NDArray[np.bool_], ...], ...]
    starts: tuple[int, ...]


@functools.cache
def _shape_columns(kind: Kind) -> _ShapeColumns:
    from shanten.tables.classes import complete_shapes

    shapes, targets = complete_shapes(kind)
    n = shapes.shape[1]
    cost = tuple(
        tuple(np.maximum(shapes[:, i] - v, 0).astype(np.int8) for v in range(5)) for i in range(n)
    )
    within = tuple(tuple(shapes[:, i] <= c for c in range(5)) for i in range(n))
    starts = tuple(int(v) for v in np.searchsorted(targets, np.arange(len(TARGETS) + 1)))
    return _ShapeColumns(cost, within, starts)


def _capped_distances(
    kind: Kind, shape: Sequence[int], caps: Sequence[int], max_sets: int
) -> list[int]:
    columns = _shape_columns(kind)
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


def _combine(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Min-plus product over (sets, pairs): c[x, y] = min a[x1, y1] + b[x - x1, y - y1]."""
    result = [INF] * len(TARGETS)
    for x in range(5):
        for x1 in range(x + 1):
            x2 = x - x1
            no_pair = a[2 * x1] + b[2 * x2]
            pair = min(a[2 * x1 + 1] + b[2 * x2], a[2 * x1] + b[2 * x2 + 1])
            if no_pair < result[2 * x]:
                result[2 * x] = no_pair
            if pair < result[2 * x + 1]:
                result[2 * x + 1] = pair
    return result


def _all_part_distances(pos: Position) -> list[list[int]]:
    return [
        part_distances(kind, tiles, pos.counts, pos.caps, pos.sets_needed)
        for kind, tiles in parts(pos.players)
    ]


def standard_distance(pos: Position) -> int:
    """Distance r to the standard form: ``pos.sets_needed`` sets and one pair."""
    vectors = _all_part_distances(pos)
    combined = vectors[0]
    for vector in vectors[1:]:
        combined = _combine(combined, vector)
    return combined[target_index(pos.sets_needed, 1)]


def _seven_pairs_costs(pos: Position) -> list[tuple[int, int]]:
    """(cost, tile) of making a pair of each tile the game allows, cheapest first."""
    return sorted((max(2 - pos.counts[i], 0), i) for i in range(NUM_TILES) if pos.caps[i] >= 2)


def seven_pairs_formula(pairs: int, kinds: int) -> int:
    """Distance to seven pairs (七対子) of a hand holding ``pairs`` kinds twice or more and
    ``kinds`` kinds at all: a pair held costs 0, a single 1, an absent kind 2. A closed
    hand always has enough absent kinds to choose from (34, or 27 in 3-player mahjong).

    >>> seven_pairs_formula(pairs=6, kinds=7), seven_pairs_formula(pairs=2, kinds=11)
    (1, 5)
    """
    return max(0, 7 - pairs) + max(0, 7 - kinds)


def thirteen_orphans_formula(orphans_held: int, orphan_pair: bool) -> int:
    """Distance to thirteen orphans (国士無双): one of each of the 13 terminals and honours
    missing costs 1 each, and the extra copy costs 1 unless one is already held twice."""
    return 13 - orphans_held + (0 if orphan_pair else 1)


def closed_form_counts(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(pairs, kinds, orphans held, orphan pairs) of 34 counts: what the two formulas read."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c >= 1)
    orphans_held = sum(1 for t in TERMINALS_AND_HONOURS if counts[t] >= 1)
    orphan_pairs = sum(1 for t in TERMINALS_AND_HONOURS if counts[t] >= 2)
    return pairs, kinds, orphans_held, orphan_pairs


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


@dataclass(frozen=True)
class Witness:
    """A complete hand at the minimum distance: the proof of a shanten number.

    ``hand`` is the complete concealed hand (melds not included), ``needed`` the tiles it
    holds that the hand lacks; ``len(needed)`` is shanten + 1. A witness is a record of
    these three, not a collection: its tiles are ``hand.tiles`` and ``needed``.
    """

    form: Form
    hand: Hand
    needed: tuple[Tile, ...]

    def __str__(self) -> str:
        needed = " ".join(str(t) for t in self.needed) or "nothing"
        return f"{self.hand} ({self.form}; needs {needed})"


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
    from shanten.tables.classes import complete_shapes

    shapes, _ = complete_shapes(kind)
    columns = _shape_columns(kind)
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
    vectors = _all_part_distances(pos)
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
        for _, tile in _seven_pairs_costs(pos)[:7]:
            complete[tile] = 2
        return _make_witness(form, pos, complete)
    for tile in TERMINALS_AND_HONOURS:
        complete[tile] = 1
    extra = max(TERMINALS_AND_HONOURS, key=lambda i: (pos.counts[i] >= 2, pos.counts[i] >= 1, -i))
    complete[extra] = 2
    return _make_witness(form, pos, complete)

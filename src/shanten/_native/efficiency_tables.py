"""Tables for effective tiles (有効牌, 受け入れ): which draws lower the distance, by lookups.

Drawing one tile changes one part of the hand (manzu, pinzu, souzu or honours) and lowers
each of that part's target distances by at most one. The whole hand's distance is
r = min over splits of the sets and the pair among the parts; after drawing tile j of
part p it is r - 1 exactly when some split that attains r gives part p a target whose
distance the draw lowers. So, per part p:

* the *rest* class: the other three parts combined (min-plus, as in
  :mod:`shanten.tables.classes`), found by two class-pair lookups;
* ``optimal[(rest * n + c) * 5 + m]``: the targets of part p (10-bit mask) that some
  optimal split for m sets and a pair gives part p, with r itself in the bits above 10;
* ``improves[c * n + c2]``: the targets whose distance class ``c2`` lowers from class
  ``c`` (the class of the part's shape after the draw, read from the class bytes at
  ``code + 5**k`` for the drawn tile's digit k).

A draw j is effective iff ``improves[...] & optimal[...]`` is non-zero.

>>> tables = efficiency_tables(4)
>>> [part.tiles[0] for part in tables.parts]
[0, 9, 18, 27]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from shanten._native.forms import parts
from shanten.tables.classes import (
    _combine_classes,
    class_ids,
    unique_vectors,
)
from shanten.tables.transform import TARGETS, Kind

__all__ = ["EfficiencyTables", "PartTables", "efficiency_tables"]

_TARGET_BITS = 10


@dataclass(frozen=True)
class PartTables:
    """Lookups for one part: its tiles, the base-5 weight of each, its class bytes, the
    other parts and their class-pair tables, and the optimal / improvement masks."""

    tiles: tuple[int, ...]
    weights: tuple[int, ...]
    ids: bytes
    classes: int
    others: tuple[int, int, int]
    first: list[int]
    first_width: int
    second: list[int]
    second_width: int
    optimal: list[int]
    improves: list[int]


@dataclass(frozen=True)
class EfficiencyTables:
    """The four parts' tables for 3- or 4-player mahjong."""

    parts: tuple[PartTables, PartTables, PartTables, PartTables]


def _optimal_masks(
    part: npt.NDArray[np.int64], rest: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """(len rest, len part, 5) entries: mask of optimal part targets | r << 10."""
    n_rest, n_part = len(rest), len(part)
    result = np.zeros((n_rest, n_part, 5), dtype=np.int64)
    for m in range(5):
        # total[r, c, target] for part targets (x, y) with x <= m; the rest takes (m - x, 1 - y)
        totals = np.full((n_rest, n_part, len(TARGETS)), 99, dtype=np.int64)
        for x in range(m + 1):
            for y in range(2):
                rest_column = 2 * (m - x) + (1 - y)
                totals[:, :, 2 * x + y] = rest[:, None, rest_column] + part[None, :, 2 * x + y]
        best = totals.min(axis=2)
        mask = np.zeros((n_rest, n_part), dtype=np.int64)
        for column in range(len(TARGETS)):
            mask |= (totals[:, :, column] == best).astype(np.int64) << column
        result[:, :, m] = mask | best << _TARGET_BITS
    return result


def _improvement_masks(vectors: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """(n, n) masks: targets where class c2 (second index) is below class c (first)."""
    lower = vectors[None, :, :] < vectors[:, None, :]
    weights = (1 << np.arange(len(TARGETS))).astype(np.int64)
    masks: npt.NDArray[np.int64] = (lower.astype(np.int64) * weights).sum(axis=2)
    return masks


def _interned(values: npt.NDArray[np.int64]) -> list[int]:
    """The values as a list whose equal entries share one int object (most are > 256,
    which Python would otherwise allocate one by one)."""
    pool: dict[int, int] = {}
    return [pool.setdefault(v, v) for v in values.reshape(-1).tolist()]


@functools.cache
def _rest_classes(
    others: tuple[Kind, Kind, Kind],
) -> tuple[list[int], int, list[int], int, npt.NDArray[np.int64]]:
    """How the parts of kinds ``others`` combine into the *rest* of a fourth part: the
    class of the first two (``first[a * nb + b]``, and nb), the rest class
    (``second[ab * nc + c]``, and nc) and the rest classes' distance vectors."""
    va, vb, vc = (class_ids(other)[1] for other in others)
    ab = _combine_classes(va, vb)
    ab_unique, ab_inverse = unique_vectors(ab)
    rest, rest_inverse = unique_vectors(_combine_classes(ab_unique, vc))
    return (
        ab_inverse.tolist(),
        len(vb),
        rest_inverse.tolist(),
        len(vc),
        rest,
    )


@functools.cache
def _shared_tables(
    kind: Kind, others: tuple[Kind, Kind, Kind]
) -> tuple[list[int], int, list[int], int, list[int], list[int]]:
    """The lookups of a part of ``kind`` whose other parts are of kinds ``others``: the
    same for manzu, pinzu and souzu in 4-player mahjong, so built once."""
    first, first_width, second, second_width, rest = _rest_classes(others)
    vectors = class_ids(kind)[1]
    return (
        first,
        first_width,
        second,
        second_width,
        _interned(_optimal_masks(vectors, rest)),
        _interned(_improvement_masks(vectors)),
    )


@functools.cache
def efficiency_tables(players: int) -> EfficiencyTables:
    """Build (once) the effective-tile tables for 3- or 4-player mahjong."""
    part_list = parts(players)
    built = []
    for p, (kind, tiles) in enumerate(part_list):
        a, b, c = (q for q in range(4) if q != p)
        first, first_width, second, second_width, optimal, improves = _shared_tables(
            kind, (part_list[a][0], part_list[b][0], part_list[c][0])
        )
        n = len(tiles)
        built.append(
            PartTables(
                tiles=tuple(tiles),
                weights=tuple(5 ** (n - 1 - k) for k in range(n)),
                ids=class_ids(kind)[0],
                classes=len(class_ids(kind)[1]),
                others=(a, b, c),
                first=first,
                first_width=first_width,
                second=second,
                second_width=second_width,
                optimal=optimal,
                improves=improves,
            )
        )
    return EfficiencyTables(parts=(built[0], built[1], built[2], built[3]))

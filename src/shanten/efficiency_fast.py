"""Effective tiles of a closed hand by a handful of lookups per part: the fast path of
:func:`shanten.ukeire` and :func:`shanten.discards`.

For each part p of the hand (see :mod:`shanten.efficiency_tables`):

* its code and class come from the count bytes, as in :mod:`shanten.lookup`;
* the class of the other three parts gives the part's optimal-target mask M and the
  hand's distance r;
* the part's *draw signature* packs, per tile, the targets whose distance drawing that
  tile lowers; ``((signature & repeated[M]) + LOW) & GUARD`` keeps one guard bit per
  effective tile, and a dict turns those bits into the tiles.

So no draw is tried: the effective tiles of a 13-tile hand cost about twenty lookups, and
each row of a discard table about as many.

12m 111z 222z 333z 44z is ready (r = 1) on the edge wait 3m:

>>> from shanten.notation import counts_of, parse_tiles
>>> from shanten.tiles import tile_name
>>> fast = fast_efficiency(4)
>>> values = fast.values(bytes(counts_of(parse_tiles("12m1112223334z4z"))))
>>> distance, tiles = fast.standard(values, 4)  # 13 tiles: four sets and a pair
>>> distance, [tile_name(t) for t in tiles]
(1, ['3m'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from shanten.efficiency_tables import FIELD_BITS, draw_signatures, efficiency_tables, repeated
from shanten.forms import parts
from shanten.lookup import _CODE_MASK, PartValues, part_values

__all__ = ["FastEfficiency", "fast_efficiency"]

#: (values of the four parts, sets needed) -> (r, effective tiles in tile order) of the
#: standard form.
Standard = Callable[[tuple[int, int, int, int], int], tuple[int, tuple[int, ...]]]
#: (values, count bytes, sets needed) -> [(discarded tile, r, effective tiles)] of the
#: standard form after each discard.
AfterDiscards = Callable[
    [tuple[int, int, int, int], bytes | bytearray, int], list[tuple[int, int, tuple[int, ...]]]
]


@dataclass(frozen=True)
class FastEfficiency:
    """The fast path's three steps for one player count."""

    values: PartValues
    standard: Standard
    after_discards: AfterDiscards


def _tiles_by_guard_bits(tiles: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every set of guard bits of a part's fields -> the tiles they stand for."""
    guard = 1 << (FIELD_BITS - 1)
    result = {}
    for subset in range(1 << len(tiles)):
        bits = sum(guard << (FIELD_BITS * k) for k in range(len(tiles)) if subset >> k & 1)
        result[bits] = tuple(t for k, t in enumerate(tiles) if subset >> k & 1)
    return result


@functools.cache
def fast_efficiency(players: int) -> FastEfficiency:
    """Build (once) the fast path for 3- or 4-player mahjong."""
    tables = efficiency_tables(players)
    mask = _CODE_MASK
    part_list = parts(players)
    spread, low, guard = repeated(9)  # 9 fields serve the 7-tile and 2-tile parts too
    premultiplied = []
    for p, part in enumerate(tables.parts):
        index, signatures = draw_signatures(part_list[p][0])
        premultiplied.append(
            (
                [v * part.second_width for v in part.first],
                [v * part.classes * 5 for v in part.second],
                part.first_width,
                index,
                signatures,
                _tiles_by_guard_bits(part.tiles),
            )
        )
    (f0, s0_, w0, x0, g0, t0), (f1, s1_, w1, x1, g1, t1) = premultiplied[:2]
    (f2, s2_, w2, x2, g2, t2), (f3, s3_, w3, x3, g3, t3) = premultiplied[2:]
    o0, o1, o2, o3 = (part.optimal for part in tables.parts)
    ids0, ids1, ids2, ids3 = (part.ids for part in tables.parts)
    signature_lists = (g0, g1, g2, g3)
    index_arrays = (x0, x1, x2, x3)

    def effective(
        j0: int, j1: int, j2: int, j3: int, k0: int, k1: int, k2: int, k3: int, sets: int
    ) -> tuple[int, tuple[int, ...]]:
        """(r, effective tiles) from the parts' draw signatures j and classes k."""
        e0 = o0[s0_[f0[k1 * w0 + k2] + k3] + k0 * 5 + sets]
        e1 = o1[s1_[f1[k0 * w1 + k2] + k3] + k1 * 5 + sets]
        e2 = o2[s2_[f2[k0 * w2 + k1] + k3] + k2 * 5 + sets]
        e3 = o3[s3_[f3[k0 * w3 + k1] + k2] + k3 * 5 + sets]
        return e0 >> 10, (
            t0[((j0 & spread[e0 & 1023]) + low) & guard]
            + t1[((j1 & spread[e1 & 1023]) + low) & guard]
            + t2[((j2 & spread[e2 & 1023]) + low) & guard]
            + t3[((j3 & spread[e3 & 1023]) + low) & guard]
        )

    def standard(values: tuple[int, int, int, int], sets: int) -> tuple[int, tuple[int, ...]]:
        v0, v1, v2, v3 = values
        c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        return effective(
            g0[x0[c0]],
            g1[x1[c1]],
            g2[x2[c2]],
            g3[x3[c3]],
            ids0[c0],
            ids1[c1],
            ids2[c2],
            ids3[c3],
            sets,
        )

    part_tiles = [(part.ids, part.tiles, part.weights) for part in tables.parts]

    def after_discards(
        values: tuple[int, int, int, int], counts: bytes | bytearray, sets: int
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        codes = [v & mask for v in values]
        classes = [i[code] for i, code in zip((ids0, ids1, ids2, ids3), codes, strict=True)]
        signatures = [
            g[x[code]] for g, x, code in zip(signature_lists, index_arrays, codes, strict=True)
        ]
        rows = []
        for q, (part_ids, tiles, weights) in enumerate(part_tiles):
            code, own, signature = codes[q], classes[q], signatures[q]
            g, x = signature_lists[q], index_arrays[q]
            for tile, weight in zip(tiles, weights, strict=True):
                if counts[tile]:
                    classes[q] = part_ids[code - weight]
                    signatures[q] = g[x[code - weight]]
                    distance, effective_tiles = effective(
                        signatures[0],
                        signatures[1],
                        signatures[2],
                        signatures[3],
                        classes[0],
                        classes[1],
                        classes[2],
                        classes[3],
                        sets,
                    )
                    rows.append((tile, distance, effective_tiles))
            classes[q], signatures[q] = own, signature
        return rows

    return FastEfficiency(part_values(players), standard, after_discards)

"""Distance classes and the lookup chain behind the fast path of :func:`shanten.shanten`.

The 405,350 suit shapes of at most 14 tiles have only 126 distinct distance vectors (one
distance per target of x sets and y pairs), the honour shapes 55, 3-player manzu shapes a
handful. Combining two parts' vectors by the min-plus product of :mod:`shanten.forms`
again gives few distinct vectors (180 for two suits, still 180 for three), so the
standard form of a whole hand is a chain of small table lookups:

    manzu class x pinzu class -> class, x souzu class -> class, x honour class -> distances

A part's class is found from its counts as bytes: the first tiles' bytes and the last
tiles' bytes each map to their share of the base-5 code, and the code indexes a bytes
object of class ids. A byte above 4 is no key, so it sends the caller to the careful path
that names the problem.

>>> chain = lookup_chain(4)
>>> [len(c) for c in chain.classes]
[126, 126, 126, 55]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from shanten.forms import parts, seven_pairs_formula, thirteen_orphans_formula
from shanten.hand import VALID_SIZES
from shanten.tables import INF, TARGETS, Kind, build_table, encode
from shanten.tiles import TERMINALS_AND_HONOURS

__all__ = ["NO_CLASS", "LookupChain", "class_ids", "lookup_chain", "make_fast_distance"]

_CAP = 15  # distances never exceed 14 (a target has at most 14 tiles); INF is clipped to 15
#: Class id stored for shapes of more than 14 tiles, which no hand holds.
NO_CLASS = 255
_WIDTH = {"suit": 9, "honour": 7, "sanma_manzu": 2}


def _tile_totals(n: int) -> npt.NDArray[np.int64]:
    """The number of tiles of every shape of n tiles, in code order."""
    totals = np.zeros(1, dtype=np.int64)
    for _ in range(n):
        totals = (totals[:, None] + np.arange(5)[None, :]).reshape(-1)
    return totals


@functools.cache
def class_ids(kind: Kind) -> tuple[bytes, npt.NDArray[np.int64]]:
    """(class id of every shape code as bytes, distance vector of every class).

    Shapes of more than 14 tiles get :data:`NO_CLASS`. Distances are clipped at 15.
    """
    n = _WIDTH[kind]
    small = _tile_totals(n) <= 14
    distances = build_table(kind)
    key = np.zeros(int(small.sum()), dtype=np.int64)
    for column in range(len(TARGETS)):  # one column at a time: no full int64 copy
        key = key * 16 + np.minimum(distances[small, column], _CAP)
    del distances
    unique, inverse = np.unique(key, return_inverse=True)
    vectors = np.empty((len(unique), len(TARGETS)), dtype=np.int64)
    for column in range(len(TARGETS) - 1, -1, -1):
        vectors[:, column] = unique % 16
        unique //= 16
    ids = np.full(5**n, NO_CLASS, dtype=np.uint8)
    ids[small] = inverse.reshape(-1)
    return ids.tobytes(), vectors


def _combine_classes(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Min-plus product of every vector of ``a`` with every vector of ``b``: (len a * len b, 10)."""
    out = np.full((len(a), len(b), len(TARGETS)), INF, dtype=np.int64)
    for x in range(5):
        for x1 in range(x + 1):
            x2 = x - x1
            a0, a1 = a[:, None, 2 * x1], a[:, None, 2 * x1 + 1]
            b0, b1 = b[None, :, 2 * x2], b[None, :, 2 * x2 + 1]
            np.minimum(out[:, :, 2 * x], a0 + b0, out=out[:, :, 2 * x])
            np.minimum(out[:, :, 2 * x + 1], a1 + b0, out=out[:, :, 2 * x + 1])
            np.minimum(out[:, :, 2 * x + 1], a0 + b1, out=out[:, :, 2 * x + 1])
    return np.minimum(out.reshape(-1, len(TARGETS)), _CAP)


@dataclass(frozen=True)
class LookupChain:
    """Class tables that give the standard form's distance by lookups.

    ``ids[p]`` holds part ``p``'s class for each shape code; ``first[a * n1 + b]`` is the
    class of parts 0+1, ``second[c * n2 + d]`` of parts 0+1+2, and
    ``final[(e * n3 + f) * 5 + m]`` the distance to m sets and a pair.
    """

    ids: tuple[bytes, ...]
    classes: tuple[npt.NDArray[np.int64], ...]
    first: list[int]
    second: list[int]
    final: list[int]
    widths: tuple[int, int, int]


@functools.cache
def lookup_chain(players: int) -> LookupChain:
    """Build (once) the lookup chain for 3- or 4-player mahjong."""
    part_list = parts(players)
    ids_and_vectors = [class_ids(kind) for kind, _ in part_list]
    vectors = [v for _, v in ids_and_vectors]
    tables: list[list[int]] = []
    current = vectors[0]
    for vector in vectors[1:3]:
        combined = _combine_classes(current, vector)
        unique, inverse = np.unique(combined, axis=0, return_inverse=True)
        tables.append(inverse.reshape(-1).tolist())
        current = unique
    final = _combine_classes(current, vectors[3])[:, 1::2]  # y = 1: m sets and a pair
    return LookupChain(
        ids=tuple(i for i, _ in ids_and_vectors),
        classes=tuple(vectors),
        first=tables[0],
        second=tables[1],
        final=final.reshape(-1).tolist(),
        widths=(len(vectors[1]), len(vectors[2]), len(vectors[3])),
    )


# Packed key values: a part's counts (as bytes) map to
#   code share (bits 0-23) | tiles << 24 | pairs << 32 | distinct << 38
#   | orphans held << 44 | orphan pairs << 48
# Summing the four parts' values gives, above bit 24, the whole hand's fields (no field
# can carry into the next: at most 136 tiles, 34 pairs or kinds, 13 orphans), and each
# part's code is its value's low 24 bits (5**9 < 2**24).
_CODE_BITS = 24
_CODE_MASK = (1 << _CODE_BITS) - 1


def _packed(counts: Sequence[int], tiles: Sequence[int], code: int) -> int:
    orphans = [c for c, t in zip(counts, tiles, strict=True) if t in TERMINALS_AND_HONOURS]
    return (
        code
        | sum(counts) << 24
        | sum(c >= 2 for c in counts) << 32
        | sum(c >= 1 for c in counts) << 38
        | sum(c >= 1 for c in orphans) << 44
        | sum(c >= 2 for c in orphans) << 48
    )


def _split_keys(tiles: Sequence[int]) -> tuple[dict[bytes, int], dict[bytes, int]]:
    """Packed values for the bytes of a part's first half and second half."""
    half = len(tiles) // 2
    low = len(tiles) - half
    high_keys = {
        bytes(d): _packed(d, tiles[:half], encode(d) * 5**low)
        for d in itertools.product(range(5), repeat=half)
    }
    low_keys = {
        bytes(d): _packed(d, tiles[half:], encode(d))
        for d in itertools.product(range(5), repeat=low)
    }
    return high_keys, low_keys


def _closed_forms() -> bytes:
    """Distance to the nearer of seven pairs and thirteen orphans, indexed by the packed
    fields above bit 32 (pairs, distinct, orphans held, orphan pairs)."""
    table_ = bytearray(b"\xff" * (1 << 20))
    for pairs, distinct, orphans, orphan_pairs in itertools.product(
        range(35), range(35), range(14), range(14)
    ):
        if pairs > distinct or orphan_pairs > orphans:
            continue
        seven = seven_pairs_formula(pairs, distinct)
        kokushi = thirteen_orphans_formula(orphans, orphan_pairs > 0)
        index = pairs | distinct << 6 | orphans << 12 | orphan_pairs << 16
        table_[index] = min(seven, kokushi)
    return bytes(table_)


def make_fast_distance() -> dict[int, Callable[[bytes], int | None]]:
    """Build the lookup structures and return the fast distance function of each player
    count (3 and 4).

    Each function takes the 34 counts of a closed hand as bytes and returns the distance
    (shanten + 1) of the nearest form, or None when the input is anything but an ordinary
    valid hand; callers then take the careful path.
    """
    high9, low9 = _split_keys(range(9))
    high7, low7 = _split_keys(range(27, 34))
    sanma: dict[bytes, int] = {}
    for one, nine in itertools.product(range(5), repeat=2):
        counts = [one] + [0] * 7 + [nine]
        sanma[bytes(counts)] = _packed(counts, range(9), 5 * one + nine)
    closed = _closed_forms()
    sets_needed = tuple(n // 3 if n in VALID_SIZES else -1 for n in range(256))
    mask = _CODE_MASK

    def specialise(
        chain: LookupChain, first_part: dict[bytes, int] | None
    ) -> Callable[[bytes], int | None]:
        """One function per player count, every table bound as a closure local."""
        ids0, ids1, ids2, ids3 = chain.ids
        first, second, final = chain.first, chain.second, chain.final
        n1, n2, n3 = chain.widths

        def distance(counts: bytes) -> int | None:
            try:
                if first_part is None:
                    v0 = high9[counts[0:4]] + low9[counts[4:9]]
                else:
                    v0 = first_part[counts[0:9]]
                v1 = high9[counts[9:13]] + low9[counts[13:18]]
                v2 = high9[counts[18:22]] + low9[counts[22:27]]
                v3 = high7[counts[27:30]] + low7[counts[30:34]]
            except KeyError:
                return None
            fields = (v0 + v1 + v2 + v3) >> 24
            sets = sets_needed[fields & 255]
            if sets < 0:
                return None
            best = final[
                (
                    second[first[ids0[v0 & mask] * n1 + ids1[v1 & mask]] * n2 + ids2[v2 & mask]]
                    * n3
                    + ids3[v3 & mask]
                )
                * 5
                + sets
            ]
            if sets == 4:  # 13 or 14 tiles (12 is no valid size): a closed hand
                other = closed[fields >> 8]
                if other < best:
                    return other
            return best

        return distance

    return {4: specialise(lookup_chain(4), None), 3: specialise(lookup_chain(3), sanma)}

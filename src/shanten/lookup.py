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

import array
import functools
import itertools
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import numpy.typing as npt

from shanten.forms import parts, seven_pairs_formula, thirteen_orphans_formula
from shanten.hand import VALID_SIZES
from shanten.tables import INF, TARGETS, Kind, build_table
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


#: A distance vector (entries 0-15) read as one base-16 int, first target highest.
_KEY_WEIGHTS = 16 ** np.arange(len(TARGETS) - 1, -1, -1, dtype=np.int64)


def vector_keys(vectors: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each distance vector as one int that orders as the vector does (lexicographically)."""
    keys: npt.NDArray[np.int64] = vectors @ _KEY_WEIGHTS
    return keys


def unique_vectors(
    vectors: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The distinct distance vectors in ascending order and each row's index among them,
    as ``np.unique(vectors, axis=0, return_inverse=True)`` gives, but by one int key per
    vector, which numpy sorts far faster than rows.

    >>> unique, inverse = unique_vectors(np.array([[3] * 10, [1] * 10, [3] * 10]))
    >>> unique[:, 0].tolist(), inverse.tolist()
    ([1, 3], [1, 0, 1])
    """
    keys, inverse = np.unique(vector_keys(vectors), return_inverse=True)
    unique: npt.NDArray[np.int64] = (keys[:, None] // _KEY_WEIGHTS[None, :]) % 16
    return unique, inverse.reshape(-1)


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
        unique, inverse = unique_vectors(combined)
        tables.append(inverse.tolist())
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


# Packed key values: a part's counts map to
#   code share (bits 0-23) | tiles << 24 | pairs << 32 | distinct << 38
#   | orphans held << 44 | orphan pairs << 48
# Summing the four parts' values gives, above bit 24, the whole hand's fields (no field
# can carry into the next: at most 136 tiles, 34 pairs or kinds, 13 orphans), and each
# part's code is its value's low 24 bits (5**9 < 2**24).
_CODE_BITS = 24
_CODE_MASK = (1 << _CODE_BITS) - 1

#: The 34 count bytes read as 19 little-endian integers: per suit four byte pairs and a
#: last byte, for the honours three pairs and a byte. A pair (a, b) reads as a | b << 8.
SLOTS = struct.Struct("<4HB4HB4HB3HB")


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


def _slot_list(
    tiles: Sequence[int], weights: Sequence[int], allowed: Sequence[int] = (5, 5)
) -> list[int]:
    """The packed value of every reading of one slot (one or two count bytes), None where
    a count is not below its ``allowed`` bound: adding None raises TypeError, which sends
    the caller to the careful path. Slots alike (same weights, same orphans) share one
    list: the three suits, and both player counts."""
    orphans = tuple(t in TERMINALS_AND_HONOURS for t in tiles)
    return _shared_slot_list(orphans, tuple(weights), tuple(allowed[: len(tiles)]))


@functools.cache
def _shared_slot_list(
    orphans: tuple[bool, ...], weights: tuple[int, ...], allowed: tuple[int, ...]
) -> list[int]:
    tiles = [0 if orphan else 1 for orphan in orphans]  # 1m is an orphan, 2m is not
    values = cast("list[int]", [None] * 256 ** len(tiles))
    for counts in itertools.product(*(range(a) for a in allowed)):
        index = sum(c << (8 * k) for k, c in enumerate(counts))
        code = sum(c * w for c, w in zip(counts, weights, strict=True))
        values[index] = _packed(counts, tiles, code)
    return values


@functools.cache
def slot_lists(players: int) -> tuple[list[int], ...]:
    """One list per :data:`SLOTS` slot (19) giving its packed value; a part's slots sum
    to the part's packed value, its base-5 code in the low 24 bits.

    >>> lists = slot_lists(4)
    >>> counts = bytes([1, 2, 0, 0, 0, 0, 0, 0, 3] + [0] * 25)
    >>> value = sum(lists[k][x] for k, x in enumerate(SLOTS.unpack(counts)[:5]))
    >>> value & _CODE_MASK == 1 * 5**8 + 2 * 5**7 + 3, value >> 24 & 255
    (True, 6)
    """
    result: list[list[int]] = []
    for kind, tiles in parts(players):
        if kind == "sanma_manzu":  # 1m, 2m-8m (always 0), 9m: code 5 * one + nine
            zero = _slot_list([2, 3], [0, 0], allowed=(1, 1))
            result += [_slot_list([0, 1], [5, 0], allowed=(5, 1)), zero, zero, zero]
            result.append(_slot_list([8], [1]))
            continue
        n, first = len(tiles), tiles[0]
        weights = [5 ** (n - 1 - k) for k in range(n)]
        for k in range(0, n - 1, 2):
            result.append(_slot_list([first + k, first + k + 1], weights[k : k + 2]))
        result.append(_slot_list([first + n - 1], weights[n - 1 :]))
    return tuple(result)


#: The four parts' packed values of 34 count bytes, or None (see :func:`part_values`).
PartValues = Callable[[bytes | bytearray], tuple[int, int, int, int] | None]


@functools.cache
def part_values(players: int) -> PartValues:
    """The function giving the four parts' packed values (code | fields << 24) of 34
    count bytes: one :data:`SLOTS` unpack and the slot lists' sums. It returns None for a
    count above 4 (a None slot entry makes the sum raise) or anything but 34 bytes.

    >>> values = part_values(4)(bytes([1, 2, 0, 0, 0, 0, 0, 0, 3] + [0] * 25))
    >>> values is not None and values[0] & _CODE_MASK == 1 * 5**8 + 2 * 5**7 + 3
    True
    >>> part_values(4)(bytes([5] + [0] * 33)) is None
    True
    """
    unpack = SLOTS.unpack
    a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, h0, h1, h2, h3 = slot_lists(players)

    def values(counts: bytes | bytearray) -> tuple[int, int, int, int] | None:
        try:
            m0, m1, m2, m3, m4, p0, p1, p2, p3, p4, s0, s1, s2, s3, s4, z0, z1, z2, z3 = unpack(
                counts
            )
            return (
                a0[m0] + a1[m1] + a2[m2] + a3[m3] + a4[m4],
                b0[p0] + b1[p1] + b2[p2] + b3[p3] + b4[p4],
                c0[s0] + c1[s1] + c2[s2] + c3[s3] + c4[s4],
                h0[z0] + h1[z1] + h2[z2] + h3[z3],
            )
        except (TypeError, struct.error):  # a count above 4, or not 34 bytes
            return None

    return values


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


def make_fast_distance() -> dict[int, Callable[[bytes | bytearray], int | None]]:
    """Build the lookup structures and return the fast distance function of each player
    count (3 and 4).

    Each function takes the 34 counts of a closed hand as bytes (or a bytearray) and
    returns the distance (shanten + 1) of the nearest form, or None when the input is
    anything but an ordinary valid hand; callers then take the careful path.

    >>> fast = make_fast_distance()
    >>> fast[4](bytes([1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [2, 3, 0, 0, 0, 0, 0]))
    0
    >>> fast[4](bytes([5] + [0] * 33)) is None
    True
    """
    closed = _closed_forms()
    sets_needed = tuple(n // 3 if n in VALID_SIZES else -1 for n in range(256))
    mask = _CODE_MASK
    unpack = SLOTS.unpack

    def specialise(players: int) -> Callable[[bytes | bytearray], int | None]:
        """One function per player count, every table bound as a closure local."""
        chain = lookup_chain(players)
        n1, n2, n3 = chain.widths
        # Premultiplied copies, so each step of the chain is an addition and a lookup.
        ids0 = array.array("H")
        ids0.frombytes((np.frombuffer(chain.ids[0], np.uint8).astype(np.uint16) * n1).tobytes())
        ids1, ids2 = chain.ids[1], chain.ids[2]
        ids3 = array.array("H")
        ids3.frombytes((np.frombuffer(chain.ids[3], np.uint8).astype(np.uint16) * 5).tobytes())
        first = [c * n2 for c in chain.first]
        second = [c * n3 * 5 for c in chain.second]
        final = chain.final
        (a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, h0, h1, h2, h3) = slot_lists(
            players
        )

        def distance(counts: bytes | bytearray) -> int | None:
            # part_values(players), inlined: calling it costs ~800 instructions (4%) a call
            try:
                (m0, m1, m2, m3, m4, p0, p1, p2, p3, p4, s0, s1, s2, s3, s4, z0, z1, z2, z3) = (
                    unpack(counts)
                )
                v0: int = a0[m0] + a1[m1] + a2[m2] + a3[m3] + a4[m4]
                v1: int = b0[p0] + b1[p1] + b2[p2] + b3[p3] + b4[p4]
                v2: int = c0[s0] + c1[s1] + c2[s2] + c3[s3] + c4[s4]
                v3: int = h0[z0] + h1[z1] + h2[z2] + h3[z3]
            except (TypeError, struct.error):  # a count above 4, or not 34 bytes
                return None
            fields = (v0 + v1 + v2 + v3) >> 24
            sets = sets_needed[fields & 255]
            if sets < 0:
                return None
            best = final[
                second[first[ids0[v0 & mask] + ids1[v1 & mask]] + ids2[v2 & mask]]
                + ids3[v3 & mask]
                + sets
            ]
            if sets == 4:  # 13 or 14 tiles (12 is no valid size): a closed hand
                other = closed[fields >> 8]
                if other < best:
                    return other
            return best

        return distance

    return {4: specialise(4), 3: specialise(3)}


#: One part's tables for the kernel: (tiles, base-5 weights, class ids per code, class
#: count, the other three parts, first, classes of the first two others, second, rest
#: classes, dist). See :func:`kernel_parts`.
KernelPart = tuple[
    tuple[int, ...],
    tuple[int, ...],
    npt.NDArray[np.uint8],
    int,
    tuple[int, int, int],
    npt.NDArray[np.uint8],
    int,
    npt.NDArray[np.uint8],
    int,
    npt.NDArray[np.uint8],
]


def kernel_parts(players: int) -> tuple[KernelPart, KernelPart, KernelPart, KernelPart]:
    """The kernel's lookups for 3- or 4-player mahjong, per part p: with (a, b, c) the
    other parts in order, ``first[ka * nb + kb]`` is the class of a+b, ``second[ab * nc +
    kc]`` the class of the rest (a+b+c), and ``dist[(rest * n + k) * 5 + m]`` the
    distance of the whole hand to m sets and a pair when part p has class k.

    >>> part = kernel_parts(4)[3]
    >>> part[1], part[3], part[4], len(part[9]) == part[8] * part[3] * 5
    ((15625, 3125, 625, 125, 25, 5, 1), 55, (0, 1, 2), True)
    """
    part_list = parts(players)
    ids_vectors = [class_ids(kind) for kind, _ in part_list]
    result = []
    for p, (kind, tiles) in enumerate(part_list):
        a, b, c = (q for q in range(4) if q != p)
        pair, pair_inverse = unique_vectors(_combine_classes(ids_vectors[a][1], ids_vectors[b][1]))
        rest, rest_inverse = unique_vectors(_combine_classes(pair, ids_vectors[c][1]))
        own = ids_vectors[p][1]
        dist = _combine_classes(rest, own)[:, 1::2]  # (rest, own) rows; m sets and a pair
        n = len(tiles)
        weights = (5, 1) if kind == "sanma_manzu" else tuple(5 ** (n - 1 - k) for k in range(n))
        result.append(
            (
                tuple(tiles),
                weights,
                np.frombuffer(ids_vectors[p][0], dtype=np.uint8),
                len(own),
                (a, b, c),
                pair_inverse.astype(np.uint8),
                len(pair),
                rest_inverse.astype(np.uint8),
                len(rest),
                dist.reshape(-1).astype(np.uint8),
            )
        )
    return result[0], result[1], result[2], result[3]


def closed_tables() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(seven pairs, thirteen orphans) distances for the kernel: ``seven[pairs * 16 +
    kinds]`` and ``kokushi[orphans held * 2 + holds an orphan pair]``.

    >>> seven, kokushi = closed_tables()
    >>> int(seven[6 * 16 + 7]), int(kokushi[13 * 2 + 1])
    (1, 0)
    """
    seven = np.full(256, 15, dtype=np.uint8)
    for pairs in range(16):
        for kinds in range(pairs, 16):
            seven[pairs * 16 + kinds] = min(15, seven_pairs_formula(pairs, kinds))
    kokushi = np.array(
        [thirteen_orphans_formula(held, bool(pair)) for held in range(14) for pair in range(2)],
        dtype=np.uint8,
    )
    return seven, kokushi

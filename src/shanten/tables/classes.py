"""Distance classes and the chain tables the kernel reads, kept in the on-disk cache.

The 405,350 suit shapes of at most 14 tiles have only 126 distinct distance vectors (one
distance per target of x sets and y pairs), the honour shapes 55, 3-player manzu shapes
10. Combining two parts' vectors by the min-plus product of :mod:`shanten.tables.minplus` again
gives few distinct vectors (180 for two suits, still 180 for three), so the standard
form of a whole hand is a chain of small table lookups. For each part p, with the other
three parts a, b, c:

    class of a x class of b -> class of a+b, x class of c -> rest class of p,
    rest class x class of p x sets -> distance of the hand to that many sets and a pair

A part's class is its base-5 code's entry in the class ids. Every table here is made
from :mod:`shanten.tables.transform` by numpy, stored once in the user's cache directory
(:mod:`shanten.tables.cache`) and memory-mapped by later processes.

>>> [len(class_ids(kind)[1]) for kind in ("suit", "honour", "sanma_manzu")]
[126, 55, 10]
"""

from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from shanten import forms
from shanten._version import __version__
from shanten.forms import parts, seven_pairs_formula, thirteen_orphans_formula
from shanten.tables import minplus, transform
from shanten.tables.cache import cached_arrays
from shanten.tables.minplus import product
from shanten.tables.transform import TARGETS, Kind, build_table, generate_complete_shapes

__all__ = [
    "NO_CLASS",
    "class_ids",
    "closed_tables",
    "complete_shapes",
    "kernel_parts",
    "kernel_shapes",
    "kernel_words",
    "stored",
    "stored_words",
    "unique_vectors",
]

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


def _generate_class_ids(kind: Kind) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """(class id of every shape code, distance vector of every class), from the table."""
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
    return ids, vectors


_KINDS: tuple[Kind, ...] = ("suit", "honour", "sanma_manzu")

#: The fields of a part's *word* (:func:`_words`) as (lowest bit, width): tiles, pairs,
#: kinds, orphans held, whether an orphan is held twice; the class is in the top byte.
#: Each is wide enough for four parts' sum (the kernel reads them with these widths).
WORD_FIELDS = {
    "tiles": (0, 6),
    "pairs": (6, 5),
    "kinds": (11, 6),
    "orphans": (17, 4),
    "orphan_pair": (21, 3),
}


def _words(kind: Kind, ids: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint32]:
    """Per shape code, the class (bits 24-31) and what seven pairs and thirteen orphans
    read (the fields of :data:`WORD_FIELDS`), so that a hand's four words sum, below bit
    24, to the hand's own fields (no field can carry: a hand has at most 14 tiles, and
    each field has room for four parts' worth). Shapes of more than 14 tiles hold
    :data:`NO_CLASS` and no fields.

    >>> words = _words("suit", class_ids_array("suit"))
    >>> word = int(words[2 * 5**8 + 1])  # 11m 9m: 3 tiles, a pair, 2 kinds, both orphans
    >>> [word >> at & (1 << width) - 1 for at, width in WORD_FIELDS.values()]
    [3, 1, 2, 2, 1]
    >>> word >> 24 == int(class_ids_array("suit")[2 * 5**8 + 1])
    True
    """
    n = _WIDTH[kind]
    orphan = [True] * n if kind != "suit" else [k in (0, n - 1) for k in range(n)]
    codes = np.arange(5**n, dtype=np.int64)
    fields = np.zeros(5**n, dtype=np.uint32)
    orphan_pair = np.zeros(5**n, dtype=bool)
    for k in range(n):
        digit = (codes // 5 ** (n - 1 - k) % 5).astype(np.uint32)
        fields += digit << WORD_FIELDS["tiles"][0]
        fields += (digit >= 2).astype(np.uint32) << WORD_FIELDS["pairs"][0]
        fields += (digit >= 1).astype(np.uint32) << WORD_FIELDS["kinds"][0]
        if orphan[k]:
            fields += (digit >= 1).astype(np.uint32) << WORD_FIELDS["orphans"][0]
            orphan_pair |= digit >= 2
    fields += orphan_pair.astype(np.uint32) << WORD_FIELDS["orphan_pair"][0]
    words: npt.NDArray[np.uint32] = np.where(
        ids == NO_CLASS, np.uint32(NO_CLASS) << 24, fields | ids.astype(np.uint32) << 24
    )
    return words


def class_ids_array(kind: Kind) -> npt.NDArray[np.uint8]:
    """The class id of every shape code of ``kind``, as the stored array."""
    ids: npt.NDArray[np.uint8] = stored()[f"{kind}.ids"]
    return ids


def _generate() -> dict[str, npt.NDArray[Any]]:
    """Every table :mod:`shanten.tables.classes` serves, made afresh (about half a second)."""
    arrays: dict[str, npt.NDArray[Any]] = {}
    for kind in _KINDS:
        arrays[f"{kind}.ids"], arrays[f"{kind}.vectors"] = _generate_class_ids(kind)
        arrays[f"{kind}.complete"], arrays[f"{kind}.targets"] = generate_complete_shapes(kind)
    for players in (4, 3):
        kinds = [kind for kind, _ in parts(players)]
        vectors = [arrays[f"{kind}.vectors"] for kind in kinds]
        for p, (first, second, dist) in enumerate(_chain_tables(vectors)):
            arrays[f"{players}.{p}.first"] = first
            arrays[f"{players}.{p}.second"] = second
            arrays[f"{players}.{p}.dist"] = dist
    return arrays


def _cache_key() -> str:
    """The package version and a hash of the modules that generate the tables: a cache
    written by other code is stale."""
    digest = hashlib.sha256()
    for module in (transform, minplus, forms, sys.modules[__name__]):
        digest.update(Path(str(module.__file__)).read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


@functools.cache
def stored() -> dict[str, npt.NDArray[Any]]:
    """The tables, from the on-disk cache (:mod:`shanten.tables.cache`) or made and cached."""
    return cached_arrays("tables", _generate, key=_cache_key())


@functools.cache
def stored_words() -> dict[str, npt.NDArray[np.uint32]]:
    """The words of every part kind (:func:`_words`), which only the batch API reads: a
    file of their own (7.8 MB), so that a process that does not use the batch never
    reads or checks them."""

    def generate() -> dict[str, npt.NDArray[Any]]:
        return {kind: _words(kind, class_ids_array(kind)) for kind in _KINDS}

    return cached_arrays("words", generate, key=_cache_key())


def kernel_words(players: int) -> tuple[npt.NDArray[np.uint32], ...]:
    """The words of the four parts of 3- or 4-player mahjong, for the kernel's batch."""
    words = stored_words()
    return tuple(words[kind] for kind, _ in parts(players))


def complete_shapes(kind: Kind) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Every complete shape of ``kind`` and its target column, from the stored tables
    (see :func:`shanten.tables.transform.generate_complete_shapes`)."""
    arrays = stored()
    return arrays[f"{kind}.complete"], arrays[f"{kind}.targets"]


#: One part's tables for the melded-copies rule in the kernel: its complete shapes (a row
#: of counts per shape), their target columns (sorted) and each class's distance vector.
KernelShapes = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]


def kernel_shapes(players: int) -> tuple[KernelShapes, KernelShapes, KernelShapes, KernelShapes]:
    """What the kernel reads where melded copies cap a part below 4 copies of a tile, per
    part of 3- or 4-player mahjong: (complete shapes, their target columns, the class
    vectors clipped at 15), as contiguous bytes.

    >>> shapes, targets, vectors = kernel_shapes(4)[3]
    >>> shapes.shape, len(targets) == len(shapes), vectors.shape
    ((498, 7), True, (55, 10))
    """
    arrays = stored()
    result = []
    for kind, _ in parts(players):
        shapes, targets = complete_shapes(kind)
        vectors = np.minimum(arrays[f"{kind}.vectors"], _CAP)
        result.append(
            (
                np.ascontiguousarray(shapes, dtype=np.uint8),
                np.ascontiguousarray(targets, dtype=np.uint8),
                np.ascontiguousarray(vectors, dtype=np.uint8),
            )
        )
    return result[0], result[1], result[2], result[3]


@functools.cache
def class_ids(kind: Kind) -> tuple[bytes, npt.NDArray[np.int64]]:
    """(class id of every shape code as bytes, distance vector of every class).

    Shapes of more than 14 tiles get :data:`NO_CLASS`. Distances are clipped at 15.
    """
    arrays = stored()
    vectors: npt.NDArray[np.int64] = arrays[f"{kind}.vectors"]
    return arrays[f"{kind}.ids"].tobytes(), vectors


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
    """The min-plus product (:func:`~shanten.tables.minplus.product`) of every vector of
    ``a`` with every vector of ``b``: (len a * len b, 10), clipped at 15."""
    columns = product(
        [a[:, None, t] for t in range(len(TARGETS))],
        [b[None, :, t] for t in range(len(TARGETS))],
        np.minimum,
    )
    return np.minimum(np.stack(columns, axis=-1).reshape(-1, len(TARGETS)), _CAP)


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


def _chain_tables(
    vectors: list[npt.NDArray[np.int64]],
) -> list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]]:
    """(first, second, dist) of each part, given each part's class vectors; see
    :func:`kernel_parts`."""
    result = []
    for p in range(4):
        a, b, c = (q for q in range(4) if q != p)
        pair, pair_inverse = unique_vectors(_combine_classes(vectors[a], vectors[b]))
        rest, rest_inverse = unique_vectors(_combine_classes(pair, vectors[c]))
        dist = _combine_classes(rest, vectors[p])[:, 1::2]  # (rest, own) rows; m sets, a pair
        result.append(
            (
                pair_inverse.astype(np.uint8),
                rest_inverse.astype(np.uint8),
                dist.reshape(-1).astype(np.uint8),
            )
        )
    return result


def kernel_parts(players: int) -> tuple[KernelPart, KernelPart, KernelPart, KernelPart]:
    """The kernel's lookups for 3- or 4-player mahjong, per part p: with (a, b, c) the
    other parts in order, ``first[ka * nb + kb]`` is the class of a+b, ``second[ab * nc +
    kc]`` the class of the rest (a+b+c), and ``dist[(rest * n + k) * 5 + m]`` the
    distance of the whole hand to m sets and a pair when part p has class k.

    >>> part = kernel_parts(4)[3]
    >>> part[1], part[3], part[4], len(part[9]) == part[8] * part[3] * 5
    ((15625, 3125, 625, 125, 25, 5, 1), 55, (0, 1, 2), True)
    """
    arrays = stored()
    part_list = parts(players)
    classes = [len(arrays[f"{kind}.vectors"]) for kind, _ in part_list]
    result = []
    for p, (kind, tiles) in enumerate(part_list):
        a, b, c = (q for q in range(4) if q != p)
        first, second = arrays[f"{players}.{p}.first"], arrays[f"{players}.{p}.second"]
        dist = arrays[f"{players}.{p}.dist"]
        n = len(tiles)
        weights = (5, 1) if kind == "sanma_manzu" else tuple(5 ** (n - 1 - k) for k in range(n))
        result.append(
            (
                tuple(tiles),
                weights,
                arrays[f"{kind}.ids"],
                classes[p],
                (a, b, c),
                first,
                len(second) // classes[c],
                second,
                len(dist) // (classes[p] * 5),
                dist,
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

"""Per-suit distance tables (部分置換数), generated at first use by a min-plus transform.

For a suit shape ``h`` (the counts of one suit's tiles) and a target of ``x`` sets and
``y`` pairs, the table holds the exact distance

    d(h; x, y) = min over complete shapes w of (x, y) of  sum_i max(w_i - h_i, 0),

where a complete shape is ``x`` sets (runs of three consecutive tiles, in suits only, or
triplets) plus ``y`` pairs with every ``w_i <= 4``. The cost is separable per tile, so the
minimum over ``w`` is a min-plus convolution with ``c(w, h) = max(w - h, 0)`` done one
axis at a time, over all ``5**n`` shapes and all ten targets at once. Along one axis it is
two passes: ``p(h) = min(f(h), p(h - 1))`` (tiles held beyond ``w`` cost nothing), then
``g(4) = p(4)``, ``g(h) = min(p(h), g(h + 1) + 1)`` (each tile of ``w`` above the count
held costs one).

Rows are indexed by the base-5 code of the counts with the first tile most significant.

>>> table = suit_table()
>>> table.shape, int(table[encode([1, 1, 1, 0, 0, 0, 0, 0, 0]), target_index(1, 0)])
((1953125, 10), 0)
>>> int(table[encode([1, 0, 0, 0, 0, 0, 0, 0, 0]), target_index(1, 1)])  # 1m -> 11m + a set
4
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

__all__ = [
    "INF",
    "TARGETS",
    "Kind",
    "build",
    "build_table",
    "encode",
    "generate_complete_shapes",
    "honour_table",
    "sanma_manzu_table",
    "suit_table",
    "table",
    "target_index",
]

#: The targets (x sets, y pairs) in column order: column ``2 * x + y``.
TARGETS: Final = tuple((x, y) for x in range(5) for y in range(2))
#: Stored where a target cannot be built at all (only 3-player manzu: 1m and 9m alone
#: cannot hold three sets).
INF: Final = 99
#: ``suit``: 9 tiles with runs; ``honour``: 7 tiles, no runs; ``sanma_manzu``: the two
#: manzu tiles of 3-player mahjong (1m, 9m), no runs.
Kind = Literal["suit", "honour", "sanma_manzu"]

_SIZES: Final[dict[str, tuple[int, bool]]] = {
    "suit": (9, True),
    "honour": (7, False),
    "sanma_manzu": (2, False),
}
_BIG: Final = 200  # INF while transforming: 200 + 4 * 9 still fits in uint8


def target_index(sets: int, pairs: int) -> int:
    """The column of target (``sets``, ``pairs``)."""
    return 2 * sets + pairs


def encode(counts: Sequence[int]) -> int:
    """Base-5 code of a shape, first tile most significant: ``encode([0, 0, 1]) == 1``."""
    code = 0
    for count in counts:
        code = code * 5 + count
    return code


def _blocks(n: int, runs: bool) -> tuple[list[list[int]], list[list[int]]]:
    """The sets (triplets, and runs when allowed) and the pairs of an n-tile part."""
    sets = []
    for i in range(n):
        sets.append([3 if j == i else 0 for j in range(n)])
        if runs and i + 2 < n:
            sets.append([1 if i <= j <= i + 2 else 0 for j in range(n)])
    pairs = [[2 if j == i else 0 for j in range(n)] for i in range(n)]
    return sets, pairs


def _complete_codes(n: int, runs: bool) -> list[tuple[int, npt.NDArray[np.int64]]]:
    """(target column, sorted base-5 codes of its complete shapes) for every target.

    Grows the shapes of x sets by each set, keeping those within 4 copies per tile; a few
    thousand rows at most, so this is cheap next to the transform.
    """
    sets, pairs = _blocks(n, runs)
    weights = np.array([5 ** (n - 1 - i) for i in range(n)], dtype=np.int64)
    set_rows, pair_rows = np.array(sets, dtype=np.int64), np.array(pairs, dtype=np.int64)

    def grow(shapes: npt.NDArray[np.int64], blocks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        grown = (shapes[:, None, :] + blocks[None, :, :]).reshape(-1, n)
        return np.unique(grown[(grown <= 4).all(axis=1)], axis=0)

    result = []
    shapes = np.zeros((1, n), dtype=np.int64)
    for x in range(5):
        result.append((target_index(x, 0), np.sort(shapes @ weights)))
        result.append((target_index(x, 1), np.sort(grow(shapes, pair_rows) @ weights)))
        shapes = grow(shapes, set_rows)
    return result


def _minplus_axes(dist: npt.NDArray[np.uint8], axes: range, scratch: npt.NDArray[np.uint8]) -> None:
    """The transform along each of ``axes`` of a contiguous array, in place."""
    one = np.uint8(1)
    for axis in axes:
        view = dist.reshape(5**axis, 5, -1)
        plus_one = scratch.reshape(5**axis, -1)
        for h in range(1, 5):
            np.minimum(view[:, h], view[:, h - 1], out=view[:, h])
        for h in range(3, -1, -1):
            np.add(view[:, h + 1], one, out=plus_one)
            np.minimum(view[:, h], plus_one, out=view[:, h])


def _transform(n: int, runs: bool) -> npt.NDArray[np.uint8]:
    """Min-plus distance transform of each target's complete shapes, one axis at a time.

    Works on a contiguous (5, ..., 5, 10) array, targets last, so that the result is the
    (5**n, 10) table without a transpose; each axis is viewed as (5**axis, 5, rest). The
    last axes would be walked in chunks of a few bytes, which is slow, so after the first
    half the array is rotated once to bring them to the front, and rotated back at the end.
    """
    dist = np.full(5**n * len(TARGETS), _BIG, dtype=np.uint8)
    flat = dist.reshape(-1, len(TARGETS))
    for target, codes in _complete_codes(n, runs):
        flat[codes, target] = 0
    dist = dist.reshape((5,) * n + (len(TARGETS),))
    scratch = np.empty(dist.size // 5, dtype=np.uint8)
    half = (n + 1) // 2
    _minplus_axes(dist, range(half), scratch)
    if half < n:
        order = [*range(half, n), *range(half), n]
        dist = np.ascontiguousarray(dist.transpose(order))
        _minplus_axes(dist, range(n - half), scratch)
        dist = np.ascontiguousarray(dist.transpose(np.argsort(order)))
    result = dist.reshape(-1, len(TARGETS))
    result[result >= _BIG] = INF
    return result


def build_table(kind: Kind) -> npt.NDArray[np.uint8]:
    """Build the distance table of ``kind`` afresh: shape ``(5**n, 10)``.

    The library itself keeps only the distance classes derived from it
    (:func:`shanten.tables.classes.class_ids`), so the full table is not held in memory.
    """
    return _transform(*_SIZES[kind])


@functools.cache
def table(kind: Kind) -> npt.NDArray[np.uint8]:
    """The distance table of ``kind``: shape ``(5**n, 10)``, read-only, built once and
    kept (19.5 MB for suits) for callers that want the table itself."""
    result = build_table(kind)
    result.flags.writeable = False
    return result


def suit_table() -> npt.NDArray[np.uint8]:
    """Distances for the 5**9 shapes of one suit (萬子/筒子/索子), runs allowed."""
    return table("suit")


def honour_table() -> npt.NDArray[np.uint8]:
    """Distances for the 5**7 shapes of the honours (字牌), no runs."""
    return table("honour")


def sanma_manzu_table() -> npt.NDArray[np.uint8]:
    """Distances for 3-player manzu: 25 shapes of (1m, 9m), row ``5 * h[1m] + h[9m]``."""
    return table("sanma_manzu")


def generate_complete_shapes(kind: Kind) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Every complete shape of ``kind``: (shapes as rows of counts, their target column).

    Sorted by target column, then by code. Used where tiles are capped below 4 (copies in
    melds, or tiles absent from the game) and to build witnesses; the library reads them
    from its stored tables (:func:`shanten.tables.classes.complete_shapes`).
    """
    n, runs = _SIZES[kind]
    found = _complete_codes(n, runs)
    codes = np.concatenate([c for _, c in found])
    targets = np.concatenate([np.full(len(c), t, dtype=np.int8) for t, c in found])
    digits = np.empty((len(codes), n), dtype=np.int8)
    rest = codes.copy()
    for i in range(n - 1, -1, -1):
        digits[:, i] = rest % 5
        rest //= 5
    return digits, targets


def build() -> dict[str, npt.NDArray[np.uint8]]:
    """Build every table the library needs from scratch (no cache) and return them."""
    return {kind: _transform(*_SIZES[kind]) for kind in _SIZES}

"""Independent reference implementations of the per-suit distance tables.

Nothing here is imported from :mod:`shanten`; everything is rebuilt from the definition

    r_t(h) = min over complete shapes w of target t of  sum_i max(w_i - h_i, 0)

where a target t = (x, y) asks for x sets and y pairs made only of the tiles of one
"universe" (a suit: 9 tiles with runs; the honours: 7 tiles, no runs; the 3-player manzu:
the two tiles 1m and 9m, no runs), with every count w_i <= 4.

Two independent ways are provided:

* :func:`bfs_distances`: the multi-source 0-1 BFS of seed 000 (vertices = count vectors
  with counts 0..4 and at most 14 tiles, 0-cost edge = add a tile, 1-cost edge = remove a
  tile, sources = the complete shapes at distance 0). The BFS relaxes edges properly
  (a vertex may be improved after being first reached; it is final when first popped),
  unlike the "mark on discovery" shortcut.
* :func:`brute_force`: the formula itself, vectorised with numpy over the complete shapes.

Shapes are encoded as base-5 integers with the FIRST tile most significant, as the tables
of the API contract are: ``code = sum(h[i] * 5 ** (n - 1 - i))``.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

MAX_COPIES = 4
MAX_TILES = 14
UNREACHED = 255  # sentinel in BFS distance arrays; also what "no complete shape" maps to

Shape = tuple[int, ...]


@dataclass(frozen=True)
class Universe:
    """The tiles a table is about: ``n`` tiles, with or without runs of 3 consecutive."""

    name: str
    n: int
    runs: bool


SUIT = Universe("suit", 9, True)
HONOURS = Universe("honours", 7, False)
SANMA_MANZU = Universe("sanma manzu", 2, False)  # tile 0 = 1m, tile 1 = 9m

ALL_TARGETS: tuple[tuple[int, int], ...] = tuple((x, y) for x in range(5) for y in range(2))


def powers(n: int) -> list[int]:
    """Place values of the base-5 code, first tile most significant."""
    return [5 ** (n - 1 - i) for i in range(n)]


def encode(shape: Sequence[int]) -> int:
    code = 0
    for c in shape:
        code = code * 5 + c
    return code


def decode(code: int, n: int) -> Shape:
    digits = [0] * n
    for i in range(n - 1, -1, -1):
        code, digits[i] = divmod(code, 5)
    return tuple(digits)


def set_shapes(u: Universe) -> list[Shape]:
    """Every single set: a triplet of any tile, and (suits only) a run of 3 consecutive."""
    out: list[Shape] = []
    for i in range(u.n):
        out.append(tuple(3 if j == i else 0 for j in range(u.n)))
    if u.runs:
        for i in range(u.n - 2):
            out.append(tuple(1 if i <= j <= i + 2 else 0 for j in range(u.n)))
    return out


def pair_shapes(u: Universe) -> list[Shape]:
    return [tuple(2 if j == i else 0 for j in range(u.n)) for i in range(u.n)]


def complete_shapes(u: Universe, x: int, y: int) -> list[Shape]:
    """All distinct count vectors made of x sets and y pairs, each count <= 4 (sorted)."""
    zero: Shape = (0,) * u.n
    pair_choices: list[Shape] = pair_shapes(u) if y == 1 else [zero]
    if y not in (0, 1):
        raise ValueError(y)
    found: set[Shape] = set()
    for sets in itertools.combinations_with_replacement(set_shapes(u), x):
        for pair in pair_choices:
            total = list(pair)
            for s in sets:
                for j in range(u.n):
                    total[j] += s[j]
            if max(total, default=0) <= MAX_COPIES:
                found.add(tuple(total))
    return sorted(found)


@functools.cache
def vertices(u: Universe) -> npt.NDArray[np.int64]:
    """Codes of all count vectors with counts 0..4 and at most 14 tiles (BFS vertex set)."""
    codes = codes_of(all_shapes(u.n, MAX_TILES))
    codes.flags.writeable = False
    return codes


def bfs_distances(u: Universe, x: int, y: int) -> bytearray:
    """Multi-source 0-1 BFS (seed 000) for target (x, y).

    Returns a bytearray indexed by code (length 5**n); vertices with more than 14 tiles are
    not in the graph and stay UNREACHED, as does everything when the target has no
    complete shape at all.
    """
    n = u.n
    size: int = 5**n
    place = powers(n)
    dist = bytearray([UNREACHED]) * size
    done = bytearray(size)
    queue: deque[int] = deque()
    for w in complete_shapes(u, x, y):
        code = encode(w)
        dist[code] = 0
        queue.append(code)
    popleft = queue.popleft
    push_front = queue.appendleft
    push_back = queue.append
    while queue:
        code = popleft()
        if done[code]:
            continue
        done[code] = 1
        d = dist[code]
        d1 = d + 1
        # digits of the code, tile 0 first
        rest = code
        digits = [0] * n
        for i in range(n - 1, -1, -1):
            rest, digits[i] = divmod(rest, 5)
        can_add = sum(digits) < MAX_TILES
        for i in range(n):
            c = digits[i]
            p = place[i]
            if can_add and c < MAX_COPIES:
                nxt = code + p
                if dist[nxt] > d:  # add a tile: cost 0
                    dist[nxt] = d
                    push_front(nxt)
            if c > 0:
                nxt = code - p
                if dist[nxt] > d1:  # remove a tile: cost 1
                    dist[nxt] = d1
                    push_back(nxt)
    return dist


def bfs_all_targets(
    u: Universe, targets: Iterable[tuple[int, int]] = ALL_TARGETS
) -> list[bytearray]:
    """BFS distances for each target (single process: about 2 s per suit target)."""
    return [bfs_distances(u, x, y) for x, y in targets]


def shapes_array(shapes: Iterable[Sequence[int]], n: int) -> npt.NDArray[np.int16]:
    arr = np.array(list(shapes), dtype=np.int16)
    return arr.reshape(-1, n)


def codes_of(shapes: npt.NDArray[np.int16]) -> npt.NDArray[np.int64]:
    n = shapes.shape[1]
    place = np.array(powers(n), dtype=np.int64)
    codes: npt.NDArray[np.int64] = shapes.astype(np.int64) @ place
    return codes


def brute_force(
    hands: npt.NDArray[np.integer], complete: npt.NDArray[np.integer], chunk_cells: int = 1 << 22
) -> npt.NDArray[np.int64]:
    """min over w in ``complete`` of sum_i max(w_i - h_i, 0), for every row h of ``hands``.

    Returns UNREACHED for every hand when ``complete`` is empty (target impossible).
    Computed in uint8 (each term is max(w_i, h_i) - h_i, which cannot underflow; a sum is at
    most 14 since it is at most the size of w), tile by tile over a (hands x shapes) block.
    """
    m, n = hands.shape
    out = np.empty(m, dtype=np.int64)
    if complete.shape[0] == 0:
        out.fill(UNREACHED)
        return out
    if complete.shape[1] != n or int(complete.sum(axis=1).max()) > 255:
        raise ValueError("shape mismatch")
    w_cols = [np.ascontiguousarray(complete[:, i], dtype=np.uint8)[None, :] for i in range(n)]
    step = max(1, chunk_cells // complete.shape[0])
    for start in range(0, m, step):
        h = np.asarray(hands[start : start + step], dtype=np.uint8)
        acc = np.zeros((h.shape[0], complete.shape[0]), dtype=np.uint8)
        tmp = np.empty_like(acc)
        for i in range(n):
            hi = h[:, i : i + 1]
            np.maximum(w_cols[i], hi, out=tmp)
            tmp -= hi
            acc += tmp
        out[start : start + step] = acc.min(axis=1)
    return out


@functools.cache
def all_shapes(n: int, max_tiles: int | None = None) -> npt.NDArray[np.int16]:
    """Every count vector of length n with counts 0..4 (and at most max_tiles tiles)."""
    codes = np.arange(5**n, dtype=np.int64)
    place = np.array(powers(n), dtype=np.int64)
    grid = ((codes[:, None] // place[None, :]) % 5).astype(np.int16)  # row k has code k
    if max_tiles is not None:
        grid = grid[grid.sum(axis=1) <= max_tiles]
    grid.flags.writeable = False  # cached: shared between callers
    return grid


def decomposable(shape: Sequence[int], runs: bool, x: int, y: int) -> bool:
    """Can ``shape`` be split exactly into x sets and y pairs? (plain recursion)

    The leftmost tile still held must start a block: a pair, a triplet, or (suits) a run
    starting there, since every tile to its left is already used up.
    """
    h = list(shape)
    i = next((k for k, c in enumerate(h) if c), None)
    if i is None:
        return x == 0 and y == 0
    blocks: list[tuple[list[int], int, int]] = []  # (tiles, sets used, pairs used)
    if y > 0 and h[i] >= 2:
        blocks.append(([i, i], 0, 1))
    if x > 0 and h[i] >= 3:
        blocks.append(([i, i, i], 1, 0))
    if runs and x > 0 and i + 2 < len(h) and h[i + 1] and h[i + 2]:
        blocks.append(([i, i + 1, i + 2], 1, 0))
    for tiles, dx, dy in blocks:
        rest = h.copy()
        for t in tiles:
            rest[t] -= 1
        if decomposable(rest, runs, x - dx, y - dy):
            return True
    return False


def complete_shapes_by_decomposition(u: Universe) -> dict[tuple[int, int], list[Shape]]:
    """Second, independent enumeration, for every target at once: each count vector
    (counts 0..4) of 3x + 2y tiles that splits into x sets and y pairs (lists sorted).

    The ten sizes 3x + 2y are distinct, so one pass over all 5**n vectors suffices.
    """
    by_size = {3 * x + 2 * y: (x, y) for x, y in ALL_TARGETS}
    assert len(by_size) == len(ALL_TARGETS)
    found: dict[tuple[int, int], list[Shape]] = {t: [] for t in ALL_TARGETS}
    for h in itertools.product(range(MAX_COPIES + 1), repeat=u.n):
        target = by_size.get(sum(h))
        if target is not None and decomposable(h, u.runs, *target):
            found[target].append(h)
    return found  # product() yields in lexicographic = code order, so already sorted


def bellman_rhs(values: npt.NDArray[np.integer], n: int) -> npt.NDArray[np.int16]:
    """For every row h (all 5**n shapes, rows in code order) and column, the best value
    over the in-edges of h in the add/remove graph on ALL count vectors (no tile limit):

        min( min_i values[h - e_i]  (h_i >= 1, add tile i at cost 0),
             min_i values[h + e_i] + 1  (h_i <= 3, remove tile i at cost 1) ).

    A table f equals the distance from the sources S iff f = 0 on S and f = bellman_rhs
    off S (see the test module for the argument).
    """
    rows, k = values.shape
    if rows != 5**n:
        raise ValueError("need all 5**n rows")
    v = values.astype(np.int16)
    best = np.full_like(v, np.iinfo(np.int16).max)
    for i in range(n):
        shape = (5**i, 5, 5 ** (n - 1 - i), k)  # axis 1 = the count of tile i
        vv = v.reshape(shape)
        bb = best.reshape(shape)
        np.minimum(bb[:, 1:], vv[:, :-1], out=bb[:, 1:])
        np.minimum(bb[:, :-1], vv[:, 1:] + 1, out=bb[:, :-1])
    return best


def source_mask(u: Universe, targets: Sequence[tuple[int, int]]) -> npt.NDArray[np.bool_]:
    """(5**n, len(targets)) boolean: is row h a complete shape of the target?"""
    mask = np.zeros((5**u.n, len(targets)), dtype=bool)
    for col, (x, y) in enumerate(targets):
        shapes = complete_shapes(u, x, y)
        if shapes:
            mask[codes_of(shapes_array(shapes, u.n)), col] = True
    return mask

"""Proofs that ``shanten.tables.transform`` holds the exact per-suit distances.

For a universe of tiles (a suit: 9 tiles with runs; the honours: 7 tiles, no runs; the
3-player manzu: 1m and 9m only, no runs) and a target t = (x sets, y pairs), the table row of
a shape h (base-5 code, first tile most significant) must hold

    r_t(h) = min over complete shapes w of t of  sum_i max(w_i - h_i, 0)        (1)

(w: x sets + y pairs inside the universe, every w_i <= 4), or ``INF`` when t has no complete
shape at all. Everything below is rebuilt from (1) in ``suit_reference`` (which imports
nothing from ``shanten``); only the tables, ``TARGETS``, ``INF`` (and ``build``, to rebuild)
come from the library.

Independent checks:

* (default suite) **Bellman equations** over all 5**n rows, including shapes of more than 14
  tiles. Let G be the graph on all count vectors (counts 0..4) with an edge h -> h + e_i of
  cost 0 and h -> h - e_i of cost 1, and S the complete shapes of t. Then
  dist_S(h) = r_t(h): a path w -> h must remove tile i at least max(w_i - h_i, 0) times, and
  "remove the excess, then add the rest" achieves it. A table f equals dist_S iff
  f = 0 on S and, off S, f(h) = min over in-edges (u -> h) of f(u) + cost. Proof: that
  equation gives f(h) <= f(u) + cost for every edge, so by induction along a shortest path
  f <= dist_S. Conversely, from h off S follow an in-edge attaining the minimum: either f
  drops by 1 (cost 1) or f stays and the tile count drops (cost 0, u = h - e_i), so the pair
  (f, tiles) decreases and the walk ends in S (every vertex has an in-edge), giving a path
  from S of cost exactly f(h): dist_S <= f. (An impossible target has S empty, dist = inf.)
* (exhaustive) the **multi-source 0-1 BFS** of seed 000 on the vertices with <= 14 tiles
  (405,350 for a suit), compared on every vertex and target;
* (exhaustive) **brute force** of (1) with numpy over the enumerated complete shapes, on every
  suit shape of <= 8 tiles, a seeded sample of 9..14 and of > 14 tiles, every honour shape,
  every sanma manzu shape;
* (exhaustive) the complete shapes themselves, enumerated twice (sums of sets and pairs;
  filtering all vectors by a recursive decomposition).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt
import pytest

import shanten.tables.transform as tables
from shanten.tables.transform import INF, TARGETS, honour_table, sanma_manzu_table, suit_table
from support.suit_reference import (
    ALL_TARGETS,
    HONOURS,
    MAX_TILES,
    SANMA_MANZU,
    SUIT,
    UNREACHED,
    Universe,
    all_shapes,
    bellman_rhs,
    bfs_distances,
    brute_force,
    codes_of,
    complete_shapes,
    complete_shapes_by_decomposition,
    decode,
    encode,
    shapes_array,
    source_mask,
    vertices,
)

Table = npt.NDArray[np.uint8]

UNIVERSES: tuple[Universe, ...] = (SUIT, HONOURS, SANMA_MANZU)
TABLE_OF: dict[str, Callable[[], Table]] = {
    SUIT.name: suit_table,
    HONOURS.name: honour_table,
    SANMA_MANZU.name: sanma_manzu_table,
}
TARGET_IDS = [f"{x}s{y}p" for x, y in ALL_TARGETS]

SEED = 20240521
SUIT_MID_SAMPLE = 30_000  # suit shapes of 9..14 tiles checked by brute force
SUIT_BIG_SAMPLE = 10_000  # suit shapes of > 14 tiles checked by brute force
SEED_VERTEX_COUNT = 405_350  # seed 000: |H| for one suit (counts 0..4, at most 14 tiles)


def column(x: int, y: int) -> int:
    return TARGETS.index((x, y))


def describe(u: Universe, shape: Sequence[int]) -> str:
    """A readable shape: '1112345678999m' for suits, '1122z' for honours, counts for sanma."""
    if u is SANMA_MANZU:
        return f"1m x{shape[0]}, 9m x{shape[1]}"
    digits = "".join(str(i + 1) * c for i, c in enumerate(shape))
    suffix = "m" if u is SUIT else "z"
    return (digits or "(empty)") + suffix + f" {tuple(shape)}"


def assert_same(
    u: Universe,
    target: tuple[int, int],
    codes: npt.NDArray[np.int64],
    got: npt.NDArray[np.integer],
    want: npt.NDArray[np.integer],
    what: str,
) -> None:
    """Equal, or fail naming the first disagreements: shape, target, table and reference."""
    got64 = np.asarray(got, dtype=np.int64)
    want64 = np.asarray(want, dtype=np.int64)
    bad = np.flatnonzero(got64 != want64)
    if bad.size == 0:
        return
    lines = [
        f"{u.name} target {target}: table differs from {what} on {bad.size} of "
        f"{codes.size} rows; first ones:"
    ]
    for k in bad[:20]:
        shape = decode(int(codes[k]), u.n)
        lines.append(
            f"  {describe(u, shape)} (row {int(codes[k])}): "
            f"table {int(got64[k])}, {what} {int(want64[k])}"
        )
    pytest.fail("\n".join(lines))


def suit_row(tiles: str) -> int:
    """Row of a suit shape written as digits, e.g. '11119' -> counts (4,0,...,0,1)."""
    counts = [0] * 9
    for ch in tiles:
        counts[int(ch) - 1] += 1
    return encode(counts)


def honour_row(tiles: str) -> int:
    counts = [0] * 7
    for ch in tiles:
        counts[int(ch) - 1] += 1
    return encode(counts)


def sanma_row(ones: int, nines: int) -> int:
    return 5 * ones + nines  # the contract's row layout, written out


# ----------------------------------------------------------------------------------------
# Default suite: layout, hand-derived values, determinism, Bellman equations (full proof).
# ----------------------------------------------------------------------------------------


def test_targets_and_inf() -> None:
    assert tuple(TARGETS) == ALL_TARGETS
    for x in range(5):
        for y in range(2):
            assert TARGETS[2 * x + y] == (x, y)  # column t = 2 * x + y (contract)
    # INF must not collide with a real distance: at most 3 * 4 + 2 = 14 tiles are missing.
    assert INF > MAX_TILES


@pytest.mark.parametrize("u", UNIVERSES, ids=[u.name for u in UNIVERSES])
def test_table_layout(u: Universe) -> None:
    table = TABLE_OF[u.name]()
    assert isinstance(table, np.ndarray)
    assert table.dtype == np.uint8
    assert table.shape == (5**u.n, len(ALL_TARGETS))


# Each value below is derived by hand from (1); n(w) = 3x + 2y tiles, so r >= n(w) - n(h)
# always, and r = 0 iff h contains a complete shape.
SUIT_CASES: list[tuple[str, int, int, int]] = [
    # (tiles, x, y, r)
    ("", 0, 0, 0),  # the empty target is complete at once
    ("1", 0, 0, 0),
    ("123", 1, 0, 0),  # 123m is a run
    ("1", 1, 0, 2),  # 111m or 123m: 2 missing; a set without 1m misses 3
    ("1", 0, 1, 1),  # 11m
    ("1", 1, 1, 4),  # 11m+123m (1m x3, 2m, 3m): 4; >= 5 - 1 = 4
    ("13", 1, 0, 1),  # 123m: 2m missing; 0 impossible (13m is no set)
    ("13", 1, 1, 3),  # 11m+123m = (3,1,1) vs (1,0,1): 2 + 1 missing; and r >= 5 - 2
    ("19", 1, 0, 2),  # 111m / 999m / 123m / 789m all miss 2; no set holds both 1m and 9m
    ("11119", 1, 0, 0),  # 111m
    # 111m+99m misses one 9m; 0 would need w <= h, but h's only set is 111m and
    # its only pair 11m, together five 1m.
    ("11119", 1, 1, 1),
    # w has 6 tiles, h 5: r = 1 would need w >= h (all of 1111m and 9m): 1111 needs 111m +
    # a run through 1m (123m), leaving 9m alone; so r >= 2, and 111m+123m misses 2m 3m.
    ("11119", 2, 0, 2),
    # w has 8 tiles, h 5: r >= 3; 111m+123m+99m (1m x4, 2m, 3m, 9m x2) misses 2m 3m 9m.
    ("11119", 2, 1, 3),
    # 14 tiles: 11m + 123m 456m 789m 999m (1m x3, 2m..8m, 9m x4) is exactly h.
    ("11123456789999", 4, 1, 0),
    # the 13-tile nine-gates shape: 14 tiles needed so r >= 1; adding 1m gives
    # 111m 123m 456m 789m 99m, complete: r = 1.
    ("1112345678999", 4, 1, 1),
    ("1112345678999", 4, 0, 0),  # 111m 234m 567m 999m (8m unused)
    # every count 4 (36 tiles): every w has w_i <= 4 = h_i, so nothing is missing.
    ("111122223333444455556666777788889999", 4, 1, 0),
    ("111122223333444455556666777788889999", 2, 0, 0),
]
EMPTY_TARGETS = [(x, y, 3 * x + 2 * y) for x, y in ALL_TARGETS]  # h empty: all of w missing


@pytest.mark.parametrize(("tiles", "x", "y", "want"), SUIT_CASES)
def test_suit_hand_derived(tiles: str, x: int, y: int, want: int) -> None:
    assert int(suit_table()[suit_row(tiles), column(x, y)]) == want


@pytest.mark.parametrize(("x", "y", "want"), EMPTY_TARGETS)
def test_empty_shape_misses_the_whole_target(x: int, y: int, want: int) -> None:
    assert int(suit_table()[0, column(x, y)]) == want
    assert int(honour_table()[0, column(x, y)]) == want


HONOUR_CASES: list[tuple[str, int, int, int]] = [
    ("1", 1, 0, 2),  # 111z
    ("123", 1, 0, 2),  # no runs in honours: each triplet misses 2 (contrast 123m = 0)
    ("111", 1, 0, 0),
    # 1111z: w_1 can only be 0, 2 or 3 (five 1z is not allowed), so at most 3 of h are
    # used and r >= 5 - 3 = 2; 111z+22z misses 2.
    ("1111", 1, 1, 2),
    ("11122233344455", 4, 1, 0),  # four triplets and a pair
    ("1234567", 0, 1, 1),  # any pair misses one
    # w = four triplets + a pair on five distinct tiles (3 + 2 > 4 forbids sharing one), so
    # w holds exactly one copy of five of the seven held tiles: r = 14 - 5 = 9.
    ("1234567", 4, 1, 9),
]


@pytest.mark.parametrize(("tiles", "x", "y", "want"), HONOUR_CASES)
def test_honour_hand_derived(tiles: str, x: int, y: int, want: int) -> None:
    assert int(honour_table()[honour_row(tiles), column(x, y)]) == want


SANMA_CASES: list[tuple[int, int, int, int, int | None]] = [
    # (1m count, 9m count, x, y, r or None for INF)
    (0, 0, 1, 0, 3),
    (0, 0, 2, 0, 6),  # 111m 999m
    (0, 0, 1, 1, 5),  # 111m 99m
    (0, 0, 2, 1, None),  # 111m 999m + a pair of 1m or 9m: five copies
    (0, 0, 3, 0, None),  # three triplets from two tiles
    (4, 4, 2, 0, 0),
    (4, 4, 3, 1, None),
    (1, 1, 1, 1, 3),  # 111m+99m or 999m+11m: 2 + 1
    (4, 0, 1, 1, 2),  # 111m+99m: two 9m
    (0, 1, 0, 1, 1),  # 99m
]


@pytest.mark.parametrize(("ones", "nines", "x", "y", "want"), SANMA_CASES)
def test_sanma_manzu_hand_derived(ones: int, nines: int, x: int, y: int, want: int | None) -> None:
    value = int(sanma_manzu_table()[sanma_row(ones, nines), column(x, y)])
    assert value == (INF if want is None else want)


def test_sanma_impossible_targets_are_inf_everywhere() -> None:
    table = sanma_manzu_table()
    for x, y in ALL_TARGETS:
        possible = bool(complete_shapes(SANMA_MANZU, x, y))
        col = table[:, column(x, y)]
        if possible:
            assert int(col.max()) <= MAX_TILES, (x, y)
        else:
            assert bool((col == INF).all()), (x, y)


def test_tables_deterministic_across_builds() -> None:
    if not hasattr(tables, "build"):
        pytest.skip("shanten.tables.transform exposes no way to rebuild")
    first = tables.build()
    second = tables.build()
    assert first.keys() == second.keys()
    for kind in first:
        assert np.array_equal(first[kind], second[kind]), kind
    assert np.array_equal(first["suit"], suit_table())
    assert np.array_equal(first["honour"], honour_table())
    assert np.array_equal(first["sanma_manzu"], sanma_manzu_table())
    # and repeated calls agree with themselves
    assert np.array_equal(suit_table(), suit_table())


@pytest.mark.parametrize("u", UNIVERSES, ids=[u.name for u in UNIVERSES])
def test_bellman_equations_prove_every_row(u: Universe) -> None:
    """Full proof on all 5**n rows (see the module docstring)."""
    table = TABLE_OF[u.name]()
    cols = [column(x, y) for x, y in ALL_TARGETS]
    values = table[:, cols]
    mask = source_mask(u, ALL_TARGETS)
    rhs = bellman_rhs(values, u.n)
    want = np.where(mask, 0, rhs)
    codes = np.arange(5**u.n, dtype=np.int64)
    for k, target in enumerate(ALL_TARGETS):
        if mask[:, k].any():
            assert_same(u, target, codes, values[:, k], want[:, k], "Bellman min over in-edges")
        else:
            assert_same(u, target, codes, values[:, k], np.full(codes.size, INF), "INF")


# ----------------------------------------------------------------------------------------
# Exhaustive: enumeration cross-check, the seed's 0-1 BFS, brute force of (1).
# ----------------------------------------------------------------------------------------


@pytest.mark.exhaustive
@pytest.mark.parametrize("u", UNIVERSES, ids=[u.name for u in UNIVERSES])
def test_complete_shapes_two_ways(u: Universe) -> None:
    by_decomposition = complete_shapes_by_decomposition(u)
    for x, y in ALL_TARGETS:
        assert complete_shapes(u, x, y) == by_decomposition[x, y], (u.name, x, y)


@pytest.mark.exhaustive
def test_bfs_vertex_count_matches_seed() -> None:
    assert len(vertices(SUIT)) == SEED_VERTEX_COUNT


BFS_CASES = [(u, t) for u in UNIVERSES for t in ALL_TARGETS]


@pytest.mark.exhaustive
@pytest.mark.parametrize(
    ("u", "target"),
    BFS_CASES,
    ids=[f"{u.name.replace(' ', '_')}-{x}s{y}p" for u, (x, y) in BFS_CASES],
)
def test_table_equals_01_bfs(u: Universe, target: tuple[int, int]) -> None:
    x, y = target
    start = time.perf_counter()
    dist = np.frombuffer(bfs_distances(u, x, y), dtype=np.uint8)
    elapsed = time.perf_counter() - start
    verts = vertices(u)
    reached = dist[verts] != UNREACHED
    if complete_shapes(u, x, y):
        # every vertex is reached (remove everything, then add), and nothing beyond 14 tiles
        assert int(reached.sum()) == verts.size
        assert int((dist != UNREACHED).sum()) == verts.size
        want = dist[verts].astype(np.int64)
    else:
        assert not reached.any()
        want = np.full(verts.size, INF, dtype=np.int64)
    if u is SUIT:
        assert verts.size == SEED_VERTEX_COUNT
    got = TABLE_OF[u.name]()[verts, column(x, y)]
    assert_same(u, target, verts, got, want, "0-1 BFS")
    assert elapsed < 60, f"BFS took {elapsed:.1f} s"


def _brute_force_check(u: Universe, hands: npt.NDArray[np.int16]) -> None:
    table = TABLE_OF[u.name]()
    codes = codes_of(hands)
    for x, y in ALL_TARGETS:
        complete = shapes_array(complete_shapes(u, x, y), u.n)
        want = brute_force(hands, complete)
        if complete.shape[0] == 0:
            want = np.full(codes.size, INF, dtype=np.int64)
        assert_same(u, (x, y), codes, table[codes, column(x, y)], want, "brute force")


@pytest.mark.exhaustive
def test_brute_force_suit_up_to_8_tiles() -> None:
    everything = all_shapes(9)
    hands = everything[everything.sum(axis=1) <= 8]
    _brute_force_check(SUIT, hands)


@pytest.mark.exhaustive
def test_brute_force_suit_sample_9_to_14_tiles() -> None:
    everything = all_shapes(9)
    sizes = everything.sum(axis=1)
    pool = everything[(sizes >= 9) & (sizes <= MAX_TILES)]
    rng = np.random.default_rng(SEED)
    pick = rng.choice(pool.shape[0], size=SUIT_MID_SAMPLE, replace=False)
    _brute_force_check(SUIT, pool[np.sort(pick)])


@pytest.mark.exhaustive
def test_brute_force_suit_sample_over_14_tiles() -> None:
    everything = all_shapes(9)
    pool = everything[everything.sum(axis=1) > MAX_TILES]
    rng = np.random.default_rng(SEED + 1)
    pick = rng.choice(pool.shape[0], size=SUIT_BIG_SAMPLE, replace=False)
    hands = np.concatenate([pool[np.sort(pick)], pool[-1:]])  # always include all-4s
    _brute_force_check(SUIT, hands)


@pytest.mark.exhaustive
def test_brute_force_every_honour_shape() -> None:
    _brute_force_check(HONOURS, all_shapes(7))  # all 5**7 rows (those > 14 tiles too)


@pytest.mark.exhaustive
def test_brute_force_every_sanma_manzu_shape() -> None:
    _brute_force_check(SANMA_MANZU, all_shapes(2))

"""Effective tiles of a closed hand by a handful of lookups per part: the fast path of
:func:`shanten.ukeire` and :func:`shanten.discards`.

For each part p of the hand (see :mod:`shanten.efficiency_tables`):

* its code and class come from the count bytes, as in :mod:`shanten.lookup`;
* the class of the other three parts gives the part's optimal-target mask M, repeated
  in every tile's field, with the hand's distance r above the fields;
* the part's *draw signature* packs, per tile, the targets whose distance drawing that
  tile lowers; ``((signature & M) + LOW) & GUARD`` keeps one guard bit per effective
  tile.

The answer stays in that form, four ints of *guard bits*, one per part: the closed forms
add their tiles with ``|``, and per part a dict turns guard bits into tiles. So no draw is tried: the effective tiles of a 13-tile hand cost about twenty
lookups, and each row of a discard table about as many.

12m 111z 222z 333z 44z is ready (r = 1) on the edge wait 3m:

>>> from shanten.notation import counts_of, parse_tiles
>>> from shanten.tiles import tile_name
>>> fast = fast_efficiency(4)
>>> values = fast.values(bytes(counts_of(parse_tiles("12m1112223334z4z"))))
>>> distance, *guards = fast.standard(values, 4)  # 13 tiles: four sets and a pair
>>> distance, [tile_name(t) for t in fast.tiles_of(guards)]
(1, ['3m'])
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shanten.efficiency_tables import (
    DISTANCE_SHIFT,
    FIELD_BITS,
    changed_rest,
    draw_signatures,
    efficiency_tables,
    repeated,
)
from shanten.forms import parts
from shanten.lookup import _CODE_MASK, PartValues, part_values
from shanten.tiles import TERMINALS_AND_HONOURS

__all__ = ["FastEfficiency", "Guards", "fast_efficiency"]

#: (r, guard bits of parts 0-3): a hand's distance and effective tiles.
Guards = tuple[int, int, int, int, int]
#: (values of the four parts, sets needed) -> the standard form's :data:`Guards`.
Standard = Callable[[tuple[int, int, int, int], int], Guards]
#: The four parts' values -> per part, its tiles' unseen copies (4 less those held) packed
#: so that ``sum(guard bits * weights) >> TOTAL_SHIFT & 255`` is the unseen total of the
#: tiles whose guard bits are set.
UnseenWeights = Callable[[tuple[int, int, int, int]], tuple[int, int, int, int]]
#: (values, count bytes, sets needed) -> [(discarded tile, r, guard bits of parts 0-3)]
#: of the standard form after each discard, in tile order.
AfterDiscards = Callable[
    [tuple[int, int, int, int], bytes | bytearray, int],
    list[tuple[int, int, int, int, int, int]],
]


@dataclass(frozen=True)
class FastEfficiency:
    """The fast path for one player count: its steps, ``tiles[p]`` turning part p's
    guard bits into its tiles in tile order, ``guard[t]``, tile t's guard bit in its
    part's place of four (None for a tile the game lacks), ``windows[p]`` the slice of
    34 counts that part p reads, ``by_flags[p]`` the guard bits of the tiles a 0/1
    byte per tile of that window flags, and ``orphans`` the guard bits of the terminals
    and honours."""

    values: PartValues
    standard: Standard
    after_discards: AfterDiscards
    tiles: tuple[dict[int, tuple[int, ...]], ...]
    guard: tuple[tuple[int, int, int, int] | None, ...]
    windows: tuple[slice, slice, slice, slice]
    by_flags: tuple[dict[bytes, int], ...]
    orphans: tuple[int, int, int, int]
    unseen_weights: UnseenWeights

    def tiles_of(self, guards: Sequence[int]) -> tuple[int, ...]:
        """The tiles whose guard bits (per part) are ``guards``, in tile order."""
        return tuple(t for p, bits in enumerate(guards) for t in self.tiles[p][bits])

    def flagged(self, flags: bytes | bytearray) -> tuple[int, int, int, int]:
        """The guard bits of the tiles of the game whose byte in ``flags`` (34 bytes,
        e.g. counts put through ``bytes.translate``) is 1, the others being 0.

        >>> from shanten.tiles import tile_name
        >>> fast = fast_efficiency(3)
        >>> flags = bytes([1] * 9) + bytes(25)  # 1m-9m, of which 3-player has 1m and 9m
        >>> [tile_name(t) for t in fast.tiles_of(fast.flagged(flags))]
        ['1m', '9m']
        """
        w0, w1, w2, w3 = self.windows
        f0, f1, f2, f3 = self.by_flags
        key = bytes(flags)  # a bytearray's slices are no dict keys
        return f0[key[w0]], f1[key[w1]], f2[key[w2]], f3[key[w3]]


def _tiles_by_guard_bits(tiles: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every set of guard bits of a part's fields -> the tiles they stand for."""
    guard = 1 << (FIELD_BITS - 1)
    result = {}
    for subset in range(1 << len(tiles)):
        bits = sum(guard << (FIELD_BITS * k) for k in range(len(tiles)) if subset >> k & 1)
        result[bits] = tuple(t for k, t in enumerate(tiles) if subset >> k & 1)
    return result


def _with_spread_masks(optimal: list[int], spread: list[int]) -> list[int]:
    """An ``optimal`` list (mask | r << 10) with each mask repeated in every tile's field
    (``spread``) and r above the fields, at :data:`DISTANCE_SHIFT`."""
    pool = {e: spread[e & 1023] | (e >> 10) << DISTANCE_SHIFT for e in set(optimal)}
    return [pool[e] for e in optimal]


#: ``sum(guard bits * unseen weights) >> TOTAL_SHIFT & 255`` is an unseen total: a guard
#: bit at field k meets the weight's field 8 - k, so every product lands in field 8.
TOTAL_SHIFT = FIELD_BITS * 8 + FIELD_BITS - 1


@functools.cache
def _unseen_tables(n: int) -> tuple[list[int], list[int], int]:
    """(low, high, d) for a part of ``n`` tiles: its unseen weights are ``low[code % d] +
    high[code // d]``, tile k's unseen copies (4 less its base-5 digit of the code) at
    field 8 - k. The code's last min(n, 5) digits go to ``low``, the others to ``high``.

    >>> low, high, d = _unseen_tables(9)
    >>> code = 1 * 5**8 + 3 * 5**0  # one 1m, three 9m
    >>> weights = low[code % d] + high[code // d]
    >>> [weights >> (FIELD_BITS * (8 - k)) & 7 for k in range(9)]
    [3, 4, 4, 4, 4, 4, 4, 4, 1]
    """
    low_digits = min(n, 5)
    d = 5**low_digits

    def weights(code: int, tiles: range) -> int:
        return sum((4 - code // 5 ** (tiles[-1] - k) % 5) << FIELD_BITS * (8 - k) for k in tiles)

    low_tiles, high_tiles = range(n - low_digits, n), range(n - low_digits)
    low = [weights(code, low_tiles) for code in range(d)]
    high = [weights(code, high_tiles) if high_tiles else 0 for code in range(5 ** len(high_tiles))]
    return low, high, d


@functools.cache
def fast_efficiency(players: int) -> FastEfficiency:
    """Build (once) the fast path for 3- or 4-player mahjong."""
    tables = efficiency_tables(players)
    mask = _CODE_MASK
    part_list = parts(players)
    kinds = [kind for kind, _ in part_list]
    spread, low, guard = repeated(9)  # 9 fields serve the 7-tile and 2-tile parts too
    premultiplied = []
    for p, part in enumerate(tables.parts):
        index, signatures = draw_signatures(kinds[p])
        premultiplied.append(
            (
                [v * part.second_width for v in part.first],
                [v * part.classes * 5 for v in part.second],
                part.first_width,
                index,
                signatures,
            )
        )
    (f0, s0_, w0, x0, g0), (f1, s1_, w1, x1, g1) = premultiplied[:2]
    (f2, s2_, w2, x2, g2), (f3, s3_, w3, x3, g3) = premultiplied[2:]
    spread_masks: dict[int, list[int]] = {}  # parts sharing an optimal list share this too
    for part in tables.parts:
        if id(part.optimal) not in spread_masks:
            spread_masks[id(part.optimal)] = _with_spread_masks(part.optimal, spread)
    o0, o1, o2, o3 = (spread_masks[id(part.optimal)] for part in tables.parts)
    ids0, ids1, ids2, ids3 = (part.ids for part in tables.parts)
    signature_lists = (g0, g1, g2, g3)
    index_arrays = (x0, x1, x2, x3)

    def standard(values: tuple[int, int, int, int], sets: int) -> Guards:
        v0, v1, v2, v3 = values
        c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        k0, k1, k2, k3 = ids0[c0], ids1[c1], ids2[c2], ids3[c3]
        e0 = o0[s0_[f0[k1 * w0 + k2] + k3] + k0 * 5 + sets]
        e1 = o1[s1_[f1[k0 * w1 + k2] + k3] + k1 * 5 + sets]
        e2 = o2[s2_[f2[k0 * w2 + k1] + k3] + k2 * 5 + sets]
        e3 = o3[s3_[f3[k0 * w3 + k1] + k2] + k3 * 5 + sets]
        return (
            e0 >> DISTANCE_SHIFT,
            ((g0[x0[c0]] & e0) + low) & guard,
            ((g1[x1[c1]] & e1) + low) & guard,
            ((g2[x2[c2]] & e2) + low) & guard,
            ((g3[x3[c3]] & e3) + low) & guard,
        )

    # Along a discard table only one part q changes. For each q, part p != q finds its
    # rest class as rest[pair + kq] with pair fixed per hand (efficiency_tables.
    # changed_rest); part q itself keeps its rest class and varies its own class, which
    # the table (0, 5, 10, ...) turns into the same form: optimal[rest[base + k] + add].
    own_steps = [[5 * k for k in range(part.classes)] for part in tables.parts]
    by_changed_part = []
    for q, changed in enumerate(tables.parts):
        rests: list[list[int]] = []
        pairs: list[tuple[list[int], int, int, int]] = []  # per part p != q: its pair lookup
        for p in range(4):
            if p == q:
                rests.append(own_steps[q])
                continue
            others = tuple(o for o in range(4) if o != p)
            u, v = (o for o in others if o != q)
            pair, nv, rest = changed_rest(
                kinds[p], (kinds[others[0]], kinds[others[1]], kinds[others[2]]), others.index(q)
            )
            rests.append(rest)
            pairs.append((pair, nv, u, v))
        first, last = changed.tiles[0], changed.tiles[-1]
        by_changed_part.append(
            (
                q,
                # the part's counts are counts[window]: 3-player manzu is (1m, 9m)
                slice(first, last + 1, (last - first) // (len(changed.tiles) - 1)),
                tuple(zip(changed.tiles, changed.weights, strict=True)),
                changed.ids,
                signature_lists[q],
                index_arrays[q],
                (rests[0], rests[1], rests[2], rests[3]),
                (pairs[0], pairs[1], pairs[2]),
            )
        )
    compress = itertools.compress
    shift = DISTANCE_SHIFT

    def after_discards(
        values: tuple[int, int, int, int], counts: bytes | bytearray, sets: int
    ) -> list[tuple[int, int, int, int, int, int]]:
        v0, v1, v2, v3 = values
        codes = c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        k = k0, k1, k2, k3 = ids0[c0], ids1[c1], ids2[c2], ids3[c3]
        own = (  # each part's optimal-mask row for its own class 0, before any discard
            s0_[f0[k1 * w0 + k2] + k3] + sets,
            s1_[f1[k0 * w1 + k2] + k3] + sets,
            s2_[f2[k0 * w2 + k1] + k3] + sets,
            s3_[f3[k0 * w3 + k1] + k2] + sets,
        )
        signatures = [g0[x0[c0]], g1[x1[c1]], g2[x2[c2]], g3[x3[c3]]]
        plain = (k0 * 5 + sets, k1 * 5 + sets, k2 * 5 + sets, k3 * 5 + sets)
        rows = []
        for q, window, tiles, part_ids, g, x, rest, (pa, pb, pc) in by_changed_part:
            code = codes[q]
            if not code:  # no tile of this part is held
                continue
            # per part: base + add, so that its row is optimal[rest[base + kq] + add]
            bases = [pa[0][k[pa[2]] * pa[1] + k[pa[3]]], pb[0][k[pb[2]] * pb[1] + k[pb[3]]]]
            bases += (pc[0][k[pc[2]] * pc[1] + k[pc[3]]],)
            bases.insert(q, 0)
            b0, b1, b2, b3 = bases
            adds = list(plain)
            adds[q] = own[q]
            a0, a1, a2, a3 = adds
            r0, r1, r2, r3 = rest
            kept = signatures[q]
            for tile, weight in compress(tiles, counts[window]):
                new = code - weight
                kq = part_ids[new]
                signatures[q] = g[x[new]]
                j0, j1, j2, j3 = signatures
                e0 = o0[r0[b0 + kq] + a0]
                e1 = o1[r1[b1 + kq] + a1]
                e2 = o2[r2[b2 + kq] + a2]
                e3 = o3[r3[b3 + kq] + a3]
                rows.append(
                    (
                        tile,
                        e0 >> shift,
                        ((j0 & e0) + low) & guard,
                        ((j1 & e1) + low) & guard,
                        ((j2 & e2) + low) & guard,
                        ((j3 & e3) + low) & guard,
                    )
                )
            signatures[q] = kept
        return rows

    guard_of: list[tuple[int, int, int, int] | None] = [None] * 34
    for p, part in enumerate(tables.parts):
        for k, t in enumerate(part.tiles):
            bits = [0, 0, 0, 0]
            bits[p] = 1 << (FIELD_BITS * k + FIELD_BITS - 1)
            guard_of[t] = (bits[0], bits[1], bits[2], bits[3])
    by_guard = tuple(_tiles_by_guard_bits(part.tiles) for part in tables.parts)
    by_flags = tuple(
        {bytes(int(t in tiles) for t in part.tiles): bits for bits, tiles in guards.items()}
        for part, guards in zip(tables.parts, by_guard, strict=True)
    )
    windows = [entry[1] for entry in by_changed_part]
    orphans = [0, 0, 0, 0]
    for t in TERMINALS_AND_HONOURS:
        bits = guard_of[t]
        assert bits is not None  # every game has all terminals and honours
        orphans = [o | b for o, b in zip(orphans, bits, strict=True)]
    unseen_tables = [_unseen_tables(len(part.tiles)) for part in tables.parts]
    (l0, h0, d0), (l1, h1, d1), (l2, h2, d2), (l3, h3, d3) = unseen_tables

    def unseen_weights(values: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        v0, v1, v2, v3 = values
        c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        return (
            l0[c0 % d0] + h0[c0 // d0],
            l1[c1 % d1] + h1[c1 // d1],
            l2[c2 % d2] + h2[c2 // d2],
            l3[c3 % d3] + h3[c3 // d3],
        )

    return FastEfficiency(
        part_values(players),
        standard,
        after_discards,
        by_guard,
        tuple(guard_of),
        (windows[0], windows[1], windows[2], windows[3]),
        by_flags,
        (orphans[0], orphans[1], orphans[2], orphans[3]),
        unseen_weights,
    )

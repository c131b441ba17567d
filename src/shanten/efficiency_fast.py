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
add their tiles with ``|`` (:mod:`shanten.efficiency_closed`), one product per part
gives their unseen total (:data:`TOTAL_SHIFT`), and per part a dict turns guard bits
into tiles. So no draw is tried: the effective tiles of a 13-tile hand cost about twenty
lookups, and each row of a discard table about as many.

Along a discard table only the discarded tile's part q changes. Every other part p
finds its rest class as ``rest[pair + kq]`` (:func:`shanten.efficiency_tables.
changed_rest`), with ``pair`` fixed per hand, and its guard bits and unseen total depend
on its optimal entry alone, so they are kept per hand by that entry: most rows find them
there. A table's rows keep their guard bits and spell out names and counts, all at once,
when one of them is first read (:mod:`shanten.efficiency_results`).

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
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from shanten.efficiency_closed import (
    ORPHAN_OFFSET,
    SINGLE,
    Flagged,
    closed_forms,
    joined_guards,
)
from shanten.efficiency_results import PENDING, Discard, Ukeire
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
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS, TILE_NAMES

__all__ = ["TOTAL_SHIFT", "UNSEEN", "FastEfficiency", "Guards", "fast_efficiency", "make_ukeire"]

#: (r, guard bits of parts 0-3): a hand's distance and effective tiles.
Guards = tuple[int, int, int, int, int]
#: (values of the four parts, sets needed) -> the standard form's :data:`Guards`.
Standard = Callable[[tuple[int, int, int, int], int], Guards]
#: The four parts' values -> per part, its tiles' unseen copies (4 less those held) packed
#: so that ``sum(guard bits * weights) >> TOTAL_SHIFT & 255`` is the unseen total of the
#: tiles whose guard bits are set.
UnseenWeights = Callable[[tuple[int, int, int, int]], tuple[int, int, int, int]]
#: (values, count bytes, packed fields, all forms?) -> the discard table of a closed 3n+2
#: hand, in Tenhou's order; with all forms, a 14-tile hand's rows take seven pairs and
#: thirteen orphans into account.
DiscardTable = Callable[
    [tuple[int, int, int, int], bytearray, int, bool],
    tuple[Discard, ...],
]


@dataclass(frozen=True)
class FastEfficiency:
    """The fast path for one player count: ``values``, ``standard`` and ``discard_table``
    (see their types), ``tiles[p]`` turning part p's guard bits into its tiles in tile
    order, ``flagged``, the guard bits of the tiles of the game that 34 bytes of 0/1 flag,
    ``orphans`` the guard bits of the terminals and honours, and ``unseen_weights``
    (:data:`TOTAL_SHIFT`).

    >>> fast = fast_efficiency(3)
    >>> flags = bytes([1] * 9) + bytes(25)  # 1m-9m, of which 3-player has 1m and 9m
    >>> [TILE_NAMES[t] for t in fast.tiles_of(fast.flagged(flags))]
    ['1m', '9m']
    """

    values: PartValues
    standard: Standard
    discard_table: DiscardTable
    tiles: tuple[dict[int, tuple[int, ...]], ...]
    flagged: Flagged
    orphans: tuple[int, int, int, int]
    unseen_weights: UnseenWeights

    def tiles_of(self, guards: Sequence[int]) -> tuple[int, ...]:
        """The tiles whose guard bits (per part) are ``guards``, in tile order."""
        return tuple(t for p, bits in enumerate(guards) for t in self.tiles[p][bits])


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


#: bytes.translate table: copies held (0-4) -> copies unseen when nothing else is seen.
UNSEEN = bytes([4, 3, 2, 1, 0]) + bytes(251)
_new = object.__new__


def make_ukeire(
    tiles: Sequence[dict[int, tuple[int, ...]]],
    shanten_number: int,
    guards: Sequence[int],
    unseen: bytes | bytearray,
) -> Ukeire:
    """An :class:`Ukeire` of the tiles whose guard bits (per part) are ``guards``
    (``tiles``, as :attr:`FastEfficiency.tiles`, turns them into tiles), built without
    the frozen dataclass's per-field checks; ``unseen`` is every tile's unseen copies."""
    g0, g1, g2, g3 = guards
    t0, t1, t2, t3 = tiles
    held = t0[g0] + t1[g1] + t2[g2] + t3[g3]
    if len(held) > 1:  # one C call picks the names, one the counts
        pick = itemgetter(*held)
        names, counts = pick(TILE_NAMES), pick(unseen)
    else:  # itemgetter would give a bare item, or need one
        names, counts = tuple([TILE_NAMES[t] for t in held]), tuple([unseen[t] for t in held])
    result = _new(Ukeire)
    fields = result.__dict__
    fields["shanten"] = shanten_number
    fields["tiles"] = names
    fields["counts"] = counts
    fields["total"] = sum(counts)
    return result


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
    optimal_lists = [spread_masks[id(part.optimal)] for part in tables.parts]
    o0, o1, o2, o3 = optimal_lists
    ids0, ids1, ids2, ids3 = (part.ids for part in tables.parts)
    signature_lists = (g0, g1, g2, g3)
    index_arrays = (x0, x1, x2, x3)
    (l0, h0, d0), (l1, h1, d1), (l2, h2, d2), (l3, h3, d3) = (
        _unseen_tables(len(part.tiles)) for part in tables.parts
    )

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

    def unseen_weights(values: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        v0, v1, v2, v3 = values
        c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        return (
            l0[c0 % d0] + h0[c0 // d0],
            l1[c1 % d1] + h1[c1 // d1],
            l2[c2 % d2] + h2[c2 // d2],
            l3[c3 % d3] + h3[c3 // d3],
        )

    tile_bits = [0] * NUM_TILES  # each tile's guard bit in its own part
    for part in tables.parts:
        for k, t in enumerate(part.tiles):
            tile_bits[t] = 1 << (FIELD_BITS * k + FIELD_BITS - 1)
    by_guard = tuple(_tiles_by_guard_bits(part.tiles) for part in tables.parts)
    fl0, fl1, fl2, fl3 = (
        {bytes(int(t in tiles) for t in part.tiles): bits for bits, tiles in guards.items()}
        for part, guards in zip(tables.parts, by_guard, strict=True)
    )
    # a part's counts are counts[window]: 3-player manzu is (1m, 9m)
    windows = [
        slice(
            part.tiles[0],
            part.tiles[-1] + 1,
            (part.tiles[-1] - part.tiles[0]) // (len(part.tiles) - 1),
        )
        for part in tables.parts
    ]
    wi0, wi1, wi2, wi3 = windows

    def flagged(flags: bytes | bytearray) -> tuple[int, int, int, int]:
        key = bytes(flags)  # a bytearray's slices are no dict keys
        return fl0[key[wi0]], fl1[key[wi1]], fl2[key[wi2]], fl3[key[wi3]]

    orphans = flagged(bytes(int(t in TERMINALS_AND_HONOURS) for t in range(NUM_TILES)))

    # Per changed part q: its own lookups, and per other part p (in part order) what finds
    # p's optimal entry, optimal[rest[pair + kq] + own], with pair = pair[ku * nv + kv]
    # for the two parts u, v other than p and q (efficiency_tables.changed_rest).
    by_changed_part = []
    for q, changed in enumerate(tables.parts):
        fixed = []
        for p in range(4):
            if p == q:
                continue
            others = tuple(o for o in range(4) if o != p)
            u, v = (o for o in others if o != q)
            pair, nv, rest = changed_rest(
                kinds[p], (kinds[others[0]], kinds[others[1]], kinds[others[2]]), others.index(q)
            )
            fixed.append((p, optimal_lists[p], rest, pair, nv, u, v))
        by_changed_part.append(
            (
                q,
                windows[q],
                tuple(zip(changed.tiles, changed.weights, strict=True)),
                changed.ids,
                signature_lists[q],
                index_arrays[q],
                optimal_lists[q],
                (fixed[0], fixed[1], fixed[2]),
            )
        )
    compress, ref = itertools.compress, weakref.ref
    shift, total_shift, names = DISTANCE_SHIFT, TOTAL_SHIFT, TILE_NAMES

    def discard_table(
        values: tuple[int, int, int, int], counts: bytearray, fields: int, all_forms: bool
    ) -> tuple[Discard, ...]:
        sets = (fields & 255) // 3
        v0, v1, v2, v3 = values
        codes = c0, c1, c2, c3 = v0 & mask, v1 & mask, v2 & mask, v3 & mask
        k = k0, k1, k2, k3 = ids0[c0], ids1[c1], ids2[c2], ids3[c3]
        own = (  # each part's optimal-entry row for its own class 0, before any discard
            s0_[f0[k1 * w0 + k2] + k3] + sets,
            s1_[f1[k0 * w1 + k2] + k3] + sets,
            s2_[f2[k0 * w2 + k1] + k3] + sets,
            s3_[f3[k0 * w3 + k1] + k2] + sets,
        )
        weights = unseen_weights(values)
        # per part, what its rows need while another part is discarded from: its draw
        # signature, optimal-entry offset, unseen weights, and a memo of its optimal
        # entries -> (guard bits, unseen total)
        signatures = (g0[x0[c0]], g1[x1[c1]], g2[x2[c2]], g3[x3[c3]])
        memos: tuple[dict[int, tuple[int, int]], ...] = ({}, {}, {}, {})
        fixed_parts = [(signatures[p], k[p] * 5 + sets, weights[p], memos[p]) for p in range(4)]
        unseen = counts.translate(UNSEEN)  # the discard is seen too: the 14 tiles count
        floor = 99  # the closed forms count for rows whose distance reaches it: none
        if all_forms and fields & 255 == 14:
            _, _, lowest, by_singles = closed_forms(fields >> 8 & 0xFFFFF)
            floor = min(lowest)
        singles: tuple[int, int, int, int] = (0, 0, 0, 0)
        single_parts: list[tuple[int, int]] = []  # per part: (guard bits, unseen total)
        ored: tuple[dict[int, tuple[int, int]], ...] = ({}, {}, {}, {})  # the same | singles
        rows: list[tuple[Any, ...]] = []
        append, offsets = rows.append, ORPHAN_OFFSET
        for q, window, tiles, part_ids, g, x, oq, (fa, fb, fc) in by_changed_part:
            code = codes[q]
            if not code:  # no tile of this part is held
                continue
            # the three other parts a < b < c, unrolled into locals for the row loop
            a, oa, ra, pair, nv, u, v = fa
            ba, (ja, aa, wa, ma) = pair[k[u] * nv + k[v]], fixed_parts[a]
            b, ob, rb, pair, nv, u, v = fb
            bb, (jb, ab, wb, mb) = pair[k[u] * nv + k[v]], fixed_parts[b]
            c, oc, rc, pair, nv, u, v = fc
            bc, (jc, ac, wc, mc) = pair[k[u] * nv + k[v]], fixed_parts[c]
            base, wq = own[q], weights[q]
            for tile, weight in compress(tiles, counts[window]):
                new = code - weight
                kq = part_ids[new]
                eq = oq[base + 5 * kq]
                distance = eq >> shift
                gq = ((g[x[new]] & eq) + low) & guard
                e = oa[ra[ba + kq] + aa]
                pa = ma.get(e)
                if pa is None:
                    bits = ((ja & e) + low) & guard
                    pa = ma[e] = bits, bits * wa >> total_shift & 255
                e = ob[rb[bb + kq] + ab]
                pb = mb.get(e)
                if pb is None:
                    bits = ((jb & e) + low) & guard
                    pb = mb[e] = bits, bits * wb >> total_shift & 255
                e = oc[rc[bc + kq] + ac]
                pc = mc.get(e)
                if pc is None:
                    bits = ((jc & e) + low) & guard
                    pc = mc[e] = bits, bits * wc >> total_shift & 255
                if distance >= floor:
                    held = counts[tile]
                    at = held + offsets[tile]
                    best = lowest[at]
                    if best <= distance:
                        if by_singles[at]:  # only a single becoming a pair lowers seven pairs
                            if not single_parts:
                                singles = flagged(counts.translate(SINGLE))
                                s0, s1, s2, s3 = singles
                                single_parts = [
                                    (s0, s0 * weights[0] >> total_shift & 255),
                                    (s1, s1 * weights[1] >> total_shift & 255),
                                    (s2, s2 * weights[2] >> total_shift & 255),
                                    (s3, s3 * weights[3] >> total_shift & 255),
                                ]
                            sq = singles[q]
                            if held <= 2:  # a single goes, or a pair leaves one
                                sq ^= tile_bits[tile]
                            if best < distance:  # seven pairs alone: the singles
                                gq, pa, pb, pc = (
                                    sq,
                                    single_parts[a],
                                    single_parts[b],
                                    single_parts[c],
                                )
                            else:
                                gq |= sq
                                pa = ored[a].get(pa[0]) or _joined(ored[a], pa[0], singles[a], wa)
                                pb = ored[b].get(pb[0]) or _joined(ored[b], pb[0], singles[b], wb)
                                pc = ored[c].get(pc[0]) or _joined(ored[c], pc[0], singles[c], wc)
                        else:  # fewer than seven kinds left, or thirteen orphans
                            guards = [pa[0], pb[0], pc[0]]
                            guards.insert(q, gq)
                            counts[tile] = held - 1  # the 13 tiles left
                            joined = joined_guards(
                                flagged, orphans, counts, fields, at, best, distance, guards
                            )
                            counts[tile] = held
                            found = [
                                (bits, bits * w >> total_shift & 255)
                                for bits, w in zip(joined, weights, strict=True)
                            ]
                            gq = found.pop(q)[0]
                            pa, pb, pc = found
                        distance = best
                total = (gq * wq >> total_shift & 255) + pa[1] + pb[1] + pc[1]
                key = distance << 16 | (255 - total) << 8 | tile  # tenhou_key, inlined
                append((key, q, gq, pa[0], pb[0], pc[0], distance, tile))
        rows.sort()  # the keys differ (by tile), so only they are compared
        refs: list[weakref.ref[Discard]] = []
        spell = functools.partial(spell_rows, rows, refs, unseen)
        table = []
        for row in rows:
            option = _new(Discard)
            option_fields = option.__dict__
            option_fields["discard"] = names[row[7]]
            option_fields["shanten"] = row[6] - 1
            option_fields["good_shape"] = None
            option_fields[PENDING] = spell
            refs.append(ref(option))
            table.append(option)
        return tuple(table)

    def spell_rows(
        rows: list[tuple[int, ...]], refs: list[weakref.ref[Discard]], unseen: bytearray
    ) -> None:
        """Give every row of a discard table still alive its ``ukeire``: the names and
        unseen counts of its effective tiles (:func:`discard_table`'s rows, sorted, keep
        the guard bits). Rows are held by weak references, so a table and its rows form
        no reference cycle; a second call finds nothing left to do."""
        for (_, q, gq, ga, gb, gc, distance, _), row_ref in zip(rows, refs, strict=True):
            row = row_ref()
            if row is None:
                continue
            if q == 0:
                guards = gq, ga, gb, gc
            elif q == 1:
                guards = ga, gq, gb, gc
            elif q == 2:
                guards = ga, gb, gq, gc
            else:
                guards = ga, gb, gc, gq
            listing = make_ukeire(by_guard, distance - 1, guards, unseen)
            row_fields = row.__dict__
            row_fields["ukeire"] = listing
            row_fields.pop(PENDING, None)
        refs.clear()

    return FastEfficiency(
        part_values(players),
        standard,
        discard_table,
        by_guard,
        flagged,
        orphans,
        unseen_weights,
    )


def _joined(
    memo: dict[int, tuple[int, int]], bits: int, singles: int, weights: int
) -> tuple[int, int]:
    """``memo[bits]``: (bits | singles, their unseen total), made and kept."""
    joined = bits | singles
    result = memo[bits] = joined, joined * weights >> TOTAL_SHIFT & 255
    return result

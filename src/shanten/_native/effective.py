"""Effective tiles (有効牌): the draws that lower a hand's distance, form by form, for
:mod:`shanten.efficiency`'s verbs. The standard form reads the efficiency tables (the
distance and, per part, which draws improve it); melded-copy caps recompute a part per
draw; seven pairs and thirteen orphans follow their formulas.

>>> from shanten.hand import position
>>> from shanten.tiles import tile_name
>>> pos = position("2389m6799p22567s")
>>> distance, tiles = effective(pos, pos.counts, "all")
>>> distance, [tile_name(t) for t in tiles]
(3, ['1m', '4m', '7m', '5p', '8p', '9p', '2s'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from shanten._native.forms import (
    _combine,
    closed_form_counts,
    part_distances,
    parts,
    seven_pairs_formula,
    thirteen_orphans_formula,
)
from shanten.errors import HandError
from shanten.hand import Position
from shanten.options import FormView
from shanten.tables.transform import target_index
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    from shanten._native.efficiency_tables import EfficiencyTables, PartTables

__all__ = ["Effective", "closed_after_each_discard", "effective", "standard_after_each_discard"]

#: The counts of a 3n+1 hand -> (its distance, its effective tiles), in one form view.
Effective = Callable[[Sequence[int]], tuple[int, list[int]]]


def _part_classes(counts: Sequence[int], tables: EfficiencyTables) -> tuple[list[int], list[int]]:
    """(base-5 code, distance class) of each part of ``counts``."""
    codes = []
    classes = []
    for part in tables.parts:
        code = 0
        for tile, weight in zip(part.tiles, part.weights, strict=True):
            code += counts[tile] * weight
        codes.append(code)
        classes.append(part.ids[code])
    return codes, classes


def _optimal_entry(part: PartTables, classes: Sequence[int], p: int, sets: int) -> int:
    """Part ``p``'s optimal-target mask (low 10 bits) and the hand's distance (above), from
    its class and the rest class of the other three parts."""
    a, b, c = part.others
    rest = part.second[
        part.first[classes[a] * part.first_width + classes[b]] * part.second_width + classes[c]
    ]
    return part.optimal[(rest * part.classes + classes[p]) * 5 + sets]


def _standard(
    counts: Sequence[int], players: int, tables: EfficiencyTables
) -> tuple[int, list[int]]:
    """(r, effective tiles) of the standard form for an uncapped 3n+1 hand, by lookups."""
    sets = sum(counts) // 3
    codes, classes = _part_classes(counts, tables)
    effective: list[int] = []
    distance = 0
    for p, part in enumerate(tables.parts):
        entry = _optimal_entry(part, classes, p, sets)
        mask = entry & 1023
        distance = entry >> 10
        base = classes[p] * part.classes
        code, ids, improves = codes[p], part.ids, part.improves
        for tile, weight in zip(part.tiles, part.weights, strict=True):
            if counts[tile] < 4 and improves[base + ids[code + weight]] & mask:
                effective.append(tile)
    effective.sort()
    return distance, effective


def standard_after_each_discard(
    counts: list[int], tables: EfficiencyTables
) -> dict[int, tuple[int, list[int]]]:
    """For a 3n+2 hand: discard -> (r, effective tiles) of the standard form, by lookups.

    A discard changes one part's shape; the other parts keep their class and the
    improvement mask of each of their draws, so those are computed once per hand and
    grouped by mask. Per discard, only the four optimal-target masks (their rest classes
    change) and the discarded part's own draws are looked up again.
    """
    sets = (sum(counts) - 1) // 3
    parts_ = tables.parts
    codes, classes = _part_classes(counts, tables)
    groups: list[dict[int, list[int]]] = []
    for p, part in enumerate(parts_):
        by_mask: dict[int, list[int]] = {}
        base, code, ids, improves = classes[p] * part.classes, codes[p], part.ids, part.improves
        for tile, weight in zip(part.tiles, part.weights, strict=True):
            if counts[tile] < 4:
                by_mask.setdefault(improves[base + ids[code + weight]], []).append(tile)
        groups.append(by_mask)
    result: dict[int, tuple[int, list[int]]] = {}
    for q, discarded_part in enumerate(parts_):
        for tile_q, weight_q in zip(discarded_part.tiles, discarded_part.weights, strict=True):
            if not counts[tile_q]:
                continue
            code_q = codes[q] - weight_q
            after = list(classes)
            after[q] = discarded_part.ids[code_q]
            effective: list[int] = []
            distance = 0
            for p, part in enumerate(parts_):
                entry = _optimal_entry(part, after, p, sets)
                mask = entry & 1023
                distance = entry >> 10
                if p != q:
                    for improvement, tiles in groups[p].items():
                        if improvement & mask:
                            effective.extend(tiles)
                    continue
                base, ids, improves = after[p] * part.classes, part.ids, part.improves
                for tile, weight in zip(part.tiles, part.weights, strict=True):
                    held = counts[tile] - (tile == tile_q)
                    if held < 4 and improves[base + ids[code_q + weight]] & mask:
                        effective.append(tile)
            effective.sort()
            result[tile_q] = (distance, effective)
    return result


def _standard_capped(pos: Position) -> tuple[int, list[int]]:
    """(r, effective tiles) of the standard form part by part, for melded-copy caps:
    each draw's part vector is recomputed within the caps and combined with the rest."""
    part_list = parts(pos.players)
    sets = pos.sets_needed
    vectors = [part_distances(kind, tiles, pos.counts, pos.caps, sets) for kind, tiles in part_list]
    goal = target_index(sets, 1)
    effective: list[int] = []
    distance = 0
    for p, (kind, tiles) in enumerate(part_list):
        others = [vectors[q] for q in range(len(part_list)) if q != p]
        rest = _combine(_combine(others[0], others[1]), others[2])
        distance = _combine(vectors[p], rest)[goal]
        for tile in tiles:
            if pos.counts[tile] >= pos.caps[tile]:
                continue
            drawn = list(pos.counts)
            drawn[tile] += 1
            vector = part_distances(kind, tiles, drawn, pos.caps, sets)
            if _combine(vector, rest)[goal] < distance:
                effective.append(tile)
    effective.sort()
    return distance, effective


def _seven_pairs(pos: Position, counts: Sequence[int]) -> list[int]:
    """Draws that lower seven pairs: a single becomes a pair; a new kind while fewer than
    seven kinds are held."""
    kinds = sum(1 for c in counts if c >= 1)
    return [
        t
        for t in range(NUM_TILES)
        if pos.caps[t] >= 2 and (counts[t] == 1 or (counts[t] == 0 and kinds < 7))
    ]


def _thirteen_orphans(counts: Sequence[int]) -> list[int]:
    """Draws that lower thirteen orphans: a missing orphan, or a second copy of one while
    none is held twice."""
    has_pair = any(counts[t] >= 2 for t in TERMINALS_AND_HONOURS)
    return [t for t in TERMINALS_AND_HONOURS if counts[t] == 0 or (counts[t] == 1 and not has_pair)]


def _closed_distances(counts: Sequence[int]) -> tuple[int, int]:
    """(seven pairs, thirteen orphans) distances of ``counts``."""
    pairs, kinds, orphans_held, orphan_pairs = closed_form_counts(counts)
    return seven_pairs_formula(pairs, kinds), thirteen_orphans_formula(
        orphans_held, orphan_pairs > 0
    )


def effective(
    pos: Position,
    counts: Sequence[int],
    form: FormView,
    known_standard: tuple[int, list[int]] | None = None,
    known_closed: tuple[int, int] | None = None,
) -> tuple[int, list[int]]:
    """(r, effective tiles) of a 3n+1 hand ``counts`` under ``pos``'s melds and rules.

    For the minimum over the forms, a draw is effective when it lowers a form that is at
    the minimum; the tiles of the other forms are not computed. ``known_standard`` (the
    standard form's answer) and ``known_closed`` (the seven-pairs and thirteen-orphans
    distances) are used when the caller has them already.
    """
    closed = not pos.melds and sum(counts) == 13
    if form in ("chiitoitsu", "kokushi") and not closed:
        name = "seven pairs" if form == "chiitoitsu" else "thirteen orphans"
        raise HandError(f"{name} needs a closed hand of 13 tiles (14 before the discard)")
    standard: tuple[int, list[int]] | None = None
    if form in ("all", "standard"):
        if known_standard is not None:
            standard = known_standard
        elif pos.capped:
            standard = _standard_capped(_with_counts(pos, counts))
        else:
            from shanten._native.efficiency_tables import efficiency_tables

            standard = _standard(counts, pos.players, efficiency_tables(pos.players))
        if form == "standard" or not closed:
            return standard
    if known_closed is None:
        known_closed = _closed_distances(counts)
    seven = known_closed[0] if form in ("all", "chiitoitsu") else None
    orphans = known_closed[1] if form in ("all", "kokushi") else None
    best = min(d for d in (standard and standard[0], seven, orphans) if d is not None)
    tiles: set[int] = set()
    if standard is not None and standard[0] == best:
        tiles.update(standard[1])
    if seven == best:
        tiles.update(_seven_pairs(pos, counts))
    if orphans == best:
        tiles.update(_thirteen_orphans(counts))
    return best, sorted(tiles)


def closed_after_each_discard(counts: Sequence[int]) -> dict[int, tuple[int, int]]:
    """For a closed 14-tile hand: discard -> (seven-pairs, thirteen-orphans) distance of
    the 13 tiles left, updated from the whole hand's pair, kind and orphan counts."""
    pairs, kinds, orphans_held, orphan_pairs = closed_form_counts(counts)
    result = {}
    for tile, count in enumerate(counts):
        if not count:
            continue
        orphan = tile in TERMINALS_AND_HONOURS
        seven = seven_pairs_formula(pairs - (count == 2), kinds - (count == 1))
        orphans = thirteen_orphans_formula(
            orphans_held - (orphan and count == 1), orphan_pairs - (orphan and count == 2) > 0
        )
        result[tile] = (seven, orphans)
    return result


def _with_counts(pos: Position, counts: Sequence[int]) -> Position:
    return Position(tuple(counts), pos.melds, pos.players, pos.count_melded_copies, pos.caps)

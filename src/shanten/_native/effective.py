"""Effective tiles (有効牌) by their definition: draw each tile, compare the distances.

A draw is effective when the hand after it is nearer a complete hand: r(h + t) < r(h).
The tiles tried are those the rules leave a copy of beyond the hand's own (under the
melded-copies rule, beyond the melds' too; in 3-player mahjong never 2m-8m). For the
standard form a draw changes one part of the hand, so the other three parts are combined
once per part (the same min-plus product as everywhere) and each draw of that part
combines its new vector with them; the closed forms read their formulas.

>>> from shanten.hand import position
>>> from shanten.tiles import tile_name
>>> pos = position("2389m6799p22567s")
>>> distance, tiles = effective(pos, pos.counts, "all")
>>> distance, [tile_name(t) for t in tiles]
(3, ['1m', '4m', '7m', '5p', '8p', '9p', '2s'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shanten._native.forms import part_distances
from shanten.errors import HandError
from shanten.forms import closed_form_counts, parts, seven_pairs_formula, thirteen_orphans_formula
from shanten.hand import Position
from shanten.options import FormView
from shanten.tables.minplus import goal, product
from shanten.tables.transform import target_index
from shanten.tiles import NUM_TILES

__all__ = ["Effective", "effective"]

#: The counts of a 3n+1 hand -> (its distance, its effective tiles), in one form view.
Effective = Callable[[Sequence[int]], tuple[int, list[int]]]


def _standard_after_draws(pos: Position, counts: Sequence[int]) -> tuple[int, dict[int, int]]:
    """The standard form's distance of ``counts`` and, per tile that can be drawn, the
    distance after drawing it."""
    part_list = parts(pos.players)
    sets = sum(counts) // 3
    vectors = [part_distances(kind, tiles, counts, pos.caps, sets) for kind, tiles in part_list]
    whole = product(product(product(vectors[0], vectors[1]), vectors[2]), vectors[3])
    after: dict[int, int] = {}
    for p, (kind, tiles) in enumerate(part_list):
        a, b, c = (vectors[q] for q in range(len(part_list)) if q != p)
        rest = product(product(a, b), c)
        for tile in tiles:
            if counts[tile] >= pos.caps[tile]:
                continue
            drawn = list(counts)
            drawn[tile] += 1
            after[tile] = goal(part_distances(kind, tiles, drawn, pos.caps, sets), rest, sets)
    return whole[target_index(sets, 1)], after


def _closed(counts: Sequence[int]) -> tuple[int, int]:
    """(seven pairs, thirteen orphans) distances of closed ``counts``."""
    pairs, kinds, orphans_held, orphan_pairs = closed_form_counts(counts)
    return seven_pairs_formula(pairs, kinds), thirteen_orphans_formula(
        orphans_held, orphan_pairs > 0
    )


def _closed_after_draws(
    pos: Position, counts: Sequence[int]
) -> tuple[tuple[int, int], dict[int, tuple[int, int]]]:
    """The closed forms' distances of ``counts`` and after each tile that can be drawn."""
    after = {}
    for tile in range(NUM_TILES):
        if counts[tile] >= pos.caps[tile]:
            continue
        drawn = list(counts)
        drawn[tile] += 1
        after[tile] = _closed(drawn)
    return _closed(counts), after


def effective(pos: Position, counts: Sequence[int], form: FormView) -> tuple[int, list[int]]:
    """(r, effective tiles) of a 3n+1 hand ``counts`` under ``pos``'s melds and rules, in
    one form view (``"all"``: the minimum over the forms that apply)."""
    closed = not pos.melds and sum(counts) == 13
    if form in ("chiitoitsu", "kokushi") and not closed:
        name = "seven pairs" if form == "chiitoitsu" else "thirteen orphans"
        raise HandError(f"{name} needs a closed hand of 13 tiles (14 before the discard)")
    candidates: list[tuple[int, dict[int, int]]] = []
    if form in ("all", "standard"):
        candidates.append(_standard_after_draws(pos, counts))
    if closed and form in ("all", "chiitoitsu", "kokushi"):
        (seven, orphans), after = _closed_after_draws(pos, counts)
        if form in ("all", "chiitoitsu"):
            candidates.append((seven, {t: d[0] for t, d in after.items()}))
        if form in ("all", "kokushi"):
            candidates.append((orphans, {t: d[1] for t, d in after.items()}))
    distance = min(before for before, _ in candidates)
    tiles = sorted(
        {tile for _, after in candidates for tile, value in after.items() if value < distance}
    )
    return distance, tiles

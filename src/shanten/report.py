"""The full analysis of a hand as plain data: what ``shanten HAND --json`` prints and the
local page's JSON endpoint returns.

For every hand: the shanten number of each form and a witness. For a 3n+2 hand: whether
it is complete, its decompositions, and the discard table (打牌候補) in both of Tenhou's
views, all forms (標準形) and the standard form only (一般形), with the second-step
figure for 1-shanten options. For a 3n+1 hand: its effective tiles in both views, and
its waits (待ち) with their shapes when it is ready.

>>> data = report("123m456p789s1122z")
>>> data["shanten"], [w["tile"] for w in data["waits"]]
({'min': 0, 'standard': 0, 'chiitoitsu': 4, 'kokushi': 8}, ['1z', '2z'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shanten import options as rules
from shanten.analysis import calculate
from shanten.efficiency import Discard, Ukeire, VisibleLike, discards, ukeire
from shanten.hand import HandLike, MeldLike, meld_items, position
from shanten.notation import format_counts, format_unicode
from shanten.wins import decompositions, waits

__all__ = ["report"]


def _ukeire_data(result: Ukeire) -> dict[str, Any]:
    return {
        "shanten": result.shanten,
        "tiles": [str(tile) for tile in result.tiles],
        "counts": list(result.counts),
        "total": result.total,
    }


def _discard_data(option: Discard) -> dict[str, Any]:
    good = option.good_shape
    return {
        "discard": str(option.discard),
        "shanten": option.shanten,
        "tiles": [str(tile) for tile in option.ukeire.tiles],
        "counts": list(option.ukeire.counts),
        "total": option.ukeire.total,
        "good_shape": None
        if good is None
        else {"good": good.good, "total": good.total, "share": round(good.share, 4)},
    }


def report(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: rules.PlayersLike = 4,
    count_melded_copies: rules.Flag = False,
    visible: VisibleLike = (),
    second_step: rules.Flag = True,
) -> dict[str, Any]:
    """Everything the command line and the local page show about a hand, as JSON-ready
    data. Raises the library's errors on bad input."""
    meld_list = meld_items(melds)
    second_step = rules.flag("second_step", second_step)
    options: dict[str, Any] = {
        "melds": meld_list,
        "players": players,
        "count_melded_copies": count_melded_copies,
    }
    pos = position(hand, meld_list, players, count_melded_copies)
    analysis = calculate(pos.counts, **options)
    seen = rules.visible(visible)
    data: dict[str, Any] = {
        "hand": format_counts(pos.counts),
        "unicode": format_unicode(pos.counts),
        "tiles": pos.size,
        "melds": [str(m) for m in pos.melds],
        "players": pos.players,
        "count_melded_copies": pos.count_melded_copies,
        "visible": format_counts(seen),
        "shanten": {
            "min": analysis.shanten,
            "standard": analysis.standard,
            "chiitoitsu": analysis.chiitoitsu,
            "kokushi": analysis.kokushi,
        },
        "witness": {
            "form": analysis.witness.form,
            "hand": str(analysis.witness.hand),
            "needed": [str(t) for t in analysis.witness.needed],
        },
    }
    if pos.size % 3 == 2:
        data["complete"] = analysis.shanten == -1
        data["decompositions"] = [
            {"form": d.form, "blocks": [str(b) for b in d.blocks], "text": str(d)}
            for d in decompositions(pos.counts, **options)
        ]
        data["discards"] = {
            view: [
                _discard_data(o)
                for o in discards(
                    pos.counts, **options, visible=seen, form=view, second_step=second_step
                )
            ]
            for view in ("all", "standard")
        }
    else:
        data["ukeire"] = {
            view: _ukeire_data(ukeire(pos.counts, **options, visible=seen, form=view))
            for view in ("all", "standard")
        }
        found = waits(pos.counts, **options)
        unseen = dict(
            zip(data["ukeire"]["all"]["tiles"], data["ukeire"]["all"]["counts"], strict=True)
        )
        data["waits"] = [
            {
                "tile": str(tile),
                "unseen": unseen.get(str(tile), 0),
                "readings": [
                    {"shape": r.shape, "block": str(r.block), "decomposition": str(r.decomposition)}
                    for r in found.readings
                    if r.tile == tile
                ],
            }
            for tile in found.tiles
        ]
    return data

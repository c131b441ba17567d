"""The yakuman (役満), as the rules state them: one small function each, on one reading of
a win, returning how many yakuman it is worth (0, 1, or 2 where the rules count it
double).

>>> from shanten.scoring import check
>>> from shanten._native.scoring.reading import reading_of
>>> w = check("111m222p333s44455z", win="4z", tsumo=True, seat_wind="2z", round_wind="1z")
>>> suuankou(reading_of(w, 0))  # four concealed triplets, the last one self-drawn
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shanten._native.scoring.reading import (
    DRAGONS,
    Reading,
    concealed_triplets,
    has_honours,
    quads,
    suits_of,
    tiles_of,
    triplets_of,
)

__all__ = ["YAKUMAN"]

_WINDS: Final = (27, 28, 29, 30)
#: 2s 3s 4s 6s 8s and the green dragon: the tiles of all green (緑一色).
_GREEN: Final = frozenset((19, 20, 21, 23, 25, 32))


def _double(r: Reading, name: str) -> int:
    return 2 if name in r.win.rules.double_yakuman else 1


def kokushi(r: Reading) -> int:
    """国士無双: one of each terminal and honour and one more (not on the 13-sided wait)."""
    return int(r.form == "kokushi" and r.wait != "kokushi13")


def kokushi_13(r: Reading) -> int:
    """国士無双十三面: thirteen orphans won on the 13-sided wait (double where the rules say)."""
    return _double(r, "kokushi_13") if r.wait == "kokushi13" else 0


def suuankou(r: Reading) -> int:
    """四暗刻: four concealed triplets or quads (not on a pair wait)."""
    return int(concealed_triplets(r) == 4 and r.wait != "tanki")


def suuankou_tanki(r: Reading) -> int:
    """四暗刻単騎: four concealed triplets or quads won on the pair (double where the rules say)."""
    return _double(r, "suuankou_tanki") if concealed_triplets(r) == 4 and r.wait == "tanki" else 0


def daisangen(r: Reading) -> int:
    """大三元: triplets or quads of the three dragons."""
    return int(all(t in triplets_of(r) for t in DRAGONS))


def shousuushii(r: Reading) -> int:
    """小四喜: three wind triplets and a wind pair."""
    return int(len([t for t in triplets_of(r) if t in _WINDS]) == 3 and r.pair in _WINDS)


def daisuushii(r: Reading) -> int:
    """大四喜: triplets or quads of the four winds (double where the rules say)."""
    return _double(r, "daisuushii") if all(t in triplets_of(r) for t in _WINDS) else 0


def tsuuiisou(r: Reading) -> int:
    """字一色: honours only (seven pairs too)."""
    return int(all(t >= 27 for t in tiles_of(r)))


def chinroutou(r: Reading) -> int:
    """清老頭: terminals only."""
    return int(all(t < 27 and t % 9 in (0, 8) for t in tiles_of(r)))


def ryuuiisou(r: Reading) -> int:
    """緑一色: green tiles only (2s 3s 4s 6s 8s 6z; the green dragon is not needed)."""
    return int(all(t in _GREEN for t in tiles_of(r)))


def _nine_gates(r: Reading) -> list[int] | None:
    """The 9 counts of the suit of a closed one-suit hand with 1112345678999 and one
    more, else None."""
    if r.win.melds or len(suits_of(r)) != 1 or has_honours(r):
        return None
    base = 9 * suits_of(r).pop()
    counts = list(r.counts[base : base + 9])
    needed = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    if all(c >= n for c, n in zip(counts, needed, strict=True)):
        return [c - n for c, n in zip(counts, needed, strict=True)]
    return None


def chuuren(r: Reading) -> int:
    """九蓮宝燈: 1112345678999 and one more of one suit, closed (not on the 9-sided wait)."""
    extra = _nine_gates(r)
    return int(extra is not None and extra[r.win.win % 9] == 0)


def junsei_chuuren(r: Reading) -> int:
    """純正九蓮宝燈: nine gates won on the 9-sided wait: the thirteen tiles before the win
    were 1112345678999 (double where the rules say)."""
    extra = _nine_gates(r)
    return _double(r, "junsei_chuuren") if extra is not None and extra[r.win.win % 9] == 1 else 0


def suukantsu(r: Reading) -> int:
    """四槓子: four quads."""
    return int(quads(r) == 4)


def tenhou(r: Reading) -> int:
    """天和: the dealer wins on the first draw."""
    return int(r.win.first_draw and r.win.dealer)


def chiihou(r: Reading) -> int:
    """地和: a non-dealer wins on the first draw, no call before it."""
    return int(r.win.first_draw and not r.win.dealer)


#: The yakuman by key, in Tenhou's order.
YAKUMAN: Final[dict[str, Callable[[Reading], int]]] = {
    "tenhou": tenhou,
    "chiihou": chiihou,
    "daisangen": daisangen,
    "suuankou": suuankou,
    "suuankou_tanki": suuankou_tanki,
    "tsuuiisou": tsuuiisou,
    "ryuuiisou": ryuuiisou,
    "chinroutou": chinroutou,
    "chuuren": chuuren,
    "junsei_chuuren": junsei_chuuren,
    "kokushi": kokushi,
    "kokushi_13": kokushi_13,
    "daisuushii": daisuushii,
    "shousuushii": shousuushii,
    "suukantsu": suukantsu,
}

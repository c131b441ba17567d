"""The yaku (役), as the rules state them: one small function each, on one reading of a win.

A :class:`Reading` is a win read one way: its sets (面子) with whether each is concealed
(暗) — a triplet that a discard completed (ロン) counts as called —, its pair, its wait.
Each yaku function returns the han it is worth in that reading (0: it does not apply),
each yakuman function how many yakuman (0, 1, or 2 where the rules count it double).
:func:`yaku_of` lists them; a yakuman leaves out every other yaku.

>>> from shanten.scoring import check
>>> w = check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z")
>>> from shanten._native.scoring.reading import reading_of
>>> [f"{y.key} {y.han}" for y in yaku_of(reading_of(w, 0))]
['menzen_tsumo 1', 'riichi 1', 'pinfu 1', 'tanyao 1']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shanten._native.scoring.reading import (
    DRAGONS,
    Reading,
    by_han,
    concealed_triplets,
    has_honours,
    quads,
    runs_of,
    suits_of,
    tiles_of,
    triplets_of,
    valued,
)
from shanten._native.scoring.yakuman import YAKUMAN
from shanten.score_types import Yaku
from shanten.tiles import TERMINALS_AND_HONOURS

__all__ = ["YAKU", "is_pinfu", "yaku_of"]

_TERMINAL_OR_HONOUR: Final = frozenset(TERMINALS_AND_HONOURS)
_WIND_NAMES: Final = ("east", "south", "west", "north")


# ---- situation yaku ----------------------------------------------------------------------


def riichi(r: Reading) -> int:
    """立直: riichi declared (a double riichi counts instead as 両立直)."""
    return int(r.win.riichi and not r.win.double_riichi)


def double_riichi(r: Reading) -> int:
    """両立直: riichi declared on the first discard, no call before it: 2 han."""
    return 2 if r.win.double_riichi else 0


def ippatsu(r: Reading) -> int:
    """一発: won within a go-around of the riichi, no call in between."""
    return int(r.win.ippatsu)


def menzen_tsumo(r: Reading) -> int:
    """門前清自摸和: a closed hand won by self-draw."""
    return int(r.win.closed and r.win.tsumo)


def haitei(r: Reading) -> int:
    """海底摸月: won by drawing the last tile of the wall."""
    return int(r.win.last_tile and r.win.tsumo)


def houtei(r: Reading) -> int:
    """河底撈魚: won on the discard after the last draw."""
    return int(r.win.last_tile and not r.win.tsumo)


def rinshan(r: Reading) -> int:
    """嶺上開花: won on the replacement tile drawn after a kan."""
    return int(r.win.rinshan)


def chankan(r: Reading) -> int:
    """槍槓: won on the tile another player added to a pon (加槓)."""
    return int(r.win.chankan)


# ---- hand yaku ---------------------------------------------------------------------------


def is_pinfu(r: Reading) -> bool:
    """平和 holds: a closed standard hand of four runs, a pair that is no yaku tile, won
    on a two-sided wait (両面)."""
    return (
        r.win.closed
        and r.form == "standard"
        and len(runs_of(r)) == 4
        and r.pair is not None
        and not valued(r, r.pair)
        and r.wait == "ryanmen"
    )


def pinfu(r: Reading) -> int:
    """平和: no fu but the win's (see :func:`is_pinfu`)."""
    return int(is_pinfu(r))


def tanyao(r: Reading) -> int:
    """断幺九: no terminal or honour; in an open hand only with open tanyao (喰いタン)."""
    if not r.win.closed and not r.win.rules.open_tanyao:
        return 0
    return int(not any(t in _TERMINAL_OR_HONOUR for t in tiles_of(r)))


def _identical_runs(r: Reading) -> int:
    """How many pairs of identical runs the sets hold (4 identical runs: 2)."""
    runs = runs_of(r)
    return sum(runs.count(tile) // 2 for tile in set(runs))


def iipeikou(r: Reading) -> int:
    """一盃口: a closed hand with two identical runs (not twice: that is 二盃口)."""
    return int(r.win.closed and _identical_runs(r) == 1)


def ryanpeikou(r: Reading) -> int:
    """二盃口: a closed hand with two pairs of identical runs: 3 han."""
    return 3 if r.win.closed and _identical_runs(r) == 2 else 0


def dragon(tile: int) -> Callable[[Reading], int]:
    def triplet_of(r: Reading) -> int:
        return int(tile in triplets_of(r))

    triplet_of.__doc__ = "役牌: a triplet or quad of this dragon."
    return triplet_of


def seat_wind(r: Reading) -> int:
    """自風: a triplet or quad of the seat wind."""
    return int(r.win.seat_wind in triplets_of(r))


def round_wind(r: Reading) -> int:
    """場風: a triplet or quad of the round wind."""
    return int(r.win.round_wind in triplets_of(r))


def chiitoitsu(r: Reading) -> int:
    """七対子: seven different pairs: 2 han."""
    return 2 if r.form == "chiitoitsu" else 0


def sanshoku(r: Reading) -> int:
    """三色同順: the same run in the three suits: 2 han, 1 open."""
    runs = set(runs_of(r))
    hit = any({rank, rank + 9, rank + 18} <= runs for rank in range(7))
    return by_han(r, 2, 1) if hit else 0


def ittsu(r: Reading) -> int:
    """一気通貫: 123, 456 and 789 of one suit: 2 han, 1 open."""
    runs = set(runs_of(r))
    hit = any({base, base + 3, base + 6} <= runs for base in (0, 9, 18))
    return by_han(r, 2, 1) if hit else 0


def _outside(r: Reading) -> bool:
    """Every set and the pair hold a terminal or an honour, and there is a run."""
    if r.form != "standard" or not runs_of(r) or r.pair not in _TERMINAL_OR_HONOUR:
        return False
    return all(any(t in _TERMINAL_OR_HONOUR for t in s.tiles) for s in r.sets)


def chanta(r: Reading) -> int:
    """混全帯幺九: a terminal or honour in every set and the pair, with honours (without:
    純全帯幺九): 2 han, 1 open."""
    return by_han(r, 2, 1) if _outside(r) and has_honours(r) else 0


def junchan(r: Reading) -> int:
    """純全帯幺九: a terminal in every set and the pair, no honour: 3 han, 2 open."""
    return by_han(r, 3, 2) if _outside(r) and not has_honours(r) else 0


def toitoi(r: Reading) -> int:
    """対々和: four triplets or quads: 2 han."""
    return 2 if r.form == "standard" and len(triplets_of(r)) == 4 else 0


def sanankou(r: Reading) -> int:
    """三暗刻: three concealed triplets or quads (a triplet a discard completed is not): 2 han."""
    return 2 if concealed_triplets(r) == 3 else 0


def sanshoku_doukou(r: Reading) -> int:
    """三色同刻: the same triplet in the three suits: 2 han."""
    triplets = set(triplets_of(r))
    return 2 if any({rank, rank + 9, rank + 18} <= triplets for rank in range(9)) else 0


def sankantsu(r: Reading) -> int:
    """三槓子: three quads: 2 han."""
    return 2 if quads(r) == 3 else 0


def shousangen(r: Reading) -> int:
    """小三元: two dragon triplets and a dragon pair: 2 han (beside the two 役牌)."""
    triplets = [t for t in triplets_of(r) if t in DRAGONS]
    return 2 if len(triplets) == 2 and r.pair in DRAGONS else 0


def honroutou(r: Reading) -> int:
    """混老頭: only terminals and honours: 2 han."""
    return 2 if all(t in _TERMINAL_OR_HONOUR for t in tiles_of(r)) else 0


def honitsu(r: Reading) -> int:
    """混一色: one suit and honours: 3 han, 2 open."""
    return by_han(r, 3, 2) if len(suits_of(r)) == 1 and has_honours(r) else 0


def chinitsu(r: Reading) -> int:
    """清一色: one suit, no honour: 6 han, 5 open."""
    return by_han(r, 6, 5) if len(suits_of(r)) == 1 and not has_honours(r) else 0


#: The yaku by key, in Tenhou's order.
YAKU: Final[dict[str, Callable[[Reading], int]]] = {
    "menzen_tsumo": menzen_tsumo,
    "riichi": riichi,
    "ippatsu": ippatsu,
    "chankan": chankan,
    "rinshan": rinshan,
    "haitei": haitei,
    "houtei": houtei,
    "pinfu": pinfu,
    "tanyao": tanyao,
    "iipeikou": iipeikou,
    "haku": dragon(31),
    "hatsu": dragon(32),
    "chun": dragon(33),
    "double_riichi": double_riichi,
    "chiitoitsu": chiitoitsu,
    "chanta": chanta,
    "ittsu": ittsu,
    "sanshoku": sanshoku,
    "sanshoku_doukou": sanshoku_doukou,
    "sankantsu": sankantsu,
    "toitoi": toitoi,
    "sanankou": sanankou,
    "shousangen": shousangen,
    "honroutou": honroutou,
    "ryanpeikou": ryanpeikou,
    "junchan": junchan,
    "honitsu": honitsu,
    "chinitsu": chinitsu,
}


def yaku_of(r: Reading) -> list[Yaku]:
    """The yaku of a reading: its yakuman if it has any (each 13 han a yakuman), else
    its yaku, the winds named by the wind (Tenhou lists a double wind as two yaku).
    Iipeikou gives way to ryanpeikou, honroutou counts beside toitoi or seven pairs."""
    yakuman = [(key, count(r)) for key, count in YAKUMAN.items()]
    found = [Yaku.of(key, 13 * n, n) for key, n in yakuman if n]
    if found:
        return found
    result: list[Yaku] = []
    for key, han_of in YAKU.items():
        if key == "iipeikou":  # the winds stand where Tenhou lists them, after 一盃口
            if han := han_of(r):
                result.append(Yaku.of(key, han))
            if seat_wind(r):
                result.append(Yaku.of(f"seat_{_WIND_NAMES[r.win.seat_wind - 27]}", 1))
            if round_wind(r):
                result.append(Yaku.of(f"round_{_WIND_NAMES[r.win.round_wind - 27]}", 1))
            continue
        if han := han_of(r):
            result.append(Yaku.of(key, han))
    return result

"""The yaku (役), as the rules state them: one small function each, on one reading of a win.

A :class:`Reading` is a win read one way: its sets (面子) with whether each is concealed
(暗) — a triplet that a discard completed (ロン) counts as called —, its pair, its wait.
Each yaku function returns the han it is worth in that reading (0: it does not apply),
each yakuman function how many yakuman (0, 1, or 2 where the rules count it double).
:func:`yaku_of` lists them; a yakuman leaves out every other yaku.

>>> from shanten.scoring import check
>>> w = check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z")
>>> [f"{y.key} {y.han}" for y in yaku_of(reading_of(w, 0))]
['menzen_tsumo 1', 'riichi 1', 'pinfu 1', 'tanyao 1']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from shanten._native.scoring.decompose import readings
from shanten.score_types import Win, Yaku
from shanten.tiles import TERMINALS_AND_HONOURS
from shanten.wins import WaitReading

__all__ = ["YAKU", "YAKUMAN", "Reading", "Set", "is_pinfu", "reading_of", "yaku_of"]

_TERMINAL_OR_HONOUR: Final = frozenset(TERMINALS_AND_HONOURS)
_DRAGONS: Final = (31, 32, 33)
_WINDS: Final = (27, 28, 29, 30)
_WIND_NAMES: Final = ("east", "south", "west", "north")
#: 2s 3s 4s 6s 8s and the green dragon: the tiles of all green (緑一色).
_GREEN: Final = frozenset((19, 20, 21, 23, 25, 32))


@dataclass(frozen=True)
class Set:
    """One set (面子) of a reading: ``kind`` run, triplet or quad, its lowest ``tile``,
    ``concealed`` (暗: not called, and for a triplet not completed by a discard) and
    ``called`` (a called meld, 副露)."""

    kind: str
    tile: int
    concealed: bool
    called: bool

    @property
    def triplet(self) -> bool:
        """A triplet or a quad (刻子・槓子)."""
        return self.kind != "run"

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "run":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "quad" else 3)


@dataclass(frozen=True)
class Reading:
    """A win read one way: the ``win``, the wait reading (``source``), the ``sets`` and
    ``pair`` of a standard reading (none for seven pairs and thirteen orphans), ``pairs``
    of seven pairs, and ``counts``: every tile of the hand and the melds."""

    win: Win
    source: WaitReading
    sets: tuple[Set, ...]
    pair: int | None
    pairs: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def form(self) -> str:
        return self.source.decomposition.form

    @property
    def wait(self) -> str:
        return self.source.shape


def reading_of(win: Win, index: int) -> Reading:
    """The ``index``-th reading of ``win`` (:func:`readings` order)."""
    return _build(win, readings(win.counts, win.melds, win.win)[index])


def all_readings(win: Win) -> list[Reading]:
    """Every reading of ``win``; empty when the hand is not complete."""
    return [_build(win, r) for r in readings(win.counts, win.melds, win.win)]


def _build(win: Win, source: WaitReading) -> Reading:
    counts = list(win.counts)
    for meld in win.melds:
        for tile in meld.tiles:
            counts[int(tile)] += 1
    sets: list[Set] = []
    pair: int | None = None
    pairs: list[int] = []
    blocks = source.decomposition.blocks
    for index, block in enumerate(blocks):
        first = int(block.tiles[0])
        if block.kind == "pair":
            pairs.append(first)
            pair = first
        elif block.kind in ("run", "triplet", "quad"):
            completed_by_ron = index == source.block_index and not win.tsumo
            concealed = not (block.melded and not block.concealed) and not (
                block.kind == "triplet" and completed_by_ron
            )
            called = block.melded and not block.concealed
            sets.append(Set(block.kind, first, concealed, called))
    standard = source.decomposition.form == "standard"
    return Reading(
        win,
        source,
        tuple(sets),
        pair if standard else None,
        tuple(pairs) if not standard else (),
        tuple(counts),
    )


# ---- what the yaku read ----------------------------------------------------------------


def _tiles(r: Reading) -> list[int]:
    return [tile for tile in range(34) if r.counts[tile]]


def _runs(r: Reading) -> list[int]:
    return [s.tile for s in r.sets if s.kind == "run"]


def _triplets(r: Reading) -> list[int]:
    return [s.tile for s in r.sets if s.triplet]


def _valued(r: Reading, tile: int) -> bool:
    """A tile whose triplet is a yaku (役牌): a dragon, the seat or the round wind."""
    return tile in _DRAGONS or tile in (r.win.seat_wind, r.win.round_wind)


def _suits(r: Reading) -> set[int]:
    return {tile // 9 for tile in _tiles(r) if tile < 27}


def _honours(r: Reading) -> bool:
    return any(r.counts[27:])


def _by_han(r: Reading, closed: int, called: int) -> int:
    return closed if r.win.closed else called


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
        and len(_runs(r)) == 4
        and r.pair is not None
        and not _valued(r, r.pair)
        and r.wait == "ryanmen"
    )


def pinfu(r: Reading) -> int:
    """平和: no fu but the win's (see :func:`is_pinfu`)."""
    return int(is_pinfu(r))


def tanyao(r: Reading) -> int:
    """断幺九: no terminal or honour; in an open hand only with open tanyao (喰いタン)."""
    if not r.win.closed and not r.win.rules.open_tanyao:
        return 0
    return int(not any(t in _TERMINAL_OR_HONOUR for t in _tiles(r)))


def _identical_runs(r: Reading) -> int:
    """How many pairs of identical runs the sets hold (4 identical runs: 2)."""
    runs = _runs(r)
    return sum(runs.count(tile) // 2 for tile in set(runs))


def iipeikou(r: Reading) -> int:
    """一盃口: a closed hand with two identical runs (not twice: that is 二盃口)."""
    return int(r.win.closed and _identical_runs(r) == 1)


def ryanpeikou(r: Reading) -> int:
    """二盃口: a closed hand with two pairs of identical runs: 3 han."""
    return 3 if r.win.closed and _identical_runs(r) == 2 else 0


def dragon(tile: int) -> Callable[[Reading], int]:
    def triplet_of(r: Reading) -> int:
        return int(tile in _triplets(r))

    triplet_of.__doc__ = "役牌: a triplet or quad of this dragon."
    return triplet_of


def seat_wind(r: Reading) -> int:
    """自風: a triplet or quad of the seat wind."""
    return int(r.win.seat_wind in _triplets(r))


def round_wind(r: Reading) -> int:
    """場風: a triplet or quad of the round wind."""
    return int(r.win.round_wind in _triplets(r))


def chiitoitsu(r: Reading) -> int:
    """七対子: seven different pairs: 2 han."""
    return 2 if r.form == "chiitoitsu" else 0


def sanshoku(r: Reading) -> int:
    """三色同順: the same run in the three suits: 2 han, 1 open."""
    runs = set(_runs(r))
    hit = any({rank, rank + 9, rank + 18} <= runs for rank in range(7))
    return _by_han(r, 2, 1) if hit else 0


def ittsu(r: Reading) -> int:
    """一気通貫: 123, 456 and 789 of one suit: 2 han, 1 open."""
    runs = set(_runs(r))
    hit = any({base, base + 3, base + 6} <= runs for base in (0, 9, 18))
    return _by_han(r, 2, 1) if hit else 0


def _outside(r: Reading) -> bool:
    """Every set and the pair hold a terminal or an honour, and there is a run."""
    if r.form != "standard" or not _runs(r) or r.pair not in _TERMINAL_OR_HONOUR:
        return False
    return all(any(t in _TERMINAL_OR_HONOUR for t in s.tiles) for s in r.sets)


def chanta(r: Reading) -> int:
    """混全帯幺九: a terminal or honour in every set and the pair, with honours (without:
    純全帯幺九): 2 han, 1 open."""
    return _by_han(r, 2, 1) if _outside(r) and _honours(r) else 0


def junchan(r: Reading) -> int:
    """純全帯幺九: a terminal in every set and the pair, no honour: 3 han, 2 open."""
    return _by_han(r, 3, 2) if _outside(r) and not _honours(r) else 0


def toitoi(r: Reading) -> int:
    """対々和: four triplets or quads: 2 han."""
    return 2 if r.form == "standard" and len(_triplets(r)) == 4 else 0


def _concealed_triplets(r: Reading) -> int:
    return sum(1 for s in r.sets if s.triplet and s.concealed)


def sanankou(r: Reading) -> int:
    """三暗刻: three concealed triplets or quads (a triplet a discard completed is not): 2 han."""
    return 2 if _concealed_triplets(r) == 3 else 0


def sanshoku_doukou(r: Reading) -> int:
    """三色同刻: the same triplet in the three suits: 2 han."""
    triplets = set(_triplets(r))
    return 2 if any({rank, rank + 9, rank + 18} <= triplets for rank in range(9)) else 0


def _quads(r: Reading) -> int:
    return sum(1 for s in r.sets if s.kind == "quad")


def sankantsu(r: Reading) -> int:
    """三槓子: three quads: 2 han."""
    return 2 if _quads(r) == 3 else 0


def shousangen(r: Reading) -> int:
    """小三元: two dragon triplets and a dragon pair: 2 han (beside the two 役牌)."""
    triplets = [t for t in _triplets(r) if t in _DRAGONS]
    return 2 if len(triplets) == 2 and r.pair in _DRAGONS else 0


def honroutou(r: Reading) -> int:
    """混老頭: only terminals and honours: 2 han."""
    return 2 if all(t in _TERMINAL_OR_HONOUR for t in _tiles(r)) else 0


def honitsu(r: Reading) -> int:
    """混一色: one suit and honours: 3 han, 2 open."""
    return _by_han(r, 3, 2) if len(_suits(r)) == 1 and _honours(r) else 0


def chinitsu(r: Reading) -> int:
    """清一色: one suit, no honour: 6 han, 5 open."""
    return _by_han(r, 6, 5) if len(_suits(r)) == 1 and not _honours(r) else 0


# ---- yakuman (each returns how many yakuman) ---------------------------------------------


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
    return int(_concealed_triplets(r) == 4 and r.wait != "tanki")


def suuankou_tanki(r: Reading) -> int:
    """四暗刻単騎: four concealed triplets or quads won on the pair (double where the rules say)."""
    return _double(r, "suuankou_tanki") if _concealed_triplets(r) == 4 and r.wait == "tanki" else 0


def daisangen(r: Reading) -> int:
    """大三元: triplets or quads of the three dragons."""
    return int(all(t in _triplets(r) for t in _DRAGONS))


def shousuushii(r: Reading) -> int:
    """小四喜: three wind triplets and a wind pair."""
    return int(len([t for t in _triplets(r) if t in _WINDS]) == 3 and r.pair in _WINDS)


def daisuushii(r: Reading) -> int:
    """大四喜: triplets or quads of the four winds (double where the rules say)."""
    return _double(r, "daisuushii") if all(t in _triplets(r) for t in _WINDS) else 0


def tsuuiisou(r: Reading) -> int:
    """字一色: honours only (seven pairs too)."""
    return int(all(t >= 27 for t in _tiles(r)))


def chinroutou(r: Reading) -> int:
    """清老頭: terminals only."""
    return int(all(t < 27 and t % 9 in (0, 8) for t in _tiles(r)))


def ryuuiisou(r: Reading) -> int:
    """緑一色: green tiles only (2s 3s 4s 6s 8s 6z; the green dragon is not needed)."""
    return int(all(t in _GREEN for t in _tiles(r)))


def _nine_gates(r: Reading) -> list[int] | None:
    """The 9 counts of the suit of a closed one-suit hand with 1112345678999 and one
    more, else None."""
    if r.win.melds or len(_suits(r)) != 1 or _honours(r):
        return None
    base = 9 * _suits(r).pop()
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
    return int(_quads(r) == 4)


def tenhou(r: Reading) -> int:
    """天和: the dealer wins on the first draw."""
    return int(r.win.first_draw and r.win.dealer)


def chiihou(r: Reading) -> int:
    """地和: a non-dealer wins on the first draw, no call before it."""
    return int(r.win.first_draw and not r.win.dealer)


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

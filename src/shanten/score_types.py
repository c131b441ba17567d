"""What :func:`shanten.score` returns, and the checked win it hands to the engine.

:class:`Score` is a frozen value: han (翻), fu (符), the limit (満貫 …), the points and who
pays them, the yaku (役) as :class:`Yaku` values, and the reading of the hand (its
decomposition and wait) that gave the highest score. :class:`Win` is the input once
checked, in tile indices: what an engine scores.

>>> Yaku.of("riichi", 1)
Yaku(key='riichi', name='Riichi', japanese='立直', han=1, yakuman=0, tenhou_id=1)
>>> print(Payment("dealer", 2000))
dealer pays 2000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from shanten.hand import Meld
from shanten.scoring_rules import Rules
from shanten.wins import Decomposition, WaitReading, WaitShape

__all__ = ["YAKU", "Limit", "Payer", "Payment", "RiichiChoice", "Score", "Win", "Worth", "Yaku"]

#: Every yaku and bonus the scorer names: key -> (English, Japanese, Tenhou's yaku id).
YAKU: Final[dict[str, tuple[str, str, int | None]]] = {
    "menzen_tsumo": ("Fully concealed self-draw", "門前清自摸和", 0),
    "riichi": ("Riichi", "立直", 1),
    "ippatsu": ("Ippatsu", "一発", 2),
    "chankan": ("Robbing a kan", "槍槓", 3),
    "rinshan": ("After a kan", "嶺上開花", 4),
    "haitei": ("Last tile drawn", "海底摸月", 5),
    "houtei": ("Last tile discarded", "河底撈魚", 6),
    "pinfu": ("Pinfu", "平和", 7),
    "tanyao": ("All simples", "断幺九", 8),
    "iipeikou": ("Pure double run", "一盃口", 9),
    "seat_east": ("Seat wind East", "自風 東", 10),
    "seat_south": ("Seat wind South", "自風 南", 11),
    "seat_west": ("Seat wind West", "自風 西", 12),
    "seat_north": ("Seat wind North", "自風 北", 13),
    "round_east": ("Round wind East", "場風 東", 14),
    "round_south": ("Round wind South", "場風 南", 15),
    "round_west": ("Round wind West", "場風 西", 16),
    "round_north": ("Round wind North", "場風 北", 17),
    "haku": ("White dragon", "役牌 白", 18),
    "hatsu": ("Green dragon", "役牌 發", 19),
    "chun": ("Red dragon", "役牌 中", 20),
    "double_riichi": ("Double riichi", "両立直", 21),
    "chiitoitsu": ("Seven pairs", "七対子", 22),
    "chanta": ("Outside hand", "混全帯幺九", 23),
    "ittsu": ("Pure straight", "一気通貫", 24),
    "sanshoku": ("Mixed triple run", "三色同順", 25),
    "sanshoku_doukou": ("Triple triplets", "三色同刻", 26),
    "sankantsu": ("Three kans", "三槓子", 27),
    "toitoi": ("All triplets", "対々和", 28),
    "sanankou": ("Three concealed triplets", "三暗刻", 29),
    "shousangen": ("Little three dragons", "小三元", 30),
    "honroutou": ("All terminals and honours", "混老頭", 31),
    "ryanpeikou": ("Twice pure double run", "二盃口", 32),
    "junchan": ("Terminals in every set", "純全帯幺九", 33),
    "honitsu": ("Half flush", "混一色", 34),
    "chinitsu": ("Full flush", "清一色", 35),
    "tenhou": ("Blessing of heaven", "天和", 37),
    "chiihou": ("Blessing of earth", "地和", 38),
    "daisangen": ("Big three dragons", "大三元", 39),
    "suuankou": ("Four concealed triplets", "四暗刻", 40),
    "suuankou_tanki": ("Four concealed triplets, pair wait", "四暗刻単騎", 41),
    "tsuuiisou": ("All honours", "字一色", 42),
    "ryuuiisou": ("All green", "緑一色", 43),
    "chinroutou": ("All terminals", "清老頭", 44),
    "chuuren": ("Nine gates", "九蓮宝燈", 45),
    "junsei_chuuren": ("Pure nine gates", "純正九蓮宝燈", 46),
    "kokushi": ("Thirteen orphans", "国士無双", 47),
    "kokushi_13": ("Thirteen orphans, 13-sided wait", "国士無双十三面", 48),
    "daisuushii": ("Big four winds", "大四喜", 49),
    "shousuushii": ("Little four winds", "小四喜", 50),
    "suukantsu": ("Four kans", "四槓子", 51),
    "dora": ("Dora", "ドラ", 52),
    "ura": ("Ura dora", "裏ドラ", 53),
    "aka": ("Red fives", "赤ドラ", 54),
    "north": ("North dora", "抜きドラ", None),
}

#: Who pays: the discarder (ron), or on a self-draw the dealer or a non-dealer.
Payer = Literal["discarder", "dealer", "non-dealer"]
#: The limits (満貫 and above) by name.
Limit = Literal[
    "mangan",
    "kiriage mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "kazoe yakuman",
    "yakuman",
    "double yakuman",
    "triple yakuman",
    "quadruple yakuman",
    "quintuple yakuman",
    "sextuple yakuman",
]

_LIMIT_JA: Final[dict[str, str]] = {
    "mangan": "満貫",
    "kiriage mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe yakuman": "数え役満",
    "yakuman": "役満",
    "double yakuman": "二倍役満",
    "triple yakuman": "三倍役満",
    "quadruple yakuman": "四倍役満",
    "quintuple yakuman": "五倍役満",
    "sextuple yakuman": "六倍役満",
}


@dataclass(frozen=True)
class Yaku:
    """One yaku (役) of a scored hand, or one kind of dora (not a yaku: it counts only
    beside one): ``key`` (:data:`YAKU`), English ``name``, ``japanese`` name, its ``han``
    in this hand (13 a yakuman), ``yakuman`` (0, or how many yakuman it counts for) and
    ``tenhou_id``, the number Tenhou's records give it (None for north dora).
    """

    key: str
    name: str
    japanese: str
    han: int
    yakuman: int = 0
    tenhou_id: int | None = None

    @classmethod
    def of(cls, key: str, han: int, yakuman: int = 0) -> Yaku:
        """The yaku ``key`` worth ``han`` (``yakuman`` times a yakuman)."""
        name, japanese, tenhou_id = YAKU[key]
        return cls(key, name, japanese, han, yakuman, tenhou_id)

    @property
    def is_dora(self) -> bool:
        """True for dora, ura dora, red fives and north dora, which are not yaku."""
        return self.key in ("dora", "ura", "aka", "north")

    def __str__(self) -> str:
        value = f"{self.yakuman}× yakuman" if self.yakuman else f"{self.han} han"
        return f"{self.name} ({self.japanese}): {value}"


@dataclass(frozen=True)
class Payment:
    """What one player pays the winner, before 本場 and 供託."""

    payer: Payer
    points: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.points}"


@dataclass(frozen=True)
class Win:
    """A win as :func:`shanten.score` has checked it, in tile indices: what an engine
    scores. ``counts``: the concealed tiles with the winning tile ``win``; ``red``: the
    red fives of the hand and melds; ``dora`` and ``ura``: the dora themselves (one
    entry per indicator, the tile it points to), ``ura`` empty without riichi;
    ``seat_wind``, ``round_wind``: tile indices 27-30."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    win: int
    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    last_tile: bool
    first_draw: bool
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    red: int
    seat_wind: int
    round_wind: int
    players: Literal[3, 4]
    north: int
    rules: Rules

    @property
    def dealer(self) -> bool:
        """True when the winner is the dealer (親): seat wind East."""
        return self.seat_wind == 27

    @property
    def closed(self) -> bool:
        """True when no meld was called (門前): concealed quads keep the hand closed."""
        return all(meld.concealed for meld in self.melds)


@dataclass(frozen=True)
class Score:
    """The value of a win: ``han`` (翻; 13 per yakuman), ``fu`` (符), ``yakuman`` (0, or how
    many times a yakuman the hand is paid, 1 for a counted yakuman), ``limit`` (None
    below mangan), ``points`` (what the winner receives in all, before 本場 and 供託) and
    ``payments`` (who pays what), the ``yaku`` (yakuman only, when there is one; dora
    after the yaku), and the ``reading`` that gave the highest score: the decomposition,
    the block the winning tile completed and its wait. ``fu_parts`` names where the fu
    come from, before rounding up to 10 (none for seven pairs and thirteen orphans).
    """

    han: int
    fu: int
    yakuman: int
    limit: Limit | None
    points: int
    payments: tuple[Payment, ...]
    yaku: tuple[Yaku, ...]
    reading: WaitReading
    fu_parts: tuple[tuple[str, int], ...]
    dealer: bool
    tsumo: bool

    @property
    def decomposition(self) -> Decomposition:
        """The decomposition of the hand that gave the score."""
        return self.reading.decomposition

    @property
    def wait(self) -> WaitShape:
        """The wait (待ち) the winning tile completed in that decomposition."""
        return self.reading.shape

    @property
    def dora(self) -> int:
        """The han from dora of every kind (dora, ura, red fives, north)."""
        return sum(y.han for y in self.yaku if y.is_dora)

    @property
    def headline(self) -> str:
        """Tenhou's line for the win: ``30符4飜7700点``, ``満貫2000-4000点``, ``1300点∀``
        (each pays, a dealer's self-draw)."""
        if self.tsumo:
            shares = sorted({p.points for p in self.payments})
            paid = "-".join(map(str, shares)) + ("点∀" if len(shares) == 1 else "点")
        else:
            paid = f"{self.points}点"
        if self.limit is not None:
            return _LIMIT_JA[self.limit] + paid
        return f"{self.fu}符{self.han}飜{paid}"

    def __str__(self) -> str:
        win = "tsumo" if self.tsumo else "ron"
        lines = [f"{self.headline}  ({self.fu} fu {self.han} han, {self.points} points, {win})"]
        lines += [f"  {yaku}" for yaku in self.yaku]
        lines.append(f"  {self.reading.tile} {self.wait}: {self.decomposition}")
        return "\n".join(lines)


#: When the player declares riichi (立直) on a closed ready hand, in the expected score
#: of :func:`shanten.odds`: ``"best"`` whenever it gives the higher expected score (else
#: staying closed, ダマ), ``"always"`` as soon as the hand is ready (mahjong-cpp's
#: model), ``"never"``.
RiichiChoice = Literal["best", "always", "never"]


@dataclass(frozen=True)
class Worth:
    """A :class:`ScoreContext` checked for one hand, in tile indices: the melds, the dora
    (the tiles the indicators point to), the winds (27-30), the red fives of the melds
    and of the hand (by suit), how many ura dora indicators a riichi win turns up (one,
    and one per kan), the riichi choice and whether the last draw is the wall's last."""

    melds: tuple[Meld, ...]
    dora: tuple[int, ...]
    seat: int
    round_: int
    players: Literal[3, 4]
    north: int
    rules: Rules
    red_in_melds: int
    red_in_hand: tuple[int, int, int]
    ura_indicators: int
    riichi: RiichiChoice
    haitei: bool

    @property
    def closed(self) -> bool:
        """True when no meld was called: the hand may declare riichi."""
        return all(meld.concealed for meld in self.melds)

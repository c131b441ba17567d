"""The rules a hand is scored under (ルール): one value, :class:`Rules`, with presets.

Rule sets differ in a few choices; each is a field. :data:`TENHOU` (the default) and
:data:`MAHJONG_SOUL` are the rules of those two sites' ranked games; any other set is a
:func:`dataclasses.replace` away:

>>> TENHOU.double_yakuman, sorted(MAHJONG_SOUL.double_yakuman)
(frozenset(), ['daisuushii', 'junsei_chuuren', 'kokushi_13', 'suuankou_tanki'])
>>> import dataclasses
>>> dataclasses.replace(TENHOU, kiriage=True).kiriage
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from shanten.errors import RuleError, described

__all__ = ["DOUBLE_YAKUMAN", "MAHJONG_SOUL", "TENHOU", "DoubleYakuman", "Rules"]

#: The yakuman that some rules count twice (ダブル役満): 四暗刻単騎 (four concealed triplets
#: on a pair wait), 国士無双十三面 (thirteen orphans on the 13-sided wait), 純正九蓮宝燈
#: (nine gates on the 9-sided wait) and 大四喜 (big four winds).
DoubleYakuman = Literal["suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"]
DOUBLE_YAKUMAN: Final[frozenset[DoubleYakuman]] = frozenset(get_args(DoubleYakuman))


@dataclass(frozen=True)
class Rules:
    """What differs between rule sets when a hand is scored.

    - ``red_fives``: how many red fives (赤ドラ) each suit (m, p, s) has, each one dora;
      a hand with more is refused. ``(0, 0, 0)``: no red fives.
    - ``open_tanyao``: all simples counts in an open hand (喰いタン).
    - ``kiriage``: 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
    - ``kazoe_yakuman``: 13 han or more without a yakuman is a yakuman (数え役満); else a
      sanbaiman.
    - ``double_yakuman``: which of :data:`DOUBLE_YAKUMAN` count as two yakuman. Two
      different yakuman always add up (複合役満).
    - ``double_wind_pair_fu``: the fu of a pair of the wind that is both the seat and the
      round wind (連風牌), 4 or 2.
    - ``tsumo_loss``: with three players, a self-drawn win is paid as with four, less the
      absent player's share (ツモ損); False: that share is split between the two payers
      (北家折半), each half rounded up to 100.

    >>> Rules(double_wind_pair_fu=3)
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: double_wind_pair_fu is 2 or 4, not 3
    """

    name: str = "custom"
    red_fives: tuple[int, int, int] = (1, 1, 1)
    open_tanyao: bool = True
    kiriage: bool = False
    kazoe_yakuman: bool = True
    double_yakuman: frozenset[DoubleYakuman] = field(default_factory=frozenset)
    double_wind_pair_fu: int = 4
    tsumo_loss: bool = True

    def __post_init__(self) -> None:
        reds = self.red_fives
        if (
            not isinstance(reds, tuple)
            or len(reds) != 3
            or not all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 4 for r in reds)
        ):
            raise RuleError(f"red_fives is 3 counts 0-4 (m, p, s), not {described(reds)}")
        for name in ("open_tanyao", "kiriage", "kazoe_yakuman", "tsumo_loss"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"{name} is True or False, not {described(getattr(self, name))}")
        doubles = self.double_yakuman
        if not isinstance(doubles, frozenset) or not doubles <= DOUBLE_YAKUMAN:
            raise RuleError(
                f"double_yakuman is a frozenset of {', '.join(sorted(DOUBLE_YAKUMAN))}, "
                f"not {described(doubles)}"
            )
        if self.double_wind_pair_fu not in (2, 4) or isinstance(self.double_wind_pair_fu, bool):
            raise RuleError(
                f"double_wind_pair_fu is 2 or 4, not {described(self.double_wind_pair_fu)}"
            )

    @classmethod
    def tenhou(cls) -> Rules:
        """天鳳 (Tenhou.net) ranked rules, the default: red fives, open tanyao, no
        kiriage, counted yakuman, no double yakuman, 4 fu for a double wind pair, tsumo
        loss with three players."""
        return cls(name="tenhou")

    @classmethod
    def mahjong_soul(cls) -> Rules:
        """雀魂 (Mahjong Soul) ranked rules: as Tenhou's, but 四暗刻単騎, 国士無双十三面,
        純正九蓮宝燈 and 大四喜 count as double yakuman."""
        return cls(name="mahjong soul", double_yakuman=DOUBLE_YAKUMAN)


#: Tenhou's rules (:meth:`Rules.tenhou`), the default of :func:`shanten.score`.
TENHOU: Final = Rules.tenhou()
#: Mahjong Soul's rules (:meth:`Rules.mahjong_soul`).
MAHJONG_SOUL: Final = Rules.mahjong_soul()

"""What a review shows of defence (守備): the rules a discard must follow after a call
(喰い替え), the threats a decision is made under, and how safe a discarded tile is
against a riichi.

Tiles are kinds 0-33 (1m-9m, 1p-9p, 1s-9s, 1z-7z).

**Kuikae** (喰い替え禁止, Tenhou's rule): after a chi or a pon, the discard may be neither
the kind just called nor, after a chi that called an end of its run, the kind at the
run's other end's outside (the suji swap, 筋喰い替え):

>>> sorted(kuikae("chi", (2, 3, 4), 4))  # chi 34m with 5m: neither 5m nor 2m
[1, 4]
>>> sorted(kuikae("chi", (2, 3, 4), 3))  # chi 35m with 4m (the middle): 4m only
[3]
>>> sorted(kuikae("pon", (31, 31, 31), 31))  # pon of 5z: 5z
[31]

**Safety against a riichi** (:func:`safety`): *genbutsu* (現物) is a kind the riichi seat
discarded, or that anyone discarded after its declaration (and it did not win on);
*suji* (筋) a number tile whose sides three away that exist (1-4-7, 2-5-8, 3-6-9; both
for 4, 5, 6) are all genbutsu; *half-suji* (片筋) a 4, 5 or 6 with one side so;
*kabe* (壁, no-chance) a number tile that no two-sided wait (両面) can take because
all four copies of a neighbour it would need are in sight; an honour counts its copies
in sight. :data:`RISK` gives each category a deal-in rate (放銃率), see there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = [
    "RISK",
    "RISK_SOURCE",
    "Safety",
    "Threat",
    "combined_risk",
    "kuikae",
    "open_threat",
    "safety",
]


def kuikae(kind: Literal["chi", "pon"], meld: Sequence[int], called: int) -> frozenset[int]:
    """The kinds a seat may not discard right after calling ``called`` into ``meld`` (the
    meld's three kinds) by ``kind``: the called kind, and after a chi that called the
    lowest or the highest tile of its run, the kind three away from it across the run
    (chi 34m with 2m: 2m and 5m; with 5m: 5m and 2m), when that tile exists."""
    if kind == "pon":
        return frozenset((called,))
    low = min(meld)
    number = called % 9
    if called == low and number + 3 <= 8:
        return frozenset((called, called + 3))
    if called == low + 2 and number - 3 >= 0:
        return frozenset((called, called - 3))
    return frozenset((called,))


def open_threat(melds: Sequence[tuple[str, Sequence[int]]]) -> str | None:
    """Why an open hand (its melds: kind and kinds) threatens, or None. The rule:

    - ``"three calls"``: three or more open melds (chi, pon, open or added kan);
    - ``"dragon"``: two or more open melds, one of them a dragon pon or kan (役牌);
    - ``"one suit"``: two or more open melds, all of one number suit or honours, one at
      least in the suit (a half or full flush showing, 染め手).

    >>> open_threat([("pon", (31, 31, 31)), ("chi", (0, 1, 2))])
    'dragon'
    >>> open_threat([("chi", (9, 10, 11)), ("pon", (27, 27, 27))])
    'one suit'
    >>> open_threat([("chi", (9, 10, 11)), ("pon", (0, 0, 0))]) is None
    True
    """
    shown = [kinds for kind, kinds in melds if kind not in ("ankan", "nukidora")]
    if len(shown) >= 3:
        return "three calls"
    if len(shown) < 2:
        return None
    if any(kinds[0] >= 31 and kinds[0] == kinds[1] for kinds in shown):
        return "dragon"
    suits = {kinds[0] // 9 for kinds in shown}
    if len(suits - {3}) == 1:
        return "one suit"
    return None


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat a decision is made under: ``kind`` ``"riichi"`` (its declaration accepted),
    or the open-hand rule it meets (:func:`open_threat`), ``since`` its turn (its discard
    count in the round) from which it threatens: the declaring discard's, or that of its
    first discard after the call that met the rule."""

    seat: int
    kind: str
    since: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "since": self.since}


#: The deal-in rate (放銃率, %) against a riichi of a discard by its category, from the
#: analysis of 7,670 games of Tenhou's 天鳳位 players in :data:`RISK_SOURCE` (the middle of
#: each range it gives): honours by copies in sight on the table, then number tiles.
#: ``"non-suji"`` is that analysis's average over half-suji and non-suji tiles (11.2-11.4),
#: ``"non-suji 1/9"`` its figure for those that are a 1 or a 9 (7.7-8.3).
RISK: Final = {
    "genbutsu": 0.0,
    "honour 4": 0.0,  # every copy in sight or in hand: no wait is left on it
    "honour 3": 0.2,  # 3枚切れ 0.1-0.3
    "honour 2": 0.75,  # 2枚切れ 0.6-0.9
    "honour 1": 2.65,  # 1枚切れ 2.4-2.9
    "honour 0": 5.45,  # 生牌 5.0-5.9
    "kabe": 3.35,  # ノーチャンス 3.0-3.7
    "suji": 4.25,  # 表スジ/中スジ平均 4.0-4.5
    "half-suji": 8.55,  # 片スジ 8.3-8.8
    "non-suji 1/9": 8.0,  # 数字が1か9 7.7-8.3
    "non-suji": 11.3,  # 片スジ/無スジ平均 11.2-11.4
}
RISK_SOURCE: Final = (
    "gimite, 統計による麻雀危険牌分析 (an analysis of 7,670 games of Tenhou's 天鳳位 "
    "players), http://gimite.net/pukiwiki/index.php?統計による麻雀危険牌分析"
)


@dataclass(frozen=True, slots=True)
class Safety:
    """How safe a discarded tile is against one riichi seat: ``genbutsu``, ``suji``,
    ``half_suji`` and ``kabe`` as the module says, ``seen`` the copies of an honour in
    sight on the table (None for a number tile), ``category`` the first that applies of
    genbutsu, honour by copies (or all four accounted for), kabe, suji, half-suji,
    non-suji (1/9 apart), and ``risk`` its deal-in rate in % (:data:`RISK`)."""

    seat: int
    genbutsu: bool
    suji: bool
    half_suji: bool
    kabe: bool
    seen: int | None
    category: str
    risk: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "category": self.category,
            "risk": self.risk,
            "genbutsu": self.genbutsu,
            "suji": self.suji,
            "half_suji": self.half_suji,
            "kabe": self.kabe,
            "seen": self.seen,
        }


def _gone(kind: int, visible: Sequence[int], hand: Sequence[int]) -> bool:
    """All four copies of ``kind`` in sight of the deciding seat (table and own hand)."""
    return visible[kind] + hand[kind] >= 4


def safety(
    tile: int, seat: int, safe: Sequence[bool], visible: Sequence[int], hand: Sequence[int]
) -> Safety:
    """The safety of discarding ``tile`` against riichi seat ``seat`` whose genbutsu are
    ``safe`` (34 flags), seen by a seat whose concealed counts are ``hand`` (the tile
    still in it) and which sees ``visible`` (34 counts).

    >>> safe = [False] * 34
    >>> safe[3] = True  # 4m genbutsu
    >>> s = safety(0, 1, safe, [0] * 34, [0] * 34)  # 1m: suji of 4m
    >>> s.category, s.risk
    ('suji', 4.25)
    >>> safety(4, 1, safe, [0] * 34, [0] * 34).category  # 5m: 2m and 8m not both
    'non-suji'
    """
    if safe[tile]:
        return Safety(seat, True, False, False, False, None, "genbutsu", 0.0)
    if tile >= 27:
        seen = visible[tile]
        category = "honour 4" if _gone(tile, visible, hand) else f"honour {min(seen, 3)}"
        return Safety(seat, False, False, False, False, seen, category, RISK[category])
    number, base = tile % 9, tile - tile % 9
    sides = [base + n for n in (number - 3, number + 3) if 0 <= n <= 8]
    passed = sum(safe[k] for k in sides)
    suji = passed == len(sides)
    half = not suji and passed > 0
    # the two-sided shapes that wait on the tile: (n+1, n+2) and (n-2, n-1), each only
    # where both its tiles are 2-8 (12 and 89 wait on one side: 辺張)
    shapes = [(base + a, base + a + 1) for a in (number + 1, number - 2) if 1 <= a <= 6]
    kabe = all(_gone(a, visible, hand) or _gone(b, visible, hand) for a, b in shapes)
    if kabe:
        category = "kabe"
    elif suji:
        category = "suji"
    elif half:
        category = "half-suji"
    else:
        category = "non-suji 1/9" if number in (0, 8) else "non-suji"
    return Safety(seat, False, suji, half, kabe, None, category, RISK[category])


def combined_risk(risks: Sequence[float]) -> float:
    """The chance in % of dealing in to any of several riichi, each risk taken apart:
    ``100 * (1 - prod(1 - r / 100))``, rounded to 2 decimals.

    >>> combined_risk([10.0, 10.0])
    19.0
    """
    keep = 1.0
    for risk in risks:
        keep *= 1 - risk / 100
    return round(100 * (1 - keep), 2)

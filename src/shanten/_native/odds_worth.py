"""What each win the odds can reach is worth, plain Python: a self-drawn win (ツモ) priced
by the reference scorer, closed (ダマ) or after riichi (立直), with ippatsu (一発) and the
last tile (海底摸月) where they apply, and the ura dora (裏ドラ) as an exact expectation
over the indicator.

The ura dora indicators are as many distinct tiles drawn at random from the wall as the
odds count it at the win: the unseen copies of each tile less those the hand took in
since the start (the winning tile among them). The red fives the hand held at the start
count while it keeps them (a plain five goes before a red one); a five drawn counts as a
plain five. This module is the reference of the kernel's pricing.

>>> from shanten.hand import position
>>> from shanten.score_context import ScoreContext
>>> pos = position("234567m34p22s567s")
>>> worth = ScoreContext(seat_wind="2z", round_wind="1z").checked(pos, "234567m34p22s567s")
>>> start = pos.counts
>>> unseen = [4 - c for c in start]
>>> win = list(start)
>>> win[10] += 1  # 2p
>>> prices = price(worth, start, tuple(win), 10, unseen)
>>> prices.closed, prices.closed_last  # 20 fu 3 han (tsumo, pinfu, tanyao); and haitei
(2700, 5200)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from shanten._native.scoring import points_by_bonus
from shanten.score_types import Win, Worth

__all__ = ["Prices", "price", "ura_law"]


@dataclass(frozen=True)
class Prices:
    """The expected points of one self-drawn win: ``closed`` without riichi (0 when the
    hand has no yaku), ``closed_last`` the same on the wall's last tile, and
    ``riichi[ippatsu][last]`` after riichi, ura dora counted as an expectation."""

    closed: float
    closed_last: float
    riichi: tuple[tuple[float, float], tuple[float, float]]


def ura_law(hand: Sequence[int], pool: Sequence[int], indicators: int, players: int) -> list[float]:
    """The probability of each number of ura dora han, 0 up: ``indicators`` distinct
    tiles drawn at random from ``pool`` (copies of each tile), each worth the copies of
    the tile it points to in ``hand`` (34 counts of the whole hand).

    >>> law = ura_law([0] * 33 + [3], [4] * 34, 1, 4)  # three 7z: indicator 6z, 4 of 136
    >>> [round(p, 6) for p in law], round(4 / 136, 6)
    ([0.970588, 0.0, 0.0, 0.029412, 0.0], 0.029412)
    """
    from shanten.scoring import dora_of

    most = 4 * indicators
    # ways[j][u]: ways to pick j indicators among the kinds seen so far, worth u han
    ways = [[0] * (most + 1) for _ in range(indicators + 1)]
    ways[0][0] = 1
    for tile, copies in enumerate(pool):
        if copies <= 0:
            continue
        worth = hand[dora_of(tile, players)]
        nxt = [row[:] for row in ways]
        for j in range(indicators + 1):
            for u in range(most + 1):
                if not ways[j][u]:
                    continue
                for take in range(1, min(copies, indicators - j) + 1):
                    nxt[j + take][u + take * worth] += ways[j][u] * comb(copies, take)
        ways = nxt
    total = comb(sum(max(c, 0) for c in pool), indicators)
    return [w / total for w in ways[indicators]]


def price(
    worth: Worth,
    start: Sequence[int],
    hand: tuple[int, ...],
    tile: int,
    unseen: Sequence[int],
) -> Prices:
    """The :class:`Prices` of the complete concealed ``hand`` (with the drawn ``tile``)
    reached from the 3n+1 ``start`` with ``unseen`` copies of each tile at the start."""
    five_kept = [min(worth.red_in_hand[suit], start[9 * suit + 4]) for suit in range(3)]
    red = worth.red_in_melds + sum(min(five_kept[suit], hand[9 * suit + 4]) for suit in range(3))
    whole = list(hand)
    for meld in worth.melds:
        for t in meld.tiles:
            whole[int(t)] += 1
    whole[30] += worth.north

    def win(riichi: bool, ippatsu: bool, last: bool) -> Win:
        return Win(
            counts=hand,
            melds=worth.melds,
            win=tile,
            tsumo=True,
            riichi=riichi,
            double_riichi=False,
            ippatsu=ippatsu,
            rinshan=False,
            chankan=False,
            last_tile=last,
            first_draw=False,
            dora=worth.dora,
            ura=(),
            red=red,
            seat_wind=worth.seat,
            round_wind=worth.round_,
            players=worth.players,
            north=worth.north,
            rules=worth.rules,
        )

    closed = points_by_bonus(win(False, False, False), 0)[0]
    closed_last = points_by_bonus(win(False, False, True), 0)[0]
    if not worth.closed:
        return Prices(closed, closed_last, ((0.0, 0.0), (0.0, 0.0)))
    pool = [unseen[t] - max(hand[t] - start[t], 0) for t in range(len(hand))]
    law = ura_law(whole, pool, worth.ura_indicators, worth.players)
    most = len(law) - 1

    def expected(ippatsu: bool, last: bool) -> float:
        points = points_by_bonus(win(True, ippatsu, last), most)
        return sum(p * v for p, v in zip(law, points, strict=True) if p)

    return Prices(
        closed,
        closed_last,
        (
            (expected(False, False), expected(False, True)),
            (expected(True, False), expected(True, True)),
        ),
    )

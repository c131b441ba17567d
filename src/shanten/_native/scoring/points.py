"""Points (点数): base points from han and fu, the limits, and who pays what.

Below the limits the base points (基本点) are ``fu × 2^(2 + han)``; from 2000 they are
a mangan (満貫). With ``kiriage`` 4 han 30 fu and 3 han 60 fu (1920) are a mangan too.
5 han is a mangan (2000), 6-7 haneman (3000), 8-10 baiman (4000), 11-12 sanbaiman
(6000), 13 or more a counted yakuman (8000) or, without counted yakuman, a sanbaiman;
each yakuman is 8000.

A discard (ロン) is paid by the discarder: 6 base points to a dealer, 4 to a non-dealer.
A self-draw (ツモ) is paid 2 base points by each player to a dealer, and to a non-dealer
2 by the dealer and 1 by each other player. Each payment is rounded up to 100. With three
players the absent player's share is lost (ツモ損), or split in half between the two
payers.

>>> base_points(3, 30, None)
960
>>> pay(960, dealer=False, tsumo=True, players=4, tsumo_loss=True)
(Payment(payer='dealer', points=2000), Payment(payer='non-dealer', points=1000), Payment(payer='non-dealer', points=1000))
"""

from __future__ import annotations

from typing import Final, get_args

from shanten.score_types import Limit, Payment

__all__ = ["base_points", "limit_of", "pay"]

#: "yakuman", "double yakuman", ... "sextuple yakuman": the last six limits, in order.
_YAKUMAN_NAMES: Final[tuple[Limit, ...]] = get_args(Limit)[-6:]
_LIMIT_BASE: Final[dict[str, int]] = {
    "mangan": 2000,
    "kiriage mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "kazoe yakuman": 8000,
}


def limit_of(
    han: int, fu: int, yakuman: int, *, kiriage: bool, kazoe_yakuman: bool
) -> Limit | None:
    """The limit a hand reaches, or None.

    >>> limit_of(4, 30, 0, kiriage=False, kazoe_yakuman=True), limit_of(4, 30, 0, kiriage=True, kazoe_yakuman=True)
    (None, 'kiriage mangan')
    >>> limit_of(13, 30, 0, kiriage=False, kazoe_yakuman=True), limit_of(26, 0, 2, kiriage=False, kazoe_yakuman=True)
    ('kazoe yakuman', 'double yakuman')
    """
    if yakuman:
        return _YAKUMAN_NAMES[min(yakuman, 6) - 1]
    if han >= 13:
        return "kazoe yakuman" if kazoe_yakuman else "sanbaiman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han == 5 or fu * 2 ** (2 + han) >= 2000:
        return "mangan"
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return "kiriage mangan"
    return None


def base_points(han: int, fu: int, limit: Limit | None, yakuman: int = 0) -> int:
    """The base points (基本点) of a hand.

    >>> base_points(1, 30, None), base_points(5, 30, "mangan"), base_points(26, 0, "double yakuman", 2)
    (240, 2000, 16000)
    """
    if limit is None:
        return fu * (1 << (2 + han))
    if yakuman and limit != "kazoe yakuman":
        return 8000 * yakuman
    return _LIMIT_BASE[limit]


def _up(points: float) -> int:
    """Rounded up to 100."""
    return int(-(-points // 100) * 100)


def pay(
    base: int, *, dealer: bool, tsumo: bool, players: int, tsumo_loss: bool
) -> tuple[Payment, ...]:
    """Who pays what for a win worth ``base`` base points.

    >>> [p.points for p in pay(2000, dealer=True, tsumo=True, players=3, tsumo_loss=False)]
    [6000, 6000]
    >>> [p.points for p in pay(2000, dealer=False, tsumo=True, players=3, tsumo_loss=False)]
    [5000, 3000]
    """
    if not tsumo:
        return (Payment("discarder", _up(base * (6 if dealer else 4))),)
    if dealer:
        shares = [2 * base] * 3
        payers = ["non-dealer"] * 3
    else:
        shares = [2 * base, base, base]
        payers = ["dealer", "non-dealer", "non-dealer"]
    if players == 3:
        absent = shares.pop()
        payers.pop()
        if not tsumo_loss:
            return tuple(
                Payment(payer, _up(share) + _up(absent / 2))  # type: ignore[arg-type]
                for payer, share in zip(payers, shares, strict=True)
            )
    return tuple(Payment(payer, _up(share)) for payer, share in zip(payers, shares, strict=True))  # type: ignore[arg-type]

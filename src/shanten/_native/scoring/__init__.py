"""The reference scorer: a win scored in plain Python, from the rules as they are written.

:func:`score` reads the win every way it can be read (:mod:`.decompose`), lists the
yaku of each reading (:mod:`.yaku`), counts its fu (:mod:`.fu`) and dora, prices it
(:mod:`.points`), and keeps the reading that pays the most: on equal points a yakuman
before a counted one, then more han, then more fu.

>>> from shanten.scoring import check
>>> print(score(check("123m456p789s11z", win="3m", melds=["(2222s)"], tsumo=False, seat_wind="1z", round_wind="1z")))
None
>>> s = score(check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z"))
>>> s.headline
'20符4飜1300-2600点'
"""

from __future__ import annotations

import functools

from shanten._native.scoring.fu import fu_of
from shanten._native.scoring.points import base_points, limit_of, pay
from shanten._native.scoring.reading import Reading, all_readings
from shanten._native.scoring.yaku import yaku_of
from shanten.score_types import Limit, Payment, Score, Win, Yaku
from shanten.scoring_rules import Rules
from shanten.wins import WaitReading

__all__ = ["dora_yaku", "make_score", "points_by_bonus", "score"]


def dora_yaku(win: Win) -> list[Yaku]:
    """The dora of a win, each kind one entry (none when it counts 0): dora (表), red
    fives (赤), ura dora (裏, riichi only: ``win.ura`` is empty without) and north dora
    (抜きドラ, three players); a dora or ura dora on North counts the north tiles too.

    >>> from shanten.scoring import check
    >>> [str(y) for y in dora_yaku(check("055m123456p789s11z", win="1z", dora="4m", tsumo=True, seat_wind="1z", round_wind="1z"))]
    ['Dora (ドラ): 3 han', 'Red fives (赤ドラ): 1 han']
    """
    counts = list(win.counts)
    for meld in win.melds:
        for tile in meld.tiles:
            counts[int(tile)] += 1
    counts[30] += win.north

    found = []
    for key, han in (
        ("dora", sum(counts[tile] for tile in win.dora)),
        ("aka", win.red),
        ("ura", sum(counts[tile] for tile in win.ura)),
        ("north", win.north),
    ):
        if han:
            found.append(Yaku.of(key, han))
    return found


_Price = tuple[Limit | None, int, int, tuple[Payment, ...]]
_PRICES: dict[tuple[int, ...], tuple[Rules, _Price]] = {}


@functools.lru_cache(maxsize=8192)
def _priced(
    han: int, fu: int, yakuman: int, rules: Rules, dealer: bool, tsumo: bool, players: int
) -> tuple[Limit | None, int, int, tuple[Payment, ...]]:
    """(limit, yakuman paid, points, payments) of a hand worth ``han``, ``fu`` and
    ``yakuman`` under ``rules``."""
    limit = limit_of(han, fu, yakuman, kiriage=rules.kiriage, kazoe_yakuman=rules.kazoe_yakuman)
    base = base_points(han, fu, limit, yakuman)
    payments = pay(base, dealer=dealer, tsumo=tsumo, players=players, tsumo_loss=rules.tsumo_loss)
    paid = yakuman or int(limit == "kazoe yakuman")
    return limit, paid, sum(p.points for p in payments), payments


def make_score(
    win: Win,
    reading: WaitReading,
    yaku: tuple[Yaku, ...],
    han: int,
    fu: int,
    yakuman: int,
    fu_parts: tuple[tuple[str, int], ...],
) -> Score:
    """The :class:`~shanten.score_types.Score` of ``win`` read as ``reading``, worth
    ``han``, ``fu`` and ``yakuman`` (how many yakuman its yaku count): its limit, points
    and payments under the win's rules. Both engines build their Score here."""
    dealer, tsumo = win.seat_wind == 27, win.tsumo
    rules = win.rules
    # kept by the rules' identity: hashing a Rules reads every field
    key = (han, fu, yakuman, dealer, tsumo, win.players, id(rules))
    known = _PRICES.get(key)
    if known is None or known[0] is not rules:
        known = _PRICES[key] = (rules, _priced(han, fu, yakuman, rules, dealer, tsumo, win.players))
    limit, paid, points, payments = known[1]
    return Score(han, fu, paid, limit, points, payments, yaku, reading, fu_parts, dealer, tsumo)


def _scored(reading: Reading, bonus: list[Yaku]) -> tuple[tuple[int, ...], Score] | None:
    yaku = yaku_of(reading)
    if not yaku:
        return None
    yakuman = sum(y.yakuman for y in yaku)
    if not yakuman:
        yaku += bonus
    han = sum(y.han for y in yaku)
    fu, parts = fu_of(reading)
    result = make_score(reading.win, reading.source, tuple(yaku), han, fu, yakuman, parts)
    return (result.points, int(yakuman > 0), han, fu, sum(fu for _, fu in parts)), result


def score(win: Win) -> Score | None:
    """The highest :class:`~shanten.score_types.Score` of a complete ``win`` over its
    readings; None when no reading has a yaku (dora are no yaku)."""
    bonus = dora_yaku(win)
    best: tuple[tuple[int, ...], Score] | None = None
    for reading in all_readings(win):
        scored = _scored(reading, bonus)
        if scored is not None and (best is None or scored[0] > best[0]):
            best = scored
    return None if best is None else best[1]


def points_by_bonus(win: Win, most: int) -> tuple[int, ...]:
    """What ``win`` pays with ``u`` more han of dora, for each ``u`` from 0 to ``most``:
    the most points over its readings, each reading priced with its own han plus ``u``
    (a yakuman is not raised by dora). The odds price a riichi win this way, once per
    win, for every count of ura dora (裏ドラ) it might turn up; all zeros when no reading
    has a yaku.

    >>> from shanten.scoring import check
    >>> win = check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z")
    >>> points_by_bonus(win, 2)  # 4 han 20 fu, then 5 and 6 han
    (5200, 8000, 12000)
    """
    bonus = dora_yaku(win)
    best = [0] * (most + 1)
    for reading in all_readings(win):
        yaku = yaku_of(reading)
        if not yaku:
            continue
        yakuman = sum(y.yakuman for y in yaku)
        han = sum(y.han for y in yaku) + (0 if yakuman else sum(y.han for y in bonus))
        fu, _parts = fu_of(reading)
        for extra in range(most + 1):
            raised = han if yakuman else han + extra
            points = _priced(raised, fu, yakuman, win.rules, win.dealer, win.tsumo, win.players)[2]
            best[extra] = max(best[extra], points)
    return tuple(best)

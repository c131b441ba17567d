"""Fu (符), the minipoints of one reading of a win, as the rules count them.

20 for winning (副底); 10 more for a closed hand won on a discard (門前加符); 2 for a
self-draw (ツモ符) except with pinfu; the sets: a triplet of simples 2 if called (明刻),
4 if concealed (暗刻), twice that of terminals or honours, four times that for a quad;
the pair: 2 for a dragon, the seat wind or the round wind, a wind that is both counting
as the rules say (連風牌, 4 or 2); the wait: 2 for a closed (嵌張), edge (辺張) or pair
(単騎) wait. The sum is rounded up to 10; an open hand with no fu beyond the 20 scores
30 (喰い平和形), a pinfu self-draw 20, seven pairs 25 always.

>>> from shanten.scoring import check
>>> from shanten._native.scoring.reading import reading_of
>>> w = check("123m456p789s11z", win="3m", melds=["(2222s)"], tsumo=False, seat_wind="1z", round_wind="1z")
>>> fu_of(reading_of(w, 0))
(60, (('base', 20), ('closed ron', 10), ('concealed quad of simples', 16), ('double wind pair', 4), ('penchan wait', 2)))
"""

from __future__ import annotations

from typing import Final

from shanten._native.scoring.reading import Reading, Set
from shanten._native.scoring.yaku import is_pinfu
from shanten.tiles import TERMINALS_AND_HONOURS

__all__ = ["fu_of", "set_fu"]

_TERMINAL_OR_HONOUR: Final = frozenset(TERMINALS_AND_HONOURS)
_DRAGONS: Final = (31, 32, 33)

FuParts = tuple[tuple[str, int], ...]


def set_fu(s: Set) -> tuple[str, int]:
    """The fu of one set and its name: 0 for a run.

    >>> set_fu(Set("quad", 27, concealed=True, called=False))
    ('concealed quad of terminals or honours', 32)
    """
    if s.kind == "run":
        return "run", 0
    fu = 2
    if s.concealed:
        fu *= 2
    outside = s.tile in _TERMINAL_OR_HONOUR
    if outside:
        fu *= 2
    if s.kind == "quad":
        fu *= 4
    state = "concealed" if s.concealed else "called"
    kind = "quad" if s.kind == "quad" else "triplet"
    return f"{state} {kind} of {'terminals or honours' if outside else 'simples'}", fu


def _pair_fu(r: Reading, pair: int) -> tuple[str, int] | None:
    win = r.win
    if pair in _DRAGONS:
        return "dragon pair", 2
    if pair == win.seat_wind and pair == win.round_wind:
        return "double wind pair", win.rules.double_wind_pair_fu
    if pair in (win.seat_wind, win.round_wind):
        return "wind pair", 2
    return None


def fu_of(r: Reading) -> tuple[int, FuParts]:
    """The fu of a reading, rounded up to 10, and where they come from (before rounding).
    Thirteen orphans has none (a yakuman is paid whatever its fu)."""
    if r.form == "chiitoitsu":
        return 25, (("seven pairs", 25),)
    if r.form == "kokushi":
        return 0, ()
    win = r.win
    parts: list[tuple[str, int]] = [("base", 20)]
    if win.closed and not win.tsumo:
        parts.append(("closed ron", 10))
    for s in r.sets:
        name, fu = set_fu(s)
        if fu:
            parts.append((name, fu))
    if r.pair is not None and (pair := _pair_fu(r, r.pair)) is not None:
        parts.append(pair)
    if r.wait in ("kanchan", "penchan", "tanki"):
        parts.append((f"{r.wait} wait", 2))
    if win.tsumo and not is_pinfu(r):
        parts.append(("tsumo", 2))
    total = sum(fu for _, fu in parts)
    if total == 20 and not win.closed:
        parts.append(("open hand with no fu", 10))
        total = 30
    return -(-total // 10) * 10, tuple(parts)

"""Scoring a win (点数計算): :func:`score` gives the yaku (役), fu (符), han (翻), limit and
points of a complete hand, and who pays them.

>>> s = score("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z")
>>> s.han, s.fu, s.points, [p.points for p in s.payments]
(4, 20, 5200, [2600, 1300, 1300])
>>> print(s)
20符4飜1300-2600点  (20 fu 4 han, 5200 points, tsumo)
  Fully concealed self-draw (門前清自摸和): 1 han
  Riichi (立直): 1 han
  Pinfu (平和): 1 han
  All simples (断幺九): 1 han
  4p ryanmen: 234m 567m 234p 567s 22s

The checks come first (:func:`check`), then the engine (:mod:`shanten._engine`) scores
the checked :class:`~shanten.score_types.Win`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from shanten import _engine
from shanten.errors import HandError, NoYakuError, RuleError, WinError, described
from shanten.hand import HandLike, Meld, MeldLike, meld_items, position
from shanten.notation import count_red_fives, format_counts, parse_tiles, tile_name
from shanten.options import PlayersLike, flag
from shanten.options import players as players_of
from shanten.score_types import Score, Win
from shanten.scoring_rules import TENHOU, Rules
from shanten.tiles import NUM_TILES, Tile

__all__ = ["check", "dora_of", "red_fives_of", "score"]

TileLike = str | int | Tile
TilesLike = str | Iterable[TileLike]

#: At most this many dora (and ura dora) indicators: one, and one per kan.
MAX_INDICATORS: Final = 5
_WIND_NAMES: Final = ("East", "South", "West", "North")


def dora_of(indicator: int, players: int = 4) -> int:
    """The dora (ドラ) an indicator (表示牌) points to: the next tile of its suit, 9 to 1,
    East South West North East, white green red white; with three players 1m points to
    9m (2m-8m are out of the game).

    >>> [tile_name(dora_of(Tile(t).index)) for t in ("3m", "9p", "4z", "7z")]
    ['4m', '1p', '1z', '5z']
    >>> tile_name(dora_of(0, players=3)), tile_name(dora_of(8, players=3))
    ('9m', '1m')
    """
    if indicator < 27:
        if players == 3 and indicator in (0, 8):
            return 8 - indicator
        return indicator // 9 * 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def _tiles(name: str, value: object) -> list[int]:
    """Indicator tiles given as notation (``"3m5p"``) or a sequence of tiles."""
    if isinstance(value, str):
        return parse_tiles(value)
    if isinstance(value, (Tile, int)):
        raise TypeError(f"{name} is a sequence of tiles, e.g. ['3m'] or '3m', not one tile")
    try:
        items = list(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"{name} is tile notation or a sequence of tiles, not {described(value)}"
        ) from None
    return [Tile(item).index for item in items]


def red_fives_of(hand: HandLike, melds: Iterable[Meld], rules: Rules) -> list[int]:
    """The red fives (赤ドラ) of ``hand`` (notation: ``0``; a parsed hand has none) and
    ``melds`` by suit (m, p, s), checked against ``rules``.

    >>> red_fives_of("0m55m", [Meld("406p"), Meld("0555p")], TENHOU)
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 2 red 5p in the hand and melds: the rules have 1 red 5p
    """
    reds = list(count_red_fives(hand)) if isinstance(hand, str) else [0, 0, 0]
    for meld in melds:
        if meld.red:
            reds[int(meld.tiles[0]) // 9] += meld.red
    for suit, (count, allowed) in enumerate(zip(reds, rules.red_fives, strict=True)):
        if count > allowed:
            name = "mps"[suit]
            have = "no red fives" if not allowed else f"{allowed} red 5{name}"
            raise HandError(f"{count} red 5{name} in the hand and melds: the rules have {have}")
    return reds


def _wind(name: str, value: object) -> int:
    if not isinstance(value, (str, int, Tile)) or isinstance(value, bool):
        raise TypeError(f"{name} is a wind tile, 1z-4z, not {described(value)}")
    index = Tile(value).index
    if not 27 <= index <= 30:
        raise WinError(f"{name} {tile_name(index)} is not a wind: the winds are 1z-4z (East-North)")
    return index


def check(
    hand: HandLike,
    *,
    win: TileLike,
    melds: Iterable[MeldLike] = (),
    tsumo: bool,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    last_tile: bool = False,
    first_draw: bool = False,
    dora: TilesLike = (),
    ura: TilesLike = (),
    seat_wind: TileLike,
    round_wind: TileLike,
    players: PlayersLike = 4,
    north: int = 0,
    rules: Rules = TENHOU,
) -> Win:
    """The checks of :func:`score`, and the :class:`~shanten.score_types.Win` they give:
    every error is raised here, before any scoring. A complete hand with no yaku passes
    (:func:`score` raises :class:`~shanten.NoYakuError` for it)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules is a shanten.Rules (Rules.tenhou(), ...), not {described(rules)}")
    game = players_of(players)
    flags = {
        name: flag(name, value)
        for name, value in (
            ("tsumo", tsumo),
            ("riichi", riichi),
            ("double_riichi", double_riichi),
            ("ippatsu", ippatsu),
            ("rinshan", rinshan),
            ("chankan", chankan),
            ("last_tile", last_tile),
            ("first_draw", first_draw),
        )
    }
    items = meld_items(melds)
    meld_list = tuple(Meld(m) for m in items)
    pos = position(hand, meld_list, game)
    total = pos.size + 3 * len(meld_list)
    if total != 14:
        raise HandError(
            f"{total} tiles counting each meld as 3: a winning hand holds 14, the winning tile "
            f"among them (with {len(meld_list)} meld{'' if len(meld_list) == 1 else 's'}, "
            f"{14 - 3 * len(meld_list)} concealed tiles)"
        )
    tile = Tile(win) if isinstance(win, (str, int, Tile)) and not isinstance(win, bool) else None
    if tile is None:
        raise TypeError(f"win is a tile, e.g. '5p', not {described(win)}")
    if not pos.counts[tile.index]:
        raise HandError(
            f"the winning tile {tile} is not in the hand: the hand is given with its winning tile"
        )
    if _engine.engine.distance(pos) != 0:
        raise HandError(
            f"{format_hand(pos.counts, meld_list)} is not a complete hand: it needs four sets "
            "and a pair, seven pairs or thirteen orphans"
        )
    reds = red_fives_of(hand, meld_list, rules)
    # the situation
    f = flags
    called = [m for m in meld_list if not m.concealed]
    seat = _wind("seat_wind", seat_wind)
    round_ = _wind("round_wind", round_wind)
    if game == 3 and seat == 30:
        raise WinError("seat_wind 4z: three players sit East, South and West")
    if f["double_riichi"] and not f["riichi"]:
        raise WinError("double_riichi without riichi: a double riichi is a riichi (riichi=True)")
    if f["riichi"] and called:
        raise WinError(
            f"riichi with the called meld {called[0]}: only a closed hand declares riichi"
        )
    if f["ippatsu"] and not f["riichi"]:
        raise WinError("ippatsu without riichi: ippatsu is a win within a go-around of riichi")
    if f["rinshan"]:
        if not f["tsumo"]:
            raise WinError("rinshan with a ron: the tile after a kan is drawn (tsumo=True)")
        if not any(m.kind == "kan" for m in meld_list):
            raise WinError(
                "rinshan without a quad among the melds: the replacement tile follows a kan"
            )
        if f["ippatsu"]:
            raise WinError("ippatsu with rinshan: a kan after riichi ends the ippatsu")
    if f["chankan"]:
        if f["tsumo"]:
            raise WinError("chankan with tsumo: robbing a kan is a win on another player's tile")
        held = pos.counts[tile.index] - 1 + sum(m.counts[tile.index] for m in meld_list)
        if held:
            raise WinError(
                f"chankan on {tile} with another {tile} in the hand or melds: the robbed tile is "
                "the fourth, added to another player's triplet"
            )
    if f["last_tile"] and f["rinshan"]:
        raise WinError(
            "last_tile with rinshan: the replacement tile is not the last tile of the wall"
        )
    if f["last_tile"] and f["chankan"]:
        raise WinError("last_tile with chankan: no kan is declared on the last tile")
    if f["first_draw"]:
        if f["last_tile"]:
            raise WinError("first_draw with last_tile: a win cannot be on both")
        if not f["tsumo"]:
            raise WinError("first_draw with a ron: tenhou and chiihou are self-drawn (tsumo=True)")
        if meld_list:
            raise WinError(
                f"first_draw with the meld {meld_list[0]}: no meld precedes the first draw"
            )
        if f["riichi"]:
            raise WinError("first_draw with riichi: riichi is declared after the first draw")
    # dora, ura, north
    if isinstance(north, bool) or not isinstance(north, int) or not 0 <= north <= 4:
        raise RuleError(f"north is a count of north tiles set aside, 0-4, not {described(north)}")
    if north and game == 4:
        raise WinError(f"north={north} with four players: north dora (抜きドラ) is a 3-player rule")
    indicators = _tiles("dora", dora)
    ura_indicators = _tiles("ura", ura)
    for name, given in (("dora", indicators), ("ura", ura_indicators)):
        if len(given) > MAX_INDICATORS:
            raise HandError(
                f"{len(given)} {name} indicators: at most {MAX_INDICATORS} (one and one per kan)"
            )
    if ura_indicators and not f["riichi"]:
        raise WinError("ura dora without riichi: ura dora count only for riichi")
    seen = list(pos.counts)
    for meld in meld_list:
        for melded in meld.tiles:
            seen[melded.index] += 1
    seen[30] += north
    for indicator in indicators + ura_indicators:
        seen[indicator] += 1
    for index in range(NUM_TILES) if max(seen) > 4 or game == 3 else ():
        if seen[index] > 4:
            raise HandError(
                f"{seen[index]} copies of {tile_name(index)} in the hand, melds, indicators and "
                "north tiles: a tile has 4 copies"
            )
        if game == 3 and seen[index] and 1 <= index <= 7 and not pos.counts[index]:
            raise HandError(f"{tile_name(index)} does not exist in 3-player mahjong")
    return Win(
        counts=pos.counts,
        melds=meld_list,
        win=tile.index,
        tsumo=f["tsumo"],
        riichi=f["riichi"],
        double_riichi=f["double_riichi"],
        ippatsu=f["ippatsu"],
        rinshan=f["rinshan"],
        chankan=f["chankan"],
        last_tile=f["last_tile"],
        first_draw=f["first_draw"],
        dora=tuple(dora_of(t, game) for t in indicators),
        ura=tuple(dora_of(t, game) for t in ura_indicators),
        red=sum(reds) if any(rules.red_fives) else 0,
        seat_wind=seat,
        round_wind=round_,
        players=game,
        north=north,
        rules=rules,
    )


def format_hand(counts: Iterable[int], melds: Iterable[Meld]) -> str:
    """A hand and its melds for a message: ``123m456p789s1122z [555z]``."""
    text = format_counts(list(counts))
    return " ".join([text, *(f"[{m}]" for m in melds)])


def score(
    hand: HandLike,
    *,
    win: TileLike,
    melds: Iterable[MeldLike] = (),
    tsumo: bool,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    last_tile: bool = False,
    first_draw: bool = False,
    dora: TilesLike = (),
    ura: TilesLike = (),
    seat_wind: TileLike,
    round_wind: TileLike,
    players: PlayersLike = 4,
    north: int = 0,
    rules: Rules = TENHOU,
) -> Score:
    """The score of a win: yaku, fu, han, limit, points and payments, read the way that
    pays the most.

    ``hand``: the concealed tiles with the winning tile ``win`` (mpsz: ``0`` is a red
    five, each one dora; a :class:`~shanten.Hand` or 34 counts carry no red fives).
    ``melds``: called melds, a concealed quad written ``(1111p)``; their red fives count.
    ``tsumo``: self-drawn, else won on a discard. ``riichi``, ``double_riichi`` (with
    ``riichi``), ``ippatsu``, ``rinshan`` (嶺上開花), ``chankan`` (槍槓), ``last_tile``
    (海底 on a self-draw, 河底 on a discard), ``first_draw`` (天和 for the dealer, 地和
    for another). ``dora``, ``ura``: the indicators (表示牌), not the dora. ``seat_wind``,
    ``round_wind``: 1z-4z; the dealer sits East. ``north``: north tiles set aside with
    three players (抜きドラ). ``rules``: :data:`~shanten.scoring_rules.TENHOU` by default.

    Raises :class:`~shanten.HandError` for a hand that is impossible, not complete, or
    without the winning tile, or with more red fives than the rules have;
    :class:`~shanten.WinError` for conditions that contradict;
    :class:`~shanten.NoYakuError` for a complete hand with no yaku.

    >>> score("11122233344455z", win="5z", tsumo=True, seat_wind="1z", round_wind="1z").limit
    'triple yakuman'
    >>> score("123m456p789s23455z", win="5z", tsumo=False, seat_wind="1z", round_wind="1z")
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 123m456p789s23455z is not a complete hand: it needs four sets and a pair, seven pairs or thirteen orphans
    """
    checked = check(
        hand,
        win=win,
        melds=melds,
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        last_tile=last_tile,
        first_draw=first_draw,
        dora=dora,
        ura=ura,
        seat_wind=seat_wind,
        round_wind=round_wind,
        players=players,
        north=north,
        rules=rules,
    )
    result = _engine.engine.score(checked)
    if result is None:
        raise NoYakuError(
            f"{format_hand(checked.counts, checked.melds)} won on {tile_name(checked.win)} has "
            "no yaku (役なし): dora alone do not make a win"
        )
    return result

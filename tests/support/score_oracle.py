"""The ``mahjong`` 2.1.0 package as an oracle for :func:`shanten.score`, and random wins.

:func:`oracle` scores a win with ``mahjong``'s ``HandCalculator`` (a fresh ``HandConfig``
and ``OptionalRules`` per call) and :func:`ours` with the library, both as the same
plain summary; :func:`random_win` draws a random complete hand and a consistent set of
win conditions (the keyword arguments of :func:`shanten.score`).
"""

from __future__ import annotations

import random
from typing import Any

import shanten
from shanten.hand import Meld
from shanten.notation import parse_tiles, red_fives
from shanten.scoring import check
from shanten.scoring_rules import Rules

Summary = dict[str, Any]


def _ids(counts_used: list[int], tile: int, red: bool) -> int:
    """A 136-format id for one copy of ``tile``: copy 0 of a five is the red one."""
    is_five = tile < 27 and tile % 9 == 4
    if red:
        return 4 * tile
    copy = counts_used[tile] + (1 if is_five else 0)
    counts_used[tile] += 1
    return 4 * tile + copy % 4  # a fourth plain five (an indicator) takes the red's id


def mahjong_arguments(kwargs: dict[str, Any]) -> tuple[list[int], int, dict[str, Any]]:
    """The arguments of ``mahjong``'s ``HandCalculator.estimate_hand_value`` for the win
    ``kwargs``: its 136-tile ids, the winning tile's id, and the keyword arguments."""
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MjMeld

    rules: Rules = kwargs["rules"]
    win = check(**kwargs)
    used = [0] * 34  # non-red copies handed out, per tile
    red_left = [0, 0, 0]
    hand_text = kwargs["hand"]
    tiles: list[int] = []
    melds = []
    for meld in win.melds:
        reds = meld.red
        ids = []
        for tile in meld.tiles:
            t = int(tile)
            if reds and t < 27 and t % 9 == 4:
                ids.append(4 * t)
                reds -= 1
            else:
                ids.append(_ids(used, t, False))
        kind = {"chi": MjMeld.CHI, "pon": MjMeld.PON, "kan": MjMeld.KAN}[meld.kind]
        melds.append(MjMeld(meld_type=kind, tiles=ids, opened=not meld.concealed))
        tiles += ids
    reds_in_hand = list(red_fives(hand_text)) if isinstance(hand_text, str) else [0, 0, 0]
    win_id = None
    for t in parse_tiles(hand_text):
        suit = t // 9
        if t < 27 and t % 9 == 4 and reds_in_hand[suit]:
            reds_in_hand[suit] -= 1
            ident = 4 * t
        else:
            ident = _ids(used, t, False)
        tiles.append(ident)
        if t == win.win and (win_id is None or win_id % 4 == 0):
            win_id = ident
    del red_left

    def indicator_ids(text: Any) -> list[int]:
        return [_ids(used, t, False) for t in shanten.scoring._tiles("dora", text)]

    dora = indicator_ids(kwargs.get("dora", ()))
    ura = indicator_ids(kwargs.get("ura", ()))
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=any(rules.red_fives),
        has_double_yakuman=bool(rules.double_yakuman),
        kazoe_limit=HandConstants.KAZOE_LIMITED
        if rules.kazoe_yakuman
        else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage,
        is_three_player=win.players == 3,
    )
    config = HandConfig(
        is_tsumo=win.tsumo,
        is_riichi=win.riichi,
        is_ippatsu=win.ippatsu,
        is_rinshan=win.rinshan,
        is_chankan=win.chankan,
        is_haitei=win.last_tile and win.tsumo,
        is_houtei=win.last_tile and not win.tsumo,
        is_daburu_riichi=win.double_riichi,
        is_tenhou=win.first_draw and win.dealer,
        is_chiihou=win.first_draw and not win.dealer,
        player_wind=win.seat_wind,
        round_wind=win.round_wind,
        options=options,
        num_nuki_dora=win.north,
    )
    assert win_id is not None
    return (
        tiles,
        win_id,
        {
            "melds": melds,
            "dora_indicators": dora,
            "config": config,
            "ura_dora_indicators": ura,
        },
    )


def oracle(kwargs: dict[str, Any]) -> Summary:
    """``mahjong``'s score of the win ``kwargs``, as :func:`ours` gives ours."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID

    win = check(**kwargs)
    tiles, win_id, arguments = mahjong_arguments(kwargs)
    melds = arguments["melds"]
    result = HandCalculator.estimate_hand_value(tiles, win_id, **arguments)
    if result.error:
        return {"error": result.error}
    assert result.yaku is not None and result.cost is not None
    opened = any(m.opened for m in melds)
    yaku: dict[int, int] = {}
    for y in result.yaku:
        han = y.han_open if opened and y.han_open else y.han_closed
        key = YAKU_ID_TO_TENHOU_ID[y.yaku_id]
        yaku[key] = yaku.get(key, 0) + han
    cost = result.cost
    players = win.players
    if not win.tsumo:
        payments = [cost["main"]]
    elif win.dealer:
        payments = [cost["main"]] * (players - 1)
    else:
        payments = [cost["main"]] + [cost["additional"]] * (players - 2)
    yakuman = any(y.is_yakuman for y in result.yaku)
    return {
        "han": result.han,
        "fu": None if yakuman else result.fu,
        "points": cost["total"],
        "payments": payments,
        "yaku": yaku,
    }


def ours(kwargs: dict[str, Any]) -> Summary:
    """The library's score of the win ``kwargs``, in :func:`oracle`'s terms."""
    try:
        s = shanten.score(**kwargs)
    except shanten.NoYakuError:
        return {"error": "no_yaku"}
    yaku: dict[int, int] = {}
    for y in s.yaku:
        key = 52 if y.tenhou_id is None else y.tenhou_id  # mahjong counts north dora as dora
        yaku[key] = yaku.get(key, 0) + y.han
    real_yakuman = s.yakuman and s.limit != "kazoe yakuman"
    return {
        "han": s.han,
        "fu": None if real_yakuman else s.fu,
        "points": s.points,
        "payments": [p.points for p in s.payments],
        "yaku": yaku,
    }


# ---- random wins --------------------------------------------------------------------------

_TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def _name(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def random_win(rng: random.Random, rules: Rules, players: int) -> dict[str, Any]:
    """A random complete hand and consistent win conditions, as keyword arguments of
    :func:`shanten.score`. Hands lean to one suit, honours and triplets now and then, so
    that most yaku turn up."""
    pool = [t for t in range(34) if not (players == 3 and 1 <= t <= 7)]
    style = rng.random()
    if style < 0.25:  # one suit and perhaps honours
        suit = rng.choice([0, 1, 2] if players == 4 else [1, 2])
        pool = [t for t in pool if t // 9 == suit or (t >= 27 and rng.random() < 0.5)]
    elif style < 0.32:
        pool = [t for t in pool if t in _TERMINALS_HONOURS or rng.random() < 0.2]
    used = [0] * 34
    form = rng.random()
    melds: list[str] = []
    concealed: list[int] = []
    kans = 0
    if form < 0.05:  # seven pairs
        pairs = rng.sample(pool, 7) if len(pool) >= 7 else rng.sample(range(27, 34), 7)
        concealed = [t for t in pairs for _ in range(2)]
    elif form < 0.07:  # thirteen orphans
        concealed = [*list(_TERMINALS_HONOURS), rng.choice(_TERMINALS_HONOURS)]
    else:
        k = rng.choice([0, 0, 0, 1, 1, 2, 2, 3, 4])
        triplet_share = rng.choice([0.2, 0.4, 0.8])
        sets: list[tuple[str, int]] = []
        tries = 0
        while len(sets) < 4 and tries < 200:
            tries += 1
            tile = rng.choice(pool)
            if (
                rng.random() > triplet_share
                and tile < 27
                and tile % 9 <= 6
                and (tile + 1) in pool
                and (tile + 2) in pool
            ):
                need = [tile, tile + 1, tile + 2]
                kind = "run"
            else:
                need = [tile] * 3
                kind = "triplet"
            if any(used[t] + need.count(t) > 4 for t in need):
                continue
            for t in need:
                used[t] += 1
            sets.append((kind, tile))
        pair_choices = [t for t in pool if used[t] <= 2]
        if len(sets) < 4 or not pair_choices:
            return random_win(rng, rules, players)
        pair = rng.choice(pair_choices)
        used[pair] += 2
        for index, (kind, tile) in enumerate(sets):
            if index < k:
                if kind == "run":
                    melds.append(f"{tile % 9 + 1}{tile % 9 + 2}{tile % 9 + 3}{'mpsz'[tile // 9]}")
                elif used[tile] == 3 and rng.random() < 0.35:
                    used[tile] += 1
                    kans += 1
                    text = _name(tile)[0] * 4 + _name(tile)[1]
                    melds.append(f"({text})" if rng.random() < 0.5 else text)
                else:
                    melds.append(_name(tile)[0] * 3 + _name(tile)[1])
            else:
                concealed += [tile, tile + 1, tile + 2] if kind == "run" else [tile] * 3
        concealed += [pair, pair]
    # red fives: one per suit at most, where the rules have them
    reds = {0: 0, 1: 0, 2: 0}
    hand_digits = []
    for t in sorted(concealed):
        digit = str(t % 9 + 1)
        if t < 27 and t % 9 == 4 and reds[t // 9] < rules.red_fives[t // 9] and rng.random() < 0.4:
            reds[t // 9] += 1
            digit = "0"
        hand_digits.append(digit + "mpsz"[t // 9])
    hand = "".join(hand_digits)
    new_melds = []
    for meld in melds:
        m = Meld(meld)
        first = int(m.tiles[0])
        if (
            first < 27
            and any(int(t) % 9 == 4 for t in m.tiles)
            and reds[first // 9] < rules.red_fives[first // 9]
            and rng.random() < 0.4
        ):
            reds[first // 9] += 1
            inner = meld.strip("()").replace("5", "0", 1)
            meld = f"({inner})" if meld.startswith("(") else inner
        new_melds.append(meld)
    melds = new_melds
    for suit in range(3):  # 136-format has 3 plain copies of a five: a fourth is the red one
        if (
            used_total(concealed, melds, 9 * suit + 4) == 4
            and not reds[suit]
            and rules.red_fives[suit]
        ):
            return random_win(rng, rules, players)
    win = rng.choice(concealed)
    closed = all(Meld(m).concealed for m in melds)
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.45
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.2
    rinshan = tsumo and kans > 0 and not ippatsu and rng.random() < 0.3
    held = concealed.count(win) - 1 + sum(Meld(m).counts[win] for m in melds)
    chankan = not tsumo and held == 0 and rng.random() < 0.1
    last_tile = not rinshan and not chankan and rng.random() < 0.06
    first_draw = not melds and tsumo and not riichi and not last_tile and rng.random() < 0.03
    seat = rng.choice(["1z", "2z", "3z", "4z"][:players])
    round_wind = rng.choice(["1z", "1z", "2z", "2z", "3z", "4z"])
    # indicators from the tiles left
    game = [t for t in range(34) if not (players == 3 and 1 <= t <= 7)]
    left = [t for t in game for _ in range(4 - used_total(concealed, melds, t))]
    rng.shuffle(left)
    north = 0
    if players == 3:
        spare = 4 - used_total(concealed, melds, 30)
        north = rng.randint(0, min(2, spare))
        for _ in range(north):
            left.remove(30)
    count = 1 + kans
    dora = [_name(t) for t in left[:count]]
    ura = [_name(t) for t in left[count : 2 * count]] if riichi else []
    return {
        "hand": hand,
        "win": _name(win),
        "melds": melds,
        "tsumo": tsumo,
        "riichi": riichi,
        "double_riichi": double_riichi,
        "ippatsu": ippatsu,
        "rinshan": rinshan,
        "chankan": chankan,
        "last_tile": last_tile,
        "first_draw": first_draw,
        "dora": dora,
        "ura": ura,
        "seat_wind": seat,
        "round_wind": round_wind,
        "players": players,
        "north": north,
        "rules": rules,
    }


def used_total(concealed: list[int], melds: list[str], tile: int) -> int:
    return concealed.count(tile) + sum(Meld(m).counts[tile] for m in melds)

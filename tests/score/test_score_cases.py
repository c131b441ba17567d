"""Hand-picked wins, each expected value derived from the rules in its comment.

Base points are fu × 2^(2 + han); a non-dealer's ron is 4 base, a dealer's 6; a
non-dealer's self-draw 2 base from the dealer and 1 from the others; all rounded up
to 100."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import shanten
from shanten import MAHJONG_SOUL, TENHOU, Rules

NON_DEALER: dict[str, Any] = {"seat_wind": "2z", "round_wind": "1z"}
DEALER: dict[str, Any] = {"seat_wind": "1z", "round_wind": "1z"}


def keys(s: shanten.Score) -> dict[str, int]:
    return {y.key: y.han for y in s.yaku}


def test_pinfu_tsumo_is_20_fu() -> None:
    # riichi, tsumo, pinfu, tanyao: 4 han; pinfu self-draw 20 fu: base 1280 ->
    # dealer 2560 -> 2600, others 1280 -> 1300: 5200
    s = shanten.score("234567m234p22s567s", win="4p", tsumo=True, riichi=True, **NON_DEALER)
    assert (s.han, s.fu, s.points) == (4, 20, 5200)
    assert [p.points for p in s.payments] == [2600, 1300, 1300]
    assert keys(s) == {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "tanyao": 1}
    assert s.headline == "20符4飜1300-2600点" and s.wait == "ryanmen"


def test_open_pinfu_shape_is_30_fu() -> None:
    # open tanyao 1 han; 20 fu and nothing else in an open hand -> 30; 240 × 4 = 960 -> 1000
    s = shanten.score("567m234p22s567s", win="4p", melds=["234m"], tsumo=False, **NON_DEALER)
    assert (s.han, s.fu, s.points) == (1, 30, 1000)
    with pytest.raises(shanten.NoYakuError):
        shanten.score(
            "567m234p22s567s", win="4p", melds=["234m"], tsumo=False,
            rules=dataclasses.replace(TENHOU, open_tanyao=False), **NON_DEALER,
        )  # fmt: skip


@pytest.mark.parametrize(("pair_fu", "fu", "points"), [(4, 50, 2400), (2, 40, 2000)])
def test_double_wind_pair(pair_fu: int, fu: int, points: int) -> None:
    # dealer East in the East round, pair 11z: 20 + 10 closed ron + 8 concealed 111m +
    # 4 (or 2) pair = 42 -> 50 (40 -> 40); riichi 1 han; dealer ron 6 × 50 × 8 = 2400,
    # 6 × 40 × 8 = 1920 -> 2000
    rules = dataclasses.replace(TENHOU, double_wind_pair_fu=pair_fu)
    s = shanten.score(
        "111m456p789s234s11z", win="2s", tsumo=False, riichi=True, rules=rules, **DEALER
    )
    assert (s.han, s.fu, s.points) == (1, fu, points)
    assert ("double wind pair", pair_fu) in s.fu_parts


def test_seven_pairs() -> None:
    # 2 han 25 fu: 25 × 16 × 4 = 1600
    s = shanten.score("1133m2255p4466s77z", win="7z", tsumo=False, **NON_DEALER)
    assert (s.han, s.fu, s.points, s.decomposition.form) == (2, 25, 1600, "chiitoitsu")


def test_ryanpeikou_beats_seven_pairs() -> None:
    # seven pairs: 2 han 25 fu (1600); 234m 234m 567p 567p 11s on a two-sided wait:
    # ryanpeikou 3 + pinfu 1 = 4 han 30 fu: 30 × 64 × 4 = 7680 -> 7700
    s = shanten.score("223344m556677p11s", win="4m", tsumo=False, **NON_DEALER)
    assert (s.han, s.fu, s.points, s.limit) == (4, 30, 7700, None)
    assert keys(s) == {"pinfu": 1, "ryanpeikou": 3}
    kiriage = dataclasses.replace(TENHOU, kiriage=True)
    s = shanten.score("223344m556677p11s", win="4m", tsumo=False, rules=kiriage, **NON_DEALER)
    assert (s.points, s.limit) == (8000, "kiriage mangan")


def test_counted_yakuman() -> None:
    # 234p 234p 567p 567p 88p won on 2p (two-sided): chinitsu 6, ryanpeikou 3, tanyao 1,
    # pinfu 1, riichi 1, tsumo 1 = 13 han: a counted yakuman, 8000 base: 16000 + 2 × 8000;
    # without counted yakuman a sanbaiman, 6000 base: 12000 + 2 × 6000
    hand: dict[str, Any] = {"hand": "22334455667788p", "win": "2p", "tsumo": True, "riichi": True}
    s = shanten.score(**hand, **NON_DEALER)
    assert (s.han, s.yakuman, s.limit, s.points) == (13, 1, "kazoe yakuman", 32000)
    no_kazoe = dataclasses.replace(TENHOU, kazoe_yakuman=False)
    s = shanten.score(**hand, rules=no_kazoe, **NON_DEALER)
    assert (s.han, s.limit, s.points) == (13, "sanbaiman", 24000)


@pytest.mark.parametrize(
    ("hand", "win", "tsumo", "key", "tenhou", "soul"),
    [
        # non-dealer self-draw: a yakuman 16000 + 2 × 8000, a double 64000
        ("111m333p555s22z777z", "2z", True, "suuankou_tanki", 32000, 64000),
        # non-dealer ron: 32000, double 64000
        ("19m19p19s12345677z", "7z", False, "kokushi_13", 32000, 64000),
        ("11123456789999m", "9m", False, "junsei_chuuren", 32000, 64000),
    ],
)
def test_double_yakuman_by_preset(
    hand: str, win: str, tsumo: bool, key: str, tenhou: int, soul: int
) -> None:
    s = shanten.score(hand, win=win, tsumo=tsumo, **NON_DEALER)
    assert (s.points, s.yakuman, keys(s)) == (tenhou, 1, {key: 13})
    s = shanten.score(hand, win=win, tsumo=tsumo, rules=MAHJONG_SOUL, **NON_DEALER)
    assert (s.points, s.yakuman, keys(s), s.limit) == (soul, 2, {key: 26}, "double yakuman")


def test_big_four_winds_and_four_concealed_pair_wait() -> None:
    # two yakuman under Tenhou (16000 base: 32000 + 2 × 16000), four under Mahjong Soul
    # (daisuushii and suuankou tanki both double: 32000 base)
    kwargs: dict[str, Any] = {"win": "5m", "tsumo": True, **NON_DEALER}
    s = shanten.score("55m111222333444z", **kwargs)
    assert (s.yakuman, s.points, s.limit) == (2, 64000, "double yakuman")
    s = shanten.score("55m111222333444z", rules=MAHJONG_SOUL, **kwargs)
    assert (s.yakuman, s.points, s.limit) == (4, 128000, "quadruple yakuman")


def test_nine_gates_not_pure() -> None:
    # 13 tiles before the 3m were 1112245678999m: not the 9-sided wait: one yakuman
    s = shanten.score("11122345678999m", win="3m", tsumo=False, rules=MAHJONG_SOUL, **NON_DEALER)
    assert (s.yakuman, keys(s)) == (1, {"chuuren": 13})


def test_honroutou_toitoi_open() -> None:
    # toitoi 2 + honroutou 2 = 4 han; fu 20 + called 111m 4 + concealed 999p 8 + concealed
    # 111s 8 + 222z completed by a ron 4 + East pair (round wind) 2 = 46 -> 50;
    # 50 × 64 = 3200 >= 2000: a mangan, 8000
    s = shanten.score(
        "999p111s11z222z", win="2z", melds=["111m"], tsumo=False, seat_wind="3z", round_wind="1z"
    )
    assert (s.han, s.fu, s.limit, s.points) == (4, 50, "mangan", 8000)
    assert keys(s) == {"toitoi": 2, "honroutou": 2}


def test_honroutou_seven_pairs() -> None:
    # seven pairs 2 + honroutou 2 = 4 han 25 fu: 25 × 64 × 4 = 6400
    s = shanten.score("1199m1199p11s1122z", win="2z", tsumo=False, **NON_DEALER)
    assert (s.han, s.fu, s.points) == (4, 25, 6400)


def test_fu_of_quads() -> None:
    # dealer: concealed East quad 32, called 5555p 8, tanki 2, base 20 = 62 -> 70; the
    # hand is open: no 10 for a closed ron; seat and round wind East: 2 han;
    # 70 × 16 × 6 = 6720 -> 6800
    s = shanten.score("234m678s99s", win="9s", melds=["(1111z)", "5555p"], tsumo=False, **DEALER)
    assert (s.han, s.fu, s.points) == (2, 70, 6800)
    assert ("concealed quad of terminals or honours", 32) in s.fu_parts
    assert ("called quad of simples", 8) in s.fu_parts


def test_chankan() -> None:
    # chankan 1 + pinfu 1 (123m on 1m: 23m waited on 1m and 4m) = 2 han 30 fu:
    # 30 × 16 × 4 = 1920 -> 2000
    s = shanten.score("123m456p789s234s55s", win="1m", tsumo=False, chankan=True, **NON_DEALER)
    assert (s.han, s.fu, s.points) == (2, 30, 2000)
    assert keys(s) == {"chankan": 1, "pinfu": 1}


def test_rinshan() -> None:
    # rinshan 1 + tsumo 1 (a concealed quad keeps the hand closed) = 2 han; fu 20 +
    # concealed quad of simples 16 + tsumo 2 = 38 -> 40: 640 base: 1300 / 700 / 700
    s = shanten.score(
        "345p678p789s55s", win="8p", melds=["(2222m)"], tsumo=True, rinshan=True, **NON_DEALER
    )
    assert (s.han, s.fu, s.points) == (2, 40, 2700)
    assert keys(s) == {"menzen_tsumo": 1, "rinshan": 1}


def test_three_player_north_dora() -> None:
    # riichi 1, pinfu 1; indicator 3z makes North the dora: 2 north tiles set aside count
    # 2 as north dora and 2 as dora: 6 han, a haneman: ron 12000. On a self-draw 7 han,
    # still haneman: 6000 + 3000 (the absent non-dealer's 3000 is lost, ツモ損), or
    # 6000 + 1500 and 3000 + 1500 with the share split
    kwargs: dict[str, Any] = {"riichi": True, "dora": "3z", "players": 3, "north": 2, **NON_DEALER}
    s = shanten.score("123p456p789s234s55s", win="1p", tsumo=False, **kwargs)
    assert (s.han, s.limit, s.points) == (6, "haneman", 12000)
    assert keys(s) == {"riichi": 1, "pinfu": 1, "dora": 2, "north": 2}
    s = shanten.score("123p456p789s234s55s", win="1p", tsumo=True, **kwargs)
    assert [p.points for p in s.payments] == [6000, 3000]
    split = dataclasses.replace(TENHOU, tsumo_loss=False)
    s = shanten.score("123p456p789s234s55s", win="1p", tsumo=True, rules=split, **kwargs)
    assert [p.points for p in s.payments] == [7500, 4500]


def test_red_fives_count_in_hand_and_melds() -> None:
    # riichi-less open hand: tanyao 1 + 2 red fives = 3 han 30 fu: 30 × 32 × 4 = 3840 -> 3900
    s = shanten.score("067m234p22s678s", win="2s", melds=["406s"], tsumo=False, **NON_DEALER)
    assert keys(s) == {"tanyao": 1, "aka": 2}
    assert (s.han, s.fu, s.points) == (3, 30, 3900)


@pytest.mark.parametrize(
    ("hand", "melds", "win", "key", "han"),
    [
        ("123m456p789s11z", ["(2222s)"], "1m", "riichi", 1),  # riichi given below
        ("234m555z11s", ["123p", "789p"], "1s", "haku", 1),
        ("234m666z11s", ["123p", "789p"], "1s", "hatsu", 1),
        ("234m777z11s", ["123p", "789p"], "1s", "chun", 1),
        ("123m123p11s", ["123s", "789p"], "1s", "sanshoku", 1),
        ("123m456m11s", ["789m", "789p"], "1s", "ittsu", 1),
        ("123m999p11z", ["789s", "111s"], "1z", "chanta", 1),
        ("123m999p11s", ["789s", "111p"], "1s", "junchan", 2),
        ("111m111p11z", ["111s", "789p"], "1z", "sanshoku_doukou", 2),
        ("555z666z77z", ["123m", "789p"], "7z", "shousangen", 2),
        ("123m456m11z", ["789m", "222z"], "1z", "honitsu", 2),
        ("123m456m11m", ["789m", "222m"], "1m", "chinitsu", 5),
        ("22m", ["1111p", "(3333s)", "4444m", "5555z"], "2m", "sankantsu", 0),
    ],
)
def test_one_yaku_each(hand: str, melds: list[str], win: str, key: str, han: int) -> None:
    riichi = key == "riichi"
    s = shanten.score(
        hand, win=win, melds=melds, tsumo=False, riichi=riichi, seat_wind="3z", round_wind="2z"
    )
    found = keys(s)
    assert key in found or (key == "sankantsu" and "suukantsu" in found)
    if han:
        assert found[key] == han


@pytest.mark.parametrize(
    ("hand", "melds", "win", "tsumo", "key"),
    [
        ("123m55p", ["555z", "666z", "777z"], "5p", False, "daisangen"),
        ("123m22z", ["111z", "333z", "444z"], "2z", False, "shousuushii"),
        ("22z", ["555z", "666z", "777z", "333z"], "2z", False, "tsuuiisou"),
        ("99s", ["111m", "999m", "111p", "111s"], "9s", False, "chinroutou"),
        ("234s66z", ["888s", "234s", "666s"], "6z", False, "ryuuiisou"),
        ("11m", ["(2222m)", "3333p", "4444s", "(5555z)"], "1m", True, "suukantsu"),
        ("111m333p555s22z777z", [], "7z", True, "suuankou"),
    ],
)
def test_yakuman_each(hand: str, melds: list[str], win: str, tsumo: bool, key: str) -> None:
    s = shanten.score(hand, win=win, melds=melds, tsumo=tsumo, seat_wind="3z", round_wind="2z")
    assert key in keys(s) and s.yakuman >= 1 and s.limit is not None


def test_blessings() -> None:
    # 天和 for the dealer, 地和 for another: each a yakuman, on a plain hand
    hand: dict[str, Any] = {
        "hand": "123m456p789s234s55s",
        "win": "5s",
        "tsumo": True,
        "first_draw": True,
    }
    assert keys(shanten.score(**hand, **DEALER)) == {"tenhou": 13}
    assert keys(shanten.score(**hand, **NON_DEALER)) == {"chiihou": 13}


def test_last_tile() -> None:
    hand: dict[str, Any] = {"hand": "123m456p789s234s55s", "win": "5s", "last_tile": True}
    assert "haitei" in keys(shanten.score(**hand, tsumo=True, **NON_DEALER))
    assert "houtei" in keys(shanten.score(**hand, tsumo=False, **NON_DEALER))


def test_ura_and_double_riichi_ippatsu() -> None:
    s = shanten.score(
        "123m456p789s234s55s", win="5s", tsumo=False, riichi=True, double_riichi=True,
        ippatsu=True, dora="4s", ura="4s", **NON_DEALER,
    )  # fmt: skip
    assert keys(s) == {"double_riichi": 2, "ippatsu": 1, "dora": 2, "ura": 2}


def test_score_prints_and_is_a_value() -> None:
    s = shanten.score("234567m234p22s567s", win="4p", tsumo=False, riichi=True, **DEALER)
    again = shanten.score("234567m234p22s567s", win="4p", tsumo=False, riichi=True, **DEALER)
    assert s == again and hash(s.yaku) == hash(again.yaku)
    assert str(s).splitlines()[0] == "30符3飜5800点  (30 fu 3 han, 5800 points, ron)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.han = 5  # type: ignore[misc]


def test_rules_presets() -> None:
    assert Rules.tenhou() == TENHOU and Rules.mahjong_soul() == MAHJONG_SOUL
    assert TENHOU.double_yakuman == frozenset() and not TENHOU.kiriage and TENHOU.kazoe_yakuman
    assert len(MAHJONG_SOUL.double_yakuman) == 4

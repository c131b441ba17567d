"""Effective tiles and the discard table against the brute force by the definition:
draw each tile, recompute the distance, keep the draws that lower it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from shanten import HandError, Meld, RuleError, Tile, batch, discards, shanten, ukeire
from shanten._native.forms import seven_pairs_distance, standard_distance, thirteen_orphans_distance
from shanten.efficiency import FormView, GoodShape, good_shape
from shanten.hand import Position, position

MELD_CHOICES = (
    [f"{a}{a + 1}{a + 2}{s}" for s in "mps" for a in range(1, 8)]
    + [f"{a}{a}{a}{s}" for s in "mpsz" for a in range(1, 10 if s != "z" else 8)]
    + [f"{a}{a}{a}{a}{s}" for s in "mpsz" for a in range(1, 10 if s != "z" else 8)]
)


def distance(pos: Position, form: FormView) -> int:
    values = {
        "standard": standard_distance(pos),
        "chiitoitsu": seven_pairs_distance(pos),
        "kokushi": thirteen_orphans_distance(pos),
    }
    if form == "all":
        return min(v for v in values.values() if v is not None)
    value = values[form]
    assert value is not None
    return value


def brute_effective(
    counts: Sequence[int], melds: Sequence[str], players: int, rule: bool, form: FormView
) -> tuple[int, tuple[Tile, ...]]:
    """(shanten, effective tiles) by drawing every tile the rules allow."""
    pos = position(counts, melds, players, rule)
    before = distance(pos, form)
    melded = [0] * 34
    for meld in pos.melds:
        for meld_tile in meld.tiles:
            melded[meld_tile.index] += 1
    effective = []
    for tile in range(34):
        if (players == 3 and 1 <= tile <= 7) or counts[tile] >= 4:
            continue
        if rule and counts[tile] + melded[tile] >= 4:
            continue
        drawn = list(counts)
        drawn[tile] += 1
        after = Position(tuple(drawn), pos.melds, pos.players, pos.count_melded_copies, pos.caps)
        if distance(after, form) < before:
            effective.append(Tile(tile))
    return before - 1, tuple(effective)


def random_deal(rng: random.Random, players: int) -> tuple[list[int], list[str]]:
    while True:
        wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
        melds: list[str] = []
        ok = True
        for _ in range(rng.choice([0, 0, 0, 1, 2, 3, 4])):
            meld = Meld(rng.choice(MELD_CHOICES))
            for tile in meld.tiles:
                if tile.index in wall:
                    wall.remove(tile.index)
                else:
                    ok = False
            melds.append(str(meld))
        if not ok:
            continue
        size = 13 - 3 * len(melds) if melds else rng.choice([1, 4, 7, 10, 13])
        counts = [0] * 34
        for index in rng.sample(wall, size):
            counts[index] += 1
        return counts, melds


@pytest.mark.parametrize("players", [4, 3])
def test_ukeire_equals_brute_force(players: int) -> None:
    rng = random.Random(1000 + players)
    for _ in range(250):
        counts, melds = random_deal(rng, players)
        forms: list[FormView] = ["all", "standard"]
        if not melds and sum(counts) == 13:
            forms += ["chiitoitsu", "kokushi"]
        for rule in (False, True):
            for form in forms:
                got = ukeire(
                    counts, melds=melds, players=players, count_melded_copies=rule, form=form
                )
                want = brute_effective(counts, melds, players, rule, form)
                assert (got.shanten, got.tiles) == want, (counts, melds, rule, form)


def test_discards_equal_ukeire_of_each_discard() -> None:
    rng = random.Random(5)
    for _ in range(60):
        counts, melds = random_deal(rng, 4)
        tile = rng.choice([t for t in range(34) if counts[t] < 4 and sum(counts) < 14])
        counts[tile] += 1  # now 3n+2
        try:
            position(counts, melds)
        except HandError:
            continue  # the drawn tile made a fifth copy with the melds
        table = discards(counts, melds=melds)
        assert [o.discard for o in table] != []
        keys = []
        for option in table:
            index = Tile(option.discard).index
            after = list(counts)
            after[index] -= 1
            expected = ukeire(after, melds=melds)
            # the discarded tile is seen: one fewer unseen copy of it than ukeire(after) says
            assert option.shanten == expected.shanten
            assert option.ukeire.tiles == expected.tiles
            adjusted = tuple(
                c - (t == option.discard)
                for t, c in zip(expected.tiles, expected.counts, strict=True)
            )
            assert option.ukeire.counts == adjusted
            keys.append((option.shanten, -option.ukeire.total, index))
        assert keys == sorted(keys)
        assert {o.discard for o in table} == {Tile(t) for t in range(34) if counts[t]}


def test_shanten_matches_the_api() -> None:
    rng = random.Random(9)
    for _ in range(300):
        counts, melds = random_deal(rng, 4)
        for rule in (False, True):
            got = ukeire(counts, melds=melds, count_melded_copies=rule)
            assert got.shanten == shanten(counts, melds=melds, count_melded_copies=rule)


def test_dead_wait_on_a_tile_held_four_times_is_not_listed() -> None:
    # 1111m 333p 222s 444z + 5z: 4 sets if 1111m is 111m + 1m, and the lone 5z/1m... The
    # only standard tenpai would wait on a fifth 1m, so the hand is 1-shanten (see
    # tests/data/cases.jsonl), and 1m can never be an effective tile.
    result = ukeire("1111m333p222s444z")
    assert result.shanten == 1
    assert Tile("1m") not in result.tiles


def test_melded_copies_make_a_wait_unusable_only_under_that_rule() -> None:
    melds = ["444z", "555z", "111m", "999p"]
    # 4z: waiting on 4z (tanki) under the default rule, with no copy left
    default = ukeire("4z", melds=melds)
    assert default.shanten == 0 and default.tiles == (Tile("4z"),) and default.counts == (0,)
    counted = ukeire("4z", melds=melds, count_melded_copies=True)
    # every 4z is in the hand or the meld: the pair must be another tile, 1-shanten,
    # and any tile but 4z (and those with no copy left for a pair) helps
    assert counted.shanten == 1 and Tile("4z") not in counted.tiles


def test_visible_tiles_reduce_counts_but_keep_the_tile() -> None:
    # 123m456p789s1122z waits on 1z and 2z (shanpon), two copies of each unseen
    assert ukeire("123m456p789s1122z").counts == (2, 2)
    seen = ukeire("123m456p789s1122z", visible=["1z", "1z"])
    assert seen.tiles == (Tile("1z"), Tile("2z")) and seen.counts == (0, 2) and seen.total == 2
    by_counts = ukeire("123m456p789s1122z", visible=[0] * 27 + [2, 0, 0, 0, 0, 0, 0])
    assert by_counts == seen
    array = np.zeros(34, dtype=np.int64)
    array[27] = 2
    assert ukeire("123m456p789s1122z", visible=array) == seen
    assert ukeire("123m456p789s1122z", visible=[Tile("1z"), Tile("1z")]) == seen
    with pytest.raises(TypeError, match="visible is notation"):
        ukeire("123m456p789s1122z", visible=[1.5])
    with pytest.raises(HandError, match="5 copies of 1z in the hand, melds and visible tiles"):
        ukeire("123m456p789s1122z", visible="111z")


def test_thirteen_orphans_thirteen_sided_wait() -> None:
    result = ukeire("19m19p19s1234567z")
    assert result.shanten == 0 and len(result.tiles) == 13 and result.total == 13 * 3


def test_seven_pairs_wait_and_standard_view() -> None:
    # 1133m5577p99s1166z: six pairs and a single 1s... here: pairs 11m 33m 55p 77p 99s 11z 66z? count:
    hand = "1133m557p99s1166z"  # pairs 1m 3m 5p 9s 1z 6z + 7p single: seven pairs tenpai on 7p
    assert ukeire(hand, form="chiitoitsu").tiles == (Tile("7p"),)
    assert ukeire(hand).shanten == 0 and ukeire(hand).tiles == (Tile("7p"),)
    # the standard form alone is far: 11m 33m 55p 7p 99s 11z 66z has no set
    assert ukeire(hand, form="standard").shanten > 0


def test_size_errors_point_to_the_other_verb() -> None:
    with pytest.raises(HandError, match="use discards"):
        ukeire("123m456p789s11223z")
    with pytest.raises(HandError, match="use ukeire"):
        discards("123m456p789s1122z")
    with pytest.raises(HandError, match="seven pairs needs a closed hand"):
        ukeire("1m", melds=["111p", "222p", "333p", "444p"], form="chiitoitsu")


def test_good_shape_counts_two_sided_draws() -> None:
    # 23m 57p 9p 456s 789s 11z takes 1m 4m 6p 8p (4 each). After 6p (567p) or 8p (789p),
    # cutting the other pinzu leaves 23m waiting on 1m/4m: good. After 1m or 4m, 57p9p
    # leaves only a kanchan: not good. So 8 of 16.
    figure = good_shape("23m579p456789s11z")
    assert (figure.good, figure.total, figure.share) == (8, 16, 0.5)


def test_a_pure_shanpon_is_not_two_sided() -> None:
    # 11m 55p 99s 123p 456s 1z: 1-shanten; the effective draws are 1m, 5p and 9s (two
    # unseen each: a pair becomes a set). Each then leaves, after cutting 1z, a wait on
    # the other two pairs (shanpon) and nothing better: 0 of 6.
    assert ukeire("11m55p99s123p456s1z").tiles == (Tile("1m"), Tile("5p"), Tile("9s"))
    figure = good_shape("11m55p99s123p456s1z")
    assert (figure.good, figure.total, figure.share) == (0, 6, 0.0)


def test_discards_second_step_only_on_one_shanten_options() -> None:
    table = discards("23m579p456789s11z5z", second_step=True)
    for option in table:
        if option.shanten == 1:
            assert option.good_shape is not None
            assert option.good_shape.total == option.ukeire.total
            assert 0 <= option.good_shape.good <= option.good_shape.total
        else:
            assert option.good_shape is None
    first = table[0]
    # cutting 5z leaves 23m579p456789s11z: 8 of 16, as derived above
    assert first.discard == Tile("5z") and first.good_shape == GoodShape(8, 16)
    assert all(o.good_shape is None for o in discards("23m579p456789s11z5z"))


def test_good_shape_needs_a_one_shanten_hand() -> None:
    with pytest.raises(HandError, match="1-shanten"):
        good_shape("123m456p789s1122z")


@pytest.mark.parametrize("players", [4, 3])
def test_incremental_discard_table_equals_ukeire_after_each_discard(players: int) -> None:
    # discards() updates one part per discard; ukeire() recomputes the whole hand
    rng = random.Random(77 + players)
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    for _ in range(150):
        size = rng.choice([2, 5, 8, 11, 14])
        counts = [0] * 34
        for index in rng.sample(wall, size):
            counts[index] += 1
        for view in ("all", "standard"):
            for option in discards(counts, players=players, form=view):
                after = list(counts)
                after[Tile(option.discard).index] -= 1
                expected = ukeire(after, players=players, form=view)
                assert (option.shanten, option.ukeire.tiles) == (expected.shanten, expected.tiles)


@pytest.mark.parametrize("form", ["foo", "", "ALL", None, 1, "chiitoitsu "])
def test_an_unknown_form_names_the_allowed_values(form: object) -> None:
    message = r"^form must be 'all', 'standard', 'chiitoitsu' or 'kokushi', got "
    calls: list[Callable[[], object]] = [
        lambda: ukeire("2389m6799p22567s", form=form),  # type: ignore[arg-type]
        lambda: discards("23489m6799p22567s", form=form),  # type: ignore[arg-type]
        lambda: discards("23489m6799p22567s", form=form, second_step=True),  # type: ignore[arg-type]
        lambda: good_shape("23m579p456789s11z", form=form),  # type: ignore[arg-type]
        lambda: batch.shanten(np.zeros((1, 34), dtype=np.uint8), form=form),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(RuleError, match=message):
            call()

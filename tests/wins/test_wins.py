"""is_complete, decompositions and waits: hand-derived cases, then properties against shanten().

Every expected value in the example tests is derived by hand in the comment beside it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shanten import Hand, HandError, MeldError, RuleError, Tile, shanten
from shanten.hand import Meld
from shanten.notation import format_counts
from shanten.tiles import NUM_TILES, SANMA_ABSENT, TERMINALS_AND_HONOURS
from shanten.wins import Block, Decomposition, Waits, decompositions, is_complete, waits

SETTINGS = settings(max_examples=150, deadline=None)
Options = TypeVar("Options", bound=tuple[int, ...])


def strings(hand: str, melds: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(form, str) of every decomposition."""
    return [(d.form, str(d)) for d in decompositions(hand, melds=melds)]


def shapes_by_tile(found: Waits) -> dict[str, list[str]]:
    """Each winning tile with the shape of each of its readings, in order."""
    out: dict[str, list[str]] = {}
    for reading in found.readings:
        out.setdefault(str(reading.tile), []).append(reading.shape)
    return out


# ------------------------------------------------------------------------------------------
# is_complete
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "complete"),
    [
        ("11m", (), True),  # 2 tiles: no set needed, 11m is the pair
        ("1m", (), False),  # 3n+1 tiles are never complete
        ("1112m", (), False),  # 3n+1 again, although 111m is a set
        ("11123m", (), True),  # 11m + 123m (or 111m + 23m? no: 23m is no pair)
        ("123m456p789s11155z", (), True),  # 123m 456p 789s 111z 55z
        ("123m456p789s11156z", (), False),  # 5z 6z: honours make no runs, and no pair is left
        ("1122m3344p5566s77z", (), True),  # seven distinct pairs
        ("1111m22p33s445566z", (), False),  # 1111m is one kind, not two pairs; no standard split
        ("19m19p19s12345677z", (), True),  # the thirteen orphans and a second 7z
        ("19m19p19s1234566z", (), False),  # 13 tiles: 3n+1
        ("55z", ("123m", "456p", "789s", "1111z"), True),  # the pair and four melds
        ("11m22m33p44p55s", ("777z",), False),  # seven pairs needs a closed hand
        ("123m55z", ("456p", "789s", "111z"), True),  # 123m 55z and three melds
    ],
)
def test_is_complete(hand: str, melds: tuple[str, ...], complete: bool) -> None:
    assert is_complete(hand, melds=melds) is complete
    assert (shanten(hand, melds=melds) == -1) is complete


def test_bad_input_raises_as_position_does() -> None:
    with pytest.raises(HandError, match="5 copies of 1m"):
        is_complete("11111m")
    with pytest.raises(HandError, match="3 tiles: a concealed hand"):
        decompositions("123m")
    with pytest.raises(HandError, match="2m does not exist in 3-player"):
        waits("2m", players=3)
    with pytest.raises(MeldError):
        is_complete("11m", melds=["124m", "111p", "111s", "111z"])
    with pytest.raises(RuleError):
        waits("1m", players=5)
    with pytest.raises(HandError, match="5 copies of 1z in the hand and melds"):
        waits("1z", melds=["1111z", "222z", "333z", "444z"])


# ------------------------------------------------------------------------------------------
# decompositions
# ------------------------------------------------------------------------------------------


def test_triplets_or_runs() -> None:
    # 111222333m: the lowest tile 1m (x3) starts either a triplet (then 222m, 333m) or three
    # runs 123m: two readings, triplets first since (1m,1m,1m) < (1m,2m,3m).
    assert strings("111222333m55z") == [
        ("standard", "111m 222m 333m 55z"),
        ("standard", "123m 123m 123m 55z"),
    ]


def test_triplets_runs_and_a_moved_pair() -> None:
    # 11122233344m: pair 44m leaves 111222333m (two readings above); pair 11m leaves
    # 1222333 44m: 1m starts 123m, then 22m -> 234m 234m: a third reading. Pairs 22m/33m
    # leave 1m with one 2m or 3m short of a run, or stray tiles.
    assert strings("11122233344m") == [
        ("standard", "111m 222m 333m 44m"),
        ("standard", "123m 123m 123m 44m"),
        ("standard", "123m 234m 234m 11m"),
    ]


def test_seven_pairs_that_also_read_standard() -> None:
    # 112233m: 1m (x2) starts two runs 123m; the same for 445566p; 77z is the pair. Seven
    # distinct pairs too: standard first, then chiitoitsu.
    assert strings("112233m445566p77z") == [
        ("standard", "123m 123m 456p 456p 77z"),
        ("chiitoitsu", "11m 22m 33m 44p 55p 66p 77z"),
    ]


def test_four_readings_of_a_pure_run_of_pairs() -> None:
    # 11223344556677m: the pair is 11m (234m 234m 567m 567m), 44m (123m 123m 567m 567m) or
    # 77m (123m 123m 456m 456m); pairs 22/33/55/66 strand a tile. Plus seven pairs.
    assert strings("11223344556677m") == [
        ("standard", "123m 123m 456m 456m 77m"),
        ("standard", "123m 123m 567m 567m 44m"),
        ("standard", "234m 234m 567m 567m 11m"),
        ("chiitoitsu", "11m 22m 33m 44m 55m 66m 77m"),
    ]


def test_thirteen_orphans_is_one_block() -> None:
    (reading,) = decompositions("19m19p19s12345677z")
    assert reading.form == "kokushi"
    assert reading.blocks == (Block("orphans", Hand("19m19p19s12345677z").tiles),)
    assert str(reading) == "19m19p19s12345677z"


def test_melds_are_kept_as_given_and_marked() -> None:
    # 123m 456p 55z concealed; the chi 789s and the kan 1111z follow in the order given.
    (reading,) = decompositions("123m456p55z", melds=["978s", "1111z"])
    assert str(reading) == "123m 456p 55z [789s] [1111z]"
    assert [(b.kind, b.melded) for b in reading.blocks] == [
        ("run", False),
        ("run", False),
        ("pair", False),
        ("run", True),
        ("quad", True),
    ]
    assert reading.blocks[-1].tiles == (Tile("1z"),) * 4


def test_not_complete_gives_nothing() -> None:
    assert decompositions("1234m") == ()  # 4 tiles: 3n+1
    assert decompositions("12345m") == ()  # 1m and 5m cannot both join 234m, no pair
    assert decompositions("1111m2233p4455s66z") == ()  # a quad is not two pairs


def test_block_and_decomposition_values() -> None:
    block = Block("triplet", (Tile("5z"),) * 3, melded=True)
    assert str(block) == "555z"
    assert str(Decomposition("standard", (Block("pair", (Tile("1m"),) * 2), block))) == (
        "11m [555z]"
    )
    assert decompositions("11m") == (
        Decomposition("standard", (Block("pair", (Tile("1m"),) * 2),)),
    )


# ------------------------------------------------------------------------------------------
# waits
# ------------------------------------------------------------------------------------------


def test_pure_nine_gates_waits_on_all_nine() -> None:
    # 1112345678999m + t, derived tile by tile (pair, then the sets):
    # 1m: 111 123 456 789 99 -> in 111m (shanpon with 99m), in 123m (23m: ryanmen)
    # 2m: 111 22 345 678 999 -> tanki          3m: 11 123 345 678 999 -> penchan (12m), ryanmen (45m)
    # 4m: 111 234 456 789 99 -> ryanmen twice  5m: 111 234 55 678 999 -> tanki
    # 6m: 11 123 456 678 999 -> ryanmen twice  7m: 111 234 567 789 99 -> ryanmen (56m), penchan (89m)
    # 8m: 111 234 567 88 999 -> tanki          9m: 11 123 456 789 999 -> ryanmen (78m), shanpon
    found = waits("1112345678999m")
    assert str(found) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"
    assert len(found) == 9
    assert shapes_by_tile(found) == {
        "1m": ["shanpon", "ryanmen"],
        "2m": ["tanki"],
        "3m": ["penchan", "ryanmen"],
        "4m": ["ryanmen", "ryanmen"],
        "5m": ["tanki"],
        "6m": ["ryanmen", "ryanmen"],
        "7m": ["ryanmen", "penchan"],
        "8m": ["tanki"],
        "9m": ["ryanmen", "shanpon"],
    }
    four = [r for r in found.readings if r.tile == Tile("4m")]
    assert [str(r.block) for r in four] == ["234m", "456m"]


def test_nobetan_2345m_is_two_tanki() -> None:
    # 2345m + three sets: the pair must come from 2345m + t. 2m: 22m 345m; 5m: 234m 55m
    # (345m + 5m would leave 2m alone). 1m/6m: five runs tiles, no pair; 3m/4m: no split.
    found = waits("2345m456p789s111z")
    assert str(found) == "2m 5m"
    assert shapes_by_tile(found) == {"2m": ["tanki"], "5m": ["tanki"]}
    assert [str(r.decomposition) for r in found.readings] == [
        "345m 456p 789s 111z 22m",
        "234m 456p 789s 111z 55m",
    ]


def test_5m_as_ryanmen_and_shanpon() -> None:
    # 34555m 11z + two sets. 2m: 234m 555m 11z (34m ryanmen). 5m: 345m 555m 11z, the 5m in
    # 345m (34m waiting 2m/5m: ryanmen) or in 555m (55m with 11z: shanpon). 1z: 111z 345m 55m
    # (shanpon). 3m/4m/6m: no split.
    found = waits("34555m456p789s11z")
    assert str(found) == "2m 5m 1z"
    assert shapes_by_tile(found) == {
        "2m": ["ryanmen"],
        "5m": ["ryanmen", "shanpon"],
        "1z": ["shanpon"],
    }
    assert found.shapes("5m") == {"ryanmen", "shanpon"}
    assert found.shapes("6m") == frozenset()


def test_three_sided_3334m() -> None:
    # 3334m: 2m -> 234m 33m (ryanmen), 4m -> 333m 44m (tanki), 5m -> 345m 33m (ryanmen).
    found = waits("3334m456p789s111z")
    assert shapes_by_tile(found) == {"2m": ["ryanmen"], "4m": ["tanki"], "5m": ["ryanmen"]}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("13m456p789s11155z", {"2m": ["kanchan"]}),  # 13m takes only its middle
        ("12m456p789s11155z", {"3m": ["penchan"]}),  # 12m: 3m (0m does not exist)
        ("89m456p789s11155z", {"7m": ["penchan"]}),  # 89m: 7m
        ("23m456p789s11155z", {"1m": ["ryanmen"], "4m": ["ryanmen"]}),  # 1m is not penchan
        ("11m99p456s789s111z", {"1m": ["shanpon"], "9p": ["shanpon"]}),  # two pairs
        ("1m456p789s111555z", {"1m": ["tanki"]}),  # a lone tile
        ("1122m3344p5566s7z", {"7z": ["tanki"]}),  # seven pairs only: 1122m makes no sets
        ("1m", {"1m": ["tanki"]}),  # a 1-tile hand waits on its pair
        ("1112m", {"2m": ["tanki"], "3m": ["penchan"]}),  # 111m 22m | 11m 123m
    ],
)
def test_single_shapes(hand: str, expected: dict[str, list[str]]) -> None:
    assert shapes_by_tile(waits(hand)) == expected
    assert shanten(hand) == 0


def test_one_reading_for_twin_blocks() -> None:
    # 22334m + 11z pair: 4m makes 234m 234m, and the 4m in either copy of 234m is one reading
    # (23m, ryanmen); 1m makes 123m 234m (23m, ryanmen). 2m/5m/1z: no split.
    found = waits("22334m456p789s11z")
    assert [(str(r.tile), r.shape, r.block_index) for r in found.readings] == [
        ("1m", "ryanmen", 0),
        ("4m", "ryanmen", 0),
    ]


def test_seven_pairs_wait_that_also_reads_standard() -> None:
    # 112233m445566p7z + 7z: standard 123m 123m 456p 456p 77z and seven pairs, both tanki.
    found = waits("112233m445566p7z")
    assert [(r.decomposition.form, r.shape, r.block_index) for r in found.readings] == [
        ("standard", "tanki", 4),
        ("chiitoitsu", "tanki", 6),
    ]


def test_thirteen_orphans_waits() -> None:
    # All thirteen once: any of the thirteen completes (十三面). Twelve with a pair (1m 1m):
    # only the missing 7z completes.
    thirteen = waits("19m19p19s1234567z")
    assert thirteen.tiles == tuple(Tile(i) for i in TERMINALS_AND_HONOURS)
    assert {r.shape for r in thirteen.readings} == {"kokushi13"}
    assert all(r.decomposition.form == "kokushi" for r in thirteen.readings)
    single = waits("119m19p19s123456z")
    assert str(single) == "7z"
    assert [r.shape for r in single.readings] == ["kokushi"]
    # Three players keep 1m and 9m, so thirteen orphans is still thirteen-sided.
    assert len(waits("19m19p19s1234567z", players=3)) == 13


def test_a_fifth_copy_is_no_wait() -> None:
    # 1111m + three sets: 1111m + t must become a set and the pair; only 1m (111m + 11m) would
    # do, and a fifth 1m does not exist: not ready (shanten 1).
    assert len(waits("1111m123456789p")) == 0
    assert not waits("1111m123456789p").readings
    assert shanten("1111m123456789p") == 1
    # 1111234m: 1m would complete 111m 11m 234m, but is the fifth; 4m completes 111m 123m 44m.
    assert shapes_by_tile(waits("1111234m")) == {"4m": ["tanki"]}
    # A 4-tile hand of a quad: not ready either.
    assert len(waits("1111m")) == 0 and shanten("1111m") == 1


def test_melds_in_wait_readings() -> None:
    # 23m44p + three melds: 1m/4m complete 123m/234m with 44p as the pair.
    found = waits("23m44p", melds=["1111m", "444z", "555z"])
    assert str(found) == "1m 4m"
    assert str(found.readings[0].decomposition) == "123m 44p [1111m] [444z] [555z]"
    assert found.readings[0].block_index == 0


def test_dead_waits_under_each_rule() -> None:
    # The kan 1111m holds every 1m: by default melded copies do not count, so 1m still wins
    # (a dead wait); with count_melded_copies it cannot be drawn and only 4m is left.
    melds = ["1111m", "444z", "555z"]
    assert str(waits("23m44p", melds=melds)) == "1m 4m"
    assert str(waits("23m44p", melds=melds, count_melded_copies=True)) == "4m"
    # 4z with 444z called: the last 4z is in the hand, so the tanki on 4z is dead; by default
    # still a wait, under the rule not ready at all (any other pair needs two tiles).
    melds = ["444z", "555z", "111m", "999p"]
    assert str(waits("4z", melds=melds)) == "4z"
    assert len(waits("4z", melds=melds, count_melded_copies=True)) == 0
    assert shanten("4z", melds=melds) == 0
    assert shanten("4z", melds=melds, count_melded_copies=True) == 1


def test_three_players() -> None:
    # 11m 99m + three melds: shanpon on 1m and 9m in both games. 2m-8m cannot be waits in
    # 3-player mahjong: the hand holds none of them, and a run through them needs two.
    melds = ["111p", "222p", "333p"]
    assert shapes_by_tile(waits("11m99m", melds=melds, players=3)) == {
        "1m": ["shanpon"],
        "9m": ["shanpon"],
    }
    assert str(waits("1m", melds=["111s", "999s", "555z", "777z"], players=3)) == "1m"
    assert is_complete("11m", players=3)


def test_waits_need_a_3n_plus_1_hand() -> None:
    with pytest.raises(HandError, match="14 tiles: waits are read from a hand of 3n\\+1 tiles"):
        waits("123m456p789s11155z")


# ------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------

#: Every set as its tiles: triplets of each kind and runs within a suit.
SETS = [(t, t, t) for t in range(NUM_TILES)] + [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]


def _exists(tile: int, players: int) -> bool:
    return not (players == 3 and tile in SANMA_ABSENT)


@dataclass(frozen=True)
class Deal:
    """A valid position, with the library's verbs bound to it."""

    counts: tuple[int, ...]
    melds: tuple[str, ...]
    players: int
    count_melded_copies: bool

    def meld_counts(self) -> list[int]:
        out = [0] * NUM_TILES
        for meld in self.melds:
            for tile in Meld(meld).tiles:
                out[int(tile)] += 1
        return out

    def candidates(self) -> list[int]:
        """Tiles that could be drawn: in the game, fewer than 4 held (with the melds' copies
        too under count_melded_copies)."""
        melded = self.meld_counts()
        return [
            t
            for t in range(NUM_TILES)
            if _exists(t, self.players)
            and self.counts[t] < 4
            and not (self.count_melded_copies and self.counts[t] + melded[t] >= 4)
        ]

    def is_complete(self) -> bool:
        return is_complete(
            list(self.counts),
            melds=self.melds,
            players=self.players,
            count_melded_copies=self.count_melded_copies,
        )

    def decompositions(self) -> tuple[Decomposition, ...]:
        return decompositions(
            list(self.counts),
            melds=self.melds,
            players=self.players,
            count_melded_copies=self.count_melded_copies,
        )

    def waits(self, count_melded_copies: bool | None = None) -> Waits:
        rule = self.count_melded_copies if count_melded_copies is None else count_melded_copies
        return waits(
            list(self.counts), melds=self.melds, players=self.players, count_melded_copies=rule
        )

    def shanten(self) -> int:
        return shanten(
            list(self.counts),
            melds=self.melds,
            players=self.players,
            count_melded_copies=self.count_melded_copies,
        )


@st.composite
def deals(draw: st.DrawFn, complete: bool) -> Deal:
    """A valid 3n+2 position: melds first, then the concealed tiles from the copies left,
    either built as a complete hand (``complete``) or drawn from a few kinds. Often most
    tiles come from one suit, so that several readings, 4-copy limits and melded copies
    next to the waits come up."""
    players = draw(st.sampled_from([3, 4]))
    focus = draw(st.sampled_from([None, 0, 1, 2, 3]))

    def prefer(options: list[Options]) -> list[Options]:
        """The options within the focus suit, if there are any."""
        return [o for o in options if o[0] // 9 == focus] or options

    left = [4 if _exists(t, players) else 0 for t in range(NUM_TILES)]
    melds: list[str] = []
    for _ in range(draw(st.sampled_from([0, 0, 1, 2, 3, 4]))):
        kind = draw(st.sampled_from([3, 4, 0]))  # pon, kan, chi
        if kind:
            options = [(t,) * kind for t in range(NUM_TILES) if left[t] >= kind]
        else:
            options = [s for s in SETS if s[0] != s[1] and all(left[t] for t in s)]
        tiles = draw(st.sampled_from(prefer(options)))
        for t in tiles:
            left[t] -= 1
        melds.append(format_counts([tiles.count(t) for t in range(NUM_TILES)]))
    size = draw(st.sampled_from([2, 5, 8, 11, 14, 14])) if not melds else 14 - 3 * len(melds)
    counts = [0] * NUM_TILES

    def take(tiles: tuple[int, ...]) -> None:
        for t in tiles:
            counts[t] += 1
            left[t] -= 1

    if complete:
        form = draw(st.sampled_from(["standard", "standard", "chiitoitsu", "kokushi"]))
        if size == 14 and form == "chiitoitsu":
            kinds = [t for t in range(NUM_TILES) if left[t] >= 2]
            for t in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7, unique=True)):
                take((t, t))
        elif size == 14 and form == "kokushi":
            take(TERMINALS_AND_HONOURS)
            take((draw(st.sampled_from(TERMINALS_AND_HONOURS)),))
        else:
            for _ in range(size // 3):
                sets = [s for s in SETS if all(left[t] >= s.count(t) for t in s)]
                take(draw(st.sampled_from(prefer(sets))))
            pairs = [(t, t) for t in range(NUM_TILES) if left[t] >= 2]
            take(draw(st.sampled_from(prefer(pairs))))
    else:
        kinds = draw(
            st.lists(
                st.sampled_from(
                    [t for (t,) in prefer([(t,) for t in range(NUM_TILES) if left[t]])]
                ),
                min_size=1,
                max_size=draw(st.sampled_from([3, 6, 34])),
                unique=True,
            )
        )
        wall = [t for t in kinds for _ in range(left[t])]
        if len(wall) < size:
            wall = [t for t in range(NUM_TILES) for _ in range(left[t])]
        for i in draw(
            st.lists(st.integers(0, len(wall) - 1), min_size=size, max_size=size, unique=True)
        ):
            take((wall[i],))
    return Deal(tuple(counts), tuple(melds), players, draw(st.booleans()))


@st.composite
def minus_one(draw: st.DrawFn, complete: bool) -> Deal:
    """A 3n+2 deal with one concealed tile taken out: from a complete deal, a ready hand
    (shanten 0) by construction; from a random one, mostly not ready."""
    deal = draw(deals(complete))
    out = draw(st.sampled_from([t for t in range(NUM_TILES) if deal.counts[t]]))
    counts = list(deal.counts)
    counts[out] -= 1
    return Deal(tuple(counts), deal.melds, deal.players, deal.count_melded_copies)


def resum(decomposition: Decomposition) -> Counter[int]:
    return Counter(int(tile) for block in decomposition.blocks for tile in block.tiles)


def expected_total(deal: Deal, extra: int | None = None) -> Counter[int]:
    total = Counter({t: c for t, c in enumerate(deal.counts) if c})
    total.update({t: c for t, c in enumerate(deal.meld_counts()) if c})
    if extra is not None:
        total[extra] += 1
    return total


def check_blocks(decomposition: Decomposition) -> None:
    """Each block is what its kind says."""
    for block in decomposition.blocks:
        tiles = [int(t) for t in block.tiles]
        if block.kind == "run":
            first = tiles[0]
            assert first < 27 and first % 9 <= 6 and tiles == [first, first + 1, first + 2]
        elif block.kind in ("triplet", "quad", "pair"):
            assert len(set(tiles)) == 1
            assert len(tiles) == {"triplet": 3, "quad": 4, "pair": 2}[block.kind]
        else:
            assert block.kind == "orphans" and sorted(set(tiles)) == list(TERMINALS_AND_HONOURS)
            assert len(tiles) == 14


def brute_force_standard(counts: tuple[int, ...]) -> Counter[tuple[tuple[int, ...], ...]]:
    """Every (pair, multiset of sets) that sums to ``counts``, by trying every multiset of the
    sets whose tiles the hand holds: independent of the library's lowest-tile recursion."""
    n = sum(counts) // 3
    usable = [s for s in SETS if all(counts[t] >= s.count(t) for t in s)]
    found: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for pair in (t for t in range(NUM_TILES) if counts[t] >= 2):
        rest = list(counts)
        rest[pair] -= 2
        for combo in itertools.combinations_with_replacement(usable, n):
            used = [0] * NUM_TILES
            for s in combo:
                for t in s:
                    used[t] += 1
            if used == rest:
                found[(*sorted(combo), (pair, pair))] += 1
    return found


@SETTINGS
@given(deal=st.one_of(deals(complete=True), deals(complete=False)))
def test_is_complete_agrees_with_shanten(deal: Deal) -> None:
    assert deal.is_complete() == (deal.shanten() == -1)
    assert bool(deal.decompositions()) == deal.is_complete()


@SETTINGS
@given(deal=deals(complete=True))
def test_constructed_hands_are_complete_and_their_readings_resum(deal: Deal) -> None:
    assert deal.is_complete()
    found = deal.decompositions()
    assert found and len(set(found)) == len(found)
    for decomposition in found:
        assert resum(decomposition) == expected_total(deal)
        check_blocks(decomposition)
        melded = [str(b) for b in decomposition.blocks if b.melded]
        assert melded == [str(Meld(m)) for m in deal.melds]
    standard = Counter(
        tuple(tuple(int(t) for t in b.tiles) for b in d.blocks if not b.melded)
        for d in found
        if d.form == "standard"
    )
    assert standard == brute_force_standard(deal.counts)


@SETTINGS
@given(deal=st.one_of(minus_one(complete=True), minus_one(complete=False)))
def test_waits_are_the_tiles_that_complete(deal: Deal) -> None:
    found = deal.waits()
    expected = []
    for t in deal.candidates():
        counts = list(deal.counts)
        counts[t] += 1
        # shanten on the concealed counts alone: with melds the hand has at most 11 tiles,
        # where only the standard form applies, with the same number of sets; the copy caps
        # are the candidate rule above (under the default rule the melds could make a fifth
        # copy, which position() would reject).
        if shanten(counts, players=deal.players) == -1:
            expected.append(Tile(t))
    assert found.tiles == tuple(expected)
    assert (len(found) > 0) == (deal.shanten() == 0)
    for reading in found.readings:
        assert resum(reading.decomposition) == expected_total(deal, int(reading.tile))
        check_blocks(reading.decomposition)
        assert reading.tile in reading.block.tiles and not reading.block.melded
    keys = [(r.tile, r.decomposition, r.block) for r in found.readings]
    assert len(set(keys)) == len(keys)


@SETTINGS
@given(deal=minus_one(complete=True))
def test_counting_melded_copies_only_drops_dead_waits(deal: Deal) -> None:
    # The rule changes no reading: it only drops the tiles whose 4 copies are all in the hand
    # and the melds, which the default rule keeps as dead waits.
    hand, melded = deal.counts, deal.meld_counts()
    default, counted = deal.waits(count_melded_copies=False), deal.waits(count_melded_copies=True)
    assert counted.readings == tuple(
        r for r in default.readings if hand[int(r.tile)] + melded[int(r.tile)] < 4
    )

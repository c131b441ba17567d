"""The fast path of ukeire() and discards() (closed hands, nothing seen) against the
careful path and against the brute force by the definition.

Passing ``visible`` as 34 zeros sees nothing yet takes the careful path, so the two
paths can be compared on the same hand.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random
import weakref
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shanten import Hand, HandError, Tile, discards, ukeire
from shanten.efficiency import FormView
from shanten.efficiency_fast import TOTAL_SHIFT, fast_efficiency
from shanten.efficiency_results import PENDING
from shanten.efficiency_tables import changed_rest, efficiency_tables
from shanten.forms import parts
from shanten.lookup import class_ids
from shanten.notation import counts_of, parse_tiles
from shanten.tiles import SANMA_ABSENT
from test_efficiency import brute_effective

NOTHING = [0] * 34


def deal(rng: random.Random, size: int, players: int, style: str) -> list[int]:
    """A random hand; "pairs" and "orphans" styles make seven pairs and thirteen orphans
    tie or beat the standard form often."""
    tiles = [t for t in range(34) if players == 4 or not 1 <= t <= 7]
    if style == "orphans":
        tiles = [t for t in tiles if t in (0, 8, 9, 17, 18, 26) or t >= 27] + tiles[:3]
    counts = [0] * 34
    while sum(counts) < size:
        tile = rng.choice(tiles)
        step = 2 if style == "pairs" and sum(counts) + 2 <= size else 1
        if counts[tile] + step <= 4:
            counts[tile] += step
    return counts


STYLES = ["random", "pairs", "orphans"]


VERBS = [
    pytest.param(ukeire, [1, 4, 7, 10, 13, 13, 13], 400, id="ukeire"),
    pytest.param(discards, [2, 5, 8, 11, 14, 14, 14], 150, id="discards"),
]


@pytest.mark.parametrize(("verb", "sizes", "rounds"), VERBS)
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("style", STYLES)
def test_fast_path_equals_careful(
    verb: Callable[..., object], sizes: list[int], rounds: int, players: int, style: str
) -> None:
    rng = random.Random(f"{verb.__name__} {players} {style}")
    for _ in range(rounds):
        counts = deal(rng, rng.choice(sizes), players, style)
        for form in ("all", "standard"):
            fast = verb(counts, players=players, form=form)
            careful = verb(counts, players=players, form=form, visible=NOTHING)
            assert fast == careful, (counts, form)


@pytest.mark.parametrize("players", [4, 3])
def test_fast_ukeire_equals_brute_force(players: int) -> None:
    rng = random.Random(f"brute {players}")
    for _ in range(150):
        counts = deal(rng, 13, players, rng.choice(STYLES))
        form: FormView = rng.choice(["all", "standard"])
        got = ukeire(counts, players=players, form=form)
        assert (got.shanten, got.tiles) == brute_effective(counts, [], players, False, form)
        assert got.counts == tuple(4 - counts[_index(t)] for t in got.tiles)


def _index(name: str) -> int:
    return Tile(name).index


def test_every_input_kind_takes_the_same_answer() -> None:
    notation = "2389m6799p22567s"
    counts = counts_of(parse_tiles(notation))
    expected = ukeire(counts, visible=NOTHING)
    for value in (notation, counts, tuple(counts), Hand(notation)):
        assert ukeire(value) == expected


@pytest.mark.parametrize(
    "hand",
    [[5] + [0] * 33, [-1, 2] + [0] * 32, [1.0] + [0] * 33, [1] * 33],
)
def test_bad_input_still_raises(hand: object) -> None:
    with pytest.raises(HandError):
        ukeire(hand)  # type: ignore[arg-type]
    with pytest.raises(HandError):
        discards(hand)  # type: ignore[arg-type]


def test_wrong_size_names_the_other_verb() -> None:
    with pytest.raises(HandError, match="use discards"):
        ukeire("11m")
    with pytest.raises(HandError, match="use ukeire"):
        discards("1m")
    with pytest.raises(HandError, match="does not exist in 3-player"):
        ukeire("1112345678999m", players=3)


@pytest.mark.parametrize("players", [4, 3])
def test_changed_rest_agrees_with_the_chain_on_every_class_triple(players: int) -> None:
    """The rest class found with one part changing (fixed pair first) equals the one
    the lookup chain finds (parts in order), for every triple of the other parts'
    classes: the whole table, not a sample."""
    tables = efficiency_tables(players)
    kinds = [kind for kind, _ in parts(players)]
    for p, part in enumerate(tables.parts):
        others = part.others
        sizes = [len(class_ids(kinds[o])[1]) for o in others]
        ka, kb, kc = np.meshgrid(*(np.arange(n) for n in sizes), indexing="ij")
        first, second = np.array(part.first), np.array(part.second)
        chain = second[first[ka * part.first_width + kb] * part.second_width + kc]
        for changed in range(3):
            pair, nv, rest = changed_rest(
                kinds[p], (kinds[others[0]], kinds[others[1]], kinds[others[2]]), changed
            )
            k = [ka, kb, kc]
            ku, kv = (k[i] for i in range(3) if i != changed)
            found = np.array(rest)[np.array(pair)[ku * nv + kv] + k[changed]]
            assert (found == chain * 5 * part.classes).all(), (p, changed)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=2, max_size=14),
    st.sampled_from([4, 3]),
    st.sampled_from(["all", "standard"]),
)
def test_fast_discards_equal_careful_on_any_hand(
    tiles: list[int], players: int, form: FormView
) -> None:
    if players == 3:  # 2m-8m are not in the game: fold them onto 1m and 9m
        tiles = [t if not 1 <= t <= 7 else (0 if t < 5 else 8) for t in tiles]
    counts = [min(tiles.count(t), 4) for t in range(34)]
    while sum(counts) % 3 != 2:  # a 3n+2 hand: drop copies of the highest tile
        counts[max(t for t in range(34) if counts[t])] -= 1
    fast = discards(counts, players=players, form=form)
    assert fast == discards(counts, players=players, form=form, visible=NOTHING)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=34, max_size=34),
    st.sets(st.integers(0, 33)),
    st.sampled_from([4, 3]),
)
def test_unseen_weights_sum_the_unseen_copies(
    counts: list[int], flagged: set[int], players: int
) -> None:
    """The product of guard bits and unseen weights (how discards() orders its rows)
    equals the plain sum of 4 - held over the flagged tiles, for any counts."""
    fast = fast_efficiency(players)
    game = [t for t in range(34) if players == 4 or t not in SANMA_ABSENT]
    counts = [n if t in game else 0 for t, n in enumerate(counts)]  # 3-player: no 2m-8m
    values = fast.values(bytes(counts))
    assert values is not None
    guards = fast.flagged(bytes(int(t in flagged) for t in range(34)))
    weights = fast.unseen_weights(values)
    total = sum(g * u for g, u in zip(guards, weights, strict=True)) >> TOTAL_SHIFT & 255
    assert total == sum(4 - counts[t] for t in flagged & set(game))


def test_fast_rows_behave_as_built_rows() -> None:
    """The fast path builds its rows without the dataclasses' __init__ and spells their
    effective tiles out when first read; unread or read, they hash, print, compare, copy,
    pickle and replace like rows built the ordinary way."""
    hand = "1113456789m11z22z"
    careful = discards(hand, visible=NOTHING)
    for build in (hash, repr, copy.copy, copy.deepcopy, _pickled, dataclasses.asdict):
        fast = discards(hand)
        assert not any("ukeire" in vars(row) for row in fast)  # nothing spelled yet
        assert [build(row) for row in fast] == [build(row) for row in careful], build
        assert [build(row.ukeire) for row in fast] == [build(row.ukeire) for row in careful]
        assert [vars(row) for row in fast] == [vars(row) for row in careful]
    fast = discards(hand)
    assert dataclasses.replace(fast[1], shanten=5) == dataclasses.replace(careful[1], shanten=5)


def test_reading_one_row_spells_the_whole_table() -> None:
    hand = "23489m6799p22567s"
    careful = discards(hand, visible=NOTHING)
    fast = discards(hand)
    assert fast[-1].ukeire == careful[-1].ukeire
    assert all("ukeire" in vars(row) and PENDING not in vars(row) for row in fast)


def test_rows_outlive_their_table_and_form_no_cycle() -> None:
    """A row kept after its table (and its siblings) is gone still spells its tiles;
    rows free by reference counting alone, with the cycle collector off."""
    hand = "23489m6799p22567s"
    careful = discards(hand, visible=NOTHING)
    collecting = gc.isenabled()
    gc.disable()
    try:
        table = discards(hand)
        kept, gone = table[3], weakref.ref(table[4])
        del table
        assert gone() is None  # freed at once: no reference cycle holds it
        assert kept.ukeire == careful[3].ukeire
    finally:
        if collecting:
            gc.enable()


def _pickled(value: object) -> object:
    return pickle.loads(pickle.dumps(value))

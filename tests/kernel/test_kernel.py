"""The kernel against the reference path: the same answers and the same errors.

The public verbs are the kernel's where it was built (``shanten.accelerated``); the
reference functions stay reachable as ``shanten.analysis.shanten``,
``shanten.efficiency.ukeire`` and ``shanten.efficiency.discards`` on either path. These
tests skip on the plain path (``SHANTEN_PURE=1``, or no compiler); with
``SHANTEN_REQUIRE_KERNEL=1`` a missing kernel fails the import instead.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shanten
from shanten import analysis, efficiency
from shanten.hand import VALID_SIZES
from shanten.tables.classes import NO_CLASS, class_ids, closed_tables, kernel_parts
from shanten.tables.transform import Kind, table

pytestmark = pytest.mark.skipif(not shanten.accelerated, reason="the C kernel is not in use")

ARA = Path(__file__).resolve().parents[3] / "shared" / "testdata" / "ara"
SUITS = {"m": 0, "p": 9, "s": 18}


def random_hand(rng: random.Random, size: int, players: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    counts = [0] * 34
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


def random_position(rng: random.Random) -> tuple[list[int], dict[str, Any]]:
    """A hand with melds (taken first from the wall) and visible tiles, 3 or 4 players."""
    players = rng.choice([3, 4])
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.choice([0, 0, 0, 1, 2, 3, 4])):
        tile = rng.choice(wall)
        if tile < 27 and tile % 9 <= 6 and players == 4 and rng.random() < 0.5:
            run = [tile, tile + 1, tile + 2]
            if all(t in wall for t in run):
                for t in run:
                    wall.remove(t)
                melds.append(f"{''.join(str(t % 9 + 1) for t in run)}{'mps'[tile // 9]}")
                continue
        if wall.count(tile) >= 3:
            for _ in range(3):
                wall.remove(tile)
            melds.append(str(tile % 9 + 1 if tile < 27 else tile - 26) * 3 + "mpsz"[tile // 9])
    size = rng.choice([13 - 3 * len(melds), 14 - 3 * len(melds)])
    counts = [0] * 34
    for tile in wall[:size]:
        counts[tile] += 1
    visible = [0] * 34
    for tile in wall[size : size + rng.choice([0, 0, 5, 20])]:
        visible[tile] += 1
    options: dict[str, Any] = {"players": players, "melds": melds}
    if any(visible):
        options["visible"] = visible
    return counts, options


def same(kernel_call: Callable[[], object], reference_call: Callable[[], object]) -> None:
    """The two calls give equal answers, or errors of the same type and message."""
    try:
        expected: object = reference_call()
    except Exception as error:
        with pytest.raises(type(error)) as raised:
            kernel_call()
        assert str(raised.value) == str(error)
        return
    assert kernel_call() == expected


def check_hand(counts: list[int], **options: Any) -> None:
    """Every verb that applies, both form views, kernel against reference."""
    shanten_options = {k: v for k, v in options.items() if k != "visible"}
    same(
        lambda: shanten.shanten(counts, **shanten_options),
        lambda: analysis.shanten(counts, **shanten_options),
    )
    size = sum(counts)
    kernel_verb, reference = (
        (shanten.ukeire, efficiency.ukeire)
        if size % 3 == 1
        else (shanten.discards, efficiency.discards)
    )
    for form in ("all", "standard"):
        same(
            lambda: kernel_verb(counts, form=form, **options),  # noqa: B023
            lambda: reference(counts, form=form, **options),  # noqa: B023
        )


@pytest.mark.parametrize("players", [4, 3])
def test_random_closed_hands_of_every_size(players: int) -> None:
    rng = random.Random(20261124 + players)
    for _ in range(1500):
        counts = random_hand(rng, rng.choice(sorted(VALID_SIZES)), players)
        check_hand(counts, players=players)
        kinds = (tuple(counts), str(shanten.Hand(counts)), shanten.Hand(counts))
        for value in kinds:
            assert shanten.shanten(value, players=players) == shanten.shanten(
                counts, players=players
            )


def test_random_hands_with_melds_and_visible_tiles() -> None:
    rng = random.Random(11)
    for _ in range(1500):
        counts, options = random_position(rng)
        check_hand(counts, **options)


@pytest.mark.exhaustive
def test_a_million_random_hands() -> None:
    rng = random.Random(12)
    for i in range(1_000_000):
        if i % 4 == 0:
            counts, options = random_position(rng)
        else:
            players = rng.choice([3, 4])
            counts = random_hand(rng, rng.choice(sorted(VALID_SIZES)), players)
            options = {"players": players}
        check_hand(counts, **options)


def test_crowded_hands() -> None:
    # triplets and quads, where the 4-copy rule and seven pairs interact
    rng = random.Random(7)
    for _ in range(1500):
        counts = [0] * 34
        size = rng.choice([13, 14])
        while sum(counts) < size:
            tile = rng.randrange(34)
            counts[tile] = min(
                4, counts[tile] + rng.randint(1, 4), counts[tile] + size - sum(counts)
            )
        check_hand(counts)


def single_suit_hands(size: int) -> list[list[int]]:
    return [list(shape) for shape in itertools.product(range(5), repeat=9) if sum(shape) == size]


@pytest.mark.parametrize(
    "step",  # every step-th shape of each suit: a sample by default, all of them exhaustively
    [pytest.param(29, id="sample"), pytest.param(1, id="all", marks=pytest.mark.exhaustive)],
)
@pytest.mark.parametrize("size", [13, 14])
def test_every_single_suit_hand(size: int, step: int) -> None:
    shapes = single_suit_hands(size)
    assert len(shapes) == {13: 93_600, 14: 118_800}[size]
    for suit, players in (("m", 4), ("p", 4), ("s", 3)):
        base = SUITS[suit]
        for shape in shapes[::step]:
            counts = [0] * 34
            counts[base : base + 9] = shape
            assert shanten.shanten(counts, players=players) == analysis.shanten(
                counts, players=players
            ), counts
            if size == 13:
                assert shanten.ukeire(counts, players=players) == efficiency.ukeire(
                    counts, players=players
                ), counts


@pytest.mark.exhaustive
def test_every_single_suit_discard_table() -> None:
    for shape in single_suit_hands(14):
        counts = [0] * 9 + shape + [0] * 16
        assert shanten.discards(counts) == efficiency.discards(counts), counts


def ara_hands() -> list[list[int]]:
    hands = []
    for path in sorted(ARA.glob("p_*_10000.txt")):
        for line in path.read_text().splitlines():
            if line.strip():
                counts = [0] * 34
                for tile in line.split()[:14]:
                    counts[int(tile)] += 1
                hands.append(counts)
    return hands


def test_every_ara_hand() -> None:
    hands = ara_hands()
    if not hands:
        pytest.skip(f"{ARA} is not here (shared/ sits beside the project in CI)")
    assert len(hands) == 40_000
    for counts in hands:
        assert shanten.shanten(counts) == analysis.shanten(counts), counts


@pytest.mark.exhaustive
def test_every_ara_discard_table() -> None:
    hands = ara_hands()
    assert len(hands) == 40_000
    for counts in hands:
        assert shanten.discards(counts) == efficiency.discards(counts), counts


# Bad input reaches no C code unchecked ---------------------------------------------------

ITEMS = st.one_of(
    st.integers(0, 4),
    st.integers(-(2**70), 2**70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(-5, 300).map(np.int64),
    st.integers(0, 4).map(np.uint8),
    st.none(),
    st.text(max_size=3),
)


@st.composite
def bad_hands(draw: st.DrawFn) -> object:
    """Count lists with odd items and lengths, strings and bytes."""
    kind = draw(st.sampled_from(["list", "tuple", "str", "bytes", "ascii"]))
    if kind in ("list", "tuple"):
        length = draw(st.sampled_from([34, 34, 34, 33, 35, 0]))
        items = draw(st.lists(ITEMS, min_size=length, max_size=length))
        if length == 34 and draw(st.booleans()):  # mostly valid counts, one odd item
            items = [draw(st.integers(0, 1)) for _ in range(34)]
            items[draw(st.integers(0, 33))] = draw(ITEMS)
        return items if kind == "list" else tuple(items)
    if kind == "bytes":
        return draw(st.binary(max_size=40))
    if kind == "ascii":
        return draw(st.text(alphabet="0123456789mpsz \n", max_size=70))
    return draw(st.text(max_size=20))


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "players": st.sampled_from([3, 4, 5, 4.0, True, np.int64(4), None, "4"]),
        "melds": st.sampled_from([(), [], "", ["555z"], ("123m",), None]),
        "count_melded_copies": st.sampled_from([False, True, 0, None]),
    },
)


@settings(max_examples=400, deadline=None)
@given(hand=bad_hands(), options=OPTIONS, form=st.sampled_from(["all", "standard", "foo", 1]))
def test_bad_input_gets_the_same_error_on_both_paths(
    hand: object, options: dict[str, Any], form: object
) -> None:
    same(lambda: shanten.shanten(hand, **options), lambda: analysis.shanten(hand, **options))  # type: ignore[arg-type]
    same(
        lambda: shanten.ukeire(hand, form=form, **options),  # type: ignore[arg-type]
        lambda: efficiency.ukeire(hand, form=form, **options),  # type: ignore[arg-type]
    )
    same(
        lambda: shanten.discards(hand, form=form, **options),  # type: ignore[arg-type]
        lambda: efficiency.discards(hand, form=form, **options),  # type: ignore[arg-type]
    )


def test_calls_the_kernel_does_not_answer_reach_the_reference() -> None:
    # positional options, unknown keywords: the same TypeError as the reference's
    same(
        lambda: shanten.shanten("123m", 4),  # type: ignore[arg-type, call-arg]
        lambda: analysis.shanten("123m", 4),  # type: ignore[arg-type, call-arg]
    )
    same(
        lambda: shanten.ukeire("1m", colour="red"),  # type: ignore[call-arg]
        lambda: efficiency.ukeire("1m", colour="red"),  # type: ignore[call-arg]
    )
    same(lambda: shanten.shanten(), lambda: analysis.shanten())  # type: ignore[call-arg]


def test_fast_off_sends_every_call_to_the_fallback() -> None:
    from shanten._kernel import _c
    from shanten._kernel.engine import ENGINE

    ENGINE.installed()  # the tables, without which every call is the fallback's anyway
    calls: list[tuple[Any, ...]] = []

    def fallback(*args: Any, **kwargs: Any) -> int:
        calls.append(args)
        return analysis.shanten(*args, **kwargs)

    verb = _c.Verb(0, fallback)
    hand = "23489m6799p22567s"
    expected = analysis.shanten(hand)
    assert verb(hand) == expected and calls == []  # a plain closed hand: answered in C
    previous = _c.fast(False)
    try:
        assert previous is True  # the default
        assert _c.fast(False) is False  # each call returns the setting it replaces
        assert verb(hand) == expected and calls == [(hand,)]
        assert shanten.shanten(hand) == expected  # the public verbs on their fallbacks
    finally:
        _c.fast(previous)
    assert verb(hand) == expected and calls == [(hand,)]  # answered in C again


def test_the_verbs_carry_the_reference_names_and_docs() -> None:
    import inspect

    for verb, reference in (
        (shanten.shanten, analysis.shanten),
        (shanten.ukeire, efficiency.ukeire),
        (shanten.discards, efficiency.discards),
    ):
        assert verb.__doc__ == reference.__doc__
        assert verb.__name__ == reference.__name__
        assert inspect.signature(verb) == inspect.signature(reference)


# The tables the kernel reads ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["suit", "honour", "sanma_manzu"])
def test_every_shape_class_holds_its_table_row(kind: Kind) -> None:
    ids, vectors = class_ids(kind)
    rows = table(kind)
    per_code = np.frombuffer(ids, dtype=np.uint8)
    digits = (
        np.indices((5,) * {"suit": 9, "honour": 7, "sanma_manzu": 2}[kind]).reshape(-1, len(rows)).T
    )
    small = digits.sum(axis=1) <= 14
    assert (per_code[~small] == NO_CLASS).all()
    assert (vectors[per_code[small]] == np.minimum(rows[small], 15)).all()
    # classes are distinct vectors
    assert len({tuple(v) for v in vectors.tolist()}) == len(vectors)


def bad_copy(players: int, part: int, field: int, value: int) -> list[Any]:
    parts: list[list[Any]] = [list(p) for p in kernel_parts(players)]
    array = parts[part][field].copy()
    array[len(array) // 2] = value
    parts[part][field] = array
    return [tuple(p) for p in parts]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (2, 200, "ids: entry"),
        (5, 255, "first: entry"),
        (7, 255, "second: entry"),
        (9, 16, "dist: entry"),
    ],
)
def test_the_kernel_refuses_a_table_entry_out_of_range(
    field: int, value: int, message: str
) -> None:
    from shanten._kernel import _c as kernel
    from shanten._kernel.engine import ENGINE

    ENGINE.installed()
    with pytest.raises(ValueError, match=message):
        kernel.install(4, bad_copy(4, 1, field, value))
    assert shanten.shanten("23489m6799p22567s") == 1  # the installed tables stand


def test_the_kernel_refuses_parts_whose_others_are_out_of_order() -> None:
    from shanten._kernel import _c as kernel
    from shanten._kernel.engine import ENGINE

    ENGINE.installed()
    parts: list[list[Any]] = [list(p) for p in kernel_parts(4)]
    parts[3][4] = (1, 0, 2)  # the batch reads the last part's rest class in part order
    with pytest.raises(ValueError, match="others"):
        kernel.install(4, [tuple(p) for p in parts])
    assert shanten.shanten("23489m6799p22567s") == 1  # the installed tables stand


def test_the_kernel_refuses_tables_of_the_wrong_size() -> None:
    from shanten._kernel import _c as kernel
    from shanten._kernel.engine import ENGINE

    ENGINE.installed()
    parts: list[list[Any]] = [list(p) for p in kernel_parts(3)]
    parts[2][9] = parts[2][9][:-1]
    with pytest.raises(ValueError, match="dist: expected"):
        kernel.install(3, [tuple(p) for p in parts])
    seven, kokushi = closed_tables()
    with pytest.raises(ValueError, match="kokushi: expected 28"):
        kernel.install_closed(seven, kokushi[:-1])


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0x01FFFFFF, "words: entry 1 "),  # a class byte that is not the ids' entry
        (None, "words: entry 1 "),  # the class right, but 15 tiles: the sums could carry
    ],
)
def test_the_kernel_refuses_words_that_are_not_the_ids(value: int | None, message: str) -> None:
    from shanten._kernel import _c as kernel
    from shanten._kernel.engine import ENGINE
    from shanten.tables.classes import kernel_words

    ENGINE.batch_shanten(np.zeros((0, 34), dtype=np.uint8), np.zeros(0, dtype=np.int8), 4, "all")
    words = list(kernel_words(4))
    honours = words[3].copy()
    code = 1  # 7z alone: class and fields of one tile
    honours[code] = (honours[code] & 0xFF000000) | 15 if value is None else value
    words[3] = honours
    with pytest.raises(ValueError, match=message):
        kernel.install_words(4, words)
    hand = [1] * 13 + [0] * 21  # the installed words stand: the batch agrees with the reference
    assert shanten.batch.shanten(np.array([hand]))[0] == analysis.shanten(hand)


def test_kernel_results_are_the_same_objects_as_the_reference_builds() -> None:
    import copy
    import pickle

    table = shanten.discards("23489m6799p22567s")
    reference = efficiency.discards("23489m6799p22567s")
    assert table == reference and hash(table) == hash(reference)
    assert [repr(row) for row in table] == [repr(row) for row in reference]
    for row in table:
        assert type(row) is type(reference[0]) and type(row.ukeire) is type(reference[0].ukeire)
        assert pickle.loads(pickle.dumps(row)) == row
        assert copy.deepcopy(row) == row and copy.copy(row) == row
    ukeire = shanten.ukeire("2389m6799p22567s")
    assert pickle.loads(pickle.dumps(ukeire)) == ukeire == efficiency.ukeire("2389m6799p22567s")
    with pytest.raises(AttributeError):
        ukeire.total = 0  # type: ignore[misc]


def test_the_verbs_pickle_by_name_and_work_in_a_process_pool() -> None:
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    for verb in (shanten.shanten, shanten.ukeire, shanten.discards):
        assert pickle.loads(pickle.dumps(verb)) is verb
    hands = ["23489m6799p22567s", "19m19p19s1234567z", "123m456p789s1122z"]
    with ProcessPoolExecutor(2) as pool:
        assert list(pool.map(shanten.shanten, hands)) == [shanten.shanten(h) for h in hands]

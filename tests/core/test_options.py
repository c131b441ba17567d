"""Every entry point reads its options by the same rules (shanten.options), and bad
options or arguments get the library's own errors: a ShantenError, or a TypeError that
names the argument, never another exception, a hang or a wrong number."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shanten
from shanten import HandError, Meld, RuleError, ShantenError, Tile, analysis, batch, efficiency
from shanten.report import report

Call = Callable[..., object]

#: A 3-meld position where the copy rule matters, with tiles of both games: 23p44s waits
#: on 1p and 4p, and the melds hold all four 1p, so under count_melded_copies=True only 4p
#: is left.
MELDS = ["1111p", "444z", "555z"]


GOOD_SHAPE_MELDS = ["111m", "999m"]


def _good_shape(**options: Any) -> object:
    # 23p 579s 11z with two melds is 1-shanten, as good_shape needs
    melds = options.pop("melds", GOOD_SHAPE_MELDS)
    return shanten.good_shape("23p579s11z", melds=melds, **options)


def _report(**options: Any) -> object:
    return report("23p44s", **{"melds": MELDS, **options})


#: Every entry point that takes melds and the rules, on a hand of the size it needs.
WITH_MELDS: dict[str, Call] = {
    "shanten": lambda **o: shanten.shanten("23p44s", **{"melds": MELDS, **o}),
    "calculate": lambda **o: shanten.calculate("23p44s", **{"melds": MELDS, **o}),
    "ukeire": lambda **o: shanten.ukeire("23p44s", **{"melds": MELDS, **o}),
    "discards": lambda **o: shanten.discards("234p44s", **{"melds": MELDS, **o}),
    "good_shape": _good_shape,
    "is_complete": lambda **o: shanten.is_complete("234p44s", **{"melds": MELDS, **o}),
    "decompositions": lambda **o: shanten.decompositions("234p44s", **{"melds": MELDS, **o}),
    "waits": lambda **o: shanten.waits("23p44s", **{"melds": MELDS, **o}),
    "report": _report,
}
#: The entry points that take ``visible``.
WITH_VISIBLE = {name: WITH_MELDS[name] for name in ("ukeire", "discards", "good_shape", "report")}
#: The entry points that take ``second_step``.
WITH_SECOND_STEP: dict[str, Call] = {
    "discards": lambda **o: shanten.discards("234p44s", melds=MELDS, **o),
    "report": _report,
}
#: The entry points that take ``players``: all of the above and the batch API.
WITH_PLAYERS: dict[str, Call] = {
    **WITH_MELDS,
    "batch.shanten": lambda **o: batch.shanten(np.array([shanten.Hand("19m11z").counts]), **o),
    "batch.ukeire": lambda **o: batch.ukeire(np.array([shanten.Hand("19m11z").counts]), **o),
}


def answer(call: Call, **options: Any) -> object:
    """The call's answer, made comparable (numpy arrays as lists)."""
    result = call(**options)
    return result.tolist() if isinstance(result, np.ndarray) else result


# melds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", WITH_MELDS)
@pytest.mark.parametrize(
    "shape",
    [tuple, np.array, lambda melds: iter(melds), lambda melds: np.array([Meld(m) for m in melds])],
    ids=["tuple", "numpy", "iterator", "numpy-of-Meld"],
)
def test_melds_of_any_collection_answer_as_a_list(name: str, shape: Callable[..., object]) -> None:
    call = WITH_MELDS[name]
    melds = GOOD_SHAPE_MELDS if name == "good_shape" else MELDS
    assert answer(call, melds=shape(melds)) == answer(call, melds=list(melds))


@pytest.mark.parametrize(
    "verb", [shanten.shanten, shanten.calculate, shanten.ukeire, shanten.is_complete]
)
def test_an_empty_numpy_array_is_no_melds(verb: Call) -> None:
    assert verb("23m579p456789s11z", melds=np.array([])) == verb("23m579p456789s11z")


@pytest.mark.parametrize("name", WITH_MELDS)
@pytest.mark.parametrize("melds", [5, None, 1.5, object()], ids=["int", "None", "float", "object"])
def test_melds_that_are_not_a_collection_name_melds(name: str, melds: object) -> None:
    with pytest.raises(
        TypeError, match=r"^melds is a sequence of melds, e\.g\. \['123m', '555z'\]"
    ):
        WITH_MELDS[name](melds=melds)


@pytest.mark.parametrize("name", WITH_MELDS)
@pytest.mark.parametrize("melds", ["555z", Meld("555z")], ids=["str", "Meld"])
def test_one_meld_is_not_a_collection_of_melds(name: str, melds: object) -> None:
    with pytest.raises(TypeError, match="not one meld"):
        WITH_MELDS[name](melds=melds)


@pytest.mark.parametrize("name", WITH_MELDS)
def test_a_meld_that_is_not_notation_names_melds_and_the_item(name: str) -> None:
    with pytest.raises(TypeError, match=r"^melds is a sequence of melds.*item 1 is 5$"):
        WITH_MELDS[name](melds=["444z", 5])


@pytest.mark.parametrize("name", WITH_MELDS)
def test_endless_melds_are_refused_not_read_forever(name: str) -> None:
    with pytest.raises(HandError, match="more than 4 melds: a hand has at most 4"):
        WITH_MELDS[name](melds=itertools.repeat("555z"))


# players ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", WITH_PLAYERS)
@pytest.mark.parametrize("players", [np.int64(3), np.int8(4), np.uint8(3)], ids=repr)
def test_numpy_integers_are_the_players_they_are(name: str, players: object) -> None:
    call = WITH_PLAYERS[name]
    assert answer(call, players=players) == answer(call, players=int(players))  # type: ignore[call-overload]


@pytest.mark.parametrize("name", WITH_PLAYERS)
@pytest.mark.parametrize(
    "players", [True, False, np.True_, 4.0, "4", None, 2, 5, np.int64(5), [4]], ids=repr
)
def test_players_other_than_the_integer_3_or_4_is_a_rule_error(name: str, players: object) -> None:
    with pytest.raises(RuleError, match=r"^players must be 3 or 4, got "):
        WITH_PLAYERS[name](players=players)


def test_the_report_holds_plain_ints() -> None:
    data = report("1m", players=np.int64(3), count_melded_copies=np.True_)
    assert type(data["players"]) is int and type(data["count_melded_copies"]) is bool


# boolean options ---------------------------------------------------------------------------

NOT_BOOLS = ["no", "", "False", 0, 1, None, 1.0, np.int64(1), [True]]


@pytest.mark.parametrize("name", WITH_MELDS)
@pytest.mark.parametrize("value", NOT_BOOLS, ids=repr)
def test_count_melded_copies_is_true_or_false(name: str, value: object) -> None:
    with pytest.raises(RuleError, match=r"^count_melded_copies must be True or False, got "):
        WITH_MELDS[name](count_melded_copies=value)


@pytest.mark.parametrize("name", WITH_SECOND_STEP)
@pytest.mark.parametrize("value", NOT_BOOLS, ids=repr)
def test_second_step_is_true_or_false(name: str, value: object) -> None:
    with pytest.raises(RuleError, match=r"^second_step must be True or False, got "):
        WITH_SECOND_STEP[name](second_step=value)


def test_report_checks_second_step_for_every_hand_size() -> None:
    with pytest.raises(RuleError, match="second_step"):
        report("1m", second_step="no")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", WITH_MELDS)
@pytest.mark.parametrize("value", [True, False])
def test_numpy_bools_are_the_bools_they_are(name: str, value: bool) -> None:
    call = WITH_MELDS[name]
    expected = answer(call, count_melded_copies=value)
    assert answer(call, count_melded_copies=np.bool_(value)) == expected


def test_the_copy_rule_follows_a_numpy_bool() -> None:
    # the rule changes the answer here, so a misread flag would show
    assert str(shanten.waits("23p44s", melds=MELDS, count_melded_copies=np.True_)) == "4p"
    assert str(shanten.waits("23p44s", melds=MELDS, count_melded_copies=np.False_)) == "1p 4p"


@pytest.mark.parametrize("name", WITH_SECOND_STEP)
def test_second_step_takes_a_numpy_bool(name: str) -> None:
    call = WITH_SECOND_STEP[name]
    for value in (True, False):
        assert answer(call, second_step=np.bool_(value)) == answer(call, second_step=value)


# visible ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", WITH_VISIBLE)
@pytest.mark.parametrize("length", [0, 1, 33, 35])
def test_counts_of_the_wrong_length_name_the_length(name: str, length: int) -> None:
    if length == 0:  # no counts is no visible tiles
        assert answer(WITH_VISIBLE[name], visible=[]) == answer(WITH_VISIBLE[name])
        return
    with pytest.raises(HandError, match=rf"^visible has {length} counts: counts have 34 entries"):
        WITH_VISIBLE[name](visible=[0] * length)


@pytest.mark.parametrize("name", WITH_VISIBLE)
@pytest.mark.parametrize(
    "visible", [5, None, 1.5, object()], ids=["int", "None", "float", "object"]
)
def test_visible_that_is_not_a_collection_names_visible(name: str, visible: object) -> None:
    with pytest.raises(
        TypeError, match=r"^visible is notation, a list of tiles or 34 counts, not "
    ):
        WITH_VISIBLE[name](visible=visible)


@pytest.mark.parametrize("name", WITH_VISIBLE)
def test_visible_in_every_shape_answers_alike(name: str) -> None:
    call = WITH_VISIBLE[name]
    counts = [0] * 34
    counts[12] = 2  # two 4p
    expected = answer(call, visible="44p")
    assert answer(call, visible=["4p", "4p"]) == expected
    assert answer(call, visible=[Tile("4p"), Tile("4p")]) == expected
    assert answer(call, visible=counts) == expected
    assert answer(call, visible=np.array(counts, dtype=np.int8)) == expected
    assert answer(call, visible=np.array(counts) > 0) == answer(call, visible="4p")
    assert answer(call, visible=iter(["4p", "4p"])) == expected


@pytest.mark.parametrize("name", WITH_VISIBLE)
def test_endless_visible_tiles_are_refused_not_read_forever(name: str) -> None:
    with pytest.raises(HandError, match="more than 136 items: the game has 136 tiles"):
        WITH_VISIBLE[name](visible=itertools.repeat(""))


# the hand -----------------------------------------------------------------------------------

PER_CALL: dict[str, Call] = {
    "shanten": shanten.shanten,
    "calculate": shanten.calculate,
    "ukeire": shanten.ukeire,
    "discards": shanten.discards,
    "good_shape": shanten.good_shape,
    "is_complete": shanten.is_complete,
    "decompositions": shanten.decompositions,
    "waits": shanten.waits,
    "report": report,
    "Hand": shanten.Hand,
}


@pytest.mark.parametrize("name", PER_CALL)
@pytest.mark.parametrize(
    "hand",
    [None, 5, 1.5, object(), 3 + 0j],
    ids=["None", "int", "float", "object", "complex"],
)
def test_a_hand_of_the_wrong_type_names_the_hand(name: str, hand: object) -> None:
    with pytest.raises(TypeError, match=r"^a hand is notation, a Hand or 34 counts, not "):
        PER_CALL[name](hand)


@pytest.mark.parametrize("name", PER_CALL)
def test_an_endless_hand_is_refused_not_read_forever(name: str) -> None:
    with pytest.raises(HandError, match=r"a count vector has 34 entries .*, got more than 34"):
        PER_CALL[name](itertools.repeat(0))


@pytest.mark.parametrize("name", ["shanten", "calculate", "is_complete", "Hand"])
def test_numpy_bool_counts_are_read_as_batch_reads_them(name: str) -> None:
    counts = np.zeros(34, dtype=np.bool_)
    counts[[0, 8, 9, 17]] = True  # 19m19p
    as_ints = counts.astype(np.int64)
    assert PER_CALL[name](counts) == PER_CALL[name](as_ints)
    if name == "shanten":
        assert shanten.shanten(counts) == int(batch.shanten(counts[None, :])[0])


@pytest.mark.parametrize("name", ["batch.shanten", "batch.ukeire"])
@pytest.mark.parametrize("counts", [None, 5, "123m", object()], ids=repr)
def test_batch_refuses_what_is_not_a_count_array(name: str, counts: object) -> None:
    verb = batch.shanten if name == "batch.shanten" else batch.ukeire
    with pytest.raises(HandError, match="a count array"):
        verb(counts)  # type: ignore[arg-type]


# melds one by one ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 5, 1.5], ids=repr)
def test_a_meld_of_the_wrong_type_names_what_a_meld_is(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a meld is notation such as '123m' or a Meld"):
        Meld(value)  # type: ignore[arg-type]


# anything at all -------------------------------------------------------------------------------

ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**65), 2**65),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.sampled_from(
        [np.int64(3), np.int8(-1), np.uint8(4), np.True_, np.float64(4.0), np.str_("1m")]
    ),
    st.lists(st.one_of(st.integers(-2, 6), st.text(max_size=4), st.none()), max_size=40),
    st.builds(np.array, st.lists(st.integers(0, 4), max_size=40)),
)
ARGUMENT_NAMES = {
    "hand": "hand",
    "melds": "meld",
    "players": "players",
    "count_melded_copies": "count_melded_copies",
    "visible": "visible",
    "second_step": "second_step",
}


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(WITH_MELDS)),
    option=st.sampled_from(["melds", "players", "count_melded_copies", "visible", "second_step"]),
    value=ANYTHING,
)
def test_any_option_value_answers_or_gets_a_named_error(
    name: str, option: str, value: object
) -> None:
    call = WITH_MELDS[name]
    if option == "visible" and name not in WITH_VISIBLE:
        return
    if option == "second_step" and name not in WITH_SECOND_STEP:
        return
    try:
        call(**{option: value})
    except ShantenError:
        pass
    except TypeError as error:
        assert ARGUMENT_NAMES[option] in str(error)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(PER_CALL)), hand=ANYTHING)
def test_any_hand_answers_or_gets_a_named_error(name: str, hand: object) -> None:
    try:
        PER_CALL[name](hand)
    except ShantenError:
        pass
    except TypeError as error:
        assert "hand" in str(error)


# both paths ----------------------------------------------------------------------------------

#: (public verb, reference function, hand, the options it takes).
PATHS: list[tuple[Call, Call, str, set[str]]] = [
    (shanten.shanten, analysis.shanten, "23p44s", {"melds", "players", "count_melded_copies"}),
    (
        shanten.ukeire,
        efficiency.ukeire,
        "23p44s",
        {"melds", "players", "count_melded_copies", "visible"},
    ),
    (
        shanten.discards,
        efficiency.discards,
        "234p44s",
        {"melds", "players", "count_melded_copies", "visible", "second_step"},
    ),
]
ODD_OPTIONS = [
    {"players": np.int64(3)},
    {"players": np.uint8(4), "melds": np.array(MELDS)},
    {"count_melded_copies": np.True_, "melds": np.array(MELDS)},
    {"count_melded_copies": np.False_},
    {"visible": np.zeros(34, dtype=np.int8)},
    {"visible": np.array(["4p", "4p"])},
    {"second_step": np.True_},
    {"players": True},
    {"count_melded_copies": "no"},
    {"count_melded_copies": 1},
    {"second_step": 0},
    {"visible": [0] * 33},
    {"visible": None},
    {"melds": 5},
    {"melds": None},
]


@pytest.mark.parametrize("options", ODD_OPTIONS, ids=repr)
@pytest.mark.parametrize("path", range(len(PATHS)), ids=["shanten", "ukeire", "discards"])
def test_the_kernel_and_the_reference_read_options_alike(
    path: int, options: dict[str, Any]
) -> None:
    verb, reference, hand, takes = PATHS[path]
    full = {"melds": MELDS, **options}
    if not set(options) <= takes:  # an option the verb does not take: both refuse it
        (extra,) = set(options) - takes
        for call in (verb, reference):
            with pytest.raises(TypeError, match=extra):
                call(hand, **full)
        return
    try:
        expected = reference(hand, **full)
    except (ShantenError, TypeError) as error:
        with pytest.raises(type(error)) as raised:
            verb(hand, **full)
        assert str(raised.value) == str(error)
        return
    assert verb(hand, **full) == expected

"""Properties of the discard odds (hypothesis, bounded), their row order, and their
errors on bad input."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shanten
from shanten.errors import RuleError
from support.odds_hands import Deal, deal

# the reference engine is tens of times slower: its runs of the property tests (marked
# large) come with the exhaustive proofs (tests/kernel/test_odds_engine.py proves the
# kernel's engine equal to it)
SETTINGS = settings(max_examples=20, deadline=None)
SWITCHES = [(False, False), (True, False), (False, True), (True, True)]


@st.composite
def deals(draw: st.DrawFn) -> tuple[Deal, int]:
    """A random deal (3n+2 or 3n+1, 3 or 4 players, two or three melds, visible tiles)
    and a number of draws: small, as the library takes seconds on a full hand."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    players = draw(st.sampled_from([4, 3]))
    found = deal(
        rng,
        size=draw(st.sampled_from([14, 13])),
        players=players,
        melds=draw(st.integers(2, 3)),
        visible=draw(st.sampled_from([0, 8])),
    )
    return found, draw(st.integers(0, 4))


# the documented reach of the odds: the largest shanten answered without a switch and
# with either switch on (docs/odds.md); past it the call is refused at once
REACH = {False: 4, True: 3}


def ask(found: Deal, draws: int, hand_changes: bool = False, shanten_back: bool = False) -> Any:
    """The odds of a deal, or ``()`` for a deal past the documented reach, after
    checking that it was refused with a RuleError naming the limit."""
    options = found.options()
    best = shanten.shanten(
        list(found.hand),
        melds=options["melds"],
        players=options["players"],
        count_melded_copies=options["count_melded_copies"],
    )
    limit = REACH[hand_changes or shanten_back]
    if best > limit:
        with pytest.raises(RuleError, match=f"up to {limit}-shanten .* is {best}-shanten"):
            odds_of(found, draws, hand_changes, shanten_back)
        return ()
    return odds_of(found, draws, hand_changes, shanten_back)


def odds_of(found: Deal, draws: int, hand_changes: bool, shanten_back: bool) -> Any:
    return shanten.odds(
        list(found.hand),
        draws=draws,
        hand_changes=hand_changes,
        shanten_back=shanten_back,
        **found.options(),
    )


def curves(result: Any) -> list[Any]:
    """The rows of a 3n+2 result, or the one result of a 3n+1 hand, as a list."""
    return list(result) if isinstance(result, tuple) else [result]


@pytest.mark.large
@SETTINGS
@given(deals())
def test_curves_are_probabilities(case: tuple[Deal, int]) -> None:
    """In [0, 1], never falling with k, win[0] == 0, tenpai[-1] >= win[-1]."""
    check_curves(*case)


@pytest.mark.large  # the reference's run comes with the exhaustive proofs
def test_curves_are_probabilities_with_switches() -> None:
    """The same with each switch, on a hand with three melds (a switch costs the
    library seconds on any hand)."""
    found = deal(random.Random(11), melds=3)
    for switches in SWITCHES:
        check_curves(found, 4, *switches)


def check_curves(
    found: Deal, draws: int, hand_changes: bool = False, shanten_back: bool = False
) -> None:
    for row in curves(ask(found, draws, hand_changes, shanten_back)):
        for curve in (row.win, row.tenpai):
            assert len(curve) == draws + 1
            assert all(0.0 <= value <= 1.0 for value in curve), curve
            assert all(a <= b for a, b in itertools.pairwise(curve)), curve
        assert row.win[0] == 0.0
        assert row.tenpai[-1] >= row.win[-1] - TIES * draws, (str(found), row)


# what the tie rule may give away at each draw (docs/odds.md, "What holds")
TIES = 1e-12


@pytest.mark.kernel_only  # 200 whole hands: minutes on the kernel's twin, hours on the reference
def test_ready_at_the_end_at_least_as_often_as_won() -> None:
    """tenpai[-1] >= win[-1] on random hands with melds over a whole hand's draws, each
    switch on or off at random: the documented inequality, which concerns the last
    entries only (the earlier ones are the final plan's, below)."""
    rng = random.Random(9)
    rows = 0
    while rows < 200:
        found = deal(rng, melds=rng.choice([2, 3]), players=rng.choice([4, 3]))
        switches = rng.random() < 0.5, rng.random() < 0.5
        draws = rng.choice([17, 30])
        for row in curves(ask(found, draws, *switches)):
            assert row.tenpai[-1] >= row.win[-1] - TIES * draws, (str(found), switches, row)
            assert all(a <= b for a, b in itertools.pairwise(row.tenpai)), row
            assert all(a <= b for a, b in itertools.pairwise(row.win)), row
            rows += 1


@pytest.mark.kernel_only  # the reference takes minutes here; tests/kernel holds the two equal
def test_earlier_entries_are_the_final_plans() -> None:
    """Documented (docs/odds.md, "What holds"): before the last draw the curves are the
    plans for the last draw, and the tenpai plan can be behind the win plan. Discarding
    1z with 100 draws, the tenpai plan is all but sure to be ready by the end whatever it
    keeps early, so the tie rule decides its early draws: it is not ready before the 30th."""
    hand = "78m19p456789s1247z"
    rows: Any = shanten.odds(hand, draws=100, shanten_back=True, discards=["1z"])
    (row,) = rows
    assert row.tenpai[-1] == pytest.approx(1.0, abs=1e-11) and row.tenpai[-1] >= row.win[-1]
    assert row.tenpai[29] == 0.0 < row.tenpai[30]
    assert row.tenpai[34] == pytest.approx(0.065, abs=5e-4)
    assert row.win[34] == pytest.approx(0.542, abs=5e-4)
    # the best chance by draw 34 is the last entry of the plan for 34 draws
    shorter: Any = shanten.odds(hand, draws=34, shanten_back=True, discards=["1z"])
    (best,) = shorter
    assert best.tenpai[-1] == pytest.approx(0.977, abs=5e-4)


@pytest.mark.kernel_only  # the reference takes minutes here; tests/kernel holds the two equal
def test_a_longer_plan_can_be_ahead_where_the_wall_is_rescaled() -> None:
    """Documented (docs/odds.md, "What holds"): where the tiles the hand would keep
    outnumber the wall left, the model scales their chances, keeping one more draw
    lowers the others', and the plan for 18 draws is ready by the 17th a little more
    often than the plan for 17."""
    options: Any = {"melds": ["1111p", "789s", "777z"], "hand_changes": True, "discards": ["4m"]}
    rows17: Any = shanten.odds("14m4p8s2z", draws=17, **options)
    rows18: Any = shanten.odds("14m4p8s2z", draws=18, **options)
    (plan17,), (plan18,) = rows17, rows18
    assert plan17.tenpai[-1] == pytest.approx(0.943117, abs=1e-6)
    assert plan18.tenpai[17] - plan17.tenpai[-1] == pytest.approx(1.33e-5, abs=1e-7)
    assert plan18.win[17] < plan17.win[-1]


@pytest.mark.large  # the reference's run comes with the exhaustive proofs
def test_switches_never_lower_the_odds() -> None:
    """More allowed actions never lower the final value of any row, for either
    objective (hands with three melds, as above)."""
    assert check_switches(deal(random.Random(11), melds=3), 4), "out of a switch's reach"


def check_switches(found: Deal, draws: int) -> bool:
    """Whether the rows were compared: False past the reach of a switch."""
    results = {switches: curves(ask(found, draws, *switches)) for switches in SWITCHES}

    if not all(results.values()):
        # past the reach of a switch: no comparison to make (the refusal is checked)
        return False

    def finals(switches: tuple[bool, bool]) -> dict[object, tuple[float, float]]:
        return {
            getattr(row, "discard", None): (row.win[-1], row.tenpai[-1])
            for row in results[switches]
        }

    plain, changes, back, both = (finals(s) for s in SWITCHES)
    for more, less in ((changes, plain), (back, plain), (both, changes), (both, back)):
        for key, (win, tenpai) in more.items():
            assert win >= less[key][0] - 1e-12, (str(found), key)
            assert tenpai >= less[key][1] - 1e-12, (str(found), key)
    return True


@pytest.mark.exhaustive
@pytest.mark.large
@settings(max_examples=40, deadline=None)
@given(deals(), st.booleans(), st.booleans())
def test_properties_with_switches(
    case: tuple[Deal, int], hand_changes: bool, shanten_back: bool
) -> None:
    check_curves(case[0], case[1], hand_changes, shanten_back)
    check_switches(*case)


@pytest.mark.large
@SETTINGS
@given(deals())
def test_rows_and_order(case: tuple[Deal, int]) -> None:
    """One row per distinct discard, ordered by win[-1], then tenpai[-1] (both
    descending, to 12 decimal places), then as shanten.discards orders them; a row's shanten is the discard
    table's, and a ready row's tenpai curve is all 1.0."""
    found, draws = case
    if sum(found.hand) % 3 != 2:
        return
    rows = ask(found, draws)
    options = found.options()
    table = shanten.discards(list(found.hand), **options)
    rank = {row.discard: n for n, row in enumerate(table)}
    assert sorted(row.discard for row in rows) == sorted(rank)
    keys = [
        (-round(row.win[-1], 12), -round(row.tenpai[-1], 12), rank[row.discard]) for row in rows
    ]
    assert keys == sorted(keys), str(found)
    shanten_of = {row.discard: row.shanten for row in table}
    for row in rows:
        assert row.shanten == shanten_of[row.discard]
        if row.shanten == 0:
            assert row.tenpai == (1.0,) * (draws + 1)


def test_no_draws() -> None:
    """``draws=0``: only now counts; ready rows are ready, none has won."""
    rows: Any = shanten.odds("123m456p789s11223z", draws=0)
    assert rows
    for row in rows:
        assert row.win == (0.0,)
        assert row.tenpai == ((1.0,) if row.shanten == 0 else (0.0,))
    alone: Any = shanten.odds("123m456p789s1122z", draws=0)
    assert (alone.win, alone.tenpai) == ((0.0,), (1.0,))


@pytest.mark.parametrize("draws", [-1, 2.5, "3", None, True, 10**6])
def test_bad_draws(draws: object) -> None:
    with pytest.raises(shanten.RuleError, match="draws"):
        shanten.odds("123m456p789s1122z", draws=draws)  # type: ignore[arg-type]


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2", True])
def test_bad_jobs(jobs: object) -> None:
    with pytest.raises(shanten.RuleError, match="jobs must be a whole number from 1 to"):
        shanten.odds("123m456p789s1122z", jobs=jobs)  # type: ignore[arg-type]


@pytest.mark.kernel_only  # threads are the kernel's; the reference has one
def test_jobs_never_change_the_answer() -> None:
    """The rows solved by one thread or several are the same rows, bit for bit."""
    for hand in ("23489m6799p22567s", "18m448p335577s337z"):
        one = shanten.odds(hand, hand_changes=True, shanten_back=True, jobs=1)
        assert shanten.odds(hand, hand_changes=True, shanten_back=True, jobs=2) == one
        assert shanten.odds(hand, hand_changes=True, shanten_back=True) == one


def test_progress_gets_each_row_as_it_comes_in_the_order_asked() -> None:
    """``progress`` gets every row once, in the order of ``discards`` (without it, the
    order of ``shanten.discards``), equal to the rows returned; a 3n+1 hand's one row
    too."""
    hand = "23489m6799p22567s"
    seen: list[Any] = []
    rows: Any = shanten.odds(hand, draws=3, progress=seen.append)
    assert [row.discard for row in seen] == [row.discard for row in shanten.discards(hand)]
    assert set(seen) == set(rows)
    seen.clear()
    some: Any = shanten.odds(hand, draws=3, discards=["9p", "2m", "9p"], progress=seen.append)
    assert [str(row.discard) for row in seen] == ["9p", "2m"] and set(seen) == set(some)
    seen.clear()
    alone = shanten.odds("123m456p789s1122z", draws=3, progress=seen.append)
    assert seen == [alone]


class Enough(Exception):
    pass


def test_an_exception_in_progress_stops_the_odds() -> None:
    seen: list[Any] = []

    def enough(row: Any) -> None:
        seen.append(row)
        if len(seen) == 2:
            raise Enough

    with pytest.raises(Enough):
        shanten.odds("23489m6799p22567s", draws=3, progress=enough)
    assert len(seen) == 2


@pytest.mark.parametrize("option", ["hand_changes", "shanten_back"])
def test_bad_switch(option: str) -> None:
    with pytest.raises(shanten.RuleError, match=option):
        shanten.odds("123m456p789s1122z", **{option: 1})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "options", "error", "named"),
    [
        ("123m456p789s123z", {}, shanten.HandError, "12 tiles"),
        ("123m456p789s", {}, shanten.HandError, "9 tiles"),
        ("11111m456p789s12z", {}, shanten.HandError, "1m"),
        ("1112m456p789s1122z", {"visible": "11m"}, shanten.HandError, "1m"),
        ("2345m456p789s1122z", {"players": 3}, shanten.HandError, "2m"),
        ("456p789s1155z", {"melds": ["555z"]}, shanten.HandError, "5z"),
        ("123m456p789s1122z", {"players": 5}, shanten.RuleError, "players"),
        ("123m456p789s1x22z", {}, shanten.NotationError, "x"),
    ],
)
def test_bad_input(hand: str, options: dict[str, Any], error: type[Exception], named: str) -> None:
    """Bad input is the library's typed error, naming the tile or option at fault."""
    with pytest.raises(error, match=named):
        shanten.odds(hand, **options)

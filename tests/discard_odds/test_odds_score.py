"""The expected score of the odds (``odds(..., score=ScoreContext(...))``): its arguments,
and the curve where it follows from the scorer alone: a ready hand whose every win pays
the same, the last tile, a hand with no yaku. The exact process for one and two draws is
in ``test_odds_score_exact.py``."""

from __future__ import annotations

import pytest

import shanten

HAND = "234567m34p22s567s"  # waits 2p and 5p, each a pinfu tanyao tsumo
SOUTH = shanten.ScoreContext(seat_wind="2z", round_wind="1z", riichi="never")


def test_score_is_a_score_context() -> None:
    with pytest.raises(TypeError, match=r"score is a shanten\.ScoreContext"):
        shanten.odds(HAND, draws=1, score=5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"riichi": "sometimes"}, shanten.RuleError, "riichi is 'best', 'always' or 'never'"),
        ({"seat_wind": "5z"}, shanten.WinError, "seat_wind 5z is not a wind"),
        ({"dora": "1m2m3m4m5m6m"}, shanten.WinError, "6 dora indicators"),
        ({"north": 5}, shanten.RuleError, "north is how many north tiles"),
        ({"haitei": 1}, shanten.RuleError, "haitei must be True or False"),
    ],
)
def test_a_context_that_cannot_be_is_refused_naming_what(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    given: dict[str, object] = {"seat_wind": "2z", "round_wind": "1z", **options}
    with pytest.raises(error, match=message):
        shanten.ScoreContext(**given)  # type: ignore[arg-type]


def test_the_hand_is_checked_against_the_context() -> None:
    with pytest.raises(shanten.HandError, match="2 red 5m in the hand and melds"):
        shanten.odds("200m34p22s567s456p", draws=1, score=SOUTH)
    with pytest.raises(shanten.HandError, match="2 red 5p in the hand and melds"):
        shanten.odds("123m456s11z", melds=["406p", "055p"], draws=1, score=SOUTH)
    north = shanten.ScoreContext(seat_wind="2z", round_wind="1z", north=1)
    with pytest.raises(shanten.RuleError, match="three players"):
        shanten.odds(HAND, draws=1, score=north)
    west = shanten.ScoreContext(seat_wind="4z", round_wind="1z")
    with pytest.raises(shanten.WinError, match="three players sit"):
        shanten.odds("11m123456789p123s", players=3, draws=1, score=west)


def _points(hand: str, win: str, **flags: object) -> int:
    return shanten.score(hand, win=win, tsumo=True, seat_wind="2z", round_wind="1z", **flags).points  # type: ignore[arg-type]


@pytest.mark.parametrize("draws", [1, 2, 5, 17])
def test_a_wait_whose_wins_pay_alike_is_worth_its_chance_times_the_price(draws: int) -> None:
    price = _points("234567m234p22s567s", "2p")
    assert price == _points("234567m345p22s567s", "5p")
    result = shanten.odds(HAND, draws=draws, score=SOUTH)
    assert isinstance(result, shanten.HandOdds) and result.score is not None
    assert len(result.score) == draws + 1 and result.score[0] == 0.0
    for k in range(draws + 1):
        assert result.score[k] == pytest.approx(price * result.win[k], rel=1e-12, abs=1e-9)


def test_the_last_draw_is_priced_with_haitei_when_it_ends_the_wall() -> None:
    last = shanten.ScoreContext(seat_wind="2z", round_wind="1z", riichi="never", haitei=True)
    result = shanten.odds(HAND, draws=1, score=last)
    assert isinstance(result, shanten.HandOdds) and result.score is not None
    price = _points("234567m234p22s567s", "2p", last_tile=True)
    assert price > _points("234567m234p22s567s", "2p")
    assert result.score[1] == pytest.approx(price * result.win[1], rel=1e-12)


def test_an_open_hand_without_a_yaku_wins_nothing_but_on_the_last_tile() -> None:
    hand, melds = "456m789m23s55p", ["789p"]  # waits 1s 4s: no yaku
    result = shanten.odds(hand, melds=melds, draws=3, score=SOUTH)
    assert isinstance(result, shanten.HandOdds) and result.score is not None
    assert result.win[-1] > 0 and result.score == (0.0, 0.0, 0.0, 0.0)
    last = shanten.ScoreContext(seat_wind="2z", round_wind="1z", haitei=True)
    ending = shanten.odds(hand, melds=melds, draws=1, score=last)
    assert isinstance(ending, shanten.HandOdds) and ending.score is not None
    price = shanten.score(
        "456m789m123s55p",
        win="1s",
        melds=melds,
        tsumo=True,
        last_tile=True,
        seat_wind="2z",
        round_wind="1z",
    ).points
    assert ending.score[1] == pytest.approx(price * ending.win[1], rel=1e-12)


def test_each_row_has_its_curve_and_the_order_stays_by_win() -> None:
    plain = shanten.odds("23489m6799p22567s", draws=4)
    scored = shanten.odds("23489m6799p22567s", draws=4, score=SOUTH)
    assert isinstance(plain, tuple) and isinstance(scored, tuple)
    assert [(r.discard, r.tenpai, r.win) for r in plain] == [
        (r.discard, r.tenpai, r.win) for r in scored
    ]
    assert all(r.score is None for r in plain)
    assert all(r.score is not None and len(r.score) == 5 for r in scored)


def test_the_dora_indicators_are_tiles_in_sight_which_visible_lists() -> None:
    context = shanten.ScoreContext(seat_wind="2z", round_wind="1z", dora="2p")
    scored = shanten.odds(HAND, draws=3, visible="2p", score=context)
    seen = shanten.odds(HAND, draws=3, visible="2p")
    assert isinstance(scored, shanten.HandOdds) and isinstance(seen, shanten.HandOdds)
    assert scored.win == seen.win and scored.tenpai == seen.tenpai
    with pytest.raises(shanten.HandError, match="the dora indicator 2p is not among the visible"):
        shanten.odds(HAND, draws=3, score=context)
    twice = shanten.ScoreContext(seat_wind="2z", round_wind="1z", dora="2p2p")
    with pytest.raises(shanten.HandError, match="visible tiles 2 times"):
        shanten.odds(HAND, draws=3, visible="2p", score=twice)

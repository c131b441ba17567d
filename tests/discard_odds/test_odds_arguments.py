"""An argument that cannot be used is a typed error naming it, raised at the call: not an
IndexError, an OverflowError or an AttributeError from deep inside, nor a failure that
waits for the first row."""

from __future__ import annotations

from pathlib import Path

import pytest

import shanten
import shanten.discard_odds

HAND = "123m456p789s1122z3z"
GAME = Path(__file__).parents[1] / "data" / "tenhou" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def test_no_discards_asked_is_a_rule_error_naming_discards() -> None:
    with pytest.raises(shanten.RuleError, match="discards"):
        shanten.odds(HAND, draws=1, discards=[])


@pytest.mark.parametrize("jobs", [10**30, 2**31, -(10**30)])
def test_a_huge_jobs_is_a_rule_error_naming_jobs(jobs: int) -> None:
    with pytest.raises(shanten.RuleError, match=r"^jobs must be"):
        shanten.odds(HAND, draws=1, jobs=jobs)
    with pytest.raises(shanten.RuleError, match=r"^jobs must be"):
        shanten.review_corpus([str(GAME)], jobs=jobs)


def test_progress_that_cannot_be_called_is_refused_before_any_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solved: list[object] = []
    real = shanten.discard_odds._solve

    def counting(*args: object) -> object:
        solved.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(shanten.discard_odds, "_solve", counting)
    with pytest.raises(TypeError, match=r"^progress must be a callable or None, got 5$"):
        shanten.odds(HAND, draws=1, progress=5)  # type: ignore[arg-type]
    assert not solved


def test_the_state_limit_advises_only_what_would_help(monkeypatch: pytest.MonkeyPatch) -> None:
    # a limit low enough for a small hand to reach it, as a far hand reaches the real one
    monkeypatch.setattr(shanten.discard_odds, "max_states", lambda draws: 20)
    with pytest.raises(shanten.RuleError) as plain:
        shanten.odds("23489m6799p22567s")
    assert "hand_changes" not in str(plain.value)
    assert "shanten_back" not in str(plain.value)
    with pytest.raises(shanten.RuleError) as switched:
        shanten.odds("23489m6799p22567s", shanten_back=True)
    assert "without hand_changes and shanten_back" in str(switched.value)

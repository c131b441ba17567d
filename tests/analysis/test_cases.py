"""Hand-derived golden cases (tests/data/cases.jsonl) against the library and the reference.

Each line holds a hand, its melds and rules, the expected shanten per form (or the expected
error class) and a "why": the complete hand that attains the minimum and the argument that
nothing closer exists. The values were derived by hand, then confirmed with tests/support/reference.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict

import pytest

import shanten
from support.reference import solve_text

CASES_FILE = Path(__file__).parents[1] / "data" / "cases.jsonl"
FORMS = ("shanten", "standard", "chiitoitsu", "kokushi")


class _CaseFields(TypedDict):
    id: str
    hand: str
    melds: list[str]
    players: int
    count_melded_copies: bool
    expected: dict[str, Any]  # {"shanten", "standard", "chiitoitsu", "kokushi"} or {"error"}
    why: str


class Case(_CaseFields, total=False):
    canonical: str  # str(Hand(hand)), where the notation itself is under test


def load_cases() -> list[Case]:
    cases: list[Case] = []
    with CASES_FILE.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                cases.append(json.loads(line))
    return cases


CASES = load_cases()
VALUE_CASES = [c for c in CASES if "error" not in c["expected"]]
ERROR_CASES = [c for c in CASES if "error" in c["expected"]]


def case_id(case: Case) -> str:
    return case["id"]


def expected_values(case: Case) -> dict[str, int | None]:
    return {form: case["expected"][form] for form in FORMS}


def test_the_file_is_well_formed() -> None:
    assert len(VALUE_CASES) >= 60
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    for c in CASES:
        assert c["why"].strip()
        assert c["players"] in (2, 3, 4)
        if "error" in c["expected"]:
            assert set(c["expected"]) == {"error"}
            assert issubclass(getattr(shanten, c["expected"]["error"]), shanten.ShantenError)
        else:
            values = expected_values(c)
            forms = [values[f] for f in FORMS[1:] if values[f] is not None]
            assert isinstance(values["standard"], int)
            assert values["shanten"] == min(v for v in forms if v is not None)
            assert (values["chiitoitsu"] is None) == (values["kokushi"] is None)
            assert not c["melds"] or values["chiitoitsu"] is None


@pytest.mark.parametrize("case", VALUE_CASES, ids=case_id)
def test_library(case: Case) -> None:
    options: dict[str, Any] = {
        "melds": case["melds"],
        "players": case["players"],
        "count_melded_copies": case["count_melded_copies"],
    }
    result = shanten.calculate(case["hand"], **options)
    got = {
        "shanten": result.shanten,
        "standard": result.standard,
        "chiitoitsu": result.chiitoitsu,
        "kokushi": result.kokushi,
    }
    assert got == expected_values(case), case["why"]
    assert shanten.shanten(case["hand"], **options) == case["expected"]["shanten"]
    if "canonical" in case:
        assert str(shanten.Hand(case["hand"])) == case["canonical"]


@pytest.mark.parametrize("case", VALUE_CASES, ids=case_id)
def test_reference(case: Case) -> None:
    result = solve_text(case["hand"], case["melds"], case["players"], case["count_melded_copies"])

    def shanten_of(r: int | None) -> int | None:
        return None if r is None else r - 1

    got = {
        "shanten": result.shanten,
        "standard": shanten_of(result.standard),
        "chiitoitsu": shanten_of(result.chiitoitsu),
        "kokushi": shanten_of(result.kokushi),
    }
    assert got == expected_values(case), case["why"]


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_library_errors(case: Case) -> None:
    error: type[shanten.ShantenError] = getattr(shanten, case["expected"]["error"])
    options: dict[str, Any] = {
        "melds": case["melds"],
        "players": case["players"],
        "count_melded_copies": case["count_melded_copies"],
    }
    with pytest.raises(error):
        shanten.shanten(case["hand"], **options)
    with pytest.raises(error):
        shanten.calculate(case["hand"], **options)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_reference_errors(case: Case) -> None:
    with pytest.raises(ValueError):
        solve_text(case["hand"], case["melds"], case["players"], case["count_melded_copies"])

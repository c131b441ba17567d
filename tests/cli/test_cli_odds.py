"""``shanten HAND --odds``: the chance to be ready and to win, per discard (best win first)
or for a 13-tile hand, as :func:`shanten.odds` computes it; in 80 columns, in --json, and
its errors on the command line's usual path."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import shanten
import shanten.discard_odds
from shanten.cli.command import WIDTH, main
from shanten.display import widest
from shanten.report import report

from .test_cli_text import ROW_EN, ROW_JA, assert_in_line, blocks

HAND = "23489m6799p22567s"

# a discard row with odds: the tile, then tenpai % and win %
# the plain engine takes minutes on these: tests/kernel/test_odds_engine.py proves the kernel's
# engine equal to it, so the plain path runs the lighter cases only
KERNEL_ONLY = pytest.mark.skipif(
    not shanten.accelerated, reason="the plain odds engine takes minutes on this hand"
)

ROW = re.compile(r"^    (?:cut |打)(\d[mpsz]) \S\s+(\d+\.\d)%\s+(\d+\.\d)%  ")
# the odds of a 13-tile hand
HAND_ODDS = re.compile(r"^  (?:tenpai|聴牌率) (\d+\.\d)%   (?:win|和了率) (\d+\.\d)%$")


#: The keywords of :func:`shanten.odds` that :func:`~shanten.report.report` does not take.
ODDS_ONLY = ("draws", "hand_changes", "shanten_back")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def printed(chance: float) -> float:
    """A chance as a percentage rounded to the tenth the text prints."""
    return round(chance * 100, 1)


def options(argv: list[str]) -> dict[str, Any]:
    """The keywords of :func:`shanten.odds` that the options in ``argv`` stand for."""
    found: dict[str, Any] = {
        "hand_changes": "--hand-changes" in argv,
        "shanten_back": "--shanten-back" in argv,
    }
    for option, keyword in [("--draws", "draws"), ("--players", "players")]:
        if option in argv:
            found[keyword] = int(argv[argv.index(option) + 1])
    if "--melds" in argv:
        found["melds"] = argv[argv.index("--melds") + 1].split(",")
    if "--visible" in argv:
        found["visible"] = argv[argv.index("--visible") + 1]
    found["count_melded_copies"] = "--count-melded-copies" in argv
    return found


def without_odds(argv: list[str]) -> list[str]:
    """``argv`` less the options that need --odds."""
    kept: list[str] = []
    for item in argv:
        if kept and kept[-1] == "--draws":
            kept.pop()
        elif item not in ("--hand-changes", "--shanten-back"):
            kept.append(item)
    return kept


def table(out: str) -> list[tuple[str, float, float, str]]:
    """The odds rows of the all-forms table: (discard, tenpai %, win %, the row's text
    with its continuation lines)."""
    rows: list[tuple[str, float, float, str]] = []
    for line in out.split("\n\n")[1].splitlines():
        match = ROW.match(line)
        if match:
            rows.append((match[1], float(match[2]), float(match[3]), line))
        elif rows and line.startswith(" " * 10):
            rows[-1] = (*rows[-1][:3], rows[-1][3] + "\n" + line)
    return rows


@pytest.mark.parametrize(
    "argv",
    [
        [HAND],
        [HAND, "--lang", "ja"],
        pytest.param([HAND, "--draws", "5", "--hand-changes"], marks=KERNEL_ONLY),
        pytest.param([HAND, "--shanten-back", "--draws", "9", "--lang", "ja"], marks=KERNEL_ONLY),
        pytest.param(
            [HAND, "--hand-changes", "--shanten-back", "--visible", "7m7m5p"], marks=KERNEL_ONLY
        ),
        ["2389m6799p22567s7z", "--draws", "6"],
        ["45z", "--melds", "444z,555z,111m,999p", "--count-melded-copies"],
        ["1111m111122233z3p", "--players", "3", "--draws", "8", "--lang", "ja"],
    ],
)
def test_discard_rows_are_the_odds_best_win_first(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = run([*argv, "--odds"], capsys)
    rows = shanten.odds(argv[0], **options(argv))
    assert isinstance(rows, tuple)
    found = table(out)
    assert [row[:3] for row in found] == [
        (str(row.discard), printed(row.tenpai[-1]), printed(row.win[-1])) for row in rows
    ]
    draws = options(argv).get("draws", 17)
    header = "best win first" if "ja" not in argv else "和了率の高い順"
    assert header in out and (f"{draws} draws" in out or f"ツモ{draws}回" in out)
    # each row keeps its effective tiles, whatever its place
    kept = {key: value for key, value in options(argv).items() if key not in ODDS_ONLY}
    totals = {row["discard"]: row["total"] for row in report(argv[0], **kept)["discards"]["all"]}
    for discard, _tenpai, _win, text in found:
        assert re.search(rf"\b{totals[discard]}(?: tiles?\b|枚\])", text), text


@pytest.mark.parametrize(
    "argv",
    [
        ["2389m6799p22567s"],
        ["123m456p789s1122z", "--lang", "ja", "--draws", "4"],
        ["1111m111122233z", "--players", "3", "--hand-changes"],
        ["4z", "--melds", "123m,456p,789s,111z", "--visible", "4z", "--shanten-back"],
    ],
)
def test_a_13_tile_hand_prints_its_odds_last(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = run([*argv, "--odds"], capsys)
    result = shanten.odds(argv[0], **options(argv))
    assert isinstance(result, shanten.HandOdds)
    plain = run(without_odds(argv), capsys)
    # the text without --odds, then a blank line, the model and the odds
    assert out.startswith(plain.rstrip("\n") + "\n\n")
    added = out[len(plain) :].splitlines()
    assert len(added) == 3 and added[0] == ""
    match = HAND_ODDS.match(added[2])
    assert match is not None, added
    assert (float(match[1]), float(match[2])) == (
        printed(result.tenpai[-1]),
        printed(result.win[-1]),
    )
    draws = options(argv).get("draws", 17)
    assert f"{draws} draws" in added[1] or f"ツモ{draws}回" in added[1]
    for option, word in [("--hand-changes", "手変わり"), ("--shanten-back", "向聴戻し")]:
        assert (word in added[1]) == (option in argv)


# hands whose tables hold 🀄 (two columns wide) among narrow glyphs, rows that wrap,
# melds, the longest header (both switches), in both languages
WIDE = [
    ["123m456p789s1122z7z", "--hand-changes", "--shanten-back", "--draws", "3"],
    ["45z", "--melds", "444z,555z,111m,999p", "--count-melded-copies", "--hand-changes"],
    ["7z", "--melds", "777z,123m,456p,789s", "--shanten-back", "--draws", "120"],
    pytest.param(
        ["12347z", "--melds", "777z,123m,456p", "--hand-changes", "--shanten-back"],
        marks=KERNEL_ONLY,
    ),
    ["19m19p19s1234567z", "--draws", "2", "--hand-changes", "--shanten-back"],
    ["1111m111122233z3p", "--players", "3", "--hand-changes", "--shanten-back"],
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("argv", WIDE)
def test_lines_fit_80_columns_and_keep_their_columns(
    argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run([*argv, "--odds", "--lang", lang], capsys)
    # where a font draws every tile two columns wide, and CJK two as always
    assert max(widest(line) for line in out.splitlines()) <= WIDTH
    # the percentages end in one column each
    patterns = {**(ROW_EN if lang == "en" else ROW_JA), "tenpai": r"\.\d(%)", "win": r"%.+?(%)"}
    patterns["tiles"] = r"%  (\S)"  # the effective tiles, after the odds
    for block in blocks(out):
        rows = [line for line in block if ROW.match(line)]
        assert_in_line(rows, patterns)
        if rows:  # the labels stand over their columns, right-aligned
            labels = block[block.index(rows[0]) - 2]
            assert re.match(r"^ +(tenpai|聴牌率) +(win|和了率)$", labels)
            ends = {
                "tenpai": r"(?:tenpai|聴牌率|\.\d%)(\s)",
                "win": r"(?:win|和了率|\.\d%\s+\d+\.\d%)(\s|$)",
            }
            assert_in_line([labels, rows[0]], ends)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param([HAND, "--draws", "6", "--hand-changes"], marks=KERNEL_ONLY),
        pytest.param(["2389m6799p22567s", "--shanten-back"], marks=KERNEL_ONLY),
        ["12347z", "--melds", "777z,123m,456p", "--draws", "0"],
        ["1111m111122233z3p", "--players", "3", "--visible", "9p9p"],
    ],
)
def test_json_carries_the_curves_draw_by_draw(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(run([*argv, "--odds", "--json"], capsys))
    keywords = options(argv)
    result = shanten.odds(argv[0], **keywords)
    odds = data.pop("odds")
    # the rest is the analysis without --odds
    assert data == json.loads(run([*without_odds(argv), "--json"], capsys))
    draws = keywords.get("draws", 17)
    assert odds.pop("draws") == draws
    assert odds.pop("hand_changes") == keywords["hand_changes"]
    assert odds.pop("shanten_back") == keywords["shanten_back"]
    # the floats come back exactly, draws + 1 of each
    if isinstance(result, shanten.HandOdds):
        assert odds == {
            "shanten": result.shanten,
            "tenpai": list(result.tenpai),
            "win": list(result.win),
        }
    else:
        assert odds == {
            "discards": [
                {
                    "discard": str(row.discard),
                    "shanten": row.shanten,
                    "tenpai": list(row.tenpai),
                    "win": list(row.win),
                }
                for row in result
            ]
        }
    curves = odds.get("discards", [odds])
    assert all(len(c["tenpai"]) == len(c["win"]) == draws + 1 for c in curves)


def test_without_odds_nothing_changes(capsys: pytest.CaptureFixture[str]) -> None:
    assert "odds" not in json.loads(run([HAND, "--json"], capsys))
    assert json.loads(run([HAND, "--json"], capsys)) == report(HAND)
    assert "best win first" not in run([HAND], capsys)


def errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, dict[str, str]]:
    """The text error and the --json error of ``argv``: exit 2 and nothing on stdout."""
    assert main(argv) == 2
    text = capsys.readouterr()
    assert text.out == "" and text.err.startswith(("usage: ", "shanten: error: "))
    assert main([*argv, "--json"]) == 2
    as_json = capsys.readouterr()
    assert as_json.out == "" and as_json.err.count("\n") == 1
    error: dict[str, str] = json.loads(as_json.err)["error"]
    assert text.err.endswith(f"shanten: error: {error['message']}\n")
    return text.err, error


@pytest.mark.parametrize("option", [["--draws", "5"], ["--hand-changes"], ["--shanten-back"]])
def test_odds_options_need_odds(option: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    text, error = errors([HAND, *option], capsys)
    assert text.startswith("usage: shanten ")
    assert error == {"type": "UsageError", "message": f"argument {option[0]}: only with --odds"}


def test_draws_must_be_a_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    _text, error = errors([HAND, "--odds", "--draws", "2.5"], capsys)
    assert error == {"type": "UsageError", "message": "argument --draws: invalid int value: '2.5'"}


@pytest.mark.parametrize(
    ("argv", "draws", "wall"),
    [
        ([HAND], -1, 122),
        ([HAND], 123, 122),  # 136 less the 14 tiles of the hand
        (["1111m111122233z3p", "--players", "3"], 95, 94),  # 108 less 14
        (["2389m6799p22567s", "--visible", "1z1z1z"], 121, 120),  # 136 less 13 and 3
    ],
)
def test_draws_beyond_the_wall_are_a_rule_error(
    argv: list[str], draws: int, wall: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(shanten.RuleError) as raised:
        shanten.odds(argv[0], **options(argv), draws=draws)
    _text, error = errors([*argv, "--odds", "--draws", str(draws)], capsys)
    assert error == {"type": "RuleError", "message": str(raised.value)}
    assert f"from 0 to {wall} (the unseen tiles), got {draws}" in error["message"]


def test_the_engines_refusal_is_a_rule_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a limit low enough for a small hand to reach it, as a far hand reaches the real one
    monkeypatch.setattr(shanten.discard_odds, "max_states", lambda draws: 20)
    with pytest.raises(shanten.RuleError) as raised:
        shanten.odds(HAND, hand_changes=True)
    _text, error = errors([HAND, "--odds", "--hand-changes"], capsys)
    assert error == {"type": "RuleError", "message": str(raised.value)}
    assert "more than 20 hands (the limit)" in error["message"]


def test_a_bad_hand_is_still_a_hand_error(capsys: pytest.CaptureFixture[str]) -> None:
    _text, error = errors(["11111m", "--odds"], capsys)
    assert error["type"] == "HandError"


def test_help_explains_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["--help"], capsys)
    for option in ("--odds", "--draws N", "--hand-changes", "--shanten-back"):
        assert f"  {option} " in out
    flat = " ".join(out.split())
    assert "self-draw only, no calls, each draw played for the best chance" in flat
    assert "(手変わり)" in flat and "(向聴戻し)" in flat and "default 17" in flat


POINTS = ["--points", "--seat-wind", "2z", "--dora", "1m", "--visible", "1m", "--riichi", "always"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_points_add_the_expected_score_within_80_columns(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [HAND, "--odds", "--draws", "3", *POINTS, "--lang", lang]
    out = run(argv, capsys)
    assert max(widest(line) for line in out.splitlines()) <= WIDTH
    context = shanten.ScoreContext(seat_wind="2z", round_wind="1z", dora="1m", riichi="always")
    result = shanten.odds(HAND, draws=3, visible="1m", score=context)
    assert isinstance(result, tuple)
    figures = re.findall(r"^    (?:cut |打)(\d[mpsz]) \S\s+\S+%\s+\S+%\s+(\d+)  ", out, re.M)
    # the all-forms table, then the standard form's when it differs
    assert figures[: len(result)] == [
        (str(row.discard), f"{row.score[-1]:.0f}") for row in result if row.score is not None
    ]
    assert ("points" if lang == "en" else "期待値") in out


def test_points_in_json_are_each_rows_curve(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        run(["234567m34p22s567s", "--odds", "--draws", "2", *POINTS, "--json"], capsys)
    )
    context = shanten.ScoreContext(seat_wind="2z", round_wind="1z", dora="1m", riichi="always")
    result = shanten.odds("234567m34p22s567s", draws=2, visible="1m", score=context)
    assert isinstance(result, shanten.HandOdds) and result.score is not None
    assert data["odds"]["score"] == list(result.score)
    assert data["odds"]["riichi"] == "always"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([HAND, "--points"], "argument --points: only with --odds"),
        ([HAND, "--odds", "--dora", "1m"], "argument --dora: only with --points"),
        (
            [HAND, "--odds", "--points", "--rules", "wrc"],
            "argument --rules: tenhou or mahjong-soul",
        ),
    ],
)
def test_points_options_are_checked(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _text, error = errors(argv, capsys)
    assert error["message"].startswith(message)

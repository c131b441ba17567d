"""The command line, in-process and as `python -m shanten`."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import shanten
from shanten.cli.command import WIDTH, main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_fourteen_tiles_print_the_discard_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["23489m6799p22567s"], capsys)
    assert "shanten  1" in out
    assert "234m67899p222567s" in out and "needs 8p 2s" in out
    assert "\U0001f008" in out  # the 2m glyph beside the notation
    rows = [line.split() for line in out.splitlines() if line.strip().startswith("cut ")]
    table = shanten.discards("23489m6799p22567s")
    # one row per discard, in the library's order, with its total
    assert [row[1] for row in rows] == [str(o.discard) for o in table]
    assert [int(row[row.index("tiles") - 1]) for row in rows] == [o.ukeire.total for o in table]


def test_japanese_rows_read_like_tenhou(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["23489m6799p22567s", "--lang", "ja"], capsys)
    first = shanten.discards("23489m6799p22567s")[0]
    # the glyph sits in a two-column cell, as 🀄 takes two columns
    expected = f"打{first.discard} " + first.discard.unicode
    expected += f"  摸[{''.join(map(str, first.ukeire.tiles))} {first.ukeire.total}枚]"
    assert expected in out
    assert "向聴数" in out and "1向聴" in out


def test_thirteen_tiles_print_effective_tiles_or_waits(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(["2389m6799p22567s"], capsys)
    assert "effective tiles: 24 tiles" in out
    assert re.findall(r"(\d[mpsz]) \S\s+\d", out) == ["1m", "4m", "7m", "5p", "8p", "9p", "2s"]
    out = run(["123m456p789s1122z"], capsys)
    assert "waits:" in out and "1z" in out and "shanpon 111z" in out


def test_visible_tiles_change_counts(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(["123m456p789s1122z", "--visible", "1z", "--json"], capsys))
    assert [(w["tile"], w["unseen"]) for w in data["waits"]] == [("1z", 1), ("2z", 2)]


def test_lines_fit_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    for hand in ["1112345678999m", "19m19p19s1234567z", "1234567m1234567p", "23489m6799p22567s"]:
        for lang in ("en", "ja"):
            out = run([hand, "--lang", lang], capsys)
            # Unicode tiles may be drawn one or two columns wide: count them as two
            widths = [
                len(line) + sum(1 for c in line if ord(c) >= 0x1F000) for line in out.splitlines()
            ]
            long = [line for line, w in zip(out.splitlines(), widths, strict=True) if w > WIDTH]
            assert not long, long


def test_json_output_is_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        run(["45z", "--melds", "444z,555z,111m,999p", "--count-melded-copies", "--json"], capsys)
    )
    assert data["shanten"] == {"min": 1, "standard": 1, "chiitoitsu": None, "kokushi": None}
    assert data["melds"] == ["444z", "555z", "111m", "999p"]
    assert len(data["witness"]["needed"]) == 2
    assert data["discards"]["all"][0]["discard"] in ("4z", "5z")


def test_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(["1111m111122233z", "--players", "3", "--json"], capsys))
    assert data["shanten"]["min"] == 2 and data["players"] == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["12x3m"], "'x' at position 2 is not a digit or a suit letter"),
        (["11111m"], "5 copies of 1m"),
        (["2m", "--players", "3"], "2m does not exist in 3-player mahjong"),
        (["1m", "--melds", "124m"], "'124m' is not a meld"),
        (["1m", "--melds", "111p,111s"], "1 concealed tile and 2 melds make 7 tiles"),
        (["1z", "--visible", "1111z"], "5 copies of 1z in the hand, melds and visible tiles"),
    ],
)
def test_bad_input_exits_2_with_the_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "shanten", "123m456p789s11222z", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    assert data["shanten"]["min"] == -1 and data["complete"] is True
    assert data["decompositions"][0]["text"] == "123m 456p 789s 222z 11z"
    failed = subprocess.run(
        [sys.executable, "-m", "shanten", "8z"], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2 and "honours are 1z-7z" in failed.stderr


def test_serve_runs_the_web_server(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        seen.append(list(argv))
        return 0

    monkeypatch.setattr("shanten.web.server.main", fake_main)
    assert main(["serve", "--port", "0"]) == 0 and seen == [["--port", "0"]]


@pytest.mark.parametrize(
    ("melds", "said"),
    [
        ("777z,,789p", "meld 2 of '777z,,789p' is empty"),
        ("777z,789p,", "meld 3 of '777z,789p,' is empty"),
        ("777z, ,789p", "meld 2 of '777z, ,789p' is empty"),
        ("777z,124m", "meld 2 of '777z,124m' is not valid: '124m' is not a meld"),
        ("777z,xyz", "meld 2 of '777z,xyz' is not valid: 'x' at position 0"),
    ],
)
def test_bad_melds_are_said_to_be_the_melds(
    melds: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["123m456p11z", "--melds", melds]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"shanten: error: argument --melds: {said}")
    assert main(["123m456p11z", "--melds", melds, "--json"]) == 2
    error = json.loads(capsys.readouterr().err)["error"]
    assert error["type"] == "MeldError" and error["message"].startswith(f"argument --melds: {said}")


def test_melds_as_before_when_they_are_good(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(["123m456p11z", "--melds", " 777z , 789p ", "--json"], capsys))
    assert data["melds"] == ["777z", "789p"]
    assert json.loads(run(["123m456p789s11222z", "--melds", "", "--json"], capsys))["melds"] == []


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"], capsys) == f"shanten {shanten.__version__}\n"
    assert "  --version " in run(["--help"], capsys)

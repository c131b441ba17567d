"""The command line, in-process and as `python -m shanten`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from shanten.cli import main


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["23489m6799p22567s"]) == 0
    out = capsys.readouterr().out
    assert "shanten  1" in out
    assert "234m67899p222567s" in out
    assert "8p 2s" in out
    assert "\U0001f008" in out  # 2m glyph beside the notation


def test_json_output_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["45z", "--melds", "444z,555z,111m,999p", "--count-melded-copies", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["shanten"] == 1 and data["standard"] == 1
    assert data["chiitoitsu"] is None and data["kokushi"] is None
    assert data["melds"] == ["444z", "555z", "111m", "999p"]
    assert len(data["witness"]["needed"]) == 2


def test_players_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1111m111122233z", "--players", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["12x3m"], "'x' at position 2 is not a digit or a suit letter"),
        (["11111m"], "5 copies of 1m"),
        (["2m", "--players", "3"], "2m does not exist in 3-player mahjong"),
        (["1m", "--melds", "124m"], "'124m' is not a meld"),
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
    assert json.loads(done.stdout)["shanten"] == -1
    failed = subprocess.run(
        [sys.executable, "-m", "shanten", "8z"], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2 and "honours are 1z-7z" in failed.stderr

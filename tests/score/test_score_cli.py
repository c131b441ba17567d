"""``shanten score``: text, JSON and exit status."""

from __future__ import annotations

import json

import pytest

from shanten.cli.command import main


def test_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["234567m234p22s567s", "--win", "4p", "--tsumo", "--riichi", "--seat-wind", "2z"]
    assert main(["score", *hand]) == 0
    assert capsys.readouterr().out.startswith("20符4飜1300-2600点")
    assert main(["score", *hand, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["han"], data["fu"], data["points"]) == (4, 20, 5200)


def test_bad_input_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234567m234p22s567s", "--win", "9p", "--json"]) == 2
    assert json.loads(capsys.readouterr().err)["error"]["type"] == "HandError"
    assert (
        main(
            [
                "score",
                "123m456p789s234s22z",
                "--win",
                "2s",
                "--seat-wind",
                "2z",
                "--round-wind",
                "2z",
            ]
        )
        == 2
    )
    assert "no yaku" in capsys.readouterr().err

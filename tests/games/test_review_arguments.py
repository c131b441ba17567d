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


def test_a_path_with_a_nul_byte_is_a_game_record_error_naming_it() -> None:
    with pytest.raises(shanten.GameRecordError, match=r"^'games/a\\x00b\.mjlog': "):
        shanten.review("games/a\0b.mjlog")


def test_an_empty_path_says_so() -> None:
    with pytest.raises(shanten.GameRecordError, match="empty path") as raised:
        shanten.review("")
    assert str(raised.value).startswith("'': ")


def test_a_client_that_is_no_client_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"^client is a dask\.distributed\.Client or"):
        shanten.review_corpus([str(GAME)], client=5)  # type: ignore[arg-type]

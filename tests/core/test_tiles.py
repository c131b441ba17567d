"""Tile: the 34 kinds by notation or index, and the errors for anything else."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import shanten
from shanten import HandError, ShantenError, Tile
from shanten.errors import NotationError
from shanten.notation import parse_tiles
from shanten.tiles import _BY_NAME


@pytest.mark.parametrize("index", [34, -1, 99, np.int64(40), -(2**70)], ids=repr)
def test_a_tile_index_out_of_range_is_a_hand_error_naming_it(index: int) -> None:
    with pytest.raises(HandError, match=rf"^tile index {int(index)} is out of range: .* 0-33"):
        Tile(index)


def test_waits_shapes_of_an_index_out_of_range() -> None:
    with pytest.raises(HandError, match="tile index 99 is out of range"):
        shanten.waits("1m").shapes(99)


def test_a_numpy_integer_is_the_tile_index_it_is() -> None:
    assert Tile(np.int64(3)) is Tile(3) and Tile(np.uint8(33)) is Tile("7z")
    assert [str(Tile(i)) for i in np.arange(34)] == [str(Tile(i)) for i in range(34)]


@pytest.mark.parametrize("value", [True, np.True_, 1.0, None, [1], b"1m"], ids=repr)
def test_a_tile_of_the_wrong_type_names_what_a_tile_is(value: object) -> None:
    with pytest.raises(TypeError, match=r"^a tile is a notation string or an index"):
        Tile(value)  # type: ignore[arg-type]


@given(
    st.one_of(
        st.integers(), st.text(max_size=6), st.none(), st.floats(), st.booleans(), st.binary()
    )
)
def test_any_value_is_a_tile_or_a_named_error(value: object) -> None:
    try:
        tile = Tile(value)  # type: ignore[arg-type]
    except ShantenError:
        return
    except TypeError as error:
        assert "tile" in str(error)
        return
    assert 0 <= tile.index < 34 and Tile(str(tile)) is tile


def test_one_tile_names_read_as_their_notation_parses() -> None:
    """Tile(name) looks a one-tile name up; every name it knows reads as parse_tiles reads
    it, and a name it does not know goes to the parser (and its errors)."""
    for name, tile in _BY_NAME.items():
        assert [tile.index] == parse_tiles(name), name

    @given(st.text(alphabet="0123456789mpsz🀄 ", max_size=3))
    def same(text: str) -> None:
        try:
            expected = parse_tiles(text)
        except NotationError:
            expected = None
        if expected is None or len(expected) != 1:
            with pytest.raises(NotationError):
                Tile(text)
        else:
            assert Tile(text).index == expected[0]

    same()

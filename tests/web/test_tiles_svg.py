"""The tile pictures: 34 tiles and the three red fives (赤ドラ) drawn all in red."""

from __future__ import annotations

import re

import pytest

from shanten.web import tiles_svg
from shanten.web.tiles_svg import RED_FIVES, tile_sprite, tile_symbol

# the colours of the sprite, as tiles_svg draws them
COLOURS = re.compile(r'(?:fill|stroke)="(#[0-9a-f]{6})"')
SUIT_COLOURS = {tiles_svg._BLUE, tiles_svg._GREEN, tiles_svg._INK}


def shapes(symbol: str) -> str:
    """A symbol's drawing without its id, title and colours."""
    body = symbol.split(">", 1)[1]
    return COLOURS.sub("", re.sub(r"<title>[^<]*</title>", "", body))


def test_the_sprite_holds_34_tiles_and_3_red_fives() -> None:
    sprite = tile_sprite()
    assert sprite.count('<symbol id="tile-') == 34
    assert re.findall(r'<symbol id="(red-[^"]+)"', sprite) == ["red-5m", "red-5p", "red-5s"]


@pytest.mark.parametrize("index", RED_FIVES)
def test_a_red_five_is_its_five_in_red(index: int) -> None:
    plain, red = tile_symbol(index), tile_symbol(index, red=True)
    assert SUIT_COLOURS & set(COLOURS.findall(plain))  # the plain five has blue, green or ink
    assert not SUIT_COLOURS & set(COLOURS.findall(red))
    assert tiles_svg._RED in COLOURS.findall(red)
    assert shapes(plain) == shapes(red)  # the same drawing, only the colours differ


@pytest.mark.parametrize("index", [0, 3, 27, 33])
def test_only_fives_have_a_red_version(index: int) -> None:
    with pytest.raises(ValueError, match="has no red version"):
        tile_symbol(index, red=True)

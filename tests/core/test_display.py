"""Display widths as terminals draw them, and the layouts built on them."""

from __future__ import annotations

import unicodedata

from shanten.display import grid, pad, widest, width, wrap
from shanten.tiles import Tile


def test_red_dragon_is_wide_and_the_other_tiles_narrow() -> None:
    glyphs = {str(Tile(i)): Tile(i).unicode for i in range(34)}
    for name, glyph in glyphs.items():
        wide = unicodedata.east_asian_width(glyph) == "W"
        assert width(glyph) == (2 if wide else 1), name
        assert widest(glyph) == 2
    assert [name for name, glyph in glyphs.items() if width(glyph) == 2] == ["7z"]


def test_cjk_counts_twice_and_marks_not_at_all() -> None:
    assert width("向聴数 1") == 3 * 2 + 2
    assert width("\U0001f004\ufe0f") == 2  # a variation selector takes no column
    assert pad("完成形の例", 12) == "完成形の例  " and pad("hand", 2) == "hand"


def test_wrap_and_grid_fit_the_limit() -> None:
    words = ["1m", "2m", "3m", "4m", "5m"]
    assert wrap(words, 8, first="> ", indent="  ") == ["> 1m 2m", "  3m 4m", "  5m"]
    assert wrap(["a-very-long-word"], 4) == ["a-very-long-word"]
    cells = ["1m \U0001f007 3", "7z \U0001f004 4", "2m \U0001f008 4"]
    lines = grid(cells, 24, indent=2, gap=2)
    assert lines == ["  1m \U0001f007 3   7z \U0001f004 4", "  2m \U0001f008 4"]  # padded ends
    assert all(widest(line) <= 24 for line in lines)

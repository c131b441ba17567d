"""How wide text is drawn in a terminal, for the command line's columns.

A terminal gives each character one or two columns: CJK characters (手牌, 向聴) and the
red dragon 🀄 (U+1F004, an emoji) take two; the other mahjong tile glyphs, ASCII and the
Latin letters take one. :func:`width` follows Unicode's East Asian Width property
(``unicodedata.east_asian_width``), which says exactly that, and gives combining marks and
variation selectors no column.

Some fonts draw every tile glyph two columns wide. :func:`widest` counts them so, and the
command line fits its lines to 80 columns by that count, so that they fit either way.

>>> width("向聴数"), width("🀇"), width("🀄"), width("1m")
(6, 1, 2, 2)
>>> pad("手牌", 6) + "|"
'手牌  |'
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

__all__ = ["grid", "pad", "widest", "width", "wrap"]

_TILES = range(0x1F000, 0x1F030)  # the Mahjong Tiles block


@functools.cache
def _columns(char: str) -> int:
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0  # combining marks, variation selectors, zero-width characters
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for wide characters and 🀄."""
    return sum(_columns(char) for char in text)


def widest(text: str) -> int:
    """The columns ``text`` takes where every mahjong tile glyph is drawn two wide."""
    return sum(2 if ord(char) in _TILES else _columns(char) for char in text)


def pad(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` display columns."""
    return text + " " * max(0, columns - width(text))


def wrap(words: Sequence[str], limit: int, *, first: str = "", indent: str = "") -> list[str]:
    """Words joined by single spaces into lines of at most ``limit`` columns (by
    :func:`widest`): the first line starts with ``first``, the others with ``indent``.
    A word longer than a whole line gets a line of its own."""
    lines: list[str] = []
    line, empty = first, True
    for word in words:
        candidate = line + ("" if empty else " ") + word
        if empty or widest(candidate) <= limit:
            line, empty = candidate, False
        else:
            lines.append(line)
            line = indent + word
    lines.append(line)
    return [item.rstrip() for item in lines]


def grid(cells: Sequence[str], limit: int, *, indent: int = 2, gap: int = 3) -> list[str]:
    """Cells laid out in aligned columns, as many to a line as fit in ``limit`` columns."""
    if not cells:
        return []
    cell = max(width(c) for c in cells)
    room = max(widest(pad(c, cell)) for c in cells)
    per_line = max(1, (limit - indent + gap) // (room + gap))
    lines = []
    for start in range(0, len(cells), per_line):
        row = cells[start : start + per_line]
        lines.append(" " * indent + (" " * gap).join(pad(c, cell) for c in row).rstrip())
    return lines

"""The 34 tiles (牌) drawn as inline SVG, so the page needs no image files and no tile font.

Each tile is a ``<symbol id="tile-5p">`` on a 60x80 face; the page draws it with
``<svg viewBox="0 0 60 80"><use href="#tile-5p"/></svg>``. Circles (筒子) and bamboos
(索子) are drawn as shapes; characters (萬子) show their numeral above a red 萬, and the
honours (字牌) their kanji, in the reader's CJK font. Characters and winds also carry a
small index in the corner (5, E, S, W, N), as learners' tiles do.

The red fives (赤ドラ, written ``0m``, ``0p``, ``0s``) are three more symbols,
``<symbol id="red-5m">`` and so on: the same five drawn all in red. They are not tiles of
their own (a red five counts as a five), so their ids stay apart from the 34 ``tile-``
ones.

>>> sprite = tile_sprite()
>>> sprite.count('<symbol id="tile-'), sprite.count('<symbol id="red-'), 'id="red-5p"' in sprite
(34, 3, True)
"""

from __future__ import annotations

from typing import Final

from shanten.tiles import NUM_TILES, tile_name

__all__ = ["RED_FIVES", "VIEWBOX", "tile_sprite", "tile_symbol"]

VIEWBOX: Final = "0 0 60 80"
#: The tiles that have a red version (赤ドラ), by index: 5m, 5p and 5s.
RED_FIVES: Final = (4, 13, 22)

_RED: Final = "#c4161c"
_GREEN: Final = "#16803c"
_BLUE: Final = "#1d4f9c"
_INK: Final = "#1c1c1c"
_CJK: Final = (
    "'Noto Serif CJK JP','Source Han Serif','Hiragino Mincho ProN','Yu Mincho',"
    "'IPAMincho','IPAexMincho','Noto Sans CJK JP','Hiragino Sans','Meiryo','IPAGothic',serif"
)

_NUMERALS: Final = "一二三四伍六七八九"
_HONOURS: Final = (
    ("東", _INK, "E"),
    ("南", _INK, "S"),
    ("西", _INK, "W"),
    ("北", _INK, "N"),
    ("", _BLUE, ""),  # White (白): an empty blue frame
    ("發", _GREEN, ""),
    ("中", _RED, ""),
)

# Pip centres and colours of the circles (筒子), 2p-9p; 1p is drawn on its own.
_B, _G, _R = _BLUE, _GREEN, _RED
_CIRCLES: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((30, 24, _G), (30, 56, _B)),
    3: ((16, 18, _B), (30, 40, _R), (44, 62, _G)),
    4: ((18, 24, _B), (42, 24, _G), (18, 56, _G), (42, 56, _B)),
    5: ((17, 20, _B), (43, 20, _G), (30, 40, _R), (17, 60, _G), (43, 60, _B)),
    6: ((19, 16, _G), (41, 16, _G), (19, 42, _R), (41, 42, _R), (19, 64, _R), (41, 64, _R)),
    7: (
        (14, 12, _G),
        (30, 19, _G),
        (46, 26, _G),
        (19, 46, _R),
        (41, 46, _R),
        (19, 66, _R),
        (41, 66, _R),
    ),
    8: tuple((x, y, _B) for y in (13, 31, 49, 67) for x in (19, 41)),
    9: tuple((x, y, colour) for y, colour in ((16, _B), (40, _R), (64, _G)) for x in (14, 30, 46)),
}

# Bamboo stick centres and colours (索子), 2s-9s; 1s is drawn on its own.
_BAMBOOS: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((30, 24, _G), (30, 56, _G)),
    3: ((30, 24, _G), (19, 56, _G), (41, 56, _G)),
    4: ((20, 24, _G), (40, 24, _G), (20, 56, _G), (40, 56, _G)),
    5: ((16, 24, _G), (44, 24, _G), (30, 40, _R), (16, 56, _G), (44, 56, _G)),
    6: tuple((x, y, _G) for y in (24, 56) for x in (15, 30, 45)),
    7: ((30, 14, _R), *((x, y, _G) for y in (40, 64) for x in (15, 30, 45))),
    8: tuple((x, y, _G) for y in (24, 56) for x in (10, 23, 37, 50)),
    9: tuple((x, y, _R if x == 30 else _G) for y in (16, 40, 64) for x in (15, 30, 45)),
}


def _face() -> str:
    return (
        '<rect x="1" y="1" width="58" height="78" rx="7" fill="#e2dccb"/>'
        '<rect x="1" y="1" width="58" height="74" rx="7" fill="#fbf8ef" '
        'stroke="#8f8876" stroke-width="1.5"/>'
    )


def _index(label: str) -> str:
    """The small corner index of learners' tiles."""
    if not label:
        return ""
    return (
        f'<text x="5" y="13" font-family="sans-serif" font-size="11" font-weight="700" '
        f'fill="#6b6558">{label}</text>'
    )


def _pip(x: float, y: float, colour: str, radius: float = 8) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{radius}" fill="#fff" stroke="{colour}" stroke-width="2.5"/>'
        f'<circle cx="{x}" cy="{y}" r="{radius * 0.45:.2f}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, colour: str, height: float = 20) -> str:
    top = y - height / 2
    return (
        f'<rect x="{x - 3.5}" y="{top}" width="7" height="{height}" rx="3.5" fill="{colour}"/>'
        f'<rect x="{x - 3.5}" y="{y - 1}" width="7" height="2" fill="#fbf8ef"/>'
    )


def _circles(number: int, red: bool) -> str:
    if number == 1:
        return (
            f'<circle cx="30" cy="39" r="21" fill="#fff" stroke="{_GREEN}" stroke-width="3"/>'
            f'<circle cx="30" cy="39" r="14" fill="none" stroke="{_BLUE}" stroke-width="3"/>'
            f'<circle cx="30" cy="39" r="7" fill="{_RED}"/>'
        )
    radius = 7.5 if number >= 7 else 9
    return "".join(_pip(x, y, _RED if red else colour, radius) for x, y, colour in _CIRCLES[number])


def _bamboos(number: int, red: bool) -> str:
    if number == 1:  # the bird is a single tall stick here, with a red crest
        return (
            f'<rect x="25" y="14" width="10" height="52" rx="5" fill="{_GREEN}"/>'
            '<rect x="25" y="38" width="10" height="3" fill="#fbf8ef"/>'
            f'<circle cx="30" cy="14" r="6" fill="{_RED}"/>'
        )
    height = 18 if number >= 7 else 24
    return "".join(
        _stick(x, y, _RED if red else colour, height) for x, y, colour in _BAMBOOS[number]
    )


def _kanji(char: str, x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="{_CJK}" font-size="{size}" font-weight="700" '
        f'text-anchor="middle" fill="{colour}">{char}</text>'
    )


def tile_symbol(index: int, *, red: bool = False) -> str:
    """The ``<symbol>`` of tile ``index`` (0-33), with the tile's name as its title; with
    ``red=True``, the red five (赤ドラ) of a five in :data:`RED_FIVES`, titled ``0m`` and so on.
    Raises :class:`ValueError` for a red version of any other tile.

    >>> tile_symbol(0)[:46]
    '<symbol id="tile-1m" viewBox="0 0 60 80"><titl'
    >>> tile_symbol(13, red=True)[:51]
    '<symbol id="red-5p" viewBox="0 0 60 80"><title>0p</'
    """
    if red and index not in RED_FIVES:
        raise ValueError(f"{tile_name(index)} has no red version: only 5m, 5p and 5s do")
    name = tile_name(index)
    number, suit = index % 9 + 1, name[1]
    body = _face()
    if suit == "m":
        body += _kanji(_NUMERALS[number - 1], 30, 36, 27, _RED if red else _INK)
        body += _kanji("萬", 30, 67, 27, _RED)
        body += _index(str(number))
    elif suit == "p":
        body += _circles(number, red)
    elif suit == "s":
        body += _bamboos(number, red)
    else:
        char, colour, label = _HONOURS[number - 1]
        if char:
            body += _kanji(char, 30, 54, 38, colour)
        else:
            body += (
                f'<rect x="12" y="14" width="36" height="48" rx="3" fill="none" '
                f'stroke="{colour}" stroke-width="3"/>'
                f'<rect x="17" y="19" width="26" height="38" rx="2" fill="none" '
                f'stroke="{colour}" stroke-width="1.5"/>'
            )
        body += _index(label)
    ident, title = (f"red-{name}", f"0{suit}") if red else (f"tile-{name}", name)
    return f'<symbol id="{ident}" viewBox="{VIEWBOX}"><title>{title}</title>{body}</symbol>'


def tile_sprite() -> str:
    """An invisible ``<svg>`` holding the 34 tile symbols and the 3 red fives, to inline
    once in the page."""
    symbols = "".join(tile_symbol(i) for i in range(NUM_TILES))
    symbols += "".join(tile_symbol(i, red=True) for i in RED_FIVES)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" '
        f'focusable="false">{symbols}</svg>'
    )

"""Tiles (牌): the 34 kinds, their mpsz names, suits and Unicode glyphs.

Index order: 1m-9m (萬子, 0-8), 1p-9p (筒子, 9-17), 1s-9s (索子, 18-26), then the honours
(字牌, 27-33) 1z-7z = East, South, West, North, White, Green, Red.

>>> Tile("5p")
Tile('5p')
>>> int(Tile("5p")), Tile(31), Tile("7z").unicode
(13, Tile('5z'), '🀄')
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Final

import numpy as np

from shanten.errors import HandError, NotationError
from shanten.notation import NUM_TILES, SUITS, TILE_NAMES, parse_tiles, tile_name, unicode_of

__all__ = [
    "HONOURS",
    "NUM_TILES",
    "SANMA_ABSENT",
    "SUITS",
    "TERMINALS_AND_HONOURS",
    "TILES",
    "TILE_NAMES",
    "Tile",
    "TileCollection",
    "tile_name",
    "unicode_of",
]

#: 1m 9m 1p 9p 1s 9s and the seven honours: the tiles of thirteen orphans (国士無双).
TERMINALS_AND_HONOURS: Final = (0, 8, 9, 17, 18, 26, *range(27, 34))
HONOURS: Final = tuple(range(27, 34))
#: 2m-8m, which 3-player mahjong (三人麻雀) removes from the game.
SANMA_ABSENT: Final = tuple(range(1, 8))


class Tile:
    """One of the 34 tile kinds (牌), immutable and interned: there is one object per kind
    (pickling and copying give it back), so tiles compare and hash by identity, as fast as
    ints.

    Built from mpsz notation (``Tile("0m")`` is a red five, read as 5m), a single Unicode
    glyph, or an index 0-33 (an int or a numpy integer). An index outside 0-33 names no
    tile of the game and is a :class:`~shanten.HandError`, as a count vector of the wrong
    length is; a string that is not one tile is a :class:`~shanten.NotationError`.

    >>> Tile("1z"), Tile("🀄"), Tile("0s") == Tile("5s")
    (Tile('1z'), Tile('7z'), True)
    >>> Tile(34)
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: tile index 34 is out of range: the 34 tiles are indices 0-33 (1m..7z)
    """

    __slots__ = ("index",)
    index: int
    _interned: ClassVar[dict[int, Tile]] = {}

    def __new__(cls, value: str | int | np.integer[Any] | Tile) -> Tile:
        if isinstance(value, Tile):
            return value
        if isinstance(value, str):
            tile = _BY_NAME.get(value)  # "5p", "0p", "🀄": one look-up, no parsing
            if tile is not None:
                return tile
            indices = parse_tiles(value)
            if len(indices) != 1:
                raise NotationError(
                    f"{len(indices)} tiles where one was expected", value, 0, len(value)
                )
            index = indices[0]
        elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            index = operator.index(value)
            if not 0 <= index < NUM_TILES:
                raise HandError(
                    f"tile index {index} is out of range: the 34 tiles are indices 0-33 (1m..7z)"
                )
        else:
            raise TypeError(f"a tile is a notation string or an index, not {type(value).__name__}")
        tile = cls._interned.get(index)
        if tile is None:
            tile = object.__new__(cls)
            object.__setattr__(tile, "index", index)
            cls._interned[index] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        return (Tile, (self.index,))

    def __int__(self) -> int:
        return self.index

    def __index__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return TILE_NAMES[self.index]

    def __repr__(self) -> str:
        return f"Tile('{TILE_NAMES[self.index]}')"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    @property
    def suit(self) -> str:
        """``'m'``, ``'p'``, ``'s'`` or ``'z'``."""
        return SUITS[self.index // 9]

    @property
    def number(self) -> int:
        """1-9 for suited tiles, 1-7 for honours."""
        return self.index % 9 + 1

    @property
    def unicode(self) -> str:
        """The Unicode glyph: ``Tile('1m').unicode == '🀇'``."""
        return unicode_of(self.index)

    @property
    def is_honour(self) -> bool:
        """Winds and dragons (字牌)."""
        return self.index >= 27

    @property
    def is_terminal_or_honour(self) -> bool:
        """A tile of thirteen orphans (么九牌)."""
        return self.index in TERMINALS_AND_HONOURS


#: The 34 tiles, in tile order: ``TILES[i] is Tile(i)``.
TILES: Final = tuple(Tile(i) for i in range(NUM_TILES))

#: Each tile by its one-tile notations: mpsz (a red five's ``0`` too) and its glyph.
_BY_NAME: Final[dict[str, Tile]] = {
    **{TILE_NAMES[i]: TILES[i] for i in range(NUM_TILES)},
    **{f"0{suit}": TILES[9 * n + 4] for n, suit in enumerate(SUITS[:3])},
    **{unicode_of(i): TILES[i] for i in range(NUM_TILES)},
}


class TileCollection:
    """A result that is a collection of tiles, held in its ``tiles``: ``len``,
    iteration and ``in`` read them, and ``in`` takes a :class:`Tile` or its notation (bad
    notation raises :class:`~shanten.NotationError`; anything else is in no result).
    """

    __slots__ = ()

    if TYPE_CHECKING:  # a field or a property of each result

        @property
        def tiles(self) -> tuple[Tile, ...]: ...

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __contains__(self, value: object) -> bool:
        if isinstance(value, str):
            value = Tile(value)
        return isinstance(value, Tile) and value in self.tiles

"""Hands (手牌) and called melds (副露) as value types, and the rules that bind them.

A :class:`Hand` is a multiset of at most 14 tiles with at most 4 copies of each; a
:class:`Meld` is a called run (チー), triplet (ポン) or quad (カン). :func:`position` checks a
hand, its melds and the rules together and is what every analysis starts from.

>>> Hand("3478m12344p23s12z")
Hand('3478m12344p23s12z')
>>> str(Hand("🀉🀊🀍🀎🀑🀒🀙🀚🀛🀜🀜🀀🀁"))
'3478m12344p23s12z'
>>> Meld("0p46p"), Meld("(1111p)")
(Meld('406p'), Meld('(1111p)'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from shanten import options
from shanten.errors import HandError, MeldError, described, quoted
from shanten.notation import counts_of, format_counts, format_unicode, parse_tiles, red_fives
from shanten.options import valid_counts
from shanten.tiles import NUM_TILES, SANMA_ABSENT, Tile, TileCollection, tile_name

__all__ = [
    "Hand",
    "HandLike",
    "Meld",
    "MeldLike",
    "Players",
    "Position",
    "meld_items",
    "position",
    "valid_counts",
]

Players = Literal[3, 4]
MeldKind = Literal["chi", "pon", "kan"]

#: Concealed hand sizes that shanten is defined for: 3n+1 or 3n+2 tiles, at most 14.
VALID_SIZES = frozenset({1, 2, 4, 5, 7, 8, 10, 11, 13, 14})


def _check_copies(counts: Sequence[int], source: str | None = None) -> None:
    for index, count in enumerate(counts):
        if count > 4:
            where = f" in {quoted(source)}" if source is not None else ""
            raise HandError(f"{count} copies of {tile_name(index)}{where}: a tile has 4 copies")


class Hand(TileCollection):
    """A concealed hand (純手牌): up to 14 tiles, at most 4 of a kind.

    Built from mpsz or Unicode notation, 34 counts, or another Hand; printed in canonical
    mpsz (suits m, p, s, z; digits ascending; red fives as 5).

    >>> hand = Hand("11p 23m".replace(" ", ""))
    >>> hand, len(hand), hand.unicode
    (Hand('23m11p'), 4, '🀈🀉🀙🀙')
    >>> Hand("11111m")
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 5 copies of 1m in '11111m': a tile has 4 copies
    """

    __slots__ = ("_counts",)
    _counts: tuple[int, ...]

    def __init__(self, value: HandLike) -> None:
        if isinstance(value, Hand):
            counts = value._counts
        elif isinstance(value, str):
            counts = tuple(counts_of(parse_tiles(value)))
            if sum(counts) <= 14:  # a size above 14 is said first, below
                _check_copies(counts, value)
        else:
            counts = valid_counts(value)
        size = sum(counts)
        if size > 14:
            raise HandError(f"{size} tiles: a hand has at most 14")
        self._counts = counts

    @property
    def counts(self) -> tuple[int, ...]:
        """The 34 tile counts, 1m first."""
        return self._counts

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in tile order, one entry per copy."""
        return tuple(Tile(i) for i in range(NUM_TILES) for _ in range(self._counts[i]))

    @property
    def unicode(self) -> str:
        """The hand as Unicode tiles: ``Hand('123m').unicode == '🀇🀈🀉'``."""
        return format_unicode(self._counts)

    def __len__(self) -> int:
        return sum(self._counts)

    def __str__(self) -> str:
        return format_counts(self._counts)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._counts == self._counts

    def __hash__(self) -> int:
        return hash(("Hand", self._counts))


class Meld(TileCollection):
    """A called meld (副露): a run (チー, ``123m``), triplet (ポン, ``555z``) or quad (カン, ``1111p``),
    or a concealed quad (暗槓), written in parentheses (``(1111p)``) or made with
    ``concealed=True``.

    A meld keeps how many of its fives are red (赤ドラ, the digit ``0``) in ``red`` and
    writes them back, so that :func:`shanten.score` counts them; equality and hashing
    compare the tiles and whether the meld is concealed, not the red fives, as
    ``Hand('0m') == Hand('5m')``. Only a quad can be concealed: a concealed run or
    triplet is part of the hand.

    >>> Meld("1111p").kind, Meld("324s"), Meld("🀄🀄🀄")
    ('kan', Meld('234s'), Meld('777z'))
    >>> Meld("(1111p)"), Meld("1111p", concealed=True).concealed, Meld("406p").red
    (Meld('(1111p)'), True, 1)
    >>> Meld("124m")
    Traceback (most recent call last):
    ...
    shanten.errors.MeldError: '124m' is not a meld: a meld is a run (123m), a triplet (555z) or a quad (1111p)
    """

    __slots__ = ("_tiles", "concealed", "kind", "red")
    _tiles: tuple[int, ...]
    kind: MeldKind
    #: True for a concealed quad (暗槓): the hand stays closed (門前).
    concealed: bool
    #: How many of the meld's fives are red.
    red: int

    def __init__(self, value: MeldLike, *, concealed: bool = False) -> None:
        if not isinstance(concealed, bool):
            raise TypeError(f"concealed is True or False, not {described(concealed)}")
        if isinstance(value, Meld):
            self._tiles, self.kind, self.red = value._tiles, value.kind, value.red
            self.concealed = value.concealed or concealed
            return
        if not isinstance(value, str):
            raise TypeError(
                f"a meld is notation such as '123m' or a Meld, not {type(value).__name__}"
            )
        text = value.strip()
        if text.startswith("(") and text.endswith(")"):
            text, concealed = text[1:-1], True
        tiles = tuple(sorted(parse_tiles(text)))
        kind: MeldKind | None = None
        if len(tiles) in (3, 4) and len(set(tiles)) == 1:
            kind = "pon" if len(tiles) == 3 else "kan"
        elif (
            len(tiles) == 3
            and tiles[0] < 27
            and tiles[0] // 9 == tiles[2] // 9
            and tiles[1] == tiles[0] + 1
            and tiles[2] == tiles[0] + 2
        ):
            kind = "chi"
        if kind is None:
            raise MeldError(
                f"{quoted(value)} is not a meld: a meld is a run (123m), a triplet (555z) or a quad (1111p)"
            )
        if concealed and kind != "kan":
            raise MeldError(
                f"{quoted(value)} cannot be concealed: only a quad is declared concealed (暗槓), "
                "a concealed run or triplet is part of the hand"
            )
        self._tiles, self.kind, self.concealed = tiles, kind, concealed
        self.red = sum(red_fives(text))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles in tile order."""
        return tuple(Tile(i) for i in self._tiles)

    @property
    def counts(self) -> tuple[int, ...]:
        """The meld's 34 tile counts."""
        return tuple(counts_of(self._tiles))

    @property
    def opened(self) -> bool:
        """True for a called meld, which opens the hand; False for a concealed quad."""
        return not self.concealed

    @property
    def unicode(self) -> str:
        """The meld as Unicode tiles."""
        return format_unicode(self.counts)

    def __str__(self) -> str:
        text = format_counts(self.counts)
        if self.red:
            digits = text[:-1].replace("5", "0", self.red)
            text = "".join(sorted(digits, key=lambda d: (5 if d == "0" else int(d), d != "0")))
            text += format_counts(self.counts)[-1]
        return f"({text})" if self.concealed else text

    def __repr__(self) -> str:
        return f"Meld('{self}')"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Meld)
            and other._tiles == self._tiles
            and other.concealed == self.concealed
        )

    def __hash__(self) -> int:
        return hash(("Meld", self._tiles, self.concealed))


HandLike = str | Hand | Sequence[int] | npt.NDArray[np.integer[Any]] | npt.NDArray[np.bool_]
MeldLike = str | Meld


@dataclass(frozen=True)
class Position:
    """A checked hand with its melds and rules: what every analysis starts from.

    ``caps[i]`` is how many copies of tile ``i`` a complete hand may hold: 4, less the
    melded copies under ``count_melded_copies``, and 0 for 2m-8m in 3-player mahjong.
    """

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    players: Players
    count_melded_copies: bool
    caps: tuple[int, ...]
    #: Concealed tiles.
    size: int = field(init=False)
    #: Sets (面子) the concealed tiles must still form, besides the pair.
    sets_needed: int = field(init=False)

    def __post_init__(self) -> None:
        size = sum(self.counts)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "sets_needed", size // 3)

    @property
    def closed(self) -> bool:
        """True for a 13/14-tile hand with no melds: seven pairs and thirteen orphans apply."""
        return not self.melds and self.size >= 13

    @property
    def capped(self) -> bool:
        """True when some tile of the game is capped below 4 by the melds."""
        return self.count_melded_copies and bool(self.melds)


def position(
    hand: HandLike,
    melds: Iterable[MeldLike] = (),
    players: options.PlayersLike = 4,
    count_melded_copies: options.Flag = False,
) -> Position:
    """Check a hand, its melds and the rules together.

    >>> position("123m", players=4).sets_needed
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 3 tiles: a concealed hand holds 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)
    >>> position("23m", melds=["555z"])
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 2 concealed tiles and 1 meld make 5 tiles: with 1 meld the concealed hand holds 10 or 11 tiles
    """
    rules_players = options.players(players)
    count_melded_copies = options.flag("count_melded_copies", count_melded_copies)
    items = meld_items(melds)
    counts = Hand(hand).counts
    meld_list = tuple(Meld(m) for m in items)
    size = sum(counts)
    if size not in VALID_SIZES:
        if size == 0:
            raise HandError("an empty hand: a hand holds 1 to 14 tiles")
        raise HandError(
            f"{size} tiles: a concealed hand holds 3n+1 or 3n+2 tiles "
            "(1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)"
        )
    k = len(meld_list)
    if k and size + 3 * k not in (13, 14):  # k is at most 4, as meld_items checks
        plural = "meld" if k == 1 else "melds"
        raise HandError(
            f"{size} concealed tile{'' if size == 1 else 's'} and {k} {plural} make "
            f"{size + 3 * k} tiles: "
            f"with {k} {plural} the concealed hand holds {13 - 3 * k} or {14 - 3 * k} tiles"
        )
    melded = [0] * NUM_TILES
    for meld in meld_list:
        for tile in meld._tiles:
            melded[tile] += 1
    for index in range(NUM_TILES):
        total = counts[index] + melded[index]
        if total > 4:
            raise HandError(
                f"{total} copies of {tile_name(index)} in the hand and melds: a tile has 4 copies"
            )
    caps = [4] * NUM_TILES
    if count_melded_copies:
        caps = [4 - m for m in melded]
    if rules_players == 3:
        for index in SANMA_ABSENT:
            if counts[index] or melded[index]:
                raise HandError(f"{tile_name(index)} does not exist in 3-player mahjong")
            caps[index] = 0
    return Position(counts, meld_list, rules_players, count_melded_copies, tuple(caps))


def meld_items(value: object) -> list[MeldLike]:
    """The items of the ``melds`` option, checked to be a collection of at most 4 melds
    given as notation or :class:`~shanten.Meld` (the melds themselves are read by
    :class:`~shanten.Meld`).

    >>> meld_items(np.array(["123m", "555z"]))
    [np.str_('123m'), np.str_('555z')]
    >>> meld_items(5)
    Traceback (most recent call last):
    ...
    TypeError: melds is a sequence of melds, e.g. ['123m', '555z'], not int
    """
    if isinstance(value, (str, Meld)):
        raise TypeError("melds is a sequence of melds, e.g. ['123m', '555z'], not one meld")
    try:
        iterator = iter(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"melds is a sequence of melds, e.g. ['123m', '555z'], not {type(value).__name__}"
        ) from None
    items = list(islice(iterator, options.MAX_MELDS + 1))
    if len(items) > options.MAX_MELDS:
        count = f"{len(value)}" if isinstance(value, Sized) else f"more than {options.MAX_MELDS}"
        raise HandError(f"{count} melds: a hand has at most {options.MAX_MELDS}")
    checked: list[MeldLike] = []
    for index, item in enumerate(items):
        if not isinstance(item, (str, Meld)):
            raise TypeError(
                "melds is a sequence of melds, e.g. ['123m', '555z'], each notation or a "
                f"Meld; item {index} is {described(item)}"
            )
        checked.append(item)
    return checked

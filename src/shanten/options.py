"""The options every entry point takes, read by one set of rules.

Every verb (``shanten``, ``calculate``, ``ukeire``, ``discards``, ``good_shape``,
``is_complete``, ``decompositions``, ``waits``, ``report``) and the batch API read their
options here, so the same value means the same thing everywhere:

- ``players`` is the integer 3 or 4 (三人麻雀 or 四人麻雀): a Python int or a numpy
  integer, never a bool. Anything else is a :class:`~shanten.RuleError`.
- ``count_melded_copies`` and ``second_step`` are True or False: a Python bool or a numpy
  bool. Anything else, 0 and 1 and strings included, is a :class:`~shanten.RuleError`
  naming the option.
- ``form`` is one of ``'all'``, ``'standard'``, ``'chiitoitsu'``, ``'kokushi'``; anything
  else is a :class:`~shanten.RuleError`.
- ``melds`` is a collection of at most 4 melds (副露), each notation (``'123m'``) or a
  :class:`~shanten.Meld`: a list, a tuple, a numpy array, any iterable. One meld on its
  own, something that is not a collection, or an item that is not a meld is a
  :class:`TypeError` naming ``melds``; a fifth meld is a :class:`~shanten.HandError`.
- ``visible`` is notation (``'55m1z'``), or a collection: when every item is a whole
  number, it holds the 34 counts of tiles 1m..7z (another length is a
  :class:`~shanten.HandError` naming it); otherwise every item is a tile, as notation
  or a :class:`~shanten.Tile`. More than 136 items is a :class:`~shanten.HandError`.

No collection is read past these bounds, so an endless iterator gets an error, not a
hang.

A numpy scalar is the number or bool it holds; a whole number is an int or a numpy
integer, and where counts are read a bool is the int it is (True is one copy).

>>> players(np.int64(3)), flag("second_step", np.True_)
(3, True)
>>> players(True)
Traceback (most recent call last):
...
shanten.errors.RuleError: players must be 3 or 4, got True
>>> flag("count_melded_copies", "no")
Traceback (most recent call last):
...
shanten.errors.RuleError: count_melded_copies must be True or False, got 'no'
>>> visible([0] * 33)
Traceback (most recent call last):
...
shanten.errors.HandError: visible has 33 counts: counts have 34 entries (1m..7z); tiles are notation such as '55m1z' or a list such as ['5m', '5m', '1z']
"""

from __future__ import annotations

import functools
import operator
import os
from collections.abc import Sized
from itertools import islice
from typing import Any, Literal, TypeAlias, cast

import numpy as np

from shanten.errors import HandError, RuleError, described
from shanten.notation import counts_of, parse_tiles
from shanten.tiles import NUM_TILES, Tile, tile_name

__all__ = [
    "FORM_VIEWS",
    "Flag",
    "FormView",
    "PlayersLike",
    "flag",
    "form",
    "players",
    "valid_counts",
    "visible",
    "whole",
]

#: What ``players`` takes: 3 or 4, as an int or a numpy integer.
PlayersLike: TypeAlias = int | np.integer[Any]
#: What a boolean option takes: a Python or a numpy bool.
Flag: TypeAlias = bool | np.bool_

#: ``"all"``: the minimum over the forms that apply (Tenhou's 標準形); ``"standard"``:
#: four sets and a pair only (一般形); or one of the other two forms alone.
FormView = Literal["all", "standard", "chiitoitsu", "kokushi"]
#: The form views, in the order the docs list them.
FORM_VIEWS: tuple[FormView, ...] = ("all", "standard", "chiitoitsu", "kokushi")

#: Melds a hand can hold, and tiles in the game: no collection is read past them.
MAX_MELDS = 4
MAX_VISIBLE = 136
#: The most ``jobs`` taken: far past any machine's cores, and a number that threads and
#: processes can be counted in (each use takes no more than it can keep busy).
MAX_JOBS = 2**16


def players(value: object) -> Literal[3, 4]:
    """The number of players as a plain int: 3 or 4, given as an int or numpy integer.

    >>> players(4), players(np.uint8(3))
    (4, 3)
    >>> players(4.0)
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: players must be 3 or 4, got 4.0
    """
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if value == 3:
            return 3
        if value == 4:
            return 4
    raise RuleError(f"players must be 3 or 4, got {described(value)}")


def flag(name: str, value: object) -> bool:
    """The boolean option ``name`` as a plain bool: True or False, given as a Python or
    numpy bool.

    >>> flag("count_melded_copies", False), flag("count_melded_copies", np.bool_(True))
    (False, True)
    >>> flag("second_step", 1)
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: second_step must be True or False, got 1
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise RuleError(f"{name} must be True or False, got {described(value)}")


def form(value: object) -> FormView:
    """The form view, checked.

    >>> form("kokushi")
    'kokushi'
    >>> form("seven pairs")
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: form must be 'all', 'standard', 'chiitoitsu' or 'kokushi', got 'seven pairs'
    """
    if not isinstance(value, str) or value not in FORM_VIEWS:
        raise RuleError(
            f"form must be 'all', 'standard', 'chiitoitsu' or 'kokushi', got {described(value)}"
        )
    return cast(FormView, str(value))


def whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number (an int, a numpy integer, or a bool,
    Python's or numpy's, as 0 or 1), else None.

    >>> whole(np.int8(-2)), whole(np.True_), whole(2.0)
    (-2, 1, None)
    """
    if isinstance(value, (int, np.integer)):
        return operator.index(value)
    if isinstance(value, np.bool_):
        return int(value)
    return None


def draws(value: object, wall: int) -> int:
    """The ``draws`` option of :func:`~shanten.odds`: a whole number from 0 to the
    ``wall`` of unseen tiles (a bool is not a number of draws).

    >>> draws(np.int64(17), 121)
    17
    >>> draws(122, 121)
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: draws must be from 0 to 121 (the unseen tiles), got 122
    """
    number = None if isinstance(value, (bool, np.bool_)) else whole(value)
    if number is None or not 0 <= number <= wall:
        raise RuleError(
            f"draws must be from 0 to {wall} (the unseen tiles), got {described(value)}"
        )
    return number


@functools.cache
def cores() -> int:
    """The cores this process may use (``os.cpu_count()`` costs microseconds a call)."""
    return os.cpu_count() or 1


def jobs(value: object) -> int:
    """The ``jobs`` option: a whole number from 1 to :data:`MAX_JOBS`, or None for
    :func:`cores`.

    >>> jobs(2), jobs(None) == cores()
    (2, True)
    >>> jobs(0)
    Traceback (most recent call last):
    ...
    shanten.errors.RuleError: jobs must be a whole number from 1 to 65536 or None, not 0
    """
    if value is None:
        return cores()
    number = None if isinstance(value, (bool, np.bool_)) else whole(value)
    if number is None or not 1 <= number <= MAX_JOBS:
        raise RuleError(
            f"jobs must be a whole number from 1 to {MAX_JOBS} or None, not {described(value)}"
        )
    return number


def visible(value: object) -> list[int]:
    """The 34 counts of the ``visible`` option: tiles seen outside the hand and its
    melds (discards, other players' melds, dora indicators).

    >>> visible("55m1z")[4], visible(["5m", Tile("5m")])[4], visible([0] * 4 + [2] + [0] * 29)[4]
    (2, 2, 2)
    >>> visible(5)
    Traceback (most recent call last):
    ...
    TypeError: visible is notation, a list of tiles or 34 counts, not int
    """
    if isinstance(value, str):
        return counts_of(parse_tiles(value))
    try:
        iterator = iter(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(
            f"visible is notation, a list of tiles or 34 counts, not {type(value).__name__}"
        ) from None
    items = list(islice(iterator, MAX_VISIBLE + 1))
    if len(items) > MAX_VISIBLE:
        raise HandError(
            f"visible lists more than {MAX_VISIBLE} items: the game has {MAX_VISIBLE} tiles"
        )
    if items and all(whole(item) is not None for item in items):
        if len(items) != NUM_TILES:
            raise HandError(
                f"visible has {len(items)} counts: counts have 34 entries (1m..7z); tiles "
                "are notation such as '55m1z' or a list such as ['5m', '5m', '1z']"
            )
        return list(valid_counts(items))
    tiles: list[int] = []
    for item in items:
        if isinstance(item, str):
            tiles.extend(parse_tiles(item))
        elif isinstance(item, Tile):
            tiles.append(item.index)
        else:
            raise TypeError(
                f"visible is notation, a list of tiles or 34 counts; got an item {described(item)}"
            )
    return counts_of(tiles)


def valid_counts(value: object) -> tuple[int, ...]:
    """Check a sequence of 34 tile counts and return it as a tuple of ints.

    Counts are whole numbers 0-4 (Python ints, numpy integers; a bool, Python's or
    numpy's, is the int it is, as in the batch API).

    >>> valid_counts([5] + [0] * 33)
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: 5 copies of 1m: a tile has 4 copies
    """
    if type(value) in (list, tuple) and len(value) == NUM_TILES:  # type: ignore[arg-type]
        try:
            packed = bytes(value)  # type: ignore[call-overload]  # ints 0-255 only
        except (TypeError, ValueError):
            pass  # the careful loop below names the culprit
        else:
            if max(packed) <= 4:
                return tuple(packed)
    try:
        iterator = iter(value)  # type: ignore[call-overload]  # numpy arrays, iterators
    except TypeError:
        raise TypeError(
            f"a hand is notation, a Hand or 34 counts, not {type(value).__name__}"
        ) from None
    items = list(islice(iterator, NUM_TILES + 1))  # an endless iterator is not read on
    if len(items) != NUM_TILES:
        got = f"more than {NUM_TILES}"
        if len(items) <= NUM_TILES or isinstance(value, Sized):
            got = str(len(value) if isinstance(value, Sized) else len(items))
        raise HandError(f"a count vector has 34 entries (1m..7z), got {got}")
    counts = []
    for index, count in enumerate(items):
        number = whole(count)
        if number is None:
            raise HandError(
                f"the count of {tile_name(index)} is {described(count)}, not a whole number"
            )
        if number < 0:
            raise HandError(
                f"{described(number)} copies of {tile_name(index)}: a count cannot be negative"
            )
        if number > 4:
            raise HandError(
                f"{described(number)} copies of {tile_name(index)}: a tile has 4 copies"
            )
        counts.append(number)
    return tuple(counts)

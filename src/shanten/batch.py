"""Shanten numbers (向聴数) and effective tiles (有効牌, 受け入れ) of many hands at once, on
numpy arrays of tile counts.

Each row of an ``(N, 34)`` array is one closed hand (no melds), in tile order 1m..9m,
1p..9p, 1s..9s, 1z..7z, and the concealed hand alone caps copies (Tenhou's rule). Row by
row the answers are the per-call API's: ``shanten(counts)[i] == shanten.shanten(row i)``
and ``ukeire(counts)[i]`` marks the tiles of ``shanten.ukeire(row i).tiles``.

>>> import numpy as np
>>> from shanten.hand import Hand
>>> hands = ["23489m6799p22567s", "19m19p19s1234567z", "11223344556677z"]
>>> counts = np.array([Hand(h).counts for h in hands], dtype=np.uint8)
>>> shanten(counts)
array([ 1,  0, -1], dtype=int8)
>>> shanten(counts, form="standard")
array([1, 8, 3], dtype=int8)
>>> Hand(ukeire(counts[1:2])[0].astype(np.uint8))  # thirteen orphans, 13-sided wait
Hand('19m19p19s1234567z')

Counts may have any integer dtype, checked by range (0 to 4), or bool (a bool is the int
it is, as everywhere in the library); a C-contiguous uint8 array, which the kernel reads,
is not copied. Bad input raises the per-call API's error for the first bad row, with the
row number in front:

>>> shanten(np.array([[0] * 33 + [5]]))
Traceback (most recent call last):
...
shanten.errors.HandError: row 0: 5 copies of 7z: a tile has 4 copies

With the kernel (``shanten.accelerated``) the rows are answered in C without the GIL,
over all cores for large arrays; on the plain Python path, row by row by the reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal, NoReturn

import numpy as np
import numpy.typing as npt

from shanten import _engine, options
from shanten.errors import HandError, ShantenError
from shanten.hand import Hand, position
from shanten.tiles import NUM_TILES

__all__ = ["BatchForm", "shanten", "ukeire"]

#: ``"all"``: the minimum over the forms that apply, as :func:`shanten.shanten`; or one
#: form alone: the standard form (一般形: four sets and a pair, fewer sets implied for
#: small hands), seven pairs (七対子) or thirteen orphans (国士無双).
BatchForm = Literal["all", "standard", "chiitoitsu", "kokushi"]

_U8 = npt.NDArray[np.uint8]
#: Rows checked and converted at a time when the counts are not uint8: memory stays flat.
_CHUNK: Final = 1 << 16


def _as_counts(counts: npt.ArrayLike, players: int, check: Callable[[int, list[int]], None]) -> _U8:
    """The counts as a C-contiguous uint8 (N, 34) array, every count checked in 0..4
    (``check`` raises the error of a bad row); sizes are checked as the rows are
    computed."""
    try:
        array = np.asarray(counts)
    except ValueError as error:  # ragged rows
        raise HandError(
            f"a count array has shape (N, 34), one hand (1m..7z) per row; the rows of "
            f"{type(counts).__name__} are of different lengths ({error})"
        ) from None
    if array.dtype.kind not in "biu":
        raise HandError(
            f"counts of dtype {array.dtype}: a count array holds integers (any integer "
            "dtype, or bool; uint8 is read without a copy)"
        )
    if array.ndim != 2 or array.shape[1] != NUM_TILES:
        raise HandError(
            f"a count array has shape (N, 34), one hand (1m..7z) per row; got shape {array.shape}"
        )
    if array.dtype == np.uint8 and array.flags.c_contiguous:
        return array  # counts above 4 are found by the kernel, row by row
    result = np.empty(array.shape, dtype=np.uint8)
    for start in range(0, len(array), _CHUNK):
        chunk = array[start : start + _CHUNK]
        if chunk.dtype.kind != "b" and (
            chunk.max() > 4 or (chunk.dtype.kind == "i" and chunk.min() < 0)
        ):
            wrong = ((chunk < 0) | (chunk > 4)).any(axis=1)
            row = start + int(np.argmax(wrong))
            check(row, [int(v) for v in array[row]])
        result[start : start + len(chunk)] = chunk
    return result


def _raise_for(row: int, values: list[int], players: int, need: str, what: str) -> NoReturn:
    """Raise the per-call API's error for a row that is not a valid hand (or not what
    ``need`` asks: ``closed`` for 13 or 14 tiles, ``3n+1``), with the row number in front."""
    try:
        position(values, players=players)
    except ShantenError as error:
        raise type(error)(f"row {row}: {error}") from None
    hand, size = str(Hand(values)), sum(values)
    if need == "3n+1":
        raise HandError(
            f"row {row}: {what} takes a 3n+1 hand (1, 4, 7, 10 or 13 tiles); {hand!r} has {size}"
        )
    raise HandError(
        f"row {row}: {what} applies only to closed hands of 13 or 14 tiles; {hand!r} has {size}"
    )


def shanten(
    counts: npt.ArrayLike, *, players: options.PlayersLike = 4, form: BatchForm = "all"
) -> npt.NDArray[np.int8]:
    """The shanten number of every row of an (N, 34) count array, as int8.

    ``form="all"`` takes the minimum over the forms that apply, as :func:`shanten.shanten`
    does; ``"standard"``, ``"chiitoitsu"`` or ``"kokushi"`` one form alone, as the
    matching field of :func:`shanten.calculate` (the last two for hands of 13 or 14 tiles
    only).

    >>> import numpy as np
    >>> from shanten.hand import Hand
    >>> counts = np.array([Hand("1111m111122233z").counts, Hand("1199m").counts])
    >>> shanten(counts), shanten(counts, players=3)
    (array([1, 0], dtype=int8), array([2, 0], dtype=int8))
    >>> shanten(counts, form="chiitoitsu")
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: row 1: chiitoitsu applies only to closed hands of 13 or 14 tiles; '1199m' has 4
    """
    players = options.players(players)
    form = options.form(form)
    need = "closed" if form in ("chiitoitsu", "kokushi") else "hand"

    def fail(row: int, values: list[int]) -> NoReturn:
        _raise_for(row, values, players, need, form)

    hands = _as_counts(counts, players, fail)
    out = np.empty(len(hands), dtype=np.int8)
    bad = _engine.engine.batch_shanten(hands, out, players, form)
    if bad >= 0:
        fail(bad, [int(v) for v in hands[bad]])
    return out


def ukeire(counts: npt.ArrayLike, *, players: options.PlayersLike = 4) -> npt.NDArray[np.bool_]:
    """Effective tiles (受け入れ) of every row of an (N, 34) array of 3n+1 hands: an
    (N, 34) bool array, True where drawing the tile lowers the shanten number (the
    minimum over the forms), as :func:`shanten.ukeire` lists them. A tile the hand holds
    four of is never effective; in 3-player mahjong, neither is 2m-8m.

    >>> import numpy as np
    >>> from shanten.hand import Hand
    >>> from shanten.tiles import tile_name
    >>> counts = np.array([Hand("1112345678999m").counts, Hand("2389m6799p22567s").counts])
    >>> [" ".join(tile_name(t) for t in np.flatnonzero(row)) for row in ukeire(counts)]
    ['1m 2m 3m 4m 5m 6m 7m 8m 9m', '1m 4m 7m 5p 8p 9p 2s']

    With four 1m and 1z held, 1111m111122233z waits for a 2m or a 3m; in 3-player there
    is no 2m or 3m, and 24 other draws help:

    >>> counts = np.array([Hand("1111m111122233z").counts])
    >>> [tile_name(t) for t in np.flatnonzero(ukeire(counts)[0])]
    ['2m', '3m']
    >>> int(ukeire(counts, players=3).sum())
    24
    """
    players = options.players(players)

    def fail(row: int, values: list[int]) -> NoReturn:
        _raise_for(row, values, players, "3n+1", "ukeire")

    hands = _as_counts(counts, players, fail)
    out = np.zeros((len(hands), NUM_TILES), dtype=np.bool_)
    bad = _engine.engine.batch_ukeire(hands, out, players)
    if bad >= 0:
        fail(bad, [int(v) for v in hands[bad]])
    return out

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
it is, as everywhere in the library); uint8, which the tables read, is not copied. Bad
input raises the per-call API's error for the first bad row, with the row number in
front:

>>> shanten(np.array([[0] * 33 + [5]]))
Traceback (most recent call last):
...
shanten.errors.HandError: row 0: 5 copies of 7z: a tile has 4 copies

How it is fast: the lookups of :mod:`shanten.lookup` and :mod:`shanten.efficiency_tables`
as numpy gathers, a chunk of rows at a time, with no Python loop per row. A float32
matrix product turns a chunk's counts into the four parts' base-5 codes (in blocks of
2,048 rows, which OpenBLAS runs on one thread). One gather per part then reads a packed
32-bit word: the part's distance class (bits 24-31), its tile count (bits 14-21) and
what seven pairs (七対子) and thirteen orphans (国士無双) need (bits 0-13: pairs, kinds
held, terminal/honour kinds held, terminal/honour pairs). The fields of the four words
add up without carries, so one sum gives the hand's size and its seven-pairs and
thirteen-orphans distances by one more lookup. The class chain reads tables indexed by
the hand's size instead of its sets, with a sentinel where a size is no hand, so that
one ``max`` per chunk checks every size.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final, Literal, NoReturn, TypeVar

import numpy as np
import numpy.typing as npt

from shanten.efficiency_tables import efficiency_tables
from shanten.errors import HandError, RuleError, ShantenError
from shanten.forms import parts
from shanten.hand import VALID_SIZES, Hand, position
from shanten.lookup import class_ids, lookup_chain
from shanten.tables import Kind
from shanten.tiles import NUM_TILES, SANMA_ABSENT, TERMINALS_AND_HONOURS

__all__ = ["BatchForm", "shanten", "ukeire"]

#: One form alone: the standard form (一般形: four sets and a pair, fewer sets implied for
#: small hands), seven pairs (七対子) or thirteen orphans (国士無双).
BatchForm = Literal["standard", "chiitoitsu", "kokushi"]
_FORMS: Final = ("standard", "chiitoitsu", "kokushi")

_Index = npt.NDArray[np.intp]
_U8 = npt.NDArray[np.uint8]
_U16 = npt.NDArray[np.uint16]
_U32 = npt.NDArray[np.uint32]

#: Rows per chunk: the chunk's temporaries stay in the L2 cache.
_CHUNK: Final = 16384
#: Rows per matrix product: M*N*K = 2048 * 34 * 5 stays under twice OpenBLAS's threading
#: threshold (65536 * 4), so it runs on the calling thread. A threaded product of a
#: chunk was up to a hundred times slower on a busy 2-core machine.
_PRODUCT_ROWS: Final = 2048
#: Packed word: closed-form fields in bits 0-13, the part's tiles in 14-21, class in 24-31.
_FIELD_BITS: Final = 14
#: Where each field starts: pairs at 0 (3 bits), kinds held (4 bits), terminal/honour
#: kinds held (4 bits), terminal/honour pairs (3 bits).
_KINDS: Final = 3
_ORPHANS: Final = 7
_ORPHAN_PAIRS: Final = 11
_TILE_SHIFT: Final = 14
_CLASS_SHIFT: Final = 24
#: Low bits of the summed words that index the closed-form tables: the fields and the
#: low 4 bits of the size (the size is checked to be at most 14 first).
_CLOSED_INDEX: Final = (1 << (_FIELD_BITS + 4)) - 1
_SIZE_SLOTS: Final = 16
#: Entry of a lookup indexed by size where the size is not allowed.
_BAD_SIZE: Final = 255
#: Distance stored where seven pairs and thirteen orphans do not apply (above any real one).
_NO_FORM: Final = 15
#: An ``optimal`` entry: the 10-bit mask of optimal targets, then the distance r.
_TARGET_BITS: Final = 10
_TARGET_MASK: Final = (1 << _TARGET_BITS) - 1


_Array = TypeVar("_Array", bound=npt.NDArray[Any])


def _frozen(array: _Array) -> _Array:
    """Mark a cached table read-only and return it."""
    array.flags.writeable = False
    return array


@functools.cache
def _packed(kind: Kind, width: int) -> _U32:
    """The packed word of every shape code of a part kind.

    Fields: pairs (bits 0-2), kinds held (3-6), terminal/honour kinds held (7-10),
    terminal/honour pairs (11-13). They are zero for shapes of more than 14 tiles, and
    over the parts of a hand of at most 14 tiles they sum without carries (at most 7
    pairs, 14 kinds, 13 terminal/honour kinds, 7 terminal/honour pairs). A hand's summed
    tile field is its size whenever that is at most 14, and more than 14 otherwise
    (carries only add).
    """
    codes = np.arange(5**width, dtype=np.uint32)
    tiles = np.zeros(len(codes), dtype=np.uint32)
    fields = np.zeros(len(codes), dtype=np.uint32)
    for k in range(width):
        digit = codes // 5 ** (width - 1 - k) % 5
        tiles += digit
        held, pair = (digit >= 1).astype(np.uint32), (digit >= 2).astype(np.uint32)
        fields += pair
        fields += held << _KINDS
        if kind != "suit" or k in (0, width - 1):  # a terminal or an honour
            fields += held << _ORPHANS
            fields += pair << _ORPHAN_PAIRS
    fields[tiles > 14] = 0
    ids = np.frombuffer(class_ids(kind)[0], dtype=np.uint8).astype(np.uint32)
    packed = (fields | tiles << _TILE_SHIFT | ids << _CLASS_SHIFT).astype(np.uint32, copy=False)
    return _frozen(packed)


def _by_size(table: _U8, bad: int) -> _U8:
    """Re-index a table whose last index is sets (0..4) by hand size (0..15) instead,
    with ``bad`` where the size is not a hand's."""
    rows = table.reshape(-1, 5)
    result = np.full((len(rows), _SIZE_SLOTS), bad, dtype=table.dtype)
    for size in VALID_SIZES:
        result[:, size] = rows[:, size // 3]
    return result.reshape(-1)


#: Which closed-form distance a table holds ("all": the nearer of the two forms), and for
#: which sizes (the rest get the third value).
_ClosedKey = tuple[Literal["all", "chiitoitsu", "kokushi"], frozenset[int], int]


@functools.cache
def _closed_distances(key: _ClosedKey) -> _U8:
    """Seven pairs, thirteen orphans or the nearer of the two, indexed by size << 14 |
    fields; ``missing`` where the size is not in ``sizes`` (13 and 14, or 13 alone)."""
    form, sizes, missing = key
    fields = np.arange(1 << _FIELD_BITS)
    pairs, distinct = fields & 7, fields >> _KINDS & 15
    orphans, orphan_pairs = fields >> _ORPHANS & 15, fields >> _ORPHAN_PAIRS & 7
    # seven distinct pairs: 0 for each pair held, 1 from a single, 2 from nothing
    seven = np.where(pairs >= 7, 0, 7 - pairs + np.maximum(0, 7 - distinct))
    kokushi = 13 - orphans + (orphan_pairs == 0)
    distance = {"chiitoitsu": seven, "kokushi": kokushi, "all": np.minimum(seven, kokushi)}[form]
    table = np.full((_SIZE_SLOTS, 1 << _FIELD_BITS), missing, dtype=np.uint8)
    for size in sizes:
        table[size] = np.clip(distance, 0, _NO_FORM)
    return _frozen(table.reshape(-1))


@dataclass(frozen=True)
class _Tables:
    """The lookup chain of one player count as numpy arrays (built once, then cached)."""

    #: (34, 4) base-5 weight of each tile in its part's code; 3-player adds a fifth
    #: column that counts 2m-8m.
    weights: npt.NDArray[np.float32]
    packed: tuple[_U32, _U32, _U32, _U32]
    #: ``first[c0 * n1 + c1]``: class of parts 0+1, times n2.
    first: _Index
    n1: int
    #: ``second[first + c2]``: class of parts 0+1+2, times n3.
    second: _Index
    #: ``final[(second + c3) * 16 + size]``: the standard form's distance;
    #: :data:`_BAD_SIZE` where the size is not a hand's.
    final: _U8


@functools.cache
def _tables(players: int) -> _Tables:
    part_list = parts(players)
    chain = lookup_chain(players)
    weights = np.zeros((NUM_TILES, 4 + (players == 3)), dtype=np.float32)
    for p, (_, tiles) in enumerate(part_list):
        for k, tile in enumerate(tiles):
            weights[tile, p] = 5 ** (len(tiles) - 1 - k)
    if players == 3:
        weights[list(SANMA_ABSENT), 4] = 1
    n1, n2, n3 = chain.widths
    packed = [_packed(kind, len(tiles)) for kind, tiles in part_list]
    return _Tables(
        weights=_frozen(weights),
        packed=(packed[0], packed[1], packed[2], packed[3]),
        first=_frozen(np.asarray(chain.first, dtype=np.intp) * n2),
        n1=n1,
        second=_frozen(np.asarray(chain.second, dtype=np.intp) * n3),
        final=_frozen(_by_size(np.asarray(chain.final, dtype=np.uint8), _BAD_SIZE)),
    )


@dataclass(frozen=True)
class _EffectivePart:
    """One part's effective-tile lookups as numpy arrays (see :class:`PartTables`)."""

    tiles: tuple[int, ...]
    weights: tuple[int, ...]
    #: Class of every code (a view of the class bytes). A draw onto a tile held 4 times
    #: reads a wrong class, or the last one (clipped): its result is masked.
    ids: _U8
    others: tuple[int, int, int]
    #: ``first[ca * first_width + cb]``, times ``second_width``.
    first: _Index
    first_width: int
    #: ``second[first + cc]``: the rest class, times ``classes``.
    second: _Index
    #: ``optimal[(second + c) * 5 + sets]``: optimal targets | r << 10.
    optimal: _U16
    #: ``improves[c << 8 | class_after_draw]``: zero where the class after is 255 (or
    #: any other id past the part's classes).
    improves: _U16


@functools.cache
def _effective_tables(players: int) -> tuple[_EffectivePart, ...]:
    # the three suits of 4-player mahjong share their lists: convert each list once
    arrays: dict[int, npt.NDArray[Any]] = {}

    def array(values: list[int], dtype: type[np.generic], scale: int = 1) -> npt.NDArray[Any]:
        if id(values) not in arrays:
            arrays[id(values)] = _frozen(np.asarray(values, dtype=dtype) * dtype(scale))
        return arrays[id(values)]

    result = []
    for part in efficiency_tables(players).parts:
        n = part.classes
        improves = np.zeros((n, 256), dtype=np.uint16)
        improves[:, :n] = np.asarray(part.improves).reshape(n, n)
        result.append(
            _EffectivePart(
                tiles=part.tiles,
                weights=part.weights,
                ids=_frozen(np.frombuffer(part.ids, dtype=np.uint8)),
                others=part.others,
                first=array(part.first, np.intp, part.second_width),
                first_width=part.first_width,
                second=array(part.second, np.intp, n),
                optimal=array(part.optimal, np.uint16),
                improves=_frozen(improves.reshape(-1)),
            )
        )
    return tuple(result)


# Validation -------------------------------------------------------------------------------

#: What every row must be besides a valid hand: nothing more, 13 or 14 tiles (seven pairs
#: or thirteen orphans alone), or 3n+1 tiles (effective tiles).
_Need = Literal["hand", "closed", "3n+1"]


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4):
        raise RuleError(f"players must be 3 or 4, got {players!r}")
    return players


def _as_counts(counts: npt.ArrayLike, players: int, need: _Need, what: str) -> _U8:
    """The counts as a C-contiguous uint8 (N, 34) array, every count checked in 0..4.

    Sizes and 2m-8m are checked chunk by chunk as the rows are computed.
    """
    array = np.asarray(counts)
    if array.dtype.kind not in "biu":
        raise HandError(
            f"counts of dtype {array.dtype}: a count array holds integers (any integer "
            "dtype, or bool; uint8 is read without a copy)"
        )
    if array.ndim != 2 or array.shape[1] != NUM_TILES:
        raise HandError(
            f"a count array has shape (N, 34), one hand (1m..7z) per row; got shape {array.shape}"
        )
    if array.size and (array.max() > 4 or (array.dtype.kind == "i" and array.min() < 0)):
        _raise_first_bad(array, players, need, what)
    return np.ascontiguousarray(array, dtype=np.uint8)


def _raise_first_bad(
    array: npt.NDArray[np.integer | np.bool_], players: int, need: _Need, what: str
) -> NoReturn:
    """Raise the per-call API's error for the first row that is not a valid hand (or not
    what ``need`` asks), with the row number in front. Only called when there is one."""
    wide = array.astype(np.int64)  # uint64 counts past 2**63 turn negative: still bad
    bad = ((wide < 0) | (wide > 4)).any(axis=1)
    sizes = np.where(bad, 0, wide.sum(axis=1))
    bad |= ~np.isin(sizes, list(VALID_SIZES))
    if players == 3:
        bad |= (wide[:, list(SANMA_ABSENT)] != 0).any(axis=1)
    if need == "closed":
        bad |= sizes < 13
    elif need == "3n+1":
        bad |= sizes % 3 != 1
    row = int(np.argmax(bad))
    if not bad[row]:
        raise AssertionError("a chunk check failed, but every row is valid")
    values = [int(v) for v in array[row]]
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


# The chunk kernel -------------------------------------------------------------------------


class _Chunks:
    """Scratch buffers, reused from chunk to chunk, and the steps every call shares."""

    def __init__(self, hands: _U8, tables: _Tables, players: int, need: _Need, what: str):
        self.hands = hands
        self.tables = tables
        self.players = players
        self.need = need
        self.what = what
        rows = min(_CHUNK, len(hands))
        columns = tables.weights.shape[1]
        self._floats = np.empty((rows, NUM_TILES), dtype=np.float32)
        self._products = np.empty((rows, columns), dtype=np.float32)
        self._codes = np.empty((columns, rows), dtype=np.intp)
        self._words = np.empty((4, rows), dtype=np.uint32)
        self._total = np.empty(rows, dtype=np.uint32)
        self._size = np.empty(rows, dtype=np.intp)

    def fail(self) -> NoReturn:
        _raise_first_bad(self.hands, self.players, self.need, self.what)

    def words(
        self, chunk: _U8
    ) -> tuple[_Index, npt.NDArray[np.uint32], npt.NDArray[np.uint32], _Index]:
        """(part codes, packed words, their sum, size) of a chunk; fails on a size above
        14 or on 2m-8m in 3-player."""
        rows = len(chunk)
        floats, products = self._floats[:rows], self._products[:rows]
        floats[...] = chunk
        weights = self.tables.weights
        for start in range(0, rows, _PRODUCT_ROWS):
            stop = min(start + _PRODUCT_ROWS, rows)
            np.matmul(floats[start:stop], weights, out=products[start:stop])
        codes = self._codes[:, :rows]
        np.copyto(codes, products.T, casting="unsafe")
        if self.players == 3 and codes[4].any():
            self.fail()
        words, total, size = self._words[:, :rows], self._total[:rows], self._size[:rows]
        for p in range(4):
            self.tables.packed[p].take(codes[p], out=words[p], mode="clip")
        np.add(words[0], words[1], out=total)
        total += words[2]
        total += words[3]
        np.right_shift(total, _TILE_SHIFT, out=size, casting="unsafe")
        size &= 255
        if size.max() > 14:
            self.fail()
        return codes, words, total, size


def shanten(
    counts: npt.ArrayLike, *, players: int = 4, form: BatchForm | None = None
) -> npt.NDArray[np.int8]:
    """The shanten number of every row of an (N, 34) count array, as int8.

    ``form=None`` takes the minimum over the forms that apply, as :func:`shanten.shanten`
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
    players = _check_players(players)
    if form is not None and form not in _FORMS:
        raise RuleError(f"form must be None, 'standard', 'chiitoitsu' or 'kokushi', got {form!r}")
    need: _Need = "closed" if form in ("chiitoitsu", "kokushi") else "hand"
    hands = _as_counts(counts, players, need, form or "shanten")
    tables = _tables(players)
    if form is None or form == "standard":
        closed = _closed_distances(("all", frozenset({13, 14}), _NO_FORM))
    else:
        closed = _closed_distances((form, frozenset({13, 14}), _BAD_SIZE))
    out = np.empty(len(hands), dtype=np.int8)
    if not len(hands):
        return out
    chunks = _Chunks(hands, tables, players, need, form or "shanten")
    rows = min(_CHUNK, len(hands))
    index, other = np.empty(rows, dtype=np.intp), np.empty(rows, dtype=np.intp)
    distance, closed_distance = np.empty(rows, dtype=np.uint8), np.empty(rows, dtype=np.uint8)
    for start in range(0, len(hands), _CHUNK):
        chunk = hands[start : start + _CHUNK]
        rows = len(chunk)
        _, words, total, size = chunks.words(chunk)
        i, j = index[:rows], other[:rows]
        d, e = distance[:rows], closed_distance[:rows]
        if form != "standard":
            np.bitwise_and(total, _CLOSED_INDEX, out=j, casting="unsafe")
            closed.take(j, out=e, mode="clip")
        if form in ("chiitoitsu", "kokushi"):
            d = e
        else:
            np.right_shift(words[0], _CLASS_SHIFT, out=i, casting="unsafe")
            i *= tables.n1
            i += np.right_shift(words[1], _CLASS_SHIFT, out=j, casting="unsafe")
            tables.first.take(i, out=i, mode="clip")
            i += np.right_shift(words[2], _CLASS_SHIFT, out=j, casting="unsafe")
            tables.second.take(i, out=i, mode="clip")
            i += np.right_shift(words[3], _CLASS_SHIFT, out=j, casting="unsafe")
            i *= _SIZE_SLOTS
            i += size
            tables.final.take(i, out=d, mode="clip")
        if d.max() == _BAD_SIZE:
            chunks.fail()
        if form is None:
            np.minimum(d, e, out=d)
        np.subtract(d.view(np.int8), 1, out=out[start : start + rows])
    return out


def _seven_pairs_draws(held: _U8, total: _U32) -> npt.NDArray[np.bool_]:
    """Draws toward seven pairs: a single, or a new kind while fewer than 7 are held."""
    few_kinds = (total >> _KINDS & 15) < 7
    draws: npt.NDArray[np.bool_] = (held == 1) | ((held == 0) & few_kinds[:, None])
    return draws


def _thirteen_orphans_draws(held: _U8, total: _U32) -> npt.NDArray[np.bool_]:
    """Draws toward thirteen orphans (of the 13 terminal/honour columns): a missing kind,
    or a pair from a single while no pair is held."""
    no_pair = (total >> _ORPHAN_PAIRS & 7) == 0
    draws: npt.NDArray[np.bool_] = (held == 0) | ((held == 1) & no_pair[:, None])
    return draws


def ukeire(counts: npt.ArrayLike, *, players: int = 4) -> npt.NDArray[np.bool_]:
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
    players = _check_players(players)
    hands = _as_counts(counts, players, "3n+1", "ukeire")
    out = np.zeros((len(hands), NUM_TILES), dtype=np.bool_)
    if not len(hands):
        return out
    parts_ = _effective_tables(players)
    seven_table = _closed_distances(("chiitoitsu", frozenset({13}), _NO_FORM))
    kokushi_table = _closed_distances(("kokushi", frozenset({13}), _NO_FORM))
    allowed = np.ones(NUM_TILES, dtype=np.bool_)
    if players == 3:
        allowed[list(SANMA_ABSENT)] = False
    orphans = np.array(TERMINALS_AND_HONOURS)
    # sets to build for each size (at most 14 here); more than 4 where it is not 3n+1
    sets_of = np.array([s // 3 if s % 3 == 1 else 255 for s in range(_SIZE_SLOTS)])
    chunks = _Chunks(hands, _tables(players), players, "3n+1", "ukeire")
    rows = min(_CHUNK, len(hands))
    classes = np.empty((4, rows), dtype=np.intp)
    entries = np.empty((4, rows), dtype=np.uint16)
    index, base = np.empty(rows, dtype=np.intp), np.empty(rows, dtype=np.intp)
    standard = np.empty(rows, dtype=np.uint8)
    sets_buffer = np.empty(rows, dtype=np.intp)
    drawn = np.empty(rows, dtype=np.uint8)
    # improved targets of each draw; rows of tiles no part draws (2m-8m in 3-player) stay 0
    effective = np.zeros((NUM_TILES, rows), dtype=np.uint16)
    for start in range(0, len(hands), _CHUNK):
        chunk = hands[start : start + _CHUNK]
        rows = len(chunk)
        result = out[start : start + rows]
        codes, words, total, size = chunks.words(chunk)
        sets = sets_of.take(size, out=sets_buffer[:rows], mode="clip")
        if sets.max() > 4:
            chunks.fail()
        c, m = classes[:, :rows], entries[:, :rows]
        i, b, t = index[:rows], base[:rows], drawn[:rows]
        e = effective[:, :rows]
        np.right_shift(words, _CLASS_SHIFT, out=c, casting="unsafe")
        for p, part in enumerate(parts_):
            # the rest class (the other three parts), then this part's optimal targets
            ca, cb, cc = part.others
            np.multiply(c[ca], part.first_width, out=i)
            i += c[cb]
            part.first.take(i, out=i, mode="clip")
            i += c[cc]
            part.second.take(i, out=i, mode="clip")
            i += c[p]
            i *= 5
            i += sets
            part.optimal.take(i, out=m[p], mode="clip")
            if p == 0:
                np.right_shift(m[0], _TARGET_BITS, out=standard[:rows], casting="unsafe")
            m[p] &= _TARGET_MASK
            # each draw of the part: the class after it, and the targets that improves
            np.left_shift(c[p], 8, out=b)
            for tile, weight in zip(part.tiles, part.weights, strict=True):
                np.add(codes[p], weight, out=i)
                part.ids.take(i, out=t, mode="clip")
                np.bitwise_or(b, t, out=i)
                part.improves.take(i, out=e[tile], mode="clip")
                e[tile] &= m[p]
        np.not_equal(e.T, 0, out=result)
        result &= chunk < 4
        # seven pairs and thirteen orphans (13 tiles only): where one is nearest too, its
        # draws count as well; where one is nearer, only its draws
        np.bitwise_and(total, _CLOSED_INDEX, out=i, casting="unsafe")
        seven, kokushi = seven_table.take(i), kokushi_table.take(i)
        best = np.minimum(np.minimum(seven, kokushi), standard[:rows])
        beaten = best < standard[:rows]
        if beaten.any():
            result[beaten] = False
        sevens = seven == best
        if sevens.any():
            result |= _seven_pairs_draws(chunk, total) & sevens[:, None] & allowed
        chosen = np.flatnonzero(kokushi == best)
        if len(chosen):
            held = chunk[chosen][:, orphans]
            result[np.ix_(chosen, orphans)] |= _thirteen_orphans_draws(held, total[chosen])
    return out

"""The kernel's scorer: a :class:`~shanten.score_types.Win` packed for the C scorer
(``_c.score``, in ``score.c`` and ``score_yaku.c``), and its answer built into the same
:class:`~shanten.score_types.Score` the reference builds, by the reference's own
:func:`~shanten._native.scoring.make_score`.

The C reads every reading of the win and keeps the best as the reference does; it
covers every win :func:`shanten.score` accepts.

>>> from shanten.scoring import check
>>> s = score(check("234567m234p22s567s", win="4p", tsumo=True, riichi=True, seat_wind="2z", round_wind="1z"))
>>> s.headline, [y.key for y in s.yaku]
('20符4飜1300-2600点', ['menzen_tsumo', 'riichi', 'pinfu', 'tanyao'])
"""

from __future__ import annotations

import functools
from typing import Final

from shanten._kernel import _c
from shanten._native.scoring import make_score
from shanten.hand import Meld
from shanten.score_types import YAKU, Score, Win, Worth, Yaku
from shanten.scoring_rules import Rules
from shanten.tiles import TERMINALS_AND_HONOURS, TILES, Tile
from shanten.wins import Block, Decomposition, WaitReading, WaitShape, _meld_blocks

__all__ = ["FU_PARTS", "Arguments", "WorthArguments", "arguments", "score", "worth_arguments"]

#: The fu parts by the C's number (score.h's FP_*).
FU_PARTS: Final = (
    "base",
    "closed ron",
    *(
        f"{state} {kind} of {tiles}"
        for state in ("called", "concealed")
        for kind in ("triplet", "quad")
        for tiles in ("simples", "terminals or honours")
    ),
    "dragon pair",
    "double wind pair",
    "wind pair",
    "kanchan wait",
    "penchan wait",
    "tanki wait",
    "tsumo",
    "open hand with no fu",
    "seven pairs",
)
_FORMS: Final = ("standard", "chiitoitsu", "kokushi")
_SHAPES: Final[tuple[WaitShape, ...]] = (
    "tanki",
    "shanpon",
    "kanchan",
    "penchan",
    "ryanmen",
    "kokushi",
    "kokushi13",
)
_KEYS: Final = tuple(YAKU)
_MELD_KIND: Final = {"chi": 0, "pon": 1, "kan": 2}
_DOUBLES: Final = ("suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii")
_BLOCK_KIND: Final = ("run", "triplet", "quad", "pair")
_BLOCK_SIZE: Final = (1, 3, 4, 2)
_RULES: Final[dict[int, tuple[Rules, int]]] = {}
#: The readings built, by what they are built from (a WaitReading is a value).
_READINGS: Final[dict[tuple[object, ...], WaitReading]] = {}

#: ``_c.odds``'s ``worth``: melds, dora, seat and round wind, north, rules, red fives of
#: the melds and of the hand (by suit), ura dora indicators, riichi choice, haitei.
WorthArguments = tuple[bytes, bytes, int, int, int, int, int, bytes, int, int, bool]
_RIICHI: Final = {"best": 0, "always": 1, "never": 2}

#: ``_c.score``'s arguments, in order.
Arguments = tuple[
    tuple[int, ...], bytes, int, int, tuple[int, ...], tuple[int, ...], int, int, int, int, int, int
]


def _rules(rules: Rules) -> int:
    """The rules as score()'s bits, kept by identity (hashing a Rules reads every field)."""
    known = _RULES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    bits = (
        rules.open_tanyao
        | rules.kiriage << 1
        | rules.kazoe_yakuman << 2
        | rules.tsumo_loss << 3
        | rules.double_wind_pair_fu << 8
    )
    for i, name in enumerate(_DOUBLES):
        if name in rules.double_yakuman:
            bits |= 16 << i
    _RULES[id(rules)] = (rules, bits)
    return bits


@functools.cache
def _meld(meld: Meld) -> tuple[bytes, Block]:
    return bytes((_MELD_KIND[meld.kind], int(meld.tiles[0]), meld.concealed)), _meld_blocks(
        (meld,)
    )[0]


@functools.lru_cache(maxsize=16384)
def _blocks(found: bytes) -> tuple[Block, ...]:
    return tuple(_block(kind, tile) for kind, tile in zip(found[::2], found[1::2], strict=True))


@functools.cache
def _block(kind: int, tile: int) -> Block:
    if kind == 0:
        return Block("run", (Tile(tile), Tile(tile + 1), Tile(tile + 2)))
    return Block(_BLOCK_KIND[kind], (Tile(tile),) * _BLOCK_SIZE[kind])


@functools.lru_cache(maxsize=64)
def _orphans(counts: tuple[int, ...]) -> Block:
    return Block(
        "orphans", tuple(TILES[i] for i in TERMINALS_AND_HONOURS for _ in range(counts[i]))
    )


@functools.lru_cache(maxsize=4096)
def _yaku(found: bytes) -> tuple[Yaku, ...]:
    return tuple(
        Yaku.of(_KEYS[key], han, han // 13 if key >= 36 and key <= 50 else 0)
        for key, han in zip(found[::2], found[1::2], strict=True)
    )


@functools.lru_cache(maxsize=4096)
def _parts(found: bytes) -> tuple[tuple[str, int], ...]:
    return tuple((FU_PARTS[key], fu) for key, fu in zip(found[::2], found[1::2], strict=True))


def arguments(win: Win) -> Arguments:
    """The arguments of ``_c.score`` for the checked ``win``."""
    melds = b"".join([_meld(meld)[0] for meld in win.melds])
    return (
        win.counts,
        melds,
        win.win,
        _flags(win),
        win.dora,
        win.ura,
        win.red,
        win.seat_wind,
        win.round_wind,
        win.players,
        win.north,
        _rules(win.rules),
    )


def worth_arguments(worth: Worth) -> WorthArguments:
    """The ``worth`` argument of ``_c.odds`` for the checked ``worth``: the game around
    the hand as the C scorer reads it."""
    return (
        b"".join([_meld(meld)[0] for meld in worth.melds]),
        bytes(worth.dora),
        worth.seat,
        worth.round_,
        worth.north,
        _rules(worth.rules),
        worth.red_in_melds,
        bytes(worth.red_in_hand),
        worth.ura_indicators,
        _RIICHI[worth.riichi],
        worth.haitei,
    )


def _flags(win: Win) -> int:
    return (
        win.tsumo
        | win.riichi << 1
        | win.double_riichi << 2
        | win.ippatsu << 3
        | win.rinshan << 4
        | win.chankan << 5
        | win.last_tile << 6
        | win.first_draw << 7
    )


def score(win: Win) -> Score | None:
    """The Score of a checked ``win`` by the C scorer; None when no reading has a yaku."""
    melds = [_meld(meld) for meld in win.melds]
    answer = _c.score(
        win.counts,
        b"".join([m[0] for m in melds]),
        win.win,
        _flags(win),
        win.dora,
        win.ura,
        win.red,
        win.seat_wind,
        win.round_wind,
        win.players,
        win.north,
        _rules(win.rules),
    )
    if answer is None:
        return None
    form, blocks, index, shape, yaku, han, fu, yakuman, parts = answer
    key = (blocks, *[m[1] for m in melds], index, shape, win.win)
    # thirteen orphans: its block's tiles are the hand's, not in the key
    reading = _READINGS.get(key) if form != 2 else None
    if reading is None:
        if len(_READINGS) >= 1 << 16:
            _READINGS.clear()
        reading = _READINGS[key] = _reading(win, melds, form, blocks, index, shape)
    return make_score(win, reading, _yaku(yaku), han, fu, yakuman, _parts(parts))


def _reading(
    win: Win, melds: list[tuple[bytes, Block]], form: int, blocks: bytes, index: int, shape: int
) -> WaitReading:
    if form == 2:
        concealed: tuple[Block, ...] = (_orphans(win.counts),)
    else:
        concealed = _blocks(blocks)
    decomposition = Decomposition(_FORMS[form], concealed + tuple([m[1] for m in melds]))
    return WaitReading(TILES[win.win], decomposition, index, _SHAPES[shape])

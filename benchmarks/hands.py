"""Seeded hand families for the benchmarks: deals from the wall, by weighted sampling.

Each family gives every copy of every tile (136, or 108 in 3-player mahjong) a weight,
per row, and deals ``size`` copies without replacement with probability proportional to
the weights (Efraimidis-Spirakis keys: the ``size`` largest ``log(u) / w``). So a hand
never holds a fifth copy, and a weight of 0 keeps a copy out.

>>> import numpy as np
>>> counts = deal("full flush", 5, 14, np.random.default_rng(0))
>>> counts.shape, sorted(set(counts.sum(axis=1).tolist()))
((5, 34), [14])
>>> all(len({t // 9 for t in np.flatnonzero(row)}) == 1 for row in counts)
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

__all__ = ["FAMILIES", "PLAYERS", "deal"]

Counts = npt.NDArray[np.uint8]
Weights = npt.NDArray[np.float64]

_KIND = np.arange(136) // 4  # tile kind of each copy
_ORPHANS = np.isin(_KIND, [0, 8, 9, 17, 18, 26, *range(27, 34)])
_SANMA_ABSENT = (_KIND >= 1) & (_KIND <= 7)


def _random(rows: int, rng: np.random.Generator) -> Weights:
    return np.ones((rows, 136))


def _flush(honours: bool) -> Callable[[int, np.random.Generator], Weights]:
    def weights(rows: int, rng: np.random.Generator) -> Weights:
        suit = rng.integers(0, 3, rows)[:, None]
        keep: npt.NDArray[np.bool_] = _KIND[None, :] // 9 == suit
        if honours:
            keep |= _KIND[None, :] >= 27
        return keep.astype(np.float64)

    return weights


def _terminals_and_honours(rows: int, rng: np.random.Generator) -> Weights:
    return np.tile(np.where(_ORPHANS, 6.0, 1.0), (rows, 1))


def _sanma(rows: int, rng: np.random.Generator) -> Weights:
    return np.tile(np.where(_SANMA_ABSENT, 0.0, 1.0), (rows, 1))


#: Family name -> per-row copy weights. Half flush (混一色): one suit and the honours; full
#: flush (清一色): one suit; terminals and honours (么九牌) six times as likely as the rest.
FAMILIES: dict[str, Callable[[int, np.random.Generator], Weights]] = {
    "random": _random,
    "half flush": _flush(honours=True),
    "full flush": _flush(honours=False),
    "terminals/honours": _terminals_and_honours,
    "3-player random": _sanma,
}
#: Players of each family.
PLAYERS = {name: 3 if name.startswith("3-player") else 4 for name in FAMILIES}


def deal(family: str, rows: int, size: int, rng: np.random.Generator) -> Counts:
    """``rows`` hands of ``size`` tiles from ``family``, as an (rows, 34) uint8 array."""
    weights = FAMILIES[family](rows, rng)
    with np.errstate(divide="ignore"):
        keys = np.log(rng.random((rows, 136))) / weights  # weight 0: -inf, never dealt
    picks = np.argpartition(-keys, size - 1, axis=1)[:, :size]
    flat = (np.arange(rows)[:, None] * 34 + _KIND[picks]).reshape(-1)
    return np.bincount(flat, minlength=rows * 34).reshape(rows, 34).astype(np.uint8)

"""Exact riichi-mahjong shanten (向聴数), by its definition, and fast.

>>> import shanten
>>> shanten.shanten("23489m6799p22567s")
1
"""

from shanten import batch
from shanten.analysis import Analysis, calculate
from shanten.efficiency import Discard, GoodShape, Ukeire, good_shape
from shanten.errors import HandError, MeldError, NotationError, RuleError, ShantenError
from shanten.forms import Witness
from shanten.hand import Hand, Meld
from shanten.kernel import accelerated, discards, shanten, ukeire
from shanten.tiles import Tile
from shanten.wins import (
    Block,
    Decomposition,
    WaitReading,
    Waits,
    decompositions,
    is_complete,
    waits,
)

__all__ = [
    "Analysis",
    "Block",
    "Decomposition",
    "Discard",
    "GoodShape",
    "Hand",
    "HandError",
    "Meld",
    "MeldError",
    "NotationError",
    "RuleError",
    "ShantenError",
    "Tile",
    "Ukeire",
    "WaitReading",
    "Waits",
    "Witness",
    "__version__",
    "accelerated",
    "batch",
    "calculate",
    "decompositions",
    "discards",
    "good_shape",
    "is_complete",
    "shanten",
    "ukeire",
    "waits",
]

__version__ = "0.1.0"

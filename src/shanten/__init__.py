"""Exact riichi-mahjong shanten (向聴数), by its definition, and fast.

>>> import shanten
>>> shanten.shanten("23489m6799p22567s")
1
"""

from shanten.analysis import Analysis, calculate, shanten
from shanten.errors import HandError, MeldError, NotationError, RuleError, ShantenError
from shanten.forms import Witness
from shanten.hand import Hand, Meld
from shanten.tiles import Tile

__all__ = [
    "Analysis",
    "Hand",
    "HandError",
    "Meld",
    "MeldError",
    "NotationError",
    "RuleError",
    "ShantenError",
    "Tile",
    "Witness",
    "__version__",
    "calculate",
    "shanten",
]

__version__ = "0.1.0"

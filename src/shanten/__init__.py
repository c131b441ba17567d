"""Exact riichi-mahjong shanten (向聴数), by its definition, and fast.

>>> import shanten
>>> shanten.shanten("23489m6799p22567s")
1

The package, by role:

- the public verbs and types, re-exported here; :mod:`shanten._kernel.engine` chooses the path
  that answers them (``shanten.accelerated``);
- the reference path, plain Python: :mod:`~shanten.analysis` (shanten, witnesses),
  :mod:`~shanten._native.forms` (the three forms), :mod:`~shanten.efficiency` (effective tiles,
  discard tables, the second step), :mod:`~shanten.wins` (complete hands, waits),
  :mod:`~shanten.batch` (many hands at once);
- the discard odds (何切る): :mod:`~shanten.discard_odds` (:func:`odds`) over the
  engine, :mod:`~shanten._native.odds` (the plain reference) and its C twin
  ``_kernel_odds_graph.c`` (the graphs), ``_kernel_odds.c`` (the programme) and
  ``_kernel_odds_run.c`` (many discards on a few threads, and the binding);
- the kernel and its binding: ``_kernel.c`` (C, the CPython API only) and
  :mod:`shanten._kernel.engine`;
- the tables: :mod:`~shanten.tables.transform` (the min-plus transform), :mod:`~shanten.tables.classes`
  (classes and the kernel's chain tables), :mod:`~shanten.tables.cache` (the file that keeps
  them), :mod:`~shanten._native.efficiency_tables` (the reference path's masks);
- values and notation: :mod:`~shanten.tiles`, :mod:`~shanten.notation`,
  :mod:`~shanten.hand`, :mod:`~shanten.errors`;
- game records and their review (:mod:`shanten.games`, :func:`review`);
- the command line (:mod:`~shanten.cli.command`, :mod:`~shanten.cli.text`,
  :mod:`~shanten.report`) and the local page (:mod:`shanten.web`).
"""

from shanten import batch
from shanten._kernel.engine import accelerated, discards, shanten, ukeire
from shanten._native.forms import Witness
from shanten.analysis import Analysis, calculate
from shanten.discard_odds import DiscardOdds, HandOdds, odds
from shanten.efficiency import Discard, GoodShape, Ukeire, good_shape
from shanten.errors import (
    GameRecordError,
    HandError,
    MeldError,
    NotationError,
    RuleError,
    ShantenError,
)
from shanten.games.corpus import review_corpus
from shanten.games.review import DiscardReview, GameReview, review
from shanten.hand import Hand, Meld
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
    "DiscardOdds",
    "DiscardReview",
    "GameRecordError",
    "GameReview",
    "GoodShape",
    "Hand",
    "HandError",
    "HandOdds",
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
    "odds",
    "review",
    "review_corpus",
    "shanten",
    "ukeire",
    "waits",
]

__version__ = "0.1.0"

"""Exact riichi-mahjong shanten (向聴数), by its definition, and fast.

>>> import shanten
>>> shanten.shanten("23489m6799p22567s")
1

The package, by layer (``docs/architecture.md`` draws them):

- the public verbs and value types, written once and re-exported here:
  :mod:`~shanten.analysis` (shanten, witnesses), :mod:`~shanten.efficiency` (effective
  tiles, discard tables, the second step), :mod:`~shanten.wins` (complete hands, waits),
  :mod:`~shanten.discard_odds` (何切る odds), :mod:`~shanten.batch` (many hands at once),
  :mod:`~shanten.scoring` (a win's yaku, fu, han and points, under
  :mod:`~shanten.scoring_rules`, into :mod:`~shanten.score_types`),
  over :mod:`~shanten.tiles`, :mod:`~shanten.notation`, :mod:`~shanten.hand`,
  :mod:`~shanten.options`, :mod:`~shanten.forms`, :mod:`~shanten.results` and
  :mod:`~shanten.errors`;
- the engine that computes them, chosen once in :mod:`shanten._engine`
  (``shanten.accelerated``): the C kernel (:mod:`shanten._kernel`) or the plain Python
  reference written from the definitions (:mod:`shanten._native`);
- the tables both engines read: :mod:`shanten.tables` (generation, classes and chain
  tables, the on-disk cache);
- game records and their review (:mod:`shanten.games`, :func:`review`), the command line
  (:mod:`shanten.cli`) and the local page (:mod:`shanten.web`).
"""

from shanten import batch
from shanten._engine import accelerated
from shanten._version import __version__
from shanten.analysis import Analysis, calculate, shanten
from shanten.discard_odds import DiscardOdds, HandOdds, odds
from shanten.efficiency import Discard, GoodShape, Ukeire, discards, good_shape, ukeire
from shanten.errors import (
    GameRecordError,
    HandError,
    MeldError,
    NotationError,
    NoYakuError,
    RuleError,
    ShantenError,
    WinError,
)
from shanten.games.corpus import review_corpus
from shanten.games.records import DiscardReview, GameReview
from shanten.games.review import review
from shanten.hand import Hand, Meld
from shanten.results import Witness
from shanten.score_context import ScoreContext
from shanten.score_types import Payment, Score, Yaku
from shanten.scoring import score
from shanten.scoring_rules import MAHJONG_SOUL, TENHOU, Rules
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
    "MAHJONG_SOUL",
    "TENHOU",
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
    "NoYakuError",
    "NotationError",
    "Payment",
    "RuleError",
    "Rules",
    "Score",
    "ScoreContext",
    "ShantenError",
    "Tile",
    "Ukeire",
    "WaitReading",
    "Waits",
    "WinError",
    "Witness",
    "Yaku",
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
    "score",
    "shanten",
    "ukeire",
    "waits",
]

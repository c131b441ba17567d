"""Type stub of the C kernel, ``shanten._kernel._c`` (its units are listed in ``kernel.h``);
see :mod:`shanten._kernel.engine`, which installs its tables and calls it."""

from collections.abc import Callable, Sequence
from typing import Any, overload

from numpy.typing import NDArray

from shanten.results import Discard, Ukeire
from shanten.tiles import Tile

_Buffer = bytes | bytearray | memoryview | NDArray[Any]
_Part = tuple[
    tuple[int, ...],
    tuple[int, ...],
    _Buffer,
    int,
    tuple[int, int, int],
    _Buffer,
    int,
    _Buffer,
    int,
    _Buffer,
]

#: One start's answer: the tenpai and win curves and the hands explored, then with a
#: ``worth`` the expected score's curve; the curves are None for a start past
#: ``max_states`` hands (the last answer of the list, (None, None, states)).
_Answer = tuple[tuple[float, ...], tuple[float, ...], int] | tuple[None, None, int]
_ScoredAnswer = (
    tuple[tuple[float, ...], tuple[float, ...], int, tuple[float, ...]] | tuple[None, None, int]
)
#: odds()'s ``worth``: melds (score()'s bytes), dora tiles, seat and round wind, north
#: tiles, rules (score()'s bits), red fives of the melds and of the hand (3 bytes, by
#: suit), ura dora indicators, riichi (0 best, 1 always, 2 never), haitei.
_Worth = tuple[bytes, bytes, int, int, int, int, int, bytes, int, int, bool]

class Verb:
    """A public verb answered by the kernel, its fallback taking the rest."""

    @property
    def fallback(self) -> Callable[..., Any]: ...
    __name__: str
    __qualname__: str
    __module__: str
    __doc__: str | None
    __dict__: dict[str, Any]
    def __init__(self, verb: int, fallback: Callable[..., Any]) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
    def __reduce__(self) -> str: ...

def install(players: int, parts: Sequence[_Part]) -> None: ...
def install_words(players: int, words: Sequence[_Buffer]) -> None: ...
def install_closed(seven: _Buffer, kokushi: _Buffer) -> None: ...
def install_shapes(players: int, parts: Sequence[tuple[_Buffer, _Buffer, _Buffer]]) -> None: ...
def configure(
    hand_type: type, ukeire_type: type, discard_type: type, names: tuple[Tile, ...]
) -> None: ...
def distance(
    counts: _Buffer, players: int, form: int, closed: bool, caps: _Buffer | None = None
) -> int: ...
def effective(
    counts: _Buffer, players: int, form: int, closed: bool, caps: _Buffer | None = None
) -> tuple[int, int]: ...
def ukeire(
    counts: _Buffer,
    players: int,
    form: int,
    closed: bool,
    unseen: _Buffer,
    caps: _Buffer | None = None,
) -> Ukeire: ...
def discards(
    counts: _Buffer,
    players: int,
    form: int,
    closed: bool,
    unseen: _Buffer,
    caps: _Buffer | None = None,
) -> tuple[Discard, ...]: ...
def batch_shanten(
    counts: _Buffer, out: _Buffer, players: int, form: int, start: int, stop: int
) -> int: ...
def batch_ukeire(counts: _Buffer, out: _Buffer, players: int, start: int, stop: int) -> int: ...
@overload
def odds(
    starts: Sequence[_Buffer],
    players: int,
    closed: bool,
    unseen: _Buffer,
    draws: int,
    hand_changes: bool,
    shanten_back: bool,
    best: int,
    max_states: int,
    store_bytes: int = ...,
    threads: int = 1,
    progress: Callable[[int, _Answer], object] | None = None,
    caps: _Buffer | None = None,
    worth: None = None,
) -> list[_Answer]: ...
@overload
def odds(
    starts: Sequence[_Buffer],
    players: int,
    closed: bool,
    unseen: _Buffer,
    draws: int,
    hand_changes: bool,
    shanten_back: bool,
    best: int,
    max_states: int,
    store_bytes: int = ...,
    threads: int = 1,
    progress: Callable[[int, _ScoredAnswer], object] | None = None,
    caps: _Buffer | None = None,
    *,
    worth: _Worth,
) -> list[_ScoredAnswer]: ...
def fast(enabled: bool) -> bool: ...

#: score()'s answer: (form 0 standard, 1 seven pairs, 2 thirteen orphans; the concealed
#: blocks as bytes of (kind 0 run, 1 triplet, 2 quad, 3 pair, tile); the index of the block
#: the winning tile completed; its wait (wins.WaitShape's order); the yaku as bytes of
#: (score_types.YAKU position, han); han; fu; yakuman; the fu parts as bytes of
#: (engine.FU_PARTS position, fu)).
_ScoreAnswer = tuple[int, bytes, int, int, bytes, int, int, int, bytes]

def score(
    counts: tuple[int, ...] | bytes,
    melds: bytes,
    win: int,
    flags: int,
    dora: tuple[int, ...] | bytes,
    ura: tuple[int, ...] | bytes,
    red: int,
    seat_wind: int,
    round_wind: int,
    players: int,
    north: int,
    rules: int,
) -> _ScoreAnswer | None:
    """The best reading of a checked win and its value, or None when no reading has a
    yaku: ``counts`` 34 counts (the concealed tiles with the winning tile ``win``),
    ``melds`` 3 bytes a meld (kind 0 run, 1 triplet, 2 quad; lowest tile; concealed),
    ``flags`` the bits tsumo, riichi, double riichi, ippatsu, rinshan, chankan, last tile,
    first draw (1, 2, 4, ... 128); ``dora``/``ura`` the dora tiles; ``rules`` the bits
    open tanyao 1, kiriage 2, counted yakuman 4, tsumo loss 8, the double yakuman 16-128
    (suuankou_tanki, kokushi_13, junsei_chuuren, daisuushii) and the double wind pair's fu
    from bit 8."""

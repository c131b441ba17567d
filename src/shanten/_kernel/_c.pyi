"""Type stub of the C kernel, ``shanten._kernel._c`` (its units are listed in ``kernel.h``);
see :mod:`shanten._kernel.engine`, which installs its tables and calls it."""

from collections.abc import Callable, Sequence
from typing import Any

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

#: One start's answer: the tenpai and win curves and the hands explored; the curves are
#: None for a start past ``max_states`` hands (the last answer of the list).
_Answer = tuple[tuple[float, ...], tuple[float, ...], int] | tuple[None, None, int]

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
) -> list[_Answer]: ...
def fast(enabled: bool) -> bool: ...

"""Type stub of the C kernel (``_kernel.c``); see :mod:`shanten._kernel.engine`."""

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

class Verb:
    fallback: Callable[..., Any]
    def __init__(self, verb: int, fallback: Callable[..., Any]) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...

def install(players: int, parts: Sequence[_Part]) -> None: ...
def install_words(players: int, words: Sequence[_Buffer]) -> None: ...
def install_closed(seven: _Buffer, kokushi: _Buffer) -> None: ...
def configure(
    hand_type: type, ukeire_type: type, discard_type: type, names: tuple[Tile, ...]
) -> None: ...
def distance(counts: _Buffer, players: int, form: int, closed: bool) -> int: ...
def effective(counts: _Buffer, players: int, form: int, closed: bool) -> tuple[int, int]: ...
def ukeire(counts: _Buffer, players: int, form: int, closed: bool, unseen: _Buffer) -> Ukeire: ...
def discards(
    counts: _Buffer, players: int, form: int, closed: bool, unseen: _Buffer
) -> tuple[Discard, ...]: ...
def batch_shanten(
    counts: _Buffer, out: _Buffer, players: int, form: int, start: int, stop: int
) -> int: ...
def batch_ukeire(counts: _Buffer, out: _Buffer, players: int, start: int, stop: int) -> int: ...

"""The engine: the one place that chooses what computes the answers.

Every public verb is written once, above one interface (:class:`Engine`) that two
engines implement: the C kernel (:mod:`shanten._kernel.engine`) and the plain Python
reference written from the definitions (:mod:`shanten._native.engine`). The choice is
made here, once, at import:

* ``SHANTEN_PURE=1`` in the environment: the reference;
* else the kernel where it was built, the reference where it was not;
* ``SHANTEN_REQUIRE_KERNEL=1``: a missing kernel is an ImportError, not the reference.

``shanten.accelerated`` tells which answers. The test suite runs over both engines with
:func:`use`.

>>> engine.name in ("kernel", "reference")
True
>>> from shanten.hand import position
>>> engine.distance(position("23489m6799p22567s")) - 1
1
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Literal, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from shanten._native import reference
from shanten._native.odds import Curves, Question
from shanten.hand import Position
from shanten.options import FormView
from shanten.results import Discard, Ukeire
from shanten.score_types import Score, Win

__all__ = ["Curves", "Engine", "EngineName", "accelerated", "available", "engine", "use"]

EngineName = Literal["kernel", "reference"]
_F = TypeVar("_F", bound=Callable[..., object])


class Engine(Protocol):
    """What an engine computes, on positions the public verbs have checked."""

    @property
    def name(self) -> EngineName: ...

    def distance(self, pos: Position, form: FormView = "all") -> int | None:
        """The distance (shanten + 1) to ``form`` (``"all"``: the nearest form that
        applies); None where seven pairs or thirteen orphans do not apply."""

    def effective(
        self, pos: Position, counts: Sequence[int], form: FormView
    ) -> tuple[int, list[int]]:
        """(distance, effective tiles in tile order) of the 3n+1 hand ``counts`` under
        ``pos``'s melds and rules."""

    def ukeire(self, pos: Position, unseen: Sequence[int], form: FormView) -> Ukeire:
        """The effective tiles of the 3n+1 ``pos``, each with its ``unseen`` copies (34
        counts, or bytes)."""

    def discards(self, pos: Position, unseen: Sequence[int], form: FormView) -> tuple[Discard, ...]:
        """The discard table of the 3n+2 ``pos`` in Tenhou's order (no second step), each
        effective tile with its ``unseen`` copies."""

    def odds(
        self, question: Question, progress: Callable[[int, Curves], object] | None
    ) -> list[Curves]:
        """The (tenpai, win) curves of each start hand of ``question``, in order, each
        also handed to ``progress(i, curves)`` as it comes. Raises
        :class:`~shanten._native.odds.TooManyStates` (with the start) past the question's
        limit of hands per start."""

    def batch_shanten(
        self,
        hands: npt.NDArray[np.uint8],
        out: npt.NDArray[np.int8],
        players: Literal[3, 4],
        form: FormView,
    ) -> int:
        """Fill ``out`` with the shanten of each closed hand of ``hands`` (counts 0-4);
        the first row that is not a valid hand, or -1."""

    def batch_ukeire(
        self, hands: npt.NDArray[np.uint8], out: npt.NDArray[np.bool_], players: Literal[3, 4]
    ) -> int:
        """Mark in ``out`` the effective tiles of each closed 3n+1 hand of ``hands``; the
        first row that is not a valid 3n+1 hand, or -1."""

    def score(self, win: Win) -> Score | None:
        """The highest score of the complete, checked ``win`` over its readings; None
        when no reading has a yaku."""

    def verb(self, number: int, function: _F) -> _F:
        """The public verb ``function``, with the engine's fast path for its common case
        where it has one (``number``: 0 shanten, 1 ukeire, 2 discards)."""

    def fast(self, enabled: bool) -> None:
        """Turn the verbs' fast paths on or off (off: every call goes to ``function``)."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _kernel() -> Engine | None:
    """The kernel's engine, or None where it was not built (an ImportError with
    ``SHANTEN_REQUIRE_KERNEL=1``)."""
    try:
        from shanten._kernel.engine import ENGINE as KERNEL
    except ImportError as error:
        if _flag("SHANTEN_REQUIRE_KERNEL"):
            raise ImportError(
                "SHANTEN_REQUIRE_KERNEL is set but the C kernel shanten._kernel._c was not "
                f"built ({error}); install with a C compiler and the Python headers"
            ) from error
        return None
    return KERNEL


_KERNEL = None if _flag("SHANTEN_PURE") else _kernel()

#: The engine that answers.
engine: Engine = _KERNEL if _KERNEL is not None else reference()
#: True where the kernel answers, False on the reference engine.
accelerated: bool = engine.name == "kernel"


def available() -> tuple[EngineName, ...]:
    """The engines this installation can run: the reference, and the kernel where it was
    built and ``SHANTEN_PURE`` is not set."""
    return ("kernel", "reference") if _KERNEL is not None else ("reference",)


@contextlib.contextmanager
def use(name: EngineName) -> Iterator[Engine]:
    """Run the block on the engine ``name`` (for tests: the verbs' fast paths are turned
    off on the reference), then go back to the engine chosen at import."""
    global engine
    chosen = _KERNEL if name == "kernel" else reference()
    if chosen is None:
        raise RuntimeError("the kernel was not built (or SHANTEN_PURE is set)")
    before = engine
    engine = chosen
    if _KERNEL is not None:
        _KERNEL.fast(name == "kernel")
    try:
        yield chosen
    finally:
        engine = before
        if _KERNEL is not None:
            _KERNEL.fast(before.name == "kernel")

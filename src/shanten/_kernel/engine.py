"""The binding of the C kernel (:mod:`shanten._kernel`): which path answers, and the
tables handed to it.

The public verbs :func:`shanten`, :func:`ukeire` and :func:`discards` are, where the
kernel was built, kernel *verbs*: C callables that answer a closed hand (34 counts, mpsz
notation or a :class:`~shanten.Hand`) with default options themselves, and pass every
other call unchanged to a Python function here that checks the input with the library's
own checks (and so raises its errors), then has the kernel compute what it covers (melds,
visible tiles, the standard-form view) and the reference path the rest (the melded-copies
rule, one closed form alone, the second step). Where the kernel was not built, or with
``SHANTEN_PURE=1`` in the environment, the verbs are the reference functions themselves.

The kernel makes no table: :func:`shanten.tables.classes.kernel_parts` builds them with numpy,
the test suite proves them, and they are handed over once, at the first call, as
read-only buffers that the kernel checks entry by entry.

>>> import shanten
>>> shanten.accelerated in (True, False)
True
>>> shanten.shanten("23489m6799p22567s")
1
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, Final, TypeVar

from shanten import analysis, efficiency
from shanten.hand import Hand, HandLike, MeldLike, position
from shanten.results import Discard, Ukeire
from shanten.tiles import NUM_TILES, TILES

__all__ = [
    "FORMS",
    "accelerated",
    "discards",
    "installed",
    "installed_words",
    "kernel",
    "shanten",
    "ukeire",
]


def _load() -> ModuleType | None:
    """The compiled kernel, or None where it is missing or ``SHANTEN_PURE=1``; with
    ``SHANTEN_REQUIRE_KERNEL=1`` a missing kernel is an ImportError."""
    if os.environ.get("SHANTEN_PURE", "") not in ("", "0"):
        return None
    try:
        from shanten._kernel import _c as _kernel
    except ImportError as error:
        if os.environ.get("SHANTEN_REQUIRE_KERNEL", "") not in ("", "0"):
            raise ImportError(
                "SHANTEN_REQUIRE_KERNEL is set but the C kernel shanten._kernel was not "
                f"built ({error}); install with a C compiler and the Python headers"
            ) from error
        return None
    return _kernel


#: The compiled kernel module, or None: the reference path answers everything.
kernel: Final = _load()
#: True where the kernel answers the hot paths, False on the plain Python path.
accelerated: Final = kernel is not None

#: The kernel's numbers for the form views it computes.
FORMS: Final = {"all": 0, "standard": 1, "chiitoitsu": 2, "kokushi": 3}

_lock = threading.Lock()
_installed: list[bool] = []
_words: list[bool] = []


def installed() -> ModuleType:
    """The kernel with its tables installed (built or loaded at the first call)."""
    assert kernel is not None
    if not _installed:
        with _lock:
            if not _installed:
                from shanten.tables.classes import closed_tables, kernel_parts

                kernel.configure(Hand, Ukeire, Discard, TILES)
                kernel.install_closed(*closed_tables())
                for players in (4, 3):
                    kernel.install(players, kernel_parts(players))
                _installed.append(True)
    return kernel


def installed_words() -> ModuleType:
    """The kernel with its tables and the batch's words installed."""
    kernel = installed()
    if not _words:
        with _lock:
            if not _words:
                from shanten.tables.classes import kernel_words

                for players in (4, 3):
                    kernel.install_words(players, kernel_words(players))
                _words.append(True)
    return kernel


def _unseen(seen: Iterable[int]) -> bytes:
    return bytes(4 - s for s in seen)


def _shanten(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: int = 4,
    count_melded_copies: bool = False,
) -> int:
    pos = position(hand, melds, players, count_melded_copies)
    if pos.capped:
        return analysis.distance(pos) - 1
    distance: int = installed().distance(bytes(pos.counts), pos.players, 0, pos.closed)
    return distance - 1


def _ukeire(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: int = 4,
    count_melded_copies: bool = False,
    visible: efficiency.VisibleLike = (),
    form: efficiency.FormView = "all",
) -> Ukeire:
    pos, seen = efficiency.checked(hand, melds, players, count_melded_copies, visible, form, 1)
    if pos.capped or form not in ("all", "standard"):
        return efficiency.ukeire_of(pos, seen, form)
    result: Ukeire = installed().ukeire(
        bytes(pos.counts), pos.players, FORMS[form], not pos.melds, _unseen(seen)
    )
    return result


def _discards(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: int = 4,
    count_melded_copies: bool = False,
    visible: efficiency.VisibleLike = (),
    form: efficiency.FormView = "all",
    second_step: bool = False,
) -> tuple[Discard, ...]:
    pos, seen = efficiency.checked(
        hand, melds, players, count_melded_copies, visible, form, 2, second_step=second_step
    )
    if pos.capped or form not in ("all", "standard"):
        return efficiency.discards_of(pos, seen, form, second_step)
    kernel = installed()
    number, closed = FORMS[form], not pos.melds
    table: tuple[Discard, ...] = kernel.discards(
        bytes(pos.counts), pos.players, number, closed, _unseen(seen)
    )
    if not second_step:
        return table

    def effective(held: Sequence[int]) -> tuple[int, list[int]]:
        distance, mask = kernel.effective(bytes(held), pos.players, number, closed)
        return distance, [t for t in range(NUM_TILES) if mask >> t & 1]

    return efficiency.with_second_step(pos, seen, table, effective)


_F = TypeVar("_F", bound=Callable[..., Any])


def _verb(number: int, glue: Callable[..., Any], reference: _F) -> _F:
    """The public verb: the kernel's, wrapping ``glue``, with ``reference``'s name,
    signature and docs; or ``reference`` itself on the plain path."""
    if kernel is None:
        return reference
    glue.__name__ = glue.__qualname__ = reference.__name__  # as errors name the function
    verb = kernel.Verb(number, glue)
    functools.update_wrapper(verb, reference)
    verb.__module__ = "shanten"  # where it is public, and where pickle finds it again
    return verb  # type: ignore[no-any-return]


shanten = _verb(0, _shanten, analysis.shanten)
ukeire = _verb(1, _ukeire, efficiency.ukeire)
discards = _verb(2, _discards, efficiency.discards)

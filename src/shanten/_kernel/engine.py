"""The kernel's engine: the C kernel (:mod:`shanten._kernel._c`) behind the interface of
:mod:`shanten._engine`, with the tables handed to it.

The kernel makes no table: :func:`shanten.tables.classes.kernel_parts` builds them with
numpy, the test suite proves them, and they are handed over once, at the first call, as
read-only buffers that the kernel checks entry by entry. Under the melded-copies rule (a
meld caps its tiles below 4) the kernel is handed each tile's cap and recomputes the
capped parts from their complete shapes. What its C does not cover, it hands to the
reference engine: one closed form alone (seven pairs, thirteen orphans) for effective
tiles. It scores every win in C (:mod:`shanten._kernel.score`).

The public verbs :func:`shanten.shanten`, :func:`shanten.ukeire` and
:func:`shanten.discards` are kernel *verbs* (:meth:`KernelEngine.verb`): C callables that
answer a closed hand (34 counts, mpsz notation or a :class:`~shanten.Hand`) with default
options themselves, and pass every other call unchanged to the verb written in Python,
which checks the input with the library's own checks (and so raises its errors).

>>> from shanten.hand import position
>>> ENGINE.distance(position("23489m6799p22567s")) - 1
1
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from shanten import options
from shanten._kernel import _c
from shanten._native import reference
from shanten._native.odds import Curves, Question, TooManyStates
from shanten.hand import Hand, Position
from shanten.options import FormView
from shanten.results import Discard, Ukeire
from shanten.score_types import Score, Win
from shanten.tables.classes import closed_tables, kernel_parts, kernel_shapes, kernel_words
from shanten.tiles import NUM_TILES, TILES

__all__ = ["ENGINE", "FORMS", "KernelEngine"]

#: The kernel's numbers for the form views it computes.
FORMS: Final = {"all": 0, "standard": 1, "chiitoitsu": 2, "kokushi": 3}
#: The most memory the hands shared by the starts of one odds call may take before
#: their store starts afresh (the answers do not depend on it).
STORE_BYTES: Final = 64 * 2**20
#: Rows per batch call, and the size from which the rows are shared among threads.
_SLICE: Final = 1 << 15

_F = TypeVar("_F", bound=Callable[..., object])


class KernelEngine:
    """The C kernel's engine (see :class:`shanten._engine.Engine` for each method)."""

    name: Final = "kernel"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._installed = False
        self._words = False
        self._shapes = False

    def installed(self) -> object:
        """The kernel with its tables installed (built or loaded at the first call)."""
        if not self._installed:
            with self._lock:
                if not self._installed:
                    _c.configure(Hand, Ukeire, Discard, TILES)
                    _c.install_closed(*closed_tables())
                    for players in (4, 3):
                        _c.install(players, kernel_parts(players))
                    self._installed = True
        return _c

    def _installed_words(self) -> None:
        """The tables and the batch's words installed."""
        self.installed()
        if not self._words:
            with self._lock:
                if not self._words:
                    for players in (4, 3):
                        _c.install_words(players, kernel_words(players))
                    self._words = True

    def _caps(self, pos: Position) -> bytes:
        """The caps of a capped ``pos`` for the kernel, with the complete shapes installed
        (at the first capped call)."""
        if not self._shapes:
            with self._lock:
                if not self._shapes:
                    for players in (4, 3):
                        _c.install_shapes(players, kernel_shapes(players))
                    self._shapes = True
        return bytes(pos.caps)

    def distance(self, pos: Position, form: FormView = "all") -> int | None:
        if form in ("chiitoitsu", "kokushi") and not pos.closed:
            return reference().distance(pos, form)
        self.installed()
        caps = self._caps(pos) if pos.capped else None
        # the caps passed by position: a keyword costs the call more than its lookups
        distance: int = _c.distance(bytes(pos.counts), pos.players, FORMS[form], pos.closed, caps)
        return distance

    def effective(
        self, pos: Position, counts: Sequence[int], form: FormView
    ) -> tuple[int, list[int]]:
        if form not in ("all", "standard"):
            return reference().effective(pos, counts, form)
        self.installed()
        caps = self._caps(pos) if pos.capped else None
        closed = not pos.melds and sum(counts) == 13
        distance, mask = _c.effective(bytes(counts), pos.players, FORMS[form], closed, caps)
        return distance, [t for t in range(NUM_TILES) if mask >> t & 1]

    def ukeire(self, pos: Position, unseen: Sequence[int], form: FormView) -> Ukeire:
        if form not in ("all", "standard"):
            return reference().ukeire(pos, unseen, form)
        self.installed()
        caps = self._caps(pos) if pos.capped else None
        return _c.ukeire(
            bytes(pos.counts), pos.players, FORMS[form], not pos.melds, bytes(unseen), caps
        )

    def discards(self, pos: Position, unseen: Sequence[int], form: FormView) -> tuple[Discard, ...]:
        if form not in ("all", "standard"):
            return reference().discards(pos, unseen, form)
        self.installed()
        caps = self._caps(pos) if pos.capped else None
        return _c.discards(
            bytes(pos.counts), pos.players, FORMS[form], not pos.melds, bytes(unseen), caps
        )

    def odds(
        self, question: Question, progress: Callable[[int, Curves], object] | None
    ) -> list[Curves]:
        q = question
        self.installed()
        caps = self._caps(q.pos) if q.pos.capped else None
        worth = None
        if q.worth is not None:  # the scorer's module loads with the first worth, as in score()
            from shanten._kernel.score import worth_arguments

            worth = worth_arguments(q.worth)

        def report(i: int, answer: tuple[Any, ...]) -> None:
            if answer[0] is None:
                raise TooManyStates(q.starts[i])
            assert progress is not None
            progress(i, _curves(answer))

        answers = _c.odds(
            starts=[bytes(start) for start in q.starts],
            players=q.pos.players,
            closed=not q.pos.melds and sum(q.starts[0]) >= 13,
            unseen=bytes(q.unseen),
            draws=q.draws,
            hand_changes=q.rules.hand_changes,
            shanten_back=q.rules.shanten_back,
            best=q.best,
            max_states=q.limit,
            store_bytes=STORE_BYTES,
            threads=q.threads,
            progress=None if progress is None else report,
            caps=caps,
            worth=worth,
        )
        curves: list[Curves] = []
        for start, answer in zip(q.starts, answers, strict=True):
            if answer[0] is None:
                raise TooManyStates(start)
            curves.append(_curves(answer))
        return curves

    def batch_shanten(
        self,
        hands: npt.NDArray[np.uint8],
        out: npt.NDArray[np.int8],
        players: Literal[3, 4],
        form: FormView,
    ) -> int:
        self._installed_words()
        number = FORMS[form]
        return _run(
            len(hands),
            lambda start, stop: _c.batch_shanten(hands, out, players, number, start, stop),
        )

    def batch_ukeire(
        self, hands: npt.NDArray[np.uint8], out: npt.NDArray[np.bool_], players: Literal[3, 4]
    ) -> int:
        self.installed()
        return _run(
            len(hands), lambda start, stop: _c.batch_ukeire(hands, out, players, start, stop)
        )

    def score(self, win: Win) -> Score | None:
        # the scorer's readers load with the first win, not with one hand's shanten
        from shanten._kernel.score import score

        return score(win)

    def verb(self, number: int, function: _F) -> _F:
        """``function`` as a kernel verb: the C callable answers a closed hand with
        default options itself and passes every other call to ``function``."""
        verb = _c.Verb(number, function)
        functools.update_wrapper(verb, function)
        return verb  # type: ignore[return-value]

    def fast(self, enabled: bool) -> None:
        _c.fast(enabled)


def _curves(answer: tuple[Any, ...]) -> Curves:
    """The curves of one start's answer from ``_c.odds``: tenpai, win, and the expected
    score when it was asked (the hands explored left out)."""
    return (answer[0], answer[1], *answer[3:])


def _run(rows: int, work: Callable[[int, int], int]) -> int:
    """Run ``work(start, stop)`` over [0, rows): in one call, or for large arrays in one
    piece per core, each on its own thread (the kernel releases the GIL); the first bad
    row any piece reports, or -1."""
    pieces = min(options.cores(), max(1, rows // _SLICE))
    if pieces == 1:
        return work(0, rows)
    bounds = [rows * k // pieces for k in range(pieces + 1)]
    found = [-1] * pieces

    def piece(k: int) -> None:
        found[k] = work(bounds[k], bounds[k + 1])

    workers = [threading.Thread(target=piece, args=(k,)) for k in range(1, pieces)]
    for worker in workers:
        worker.start()
    piece(0)
    for worker in workers:
        worker.join()
    bad = [b for b in found if b >= 0]
    return min(bad) if bad else -1


#: The kernel's engine.
ENGINE: Final = KernelEngine()

"""The progress bar of ``shanten review`` (:mod:`shanten.cli.review`): the files done out
of the total, the rate and the time left, on stderr.

The bar is tqdm's (the ``[review]`` extra). It is shown on a terminal only, or when
asked for (``--progress``), and never on stdout, so it never mixes with the JSON or CSV.
The total comes from counting the files first: the paths are expanded once without
being read (a walk of the folders), which is cheap next to reviewing them, and given up
after :data:`COUNT_WITHIN` seconds, when the bar counts without a total.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Final, TypeVar

from shanten.games.corpus import CorpusItem, expand_paths, review_file

if TYPE_CHECKING:
    import os


__all__ = ["COUNT_WITHIN", "Progress", "count_files", "is_terminal", "one_game", "wanted"]

#: How long counting the files may take before the bar goes without a total (seconds).
COUNT_WITHIN: Final = 2.0

_T = TypeVar("_T")


def count_files(
    paths: Iterable[str | os.PathLike[str]],
    *,
    within: float = COUNT_WITHIN,
    clock: Callable[[], float] = time.monotonic,
) -> int | None:
    """How many files ``paths`` name (as :func:`~shanten.games.corpus.expand_paths`
    expands them), or None when counting takes longer than ``within`` seconds.

    >>> count_files(["tests/data/tenhou/", "missing.mjlog"])
    11
    >>> count_files(["tests/data/tenhou/"], within=0.0) is None
    True
    """
    deadline = clock() + within
    count = 0
    for _ in expand_paths(paths):
        count += 1
        if clock() > deadline:
            return None
    return count


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (False for a closed or odd stream, or None).

    >>> import io
    >>> is_terminal(io.StringIO()), is_terminal(None)
    (False, False)
    """
    isatty = getattr(stream, "isatty", None)
    try:
        return callable(isatty) and bool(isatty())
    except (OSError, ValueError):
        return False


def wanted(asked: bool | None, stream: IO[str] | None) -> bool:
    """Whether to show the bar: ``asked`` (``--progress`` True, ``--no-progress``
    False), or by default when ``stream`` is a terminal and tqdm is installed."""
    if asked is not None:
        return asked
    return is_terminal(stream) and importlib.util.find_spec("tqdm") is not None


class Progress:
    """A bar over the files on ``stream``: ``total`` files (None: unknown, no time
    left), their rate and the time left, cleared at the end."""

    #: The least time between two drawings of the bar (seconds).
    MININTERVAL = 0.1

    def __init__(self, total: int | None, stream: IO[str]) -> None:
        from tqdm import tqdm  # the [review] extra: checked by the caller

        self.bar = tqdm(
            total=total,
            unit="file",
            file=stream,
            leave=False,
            dynamic_ncols=True,
            mininterval=self.MININTERVAL,
        )

    def over(self, items: Iterable[_T]) -> Iterator[_T]:
        """``items``, the bar moved on as each comes (its file is reviewed), and closed
        after the last."""
        try:
            for item in items:
                self.bar.update()
                yield item
        finally:
            self.bar.close()

    @contextmanager
    def aside(self) -> Iterator[None]:
        """Write something else on the terminal: the bar is cleared, then drawn again."""
        self.bar.clear()
        try:
            yield
        finally:
            self.bar.refresh()


def one_game(path: str, odds: bool, show: bool) -> Iterator[CorpusItem]:
    """One file reviewed in this process; judged by the odds (seconds), with a bar by
    discard on stderr when ``show``."""
    if not (odds and show):
        yield review_file(path, odds)
        return
    from tqdm import tqdm

    with tqdm(unit="discard", file=sys.stderr, leave=False) as bar:

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        yield review_file(path, odds, advance)

"""Review many game records at once: :func:`review_corpus`.

A corpus is any mix of files, directories (walked recursively, entries sorted by name)
and glob patterns (``**`` reaches into subdirectories). Its games are reviewed by
:func:`shanten.review` on every core, in a process pool of the standard library, or on
a Dask cluster, and come back one at a time in the order of the expanded input:

>>> import shanten
>>> for item in shanten.review_corpus(["games/"]):  # doctest: +SKIP
...     if item.ok:
...         print(item.path, len(list(item.review)))
...     else:
...         print(item.path, "failed:", item.message)

Memory stays flat however large the corpus: the paths are expanded lazily, at most
:data:`IN_FLIGHT_PER_WORKER` files per worker are being reviewed or waiting for their
turn at any moment, and nothing is kept once it has been yielded.

A file that cannot be reviewed (a :class:`~shanten.GameRecordError`, an unreadable
file, a path that names nothing) does not stop the run: it comes back in its place as a
:class:`CorpusFailure` with the path, the error's type and its message.
"""

from __future__ import annotations

import functools
import glob
import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from shanten import options
from shanten.errors import RuleError, described
from shanten.games.packed import Packed, pack, unpack
from shanten.games.records import GameReview
from shanten.games.review import review

if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import Future

    from distributed import Client  # the optional [dask] extra

__all__ = [
    "IN_FLIGHT_PER_WORKER",
    "POOL_FROM",
    "RECORD_SUFFIXES",
    "CorpusFailure",
    "CorpusItem",
    "CorpusReview",
    "expand_paths",
    "review_corpus",
    "review_file",
]

#: How many files each worker may have submitted and not yet yielded: enough to keep
#: every worker busy while the next result in input order is awaited, few enough that
#: memory does not grow with the corpus.
IN_FLIGHT_PER_WORKER: Final = 4

#: The fewest files for which the default (``jobs=None``) starts a process pool: below,
#: one process reviews them all before a pool would have started and paid for itself
#: (measured: ``python benchmarks/review.py --jobs-default``, docs/review.md).
POOL_FROM: Final = 150

#: The file names a directory walk takes as game records (each also with ``.gz``):
#: Tenhou's XML (``.mjlog``, ``.xml``), its log viewer's JSON (``.json``) and mjai JSON
#: lines (``.jsonl``, ``.mjson``, ``.log``). Files named on their own are read whatever
#: their name: the format is told from the content.
RECORD_SUFFIXES: Final = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".log")


@dataclass(frozen=True, slots=True)
class CorpusReview:
    """A file of the corpus and the review of its game."""

    path: str
    review: GameReview

    @property
    def ok(self) -> Literal[True]:
        """True: the file was reviewed."""
        return True


@dataclass(frozen=True, slots=True)
class CorpusFailure:
    """A file of the corpus that could not be reviewed: its path, the type of the error
    (``"GameRecordError"``, ``"FileNotFoundError"``, ...) and the error's message, which
    names the file."""

    path: str
    error: str
    message: str

    @property
    def ok(self) -> Literal[False]:
        """False: the file was not reviewed."""
        return False

    def __str__(self) -> str:
        return f"{self.error}: {self.message}"


#: What :func:`review_corpus` yields for each file.
CorpusItem: TypeAlias = CorpusReview | CorpusFailure


def _is_record(name: str) -> bool:
    stem = name.removesuffix(".gz")
    return not name.startswith(".") and stem.endswith(RECORD_SUFFIXES)


def _walk(directory: str) -> Iterator[str]:
    """The game records under ``directory``, depth first, each directory's entries in
    order of name; hidden entries are skipped, links to directories not followed."""
    with os.scandir(directory) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
            yield from _walk(entry.path)
        elif entry.is_file() and _is_record(entry.name):
            yield entry.path


def expand_paths(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
) -> Iterator[str]:
    """The files that ``paths`` name, lazily, in order: a file as it is, a directory's
    game records (:data:`RECORD_SUFFIXES`, recursively, sorted by name), a glob pattern's
    matches (sorted; a matched directory is walked). A path that names nothing is
    yielded as it is, so that reviewing it fails in its place."""
    if isinstance(paths, str | os.PathLike):  # one path, not its characters
        paths = [paths]
    for item in paths:
        path = os.fspath(item)
        if os.path.isdir(path):
            yield from _walk(path)
        elif os.path.exists(path) or not glob.has_magic(path):
            yield path
        else:
            matches = sorted(glob.glob(path, recursive=True))
            if not matches:
                yield path  # fails as "no such file"
            for match in matches:
                if os.path.isdir(match):
                    yield from _walk(match)
                else:
                    yield match


def review_file(
    path: str, odds: bool = False, progress: Callable[[int, int], object] | None = None
) -> CorpusItem:
    """Review one file (judged by the odds too with ``odds``, ``progress`` as
    :func:`shanten.review` takes it); any error becomes a :class:`CorpusFailure` (a corpus
    run must not stop for one file, and the failure says what went wrong where)."""
    try:
        return CorpusReview(path, review(path, odds=odds, progress=progress))
    except Exception as error:  # one bad file fails alone, whatever broke
        message = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        if path not in message:
            message = f"{path}: {message}"
        return CorpusFailure(path, type(error).__name__, message)


#: What a worker sends back: the failure, or the path and the packed review.
_Sent: TypeAlias = CorpusFailure | tuple[str, Packed]


def _review_to_send(path: str, odds: bool = False) -> _Sent:
    """:func:`review_file` in a worker, the review packed for the trip back."""
    item = review_file(path, odds)
    return item if isinstance(item, CorpusFailure) else (item.path, pack(item.review))


def _received(sent: _Sent) -> CorpusItem:
    """A worker's answer as the item to yield."""
    if isinstance(sent, CorpusFailure):
        return sent
    path, packed = sent
    return CorpusReview(path, unpack(packed))


def _pool_context() -> multiprocessing.context.BaseContext:
    """Workers started from a clean server process where the platform has one: forking
    a process that runs threads (a progress bar, a Dask client) can deadlock."""
    import multiprocessing  # here, not at import: the command line starts faster

    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


def _task(odds: bool) -> Callable[[str], _Sent]:
    """What a worker runs for one path."""
    return functools.partial(_review_to_send, odds=True) if odds else _review_to_send


def _in_pool(paths: Iterator[str], workers: int, odds: bool = False) -> Iterator[CorpusItem]:
    """Review in a process pool, at most ``IN_FLIGHT_PER_WORKER * workers`` files in
    flight, yielding in input order."""
    from concurrent.futures import ProcessPoolExecutor  # here: the command line starts faster

    bound = IN_FLIGHT_PER_WORKER * workers
    task = _task(odds)
    pending: deque[Future[_Sent]] = deque()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context())
    try:
        for path in paths:
            pending.append(pool.submit(task, path))
            if len(pending) >= bound:
                yield _received(pending.popleft().result())
        while pending:
            yield _received(pending.popleft().result())
    finally:  # also when the caller stops early: drop the work not yet started
        pool.shutdown(wait=True, cancel_futures=True)


def _connect(address: str) -> Client:
    """A client of the Dask scheduler at ``address``; the extra named if missing."""
    try:
        from distributed import Client
    except ImportError as error:
        raise ImportError(_DASK_MISSING) from error
    return Client(address)  # type: ignore[no-untyped-call]


def _closing(items: Iterator[CorpusItem], client: Client) -> Iterator[CorpusItem]:
    """``items``, then ``client`` closed (also when the caller stops early)."""
    with client:
        yield from items


def _on_dask(paths: Iterator[str], client: Client, odds: bool = False) -> Iterator[CorpusItem]:
    """Review on a Dask cluster: submit in a bounded window, take results as they
    complete, and yield them in input order from a buffer no larger than the window."""
    from distributed import as_completed

    workers = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
    bound = IN_FLIGHT_PER_WORKER * workers
    ready: dict[int, CorpusItem] = {}
    index = {}  # future key -> position in the input
    submitted = yielded = 0
    running = as_completed()  # type: ignore[no-untyped-call]
    source = iter(paths)
    task = _task(odds)

    def submit_more() -> None:
        nonlocal submitted
        while submitted - yielded < bound:
            path = next(source, None)
            if path is None:
                return
            future = client.submit(task, path, pure=False)
            index[future.key] = submitted
            running.add(future)  # type: ignore[no-untyped-call]
            submitted += 1

    submit_more()
    for future in running:
        ready[index.pop(future.key)] = _received(future.result())
        future.release()
        while yielded in ready:
            item = ready.pop(yielded)
            yielded += 1
            yield item
        submit_more()


#: The error for a scheduler address without Dask installed.
_DASK_MISSING: Final = (
    "reviewing on a Dask cluster needs the optional extra: "
    "pip install 'shanten[dask]' (dask[distributed])"
)


def review_corpus(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    jobs: int | None = None,
    client: Client | str | None = None,
    odds: bool = False,
) -> Iterator[CorpusItem]:
    """Review every game record that ``paths`` name, streaming the results.

    ``paths``: files, directories (walked recursively) and glob patterns, in any mix,
    gzip-compressed or not (see :func:`expand_paths`); one path alone is taken too.
    Yields one item per file, in the order of the expanded input: a
    :class:`CorpusReview` (``.path``, ``.review``, a :class:`~shanten.GameReview`) or,
    for a file that could not be reviewed, a :class:`CorpusFailure` (``.path``,
    ``.error``, ``.message``); ``item.ok`` tells which.

    ``jobs``: how many processes review files, at most one per core and one per file,
    since more would only wait their turn; one reviews in this process, with no pool.
    The default: every core, but this process for fewer than :data:`POOL_FROM` files
    (a pool would only start in time to be slower) unless judged by the odds.
    ``client``: a ``dask.distributed.Client``, or the address of a Dask scheduler
    (``"tcp://host:8786"``), to review on that cluster instead (the ``[dask]`` extra; an
    :class:`ImportError` naming it when Dask is missing). ``odds``: judge each graded
    decision by the odds too (``shanten.review(..., odds=True)``: seconds per game, not
    milliseconds, so that a pool pays from two files).

    Raises :class:`~shanten.RuleError` for a ``jobs`` that is not a whole number from 1
    to :data:`~shanten.options.MAX_JOBS`, or for ``jobs`` and ``client`` together, and a
    :class:`TypeError` for a ``client`` that is neither a client nor an address.
    """
    expanded = expand_paths(paths)
    if client is not None:
        if jobs is not None:
            raise RuleError("review_corpus takes jobs or client, not both")
        if not isinstance(client, str) and not all(
            callable(getattr(client, method, None)) for method in ("submit", "nthreads")
        ):
            raise TypeError(
                "client is a dask.distributed.Client or a scheduler's address such as "
                f"'tcp://host:8786', not {described(client)}"
            )
        if isinstance(client, str):  # connect now, so that a missing extra is said at once
            own = _connect(client)
            return _closing(_on_dask(expanded, own, odds), own)
        return _on_dask(expanded, client, odds)
    least = POOL_FROM if jobs is None and not odds else 2
    return _on_cores(expanded, min(options.jobs(jobs), options.cores()), least, odds)


def _on_cores(
    paths: Iterator[str], workers: int, least: int, odds: bool = False
) -> Iterator[CorpusItem]:
    """Review in this process, or in a pool of ``workers`` processes when there are at
    least ``least`` files (fewer workers when there are fewer files); the paths are
    expanded as the results are taken."""
    head = list(itertools.islice(paths, max(workers, least)))  # enough to size the pool
    paths = itertools.chain(head, paths)
    if len(head) < least or min(workers, len(head)) <= 1:
        yield from map(functools.partial(review_file, odds=True) if odds else review_file, paths)
    else:
        yield from _in_pool(paths, min(workers, len(head)), odds)

"""shanten.review_corpus: paths expanded in order, failures in their place, the same
results in one process, in a pool and on Dask, and memory that does not grow."""

from __future__ import annotations

import concurrent.futures
import gc
import gzip
import pickle
import shutil
import sys
import weakref
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, ClassVar

import pytest

import shanten
from shanten.games import corpus
from shanten.games.corpus import CorpusFailure, CorpusItem, CorpusReview, review_corpus
from shanten.games.packed import pack, unpack
from shanten.games.review import review

FIXTURES = Path(__file__).parents[1] / "data" / "tenhou"
GAMES = sorted(FIXTURES.glob("*.mjlog"))


def reviewed(items: Iterator[CorpusItem]) -> list[tuple[str, Any]]:
    """Each item as comparable data: the path and the review's dict, or the failure."""
    out: list[tuple[str, Any]] = []
    for item in items:
        if isinstance(item, CorpusReview):
            out.append((item.path, item.review.to_dict()))
        else:
            out.append((item.path, (item.error, item.message)))
    return out


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    """Copies of the fixtures: two games at the top (one gzipped), one in a subfolder,
    a broken record, and a file that is not a record by its name."""
    top = tmp_path / "games"
    (top / "sub").mkdir(parents=True)
    shutil.copy(GAMES[0], top / "a.mjlog")
    (top / "b.mjlog.gz").write_bytes(gzip.compress(GAMES[1].read_bytes()))
    shutil.copy(GAMES[2], top / "sub" / "c.mjlog")
    (top / "broken.mjlog").write_text(GAMES[0].read_text()[:500])
    (top / "notes.txt").write_text("not a game record")
    return top


def test_fixtures_are_there() -> None:
    assert len(GAMES) >= 3, f"the test needs three game records in {FIXTURES}"


def test_expansion_order_dirs_globs_and_missing(corpus_dir: Path) -> None:
    paths = list(
        corpus.expand_paths([corpus_dir, str(corpus_dir / "*.gz"), corpus_dir / "missing.mjlog"])
    )
    names = [str(Path(p).relative_to(corpus_dir)) for p in paths]
    # a directory walked in order of name (sub/ between broken and the end), notes.txt
    # left out by its name; then the glob's match; then the missing path as it was given
    assert names == [
        "a.mjlog",
        "b.mjlog.gz",
        "broken.mjlog",
        "sub/c.mjlog",
        "b.mjlog.gz",
        "missing.mjlog",
    ]
    assert list(corpus.expand_paths(corpus_dir)) == list(corpus.expand_paths([corpus_dir]))
    assert list(corpus.expand_paths(str(corpus_dir))) == list(corpus.expand_paths([corpus_dir]))
    recursive = list(corpus.expand_paths([str(corpus_dir / "**" / "*.mjlog")]))
    assert [Path(p).name for p in recursive] == ["a.mjlog", "broken.mjlog", "c.mjlog"]


def test_a_bad_file_fails_alone_in_its_place(corpus_dir: Path) -> None:
    items = list(review_corpus([corpus_dir, corpus_dir / "missing.mjlog"], jobs=1))
    assert [item.ok for item in items] == [True, True, False, True, False]
    broken, missing = items[2], items[4]
    assert isinstance(broken, CorpusFailure) and isinstance(missing, CorpusFailure)
    assert broken.error == "GameRecordError" and str(corpus_dir / "broken.mjlog") in broken.message
    with pytest.raises(Exception) as raised:  # what reviewing the missing file raises
        review(corpus_dir / "missing.mjlog")
    assert missing.error == type(raised.value).__name__
    assert str(missing).startswith(f"{missing.error}: {corpus_dir / 'missing.mjlog'}: ")
    assert str(missing).endswith("No such file or directory")
    # the gzipped copy reviews as its original
    ok = [item for item in items if isinstance(item, CorpusReview)]
    gzipped, original = ok[1].review.to_dict(), review(GAMES[1]).to_dict()
    assert gzipped.pop("source") == str(corpus_dir / "b.mjlog.gz")
    assert original.pop("source") == str(GAMES[1])
    assert gzipped == original


def test_two_processes_give_what_one_gives(corpus_dir: Path) -> None:
    one = reviewed(review_corpus([corpus_dir], jobs=1))
    two = reviewed(review_corpus([corpus_dir], jobs=2))
    assert two == one and len(one) == 4


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    """A Dask client on a small in-process cluster: one worker, two threads."""
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (the [dask] extra)"
    )
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_dask_gives_what_one_process_gives(corpus_dir: Path, dask_client: Any) -> None:
    paths = [corpus_dir, corpus_dir / "missing.mjlog"]
    one = reviewed(review_corpus(paths, jobs=1))
    on_dask = reviewed(review_corpus(paths, client=dask_client))
    assert on_dask == one


def test_dask_keeps_a_bounded_window(dask_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files are submitted as results are taken, never more than the window ahead."""
    submitted = 0
    submit = dask_client.submit

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal submitted
        submitted += 1
        return submit(*args, **kwargs)

    monkeypatch.setattr(dask_client, "submit", counting)
    bound = corpus.IN_FLIGHT_PER_WORKER * 2  # the cluster's two threads
    ahead = []
    for taken, item in enumerate(review_corpus([GAMES[2]] * 20, client=dask_client), 1):
        assert item.ok
        ahead.append(submitted - taken)
    assert submitted == 20
    assert max(ahead) == bound - 1  # the window was full while the item was taken


def test_bad_options_are_rule_errors(corpus_dir: Path) -> None:
    for jobs in (0, -1, 1.5, True):
        with pytest.raises(shanten.RuleError, match="jobs must be a whole number from 1 to"):
            review_corpus([corpus_dir], jobs=jobs)  # type: ignore[arg-type]
    with pytest.raises(shanten.RuleError, match="jobs or client, not both"):
        review_corpus([corpus_dir], jobs=2, client=object())  # type: ignore[arg-type]


class CountingPool:
    """A stand-in for ProcessPoolExecutor that runs each job at once and counts the
    futures submitted and not yet handed back."""

    most = 0

    def __init__(self, max_workers: int, mp_context: object) -> None:
        self.out: list[Future[CorpusItem]] = []

    def submit(self, function: Any, path: str) -> Future[CorpusItem]:
        future: Future[CorpusItem] = Future()
        future.set_result(function(path))
        self.out.append(future)
        waiting = sum(1 for f in self.out if not getattr(f, "taken", False))
        CountingPool.most = max(CountingPool.most, waiting)
        return future

    def shutdown(self, wait: bool, cancel_futures: bool) -> None:
        pass


def test_the_pool_keeps_a_bounded_number_in_flight(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountingPool)
    monkeypatch.setattr(shanten.options, "cores", lambda: 2)  # two processes on any machine
    original = Future.result

    def taken(self: Future[CorpusItem], timeout: float | None = None) -> CorpusItem:
        self.taken = True  # type: ignore[attr-defined]
        return original(self, timeout)

    monkeypatch.setattr(Future, "result", taken)
    files = [GAMES[2]] * 20
    seen = sum(1 for _ in review_corpus(files, jobs=2))
    assert seen == 20
    assert CountingPool.most == corpus.IN_FLIGHT_PER_WORKER * 2


def test_nothing_yielded_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator holds no result once it is yielded: each review is freed as soon
    as the caller drops it."""

    class Review:
        """A stand-in review that can be watched through a weak reference."""

    monkeypatch.setattr(corpus, "review", lambda path, **_: Review())
    refs: list[weakref.ref[Review]] = []
    for item in review_corpus([GAMES[0]] * 5, jobs=1):
        assert isinstance(item, CorpusReview) and isinstance(item.review, Review)
        refs.append(weakref.ref(item.review))
        del item
        gc.collect()
        assert refs[-1]() is None
    assert len(refs) == 5


def test_a_packed_review_comes_back_whole() -> None:
    for path in GAMES:
        game = review(path)
        sent = pickle.loads(pickle.dumps(pack(game), protocol=pickle.HIGHEST_PROTOCOL))
        assert sent.game.discards == ()
        back = unpack(sent)
        assert back == game and back.to_dict() == game.to_dict()


def test_dask_by_the_schedulers_address(corpus_dir: Path, dask_client: Any) -> None:
    address = dask_client.scheduler.address
    one = reviewed(review_corpus([corpus_dir], jobs=1))
    assert reviewed(review_corpus([corpus_dir], client=address)) == one


def test_dask_missing_names_the_extra(corpus_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(ImportError, match=r"pip install 'shanten\[dask\]'"):
        review_corpus([corpus_dir], client="tcp://127.0.0.1:8786")


class SizedPool(CountingPool):
    """A :class:`CountingPool` that keeps the number of workers asked for."""

    workers: ClassVar[list[int]] = []

    def __init__(self, max_workers: int, mp_context: object) -> None:
        super().__init__(max_workers, mp_context)
        SizedPool.workers.append(max_workers)


def pools_started(
    monkeypatch: pytest.MonkeyPatch, files: int, cores: int, jobs: int | None = None
) -> list[int]:
    """The sizes of the pools a corpus of ``files`` starts on ``cores`` cores (each file
    failing at once, in its place)."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", SizedPool)
    monkeypatch.setattr(shanten.options, "cores", lambda: cores)
    monkeypatch.setattr(corpus, "review_file", lambda path: CorpusFailure(path, "-", "-"))
    monkeypatch.setattr(corpus, "_review_to_send", lambda path: CorpusFailure(path, "-", "-"))
    SizedPool.workers = []
    paths = [f"{n}.mjlog" for n in range(files)]
    assert [item.path for item in review_corpus(paths, jobs=jobs)] == paths
    return SizedPool.workers


@pytest.mark.parametrize(
    ("files", "jobs", "cores", "workers"),
    [(45, 1000, 2, 2), (3, 1000, 8, 3), (45, 4, 8, 4), (45, 1000, 1, 0), (1, 8, 8, 0)],
)
def test_the_pool_is_no_larger_than_the_work_and_the_cores(
    files: int, jobs: int, cores: int, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As many processes as jobs, at most one per core and one per file; one process
    at most reviews in this one, with no pool (workers 0)."""
    assert pools_started(monkeypatch, files, cores, jobs=jobs) == ([workers] if workers else [])


@pytest.mark.parametrize(
    ("files", "cores", "workers"),
    [
        (corpus.POOL_FROM - 1, 8, 0),
        (corpus.POOL_FROM, 2, 2),
        (corpus.POOL_FROM, 1, 0),
        (corpus.POOL_FROM + 5, 1000, corpus.POOL_FROM + 5),
    ],
)
def test_the_default_starts_a_pool_from_pool_from_files(
    files: int, cores: int, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By default, one process below POOL_FROM files (a pool would not pay for its
    start), else every core, at most one per file."""
    assert pools_started(monkeypatch, files, cores) == ([workers] if workers else [])


def test_judged_by_the_odds_the_default_starts_a_pool_from_two_files(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game judged by the odds takes seconds: a pool pays from two files."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", SizedPool)
    monkeypatch.setattr(shanten.options, "cores", lambda: 2)
    monkeypatch.setattr(corpus, "review_file", lambda path, **_: CorpusFailure(path, "-", "-"))
    monkeypatch.setattr(corpus, "_review_to_send", lambda path, **_: CorpusFailure(path, "-", "-"))
    for odds, workers in ((True, [2]), (False, [])):
        SizedPool.workers = []
        assert len(list(review_corpus(["a.mjlog", "b.mjlog"], odds=odds))) == 2
        assert SizedPool.workers == workers

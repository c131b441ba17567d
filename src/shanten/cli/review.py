"""``shanten review FILES... [--player SEAT|NAME] [--by-player [--worst N]]
[--format table|json|csv] [--jobs N | --dask ADDRESS] [--odds] [--plot FILE.png]
[--html FILE.html] [--progress | --no-progress]``: review game records from the command
line.

FILES are game records, directories and glob patterns, as
:func:`shanten.review_corpus` takes them; they are reviewed on the cores (``--jobs``)
or on a Dask cluster (``--dask``) and printed as they come, in the order given:

- ``table`` (the default): per game, each player's decisions, share of
  efficiency-optimal discards and loss; with ``--player``, that player's discards that
  gave up tile efficiency too. Every line fits 80 columns.
- ``json``: JSON lines, one object per game (:meth:`shanten.GameReview.to_dict`, with
  ``"path"``).
- ``csv``: one row per discard (:meth:`shanten.DiscardReview.to_dict`), after a header.

``--by-player`` writes instead, after the last file, one row (or object) per player
name over all the files (:func:`~shanten.games.corpus_players.aggregate_players`;
:mod:`shanten.cli.review_players`).

``--plot FILE.png`` also draws the shanten number after each discard, one line per round
of each chosen player (the ``[review]`` extra: matplotlib). With more than one file and
a terminal on stderr, a progress bar (tqdm, the same extra) shows the files done out of
the total, the rate and the time left (:mod:`shanten.cli.review_progress`).

``--odds`` judges each decision by the odds too (seconds a game). ``--html FILE.html``
also writes one game's review as a self-contained HTML report
(:mod:`shanten.cli.review_html`).

Exit status as for ``shanten`` (:mod:`shanten.cli.command`); a file that could not be reviewed
does not stop the others: the failures are listed on stderr at the end (as JSON lines
with ``--format json``) and the status is 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from shanten import options
from shanten.cli.command import (
    BAD_INPUT,
    OUTPUT_FAILED,
    UsageError,
    _emit,
    _HelpAction,
    _HelpRequested,
    _Parser,
    _report_error,
    refused,
)
from shanten.cli.review_html import check_html, write_html
from shanten.cli.review_output import Chosen, Output, make_output, plot_shanten, shown
from shanten.cli.review_players import players_text
from shanten.cli.review_progress import Progress, count_files, is_terminal, one_game, wanted
from shanten.errors import ShantenError
from shanten.games.corpus import (
    POOL_FROM,
    CorpusFailure,
    CorpusItem,
    CorpusReview,
    expand_paths,
    review_corpus,
)
from shanten.games.corpus_players import WORST_GAMES, aggregate_players

if TYPE_CHECKING:
    from distributed import Client  # the optional [dask] extra

__all__ = ["main"]

_NO_MATPLOTLIB = "--plot needs matplotlib: pip install 'shanten[review]'"
_NO_TQDM = "--progress needs tqdm: pip install 'shanten[review]'"
_NO_DASK = "--dask needs dask[distributed]: pip install 'shanten[dask]'"


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        kind = "positive " if least else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a {kind}whole number")
    return value


def _jobs(text: str) -> int:
    return _whole(text, 1)


def _worst(text: str) -> int:
    return _whole(text, 0)


def _parser() -> _Parser:
    parser = _Parser(
        prog="shanten review",
        description="Review game records (牌譜): for every discard, what it gave up in tile "
        "efficiency against the best discard by Tenhou's table. Files are Tenhou XML "
        "(.mjlog), Tenhou log-viewer JSON or mjai JSON lines, gzipped or not; "
        "directories are walked, glob patterns expanded.",
        add_help=False,
    )
    parser.add_argument("files", nargs="+", metavar="FILES", help="records, directories, globs")
    parser.add_argument("-h", "--help", action=_HelpAction, help="show this help and exit")
    parser.add_argument(
        "--player",
        metavar="SEAT|NAME",
        help="one player: a seat 0-3 (0 deals first, 起家) or a name (a name only with "
        "--by-player)",
    )
    one = parser.add_mutually_exclusive_group()  # a report is of one game
    one.add_argument(
        "--by-player",
        action="store_true",
        help="one row per player name over all the files, after the last: games, "
        "decisions, optimal share, loss, loss under threat and the worst games",
    )
    parser.add_argument(
        "--worst",
        type=_worst,
        metavar="N",
        help=f"with --by-player: the games with the highest mean loss listed per player "
        f"(default {WORST_GAMES})",
    )
    parser.add_argument(
        "--format",
        choices=("table", "json", "csv"),
        default="table",
        help="table (default); json: JSON lines, one object per game (per player with "
        "--by-player); csv: one row per discard (per player with --by-player)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="processes to use (default: this process for fewer than "
        f"{POOL_FROM} files, else every core; with --odds, every core from two files); "
        "at most one per core and one per file",
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="review on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; the [dask] extra)",
    )
    parser.add_argument(
        "--odds",
        action="store_true",
        help="judge each decision by the odds too: the win probability of the discard made "
        "and of the best (seconds per game)",
    )
    parser.add_argument(
        "--plot", metavar="FILE.png", help="draw the shanten by turn of each round (PNG)"
    )
    one.add_argument(
        "--html", metavar="FILE.html", help="write one game's review as a self-contained HTML file"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="a progress bar on stderr: files done of the total, rate, time left "
        "(default: with more than one file, on a terminal)",
    )
    return parser


def _chosen(player: str | None, by_player: bool) -> Chosen:
    if player is None:
        return Chosen()
    if player.isdigit() and not by_player:
        seat = int(player)
        if seat > 3:
            raise UsageError(f"argument --player: seat {seat} is not 0-3")
        return Chosen(seat=seat)
    return Chosen(name=player)


def _check_plot(path: str) -> None:
    """Fail before the run, not after it, when the plot cannot be drawn or written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise _Unavailable(_NO_MATPLOTLIB)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(f"argument --plot: cannot write to the folder {folder}")


class _Unavailable(Exception):
    """An optional extra the options need is not installed."""


class _Unreachable(Exception):
    """The Dask scheduler of ``--dask`` cannot be reached."""


def _dask_client(address: str) -> Client:
    """A client of the scheduler at ``address``; the extra named when Dask is missing."""
    try:
        from distributed import Client
    except ImportError as error:
        raise _Unavailable(_NO_DASK) from error
    try:
        return Client(address)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:  # no scheduler there, a bad address
        raise _Unreachable(
            f"--dask: cannot reach a Dask scheduler at {address}: {error}"
        ) from error


def _show(args: argparse.Namespace) -> bool:
    """Whether to show progress: as asked, or by default on a terminal with tqdm;
    ``--progress`` without tqdm is an error naming the extra."""
    if not wanted(args.progress, sys.stderr):
        return False
    if importlib.util.find_spec("tqdm") is None:  # asked for with --progress
        raise _Unavailable(_NO_TQDM)
    return True


def _items(
    args: argparse.Namespace, first: list[str], client: Client | None, show: bool
) -> tuple[Iterator[CorpusItem], Progress | None]:
    """The items to write, and the bar over the files they pass (None: no bar). One
    file is reviewed in this process, with a bar by discard when judged by the odds."""
    if len(first) < 2 and client is None:
        return one_game(first[0], args.odds, show), None
    items = review_corpus(args.files, jobs=args.jobs, client=client, odds=args.odds)
    if not show:
        return items, None
    bar = Progress(count_files(args.files), sys.stderr)
    return bar.over(items), bar


def _reviews(items: Iterable[CorpusItem], failures: list[CorpusFailure]) -> Iterator[CorpusReview]:
    """The reviews among ``items``; the failures kept aside, to be listed at the end."""
    for item in items:
        if isinstance(item, CorpusFailure):
            failures.append(item)
        else:
            yield item


def _run(args: argparse.Namespace, as_json: bool) -> int:
    chosen = _chosen(args.player, args.by_player)
    if args.worst is not None and not args.by_player:
        raise UsageError("argument --worst: only with --by-player")
    if args.plot is not None:
        _check_plot(args.plot)
    first = list(itertools.islice(expand_paths(args.files), 2))  # one file or many
    if args.html is not None:
        check_html(args.html, len(first) > 1)
    options.jobs(args.jobs)  # one file too: a --jobs past the bound is refused
    show = _show(args)
    client = None if args.dask is None else _dask_client(args.dask)
    with client if client is not None else nullcontext():  # the client closed at the end
        items, bar = _items(args, first, client, show)
        failures: list[CorpusFailure] = []
        output = make_output(args.format, chosen)
        curves: list[tuple[int, ...]] = []
        reviews = _reviews(items, failures)
        if args.plot is not None:
            reviews = _plotted(reviews, output, curves)
        if args.by_player:
            status, matched = _by_player(args, chosen, reviews, as_json)
        else:
            aside = bar.aside if bar is not None and is_terminal(sys.stdout) else nullcontext
            status, matched = _by_game(args, reviews, output, as_json, aside)
    if status:
        return status
    for failure in failures:
        _report_error(failure.error, shown(failure.message), as_json=as_json)
    if args.plot is not None:
        try:
            plot_shanten(curves, args.plot)
        except OSError as error:
            _report_error("OutputError", f"cannot write the plot: {error}", as_json=as_json)
            return OUTPUT_FAILED
    if not matched:
        _report_error("UsageError", output.unmatched_message(), as_json=as_json)
        return BAD_INPUT
    return BAD_INPUT if failures else 0


def _plotted(
    reviews: Iterator[CorpusReview], output: Output, curves: list[tuple[int, ...]]
) -> Iterator[CorpusReview]:
    """``reviews``, each one's shanten curves of the chosen players kept for the plot."""
    for item in reviews:
        curves += output.curves(item.review)
        yield item


def _by_game(
    args: argparse.Namespace,
    reviews: Iterator[CorpusReview],
    output: Output,
    as_json: bool,
    aside: Callable[[], AbstractContextManager[None]],
) -> tuple[int, bool]:
    """Write each game as it comes (``aside`` the progress bar; its report with
    ``--html``), then the totals: the exit status of the writing, and whether the chosen
    player was found."""
    for item in reviews:
        text = output.game(shown(item.path), item.review)
        if args.html is not None and (
            status := write_html(args.html, item.review, output.chosen, as_json=as_json)
        ):
            return status, True
        if text:
            with aside():
                status = _emit(text, as_json=as_json)
            if status:
                return status, True
    text = output.close()
    return _emit(text, as_json=as_json) if text else 0, output.matched


def _by_player(
    args: argparse.Namespace, chosen: Chosen, reviews: Iterator[CorpusReview], as_json: bool
) -> tuple[int, bool]:
    """Write each player's grade over all the files: the exit status of the writing,
    and whether the chosen player was found."""
    names = None if chosen.name is None else [chosen.name]
    worst = WORST_GAMES if args.worst is None else args.worst
    corpus = aggregate_players(reviews, worst=worst, names=names)
    if names is not None and not corpus.players and corpus.games:
        return 0, False
    return _emit(players_text(args.format, corpus, worst), as_json=as_json), True


def main(argv: Sequence[str] | None = None) -> int:
    """``shanten review``: returns 0, 2 on bad input or when a file could not be
    reviewed, 1 or 141 when the output could not be written (see :mod:`shanten.cli.command`)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    as_json = "--format=json" in arguments or any(
        "--format".startswith(a) and len(a) > 2 and nxt == "json"
        for a, nxt in itertools.pairwise(arguments)
    )
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
        return _run(args, as_json)
    except _Unavailable as error:
        _report_error("MissingExtra", str(error), as_json=as_json)
        return BAD_INPUT
    except _Unreachable as error:
        _report_error("DaskError", str(error), as_json=as_json)
        return BAD_INPUT
    except (_HelpRequested, UsageError, ShantenError) as error:
        return refused(error, parser, as_json=as_json)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

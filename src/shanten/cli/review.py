"""``shanten review FILES... [--player SEAT|NAME] [--format table|json|csv] [--jobs N]
[--plot FILE.png] [--html FILE.html]``: review game records from the command line.

FILES are game records, directories and glob patterns, as
:func:`shanten.review_corpus` takes them; they are reviewed on every core (``--jobs``)
and printed as they come, in the order given:

- ``table`` (the default): per game, each player's decisions, share of
  efficiency-optimal discards and loss; with ``--player``, that player's discards that
  gave up tile efficiency too. Every line fits 80 columns.
- ``json``: JSON lines, one object per game (:meth:`shanten.GameReview.to_dict`, with
  ``"path"``).
- ``csv``: one row per discard (:meth:`shanten.DiscardReview.to_dict`), after a header.

``--plot FILE.png`` also draws the shanten number after each discard, one line per round
of each chosen player (the ``[review]`` extra: matplotlib). With more than one file and
a terminal on stderr, a progress bar (tqdm, the same extra) shows the run.

``--html FILE.html`` also writes one game's review as a self-contained HTML report
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
from collections.abc import Iterator, Sequence

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
from shanten.errors import ShantenError
from shanten.games.corpus import (
    CorpusFailure,
    CorpusItem,
    expand_paths,
    review_corpus,
    review_file,
)

__all__ = ["main"]

_NO_MATPLOTLIB = "--plot needs matplotlib: pip install 'shanten[review]'"


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


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
        help="one player: a seat 0-3 (0 deals first, 起家) or a name",
    )
    parser.add_argument(
        "--format",
        choices=("table", "json", "csv"),
        default="table",
        help="table (default); json: JSON lines, one object per game; csv: one row per discard",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="processes to use (default: every core; one file: this process); at most "
        "one per core and one per file",
    )
    parser.add_argument(
        "--plot", metavar="FILE.png", help="draw the shanten by turn of each round (PNG)"
    )
    parser.add_argument(
        "--odds",
        action="store_true",
        help="judge each decision by the odds too: the win probability of the discard made "
        "and of the best (seconds per game)",
    )
    parser.add_argument(
        "--html", metavar="FILE.html", help="write one game's review as a self-contained HTML file"
    )
    return parser


def _chosen(player: str | None) -> Chosen:
    if player is None:
        return Chosen()
    if player.isdigit():
        seat = int(player)
        if seat > 3:
            raise UsageError(f"argument --player: seat {seat} is not 0-3")
        return Chosen(seat=seat)
    return Chosen(name=player)


def _progress(items: Iterator[CorpusItem]) -> Iterator[CorpusItem]:
    """``items`` behind a progress bar on stderr, when stderr is a terminal and tqdm is
    installed; the bar is cosmetic, so nothing otherwise."""
    if not sys.stderr.isatty() or importlib.util.find_spec("tqdm") is None:
        return items
    from tqdm import tqdm

    return iter(tqdm(items, unit="file", file=sys.stderr, leave=False))


def _one_game(path: str, odds: bool) -> Iterator[CorpusItem]:
    """One file reviewed in this process; judged by the odds, with a progress bar by
    discard on stderr when it is a terminal and tqdm is installed."""
    if not odds or not sys.stderr.isatty() or importlib.util.find_spec("tqdm") is None:
        yield review_file(path, odds)
        return
    from tqdm import tqdm

    with tqdm(unit="discard", file=sys.stderr, leave=False) as bar:

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        yield review_file(path, odds, advance)


def _check_plot(path: str) -> None:
    """Fail before the run, not after it, when the plot cannot be drawn or written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise _Unavailable(_NO_MATPLOTLIB)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(f"argument --plot: cannot write to the folder {folder}")


class _Unavailable(Exception):
    """An optional extra the options need is not installed."""


def _run(args: argparse.Namespace, as_json: bool) -> int:
    chosen = _chosen(args.player)
    if args.plot is not None:
        _check_plot(args.plot)
    paths = expand_paths(args.files)
    first = list(itertools.islice(paths, 2))  # enough to tell one file from many
    many = len(first) > 1
    if args.html is not None:
        check_html(args.html, many)
    output: Output = make_output(args.format, chosen)
    failures: list[CorpusFailure] = []
    curves: list[tuple[int, ...]] = []
    jobs = 1 if args.jobs is None and not many else args.jobs  # one file: no pool to start
    options.jobs(args.jobs)  # one file too: a --jobs past the bound is refused
    if many:
        items = _progress(review_corpus(itertools.chain(first, paths), jobs=jobs, odds=args.odds))
    else:
        items = (item for path in first for item in _one_game(path, args.odds))
    for item in items:
        if not item.ok:
            failures.append(item)
            continue
        text = output.game(shown(item.path), item.review)
        if args.plot is not None:
            curves += output.curves(item.review)
        if args.html is not None and (
            status := write_html(args.html, item.review, chosen, as_json=as_json)
        ):
            return status
        if text and (status := _emit(text, as_json=as_json)):
            return status
    if (text := output.close()) and (status := _emit(text, as_json=as_json)):
        return status
    for failure in failures:
        _report_error(failure.error, shown(failure.message), as_json=as_json)
    if args.plot is not None:
        try:
            plot_shanten(curves, args.plot)
        except OSError as error:
            _report_error("OutputError", f"cannot write the plot: {error}", as_json=as_json)
            return OUTPUT_FAILED
    if not output.matched:
        _report_error("UsageError", output.unmatched_message(), as_json=as_json)
        return BAD_INPUT
    return BAD_INPUT if failures else 0


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
    except (_HelpRequested, UsageError, ShantenError) as error:
        return refused(error, parser, as_json=as_json)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

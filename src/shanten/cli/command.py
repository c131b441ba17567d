"""The command line: ``shanten HAND [--melds 123m,555z] [--players 3] [--count-melded-copies]
[--visible TILES] [--odds [--draws N] [--hand-changes] [--shanten-back] [--points ...]]
[--lang en|ja]
[--json]``.

Prints the shanten number of each form and a witness; for a 14-tile (3n+2) hand the
discard table as Tenhou's 牌理 shows it (打X 摸[tiles N枚]), in both views; for a 13-tile
(3n+1) hand the effective tiles with their unseen copies, or the waits when ready.
``--odds`` adds the chance to be ready and to win within the draws left
(:func:`shanten.odds`): per discard, the rows then best win first, or for the hand.
``--json`` prints the same as data (:func:`shanten.report.report`).

Subcommands take the place of the hand: ``shanten serve [--host 127.0.0.1] [--port 8000]``
starts the local page instead (:mod:`shanten.web.server`), ``shanten review FILES...``
reviews game records (:mod:`shanten.cli.review`), ``shanten score HAND --win TILE ...``
scores a win (:mod:`shanten.cli.score`).

Exit status, as scripts see it:

- 0: the analysis (or ``--help``) was written in full.
- 2: bad input (a hand, meld or option that is not valid): one error on stderr, nothing
  on stdout. With ``--json`` the error is JSON too, in the shape the web endpoint uses:
  ``{"error": {"type": "HandError", "message": "..."}}``, the type being the library's
  error class, or ``UsageError`` for arguments that do not parse.
- 1: the output could not be written (a full disk, a closed stdout, an encoding that
  cannot show the tiles): one line on stderr, ``shanten: error: cannot write the
  output: ...`` (type ``OutputError`` with ``--json``).
- 130: interrupted (Ctrl-C, SIGINT), the status a shell reports for a program that
  SIGINT stopped: no traceback; ``--odds`` stops at the next row of its table.
- 141: stdout is a pipe whose reader quit before the output was written (as ``head``
  may). Nothing is printed, as for a tool that the SIGPIPE signal stops: 141 is
  128 + 13, the status a shell reports for one.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import json
import os
import shutil
import sys
from collections.abc import Sequence
from typing import IO, NoReturn

from shanten._version import __version__
from shanten.cli.odds import DRAWS, odds_data
from shanten.cli.text import WIDTH, as_text
from shanten.display import wrap
from shanten.errors import MeldError, ShantenError, quoted
from shanten.hand import Meld
from shanten.report import report
from shanten.score_context import ScoreContext

__all__ = ["COMMANDS", "WIDTH", "main"]

#: Exit status for bad input, and for output that could not be written.
BAD_INPUT, OUTPUT_FAILED = 2, 1
#: Exit status when the reader of a pipe has gone: 128 + SIGPIPE, as a shell reports it.
BROKEN_PIPE = 141

#: The subcommands: name -> (module whose ``main(argv)`` runs it, arguments, summary).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "serve": (
        "shanten.web.server",
        "[--host HOST] [--port PORT]",
        "serve the local page (牌理) and its JSON endpoint on this machine (docs/web.md)",
    ),
    "review": (
        "shanten.cli.review",
        "FILES... [--player P] [--format F] [--odds] [--html F] ...",
        "review game records: each discard against the best by tile efficiency (docs/review.md)",
    ),
    "score": (
        "shanten.cli.score",
        "HAND --win TILE [--tsumo] [--riichi] ... [--json]",
        "score a win: yaku, fu, han, points and payments (docs/score.md)",
    ),
}

_DESCRIPTION = (
    "Exact shanten number (向聴数) of a riichi-mahjong hand, with a witness, and the "
    "discard table (14 tiles) or the effective tiles and waits (13 tiles)."
)


class UsageError(Exception):
    """The arguments do not parse: an unknown option, a missing hand, a bad choice."""


class _HelpRequested(Exception):
    """``-h``/``--help`` was given."""


class _VersionRequested(Exception):
    """``--version`` was given."""


class _VersionAction(argparse.Action):
    """``--version``, written by :func:`main` as the help is."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, *args: object, **kwargs: object) -> NoReturn:
        raise _VersionRequested


class _HelpAction(argparse.Action):
    """``--help`` that leaves the writing to :func:`main`, which checks that it worked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, *args: object, **kwargs: object) -> NoReturn:
        raise _HelpRequested


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, with the options' help wrapped by display width, so that the
    Japanese terms (two columns a character) fit as the rest does."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text.split(), width)


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> _Parser:
    # argparse wraps the options to the terminal: the description and commands follow suit
    columns = min(WIDTH, shutil.get_terminal_size().columns) - 2
    parser = _Parser(
        prog="shanten",
        description="\n".join(wrap(_DESCRIPTION.split(" "), columns)),
        formatter_class=_Formatter,
        add_help=False,
    )
    parser.add_argument("hand", help="the concealed hand: mpsz (123m456p789s11z) or Unicode tiles")
    parser.add_argument("-h", "--help", action=_HelpAction, help="show this help and exit")
    parser.add_argument(
        "--version", action=_VersionAction, help="show the version of shanten and exit"
    )
    parser.add_argument(
        "--melds", default="", help="called melds, comma-separated: 123m,555z,1111p"
    )
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="3 or 4 (default)")
    parser.add_argument(
        "--count-melded-copies",
        action="store_true",
        help="copies in melds also count toward the 4-copy limit (WRC, M-League)",
    )
    parser.add_argument(
        "--visible", default="", help="tiles seen elsewhere (discards, dora indicators): 1m1m5z"
    )
    parser.add_argument(
        "--odds",
        action="store_true",
        help="add, per discard, the chances (%%) to be ready (tenpai) and to win within "
        "the draws left: self-draw only, no calls, each draw played for the best chance of "
        "the figure shown",
    )
    parser.add_argument(
        "--draws",
        type=int,
        metavar="N",
        help=f"with --odds: the draws left (default {DRAWS}, a whole game)",
    )
    parser.add_argument(
        "--hand-changes",
        action="store_true",
        help="with --odds: the hand may keep a draw that does not lower the shanten "
        "(手変わり), one swap beyond the fewest",
    )
    parser.add_argument(
        "--shanten-back",
        action="store_true",
        help="with --odds: the hand may discard to a worse shanten than the draw allows "
        "(向聴戻し), one swap beyond the fewest",
    )
    parser.add_argument(
        "--points",
        action="store_true",
        help="with --odds: add the expected points won per discard (期待値), for the game "
        "that --seat-wind, --round-wind, --dora, --rules, --riichi and --haitei describe",
    )
    parser.add_argument(
        "--seat-wind", default="1z", help="with --points: the player's wind, 1z-4z (default 1z)"
    )
    parser.add_argument(
        "--round-wind", default="1z", help="with --points: the round's wind (default 1z)"
    )
    parser.add_argument(
        "--dora",
        default="",
        help="with --points: the dora indicators, e.g. 3m, also in --visible (tiles in sight)",
    )
    parser.add_argument(
        "--rules", default="tenhou", help="with --points: tenhou (default) or mahjong-soul"
    )
    parser.add_argument(
        "--riichi",
        choices=("best", "always", "never"),
        default="best",
        help="with --points: declare riichi on a closed ready hand when it pays more "
        "(best, default), as soon as ready (always), or never",
    )
    parser.add_argument(
        "--haitei",
        action="store_true",
        help="with --points: the last draw is the last tile of the wall (海底)",
    )
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    usage = parser.format_usage().removeprefix("usage: ").rstrip("\n")
    for name, (_, arguments, _) in COMMANDS.items():
        usage += f"\n       shanten {name} {arguments}"
    parser.usage = usage
    commands = "\n".join(
        "\n".join(wrap(summary.split(" "), columns, first=f"  {name:<8}", indent=" " * 10))
        for name, (_, _, summary) in COMMANDS.items()
    )
    parser.epilog = (
        f"commands, in place of the hand (each has its own --help):\n"
        f"{commands}\n\nexample: shanten 23489m6799p22567s"
    )
    return parser


def melds_of(text: str) -> list[str]:
    """The melds of ``--melds``, each checked, so that an error says that the melds are
    wrong and which one; an empty item is refused, not skipped. Blank text is no melds.

    >>> melds_of(" 777z, 789p"), melds_of("")
    (['777z', '789p'], [])
    >>> melds_of("777z,,789p")
    Traceback (most recent call last):
    ...
    shanten.errors.MeldError: argument --melds: meld 2 of '777z,,789p' is empty
    """
    if not text.strip():
        return []
    melds = [item.strip() for item in text.split(",")]
    for number, meld in enumerate(melds, 1):
        which = f"argument --melds: meld {number} of {quoted(text)}"
        if not meld:
            raise MeldError(f"{which} is empty")
        try:
            Meld(meld)
        except ShantenError as error:
            raise MeldError(f"{which} is not valid: {error}") from error
    return melds


def _check_odds_options(args: argparse.Namespace) -> None:
    """The options of the odds need ``--odds``, those of the expected points ``--points``."""
    context = [
        option
        for option, value in (
            ("--seat-wind", args.seat_wind != "1z"),
            ("--round-wind", args.round_wind != "1z"),
            ("--dora", args.dora),
            ("--rules", args.rules != "tenhou"),
            ("--riichi", args.riichi != "best"),
            ("--haitei", args.haitei),
        )
        if value
    ]
    if context and not args.points:
        raise UsageError(f"argument {context[0]}: only with --points")
    if args.odds:
        return
    given = [
        option
        for option, value in (
            ("--draws", args.draws is not None),
            ("--hand-changes", args.hand_changes),
            ("--shanten-back", args.shanten_back),
            ("--points", args.points),
        )
        if value
    ]
    if given:
        raise UsageError(f"argument {given[0]}: only with --odds")


def _score_context(args: argparse.Namespace) -> ScoreContext | None:
    """The game of ``--points``, or None without it."""
    if not args.points:
        return None
    from shanten.cli.score import PRESETS  # the scorer's options load with the first use

    rules = PRESETS.get(args.rules)
    if rules is None:
        raise UsageError(f"argument --rules: {' or '.join(PRESETS)}, not {quoted(args.rules)}")
    return ScoreContext(
        seat_wind=args.seat_wind,
        round_wind=args.round_wind,
        dora=args.dora,
        rules=rules,
        riichi=args.riichi,
        haitei=args.haitei,
    )


def _report_error(kind: str, message: str, *, as_json: bool, usage: str = "") -> None:
    """Write one error to stderr, as text (after ``usage``) or as the web endpoint's JSON."""
    if as_json:
        line = json.dumps({"error": {"type": kind, "message": message}}, ensure_ascii=False)
    else:
        line = f"{usage}shanten: error: {message}"
    with contextlib.suppress(AttributeError, OSError, ValueError):  # stderr failing too
        print(line, file=sys.stderr, flush=True)


def _silence(stream: IO[str]) -> None:
    """Point a failed stream's file descriptor at /dev/null, so that Python's own flush at
    exit does not fail again with a traceback; the exit status already tells."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, descriptor)
    finally:
        os.close(devnull)


def _emit(output: str, *, as_json: bool) -> int:
    """Write ``output`` to stdout and flush it; the exit status says whether it arrived."""
    stream = sys.stdout
    try:
        if stream is None:  # started with stdout closed
            raise OSError(errno.EBADF, "stdout is closed")
        stream.write(output)
        stream.flush()
    except BrokenPipeError:  # the reader has gone, as when piped into head: stay quiet
        _silence(stream)
        return BROKEN_PIPE
    except UnicodeEncodeError as error:
        reason = (
            f"the output encoding {error.encoding} cannot show U+{ord(error.object[error.start]):04X} "
            "(set PYTHONIOENCODING=utf-8)"
        )
        _report_error("OutputError", f"cannot write the output: {reason}", as_json=as_json)
        return OUTPUT_FAILED
    except (OSError, ValueError) as error:  # a full disk, a closed file
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        _silence(stream)
        _report_error("OutputError", f"cannot write the output: {reason}", as_json=as_json)
        return OUTPUT_FAILED
    return 0


#: Exit status after Ctrl-C: 128 + SIGINT, as a shell reports it.
INTERRUPTED = 130


def refused(
    error: _HelpRequested | UsageError | ShantenError,
    parser: argparse.ArgumentParser,
    *,
    as_json: bool,
) -> int:
    """The exit status of a command that stops before its answer: the help asked for (0),
    or a usage error or bad input said on stderr (or as JSON) (2). Every command ends its
    refusals here."""
    if isinstance(error, _HelpRequested):
        return _emit(parser.format_help(), as_json=False)
    if isinstance(error, UsageError):
        # as argparse does: the usage, then the error
        usage = "" if as_json else parser.format_usage()
        _report_error("UsageError", str(error), as_json=as_json, usage=usage)
        return BAD_INPUT
    _report_error(type(error).__name__, str(error), as_json=as_json)
    return BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, 2 on bad input, 1 or 141 when
    the output could not be written, 130 when interrupted: see the module's
    documentation)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and arguments[0] in COMMANDS:  # no command name is a valid hand
        module = importlib.import_module(COMMANDS[arguments[0]][0])
        status: int = module.main(arguments[1:])
        return status
    # argparse takes any unique prefix of an option: --js is --json
    as_json = any(len(a) > 2 and "--json".startswith(a) for a in arguments)
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
        _check_odds_options(args)
        position = {
            "melds": melds_of(args.melds),
            "players": args.players,
            "count_melded_copies": args.count_melded_copies,
            "visible": args.visible,
        }
        data = report(args.hand, **position)
        if args.odds:
            data["odds"] = odds_data(
                args.hand,
                **position,
                draws=DRAWS if args.draws is None else args.draws,
                hand_changes=args.hand_changes,
                shanten_back=args.shanten_back,
                score=_score_context(args),
            )
    except _VersionRequested:
        return _emit(f"shanten {__version__}\n", as_json=False)
    except (_HelpRequested, UsageError, ShantenError) as error:
        return refused(error, parser, as_json=as_json)
    output = json.dumps(data, ensure_ascii=False) if args.json else as_text(data, args.lang)
    return _emit(output + "\n", as_json=as_json)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

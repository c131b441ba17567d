"""The command line: ``shanten HAND [--melds 123m,555z] [--players 3] [--count-melded-copies]
[--visible TILES] [--lang en|ja] [--json]``.

Prints the shanten number of each form and a witness; for a 14-tile (3n+2) hand the
discard table as Tenhou's 牌理 shows it (打X 摸[tiles N枚]), in both views; for a 13-tile
(3n+1) hand the effective tiles with their unseen copies, or the waits when ready. The
text is laid out by :mod:`shanten.cli_text`. ``--json`` prints the same as
data (:func:`shanten.report.report`). Bad input prints the error and exits with 2.

``shanten serve [--host 127.0.0.1] [--port 8000]`` starts the local page instead
(:mod:`shanten.web.server`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from shanten.cli_text import WIDTH, as_text
from shanten.errors import ShantenError
from shanten.report import report

__all__ = ["WIDTH", "main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanten",
        description="Exact shanten number of a riichi-mahjong hand, with a witness, "
        "the discard table (14 tiles) or the effective tiles and waits (13 tiles).",
        epilog="example: shanten 23489m6799p22567s\n"
        "shanten serve [--host 127.0.0.1] [--port 8000]: the local page (docs/web.md)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", help="the concealed hand: mpsz (123m456p789s11z) or Unicode tiles")
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
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 on bad input)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # "serve" is no valid hand, so this is unambiguous
        from shanten.web.server import main as serve_main

        return serve_main(arguments[1:])
    args = _parser().parse_args(arguments)
    try:
        melds = [m.strip() for m in args.melds.split(",") if m.strip()]
        data = report(
            args.hand,
            melds=melds,
            players=args.players,
            count_melded_copies=args.count_melded_copies,
            visible=args.visible,
        )
    except ShantenError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    output = json.dumps(data, ensure_ascii=False) if args.json else as_text(data, args.lang)
    try:
        print(output)
    except BrokenPipeError:  # e.g. piped into head: not an error
        sys.stderr.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

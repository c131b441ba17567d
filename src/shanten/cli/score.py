"""``shanten score HAND --win TILE [--tsumo] [--riichi] [--melds ...] [--dora ...] ...
[--json]``: score a win (:func:`shanten.score`) from the command line.

Prints Tenhou's line (``30符4飜7700点``), the yaku and the reading; ``--json`` the same
as data. Exit status as for ``shanten`` (:mod:`shanten.cli.command`): 2 for bad input,
a hand with no yaku included.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from shanten.cli.command import (
    UsageError,
    _emit,
    _HelpAction,
    _HelpRequested,
    _Parser,
    melds_of,
    refused,
)
from shanten.errors import ShantenError
from shanten.score_types import Score
from shanten.scoring import score
from shanten.scoring_rules import MAHJONG_SOUL, TENHOU

__all__ = ["main", "score_data"]

_PRESETS = {"tenhou": TENHOU, "mahjong-soul": MAHJONG_SOUL}
_FLAGS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "last_tile",
    "first_draw",
)


def _parser() -> _Parser:
    parser = _Parser(
        prog="shanten score",
        description="Score a win: yaku (役), fu (符), han (翻), limit and points, read the "
        "way that pays the most (docs/score.md).",
        add_help=False,
    )
    parser.add_argument("hand", help="the concealed tiles with the winning tile; 0 is a red five")
    parser.add_argument("-h", "--help", action=_HelpAction, help="show this help and exit")
    parser.add_argument("--win", required=True, help="the winning tile, e.g. 5p")
    parser.add_argument(
        "--melds",
        default="",
        help="melds, comma-separated; a concealed quad in parentheses: 123m,(1111p)",
    )
    for name in _FLAGS:
        parser.add_argument(f"--{name.replace('_', '-')}", action="store_true")
    parser.add_argument("--dora", default="", help="dora indicators (表示牌), e.g. 3m7z")
    parser.add_argument("--ura", default="", help="ura dora indicators (with --riichi)")
    parser.add_argument("--seat-wind", default="1z", help="1z-4z (default 1z: the dealer)")
    parser.add_argument("--round-wind", default="1z", help="1z-4z (default 1z)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="3 or 4 (default)")
    parser.add_argument("--north", type=int, default=0, help="north tiles set aside (3 players)")
    parser.add_argument(
        "--rules", choices=tuple(_PRESETS), default="tenhou", help="the rules (default tenhou)"
    )
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    return parser


def score_data(s: Score) -> dict[str, Any]:
    """A score as plain data (the ``--json`` output)."""
    return {
        "han": s.han,
        "fu": s.fu,
        "yakuman": s.yakuman,
        "limit": s.limit,
        "points": s.points,
        "payments": [{"payer": p.payer, "points": p.points} for p in s.payments],
        "yaku": [
            {
                "key": y.key,
                "name": y.name,
                "japanese": y.japanese,
                "han": y.han,
                "yakuman": y.yakuman,
            }
            for y in s.yaku
        ],
        "fu_parts": [{"reason": reason, "fu": fu} for reason, fu in s.fu_parts],
        "decomposition": str(s.decomposition),
        "wait": s.wait,
        "headline": s.headline,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``shanten score``: returns 0, 2 on bad input, 1 or 141 when the output could not
    be written (see :mod:`shanten.cli.command`)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    as_json = any(len(a) > 2 and "--json".startswith(a) for a in arguments)
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
        result = score(
            args.hand,
            win=args.win,
            melds=melds_of(args.melds),
            dora=args.dora,
            ura=args.ura,
            seat_wind=args.seat_wind,
            round_wind=args.round_wind,
            players=args.players,
            north=args.north,
            rules=_PRESETS[args.rules],
            **{name: getattr(args, name) for name in _FLAGS},
        )
    except (_HelpRequested, UsageError, ShantenError) as error:
        return refused(error, parser, as_json=as_json)
    output = json.dumps(score_data(result), ensure_ascii=False) if args.json else str(result)
    return _emit(output + "\n", as_json=as_json)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""``shanten score HAND --win TILE [--tsumo] [--riichi] [--melds ...] [--dora ...] ...
[--json]``: score a win (:func:`shanten.score`) from the command line.

Prints Tenhou's line (``30符4飜7700点``), the yaku and the reading; ``--json`` the same
as data. Exit status as for ``shanten`` (:mod:`shanten.cli.command`): 2 for bad input,
a hand with no yaku included.

:class:`ScoreOptions` holds the options as they are named here, with their defaults, and
turns them into the call of :func:`shanten.score`; the page's score endpoint
(:mod:`shanten.web.score_api`) reads the same options from its query.

>>> ScoreOptions("234567m234p22s567s", "4p", tsumo=True, riichi=True, seat_wind="2z").score().headline
'20符4飜1300-2600点'
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from shanten.cli.command import (
    UsageError,
    _emit,
    _HelpAction,
    _HelpRequested,
    _Parser,
    melds_of,
    refused,
)
from shanten.errors import RuleError, ShantenError, quoted
from shanten.score_types import Score
from shanten.scoring import score
from shanten.scoring_rules import MAHJONG_SOUL, TENHOU, Rules

__all__ = ["FLAGS", "PRESETS", "ScoreOptions", "main", "rules_named", "score_data"]

#: The rules by the name ``--rules`` takes.
PRESETS: Final = {"tenhou": TENHOU, "mahjong-soul": MAHJONG_SOUL}
#: The switches of a win, each named as the keyword of :func:`shanten.score`.
FLAGS: Final = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "last_tile",
    "first_draw",
)


@dataclass(frozen=True)
class ScoreOptions:
    """A win as the options name it: the ``hand`` with its winning tile ``win``, the
    ``melds`` (each as notation, a concealed quad in parentheses), the switches of
    :data:`FLAGS`, the ``dora`` and ``ura`` indicators as notation, the winds, ``players``,
    ``north`` and the name of the ``rules`` (a key of :data:`PRESETS`). The defaults are
    the command line's: the dealer (East) in the East round, four players, Tenhou's rules.
    """

    hand: str
    win: str
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    last_tile: bool = False
    first_draw: bool = False
    dora: str = ""
    ura: str = ""
    seat_wind: str = "1z"
    round_wind: str = "1z"
    players: int = 4
    north: int = 0
    rules: str = "tenhou"

    def score(self) -> Score:
        """:func:`shanten.score` of this win. Raises its errors, and
        :class:`~shanten.errors.RuleError` for rules that are not a preset's name."""
        return score(
            self.hand,
            win=self.win,
            melds=self.melds,
            dora=self.dora,
            ura=self.ura,
            seat_wind=self.seat_wind,
            round_wind=self.round_wind,
            players=self.players,
            north=self.north,
            rules=rules_named(self.rules),
            **{name: getattr(self, name) for name in FLAGS},
        )


def rules_named(name: str) -> Rules:
    """The rules of the preset ``name`` (a key of :data:`PRESETS`); raises
    :class:`~shanten.errors.RuleError` for any other name.

    >>> rules_named("mahjong-soul") is MAHJONG_SOUL
    True
    """
    rules = PRESETS.get(name)
    if rules is None:
        raise RuleError(f"rules is {' or '.join(PRESETS)}, not {quoted(name)}")
    return rules


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
    for name in FLAGS:
        parser.add_argument(f"--{name.replace('_', '-')}", action="store_true")
    parser.add_argument("--dora", default="", help="dora indicators (表示牌), e.g. 3m7z")
    parser.add_argument("--ura", default="", help="ura dora indicators (with --riichi)")
    parser.add_argument(
        "--seat-wind", default=ScoreOptions.seat_wind, help="1z-4z (default 1z: the dealer)"
    )
    parser.add_argument("--round-wind", default=ScoreOptions.round_wind, help="1z-4z (default 1z)")
    parser.add_argument(
        "--players", type=int, choices=(3, 4), default=ScoreOptions.players, help="3 or 4 (default)"
    )
    parser.add_argument(
        "--north", type=int, default=ScoreOptions.north, help="north tiles set aside (3 players)"
    )
    parser.add_argument(
        "--rules",
        choices=tuple(PRESETS),
        default=ScoreOptions.rules,
        help="the rules (default tenhou)",
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
        given = {
            field.name: getattr(args, field.name) for field in dataclasses.fields(ScoreOptions)
        }
        result = ScoreOptions(**(given | {"melds": tuple(melds_of(args.melds))})).score()
    except (_HelpRequested, UsageError, ShantenError) as error:
        return refused(error, parser, as_json=as_json)
    output = json.dumps(score_data(result), ensure_ascii=False) if args.json else str(result)
    return _emit(output + "\n", as_json=as_json)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

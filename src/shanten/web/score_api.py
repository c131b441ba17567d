"""Scoring a win for the page: ``GET /api/score?q=HAND&win=TILE&...``.

The parameters are the options of ``shanten score`` (:mod:`shanten.cli.score`), named as
the keywords of :func:`shanten.score`: ``q`` the hand with its winning tile, ``win``,
``melds`` (comma-separated, a concealed quad in parentheses), the switches ``tsumo``,
``riichi``, ``double_riichi``, ``ippatsu``, ``rinshan``, ``chankan``, ``last_tile``,
``first_draw`` (``1`` or ``0``, as the other endpoints' switches), ``dora`` and ``ura``
(the indicators), ``seat_wind`` and ``round_wind`` (``1z``-``4z``, East by default),
``players`` (3 or 4), ``north`` (0-4) and ``rules`` (``tenhou`` or ``mahjong-soul``).

The answer is the score as ``shanten score --json`` prints it
(:func:`shanten.cli.score.score_data`). A query read wrong is a 400 (a value over
:data:`~shanten.web.query.MAX_INPUT` characters a 413) before the library sees it; a win
the library refuses (a hand that is not complete, a winning tile not in it, no yaku,
conditions that contradict) is a 400 with its error's type and message.

>>> parse_score("q=234567m234p22s567s&win=4p&tsumo=1&riichi=on&seat_wind=2z").riichi
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Final

from shanten.cli.score import FLAGS, ScoreOptions, score_data
from shanten.web.messages import Response
from shanten.web.query import BadRequest, parse_flag, parse_players, read_fields, split_melds

__all__ = [
    "GAME_PARAMETERS",
    "SCORE_PARAMETERS",
    "Game",
    "parse_game",
    "parse_score",
    "score_response",
]

#: The game around a hand, read alike here and by ``/api/odds`` for its expected score.
GAME_PARAMETERS: Final = ("dora", "seat_wind", "round_wind", "north", "rules")
#: The endpoint's parameters, in the order of :class:`~shanten.cli.score.ScoreOptions`.
SCORE_PARAMETERS: Final = (
    "q",
    "win",
    "melds",
    *FLAGS,
    "dora",
    "ura",
    "seat_wind",
    "round_wind",
    "players",
    "north",
    "rules",
)
_NEEDED: Final = {
    "q": "no hand: give the complete hand, with its winning tile, as ?q=234567m234p22s567s",
    "win": "no winning tile: give it as &win=4p, one of the hand's tiles",
}


@dataclass(frozen=True)
class Game:
    """The game around a hand as a query gives it (:data:`GAME_PARAMETERS`): the dora
    indicators as notation, the winds, the north tiles set aside and the rules' name (a
    key of :data:`~shanten.cli.score.PRESETS`); each missing or blank one takes the
    default of :class:`~shanten.cli.score.ScoreOptions`."""

    dora: str = ScoreOptions.dora
    seat_wind: str = ScoreOptions.seat_wind
    round_wind: str = ScoreOptions.round_wind
    north: int = ScoreOptions.north
    rules: str = ScoreOptions.rules


def parse_game(values: Mapping[str, str]) -> Game:
    """The :data:`GAME_PARAMETERS` of a query read by
    :func:`~shanten.web.query.read_fields`: raises :class:`~shanten.web.query.BadRequest`
    for ``north`` that is not one digit. Tiles, winds and the rules' name are the
    library's to judge.

    >>> parse_game({"seat_wind": "2z", "dora": " 3m ", "north": ""})
    Game(dora='3m', seat_wind='2z', round_wind='1z', north=0, rules='tenhou')
    """
    north = values.get("north", "").strip() or str(Game.north)
    if re.fullmatch("[0-9]", north) is None:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST,
            "BadParameter",
            f"north is a count of north tiles set aside, 0-4, not {north[:40]!r}",
        )

    def text(name: str, default: str) -> str:
        return values.get(name, "").strip() or default

    return Game(
        dora=text("dora", Game.dora),
        seat_wind=text("seat_wind", Game.seat_wind),
        round_wind=text("round_wind", Game.round_wind),
        north=int(north),
        rules=text("rules", Game.rules),
    )


def parse_score(raw: str) -> ScoreOptions:
    """Read the query strictly (:func:`~shanten.web.query.read_fields`): raises
    :class:`~shanten.web.query.BadRequest` for a missing hand or winning tile, an unknown
    or repeated parameter, a value too long, a switch that is not one, ``players`` or
    ``north`` that is not a small number. Tiles, winds and the rules' name are the
    library's to judge."""
    values = read_fields(raw, SCORE_PARAMETERS)
    for name, message in _NEEDED.items():
        if not values.get(name, "").strip():
            raise BadRequest(HTTPStatus.BAD_REQUEST, "MissingParameter", message)
    game = parse_game(values)
    return ScoreOptions(
        hand=values["q"].strip(),
        win=values["win"].strip(),
        melds=split_melds(values.get("melds", "")),
        dora=game.dora,
        ura=values.get("ura", "").strip() or ScoreOptions.ura,
        seat_wind=game.seat_wind,
        round_wind=game.round_wind,
        players=parse_players(values.get("players", "")),
        north=game.north,
        rules=game.rules,
        **{name: parse_flag(name, values.get(name, "")) for name in FLAGS},
    )


def score_response(raw: str) -> Response:
    """The answer to ``/api/score?raw``: the score as JSON. Raises
    :class:`~shanten.web.query.BadRequest` and the library's errors for bad input."""
    result = parse_score(raw).score()
    return Response(HTTPStatus.OK, json.dumps(score_data(result), ensure_ascii=False).encode())

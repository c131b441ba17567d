"""The query string of the page and its endpoints, read strictly: the hand's parameters
(those of the command line) and, for an endpoint that takes more, its own.

>>> parse_query("q=123m456p&melds=789s,%20555z&players=3")
Query(hand='123m456p', melds=('789s', '555z'), players=3, count_melded_copies=False, visible='')
>>> parse_query("q=1m&colour=red")
Traceback (most recent call last):
...
shanten.web.query.BadRequest: unknown parameter 'colour': the parameters are q, melds, players, count_melded_copies, visible
"""

from __future__ import annotations

from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Final
from urllib.parse import parse_qs

from shanten.web.protocol import ErrorAnswer

__all__ = [
    "MAX_INPUT",
    "PARAMETERS",
    "BadRequest",
    "Query",
    "parse_flag",
    "parse_players",
    "parse_query",
    "read_fields",
    "split_melds",
]

#: The longest value of one parameter, in characters: a hand with four quads and every
#: tile seen is far shorter.
MAX_INPUT: Final = 300
#: The query parameters of the page and of the endpoint, the same for both.
PARAMETERS: Final = ("q", "melds", "players", "count_melded_copies", "visible")

_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"", "0", "false", "no", "off"})


class BadRequest(ErrorAnswer):
    """A request the endpoint refuses before the library sees it: a malformed query, an
    unknown or repeated parameter, or a value too long."""


@dataclass(frozen=True)
class Query:
    """The parameters of one analysis, as the command line takes them; ``extra`` holds
    the values of an endpoint's own parameters, as given."""

    hand: str
    melds: tuple[str, ...] = ()
    players: int = 4
    count_melded_copies: bool = False
    visible: str = ""
    extra: tuple[tuple[str, str], ...] = field(default=(), repr=False)


def parse_flag(name: str, value: str) -> bool:
    """A switch's value: ``1``, ``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``,
    ``off``, empty; raises :class:`BadRequest` for anything else."""
    word = value.strip().lower()
    if word not in _TRUE | _FALSE:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST, "BadParameter", f"{name} is 1 or 0, not {word[:40]!r}"
        )
    return word in _TRUE


def read_fields(raw: str, allowed: tuple[str, ...]) -> dict[str, str]:
    """The parameters of a query string, each given once: raises :class:`BadRequest` for
    an unknown or repeated parameter, a value over :data:`MAX_INPUT` characters, more
    fields than twice ``allowed`` or text that is not UTF-8.

    >>> read_fields("q=1m&win=", ("q", "win"))
    {'q': '1m', 'win': ''}
    """
    try:
        fields = parse_qs(
            raw, keep_blank_values=True, errors="strict", max_num_fields=2 * len(allowed)
        )
    except UnicodeDecodeError:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST, "BadQuery", "the query is not valid UTF-8 text"
        ) from None
    except ValueError:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST, "BadQuery", "the query has too many fields"
        ) from None
    values: dict[str, str] = {}
    for name, given in fields.items():
        if name not in allowed:
            raise BadRequest(
                HTTPStatus.BAD_REQUEST,
                "UnknownParameter",
                f"unknown parameter {name[:40]!r}: the parameters are {', '.join(allowed)}",
            )
        if len(given) > 1:
            raise BadRequest(
                HTTPStatus.BAD_REQUEST, "RepeatedParameter", f"parameter {name!r} is given twice"
            )
        if len(given[0]) > MAX_INPUT:
            raise BadRequest(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                "InputTooLong",
                f"{name} is {len(given[0])} characters long: at most {MAX_INPUT} are read",
            )
        values[name] = given[0]
    return values


def parse_players(value: str) -> int:
    """The ``players`` parameter: a number of at most two digits (4 when empty), for the
    library to judge; raises :class:`BadRequest` for anything else."""
    players = value.strip() or "4"
    if not players.isdecimal() or len(players) > 2:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST, "BadParameter", f"players is 3 or 4, not {players[:40]!r}"
        )
    return int(players)


def split_melds(value: str) -> tuple[str, ...]:
    """The ``melds`` parameter: comma-separated, blank items skipped.

    >>> split_melds("789s, 555z,,")
    ('789s', '555z')
    """
    return tuple(m.strip() for m in value.split(",") if m.strip())


def parse_query(raw: str, extra: tuple[str, ...] = ()) -> Query:
    """Read a query string (``q=...&melds=...``) strictly: raises :class:`BadRequest` for
    a missing hand, an unknown or repeated parameter, a value over :data:`MAX_INPUT`
    characters or text that is not UTF-8. Values the library judges (notation, players
    other than 3 or 4) are passed on for it to judge. ``extra`` names the endpoint's own
    parameters, returned as given in :attr:`Query.extra`.
    """
    values = read_fields(raw, PARAMETERS + extra)
    if "q" not in values:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST, "MissingParameter", "no hand: give one as ?q=23489m6799p22567s"
        )
    players = parse_players(values.get("players", ""))
    rule = parse_flag("count_melded_copies", values.get("count_melded_copies", ""))
    return Query(
        hand=values["q"].strip(),
        melds=split_melds(values.get("melds", "")),
        players=players,
        count_melded_copies=rule,
        visible=values.get("visible", "").strip(),
        extra=tuple((name, values[name]) for name in extra if name in values),
    )

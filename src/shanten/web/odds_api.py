"""The discard odds (何切る) for the page, streamed one discard at a time.

``GET /api/odds?q=HAND[&melds=...][&players=3][&count_melded_copies=1][&visible=...]
[&draws=17][&hand_changes=1][&shanten_back=1][&seat_wind=2z&round_wind=1z&dora=3m
&north=0&rules=tenhou&riichi=best&haitei=0]`` answers ``application/x-ndjson``: one JSON
object a line, sent as soon as it is known, on a connection closed after the last:

- ``{"total": n, "draws": 17, "hand_changes": false, "shanten_back": false, "score":
  null}`` first: ``n`` rows follow, one per distinct discard (打牌) of a 3n+2 hand, in the
  order of :func:`shanten.discards`, or one row for a 3n+1 hand;
- ``{"discard": "9p", "shanten": 1, "tenpai": [...], "win": [...], "score": null}`` per
  row, the values of :func:`shanten.odds` (``discard`` is null for a 3n+1 hand);
- ``{"done": true}`` last, or ``{"error": {"type": ..., "message": ...}}`` instead when
  the library refuses a row (such as a hand whose odds would explore too many hands).

Any of the game's parameters (:data:`SCORE_CONTEXT_PARAMETERS`: those of ``/api/score``,
:data:`~shanten.web.score_api.GAME_PARAMETERS`, read the same way and with the same
defaults, and the riichi choice and ``haitei`` of :class:`shanten.ScoreContext`) asks
for the expected score: the first line's ``score`` echoes the game, and each row's
``score`` is :attr:`shanten.DiscardOdds.score`, the expected points within each number of
draws.

Bad input (the hand, the options, ``draws`` beyond the unseen tiles) is a 400 before any
row, as for ``/api/analyse``. Each request's rows are computed by one call of
:func:`shanten.odds` in a thread of its own (the discards share their work; the C engine
lets other threads run meanwhile), and each row is sent as soon as it is in; at most the
server's ``odds_workers`` computations run at once, and a request beyond that gets a 503
to try again. A client that goes away is noticed when the next row is sent; the
computation then stops at its next row, and the request ends once it has.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import queue
import re
import threading
from collections.abc import Generator
from dataclasses import dataclass
from functools import cached_property
from http import HTTPStatus
from typing import Any, Final, get_args

from shanten import options
from shanten.cli.score import rules_named
from shanten.discard_odds import DiscardOdds, HandOdds, odds, unseen_of
from shanten.efficiency import checked, discards
from shanten.errors import NotationError, ShantenError
from shanten.hand import position
from shanten.score_context import ScoreContext
from shanten.score_types import RiichiChoice
from shanten.tiles import Tile
from shanten.web.protocol import Response, Stream, error_body
from shanten.web.query import BadRequest, Query, parse_flag, parse_query
from shanten.web.score_api import GAME_PARAMETERS, Game, parse_game

__all__ = [
    "DEFAULT_DRAWS",
    "ODDS_PARAMETERS",
    "ODDS_WORKERS",
    "SCORE_CONTEXT_PARAMETERS",
    "Expected",
    "OddsQuery",
    "Plan",
    "odds_response",
    "parse_expected",
    "parse_odds",
    "plan",
]

logger = logging.getLogger("shanten.web")

#: The parameters of the expected score, named as the keywords of
#: :class:`shanten.ScoreContext`: the game of ``/api/score``, the riichi choice, haitei.
SCORE_CONTEXT_PARAMETERS: Final = (*GAME_PARAMETERS, "riichi", "haitei")
#: The endpoint's own parameters, beside those of ``/api/analyse``.
ODDS_PARAMETERS: Final = ("draws", "hand_changes", "shanten_back", *SCORE_CONTEXT_PARAMETERS)
#: Draws when none are asked for: a whole game's, from the first turn.
DEFAULT_DRAWS: Final = 17
#: How many odds computations one server runs at once (the machine's cores are few).
ODDS_WORKERS: Final = 2
#: The answer's type: JSON lines.
NDJSON: Final = "application/x-ndjson; charset=utf-8"


_RIICHI: Final[tuple[RiichiChoice, ...]] = get_args(RiichiChoice)


@dataclass(frozen=True)
class Expected:
    """The game around the hand for the expected score, as the query gives it: the
    ``game`` of ``/api/score``, the ``riichi`` choice and ``haitei``."""

    game: Game
    riichi: RiichiChoice = "best"
    haitei: bool = False

    @cached_property
    def context(self) -> ScoreContext:
        """The :class:`~shanten.ScoreContext` of the game. Raises the library's errors; bad
        notation as a :class:`BadRequest` of the same type that names the parameter (the
        library's message quotes the tiles only)."""
        for name in ("seat_wind", "round_wind", "dora"):
            try:
                ScoreContext(
                    **{"seat_wind": "1z", "round_wind": "1z", name: getattr(self.game, name)}
                )
            except NotationError as error:
                raise BadRequest(
                    HTTPStatus.BAD_REQUEST, "NotationError", f"{name}: {error}"
                ) from None
        game = self.game
        return ScoreContext(
            seat_wind=game.seat_wind,
            round_wind=game.round_wind,
            dora=game.dora,
            rules=rules_named(game.rules),
            riichi=self.riichi,
            haitei=self.haitei,
            north=game.north,
        )

    def data(self) -> dict[str, Any]:
        """The game as the answer's first line echoes it."""
        return {**dataclasses.asdict(self.game), "riichi": self.riichi, "haitei": self.haitei}


@dataclass(frozen=True)
class OddsQuery:
    """One request for the odds: the hand's parameters and the odds' own, with the game
    for the expected score if any was given."""

    query: Query
    draws: int = DEFAULT_DRAWS
    hand_changes: bool = False
    shanten_back: bool = False
    score: Expected | None = None


@dataclass(frozen=True)
class Plan:
    """The rows one request computes: the discards (None for a 3n+1 hand, which has one
    row)."""

    discards: tuple[Tile | None, ...]


def parse_odds(raw: str) -> OddsQuery:
    """Read the query strictly, as :func:`~shanten.web.query.parse_query` does, with
    ``draws`` (a whole number, 17 by default), the two switches and, when any of them is
    given (not blank), the game of the expected score (:func:`parse_expected`).

    >>> parse_odds("q=123m456p789s1122z&draws=5&shanten_back=1")
    OddsQuery(query=Query(hand='123m456p789s1122z', melds=(), players=4, count_melded_copies=False, visible=''), draws=5, hand_changes=False, shanten_back=True, score=None)
    >>> parse_odds("q=123m456p789s1122z&seat_wind=2z&riichi=never").score
    Expected(game=Game(dora='', seat_wind='2z', round_wind='1z', north=0, rules='tenhou'), riichi='never', haitei=False)
    """
    query = parse_query(raw, ODDS_PARAMETERS)
    given = dict(query.extra)
    draws = given.get("draws", "").strip() or str(DEFAULT_DRAWS)
    if re.fullmatch("[0-9]{1,3}", draws) is None:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST,
            "BadParameter",
            f"draws is a whole number of draws, such as 17, not {draws[:40]!r}",
        )
    return OddsQuery(
        query,
        int(draws),
        parse_flag("hand_changes", given.get("hand_changes", "")),
        parse_flag("shanten_back", given.get("shanten_back", "")),
        parse_expected(given),
    )


def parse_expected(given: dict[str, str]) -> Expected | None:
    """The game of the expected score, or None when none of its parameters is given (or
    all are blank): the game as ``/api/score`` reads it, ``riichi`` (``best`` by
    default, ``always`` or ``never``) and the switch ``haitei``. Raises
    :class:`BadRequest` for a value it cannot read; the library judges the rest
    (:func:`plan`)."""
    if not any(given.get(name, "").strip() for name in SCORE_CONTEXT_PARAMETERS):
        return None
    riichi = given.get("riichi", "").strip() or "best"
    choice = next((c for c in _RIICHI if c == riichi), None)
    if choice is None:
        raise BadRequest(
            HTTPStatus.BAD_REQUEST,
            "BadParameter",
            f"riichi is {', '.join(_RIICHI[:-1])} or {_RIICHI[-1]}, not {riichi[:40]!r}",
        )
    return Expected(parse_game(given), choice, parse_flag("haitei", given.get("haitei", "")))


def plan(request: OddsQuery) -> Plan:
    """Check the request with the library (raising its errors, as :func:`shanten.odds`
    would, the game of the expected score's included) and list its rows, without
    computing any."""
    q = request.query
    pos = position(q.hand, q.melds, q.players, q.count_melded_copies)  # 3n+1 or 3n+2
    if request.score is not None:  # the game for this hand: winds, north, red fives, seen
        request.score.context.checked(pos, q.hand)
        request.score.context.check_visible(q.visible)
    remainder = pos.size % 3
    pos, seen = checked(
        q.hand, q.melds, q.players, q.count_melded_copies, q.visible, "all", remainder
    )
    options.draws(request.draws, sum(unseen_of(pos, seen)))
    if remainder == 1:
        rows: tuple[Tile | None, ...] = (None,)
    else:
        table = discards(
            q.hand,
            melds=q.melds,
            players=q.players,
            count_melded_copies=q.count_melded_copies,
            visible=q.visible,
        )
        rows = tuple(row.discard for row in table)
    return Plan(rows)


def row(result: DiscardOdds | HandOdds) -> dict[str, Any]:
    """One row of the answer: a row of :func:`shanten.odds` (a :class:`HandOdds` for a
    3n+1 hand, whose ``discard`` is null)."""
    discard = result.discard if isinstance(result, DiscardOdds) else None
    return {
        "discard": None if discard is None else str(discard),
        "shanten": result.shanten,
        "tenpai": list(result.tenpai),
        "win": list(result.win),
        "score": None if result.score is None else list(result.score),
    }


def _line(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode() + b"\n"


class _Stopped(Exception):
    """The answer's reader went away: the computation stops at its next row."""


#: What the computing thread hands the answer: a row's line, then the last line.
_Item = tuple[bool, bytes]


def _compute(
    request: OddsQuery, plan: Plan, items: queue.SimpleQueue[_Item], stop: threading.Event
) -> None:
    """Compute the rows in one call of :func:`shanten.odds` (the discards share their
    work), putting each row's line on ``items`` as soon as it is in, then the last line
    (``done``, or the error that ended it); stop at the next row once ``stop`` is set."""

    def put(result: DiscardOdds | HandOdds) -> None:
        if stop.is_set():
            raise _Stopped
        items.put((False, _line(row(result))))

    q = request.query
    last: dict[str, Any]
    try:
        odds(
            q.hand,
            melds=q.melds,
            players=q.players,
            count_melded_copies=q.count_melded_copies,
            visible=q.visible,
            draws=request.draws,
            hand_changes=request.hand_changes,
            shanten_back=request.shanten_back,
            discards=None
            if plan.discards == (None,)
            else [d for d in plan.discards if d is not None],
            progress=put,
            score=None if request.score is None else request.score.context,
        )
    except _Stopped:
        last = {"stopped": True}  # read by no one
    except ShantenError as error:
        last = {"error": {"type": type(error).__name__, "message": str(error)}}
    except Exception:  # a bug: log it, end the answer without details
        logger.exception("error while computing the odds of %r", q.hand[:80])
        message = "internal error: the server log has the details"
        last = {"error": {"type": "InternalError", "message": message}}
    else:
        last = {"done": True}
    items.put((True, _line(last)))


def _lines(request: OddsQuery, plan: Plan) -> Generator[bytes, None, None]:
    """The answer's lines: the head, then each row as a thread computes it; closing
    the answer stops that thread at its next row and waits for it."""
    yield _line(
        {
            "total": len(plan.discards),
            "draws": request.draws,
            "hand_changes": request.hand_changes,
            "shanten_back": request.shanten_back,
            "score": None if request.score is None else request.score.data(),
        }
    )
    items: queue.SimpleQueue[_Item] = queue.SimpleQueue()
    stop = threading.Event()
    worker = threading.Thread(
        target=_compute, args=(request, plan, items, stop), name="odds", daemon=True
    )
    worker.start()
    try:
        while True:
            last, line = items.get()
            yield line
            if last:
                return
    finally:
        stop.set()
        worker.join()


def odds_response(raw: str, slots: threading.BoundedSemaphore, workers: int) -> Response:
    """The answer to ``/api/odds?raw``: a stream holding one of ``slots`` until it ends,
    or an error. Raises :class:`BadRequest` and the library's errors for bad input."""
    request = parse_odds(raw)
    rows = plan(request)
    if not slots.acquire(blocking=False):
        return Response(
            HTTPStatus.SERVICE_UNAVAILABLE,
            error_body(
                "Busy",
                f"the server is computing {workers} odds already, the most it does at "
                "once: try again in a moment",
            ),
            headers={"Retry-After": "2"},
        )
    return Response(
        HTTPStatus.OK,
        b"",
        NDJSON,
        stream=Stream(_lines(request, rows), slots.release),
    )

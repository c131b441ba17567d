"""The discard odds (何切る) for the page, streamed one discard at a time.

``GET /api/odds?q=HAND[&melds=...][&players=3][&count_melded_copies=1][&visible=...]
[&draws=17][&hand_changes=1][&shanten_back=1]`` answers ``application/x-ndjson``: one JSON
object a line, sent as soon as it is known, on a connection closed after the last:

- ``{"total": n, "draws": 17, "hand_changes": false, "shanten_back": false}`` first:
  ``n`` rows follow, one per distinct discard (打牌) of a 3n+2 hand, in the order of
  :func:`shanten.discards`, or one row for a 3n+1 hand;
- ``{"discard": "9p", "shanten": 1, "tenpai": [...], "win": [...]}`` per row, the values
  of :func:`shanten.odds` (``discard`` is null for a 3n+1 hand);
- ``{"done": true}`` last, or ``{"error": {"type": ..., "message": ...}}`` instead when
  the library refuses a row (such as a hand whose odds would explore too many hands).

Bad input (the hand, the options, ``draws`` beyond the unseen tiles) is a 400 before any
row, as for ``/api/analyse``. Each request's rows are computed by one call of
:func:`shanten.odds` in a thread of its own (the discards share their work; the C engine
lets other threads run meanwhile), and each row is sent as soon as it is in; at most the
server's ``odds_workers`` computations run at once, and a request beyond that gets a 503
to try again. A client that goes away is noticed when the next row is sent; the
computation then stops at its next row, and the request ends once it has.
"""

from __future__ import annotations

import json
import logging
import queue
import re
import threading
from collections.abc import Generator
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Final

from shanten import options
from shanten.discard_odds import DiscardOdds, HandOdds, odds, unseen_of
from shanten.efficiency import checked, discards
from shanten.errors import ShantenError
from shanten.hand import position
from shanten.tiles import Tile
from shanten.web.protocol import Response, Stream, error_body
from shanten.web.query import BadRequest, Query, parse_flag, parse_query

__all__ = [
    "DEFAULT_DRAWS",
    "ODDS_PARAMETERS",
    "ODDS_WORKERS",
    "OddsQuery",
    "Plan",
    "odds_response",
    "parse_odds",
    "plan",
]

logger = logging.getLogger("shanten.web")

#: The endpoint's own parameters, beside those of ``/api/analyse``.
ODDS_PARAMETERS: Final = ("draws", "hand_changes", "shanten_back")
#: Draws when none are asked for: a whole game's, from the first turn.
DEFAULT_DRAWS: Final = 17
#: How many odds computations one server runs at once (the machine's cores are few).
ODDS_WORKERS: Final = 2
#: The answer's type: JSON lines.
NDJSON: Final = "application/x-ndjson; charset=utf-8"


@dataclass(frozen=True)
class OddsQuery:
    """One request for the odds: the hand's parameters and the odds' own."""

    query: Query
    draws: int = DEFAULT_DRAWS
    hand_changes: bool = False
    shanten_back: bool = False


@dataclass(frozen=True)
class Plan:
    """The rows one request computes: the discards (None for a 3n+1 hand, which has one
    row)."""

    discards: tuple[Tile | None, ...]


def parse_odds(raw: str) -> OddsQuery:
    """Read the query strictly, as :func:`~shanten.web.query.parse_query` does, with
    ``draws`` (a whole number, 17 by default) and the two switches.

    >>> parse_odds("q=123m456p789s1122z&draws=5&shanten_back=1")
    OddsQuery(query=Query(hand='123m456p789s1122z', melds=(), players=4, count_melded_copies=False, visible=''), draws=5, hand_changes=False, shanten_back=True)
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
    )


def plan(request: OddsQuery) -> Plan:
    """Check the request with the library (raising its errors, as :func:`shanten.odds`
    would) and list its rows, without computing any."""
    q = request.query
    pos = position(q.hand, q.melds, q.players, q.count_melded_copies)  # 3n+1 or 3n+2
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

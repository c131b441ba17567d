"""A game's review for the page: ``POST /api/review`` with the record as the body.

The body is the record's bytes as a file holds them: Tenhou's XML (``.mjlog``), Tenhou's
JSON, mjai JSON lines, or any of them gzip-compressed; the request must say its
``Content-Length``, and a body over :data:`~shanten.web.protocol.MAX_BODY` bytes (5 MB)
is refused with a 413 before it is read. The answer is
:meth:`shanten.GameReview.to_dict` as JSON; a record the library cannot read is a 400
with its message, as for ``/api/analyse``.
"""

from __future__ import annotations

import json
from http import HTTPStatus

from shanten.games.review import review
from shanten.web.protocol import Response

__all__ = ["review_response"]


def review_response(body: bytes) -> Response:
    """The answer to one POST of a record: the review as JSON. Raises the library's errors
    (:class:`~shanten.GameRecordError`) for a record it cannot read."""
    if not body.strip():
        return Response.error(
            HTTPStatus.BAD_REQUEST,
            "EmptyRecord",
            "no record: paste a game record or choose its file",
        )
    game = review(bytes(body))  # bytes are always the record itself, never a path
    return Response(HTTPStatus.OK, json.dumps(game.to_dict(), ensure_ascii=False).encode())

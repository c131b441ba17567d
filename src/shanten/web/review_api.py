"""A game's review for the page: ``POST /api/review`` with the record as the body.

The body is the record's bytes as a file holds them: Tenhou's XML (``.mjlog``), Tenhou's
JSON, mjai JSON lines, or any of them gzip-compressed; the request must say its
``Content-Length``, and a body over :data:`~shanten.web.protocol.MAX_BODY` bytes (5 MB)
is refused with a 413 before it is read. A gzip body is unpacked here, at most
:data:`MAX_UNPACKED` bytes of it (else a 413), so that a small upload cannot grow into
gigabytes. The answer is :meth:`shanten.GameReview.to_dict` as JSON; a record the
library cannot read is a 400 with its message, as for ``/api/analyse``.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from http import HTTPStatus
from typing import Final

from shanten.games.review import review
from shanten.web.messages import ErrorAnswer, Response

__all__ = ["MAX_UNPACKED", "review_response"]

#: The largest record once a gzip body is unpacked, in bytes (50 MiB).
MAX_UNPACKED: Final = 50 * 1024 * 1024
_GZIP: Final = b"\x1f\x8b"
_LAYERS: Final = 4  # gzip inside gzip, at most this deep


def _unpacked(body: bytes) -> bytes:
    """``body`` with its gzip layers undone, each at most :data:`MAX_UNPACKED` bytes; a
    broken layer is left for the library to name."""
    for _ in range(_LAYERS):
        if body[:2] != _GZIP:
            return body
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(body)) as packed:
                data = packed.read(MAX_UNPACKED + 1)
        except (OSError, EOFError, zlib.error):
            return body  # the library says what is wrong with it
        if len(data) > MAX_UNPACKED:
            raise ErrorAnswer(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                "RecordTooLarge",
                f"the record is over {MAX_UNPACKED:,} bytes "
                f"({MAX_UNPACKED / 1048576:g} MB) once unpacked",
            )
        body = data
    if body[:2] == _GZIP:
        raise ErrorAnswer(
            HTTPStatus.BAD_REQUEST,
            "GameRecordError",
            f"the record is gzip-compressed more than {_LAYERS} times over",
        )
    return body


def review_response(body: bytes) -> Response:
    """The answer to one POST of a record: the review as JSON. Raises the library's errors
    (:class:`~shanten.GameRecordError`) for a record it cannot read."""
    try:
        record = _unpacked(body)
    except ErrorAnswer as error:
        return Response.error(error.status, error.kind, error.message)
    if not record.strip():
        return Response.error(
            HTTPStatus.BAD_REQUEST,
            "EmptyRecord",
            "no record: paste a game record or choose its file",
        )
    game = review(bytes(record))  # bytes are always the record itself, never a path
    return Response(HTTPStatus.OK, json.dumps(game.to_dict(), ensure_ascii=False).encode())

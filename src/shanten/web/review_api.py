"""A game's review for the page: ``POST /api/review`` with the record as the body.

The body is the record's bytes as a file holds them: Tenhou's XML (``.mjlog``), Tenhou's
JSON, mjai JSON lines, or any of them gzip-compressed; the request must say its
``Content-Length``, and a body over :data:`~shanten.web.protocol.MAX_BODY` bytes (5 MB)
is refused with a 413 before it is read. The answer is
:meth:`shanten.GameReview.to_dict` as JSON with ``"worst"`` added, the worst decisions
as indices into ``"discards"`` (:func:`shanten.web.review_data.worst`); a record the
library cannot read is a 400 with its message, as for ``/api/analyse``.

One review is bounded in its work and its answer, so that a small upload (a real round
repeated thousands of times compresses to a few KB) cannot cost the server gigabytes:

- the record is at most :data:`~shanten.games.source.MAX_RECORD` bytes (8 MiB) as sent
  and once unpacked, as for the library and the command line;
- it is reviewed up to :data:`MAX_ROUNDS` rounds and :data:`MAX_DECISIONS` discards, and
  refused at the first past them;
- its answer is at most :data:`MAX_ANSWER` bytes, checked as it is written (long player
  names repeat in every discard);
- at most the server's ``review_workers`` reviews run at once; one more is a 503.

Past a bound the answer is a 413 ``RecordTooLarge`` whose message names the bound.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import functools
import json
import threading
from http import HTTPStatus
from typing import Final

from shanten.errors import RecordTooLarge
from shanten.games.records import GameReview
from shanten.games.review import review
from shanten.web.messages import Response, error_body
from shanten.web.review_data import worst

__all__ = [
    "MAX_ANSWER",
    "MAX_DECISIONS",
    "MAX_ROUNDS",
    "REVIEW_WORKERS",
    "answer_of",
    "give_back",
    "return_memory_after_reviews",
    "review_response",
]

#: The most rounds of one record reviewed: the forty real records of the test data play
#: 2 to 15 rounds, so 100 leaves a wide margin.
MAX_ROUNDS: Final = 100
#: The most discards of one record reviewed: a real hanchan has 359 to 811 of them, and
#: MAX_ROUNDS rounds of the longest real ones (up to 70 discards each) fit.
MAX_DECISIONS: Final = 8000
#: The largest answer, in bytes (8 MiB): a real hanchan's is 220-500 KB, about 620 bytes
#: per discard, so MAX_DECISIONS of them take about 5 MB.
MAX_ANSWER: Final = 8 * 1024 * 1024
#: How many reviews one server runs at once.
REVIEW_WORKERS: Final = 2


#: glibc's mallopt parameter for the size from which allocations are mapped apart.
_M_MMAP_THRESHOLD: Final = -3
#: That size, here: 256 KiB, fixed.
_MAPPED_FROM: Final = 256 * 1024


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """The C library, when it is glibc (it has ``malloc_trim``); else None."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "")
        libc.malloc_trim  # noqa: B018 - glibc's own, absent elsewhere
        libc.mallopt  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def return_memory_after_reviews() -> None:
    """Have every allocation from 256 KiB up mapped apart, so that it goes back to the
    system when freed. glibc raises that size as large blocks are freed, after which a
    review's megabytes stay with the process for good; once per server."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, _MAPPED_FROM)


def give_back() -> None:
    """Hand the memory a review freed back to the system (glibc keeps freed memory in
    each thread's arena for reuse)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def _dumps(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()


def answer_of(game: GameReview, limit: int = MAX_ANSWER) -> bytes:
    """``game.to_dict()`` with ``"worst"`` (:func:`~shanten.web.review_data.worst`) as
    JSON, written a discard at a time and refused (:class:`~shanten.errors.RecordTooLarge`)
    as soon as it would pass ``limit`` bytes."""
    data = dataclasses.replace(game, discards=()).to_dict()
    del data["discards"]
    data["worst"] = worst(game)
    head = _dumps(data)
    parts = [head[:-1], b', "discards": [']  # the object without its closing brace
    size = len(head) + len(b', "discards": []')
    for number, decision in enumerate(game.discards):
        part = _dumps(decision.to_dict())
        size += len(part) + 2
        if size > limit:
            raise RecordTooLarge(
                f"the review's answer would be over {limit:,} bytes "
                f"({limit / 1048576:g} MB), past discard {number + 1:,}"
            )
        parts.append(b", " + part if number else part)
    parts.append(b"]}")
    return b"".join(parts)


def review_response(
    body: bytes,
    slots: threading.BoundedSemaphore | None = None,
    workers: int = REVIEW_WORKERS,
) -> Response:
    """The answer to one POST of a record: the review as JSON, computed in one of
    ``slots`` (a 503 when none is free). Raises the library's errors
    (:class:`~shanten.GameRecordError`) for a record it cannot read; its
    :class:`~shanten.errors.RecordTooLarge` is the 413 here."""
    if not body.strip():
        return Response.error(
            HTTPStatus.BAD_REQUEST,
            "EmptyRecord",
            "no record: paste a game record or choose its file",
        )
    if slots is not None and not slots.acquire(blocking=False):
        return Response(
            HTTPStatus.SERVICE_UNAVAILABLE,
            error_body(
                "Busy",
                f"the server is reviewing {workers} records already, the most it does at "
                "once: try again in a moment",
            ),
            headers={"Retry-After": "2"},
        )
    try:
        # bytes are always the record itself, never a path
        game = review(bytes(body), max_rounds=MAX_ROUNDS, max_decisions=MAX_DECISIONS)
        answer = answer_of(game)
    except RecordTooLarge as error:
        return Response.error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "RecordTooLarge", str(error))
    finally:
        give_back()
        if slots is not None:
            slots.release()
    return Response(HTTPStatus.OK, answer)

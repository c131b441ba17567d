"""What the local page's server reads and sends: the :class:`Request` as read, the
:class:`Response` (or :class:`Stream`) to send, JSON errors, and :func:`escape` for
anything from a request that reaches the log.

>>> error_body("NotFound", "no page here")
b'{"error": {"type": "NotFound", "message": "no page here"}}'
"""

from __future__ import annotations

import http.client
import json
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Final

__all__ = [
    "ErrorAnswer",
    "EscapingFormatter",
    "ProtocolError",
    "Request",
    "Response",
    "Stream",
    "error_body",
    "escape",
]

_JSON: Final = "application/json; charset=utf-8"


def escape(text: str, *, keep: str = "") -> str:
    """``text`` with every control or invisible character, and the backslash, written as
    a Python escape (``\\x1b``, ``\\u202e``, ``\\\\``), so that it prints as itself on a
    terminal. Characters in ``keep`` (such as a traceback's newlines) stay as they are."""
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(
        char
        if (char.isprintable() and char != "\\") or char in keep
        else "\\\\"
        if char == "\\"
        else ascii(char)[1:-1]
        for char in text
    )


class EscapingFormatter(logging.Formatter):
    """Log lines with control characters escaped (:func:`escape`), a traceback's
    newlines kept: for a handler that writes to a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        return escape(super().format(record), keep="\n")


def error_body(kind: str, message: str) -> bytes:
    """``{"error": {"type": kind, "message": message}}`` as UTF-8 JSON."""
    return json.dumps({"error": {"type": kind, "message": message}}, ensure_ascii=False).encode()


class ErrorAnswer(Exception):
    """A request answered with ``status`` and a JSON error of type ``kind`` saying
    ``message``, never with a stack trace."""

    def __init__(self, status: HTTPStatus, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


class ProtocolError(ErrorAnswer):
    """A request that is not HTTP/1.1 as this server reads it: answered, then the
    connection is closed."""


@dataclass(frozen=True)
class Request:
    """A request as read: ``path`` and ``query`` are split from the target, not decoded."""

    method: str
    target: str
    path: str
    query: str
    headers: http.client.HTTPMessage
    keep_alive: bool
    body: bytes = b""


@dataclass
class Stream:
    """A body sent piece by piece as ``chunks`` yields them (each ``next`` may compute),
    without a length, on a connection closed after it. Between two pieces the connection
    checks that the client is still there, and stops asking for more when it is not;
    ``on_close`` runs once, when the stream ends, is cut short or is never read."""

    chunks: Iterator[bytes]
    on_close: Callable[[], None] = lambda: None
    closed: bool = field(default=False, init=False)

    def close(self) -> None:
        """Stop the chunks (a generator's ``finally`` runs) and run ``on_close``; only the
        first call does anything."""
        if self.closed:
            return
        self.closed = True
        try:
            stop = getattr(self.chunks, "close", None)
            if stop is not None:
                stop()
        finally:
            self.on_close()


@dataclass(frozen=True)
class Response:
    """What to send: a status, a body and its type, the cache rule and any other headers;
    ``close`` ends the connection after it."""

    status: HTTPStatus
    body: bytes
    content_type: str = _JSON
    cache: str = "no-store"
    headers: dict[str, str] = field(default_factory=dict)
    close: bool = False
    stream: Stream | None = None

    @classmethod
    def error(cls, status: HTTPStatus, kind: str, message: str, *, close: bool = False) -> Response:
        """A JSON error: ``{"error": {"type": kind, "message": message}}``."""
        return cls(status, error_body(kind, message), close=close)

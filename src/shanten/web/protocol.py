"""HTTP/1.1 for the local page: one connection, read strictly, answered in one write.

:class:`Connection` reads each request on a connection (the request line, the headers and,
for a POST, its body), hands it to :meth:`Connection.answer` and sends the
:class:`Response` in a single write on a socket with ``TCP_NODELAY``, so a kept-alive
connection never waits on the Nagle / delayed-ACK stall; a :class:`Stream` response is
sent piece by piece instead, and the connection closed after it. It keeps these limits:

- a request must arrive whole within :data:`REQUEST_TIMEOUT` seconds of its first byte,
  however slowly it trickles in (else 408); an idle kept-alive connection is closed after
  :data:`IDLE_TIMEOUT` seconds;
- the request line and each header line are at most :data:`MAX_LINE` bytes (else 414 or
  431), at most :data:`MAX_HEADERS` headers, the address at most :data:`MAX_TARGET`
  characters (414);
- a POST's body must be announced by ``Content-Length`` (else 411) and be at most the
  server's ``max_body`` bytes, :data:`MAX_BODY` by default (else 413); it is read within
  the same :data:`REQUEST_TIMEOUT`;
- anything that is not ``METHOD /address HTTP/1.x`` gets a status line and a JSON error,
  never silence and never a bare body.

Everything it logs from a request goes through :func:`escape` first, so control
characters cannot reach the operator's terminal.

>>> escape("GET /\\x1b]0;owned\\x07 HTTP/1.1")
'GET /\\\\x1b]0;owned\\\\x07 HTTP/1.1'
"""

from __future__ import annotations

import email.utils
import http.client
import io
import logging
import re
import select
import socket
import socketserver
import time
from http import HTTPStatus
from typing import TYPE_CHECKING, Final
from urllib.parse import urlsplit

from shanten.web.messages import (
    ErrorAnswer,
    EscapingFormatter,
    ProtocolError,
    Request,
    Response,
    Stream,
    error_body,
    escape,
)

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = [
    "IDLE_TIMEOUT",
    "MAX_BODY",
    "MAX_HEADERS",
    "MAX_LINE",
    "MAX_TARGET",
    "REQUEST_TIMEOUT",
    "Connection",
    "ErrorAnswer",
    "EscapingFormatter",
    "ProtocolError",
    "Request",
    "Response",
    "Stream",
    "error_body",
    "escape",
    "is_known_method",
]

logger = logging.getLogger("shanten.web")

#: Seconds from a request's first byte to the end of its headers.
REQUEST_TIMEOUT: Final = 10.0
#: Seconds a kept-alive connection may wait for its next request.
IDLE_TIMEOUT: Final = 30.0
#: The longest request line or header line, in bytes.
MAX_LINE: Final = 8192
#: The most header lines one request may have.
MAX_HEADERS: Final = 100
#: The largest body of a POST, in bytes (5 MiB): a game record is a few hundred KB at most.
MAX_BODY: Final = 5 * 1024 * 1024
#: The longest request target (path and query), in characters.
MAX_TARGET: Final = 2048
#: How long, and how many bytes, a connection closed on an error is drained, so that the
#: client reads the answer before the close instead of a reset.
_LINGER_SECONDS: Final = 1.0
_LINGER_BYTES: Final = 1 << 20

_LENGTH: Final = re.compile(r"[0-9]{1,15}")
_REQUEST_LINE: Final = re.compile(
    r"([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([^\x00-\x20\x7f]+) HTTP/(\d)\.(\d)"
)
_KNOWN_METHODS: Final = frozenset(
    {"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"}
)


class _Clock(io.RawIOBase):
    """The socket as a raw stream whose reads share one deadline per request: the idle
    limit until the request's first byte, then what is left of :data:`REQUEST_TIMEOUT`."""

    def __init__(self, sock: socket.socket, idle: float, whole: float) -> None:
        super().__init__()
        self.sock, self.idle, self.whole = sock, idle, whole
        self.started: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        if self.started is None:
            timeout = self.idle
        else:
            timeout = self.started + self.whole - time.monotonic()
            if timeout <= 0:
                raise TimeoutError("the request took too long")
        self.sock.settimeout(timeout)
        try:
            count = self.sock.recv_into(buffer)
        finally:
            self.sock.settimeout(self.idle)  # writes are bounded by the idle limit
        if count and self.started is None:
            self.started = time.monotonic()
        return count


class Connection(socketserver.StreamRequestHandler):
    """One client connection: its requests, one after another, until it closes, breaks
    a rule or stays idle too long. Subclasses implement :meth:`answer`."""

    server_version = "shanten-web"
    disable_nagle_algorithm = True

    def answer(self, request: Request) -> Response:
        """The response to one well-formed request."""
        raise NotImplementedError

    def setup(self) -> None:
        super().setup()
        idle = float(getattr(self.server, "idle_timeout", IDLE_TIMEOUT))
        whole = float(getattr(self.server, "request_timeout", REQUEST_TIMEOUT))
        self.connection.settimeout(idle)
        self.clock = _Clock(self.connection, idle, whole)
        self.rfile = io.BufferedReader(self.clock, MAX_LINE)
        self.request_line = ""

    def handle(self) -> None:
        try:
            while self._one():
                pass
        except OSError:  # the client went away mid-answer
            pass

    def _one(self) -> bool:
        """Read and answer one request; True to wait for another on this connection."""
        self.clock.started = None
        self.request_line = ""
        try:
            request = self._read()
        except TimeoutError:
            if self.clock.started is not None:
                self._send(
                    "GET",
                    Response.error(
                        HTTPStatus.REQUEST_TIMEOUT,
                        "RequestTimeout",
                        f"the request did not arrive whole within {self.clock.whole:g} seconds",
                        close=True,
                    ),
                )
                self._linger()
            return False
        except ProtocolError as error:
            self._send("GET", Response.error(error.status, error.kind, error.message, close=True))
            self._linger()
            return False
        except ConnectionError:
            return False
        if request is None:
            return False
        response = self.answer(request)
        self._send(request.method, response, keep_alive=request.keep_alive)
        if response.close or not request.keep_alive or response.stream is not None:
            self._linger()
            return False
        return True

    def _read(self) -> Request | None:
        line = self.rfile.readline(MAX_LINE + 1)
        if not line:
            return None  # closed between requests
        self.request_line = line.decode("latin-1").rstrip("\r\n")
        if len(line) > MAX_LINE:
            self.request_line = self.request_line[:80] + "..."
            raise ProtocolError(
                HTTPStatus.REQUEST_URI_TOO_LONG,
                "InputTooLong",
                f"the request line is over {MAX_LINE} bytes long",
            )
        if not line.endswith(b"\n"):
            raise ProtocolError(HTTPStatus.BAD_REQUEST, "BadRequest", "the request ended early")
        matched = _REQUEST_LINE.fullmatch(self.request_line)
        if matched is None:
            raise ProtocolError(
                HTTPStatus.BAD_REQUEST,
                "BadRequest",
                f"a request line is METHOD /address HTTP/1.1, not {self.request_line[:80]!r}",
            )
        method, target, major, minor = matched.groups()
        if major != "1":
            raise ProtocolError(
                HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,
                "VersionNotSupported",
                f"HTTP/{major}.{minor} is not spoken here: use HTTP/1.1",
            )
        headers = self._headers()
        if len(target) > MAX_TARGET:
            raise ProtocolError(
                HTTPStatus.REQUEST_URI_TOO_LONG,
                "InputTooLong",
                f"the address is over {MAX_TARGET} characters long",
            )
        try:
            url = urlsplit(target)
        except ValueError:
            raise ProtocolError(
                HTTPStatus.BAD_REQUEST, "BadRequest", f"the address {target[:80]!r} cannot be read"
            ) from None
        connection = headers.get("Connection", "").lower()
        keep_alive = connection != "close" if minor != "0" else connection == "keep-alive"
        body = b""
        if method == "POST":
            body = self._body(headers)
        elif headers.get("Content-Length", "0").strip() != "0" or "Transfer-Encoding" in headers:
            keep_alive = False  # that body is not read: what follows it is no request
        return Request(method, target, url.path, url.query, headers, keep_alive, body)

    def _body(self, headers: http.client.HTTPMessage) -> bytes:
        """A POST's body: exactly ``Content-Length`` bytes, at most the server's limit."""
        if "Transfer-Encoding" in headers:
            raise ProtocolError(
                HTTPStatus.LENGTH_REQUIRED,
                "LengthRequired",
                "send the body whole with a Content-Length header, not in chunks",
            )
        given = headers.get_all("Content-Length") or []
        if not given:
            raise ProtocolError(
                HTTPStatus.LENGTH_REQUIRED,
                "LengthRequired",
                "a POST needs a Content-Length header",
            )
        if len(given) > 1 or _LENGTH.fullmatch(given[0].strip()) is None:
            raise ProtocolError(
                HTTPStatus.BAD_REQUEST,
                "BadRequest",
                f"Content-Length is one number of bytes, not {escape(', '.join(given))[:40]!r}",
            )
        length = int(given[0])
        limit = int(getattr(self.server, "max_body", MAX_BODY))
        if length > limit:
            raise ProtocolError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                "BodyTooLarge",
                f"the body is {length:,} bytes long: at most {limit:,} bytes "
                f"({limit / 1048576:g} MB) are read",
            )
        data = self.rfile.read(length)
        if len(data) < length:
            raise ProtocolError(HTTPStatus.BAD_REQUEST, "BadRequest", "the request ended early")
        return data

    def _headers(self) -> http.client.HTTPMessage:
        lines: list[bytes] = []
        while True:
            line = self.rfile.readline(MAX_LINE + 1)
            if len(line) > MAX_LINE:
                raise ProtocolError(
                    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "HeadersTooLarge",
                    f"a header line is over {MAX_LINE} bytes long",
                )
            if not line.endswith(b"\n"):
                raise ProtocolError(HTTPStatus.BAD_REQUEST, "BadRequest", "the request ended early")
            if line in (b"\r\n", b"\n"):
                break
            if len(lines) == MAX_HEADERS:
                raise ProtocolError(
                    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "HeadersTooLarge",
                    f"a request has at most {MAX_HEADERS} headers",
                )
            lines.append(line)
        lines.append(b"\r\n")
        return http.client.parse_headers(io.BytesIO(b"".join(lines)))

    def _send(self, method: str, response: Response, *, keep_alive: bool = False) -> None:
        status = response.status
        stream = response.stream
        head = [
            f"HTTP/1.1 {status.value} {status.phrase}",
            f"Server: {self.server_version}",
            f"Date: {email.utils.formatdate(usegmt=True)}",
            f"Content-Type: {response.content_type}",
            *([f"Content-Length: {len(response.body)}"] if stream is None else []),
            f"Cache-Control: {response.cache}",
            "X-Content-Type-Options: nosniff",
            "Referrer-Policy: no-referrer",
            "X-Frame-Options: DENY",
            *(f"{name}: {value}" for name, value in response.headers.items()),
        ]
        if response.close or not keep_alive or stream is not None:
            head.append("Connection: close")
        data = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")
        if stream is None:
            self.wfile.write(data if method == "HEAD" else data + response.body)
            sent = len(response.body)
        else:
            try:
                if method == "HEAD":  # nothing of it is sent: done with it before answering
                    stream.close()
                self.wfile.write(data)
                sent = 0 if method == "HEAD" else self._stream(stream)
            finally:
                stream.close()
        logger.info(
            '%s "%s" %d %d',
            self.client_address[0],
            escape(self.request_line),
            status.value,
            sent,
        )

    def _stream(self, stream: Stream) -> int:
        """Send the stream's pieces until it ends or the client goes away; the bytes sent."""
        sent = 0
        try:
            for chunk in stream.chunks:
                self.wfile.write(chunk)
                sent += len(chunk)
                if self._client_gone():
                    break
        except OSError:  # the client went away during a write
            pass
        return sent

    def _client_gone(self) -> bool:
        """Whether the client has closed its side (an aborted fetch does), without waiting."""
        try:
            ready, _, _ = select.select([self.connection], [], [], 0)
            return bool(ready) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except ValueError:  # a descriptor select() cannot watch: keep going
            return False
        except OSError:
            return True

    def _linger(self) -> None:
        """Close our side, then read what the client still sends, for a bounded time, so
        that the close does not reset the connection before the client reads the answer."""
        try:
            self.connection.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + _LINGER_SECONDS
            drained = 0
            while drained < _LINGER_BYTES and (left := deadline - time.monotonic()) > 0:
                self.connection.settimeout(left)
                chunk = self.connection.recv(65536)
                if not chunk:
                    break
                drained += len(chunk)
        except OSError:
            pass


def is_known_method(method: str) -> bool:
    """Whether ``method`` is one of HTTP's own (GET, POST, ...), allowed here or not."""
    return method in _KNOWN_METHODS

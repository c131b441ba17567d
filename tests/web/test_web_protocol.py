"""The local page's HTTP/1.1: whatever a client sends, it gets a status line and a JSON
error it can read, in bounded time; the log shows requests as text, never as terminal
control codes; and a kept-alive connection answers at once."""

from __future__ import annotations

import http.client
import json
import logging
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shanten.web import routes
from shanten.web import server as web
from shanten.web.protocol import MAX_HEADERS, MAX_LINE, Connection, EscapingFormatter, escape
from support.web_harness import parse, raw, serving

DOCS = Path(__file__).parents[2] / "docs" / "web.md"


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with serving() as where:
        yield where


def documented_error_types() -> set[str]:
    """The error types in docs/web.md's table: the backquoted words of its second column."""
    section = DOCS.read_text().split("### Errors", 1)[1].split("\n### ", 1)[0]
    rows = [line.split("|") for line in section.splitlines() if re.match(r"\| \d{3} ", line)]
    return {kind for row in rows for kind in re.findall(r"`(\w+)`", row[2])}


def error_of(answer: bytes) -> tuple[int, str, str]:
    status, headers, body = parse(answer)
    assert headers["content-type"] == "application/json; charset=utf-8"
    assert headers["x-content-type-options"] == "nosniff"
    assert int(headers["content-length"]) == len(body)
    error = json.loads(body)["error"]
    assert b"Traceback" not in answer
    return status, error["type"], error["message"]


# --- requests that are not HTTP/1.1 ------------------------------------------------------

LONG_HEADER = b"X-Long: " + b"a" * MAX_LINE + b"\r\n"
MANY_HEADERS = b"".join(b"X-%d: 1\r\n" % i for i in range(MAX_HEADERS + 1))

MALFORMED: list[tuple[bytes, int, str]] = [
    (b"GET http://[x/ HTTP/1.1\r\n\r\n", 400, "BadRequest"),
    (b"GET http://[::1/api/analyse?q=1m HTTP/1.1\r\n\r\n", 400, "BadRequest"),
    (b"GET /\x1b]0;owned\x07 HTTP/1.1\r\n\r\n", 400, "BadRequest"),
    (b"GET / HTTP/2.0\r\n\r\n", 505, "VersionNotSupported"),
    (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "VersionNotSupported"),
    (b"GET / HTTP/9.9\r\n\r\n", 505, "VersionNotSupported"),
    (b"GARBAGE\r\n\r\n", 400, "BadRequest"),
    (b"GET /\r\n\r\n", 400, "BadRequest"),  # HTTP/0.9 is not spoken either
    (b"GET / HTTP/1.1 extra\r\n\r\n", 400, "BadRequest"),
    (b"GET  / HTTP/1.1\r\n\r\n", 400, "BadRequest"),
    (b"\r\n\r\n", 400, "BadRequest"),
    (b"\r\n", 400, "BadRequest"),
    (b"GET /" + b"a" * 65536 + b" HTTP/1.1\r\n\r\n", 414, "InputTooLong"),
    (b"GET /?q=" + b"1" * 3000 + b" HTTP/1.1\r\n\r\n", 414, "InputTooLong"),
    (b"GET / HTTP/1.1\r\n" + LONG_HEADER + b"\r\n", 431, "HeadersTooLarge"),
    (b"GET / HTTP/1.1\r\n" + MANY_HEADERS + b"\r\n", 431, "HeadersTooLarge"),
    (b"BREW /pot HTTP/1.1\r\n\r\n", 501, "UnknownMethod"),
]


@pytest.mark.parametrize(("data", "status", "kind"), MALFORMED)
def test_malformed_requests_get_a_status_line_and_json(
    address: tuple[str, int],
    caplog: pytest.LogCaptureFixture,
    data: bytes,
    status: int,
    kind: str,
) -> None:
    with caplog.at_level(logging.INFO, logger="shanten.web"):
        answer = raw(address, data)
    assert error_of(answer)[:2] == (status, kind)
    assert parse(answer)[1]["connection"] == "close"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no 500, no stack


@pytest.mark.parametrize("data", [b"GET / HTTP/1.1\r\n", b"GET / HT"])
def test_a_request_cut_short_is_a_400(address: tuple[str, int], data: bytes) -> None:
    answer = raw(address, data, half_close=True)  # the client sends no more, still reads
    assert error_of(answer) == (400, "BadRequest", "the request ended early")


def test_every_error_type_is_documented(address: tuple[str, int]) -> None:
    documented = documented_error_types()
    for _, _, kind in MALFORMED:
        assert kind in documented
    assert {"RequestTimeout", "MethodNotAllowed", "NotFound", "InternalError"} <= documented


def test_a_request_with_a_body_is_answered_then_closed(address: tuple[str, int]) -> None:
    data = b"GET /favicon.svg HTTP/1.1\r\nContent-Length: 30\r\n\r\nGET /nope HTTP/1.1\r\n\r\n...."
    answer = raw(address, data)
    status, headers, body = parse(answer)
    assert status == 200 and headers["connection"] == "close"
    assert body.startswith(b"<svg") and b"HTTP/1.1" not in body  # the body was no request


def test_pipelined_requests_are_answered_in_order(address: tuple[str, int]) -> None:
    one = b"GET /api/analyse?q=1m HTTP/1.1\r\n\r\n"
    last = b"GET /nope HTTP/1.1\r\nConnection: close\r\n\r\n"
    answer = raw(address, one + one + last)
    assert answer.count(b"HTTP/1.1 200 OK\r\n") == 2
    assert answer.rindex(b"HTTP/1.1 404 Not Found\r\n") > answer.rindex(b"200 OK")


def test_http_1_0_is_answered_and_closed(address: tuple[str, int]) -> None:
    status, headers, _ = parse(raw(address, b"GET /static/style.css HTTP/1.0\r\n\r\n"))
    assert (status, headers["connection"]) == (200, "close")


# --- slow and idle clients ---------------------------------------------------------------


def trickle(address: tuple[str, int], data: bytes, every: float, limit: float) -> bytes:
    """Send ``data`` a byte every ``every`` seconds, reading meanwhile; what the server
    sends back before it closes, or before ``limit`` seconds."""
    answer = b""
    started = time.monotonic()
    with socket.create_connection(address, timeout=every) as sock:
        for byte in data:
            if time.monotonic() - started > limit:
                break
            try:
                sock.sendall(bytes([byte]))
            except OSError:  # closed by the server
                break
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            answer += chunk
            if not chunk:
                break
        sock.settimeout(max(0.1, limit - (time.monotonic() - started)))
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:
            pass
    return answer


def test_a_request_trickling_in_is_cut_at_the_deadline() -> None:
    data = b"GET /api/analyse?q=" + b"1" * 200 + b"m HTTP/1.1\r\n\r\n"
    with serving(request_timeout=1.0, idle_timeout=30.0) as where:
        started = time.monotonic()
        answer = trickle(where, data, every=0.2, limit=8.0)
        took = time.monotonic() - started
    assert answer, f"no answer after {took:.1f} s"
    status, kind, message = error_of(answer)
    assert (status, kind) == (408, "RequestTimeout")
    assert "within 1 seconds" in message


def test_an_idle_kept_alive_connection_is_closed_quietly() -> None:
    with serving(idle_timeout=0.5) as where, socket.create_connection(where, timeout=8) as sock:
        sock.sendall(b"GET /favicon.svg HTTP/1.1\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):  # the answer, then the close
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(b"</svg>")


def test_a_connection_that_sends_nothing_is_closed_quietly() -> None:
    with serving(idle_timeout=0.3) as where, socket.create_connection(where, timeout=8) as sock:
        assert sock.recv(1024) == b""


# --- the log -----------------------------------------------------------------------------


def test_the_log_escapes_control_characters(
    address: tuple[str, int], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="shanten.web"):
        raw(address, b"GET /\x1b]0;owned\x07 HTTP/1.1\r\n\r\n")
        raw(address, b"GET /\xc2\x9b31m\xe2\x80\xae HTTP/1.0\r\n\r\n")  # C1 CSI, RLO
    lines = [record.getMessage() for record in caplog.records]
    assert any("\\x1b]0;owned\\x07" in line for line in lines)
    for line in lines:
        assert line.isprintable(), repr(line)


def test_a_bug_on_a_strange_address_is_logged_escaped(
    address: tuple[str, int], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> dict[str, Any]:
        raise RuntimeError("\x1b[31mred")

    monkeypatch.setattr(routes, "report", broken)  # the routes build the answer
    web.analyse.cache_clear()
    with caplog.at_level(logging.INFO, logger="shanten.web"):
        answer = raw(address, b"GET /api/analyse?q=9s&visible=\xe2\x80\xae HTTP/1.0\r\n\r\n")
    web.analyse.cache_clear()
    assert error_of(answer)[:2] == (500, "InternalError")
    formatter = EscapingFormatter("%(message)s")
    for record in caplog.records:
        text = formatter.format(record)
        assert text.replace("\n", "").isprintable(), repr(text)
    assert any("\\x1b[31mred" in formatter.format(r) for r in caplog.records)


def test_escape() -> None:
    assert escape("plain /api/analyse?q=1m") == "plain /api/analyse?q=1m"
    assert escape("a\\x1b") == "a\\\\x1b"  # a typed backslash is told from an escape
    assert escape("\x1b\x07\x9b\u202e\t\n") == "\\x1b\\x07\\x9b\\u202e\\t\\n"
    assert escape("line\nnext\x1b", keep="\n") == "line\nnext\\x1b"
    assert escape("🀇 牌理") == "🀇 牌理"


# --- kept-alive connections answer at once -----------------------------------------------


class _CountedWrites:
    """A connection's writer that keeps what each write sends."""

    def __init__(self, writer: Any, writes: list[bytes]) -> None:
        self._writer = writer
        self._writes = writes

    def write(self, data: bytes) -> int:
        self._writes.append(bytes(data))
        return int(self._writer.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._writer, name)


def test_a_kept_alive_answer_is_one_write(
    address: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Headers and body in separate writes would make each request on a kept-alive
    connection wait for the client's delayed ACK (about 40 ms); each answer goes out in one
    write, head and body together."""
    writes: list[bytes] = []
    setup = web._Handler.setup

    def watched(self: web._Handler) -> None:
        setup(self)
        self.wfile = _CountedWrites(self.wfile, writes)  # type: ignore[assignment]

    monkeypatch.setattr(web._Handler, "setup", watched)
    connection = http.client.HTTPConnection(*address, timeout=30)
    bodies = []
    try:
        for _ in range(3):
            connection.request("GET", "/api/analyse?q=1m")
            response = connection.getresponse()
            assert response.status == 200
            bodies.append(response.read())
    finally:
        connection.close()
    assert len(writes) == 3
    for write, body in zip(writes, bodies, strict=True):
        assert write.startswith(b"HTTP/1.1 200 OK\r\n") and write.endswith(b"\r\n\r\n" + body)


def test_the_server_sets_tcp_nodelay(
    address: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    setup = web._Handler.setup

    def watched(self: web._Handler) -> None:
        setup(self)
        seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    monkeypatch.setattr(web._Handler, "setup", watched)
    assert raw(address, b"GET /favicon.svg HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 200")
    assert seen and all(seen)


def test_a_bug_outside_the_routes_is_logged_not_printed(
    address: tuple[str, int],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    def broken(self: Connection) -> None:
        raise RuntimeError("\x1b[2Jwiped")

    monkeypatch.setattr(Connection, "_read", broken)
    with caplog.at_level(logging.ERROR, logger="shanten.web"):
        assert raw(address, b"GET / HTTP/1.1\r\n\r\n") == b""  # closed, nothing sent
    assert "Traceback" not in capfd.readouterr().err
    [record] = caplog.records
    assert record.getMessage().startswith("error on a connection from ('127.0.0.1', ")
    assert "\\x1b[2Jwiped" in EscapingFormatter("%(message)s").format(record)

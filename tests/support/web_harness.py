"""Helpers for the local page's tests: a server on a free loopback port in a thread, and
clients that speak HTTP through http.client or as raw bytes, each bounded in time."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from shanten.games.records import GameReview
from shanten.web.review_data import WORST
from shanten.web.server import make_server


@contextmanager
def serving(**limits: Any) -> Iterator[tuple[str, int]]:
    """A server on 127.0.0.1 and a free port, serving from a thread until the block ends;
    ``limits`` are make_server's (timeouts, body size, odds workers)."""
    srv = make_server("127.0.0.1", 0, **limits)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        host, port = srv.server_address[:2]
        yield str(host), int(port)
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(5)


class Response:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        assert self.headers["content-type"] == "application/json; charset=utf-8"
        return json.loads(self.body)


def request(address: tuple[str, int], target: str, method: str = "GET") -> Response:
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        connection.request(method, target)
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return Response(response.status, headers, response.read())
    finally:
        connection.close()


def raw(
    address: tuple[str, int], data: bytes, timeout: float = 10, *, half_close: bool = False
) -> bytes:
    """Send ``data`` as is (then end the sending side, if ``half_close``) and read until
    the server closes the connection."""
    with socket.create_connection(address, timeout=timeout) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (lower-case names) and body of one raw HTTP/1.1 response."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    version, status, _ = lines[0].split(" ", 2)
    assert version == "HTTP/1.1", lines[0]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status), headers, body


def rows_answered(monkeypatch: pytest.MonkeyPatch, delay: float = 0.0) -> list[object]:
    """The discards whose odds row the server answers from now on, in order (the page's
    odds endpoint's ``odds_api.row`` counted, then run as it is); each row then takes
    ``delay`` seconds more, so that a computation lasts long enough to be cut short."""
    from shanten.web import odds_api

    answered: list[object] = []
    compute = odds_api.row

    def counted(result: Any) -> dict[str, Any]:
        answered.append(getattr(result, "discard", None))
        time.sleep(delay)
        return compute(result)

    monkeypatch.setattr(odds_api, "row", counted)
    return answered


def review_answer(game: GameReview) -> dict[str, Any]:
    """What ``POST /api/review`` answers for ``game``: its ``to_dict()``, and the worst
    decisions of ``game.worst()`` (of the game, then of each seat) as their places in
    ``"discards"``."""

    def places(seat: int | None) -> list[int]:
        return [game.discards.index(record) for record in game.worst(WORST, seat=seat)]

    seats = range(len(game.names))
    return {**game.to_dict(), "worst": {"all": places(None), "by_seat": [places(s) for s in seats]}}

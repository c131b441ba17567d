"""The review endpoint, POST /api/review: a game record as the body (Tenhou XML or JSON,
mjai, gzip), its review as JSON, and the body read within bounds: Content-Length
required, a clear 413 past the limit, the library's message for a bad record."""

from __future__ import annotations

import gzip
import http.client
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import shanten
from shanten.games.source import MAX_RECORD
from shanten.web.protocol import MAX_BODY
from support.web_harness import parse, raw, review_answer, serving

GAMES = sorted((Path(__file__).parents[1] / "data" / "tenhou").glob("*gm-*"))


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with serving() as where:
        yield where


def post(
    address: tuple[str, int], body: bytes, target: str = "/api/review"
) -> tuple[int, dict[str, str], Any]:
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        connection.request("POST", target, body=body)
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, json.loads(response.read())
    finally:
        connection.close()


def test_the_fixtures_are_real_games() -> None:
    assert {path.suffix for path in GAMES} == {".json", ".mjlog"} and len(GAMES) >= 4


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.name)
def test_a_record_gets_the_librarys_review(address: tuple[str, int], path: Path) -> None:
    data = path.read_bytes()
    status, headers, answer = post(address, data)
    assert status == 200
    assert headers["content-type"] == "application/json; charset=utf-8"
    assert answer == review_answer(shanten.review(data))
    assert answer["names"] == list(shanten.review(path).names)


def test_a_gzipped_record_is_sent_as_its_bytes(address: tuple[str, int]) -> None:
    data = GAMES[0].read_bytes()
    status, _, answer = post(address, gzip.compress(data))
    assert status == 200
    assert answer == review_answer(shanten.review(data))


def test_a_gzip_that_unpacks_past_the_limit_is_a_413(address: tuple[str, int]) -> None:
    """A small upload may unpack into gigabytes: it is read no further than the limit."""
    bomb = gzip.compress(b" " * (MAX_RECORD + 1), compresslevel=9)
    assert len(bomb) < MAX_BODY // 20
    status, _, answer = post(address, bomb)
    assert status == 413
    assert answer["error"] == {
        "type": "RecordTooLarge",
        "message": f"the record is over {MAX_RECORD:,} bytes (8 MB) once unpacked",
    }
    # within the limit, layers of gzip are unpacked one by one
    twice = gzip.compress(gzip.compress(GAMES[0].read_bytes()))
    status, _, answer = post(address, twice)
    assert status == 200 and answer == review_answer(shanten.review(GAMES[0].read_bytes()))


def library_message(body: bytes) -> dict[str, Any]:
    try:
        shanten.review(body)
    except shanten.GameRecordError as error:
        return {"error": {"type": "GameRecordError", "message": str(error)}}
    raise AssertionError("the library read it")


@pytest.mark.parametrize(
    "body",
    [
        b"hello",
        b"<mjloggm ver='2.3'><GO type='169'/><UN n0='A'/><INIT seed='0,0,0,0,0,0' ten='250,250,250,250' oya='0' hai0='1' hai1='2' hai2='3' hai3='4'/></mjloggm>",
        b'{"title": ["x"], "log": [[1]]}',
        b"\x1f\x8b broken gzip",
        b"/etc/passwd",  # bytes are the record, never a path
    ],
)
def test_a_bad_record_is_the_librarys_400(address: tuple[str, int], body: bytes) -> None:
    status, _, answer = post(address, body)
    assert status == 400
    assert answer == library_message(body)


def test_an_empty_body_is_a_clear_400(address: tuple[str, int]) -> None:
    status, _, answer = post(address, b"  \n")
    assert status == 400
    assert answer["error"] == {
        "type": "EmptyRecord",
        "message": "no record: paste a game record or choose its file",
    }


def test_a_body_over_the_limit_is_a_413_before_it_is_read(address: tuple[str, int]) -> None:
    head = f"POST /api/review HTTP/1.1\r\nContent-Length: {MAX_BODY + 1}\r\n\r\n"
    status, headers, body = parse(raw(address, head.encode()))
    assert status == 413 and headers["connection"] == "close"
    assert json.loads(body)["error"] == {
        "type": "BodyTooLarge",
        "message": f"the body is {MAX_BODY + 1:,} bytes long: at most {MAX_BODY:,} bytes (5 MB) "
        "are read",
    }


def test_the_limit_is_the_servers_and_the_page_says_it() -> None:
    record = GAMES[0].read_bytes()
    with serving(max_body=len(record) - 1) as address:
        status, _, answer = post(address, record)
        assert status == 413 and answer["error"]["type"] == "BodyTooLarge"
    with serving(max_body=len(record)) as address:
        assert post(address, record)[0] == 200
        page = http.client.HTTPConnection(*address, timeout=10)
        page.request("GET", "/")
        html = page.getresponse().read().decode()
        page.close()
    assert f'data-max-body="{MAX_BODY}"' in html


@pytest.mark.parametrize(
    ("head", "status", "message"),
    [
        (
            b"POST /api/review HTTP/1.1\r\n\r\n",
            411,
            "a POST needs a Content-Length header",
        ),
        (
            b"POST /api/review HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            411,
            "send the body whole with a Content-Length header, not in chunks",
        ),
        (
            b"POST /api/review HTTP/1.1\r\nContent-Length: five\r\n\r\nhello",
            400,
            "Content-Length is one number of bytes, not 'five'",
        ),
        (
            b"POST /api/review HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
            400,
            "Content-Length is one number of bytes, not '5, 6'",
        ),
        (
            b"POST /api/review HTTP/1.1\r\nContent-Length: 50\r\n\r\nhello",
            400,
            "the request ended early",
        ),
    ],
)
def test_the_body_is_read_strictly(
    address: tuple[str, int], head: bytes, status: int, message: str
) -> None:
    got, headers, body = parse(raw(address, head, half_close=True))
    assert (got, json.loads(body)["error"]["message"]) == (status, message)
    assert headers["connection"] == "close"


def test_a_body_that_trickles_in_too_slowly_is_a_408() -> None:
    with (
        serving(request_timeout=0.5) as address,
        socket.create_connection(address, timeout=10) as sock,
    ):
        sock.sendall(b"POST /api/review HTTP/1.1\r\nContent-Length: 100\r\n\r\nhello")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status, _, body = parse(answer)
    assert status == 408 and json.loads(body)["error"]["type"] == "RequestTimeout"


@pytest.mark.parametrize(
    ("method", "target", "allow"),
    [("GET", "/api/review", "POST"), ("HEAD", "/api/review", "POST"), ("POST", "/", "GET, HEAD")],
)
def test_each_path_takes_its_own_methods(
    address: tuple[str, int], method: str, target: str, allow: str
) -> None:
    length = "Content-Length: 0\r\n" if method == "POST" else ""
    request = f"{method} {target} HTTP/1.1\r\n{length}\r\n".encode()
    status, headers, _ = parse(raw(address, request))
    assert status == 405 and headers["allow"] == allow


def test_a_connection_goes_on_after_a_post(address: tuple[str, int]) -> None:
    """The body is read to its end, so the next request on the connection is read right."""
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        for _ in range(2):
            connection.request("POST", "/api/review", body=GAMES[0].read_bytes())
            response = connection.getresponse()
            assert response.status == 200 and response.getheader("Connection") is None
            response.read()
        connection.request("GET", "/api/analyse?q=1m")
        assert connection.getresponse().status == 200
    finally:
        connection.close()

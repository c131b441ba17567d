"""The server against hostile requests: a small upload that would cost gigabytes (bounded
rounds, discards and answer size, reviews at once), requests for other host names (DNS
rebinding) and cross-origin requests from other pages, all refused with a JSON error
that names the bound, while the page itself keeps working."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import shanten
from shanten.errors import RecordTooLarge
from shanten.web.review_api import (
    MAX_ANSWER,
    MAX_DECISIONS,
    MAX_ROUNDS,
    answer_of,
    review_response,
)
from support.web_harness import review_answer, serving

DATA = Path(__file__).parents[1] / "data" / "tenhou"
GAME = DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog"
XML = GAME.read_text(encoding="utf-8")
_STARTS = [m.start() for m in re.finditer("<INIT ", XML)]
HEAD, ROUND = XML[: _STARTS[0]], XML[_STARTS[0] : _STARTS[1]]


def repeated(rounds: int) -> bytes:
    """A record of the game's first round played ``rounds`` times over, gzipped: a few
    KB that a review would turn into tens of MB."""
    return gzip.compress((HEAD + ROUND * rounds + "</mjloggm>").encode(), compresslevel=9)


def long_names(length: int) -> str:
    names = " ".join(f'n{i}="{urllib.parse.quote(chr(65 + i) * length)}"' for i in range(4))
    return re.sub(r"<UN [^>]*>", f"<UN {names} />", XML, count=1)


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with serving() as where:
        yield where


def call(
    address: tuple[str, int],
    method: str,
    target: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*address, timeout=60)
    try:
        connection.request(method, target, body=body, headers=headers or {})
        response = connection.getresponse()
        got = {k.lower(): v for k, v in response.getheaders()}
        return response.status, got, response.read()
    finally:
        connection.close()


def error_of(body: bytes) -> Any:
    return json.loads(body)["error"]


# Item: bounded work and answer of one review.


def test_a_round_repeated_thousands_of_times_is_refused_naming_the_bound(
    address: tuple[str, int],
) -> None:
    body = repeated(2000)
    assert len(body) < 25_000
    status, _, answer = call(address, "POST", "/api/review", body)
    assert status == 413
    assert error_of(answer) == {
        "type": "RecordTooLarge",
        "message": f"the record has more than {MAX_ROUNDS} rounds: at most {MAX_ROUNDS} "
        f"rounds and {MAX_DECISIONS:,} discards of one record are reviewed here",
    }


def test_the_bounds_leave_a_wide_margin_above_real_games(address: tuple[str, int]) -> None:
    games = [shanten.review(path) for path in sorted(DATA.glob("*.mjlog"))]
    assert max(len(game.rounds) for game in games) * 5 < MAX_ROUNDS
    assert max(len(game) for game in games) * 5 < MAX_DECISIONS
    longest = max(len(answer_of(game)) for game in games)
    assert longest * 10 < MAX_ANSWER
    # a record just within the round bound is reviewed
    status, _, answer = call(address, "POST", "/api/review", repeated(MAX_ROUNDS))
    assert status == 200 and len(json.loads(answer)["rounds"]) == MAX_ROUNDS


def test_the_decisions_are_bounded_in_the_library_too() -> None:
    with pytest.raises(RecordTooLarge, match="more than 100 discards"):
        shanten.review(GAME, max_decisions=100)
    assert len(shanten.review(GAME, max_decisions=811)) == 811


def test_an_answer_past_its_bound_is_refused(address: tuple[str, int]) -> None:
    record = long_names(12_000).encode()
    assert len(record) < 100_000
    status, _, answer = call(address, "POST", "/api/review", gzip.compress(record))
    assert status == 413
    error = error_of(answer)
    assert error["type"] == "RecordTooLarge"
    assert error["message"].startswith(
        f"the review's answer would be over {MAX_ANSWER:,} bytes (8 MB), past discard "
    )
    # names of a usual length: the same answer as the library's
    fine = long_names(8).encode()
    status, _, answer = call(address, "POST", "/api/review", fine)
    assert status == 200 and json.loads(answer) == review_answer(shanten.review(fine))


def test_reviews_past_the_servers_number_at_once_are_a_503() -> None:
    slots = threading.BoundedSemaphore(1)
    with slots:  # the one place taken
        busy = review_response(GAME.read_bytes(), slots, 1)
    assert busy.status == 503 and busy.headers["Retry-After"] == "2"
    assert json.loads(busy.body)["error"]["type"] == "Busy"
    assert review_response(GAME.read_bytes(), slots, 1).status == 200
    assert slots.acquire(blocking=False)  # given back after the review


# Item: Host and Origin.


def test_another_host_name_is_refused(address: tuple[str, int]) -> None:
    port = address[1]
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1:1", "localhost"):
        status, headers, answer = call(address, "GET", "/", headers={"Host": host})
        assert status == 421, host
        assert error_of(answer)["type"] == "HostNotAllowed"
        assert headers["connection"] == "close"
        status, _, _ = call(address, "GET", "/api/analyse?q=1m", headers={"Host": host})
        assert status == 421
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        status, _, _ = call(address, "GET", "/api/analyse?q=1m", headers={"Host": host})
        assert status == 200, host


def test_a_cross_origin_request_to_an_endpoint_is_refused(address: tuple[str, int]) -> None:
    port = address[1]
    own = {"Host": f"127.0.0.1:{port}"}
    evil = {**own, "Origin": "https://evil.example"}
    record = GAME.read_bytes()
    attempts: list[tuple[str, str, bytes | None, dict[str, str]]] = [
        ("POST", "/api/review", record, {**evil, "Content-Type": "text/plain"}),
        ("GET", "/api/odds?q=1m&draws=1", None, evil),
        ("GET", "/api/analyse?q=1m", None, evil),
        ("GET", "/api/analyse?q=1m", None, {**own, "Sec-Fetch-Site": "cross-site"}),
        ("GET", "/api/analyse?q=1m", None, {**own, "Sec-Fetch-Site": "same-site"}),
        ("POST", "/api/review", record, {**own, "Origin": "null"}),
        ("POST", "/api/review", record, {**own, "Origin": f"http://localhost:{port}"}),
    ]
    for method, target, body, headers in attempts:
        status, _, answer = call(address, method, target, body, headers)
        assert status == 403, (method, target, headers)
        assert error_of(answer)["type"] == "CrossOrigin"
    # the page's own requests, as a browser sends them, are answered
    same = {**own, "Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin"}
    status, _, answer = call(address, "POST", "/api/review", record, same)
    assert status == 200 and json.loads(answer) == review_answer(shanten.review(record))
    status, _, _ = call(
        address, "GET", "/api/odds?q=1m&draws=1", None, {**own, "Sec-Fetch-Site": "same-origin"}
    )
    assert status == 200
    # a link from another site still opens the page
    status, _, _ = call(address, "GET", "/?q=1m", None, {**own, "Sec-Fetch-Site": "cross-site"})
    assert status == 200


def test_the_name_given_as_host_is_answered_for() -> None:
    with serving_on("localhost") as (host, port):
        for name in (f"localhost:{port}", f"127.0.0.1:{port}"):
            status, _, _ = call((host, port), "GET", "/", headers={"Host": name})
            assert status == 200


def serving_on(host: str) -> Any:
    from contextlib import contextmanager

    from shanten.web.server import make_server

    @contextmanager
    def running() -> Iterator[tuple[str, int]]:
        server = make_server(host, 0)
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
        thread.daemon = True
        thread.start()
        try:
            yield str(server.server_address[0]), int(server.server_address[1])
        finally:
            server.shutdown()
            server.server_close()
            thread.join(5)

    return running()

"""The local page's server: the endpoint returns report() exactly, and bad requests get a
400/404/405/413/414 with the reason as JSON, never a stack trace, even hundreds at once."""

from __future__ import annotations

import http.client
import json
import logging
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote, urlencode

import pytest

import shanten
from shanten.cli import command as cli
from shanten.report import report
from shanten.web import routes
from shanten.web import server as web
from shanten.web.server import MAX_INPUT, parse_query
from support.web_harness import raw, request, serving


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    """A server on an ephemeral port, serving from a thread for the whole module."""
    with serving() as where:
        yield where


def api(**params: str) -> str:
    return "/api/analyse?" + urlencode(params)


def expected(hand: str, **options: Any) -> Any:
    """report() as the endpoint serialises it."""
    return json.loads(json.dumps(report(hand, **options), ensure_ascii=False))


# --- the endpoint is report() ------------------------------------------------------------

CASES: list[tuple[dict[str, str], str, dict[str, Any]]] = [
    ({"q": "23489m6799p22567s"}, "23489m6799p22567s", {}),
    ({"q": "123m456p789s1122z", "visible": "1z"}, "123m456p789s1122z", {"visible": "1z"}),
    ({"q": "111222333m55z789p"}, "111222333m55z789p", {}),
    ({"q": "🀉🀊🀍🀎🀑🀒🀙🀚🀛🀜🀜🀀🀁"}, "🀉🀊🀍🀎🀑🀒🀙🀚🀛🀜🀜🀀🀁", {}),
    (
        {"q": "2234m", "melds": "777z, 789p,1111s"},
        "2234m",
        {"melds": ["777z", "789p", "1111s"]},
    ),
    ({"q": "1111m111122233z", "players": "3"}, "1111m111122233z", {"players": 3}),
    (
        {"q": "45z", "melds": "444z,555z,111m,999p", "count_melded_copies": "1"},
        "45z",
        {"melds": ["444z", "555z", "111m", "999p"], "count_melded_copies": True},
    ),
    (
        {"q": "1112345678999m", "visible": "55m", "count_melded_copies": "0", "players": "4"},
        "1112345678999m",
        {"visible": "55m"},
    ),
]


@pytest.mark.parametrize(("params", "hand", "options"), CASES)
def test_the_endpoint_returns_report(
    address: tuple[str, int], params: dict[str, str], hand: str, options: dict[str, Any]
) -> None:
    response = request(address, api(**params))
    assert response.status == 200
    assert response.json() == expected(hand, **options)


def test_the_endpoint_is_the_cli_json(
    address: tuple[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["2234m", "--melds", "777z,789p,1111s", "--visible", "1z5m", "--json"]
    assert cli.main(argv) == 0
    from_cli = json.loads(capsys.readouterr().out)
    response = request(address, api(q="2234m", melds="777z,789p,1111s", visible="1z5m"))
    assert response.json() == from_cli


def test_count_melded_copies_changes_the_answer(address: tuple[str, int]) -> None:
    melds = "444z,555z,111m,999p"
    off = request(address, api(q="45z", melds=melds)).json()
    on = request(address, api(q="45z", melds=melds, count_melded_copies="true")).json()
    assert (off["shanten"]["min"], on["shanten"]["min"]) == (0, 1)


def test_api_headers(address: tuple[str, int]) -> None:
    response = request(address, api(q="1m"))
    assert response.headers["content-type"] == "application/json; charset=utf-8"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert int(response.headers["content-length"]) == len(response.body)


def test_the_page_and_its_files(address: tuple[str, int]) -> None:
    page = request(address, "/?q=23489m6799p22567s")
    assert page.status == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src 'self'" in page.headers["content-security-policy"]
    html = page.body.decode()
    assert html.count('<symbol id="tile-') == 34  # the tiles, inline
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")  # no CDN
    for path, kind in [
        ("/static/page.js", "text/javascript"),
        ("/static/analysis.js", "text/javascript"),
        ("/static/app.js", "text/javascript"),
        ("/static/odds.js", "text/javascript"),
        ("/static/review_parts.js", "text/javascript"),
        ("/static/review_view.js", "text/javascript"),
        ("/static/review.js", "text/javascript"),
        ("/static/score.js", "text/javascript"),
        ("/static/style.css", "text/css"),
        ("/static/review.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ]:
        response = request(address, path)
        assert response.status == 200
        assert response.headers["content-type"] == f"{kind}; charset=utf-8"
        assert response.headers["x-content-type-options"] == "nosniff"
        # nothing fetched from elsewhere: the one address is a link to Tenhou's viewer
        assert b"https://" not in response.body.replace(b"`https://tenhou.net/6/?log=", b"")
        assert response.headers["cache-control"] == "no-cache"
    scripts = (
        "page.js",
        "analysis.js",
        "app.js",
        "odds.js",
        "score.js",
        "review_parts.js",
        "review_view.js",
        "review.js",
    )
    for script in scripts:  # each loaded by the page, in order: page.js's helpers first
        assert f'<script src="/static/{script}" defer></script>' in html
    places = [html.index(f"/static/{script}") for script in scripts]
    assert places == sorted(places)
    for sheet in ("style.css", "review.css"):
        assert f'<link rel="stylesheet" href="/static/{sheet}">' in html


def test_head_sends_headers_only(address: tuple[str, int]) -> None:
    response = request(address, "/", method="HEAD")
    assert response.status == 200 and response.body == b""
    assert int(response.headers["content-length"]) > 1000


def test_one_connection_serves_several_requests(address: tuple[str, int]) -> None:
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        for hand in ("1m", "12m", "123m4p"):
            connection.request("GET", api(q=hand))
            response = connection.getresponse()
            assert response.status == 200
            assert json.loads(response.read()) == expected(hand)
    finally:
        connection.close()


# --- bad requests ------------------------------------------------------------------------

BAD: list[tuple[str, int, str, str]] = [
    # query, status, error type, words of the message
    ("", 400, "MissingParameter", "no hand"),
    ("melds=123m", 400, "MissingParameter", "no hand"),
    ("q=1m&q=2m", 400, "RepeatedParameter", "'q' is given twice"),
    ("q=1m&colour=red", 400, "UnknownParameter", "unknown parameter 'colour'"),
    ("q=%ff%fe", 400, "BadQuery", "not valid UTF-8"),
    ("&".join(f"x{i}=1" for i in range(20)), 400, "BadQuery", "too many fields"),
    ("q=12x3m", 400, "NotationError", "'x' at position 2 is not a digit or a suit letter"),
    ("q=8z", 400, "NotationError", "honours are 1z-7z"),
    ("q=1m%00", 400, "NotationError", "position 2"),
    ("q=", 400, "HandError", "an empty hand"),
    ("q=11111m2345p", 400, "HandError", "5 copies of 1m"),
    ("q=123456789m12345p1z", 400, "HandError", "15 tiles"),
    ("q=2m&players=3", 400, "HandError", "2m does not exist in 3-player mahjong"),
    ("q=1m&players=5", 400, "RuleError", "players must be 3 or 4"),
    ("q=1m&players=three", 400, "BadParameter", "players is 3 or 4"),
    ("q=1m&players=-3", 400, "BadParameter", "players is 3 or 4"),
    ("q=1m&count_melded_copies=maybe", 400, "BadParameter", "count_melded_copies is 1 or 0"),
    ("q=1m&melds=124m", 400, "MeldError", "'124m' is not a meld"),
    ("q=1m&visible=1x", 400, "NotationError", "'x' at position 1"),
]


@pytest.mark.parametrize(("query", "status", "kind", "words"), BAD)
def test_bad_queries_get_the_reason(
    address: tuple[str, int], query: str, status: int, kind: str, words: str
) -> None:
    response = request(address, "/api/analyse?" + query)
    assert response.status == status
    error = response.json()["error"]
    assert error["type"] == kind
    assert words in error["message"]
    assert "Traceback" not in error["message"]
    assert response.headers["cache-control"] == "no-store"


def test_notation_errors_keep_the_caret(address: tuple[str, int]) -> None:
    error = request(address, api(q="12x3m")).json()["error"]
    with pytest.raises(shanten.NotationError) as raised:
        shanten.Hand("12x3m")
    assert error["message"] == str(raised.value)
    assert error["message"].endswith("    12x3m\n      ^")


@pytest.mark.parametrize("name", ["q", "melds", "visible", "players", "count_melded_copies"])
def test_oversized_input_is_refused(address: tuple[str, int], name: str) -> None:
    params = {"q": "1m", name: "1" * (MAX_INPUT + 1)}
    response = request(address, api(**params))
    assert response.status == 413
    error = response.json()["error"]
    assert error["type"] == "InputTooLong"
    assert f"at most {MAX_INPUT}" in error["message"]


def test_input_at_the_limit_is_read(address: tuple[str, int]) -> None:
    response = request(address, api(q="1" * (MAX_INPUT - 1) + "m"))
    assert response.status == 400  # read, and judged by the library
    assert response.json()["error"]["type"] == "HandError"


def test_overlong_addresses_are_refused(address: tuple[str, int]) -> None:
    response = request(address, "/api/analyse?q=1m&visible=" + "1" * 3000)
    assert response.status == 414
    assert response.json()["error"]["type"] == "InputTooLong"


@pytest.mark.parametrize(
    "path",
    ["/nope", "/api", "/api/analyse/", "/api/analyze", "/static/", "/static/../server.py",
     "/static/index.html", "/%2e%2e/pyproject.toml"],
)  # fmt: skip
def test_unknown_paths_are_404(address: tuple[str, int], path: str) -> None:
    response = request(address, path)
    assert response.status == 404
    assert response.json()["error"]["type"] == "NotFound"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_other_methods_are_405(address: tuple[str, int], method: str) -> None:
    response = request(address, api(q="1m"), method=method)
    assert response.status == 405
    assert response.headers["allow"] == "GET, HEAD"
    assert response.json()["error"]["type"] == "MethodNotAllowed"


def test_malformed_requests_get_json_errors(address: tuple[str, int]) -> None:
    headers = b"".join(b"X-%d: 1\r\n" % i for i in range(120))
    for data, status in [
        (b"GARBAGE\r\n\r\n", b"400"),  # a status line too: never HTTP/0.9's bare body
        (b"GET / HTTP/9.9\r\n\r\n", b"505"),
        (b"BREW /pot HTTP/1.1\r\n\r\n", b"501"),
        (b"GET / HTTP/1.1\r\n" + headers + b"\r\n", b"431"),
    ]:
        answer = raw(address, data)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split()[1] == status
        assert b"Content-Type: application/json; charset=utf-8" in head
        assert "message" in json.loads(body)["error"]
        assert b"Traceback" not in answer


def test_a_bug_is_a_logged_500_without_details(
    address: tuple[str, int], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> dict[str, Any]:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(routes, "report", broken)  # the routes build the answer
    web.analyse.cache_clear()
    with caplog.at_level(logging.ERROR, logger="shanten.web"):
        response = request(address, api(q="9s"))
    web.analyse.cache_clear()
    assert response.status == 500
    body = response.body.decode()
    assert "secret" not in body and "Traceback" not in body
    assert response.json() == {
        "error": {
            "type": "InternalError",
            "message": "internal error: the server log has the details",
        }
    }
    assert any("secret internals" in (r.exc_text or str(r.exc_info)) for r in caplog.records)


# --- many at once ------------------------------------------------------------------------


def test_hundreds_of_concurrent_requests(address: tuple[str, int]) -> None:
    hands = [
        ({"q": "23489m6799p22567s"}, 200),
        ({"q": "123m456p789s1122z", "visible": "1z"}, 200),
        ({"q": "1111m111122233z", "players": "3"}, 200),
        ({"q": "2234m", "melds": "777z,789p,1111s"}, 200),
        ({"q": "12x3m"}, 400),
        ({"q": "1" * 400 + "m"}, 413),
    ]
    answers = {
        i: (status, request(address, api(**params)).body)
        for i, (params, status) in enumerate(hands)
    }
    jobs = [i % len(hands) for i in range(300)]

    def one(i: int) -> tuple[int, int, bytes]:
        response = request(address, api(**hands[i][0]))
        return i, response.status, response.body

    with ThreadPoolExecutor(max_workers=64) as pool:
        results = list(pool.map(one, jobs))
    assert len(results) == 300
    for i, status, body in results:
        assert (status, body) == answers[i]
    assert answers[0][1] == json.dumps(report("23489m6799p22567s"), ensure_ascii=False).encode()


# --- the pieces --------------------------------------------------------------------------


def test_parse_query_reads_like_the_cli() -> None:
    query = parse_query("q=+123m456p+&melds=789s,,%20555z%20,&players=3&count_melded_copies=ON")
    assert query == web.Query("123m456p", ("789s", "555z"), 3, True, "")
    assert parse_query("q=" + quote("🀇🀈🀉")).hand == "🀇🀈🀉"


def test_main_prints_the_url_and_stops_on_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(self: web.Server, poll_interval: float = 0.5) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(web.Server, "serve_forever", interrupted)
    assert web.main(["--port", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Serving on http://127.0.0.1:")
    port = int(out.split(":")[2].split("/")[0])
    assert port > 0 and out.splitlines()[0] == f"Serving on http://127.0.0.1:{port}/"


def test_main_reports_a_busy_port(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert web.main(["--port", str(port)]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert web.main(["--port", "70000"]) == 2
    assert "not 0-65535" in capsys.readouterr().err


def test_main_warns_when_the_network_can_reach_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(self: web.Server, poll_interval: float = 0.5) -> None:
        raise KeyboardInterrupt  # bound, never served

    monkeypatch.setattr(web.Server, "serve_forever", interrupted)
    assert web.main(["--port", "0"]) == 0
    assert capsys.readouterr().err == ""  # loopback: no warning
    assert web.main(["--host", "0.0.0.0", "--port", "0"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith("shanten serve: warning: 0.0.0.0 is reachable from the network")
    assert "no login" in err[0]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.0.0.2", True), ("::1", True), ("0.0.0.0", False), ("::", False)],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family) as probe:
            probe.bind((host, 0))
    except OSError:
        pytest.skip(f"{host} cannot be bound here")
    with web.make_server(host, 0) as server:
        assert web.is_loopback(server) is loopback


#: The most seconds the Ctrl-C test waits for the server to stop: a bound for a broken
#: run (a server that waits on its clients), not a speed; it prints how long it took.
STOP_BOUND = 60


def test_ctrl_c_stops_the_command_with_connections_open() -> None:
    """A kept-alive client, one halfway through a request and one silent do not keep
    ``shanten serve`` from stopping at once on Ctrl-C (SIGINT)."""
    command = [sys.executable, "-m", "shanten.web", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()  # after the warm-up
        assert first.startswith("Serving on http://127.0.0.1:"), first
        where = ("127.0.0.1", int(first.rsplit(":", 1)[1].strip().strip("/")))
        with (
            socket.create_connection(where, timeout=10) as kept,
            socket.create_connection(where, timeout=10) as halfway,
            socket.create_connection(where, timeout=10),
        ):
            kept.sendall(b"GET /favicon.svg HTTP/1.1\r\n\r\n")
            assert kept.recv(65536).startswith(b"HTTP/1.1 200 OK")
            halfway.sendall(b"GET /api/ana")
            started = time.perf_counter()
            process.send_signal(signal.SIGINT)
            code = process.wait(timeout=STOP_BOUND)
            took = time.perf_counter() - started
        assert code == 0
        assert process.stdout.read().decode() == "\nStopped.\n"
        print(f"stopped {took * 1000:.0f} ms after SIGINT")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()

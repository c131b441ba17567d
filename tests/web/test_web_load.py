"""The local page under load, on loopback: 5,000 mixed requests from 64 clients at once,
beside slow and half-open connections. Every request must get its exact answer, none
may be dropped; the latency percentiles are printed, never asserted."""

from __future__ import annotations

import http.client
import importlib.resources
import json
import random
import socket
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest

from shanten.report import report
from support.web_harness import parse, serving

REQUESTS = 5000
CLIENTS = 64
SLOW = 4  # clients sending a byte every half second
HALF_OPEN = 4  # clients that send part of a request, then nothing
SILENT = 4  # clients that connect and send nothing
REQUEST_TIMEOUT = 2.0
IDLE_TIMEOUT = 4.0


@dataclass(frozen=True)
class Case:
    """One kind of request and what its answer must be: a status and either the exact
    body or the error type."""

    method: str
    target: str
    status: int
    body: bytes | None = None
    kind: str | None = None


def api(**params: str) -> str:
    return "/api/analyse?" + urlencode(params)


def served(params: dict[str, str]) -> bytes:
    """report() for the endpoint's parameters, as the endpoint serialises it."""
    options: dict[str, Any] = {
        "melds": params["melds"].split(",") if "melds" in params else (),
        "players": int(params.get("players", "4")),
        "count_melded_copies": params.get("count_melded_copies") == "1",
        "visible": params.get("visible", ""),
    }
    return json.dumps(report(params["q"], **options), ensure_ascii=False).encode()


def static(name: str) -> bytes:
    return (importlib.resources.files("shanten.web") / "static" / name).read_bytes()


def cases(page: bytes) -> list[Case]:
    good: list[dict[str, str]] = [
        {"q": "23489m6799p22567s"},
        {"q": "123m456p789s1122z", "visible": "1z"},
        {"q": "1111m111122233z", "players": "3"},
        {"q": "2234m", "melds": "777z,789p,1111s"},
        {"q": "45z", "melds": "444z,555z,111m,999p", "count_melded_copies": "1"},
        {"q": "1112345678999m"},
    ]
    return [
        Case("GET", "/?q=23489m6799p22567s", 200, page),
        Case("HEAD", "/", 200, b""),
        Case("GET", "/static/app.js", 200, static("app.js")),
        Case("GET", "/static/style.css", 200, static("style.css")),
        *(Case("GET", api(**params), 200, served(params)) for params in good),
        Case("GET", api(q="12x3m"), 400, kind="NotationError"),
        Case("GET", api(q="11111m"), 400, kind="HandError"),
        Case("GET", api(q="1m", colour="red"), 400, kind="UnknownParameter"),
        Case("GET", api(q="1m", players="three"), 400, kind="BadParameter"),
        Case("GET", api(q="1" * 400 + "m"), 413, kind="InputTooLong"),
        Case("GET", "/nope", 404, kind="NotFound"),
        Case("POST", api(q="1m"), 405, kind="MethodNotAllowed"),
    ]


def check(case: Case, status: int, body: bytes) -> None:
    assert status == case.status, (case.target, status, body[:200])
    if case.kind is None:
        assert body == case.body, case.target
    else:
        assert json.loads(body)["error"]["type"] == case.kind, (case.target, body[:200])


def client(address: tuple[str, int], jobs: list[Case], fresh: bool) -> list[float]:
    """Send ``jobs`` one after another, on one kept-alive connection (reopened after the
    server closes it) or on a fresh connection each; the latency of each."""
    times = []
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        for case in jobs:
            if fresh:
                connection.close()
            started = time.perf_counter()
            connection.request(case.method, case.target)
            response = connection.getresponse()
            body = response.read()
            times.append(time.perf_counter() - started)
            check(case, response.status, body)
            if response.will_close:
                connection.close()
    finally:
        connection.close()
    return times


def slow(address: tuple[str, int], data: bytes, every: float) -> bytes:
    """A byte every ``every`` seconds until the server answers; its answer."""
    answer = b""
    with socket.create_connection(address, timeout=every) as sock:
        for byte in data:
            try:
                sock.sendall(bytes([byte]))
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            answer += chunk
            if not chunk:
                return answer
        sock.settimeout(10)
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:
            pass
    return answer


def held(address: tuple[str, int], data: bytes) -> bytes:
    """Send ``data`` and then nothing; what the server sends before it closes."""
    answer = b""
    with socket.create_connection(address, timeout=IDLE_TIMEOUT + 10) as sock:
        sock.sendall(data)
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_thousands_of_mixed_requests_with_slow_clients(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with serving(request_timeout=REQUEST_TIMEOUT, idle_timeout=IDLE_TIMEOUT) as where:
        page = http.client.HTTPConnection(*where, timeout=30)
        page.request("GET", "/")
        body = page.getresponse().read()
        page.close()
        assert body.count(b'<symbol id="tile-') == 34
        kinds = cases(body)
        rng = random.Random(20261124)
        jobs = [rng.choice(kinds) for _ in range(REQUESTS)]
        shares = [jobs[i::CLIENTS] for i in range(CLIENTS)]

        trickled = b"GET /api/analyse?q=" + b"1" * 100 + b"m HTTP/1.1\r\n\r\n"
        others = ThreadPoolExecutor(max_workers=SLOW + HALF_OPEN + SILENT)
        slow_answers = [others.submit(slow, where, trickled, 0.5) for _ in range(SLOW)]
        half_answers = [
            others.submit(held, where, b"GET /api/analyse?q=1m HTTP/1.1\r\nHo")
            for _ in range(HALF_OPEN)
        ]
        silent_answers = [others.submit(held, where, b"") for _ in range(SILENT)]

        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
            futures = [
                pool.submit(client, where, share, i % 4 == 0) for i, share in enumerate(shares)
            ]
            times = [t for future in futures for t in future.result()]
        took = time.perf_counter() - started
        others.shutdown(wait=True)

    assert len(times) == REQUESTS  # every request answered, and answered right
    for future in slow_answers + half_answers:
        status, headers, answer = parse(future.result())
        assert (status, json.loads(answer)["error"]["type"]) == (408, "RequestTimeout")
        assert headers["connection"] == "close"
    for future in silent_answers:
        assert future.result() == b""

    cuts = statistics.quantiles(times, n=100)
    with capsys.disabled():
        print(
            f"\n{REQUESTS} requests, {CLIENTS} clients, {SLOW + HALF_OPEN + SILENT} slow or "
            f"half-open: {took:.1f} s, {REQUESTS / took:.0f}/s; latency p50 "
            f"{cuts[49] * 1000:.1f} ms, p90 {cuts[89] * 1000:.1f} ms, "
            f"p99 {cuts[98] * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
        )

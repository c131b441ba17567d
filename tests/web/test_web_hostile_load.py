"""A bounded hostile load on ``shanten serve`` in a process of its own, on loopback: gzip
uploads that would unpack or review into gigabytes, answers that would grow past their
bound, cross-origin requests and other host names, from several clients at once, while
another client is still served. Each is refused with its JSON error, and the server's
memory (its resident set, read from /proc) is back near its level after the load."""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import shanten
from shanten.games.source import MAX_RECORD
from support.web_harness import review_answer

DATA = Path(__file__).parents[1] / "data" / "tenhou"
GAME = DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog"
XML = GAME.read_text(encoding="utf-8")
_STARTS = [m.start() for m in re.finditer("<INIT ", XML)]
ROUNDS_BOMB = gzip.compress(
    (XML[: _STARTS[0]] + XML[_STARTS[0] : _STARTS[1]] * 2000 + "</mjloggm>").encode(), 9
)
SIZE_BOMB = gzip.compress(b" " * (4 * MAX_RECORD), 9)
NAMES = " ".join(f'n{i}="{chr(65 + i) * 12_000}"' for i in range(4))
ANSWER_BOMB = gzip.compress(re.sub(r"<UN [^>]*>", f"<UN {NAMES} />", XML, count=1).encode())
MIB = 1024 * 1024
#: How far above its level after the warm-up the server's memory may stay after the
#: load (some 10-20 MiB here, what the C library keeps of the threads' freed memory):
#: before the bounds, one such upload left 500-790 MB behind.
SETTLED_MARGIN = 128 * MIB
#: How far above that level it may peak during the load (about 40 MiB here; before the
#: bounds, 1.4 GB).
PEAK_MARGIN = 400 * MIB

pytestmark = pytest.mark.skipif(
    not os.path.exists("/proc/self/status"), reason="reads the server's memory from /proc"
)


def memory(pid: int) -> tuple[int, int]:
    """The resident set and its peak (VmRSS, VmHWM), in bytes."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return (int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024)


@pytest.fixture
def server() -> Iterator[tuple[tuple[str, int], int]]:
    command = [sys.executable, "-m", "shanten.web", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()  # after the warm-up
        assert first.startswith("Serving on http://127.0.0.1:"), first
        yield ("127.0.0.1", int(first.rsplit(":", 1)[1].strip().strip("/"))), process.pid
    finally:
        process.kill()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


def call(
    address: tuple[str, int],
    method: str,
    target: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(*address, timeout=120)
    try:
        connection.request(method, target, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def kind(body: bytes) -> str:
    return str(json.loads(body)["error"]["type"])


def test_hostile_uploads_are_refused_and_the_memory_comes_back(
    server: tuple[tuple[str, int], int],
) -> None:
    address, pid = server
    record = GAME.read_bytes()
    expected = review_answer(shanten.review(record))
    own = {"Host": f"127.0.0.1:{address[1]}"}
    # warm up what a normal visitor uses, then take the level
    assert call(address, "POST", "/api/review", record)[0] == 200
    assert call(address, "GET", "/api/odds?q=23489m6799p22567s&draws=2")[0] == 200
    level = memory(pid)[0]

    outcomes: Counter[tuple[str, int, str]] = Counter()
    problems: list[str] = []
    lock = threading.Lock()

    def note(name: str, status: int, body: bytes) -> None:
        with lock:
            outcomes[(name, status, kind(body) if status != 200 else "")] += 1

    def attacker() -> None:
        for _ in range(3):
            for name, body in (
                ("rounds", ROUNDS_BOMB),
                ("size", SIZE_BOMB),
                ("answer", ANSWER_BOMB),
            ):
                note(name, *call(address, "POST", "/api/review", body))
            evil = {**own, "Origin": "https://evil.example", "Content-Type": "text/plain"}
            note("cross-origin review", *call(address, "POST", "/api/review", record, evil))
            note("cross-origin odds", *call(address, "GET", "/api/odds?q=1m&draws=1", None, evil))
            note("host", *call(address, "GET", "/", None, {"Host": "evil.example"}))

    def visitor() -> None:
        for number in range(40):
            status, body = call(address, "GET", f"/api/analyse?q={number % 9 + 1}m", None, own)
            if status != 200 or json.loads(body)["hand"] != f"{number % 9 + 1}m":
                with lock:
                    problems.append(f"analyse {number}: {status}")

    threads = [threading.Thread(target=attacker) for _ in range(4)]
    threads.append(threading.Thread(target=visitor))
    run: Callable[[threading.Thread], None] = threading.Thread.start
    for thread in threads:
        run(thread)
    for thread in threads:
        thread.join(300)
    assert not any(thread.is_alive() for thread in threads)
    assert not problems, problems

    by_name: dict[str, set[tuple[int, str]]] = {}
    for (name, status, error), _ in outcomes.items():
        by_name.setdefault(name, set()).add((status, error))
    busy = (503, "Busy")
    assert by_name["rounds"] <= {(413, "RecordTooLarge"), busy}, by_name
    assert by_name["size"] <= {(413, "RecordTooLarge"), busy}, by_name
    assert by_name["answer"] <= {(413, "RecordTooLarge"), busy}, by_name
    for name in ("rounds", "size", "answer"):
        assert (413, "RecordTooLarge") in by_name[name], by_name
    assert by_name["cross-origin review"] == {(403, "CrossOrigin")}
    assert by_name["cross-origin odds"] == {(403, "CrossOrigin")}
    assert by_name["host"] == {(421, "HostNotAllowed")}

    # still serving the page's own requests
    status, body = call(address, "POST", "/api/review", record, own)
    assert status == 200 and json.loads(body) == expected
    settled, peak = memory(pid)
    print(
        f"server memory: {level / MIB:.0f} MiB before, peak {peak / MIB:.0f} MiB, "
        f"{settled / MIB:.0f} MiB after; {sum(outcomes.values())} hostile requests"
    )
    assert peak < level + PEAK_MARGIN
    assert settled < level + SETTLED_MARGIN

"""The discard odds endpoint, /api/odds: one JSON line per discard as it is computed, the
same numbers as shanten.odds, the library's refusals as errors, and the work bounded:
other requests go on meanwhile, a client that goes away frees its worker."""

from __future__ import annotations

import http.client
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

import shanten
from shanten.web import odds_api
from shanten.web.messages import Stream
from support.web_harness import parse, raw, request, rows_answered, serving

from .test_web_protocol import documented_error_types

#: 3-shanten: with both switches, a second for its 14 discards on the kernel.
SLOW = "12368m2479p3589s1z"
# a row of SLOW takes a fraction of a second on the kernel and minutes on the plain engine:
# the tests that cut a computation short run on the kernel, each row slowed down by
# rows_answered (the server does the same on both paths; tests/kernel/test_odds_engine.py holds
# the engines equal)
KERNEL_ONLY = pytest.mark.skipif(
    not shanten.accelerated, reason="a row of this hand takes minutes on the plain engine"
)
#: 2-shanten, 13 tiles: both switches make the engine refuse (too many hands to explore).
REFUSED = "158m2469p1378s15z"


def odds_url(hand: str, **params: Any) -> str:
    return "/api/odds?" + urlencode({"q": hand, **params})


def lines(body: bytes) -> list[dict[str, Any]]:
    assert body.endswith(b"\n")
    return [json.loads(line) for line in body.decode().splitlines()]


def ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows in shanten.odds's order: win, then tenpai, at the last draw (to 12
    decimal places), then as sent (the order of shanten.discards)."""
    return sorted(rows, key=lambda row: (-round(row["win"][-1], 12), -round(row["tenpai"][-1], 12)))


@pytest.fixture(scope="module")
def address() -> Any:
    with serving() as where:
        yield where


@pytest.mark.parametrize(
    ("hand", "options"),
    [
        ("23489m6799p22567s", {"draws": 6}),
        ("23489m6799p22567s", {"draws": 4, "hand_changes": True, "shanten_back": True}),
        ("340m6799p2205s", {"draws": 5, "visible": "1z4m", "melds": ["406m"]}),
        ("119m19p129s123457z", {"draws": 3, "players": 3}),
    ],
)
def test_the_rows_are_those_of_shanten_odds(
    address: tuple[str, int], hand: str, options: dict[str, Any]
) -> None:
    params = {
        k: ",".join(v) if isinstance(v, list) else int(v) if isinstance(v, bool) else v
        for k, v in options.items()
    }
    answer = request(address, odds_url(hand, **params))
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/x-ndjson; charset=utf-8"
    assert answer.headers["connection"] == "close" and "content-length" not in answer.headers
    got = lines(answer.body)
    expected = shanten.odds(hand, **options)
    assert isinstance(expected, tuple)
    head, rows, end = got[0], got[1:-1], got[-1]
    assert head == {
        "total": len(expected),
        "draws": options["draws"],
        "hand_changes": options.get("hand_changes", False),
        "shanten_back": options.get("shanten_back", False),
        "score": None,
    }
    assert end == {"done": True}
    # computed in the order of the discard table, the best discards by efficiency first
    table = shanten.discards(
        hand,
        melds=options.get("melds", ()),
        players=options.get("players", 4),
        visible=options.get("visible", ()),
    )
    assert [row["discard"] for row in rows] == [str(row.discard) for row in table]
    want = [
        {
            "discard": str(row.discard),
            "shanten": row.shanten,
            "tenpai": list(row.tenpai),
            "win": list(row.win),
            "score": None,
        }
        for row in expected
    ]
    assert ranked(rows) == want


def test_a_hand_whose_next_move_is_a_draw_has_one_row(address: tuple[str, int]) -> None:
    answer = request(address, odds_url("123m456p789s1122z", draws=5))
    head, row, end = lines(answer.body)
    expected = shanten.odds("123m456p789s1122z", draws=5)
    assert isinstance(expected, shanten.HandOdds)
    assert head["total"] == 1 and end == {"done": True}
    assert row == {
        "discard": None,
        "shanten": expected.shanten,
        "tenpai": list(expected.tenpai),
        "win": list(expected.win),
        "score": None,
    }


def library_error(call: Any) -> tuple[str, str]:
    try:
        call()
    except shanten.ShantenError as error:
        return type(error).__name__, str(error)
    raise AssertionError("the library took it")


@pytest.mark.parametrize(
    ("params", "call"),
    [
        ({"q": "12x3m"}, lambda: shanten.odds("12x3m")),
        ({"q": "123m456p789s111z"}, lambda: shanten.odds("123m456p789s111z")),
        (
            {"q": "2349m6799p22567s", "draws": "300"},
            lambda: shanten.odds("2349m6799p22567s", draws=300),
        ),
        ({"q": "11112m", "visible": "1m"}, lambda: shanten.odds("11112m", visible="1m")),
    ],
)
def test_bad_input_is_the_librarys_400(
    address: tuple[str, int], params: dict[str, str], call: Any
) -> None:
    answer = request(address, "/api/odds?" + urlencode(params))
    assert answer.status == 400
    kind, message = library_error(call)
    assert answer.json() == {"error": {"type": kind, "message": message}}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("q=1m&draws=many", "draws is a whole number of draws, such as 17, not 'many'"),
        ("q=1m&draws=-1", "draws is a whole number of draws, such as 17, not '-1'"),
        ("q=1m&hand_changes=maybe", "hand_changes is 1 or 0, not 'maybe'"),
        ("q=1m&draws=3&draws=4", "parameter 'draws' is given twice"),
    ],
)
def test_the_odds_parameters_are_read_strictly(
    address: tuple[str, int], query: str, message: str
) -> None:
    answer = request(address, "/api/odds?" + query)
    assert answer.status == 400
    assert answer.json()["error"]["message"] == message


def test_the_engines_refusal_ends_the_stream_with_its_message(address: tuple[str, int]) -> None:
    answer = request(address, odds_url(REFUSED, hand_changes=1, shanten_back=1))
    assert answer.status == 200
    got = lines(answer.body)
    kind, message = library_error(
        lambda: shanten.odds(REFUSED, hand_changes=True, shanten_back=True)
    )
    assert got[-1] == {"error": {"type": kind, "message": message}}
    assert kind == "RuleError" and "(the limit)" in message
    assert got[0]["total"] == 1 and len(got) == 2  # refused before its one row


def test_head_computes_nothing_and_frees_its_worker() -> None:
    with serving(odds_workers=1) as address:
        for _ in range(2):
            answer = request(address, odds_url(SLOW, hand_changes=1, shanten_back=1), method="HEAD")
            assert answer.status == 200 and answer.body == b""
            assert answer.headers["content-type"] == "application/x-ndjson; charset=utf-8"
        answer = request(address, odds_url("23489m6799p22567s", draws=2))
        assert answer.status == 200 and lines(answer.body)[-1] == {"done": True}


def test_a_bug_mid_stream_ends_it_with_a_plain_error(
    address: tuple[str, int], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    compute = odds_api.row

    def broken(result: Any) -> dict[str, Any]:
        if str(result.discard) == "9p":
            raise RuntimeError("secret detail")
        return compute(result)

    monkeypatch.setattr(odds_api, "row", broken)
    answer = request(address, odds_url("23489m6799p22567s", draws=2))
    got = lines(answer.body)
    assert got[-1] == {
        "error": {
            "type": "InternalError",
            "message": "internal error: the server log has the details",
        }
    }
    assert "secret" not in answer.body.decode()
    assert "RuntimeError: secret detail" in caplog.text


def read_line(sock: socket.socket, buffer: bytearray) -> bytes:
    """The next line of the answer on ``sock`` (the head first, then body lines)."""
    while b"\n" not in buffer:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        buffer += chunk
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    return line


@KERNEL_ONLY
def test_a_client_that_goes_away_frees_its_worker_and_others_go_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One worker: a long computation holds it, other requests are answered meanwhile, a
    second computation is told to come back, and closing the first stops it at its next
    row (it answers at most the rows in progress) and frees the worker."""
    answered = rows_answered(monkeypatch, delay=0.5)  # 14 rows: 7 s at least
    target = odds_url(SLOW, hand_changes=1, shanten_back=1)
    with serving(odds_workers=1) as address:
        sock = socket.create_connection(address, timeout=30)
        try:
            sock.sendall(f"GET {target} HTTP/1.1\r\n\r\n".encode())
            buffer = bytearray()
            status = read_line(sock, buffer)
            assert status.startswith(b"HTTP/1.1 200")
            while read_line(sock, buffer) != b"\r":  # the headers
                pass
            head = json.loads(read_line(sock, buffer))
            assert head["total"] == len(shanten.discards(SLOW))
            # meanwhile: the page and the analysis are answered at once
            started = time.monotonic()
            assert request(address, "/api/analyse?q=23489m6799p22567s").status == 200
            assert request(address, "/").status == 200
            assert time.monotonic() - started < 2
            # a second computation: the one worker is busy
            busy = request(address, odds_url("23489m6799p22567s", draws=2))
            assert busy.status == 503 and busy.headers["retry-after"] == "2"
            assert busy.json()["error"]["type"] == "Busy"
        finally:
            sock.close()
            closed, rows_at_close = time.monotonic(), len(answered)
        # the worker is free once the rows in progress are done, not after all 14 rows
        deadline = closed + 20
        while True:
            answer = request(address, odds_url("23489m6799p22567s", draws=2))
            if answer.status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert answer.status == 200, answer.body
        assert lines(answer.body)[-1] == {"done": True}
    # the slow computation stopped: besides the quick answer's rows, it answered at
    # most the row the server was sending when it saw the client gone, and the next
    quick = len(shanten.discards("23489m6799p22567s"))
    slow = len(answered) - quick
    assert rows_at_close <= slow <= rows_at_close + 2
    assert slow < len(shanten.discards(SLOW))


def test_an_answer_read_to_its_end_frees_its_worker() -> None:
    with serving(odds_workers=1) as address:
        for _ in range(3):
            answer = request(address, odds_url("23489m6799p22567s", draws=2))
            assert answer.status == 200 and lines(answer.body)[-1] == {"done": True}
        # a raw client that half-closes at once is still answered in full
        status, _, body = parse(
            raw(
                address,
                f"GET {odds_url('123m456p789s1122z', draws=2)} HTTP/1.1\r\n\r\n".encode(),
            )
        )
        assert status == 200 and lines(body)[-1] == {"done": True}
        connection = http.client.HTTPConnection(*address, timeout=10)
        connection.request("GET", odds_url("23489m6799p22567s", draws=2))
        assert connection.getresponse().status == 200
        connection.close()


def test_a_stream_is_closed_once() -> None:
    """Closing stops the chunks and frees the stream's place once, however often it is
    called, read or not."""
    freed: list[int] = []

    def chunks() -> Iterator[bytes]:
        try:
            yield b"a\n"
            yield b"b\n"
        finally:
            freed.append(0)

    unread = Stream(chunks(), lambda: freed.append(1))
    unread.close()
    unread.close()
    assert freed == [1]  # a generator never started has no finally to run
    started = Stream(chunks(), lambda: freed.append(2))
    assert next(iter(started.chunks)) == b"a\n"
    started.close()
    started.close()
    assert freed == [1, 0, 2]


@KERNEL_ONLY
def test_closing_the_answer_stops_its_computation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows are computed by a thread of their own; closing the answer after its first
    row stops that thread at its next row and waits for it, so nothing runs after."""
    answered = rows_answered(monkeypatch, delay=0.2)
    request = odds_api.parse_odds(f"q={SLOW}&hand_changes=1&shanten_back=1")
    answer = odds_api._lines(request, odds_api.plan(request))
    assert json.loads(next(answer))["total"] == len(shanten.discards(SLOW))
    assert json.loads(next(answer))["discard"] == str(answered[0])
    answer.close()
    at_close = len(answered)
    assert not [thread for thread in threading.enumerate() if thread.name == "odds"]
    time.sleep(0.5)
    assert 1 <= len(answered) == at_close <= 3


RULES = {"tenhou": shanten.Rules.tenhou(), "mahjong-soul": shanten.MAHJONG_SOUL}
#: Hands, their odds' options and a game for the expected score: every parameter of the
#: game used by one at least, a 3n+1 hand, an open hand, three players.
SCORED: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "234567m34p22s567s9m",
        {"draws": 3, "visible": "3m"},
        {"seat_wind": "2z", "dora": "3m", "riichi": "best"},
    ),
    (
        "123m456p789s1122z",
        {"draws": 5, "visible": "1z"},
        {
            "round_wind": "2z",
            "dora": "1z",
            "riichi": "never",
            "haitei": True,
            "rules": "mahjong-soul",
        },
    ),
    ("340m6799p2205s", {"draws": 2, "melds": ["456m"], "visible": "1z4m"}, {"seat_wind": "3z"}),
    ("119m19p129s123457z", {"draws": 2, "players": 3}, {"north": 1, "riichi": "always"}),
]


def context_of(game: dict[str, Any]) -> shanten.ScoreContext:
    """The ScoreContext of a game given as the endpoint's parameters, with its defaults."""
    return shanten.ScoreContext(
        seat_wind=game.get("seat_wind", "1z"),
        round_wind=game.get("round_wind", "1z"),
        dora=game.get("dora", ""),
        rules=RULES[game.get("rules", "tenhou")],
        riichi=game.get("riichi", "best"),
        haitei=game.get("haitei", False),
        north=game.get("north", 0),
    )


@pytest.mark.parametrize(("hand", "options", "game"), SCORED)
def test_the_expected_score_is_that_of_shanten_odds(
    address: tuple[str, int], hand: str, options: dict[str, Any], game: dict[str, Any]
) -> None:
    params = {
        k: ",".join(v) if isinstance(v, list) else int(v) if isinstance(v, bool) else v
        for k, v in {**options, **game}.items()
    }
    answer = request(address, odds_url(hand, **params))
    assert answer.status == 200, answer.body
    head, *rows, end = lines(answer.body)
    assert end == {"done": True}
    assert head["score"] == {
        "dora": game.get("dora", ""),
        "seat_wind": game.get("seat_wind", "1z"),
        "round_wind": game.get("round_wind", "1z"),
        "north": game.get("north", 0),
        "rules": game.get("rules", "tenhou"),
        "riichi": game.get("riichi", "best"),
        "haitei": game.get("haitei", False),
    }
    result = shanten.odds(hand, **options, score=context_of(game))
    expected = result if isinstance(result, tuple) else (result,)
    want = [
        {
            "discard": str(row.discard) if isinstance(row, shanten.DiscardOdds) else None,
            "shanten": row.shanten,
            "tenpai": list(row.tenpai),
            "win": list(row.win),
            "score": None if row.score is None else list(row.score),
        }
        for row in expected
    ]
    assert all(row["score"] is not None for row in want) or not shanten.accelerated
    assert ranked(rows) == want


def test_blank_game_parameters_ask_for_no_score(address: tuple[str, int]) -> None:
    answer = request(address, "/api/odds?q=123m456p789s1122z&draws=2&seat_wind=&dora=%20")
    head, row, _ = lines(answer.body)
    assert head["score"] is None and row["score"] is None


@pytest.mark.parametrize(
    ("query", "status", "kind", "named"),
    [
        ("riichi=sometimes", 400, "BadParameter", "riichi is best, always or never, not 'sometim"),
        ("riichi=1", 400, "BadParameter", "riichi is best, always or never, not '1'"),
        ("haitei=maybe", 400, "BadParameter", "haitei is 1 or 0, not 'maybe'"),
        ("north=x", 400, "BadParameter", "north is a count of north tiles set aside, 0-4"),
        ("north=12", 400, "BadParameter", "north is a count of north tiles set aside, 0-4"),
        ("north=1", 400, "RuleError", "north tiles are set aside with three players only"),
        ("north=5&players=3", 400, "RuleError", "north is how many north tiles are set aside"),
        ("seat_wind=5z", 400, "WinError", "seat_wind 5z is not a wind"),
        ("seat_wind=1z2z", 400, "NotationError", "seat_wind: 2 tiles where one was expected"),
        ("round_wind=x", 400, "NotationError", "round_wind: 'x' at position 0 is not a digit"),
        ("round_wind=5m", 400, "WinError", "round_wind 5m is not a wind"),
        ("dora=0z", 400, "NotationError", "dora: '0z' at position 0 is not a tile"),
        ("dora=1m1m1m1m1m1m", 400, "WinError", "6 dora indicators: at most 5"),
        ("dora=3m", 400, "HandError", "the dora indicator 3m is not among the visible tiles"),
        ("rules=wrc", 400, "RuleError", "rules is tenhou or mahjong-soul, not 'wrc'"),
        ("seat_wind=4z&players=3", 400, "WinError", "seat_wind 4z: three players sit East"),
        ("rules=tenhou&rules=tenhou", 400, "RepeatedParameter", "parameter 'rules' is given twice"),
        ("dora=" + "1" * 301, 413, "InputTooLong", "dora is 301 characters long"),
        ("riichi=" + "a" * 301, 413, "InputTooLong", "riichi is 301 characters long"),
    ],
)
def test_a_bad_game_is_a_400_naming_it(
    address: tuple[str, int], query: str, status: int, kind: str, named: str
) -> None:
    """Each parameter of the game is read and judged before any row: the answer is one
    JSON error that names the parameter (or, for the library's refusals, the problem)."""
    hand = "119m19p129s123457z&players=3" if "players=3" in query else "123m456p789s1122z"
    query = query.replace("&players=3", "")
    answer = request(address, f"/api/odds?q={hand}&draws=2&{query}")
    assert answer.status == status
    assert answer.headers["content-type"].startswith("application/json")
    error = answer.json()["error"]
    assert error["type"] == kind and error["message"].startswith(named), error
    assert kind in documented_error_types()


def test_too_many_red_fives_for_the_rules_is_refused_before_any_row(
    address: tuple[str, int],
) -> None:
    answer = request(address, odds_url("340m6799p2205s", melds="406m", rules="tenhou"))
    assert answer.status == 400
    assert answer.json()["error"] == {
        "type": "HandError",
        "message": "2 red 5m in the hand and melds: the rules have 1 red 5m",
    }


#: What odd values are made of: notation, red fives, Unicode tiles, controls, bidi and
#: invisible characters, markup, a percent sign.
ODD = "0123456789mpsz🀇🀀\x00\x1b\u202e\u200b<>&'\"%\\ "
#: Values that some parameter of the game takes, so that some of the odd queries are run.
PLAUSIBLE = ("", "1", "0", "1z", "2z", "3m", "best", "never", "tenhou", "mahjong-soul")


def test_no_game_however_odd_is_a_500(address: tuple[str, int]) -> None:
    """150 queries of odd values for random parameters of the game: each a 400 with a
    documented type before any row, or a stream that ends with done."""
    rng = random.Random(20261126)
    documented = documented_error_types()
    statuses = set()
    for _ in range(150):
        params = [("q", "123m456p789s1122z"), ("draws", "1")]
        if rng.random() < 0.3:
            params.append(("players", "3"))
        for name in rng.sample(odds_api.SCORE_CONTEXT_PARAMETERS, rng.randint(1, 4)):
            value = rng.choice(PLAUSIBLE) if rng.random() < 0.6 else ""
            value += "".join(rng.choice(ODD) for _ in range(rng.randint(0, 6)))
            params.append((name, value))
        answer = request(address, "/api/odds?" + urlencode(params))
        statuses.add(answer.status)
        if answer.status == 200:
            assert lines(answer.body)[-1] == {"done": True}, params
        else:
            assert answer.status == 400, (params, answer.body)
            assert answer.json()["error"]["type"] in documented, (params, answer.body)
    assert statuses == {200, 400}

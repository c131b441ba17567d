"""The score endpoint, /api/score: its answers are those of shanten.score called with the
same options, every input the library refuses is a 400 with its error, a query read
wrong is refused before the library sees it, requests from other sites are refused,
and no input, however odd, is a 500."""

from __future__ import annotations

import http.client
import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest

import shanten
from shanten.cli.score import score_data
from shanten.web.query import MAX_INPUT
from shanten.web.score_api import SCORE_PARAMETERS
from support.web_harness import request, serving

from .test_web_protocol import documented_error_types

RULES = {"tenhou": shanten.TENHOU, "mahjong-soul": shanten.MAHJONG_SOUL}
#: The documented defaults of the endpoint (those of ``shanten score``).
DEFAULTS: dict[str, Any] = {"seat_wind": "1z", "round_wind": "1z", "tsumo": False}
#: The spellings a switch may take, for the queries to vary.
TRUE, FALSE = ("1", "true", "on", "yes", "TRUE"), ("0", "false", "off", "no", "")
RIICHI_TSUMO = (
    "234567m234p22s567s",
    {"win": "4p", "tsumo": True, "riichi": True, "seat_wind": "2z"},
)

#: Wins as shanten.score takes them (rules by name): every option used by one at least.
WINS: list[tuple[str, dict[str, Any]]] = [
    (RIICHI_TSUMO[0], {**RIICHI_TSUMO[1], "dora": "3m"}),
    ("345p678p789s55s", {"win": "8p", "melds": ["(2222m)"], "tsumo": True, "rinshan": True}),
    ("234m067p88s", {"win": "8s", "melds": ["406s", "777z"], "seat_wind": "2z", "dora": "5p"}),
    (
        "111m999m123p789p77s",
        {"win": "7s", "riichi": True, "tsumo": True, "players": 3, "north": 1, "dora": "4z"},
    ),
    (
        "🀇🀈🀉🀊🀋🀌🀙🀚🀛🀔🀕🀖🀗🀗",
        {
            "win": "🀙",
            "riichi": True,
            "double_riichi": True,
            "ippatsu": True,
            "ura": "1p",
            "seat_wind": "3z",
            "round_wind": "2z",
        },
    ),
    ("123m456p789s234s77z", {"win": "4s", "riichi": True, "last_tile": True, "seat_wind": "4z"}),
    ("123m456p789s234s77z", {"win": "4s", "riichi": True, "chankan": True, "seat_wind": "4z"}),
    ("123m456p789s234s77z", {"win": "4s", "tsumo": True, "first_draw": True}),
    ("19m19p19s12345677z", {"win": "7z", "seat_wind": "2z", "rules": "mahjong-soul"}),
    ("19m19p19s12345677z", {"win": "7z", "seat_wind": "2z", "rules": "tenhou"}),
]

#: Wins the library refuses, each for another reason.
REFUSED: list[tuple[str, dict[str, Any]]] = [
    ("123m456p789s23455z", {"win": "5z"}),  # not complete
    ("234567m234p22s567s", {"win": "9p"}),  # the winning tile not in the hand
    ("123m456p789s234s22z", {"win": "2s", "seat_wind": "2z", "round_wind": "2z", "dora": "9m"}),
    ("234567m234p22s560z", {"win": "4p"}),  # a red five of honours
    ("234567m234p22s567s", {"win": "4p", "ippatsu": True}),
    ("234567m234p22s567s", {"win": "4p", "double_riichi": True}),
    ("234m067p88s", {"win": "8s", "melds": ["406s", "777z"], "riichi": True}),
    ("234m067p88s", {"win": "8s", "melds": ["124s", "777z"]}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "seat_wind": "5z"}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "round_wind": "1z2z"}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "players": 5}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "north": 1}),
    ("234567m234p22s567s", {"win": "4p", "ura": "1m"}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "dora": "1m1m2m2m3m3m"}),
    ("345p678p789s55s", {"win": "8p", "melds": ["(2222m)"], "rinshan": True}),
    ("345p678p789s55s", {"win": "8p", "melds": ["(5555s)"], "tsumo": True}),  # 5 copies
    ("111m999m123p789p77s", {"win": "7s", "tsumo": True, "players": 3, "dora": "2m"}),
    ("234567m234p22s567s", {"win": "4p", "riichi": True, "dora": "0z"}),
]


def url(hand: str, options: dict[str, Any], spelling: int = 0) -> str:
    """The endpoint's address for a win given as shanten.score's keywords; switches
    spelled the ``spelling``-th way."""
    params: dict[str, str] = {"q": hand}
    for name, value in options.items():
        if isinstance(value, bool):
            params[name] = (TRUE if value else FALSE)[spelling % len(TRUE)]
        elif isinstance(value, list):
            params[name] = ",".join(value)
        else:
            params[name] = str(value)
    return "/api/score?" + urlencode(params)


def direct(hand: str, options: dict[str, Any]) -> shanten.Score:
    """shanten.score called with the options, the endpoint's defaults filled in."""
    given = {**DEFAULTS, **options}
    given["rules"] = RULES[given.get("rules", "tenhou")]
    return shanten.score(hand, **given)


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    with serving() as where:
        yield where


@pytest.mark.parametrize(("number", "win"), list(enumerate(WINS)))
def test_the_answer_is_the_score_of_shanten_score(
    address: tuple[str, int], number: int, win: tuple[str, dict[str, Any]]
) -> None:
    hand, options = win
    answer = request(address, url(hand, options, number))
    assert answer.status == 200, answer.body
    got = answer.json()
    expected = direct(hand, options)
    assert got == score_data(expected)  # the data of `shanten score --json`
    assert (got["han"], got["fu"], got["points"], got["limit"]) == (
        expected.han,
        expected.fu,
        expected.points,
        expected.limit,
    )
    assert [(p["payer"], p["points"]) for p in got["payments"]] == [
        (p.payer, p.points) for p in expected.payments
    ]
    assert [(y["name"], y["japanese"], y["han"]) for y in got["yaku"]] == [
        (y.name, y.japanese, y.han) for y in expected.yaku
    ]
    assert got["headline"] == expected.headline


def test_the_options_change_the_answer(address: tuple[str, int]) -> None:
    """Each option reaches the scorer: without it the score is another."""
    hand, options = RIICHI_TSUMO
    base = request(address, url(hand, options)).json()
    for changed in ({"tsumo": False}, {"dora": "3p"}, {"seat_wind": "1z"}, {"riichi": False}):
        other = request(address, url(hand, {**options, **changed})).json()
        assert other != base and other == score_data(direct(hand, {**options, **changed}))


@pytest.mark.parametrize("refused", REFUSED)
def test_the_librarys_refusal_is_a_400_with_its_message(
    address: tuple[str, int], refused: tuple[str, dict[str, Any]]
) -> None:
    hand, options = refused
    with pytest.raises(shanten.ShantenError) as caught:
        direct(hand, options)
    answer = request(address, url(hand, options))
    assert answer.status == 400
    error = answer.json()["error"]
    assert error == {"type": type(caught.value).__name__, "message": str(caught.value)}
    assert error["type"] in documented_error_types()


def test_every_kind_of_refusal_is_met() -> None:
    """REFUSED holds each of the library's errors for a win."""
    kinds = set()
    for hand, options in REFUSED:
        with pytest.raises(shanten.ShantenError) as caught:
            direct(hand, options)
        kinds.add(type(caught.value).__name__)
    expected = {"HandError", "NotationError", "MeldError", "WinError", "NoYakuError", "RuleError"}
    assert kinds == expected


WIN = "q=234567m234p22s567s&win=4p"
BAD_QUERIES: list[tuple[str, int, str, str]] = [
    ("win=4p", 400, "MissingParameter", "no hand: "),
    ("q=&win=4p", 400, "MissingParameter", "no hand: "),
    ("q=234567m234p22s567s", 400, "MissingParameter", "no winning tile: "),
    ("q=234567m234p22s567s&win=%20", 400, "MissingParameter", "no winning tile: "),
    (f"{WIN}&visible=1z", 400, "UnknownParameter", "unknown parameter 'visible': "),
    (f"{WIN}&count_melded_copies=1", 400, "UnknownParameter", "unknown parameter "),
    (f"{WIN}&win=5p", 400, "RepeatedParameter", "parameter 'win' is given twice"),
    (f"{WIN}&tsumo=maybe", 400, "BadParameter", "tsumo is 1 or 0, not 'maybe'"),
    (f"{WIN}&first_draw=2", 400, "BadParameter", "first_draw is 1 or 0, not '2'"),
    (f"{WIN}&players=three", 400, "BadParameter", "players is 3 or 4, not 'three'"),
    (f"{WIN}&north=10", 400, "BadParameter", "north is a count of north tiles set aside"),
    (f"{WIN}&north=-1", 400, "BadParameter", "north is a count of north tiles set aside"),
    (f"{WIN}&rules=wrc", 400, "RuleError", "rules is tenhou or mahjong-soul, not 'wrc'"),
    (f"{WIN}&dora=" + "1" * (MAX_INPUT + 1), 413, "InputTooLong", f"dora is {MAX_INPUT + 1} "),
    (f"{WIN}&q2=" + "x" * 10, 400, "UnknownParameter", "unknown parameter 'q2': "),
    (f"{WIN}&dora=%ff", 400, "BadQuery", "the query is not valid UTF-8 text"),
    (WIN + "&tsumo=1" * 40, 400, "BadQuery", "the query has too many fields"),
]


@pytest.mark.parametrize(("query", "status", "kind", "message"), BAD_QUERIES)
def test_a_query_read_wrong_is_refused_naming_the_fault(
    address: tuple[str, int], query: str, status: int, kind: str, message: str
) -> None:
    answer = request(address, f"/api/score?{query}")
    assert answer.status == status
    error = answer.json()["error"]
    assert error["type"] == kind and error["message"].startswith(message), error
    assert kind in documented_error_types()


def test_every_parameter_is_bounded(address: tuple[str, int]) -> None:
    for name in SCORE_PARAMETERS:
        params = {"q": "234567m234p22s567s", "win": "4p", name: "1" * (MAX_INPUT + 1)}
        answer = request(address, "/api/score?" + urlencode(params))
        assert answer.status == 413, name
        assert answer.json()["error"]["message"].startswith(f"{name} is {MAX_INPUT + 1} ")


def test_only_get_and_head(address: tuple[str, int]) -> None:
    hand, options = RIICHI_TSUMO
    assert request(address, url(hand, options), method="POST").status == 405
    head = request(address, url(hand, options), method="HEAD")
    assert head.status == 200 and head.body == b""


def call(
    address: tuple[str, int], target: str, headers: dict[str, str]
) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection(*address, timeout=30)
    try:
        connection.request("GET", target, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_a_request_from_another_site_is_refused(address: tuple[str, int]) -> None:
    own = {"Host": f"127.0.0.1:{address[1]}"}
    target = url(*RIICHI_TSUMO)
    for headers in (
        {**own, "Origin": "https://evil.example"},
        {**own, "Origin": "null"},
        {**own, "Sec-Fetch-Site": "cross-site"},
        {**own, "Sec-Fetch-Site": "same-site"},
    ):
        status, body = call(address, target, headers)
        assert status == 403 and body["error"]["type"] == "CrossOrigin", headers
    status, body = call(address, target, {"Host": f"evil.example:{address[1]}"})
    assert status == 421 and body["error"]["type"] == "HostNotAllowed"
    same = {**own, "Origin": f"http://127.0.0.1:{address[1]}", "Sec-Fetch-Site": "same-origin"}
    status, body = call(address, target, same)
    assert status == 200 and body == score_data(direct(*RIICHI_TSUMO))


#: What odd values are made of: notation, red fives, Unicode tiles, brackets, commas,
#: controls, bidi and invisible characters, markup, a percent sign.
ODD = "0123456789mpsz(),🀇🀙🀀\x00\x1b\u202e\u200b<>&'\"%\\ "
#: Values that some parameter takes, so that some of the odd queries are scored.
PLAUSIBLE = ("", "1", "0", "on", "1z", "2z", "3m", "3", "tenhou", "mahjong-soul")


def test_no_input_is_a_500(address: tuple[str, int]) -> None:
    """Hundreds of queries of odd values for random parameters: each answered with a
    score or a documented error, on one kept-alive connection."""
    rng = random.Random(20240611)
    documented = documented_error_types()
    connection = http.client.HTTPConnection(*address, timeout=30)
    statuses = set()
    try:
        for _ in range(300):
            params = [("q", "234567m234p22s567s"), ("win", "4p")]
            for name in rng.sample(SCORE_PARAMETERS, rng.randint(1, 4)):
                value = rng.choice(PLAUSIBLE) if rng.random() < 0.5 else ""
                value += "".join(rng.choice(ODD) for _ in range(rng.randint(0, 12)))
                params.append((name, value))
            query = "&".join(f"{name}={quote(value)}" for name, value in params)
            connection.request("GET", f"/api/score?{query}")
            response = connection.getresponse()
            body = json.loads(response.read())
            statuses.add(response.status)
            assert response.status in (200, 400), (query, body)
            if response.status == 400:
                assert body["error"]["type"] in documented, (query, body)
    finally:
        connection.close()
    assert statuses == {200, 400}

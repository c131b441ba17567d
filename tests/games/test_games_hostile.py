"""Crafted records: deep nesting, numbers too long or too large, a tile id listed twice,
records too large, special files. Each is a GameRecordError naming the file and the
place, never a raw RecursionError, ValueError, OverflowError or a read that does not end."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import threading
from pathlib import Path

import pytest

import shanten
from shanten.errors import GameRecordError, RecordTooLarge
from shanten.games.corpus import review_file
from shanten.games.formats import convert
from shanten.games.source import MAX_RECORD, read_source

DATA = Path(__file__).parents[1] / "data" / "tenhou"
STEM = sorted(p.stem for p in DATA.glob("*.mjlog"))[0]
XML = (DATA / f"{STEM}.mjlog").read_text(encoding="utf-8")
JSON_LINES = (DATA / f"{STEM}.json").read_text(encoding="utf-8").splitlines()
MJAI = convert(DATA / f"{STEM}.mjlog").splitlines()
DEEP = 100_000


def refused(tmp_path: Path, name: str, text: str) -> GameRecordError:
    """The error reviewing ``text`` from a file named ``name``, and the same from the
    corpus run."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameRecordError) as caught:
        shanten.review(path)
    assert str(caught.value).startswith(f"{path}: ")
    item = review_file(str(path))
    assert not item.ok and item.error == "GameRecordError", item
    return caught.value


def test_deep_nesting_in_the_first_line_is_named_where_the_format_is_sniffed(
    tmp_path: Path,
) -> None:
    error = refused(tmp_path, "deep.json", '{"log": ' + "[" * DEEP + "]" * DEEP + "}")
    assert "nested" in error.message and "line 1, column" in error.message


def test_deep_nesting_in_a_pretty_printed_tenhou_json_is_named(tmp_path: Path) -> None:
    error = refused(tmp_path, "deep.json", '{\n"log": ' + "[" * DEEP + "]" * DEEP + "}")
    assert "nested" in error.message and "line 2, column" in error.message


def test_deep_nesting_in_an_mjai_line_is_named(tmp_path: Path) -> None:
    lines = [*MJAI[:3], '{"type": "dahai", "pai": ' + "[" * DEEP + "]" * DEEP + "}"]
    error = refused(tmp_path, "deep.mjson", "\n".join(lines))
    assert "nested" in error.message and "line 4" in error.message


def test_a_5000_digit_number_is_named(tmp_path: Path) -> None:
    huge = "1" * 5000
    first = json.loads(JSON_LINES[0])
    text = json.dumps(first).replace('"log": [[[0, 0, 0]', f'"log": [[[{huge}, 0, 0]', 1)
    assert huge in text
    error = refused(tmp_path, "long.json", text)
    assert "5,000 digits" in error.message and "line 1, column" in error.message
    lines = [*MJAI[:2], '{"type":"tsumo","actor":' + huge + ',"pai":"1m"}']
    error = refused(tmp_path, "long.mjson", "\n".join(lines))
    assert "5,000 digits" in error.message and "line 3" in error.message


def test_an_infinite_round_number_is_named(tmp_path: Path) -> None:
    first = json.loads(JSON_LINES[0])
    first["log"][0][0][0] = "INF"
    text = json.dumps(first).replace('"INF"', "1e999", 1)
    error = refused(tmp_path, "inf.json", text)
    assert error.round == "round 1 of the log"
    start = json.loads(MJAI[1])
    assert start["type"] == "start_kyoku"
    line = json.dumps(start).replace(f'"kyoku": {start["kyoku"]}', '"kyoku": 1e999', 1)
    error = refused(tmp_path, "inf.mjson", "\n".join([MJAI[0], line, *MJAI[2:]]))
    assert "line 2" in error.message


def test_an_xml_hand_listing_a_tile_id_twice_is_refused(tmp_path: Path) -> None:
    init = re.search(r'<INIT [^>]*hai0="([0-9,]+)"', XML)
    assert init is not None
    ids = init.group(1).split(",")
    twice = ",".join([ids[0], ids[0], *ids[2:]])
    text = XML[: init.start(1)] + twice + XML[init.end(1) :]
    error = refused(tmp_path, "twice.mjlog", text)
    assert f"tile id {ids[0]}" in error.message and "twice" in error.message
    assert error.event == "<INIT>" and error.round == "East 1, 0 honba"


def test_an_xml_tile_id_in_two_hands_is_refused(tmp_path: Path) -> None:
    init = re.search(r'<INIT [^>]*hai0="([0-9,]+)"[^>]*hai1="([0-9,]+)"', XML)
    assert init is not None
    other = init.group(2).split(",")
    shared = init.group(1).split(",")[0]
    text = XML[: init.start(2)] + ",".join([shared, *other[1:]]) + XML[init.end(2) :]
    error = refused(tmp_path, "shared.mjlog", text)
    assert f"tile id {shared}" in error.message and "seat 0" in error.message


# Size: one limit, checked while reading, for paths, open files, bytes and text alike.


def test_a_record_over_the_limit_is_refused_whatever_holds_it(tmp_path: Path) -> None:
    big = b"<" * (MAX_RECORD + 1)
    path = tmp_path / "big.mjlog"
    path.write_bytes(big)
    message = f"the record is over {MAX_RECORD:,} bytes ({MAX_RECORD / 1048576:g} MB)"
    sources = (path, str(path), big, big.decode(), io.BytesIO(big), io.StringIO(big.decode()))
    for source in sources:
        with pytest.raises(RecordTooLarge, match=re.escape(message)):
            read_source(source)
    # exactly the limit is read
    assert read_source(b" " * MAX_RECORD)[0] == " " * MAX_RECORD


def test_a_gzip_bomb_is_refused_while_it_unpacks(tmp_path: Path) -> None:
    import tracemalloc

    bomb = gzip.compress(b" " * (8 * MAX_RECORD), compresslevel=9)
    path = tmp_path / "bomb.mjlog.gz"
    path.write_bytes(bomb)
    tracemalloc.start()
    try:
        with pytest.raises(RecordTooLarge, match="once unpacked"):
            shanten.review(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_RECORD  # never the whole 8-fold unpacked record
    # gzip in gzip is undone layer by layer, each within the limit
    twice = gzip.compress(gzip.compress((DATA / f"{STEM}.mjlog").read_bytes()))
    assert len(shanten.review(twice)) == len(shanten.review(DATA / f"{STEM}.mjlog"))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_by_name() -> None:
    with pytest.raises(GameRecordError) as caught:
        shanten.review("/dev/zero")
    assert str(caught.value) == "/dev/zero: not a regular file (a character device): refused"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_by_name_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.mjlog"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def attempt() -> None:
        try:
            shanten.review(fifo)
        except BaseException as error:  # kept for the assertion below
            outcome.append(error)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(30)
    if thread.is_alive():  # unblock the reader so the test run can end
        with open(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert len(outcome) == 1 and isinstance(outcome[0], GameRecordError)
    assert str(outcome[0]) == f"{fifo}: not a regular file (a FIFO): refused"


def test_a_directory_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(GameRecordError) as caught:
        shanten.review(tmp_path)
    assert str(caught.value) == f"{tmp_path}: not a regular file (a directory): refused"

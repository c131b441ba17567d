"""The three record formats give the same review, whatever the container (path, file,
text, bytes, gzip); the format is read from the content."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

import shanten
from shanten.games.formats import convert
from support.games_facts import check_facts

DATA = Path(__file__).parents[1] / "data" / "tenhou"
SHARED = Path(__file__).parents[3] / "shared" / "testdata" / "tenhou"
GAMES = sorted(p.stem for p in DATA.glob("*.mjlog"))


def rows(game: shanten.GameReview) -> list[dict[str, Any]]:
    """The per-discard records as plain data, names aside (the JSON replaces them)."""
    result = []
    for record in game:
        row = record.to_dict()
        del row["player"]
        result.append(row)
    return result


def same_game(xml: Path, other: Path | str) -> None:
    a, b = shanten.review(xml), shanten.review(other)
    assert rows(a) == rows(b)
    assert a.rounds == b.rounds
    assert a.complete and b.complete
    for p, q in zip(a.players, b.players, strict=True):
        assert (p.decisions, p.optimal, p.total_loss, p.shanten_by_round) == (
            q.decisions,
            q.optimal,
            q.total_loss,
            q.shanten_by_round,
        )


@pytest.mark.parametrize("stem", GAMES)
def test_xml_and_json_give_the_same_review(stem: str) -> None:
    same_game(DATA / f"{stem}.mjlog", DATA / f"{stem}.json")
    assert shanten.review(DATA / f"{stem}.json").format == "tenhou-json"


@pytest.mark.parametrize("stem", GAMES)
def test_xml_converted_to_mjai_gives_the_same_review(stem: str) -> None:
    lines = convert(DATA / f"{stem}.mjlog")
    objects = [json.loads(line) for line in lines.splitlines()]
    assert objects[0]["type"] == "start_game" and objects[-1]["type"] == "end_game"
    game = shanten.review(lines)
    assert game.format == "mjai"
    assert game.names == shanten.review(DATA / f"{stem}.mjlog").names
    same_game(DATA / f"{stem}.mjlog", lines)


@pytest.mark.exhaustive
def test_all_twenty_shared_games_agree_across_formats() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"the shared real games are not beside this checkout ({SHARED})")
    stems = sorted(p.stem for p in (SHARED / "mjlog").glob("*.mjlog"))
    assert len(stems) == 20
    for stem in stems:
        xml = SHARED / "mjlog" / f"{stem}.mjlog"
        same_game(xml, SHARED / "json" / f"{stem}.json")
        same_game(xml, convert(xml))
        text = xml.read_text(encoding="utf-8")
        assert len(shanten.review(xml)) == len(re.findall(r"<[DEFG]\d+\s*/>", text))
        check_facts(xml)
        check_facts(SHARED / "json" / f"{stem}.json")


def test_every_container_gives_the_same_review(tmp_path: Path) -> None:
    path = DATA / f"{GAMES[0]}.mjlog"
    data = path.read_bytes()
    expected = rows(shanten.review(path))
    packed = tmp_path / "record.bin"
    packed.write_bytes(gzip.compress(data))
    with open(path, encoding="utf-8") as text_file:
        from_text_file = shanten.review(text_file)
    assert from_text_file.source == str(path)
    sources: list[Any] = [
        str(path),
        data,
        data.decode("utf-8"),
        gzip.compress(data),
        packed,
        io.BytesIO(gzip.compress(data)),
        io.StringIO(data.decode("utf-8")),
    ]
    for source in sources:
        assert rows(shanten.review(source)) == expected
    assert rows(from_text_file) == expected


def test_the_format_comes_from_the_content_not_the_name(tmp_path: Path) -> None:
    misnamed = tmp_path / "game.json"
    misnamed.write_bytes((DATA / f"{GAMES[0]}.mjlog").read_bytes())
    assert shanten.review(misnamed).format == "tenhou-xml"
    json_named_xml = tmp_path / "game.mjlog"
    json_named_xml.write_bytes((DATA / f"{GAMES[0]}.json").read_bytes())
    assert shanten.review(json_named_xml).format == "tenhou-json"


def test_an_unknown_format_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("East 1: I should have kept the 3m.\n", encoding="utf-8")
    with pytest.raises(shanten.GameRecordError, match=r"notes\.txt: unknown format"):
        shanten.review(path)
    with pytest.raises(shanten.GameRecordError, match="unknown format: XML that is not"):
        shanten.review(b"<html><body/></html>")
    with pytest.raises(shanten.GameRecordError, match="unknown format"):
        shanten.review('{"kifu": []}')


def test_a_missing_file_is_a_game_record_error(tmp_path: Path) -> None:
    with pytest.raises(shanten.GameRecordError, match=r"absent\.mjlog: cannot read the record"):
        shanten.review(os.fspath(tmp_path / "absent.mjlog"))


def test_to_dict_is_plain_json() -> None:
    game = shanten.review(DATA / f"{GAMES[0]}.mjlog")
    data = game.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert len(data["discards"]) == len(game)
    assert [p["name"] for p in data["players"]] == list(game.names)


def test_two_winners_on_one_discard() -> None:
    """A double ron (ダブロン): both wins end the round, and the review does not change."""
    xml = DATA / f"{GAMES[0]}.mjlog"
    lines = convert(xml).splitlines()
    at = next(
        i
        for i, line in enumerate(lines)
        if '"hora"' in line and json.loads(line)["actor"] != json.loads(line)["target"]
    )
    win = json.loads(lines[at])
    other = next(s for s in range(4) if s not in (win["actor"], win["target"]))
    lines.insert(at + 1, json.dumps({**win, "actor": other}))
    game = shanten.review("\n".join(lines))
    assert game.complete
    assert rows(game) == rows(shanten.review(xml))

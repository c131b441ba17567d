"""Records cut short, broken or contradictory: reviewed to their last event, or a
GameRecordError that names the file, the round and the event."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import shanten
from shanten.games.events import CODE_KIND, Discard, Draw, RoundStart
from shanten.games.formats import convert
from shanten.games.replay import Replay
from shanten.games.tenhou_xml import parse_xml

DATA = Path(__file__).parents[1] / "data" / "tenhou"
STEM = sorted(p.stem for p in DATA.glob("*.mjlog"))[0]
XML = (DATA / f"{STEM}.mjlog").read_text(encoding="utf-8")
TAGS = list(re.finditer(r"<[^>]*>", XML))
DISCARD_TAG = re.compile(r"<[DEFG](\d+)\s*/>")


def test_a_record_cut_at_a_tag_boundary_is_reviewed_to_its_last_event(tmp_path: Path) -> None:
    cut = XML[: TAGS[len(TAGS) // 2].end()]  # mid-game, mid-round
    path = tmp_path / "cut.mjlog"
    path.write_text(cut, encoding="utf-8")
    game = shanten.review(path)
    assert not game.complete
    assert len(game) == len(DISCARD_TAG.findall(cut)) > 0
    assert len(game.rounds) == cut.count("<INIT ")


def test_a_json_record_without_its_last_result_is_incomplete() -> None:
    lines = (DATA / f"{STEM}.json").read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last["log"][-1] = last["log"][-1][:-1]  # the last round without its result
    cut = "\n".join([*lines[:-1], json.dumps(last, ensure_ascii=False)])
    game = shanten.review(cut)
    assert not game.complete
    assert len(game) == len(shanten.review(DATA / f"{STEM}.mjlog"))


def test_mjai_lines_cut_short_are_incomplete() -> None:
    lines = convert(DATA / f"{STEM}.mjlog").splitlines()
    cut = lines[: len(lines) // 2]
    game = shanten.review("\n".join(cut))
    assert not game.complete
    assert len(game) == sum(json.loads(line)["type"] == "dahai" for line in cut)


def test_xml_cut_inside_a_tag_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "torn.mjlog"
    path.write_text(XML[: TAGS[200].start() + 3], encoding="utf-8")
    with pytest.raises(shanten.GameRecordError) as error:
        shanten.review(path)
    assert str(error.value) == f"{path}: not well-formed XML: the record is cut inside a tag"


def test_malformed_xml_names_the_round() -> None:
    broken = re.sub(r"<T(\d)", r"<T <\1", XML, count=1)  # inside the first draw tag
    with pytest.raises(shanten.GameRecordError, match="not well-formed XML") as error:
        shanten.review(broken)
    assert error.value.round == "East 1, 0 honba"


def test_broken_json_names_the_line() -> None:
    text = (DATA / f"{STEM}.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines[2] = lines[2][:50]
    with pytest.raises(shanten.GameRecordError, match=r"broken JSON on line 3"):
        shanten.review("\n".join(lines))
    mjai = convert(DATA / f"{STEM}.mjlog").splitlines()
    mjai[5] = mjai[5][:-3]
    with pytest.raises(shanten.GameRecordError, match=r"East 1, 0 honba: broken JSON on line 6"):
        shanten.review("\n".join(mjai))


def test_a_dtd_is_refused() -> None:
    evil = XML.replace("<mjloggm", '<!DOCTYPE x [<!ENTITY a "b">]><mjloggm', 1)
    with pytest.raises(shanten.GameRecordError, match="declares a DTD or an entity"):
        shanten.review(evil)


def _discard_not_held() -> tuple[str, str, int, str]:
    """The record with one discard, in its second round, changed to a tile its seat does
    not hold; the round, the event's index and its short form, all from the replay."""
    record = parse_xml(XML)
    replay = Replay(record.players)
    rounds = 0
    for index, event in enumerate(record.events):
        rounds += type(event).__name__ == "RoundStart"
        if rounds == 2 and isinstance(event, Discard):
            seat = event.seat
            held = replay.kinds[seat]
            kind = next(k for k in range(34) if not held[k] and k not in (4, 13, 22))
            break
        replay.play(event, index)
    # the same discard in the XML: count the discard tags up to it
    number = sum(isinstance(e, Discard) for e in record.events[:index])
    match = list(DISCARD_TAG.finditer(XML))[number]
    edited = XML[: match.start(1)] + str(kind * 4) + XML[match.end(1) :]
    name = shanten.Tile(kind).__str__()
    return edited, str(replay.round), index, f"discard {name} by seat {seat}"


def test_a_discard_of_a_tile_not_held_names_file_round_and_event(tmp_path: Path) -> None:
    edited, round_name, index, short = _discard_not_held()
    path = tmp_path / "edited.mjlog"
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(shanten.GameRecordError) as error:
        shanten.review(path)
    message = str(error.value)
    assert message.startswith(f"{path}: {round_name}: event {index} ({short}): ")
    assert "is not in seat" in message
    assert (error.value.source, error.value.round, error.value.index) == (
        str(path),
        round_name,
        index,
    )


def test_a_draw_into_a_full_hand_is_an_error() -> None:
    draw = re.search(r"<T(\d+)/>", XML)
    assert draw is not None
    doubled = XML[: draw.end()] + draw.group(0) + XML[draw.end() :]
    with pytest.raises(
        shanten.GameRecordError,
        match=r"East 1, 0 honba: event \d+ \(draw .* by seat 0\): seat 0 draws into a full hand",
    ):
        shanten.review(doubled)


def test_an_unknown_seat_is_an_error() -> None:
    lines = convert(DATA / f"{STEM}.mjlog").splitlines()
    at = next(i for i, line in enumerate(lines) if '"tsumo"' in line)
    item = json.loads(lines[at])
    item["actor"] = 7
    lines[at] = json.dumps(item)
    with pytest.raises(shanten.GameRecordError, match="unknown seat 7 in a 4-player game"):
        shanten.review("\n".join(lines))


def test_replay_counts_stay_consistent() -> None:
    """The private invariant: after every event, each seat's counts by kind are its
    counts by code, and no tile is seen or held more than four times."""
    record = parse_xml(XML)
    replay = Replay(record.players)
    for index, event in enumerate(record.events):
        replay.play(event, index)
        for seat in range(replay.players):
            kinds = [0] * 34
            for code, count in enumerate(replay.codes[seat]):
                kinds[CODE_KIND[code]] += count
            assert kinds == replay.kinds[seat]
            assert all(0 <= v + h <= 4 for v, h in zip(replay.visible, kinds, strict=True))
        if isinstance(event, Draw):
            assert replay.drawn[event.seat] == event.tile


def test_a_winning_hand_other_than_the_one_held_is_an_error() -> None:
    agari = re.search(r'<AGARI [^>]*hai="(\d+),', XML)
    assert agari is not None
    first = int(agari.group(1))
    other = (first + 4) % 136 if first // 4 != 33 else first - 4  # another kind
    edited = XML[: agari.start(1)] + str(other) + XML[agari.end(1) :]
    with pytest.raises(
        shanten.GameRecordError,
        match=r"event \d+ \(win by seat \d from seat \d\): the record's winning hand .* is not the hand held",
    ):
        shanten.review(edited)


def test_tenhou_json_lists_that_do_not_replay_are_an_error() -> None:
    lines = (DATA / f"{STEM}.json").read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["log"][0][5].append(first["log"][0][5][-1])  # one draw too many for the dealer
    lines[0] = json.dumps(first, ensure_ascii=False)
    with pytest.raises(
        shanten.GameRecordError,
        match=r"East 1, 0 honba: event \d+: the turns end with 1 draw\(s\) and 0 discard\(s\) of seat 0 left over",
    ):
        shanten.review("\n".join(lines))


def _start(hands: tuple[tuple[int, ...], ...]) -> RoundStart:
    return RoundStart(0, 1, 0, 0, 0, 33, (25000,) * len(hands), hands)


def test_a_fifth_copy_is_an_error() -> None:
    plain = (*range(9, 18), 27, 28, 29, 30)  # 1p-9p and four winds
    hands = ((0, 0, 0, 0, *plain[:9]), plain, plain, plain)
    replay = Replay(4, "made.mjlog")
    replay.play(_start(hands), 0)
    with pytest.raises(
        shanten.GameRecordError,
        match=r"made\.mjlog: East 1, 0 honba: event 1 \(draw 1m by seat 0\): a fifth 1m is held or seen",
    ):
        replay.play(Draw(0, 0), 1)


def test_a_tile_absent_from_three_player_mahjong_is_an_error() -> None:
    hand = (0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)
    replay = Replay(3)
    replay.play(_start((hand, hand, hand)), 0)
    with pytest.raises(
        shanten.GameRecordError,
        match=r"event 1 \(draw 5m by seat 0\): 5m does not exist in 3-player mahjong",
    ):
        replay.play(Draw(0, 4), 1)

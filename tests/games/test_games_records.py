"""How the review builds its records and keeps its counts: the records are ordinary frozen
``DiscardReview`` dataclasses, the counts the replay keeps event by event agree with
counting afresh, and every path to the discard table gives the same review."""

from __future__ import annotations

import dataclasses
import pickle
import random
from pathlib import Path

import pytest

import shanten
from shanten.games.events import DISCARDS, DRAWS, NUM_CODES, Discard, Draw, counts_text, hand_text
from shanten.games.formats import parse
from shanten.games.replay import Replay
from shanten.games.review import DiscardReview, _Reviewer

DATA = Path(__file__).parents[1] / "data" / "tenhou"
XML_GAMES = sorted(DATA.glob("*.mjlog"))
FIELDS = [
    "round",
    "seat",
    "player",
    "turn",
    "hand",
    "melds",
    "drawn",
    "discarded",
    "tsumogiri",
    "visible",
    "shanten_before",
    "shanten_after",
    "ukeire",
    "ukeire_tiles",
    "best",
    "best_ukeire",
    "best_shanten",
    "loss",
    "shanten_up",
    "forced",
    "riichi",
    "after_call",
    "graded",
    "threats",
    "safety",
    "risk",
    "safest",
    "safest_risk",
    "draws_left",
    "win",
    "tenpai",
    "best_win",
    "best_tenpai",
    "best_by_odds",
    "points",
    "best_points",
    "best_by_points",
]


def test_records_are_plain_frozen_dataclasses() -> None:
    game = shanten.review(XML_GAMES[0])
    assert [f.name for f in dataclasses.fields(DiscardReview)] == FIELDS
    for record in game:
        assert type(record) is DiscardReview
        rebuilt = DiscardReview(*[getattr(record, name) for name in FIELDS])
        assert rebuilt == record and hash(rebuilt) == hash(record)
        assert repr(rebuilt) == repr(record)
    record = game.discards[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.hand = "1m"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(game)) == game
    assert dataclasses.replace(record, turn=99).turn == 99


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_the_kept_counts_and_hands_agree_with_counting_afresh(path: Path) -> None:
    _, record = parse(path.read_text(encoding="utf-8"), str(path))
    replay = Replay(record.players, str(path))
    for index, event in enumerate(record.events):
        replay.play(event, index)
        kinds = replay.kinds
        assert replay.held == [sum(seat[t] for seat in kinds) for t in range(34)]
        assert replay.sizes == [sum(seat) for seat in kinds]
        for seat in range(replay.players):
            expected = [4 - kinds[seat][t] - replay.visible[t] for t in range(34)]
            assert list(replay.unseen[seat]) == expected
            if index % 3 == seat % 3:  # its notation, rewritten suit by suit as it changes
                assert replay.hand(seat) == counts_text(replay.codes[seat])


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_the_public_verb_gives_the_same_review(path: Path) -> None:
    """The table asked of :func:`shanten.discards` with the visible tiles gives the
    records the engine's direct answer gives."""
    _, record = parse(path.read_text(encoding="utf-8"), str(path))
    direct = _Reviewer(record, None).run()
    through_the_verb = _Reviewer(record, None)
    through_the_verb.ask = lambda kinds, seat: through_the_verb.ask_verb(kinds)  # type: ignore[method-assign]
    assert through_the_verb.run() == direct


def test_counts_text_writes_what_hand_text_writes() -> None:
    rng = random.Random(7)
    for _ in range(5000):
        codes = [rng.randrange(NUM_CODES) for _ in range(rng.randrange(15))]
        counts = [codes.count(code) for code in range(NUM_CODES)]
        assert counts_text(counts) == hand_text(codes)


def test_the_shared_draw_and_discard_events_are_the_ones_they_stand_for() -> None:
    for seat in range(4):
        for code in range(NUM_CODES):
            assert DRAWS[seat][code] == Draw(seat, code)
            for tsumogiri in (False, True):
                assert DISCARDS[tsumogiri][seat][code] == Discard(seat, code, tsumogiri)

"""The facts a replayed game record must reproduce, shared by the game-review tests."""

from __future__ import annotations

import re
from pathlib import Path

import shanten
from shanten.games.events import Record
from shanten.games.formats import parse
from shanten.games.replay import Replay


def replayed(path: Path) -> Replay:
    """The replay of a whole record, every event played."""
    _, record = parse(path.read_text(encoding="utf-8"), str(path))
    assert isinstance(record, Record)
    replay = Replay(record.players, str(path))
    for index, event in enumerate(record.events):
        replay.play(event, index)
    return replay


def check_facts(path: Path) -> None:
    """The replay of a record reproduces its own facts: every win complete, every riichi
    declared from a ready hand, every hand shown ready at a draw ready (the replay has
    already matched each hand the record shows with the one it holds)."""
    replay = replayed(path)
    assert replay.ended
    text = path.read_text(encoding="utf-8")
    kinds = [e.kind for e in replay.endings]
    if path.suffix == ".mjlog":
        assert kinds.count("win") == text.count("<AGARI ")
        assert kinds.count("riichi") == text.count('step="1"')
        assert kinds.count("shown") == len(
            re.findall(r'<RYUUKYOKU type="(?!reach4)[^"]*"[^>]*hai\d', text)
        )
    for ending in replay.endings:
        if ending.kind == "shown":  # nine terminals: nine kinds of terminals and honours
            held = [t for t in shanten.tiles.TERMINALS_AND_HONOURS if ending.counts[t]]
            assert len(held) >= 9
            continue
        value = shanten.shanten(list(ending.counts), melds=ending.melds)
        assert value == {"win": -1, "riichi": 0, "ready": 0}[ending.kind], (ending, value)

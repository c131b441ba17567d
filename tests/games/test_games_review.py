"""The review of real games (tests/data/tenhou: real Tenhou games from the mjx project)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import shanten
from support.games_facts import check_facts

DATA = Path(__file__).parents[1] / "data" / "tenhou"
XML_GAMES = sorted(DATA.glob("*.mjlog"))


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_one_record_per_discard_tag(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tags = re.findall(r"<[DEFG]\d+\s*/>", text)
    game = shanten.review(path)
    assert game.format == "tenhou-xml"
    assert game.complete
    assert len(game) == len(tags) > 0
    rounds = text.count("<INIT ")
    assert len(game.rounds) == rounds
    for player in game.players:
        assert len(player.shanten_by_round) == rounds
        assert player.discards == sum(len(r) for r in player.shanten_by_round)
    assert sum(p.discards for p in game.players) == len(tags)


@pytest.mark.parametrize("path", [*XML_GAMES, *sorted(DATA.glob("*.json"))], ids=lambda p: p.name)
def test_replay_reproduces_the_records_facts(path: Path) -> None:
    check_facts(path)


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_each_discard_record_is_consistent(path: Path) -> None:
    game = shanten.review(path)
    for record in game:
        hand = shanten.Hand(record.hand.replace("0", "5"))
        table = shanten.discards(hand, melds=record.melds, visible=_own_free(record))
        by_tile = {str(row.discard): row for row in table}
        actual = by_tile[shanten.Tile(record.discarded.replace("0", "5")).__str__()]
        assert record.ukeire == actual.ukeire.total
        held = shanten.Hand(record.hand.replace("0", "5")).counts
        assert record.ukeire_tiles == tuple(
            str(t) for t in actual.ukeire.tiles if record.visible[t.index] + held[t.index] < 4
        )
        assert record.shanten_before == shanten.shanten(hand, melds=record.melds)
        best = [
            str(r.discard)
            for r in table
            if (r.shanten, r.ukeire.total) == (table[0].shanten, table[0].ukeire.total)
        ]
        if list(record.best) != best:  # kuikae took rows away, right after a chi or pon
            assert record.after_call and record.drawn is None
            last = sorted(t.index for t in shanten.Meld(record.melds[-1].replace("0", "5")))
            # the kinds the rule can forbid: the meld's own, and for a run, one past each end
            near = set(last) | ({last[0] - 1, last[2] + 1} if len(set(last)) == 3 else set())
            gone = {shanten.Tile(r).index for r in best} - {
                shanten.Tile(r).index for r in record.best
            }
            assert gone and gone <= near
            continue
        assert record.shanten_after == actual.shanten
        assert record.best[0] == str(table[0].discard)
        assert record.loss >= 0
        assert record.optimal == (record.discarded.replace("0", "5") in record.best)
        if record.forced:
            assert record.drawn is not None
        if record.drawn is None:
            assert record.after_call


def _own_free(record: shanten.DiscardReview) -> list[int]:
    """The record's visible counts less its own melds (the verbs count those themselves)."""
    seen = list(record.visible)
    for meld in record.melds:
        for tile in shanten.Meld(meld.replace("0", "5")):
            seen[tile.index] -= 1
    return seen


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_riichi_and_forced_discards(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = shanten.review(path)
    declared = [r for r in game if r.riichi]
    assert len(declared) == text.count('step="1"')
    assert all(r.shanten_before <= 0 and r.shanten_after == 0 for r in declared)
    in_riichi: set[tuple[object, int]] = set()
    for record in game:
        key = (record.round, record.seat)
        assert record.forced == (key in in_riichi)
        if record.forced:
            assert record.tsumogiri and record.drawn is not None
            assert record.discarded == record.drawn
        if record.riichi:
            in_riichi.add(key)


@pytest.mark.parametrize("path", XML_GAMES, ids=lambda p: p.stem)
def test_player_summaries_add_up(path: Path) -> None:
    game = shanten.review(path)
    for player in game.players:
        mine = [r for r in game if r.seat == player.seat]
        assert player.name == game.names[player.seat] == mine[0].player
        attack = [r for r in mine if r.graded and not r.threats]
        threatened = [r for r in mine if r.graded and r.threats]
        assert player.discards == len(mine)
        assert player.ungraded == len(mine) - len(attack) - len(threatened)
        assert player.decisions == len(attack)
        assert player.optimal == sum(r.optimal for r in attack)
        assert player.total_loss == sum(r.loss for r in attack)
        assert player.mean_loss == pytest.approx(player.total_loss / len(attack))
        assert player.optimal_share == pytest.approx(player.optimal / len(attack))
        assert player.threatened == len(threatened)
        assert player.threatened_optimal == sum(r.optimal for r in threatened)
        assert player.threatened_loss == sum(r.loss for r in threatened)
        flat = [s for turns in player.shanten_by_round for s in turns]
        assert flat == [r.shanten_after for r in mine]
    turns: dict[tuple[object, int], int] = {}
    for record in game:
        key = (record.round, record.seat)
        turns[key] = turns.get(key, 0) + 1
        assert record.turn == turns[key]
        if record.shanten_up:
            assert record.loss == record.best_ukeire and record.shanten_after > record.best_shanten
        else:
            assert record.loss == record.best_ukeire - record.ukeire

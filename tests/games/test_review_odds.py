"""The review judged by the odds, checked from outside: the draws each player had left
counted from the record's own later draws, the probabilities equal to ``shanten.odds``
called directly on the position rebuilt from the record, the rating and the worst
decisions recomputed from the records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import shanten
from shanten.games.events import (
    CODE_KIND,
    CODE_NAMES,
    Call,
    Discard,
    Dora,
    Draw,
    RoundEnd,
    RoundStart,
)
from shanten.games.formats import parse
from shanten.games.records import DiscardReview, GameReview
from shanten.games.source import read_source
from shanten.notation import counts_of, parse_tiles

DATA = Path(__file__).parents[1] / "data" / "tenhou"
SHARED = Path(__file__).parents[3] / "shared" / "testdata" / "tenhou" / "mjlog"
GAME = DATA / "2010081709gm-00a9-0000-fe3371ad.mjlog"
RECORDS = sorted(DATA.glob("*.mjlog")) + sorted(SHARED.glob("*.mjlog"))[:2]

kernel = pytest.mark.skipif(
    not shanten.accelerated,
    reason="a whole game judged by the odds takes minutes on the reference engine "
    "(tests/discard_odds holds the engines equal on the odds)",
)


@pytest.fixture(scope="module")
def judged() -> GameReview:
    return shanten.review(GAME, odds=True)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_draws_left_are_the_draws_that_came_when_nobody_called(path: Path) -> None:
    """Where the round then ran to an exhaustive draw with no call or kan, the seat drew
    exactly its ``draws_left`` more tiles: counted from the record's later events."""
    _, record = parse(*read_source(path))
    game = shanten.review(path)
    decisions = iter(game)
    checked = 0
    events = record.events
    for index, event in enumerate(events):
        if type(event) is not Discard:
            continue
        decision = next(decisions)
        assert (decision.seat, decision.discarded) == (event.seat, CODE_NAMES[event.tile])
        later = []
        for after in events[index + 1 :]:
            if isinstance(after, RoundEnd | RoundStart | Call):
                break
            later.append(after)
        else:
            continue
        if not (isinstance(after, RoundEnd) and after.reason == "exhaustive"):
            continue
        drawn = sum(1 for e in later if type(e) is Draw and e.seat == event.seat)
        assert decision.draws_left == drawn, (decision.round, decision.turn)
        checked += 1
    assert next(decisions, None) is None
    if any(isinstance(e, RoundEnd) and e.reason == "exhaustive" for e in events):
        assert checked > 0


def _visible_without_own_melds(decision: DiscardReview) -> list[int]:
    visible = list(decision.visible)
    for meld in decision.melds:
        for kind, count in enumerate(counts_of(parse_tiles(meld.replace("0", "5")))):
            visible[kind] -= count
    return visible


def _direct(decision: DiscardReview, discards: list[str] | None = None) -> dict[str, float]:
    """``shanten.odds`` of the rebuilt position: each row's win probability."""
    rows = shanten.odds(
        decision.hand,
        melds=decision.melds,
        visible=_visible_without_own_melds(decision),
        draws=decision.draws_left,
        discards=discards,
    )
    assert isinstance(rows, tuple)
    return {str(row.discard): row.win[-1] for row in rows}


def _kind(tile: str) -> str:
    return "5" + tile[1] if tile[0] == "0" else tile


@kernel
def test_the_odds_equal_shanten_odds_on_the_rebuilt_position(judged: GameReview) -> None:
    graded = [d for d in judged if d.graded]
    assert graded and all(d.win is not None for d in graded if d.shanten_before <= 4)
    assert all(d.win is None for d in judged if not d.graded)
    checked = 0
    for decision in graded[::7]:
        if decision.win is None or decision.shanten_before > 2 or decision.after_call:
            continue  # past 2-shanten the best is sought among fewer rows; a call: kuikae
        wins = _direct(decision)
        assert decision.win == wins[_kind(decision.discarded)]
        # equal to 12 decimal places count as tied (shanten.odds's order)
        assert decision.best_win == pytest.approx(max(wins.values()), abs=1e-12)
        assert decision.best_by_odds is not None
        assert wins[decision.best_by_odds] == decision.best_win
        checked += 1
    assert checked > 20


def _games_around(path: Path) -> list[shanten.ScoreContext | None]:
    """For each discard of the record, the game around the discarder's hand rebuilt from
    the events: its seat wind from the dealer, the round's wind, the round's first dora
    indicator; None once a kan has turned another (its timing is the replay's to prove)."""
    _, record = parse(*read_source(path))
    found: list[shanten.ScoreContext | None] = []
    start: RoundStart | None = None
    turned = False
    for event in record.events:
        if isinstance(event, RoundStart):
            start, turned = event, False
        elif isinstance(event, Dora):
            turned = True
        elif type(event) is Discard:
            assert start is not None
            found.append(
                None
                if turned
                else shanten.ScoreContext(
                    seat_wind=27 + (event.seat - start.dealer) % 4,
                    round_wind=27 + start.wind,
                    dora=[CODE_KIND[start.dora]],
                )
            )
    return found


@kernel
def test_the_expected_points_equal_shanten_odds_with_the_game_rebuilt(
    judged: GameReview,
) -> None:
    checked = 0
    contexts = _games_around(GAME)
    for index, (decision, context) in enumerate(zip(judged, contexts, strict=True)):
        if (
            index % 5
            or context is None
            or decision.win is None
            or decision.shanten_before > 2
            or decision.after_call
        ):
            continue
        rows = shanten.odds(
            decision.hand,
            melds=decision.melds,
            visible=_visible_without_own_melds(decision),
            draws=decision.draws_left,
            score=context,
        )
        assert isinstance(rows, tuple)
        points = {str(row.discard): row.score[-1] for row in rows if row.score is not None}
        assert decision.points == points[_kind(decision.discarded)]
        assert decision.best_points == max(points.values())
        assert decision.best_by_points is not None
        assert points[decision.best_by_points] == decision.best_points
        assert decision.points_loss == decision.best_points - decision.points
        checked += 1
    assert checked > 10


@kernel
def test_past_two_shanten_the_best_is_sought_among_the_tile_count_best(
    judged: GameReview,
) -> None:
    far = [d for d in judged if d.win is not None and d.shanten_before > 2][::5]
    assert far
    for decision in far:
        asked = sorted({_kind(t) for t in (*decision.best, decision.discarded)})
        wins = _direct(decision, asked)
        assert decision.win == wins[_kind(decision.discarded)]
        assert decision.best_by_odds is not None
        assert decision.best_win == wins[decision.best_by_odds] >= decision.win
        assert decision.best_win == pytest.approx(max(wins.values()), abs=1e-12)


@kernel
def test_the_rating_and_the_worst_recomputed(judged: GameReview) -> None:
    for player in judged.players:
        attack = [d for d in judged if d.seat == player.seat and d.graded and not d.threats]
        with_odds = [d for d in attack if d.win is not None]
        kept = sum(d.win for d in with_odds if d.win is not None)
        best = sum(d.best_win for d in with_odds if d.best_win is not None)
        assert player.rating_basis == "odds"
        assert player.rating == pytest.approx(100 * kept / best)
        losses = sorted(
            ((d.best_win or 0) - (d.win or 0), -i)
            for i, d in enumerate(judged.discards)
            if d in with_odds and (d.best_win or 0) > (d.win or 0)
        )
        expected = [judged.discards[-i] for _, i in reversed(losses[-5:])]
        assert list(judged.worst(5, seat=player.seat)) == expected


def test_the_tile_rating_and_the_worst_without_the_odds() -> None:
    game = shanten.review(GAME)
    assert all(d.win is None and d.best_by_odds is None for d in game)
    for player in game.players:
        attack = [d for d in game if d.seat == player.seat and d.graded and not d.threats]
        kept = sum(0 if d.shanten_up else d.ukeire for d in attack)
        assert player.rating_basis == "tiles"
        assert player.rating == pytest.approx(100 * kept / sum(d.best_ukeire for d in attack))
        worst = game.worst(len(game), seat=player.seat)
        assert set(worst) == {d for d in attack if d.shanten_up or d.loss}
        keys = [(not d.shanten_up, -d.loss) for d in worst]
        assert keys == sorted(keys)


def test_progress_counts_every_discard() -> None:
    seen: list[tuple[int, int]] = []
    game = shanten.review(GAME, progress=lambda done, total: seen.append((done, total)))
    _, record = parse(*read_source(GAME))
    total = sum(1 for e in record.events if type(e) is Discard)
    assert seen == [(i, total) for i in range(1, total + 1)]
    assert len(game) == total


def test_a_progress_error_stops_the_review() -> None:
    def stop(done: int, total: int) -> None:
        if done == 3:
            raise KeyError("stop")

    with pytest.raises(KeyError):
        shanten.review(GAME, progress=stop)


@kernel
def test_the_command_line_judges_by_the_odds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One round of a real game (the log viewer's JSON holds a round a line)."""
    from shanten.cli.review import main

    lines = (DATA / "2010081709gm-00a9-0000-fe3371ad.json").read_text(encoding="utf-8")
    record = tmp_path / "round.json"
    record.write_text(lines.splitlines()[0], encoding="utf-8")
    judged = shanten.review(record, odds=True)
    assert main([str(record), "--odds", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["rating"] for p in data["players"]] == [p.rating for p in judged.players]
    assert {p["rating_basis"] for p in data["players"]} == {"odds"}
    assert [d["win"] for d in data["discards"]] == [d.win for d in judged]
    seat = next(s for s in range(4) if judged.worst(1, seat=s))
    assert main([str(record), "--odds", "--player", str(seat)]) == 0
    table = capsys.readouterr().out
    assert "worst decisions" in table
    for decision in judged.worst(3, seat=seat):
        assert decision.reason in table
        assert f"{decision.round}, turn {decision.turn}:" in table

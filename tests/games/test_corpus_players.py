"""shanten.games.corpus_players: each name's sums and worst games, checked against sums
and a sort over the per-game reviews made here; failures counted and skipped."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import shanten
from shanten.games.corpus import CorpusFailure, CorpusItem, CorpusReview
from shanten.games.corpus_players import (
    SUMMED,
    CorpusPlayers,
    PlayerAggregate,
    aggregate_players,
)
from shanten.games.review import review
from shanten.games.summary import PlayerReview

FIXTURES = Path(__file__).parents[1] / "data" / "tenhou"
PATHS = sorted(str(path) for path in FIXTURES.iterdir() if path.suffix in (".mjlog", ".json"))
ITEMS: list[CorpusItem] = [CorpusReview(path, review(path)) for path in PATHS]


def expected(items: list[CorpusItem], worst: int) -> dict[str, dict[str, object]]:
    """Each name's figures, the plain way: every game of the name kept, then sorted."""
    totals: dict[str, dict[str, int]] = {}
    ratings: dict[str, dict[str, list[float]]] = {}
    games: dict[str, list[tuple[float, int, str]]] = {}
    for position, item in enumerate(items):
        if not isinstance(item, CorpusReview):
            continue
        for name in {player.name for player in item.review.players}:
            seats = [p for p in item.review.players if p.name == name]
            mine = totals.setdefault(name, {"games": 0, **dict.fromkeys(SUMMED, 0)})
            mine["games"] += 1
            for field in SUMMED:
                mine[field] += sum(getattr(p, field) for p in seats)
            for p in seats:
                sums = ratings.setdefault(name, {}).setdefault(p.rating_basis, [0.0, 0.0])
                sums[0] += p.rating_kept
                sums[1] += p.rating_best
            decisions = sum(p.decisions for p in seats)
            if decisions:
                mean = sum(p.total_loss for p in seats) / decisions
                games.setdefault(name, []).append((mean, position, item.path))
    out: dict[str, dict[str, object]] = {}
    for name, mine in totals.items():
        ranked = sorted(games.get(name, []), key=lambda game: (-game[0], game[1]))
        out[name] = {**mine, "worst": [(path, mean) for mean, _, path in ranked[:worst]]}
        by_odds = ratings[name].get("odds", [0.0, 0.0])
        basis = "odds" if by_odds[1] > 0 else "tiles"
        kept, best = ratings[name].get(basis, [0.0, 0.0])
        out[name]["rating"] = (basis, pytest.approx(kept), pytest.approx(best))
    return out


def figures(player: PlayerAggregate) -> dict[str, object]:
    data: dict[str, object] = {"games": player.games}
    data.update({field: getattr(player, field) for field in SUMMED})
    data["worst"] = [(game.path, game.mean_loss) for game in player.worst_games]
    data["rating"] = (player.rating_basis, player.rating_kept, player.rating_best)
    return data


def test_the_fixtures_share_names() -> None:
    """The check below means something only if some name plays several games."""
    counts: dict[str, int] = {}
    for item in ITEMS:
        assert isinstance(item, CorpusReview)
        for name in set(item.review.names):
            counts[name] = counts.get(name, 0) + 1
    assert len(ITEMS) >= 6 and max(counts.values()) >= 3


@pytest.mark.parametrize("worst", [0, 1, 3, 50])
def test_sums_and_worst_games_are_those_of_the_games(worst: int) -> None:
    corpus = aggregate_players(ITEMS, worst=worst)
    want = expected(ITEMS, worst)
    assert {player.name: figures(player) for player in corpus} == want
    assert corpus.games == len(ITEMS) and corpus.failures == 0
    order = [(-player.games, player.name) for player in corpus]
    assert order == sorted(order)  # the most games first, then by name


def test_failures_are_counted_and_skipped() -> None:
    failure = CorpusFailure("broken.mjlog", "GameRecordError", "broken.mjlog: cut short")
    items = [failure, *ITEMS[:3], failure]
    corpus = aggregate_players(items)
    assert corpus.failures == 2 and corpus.games == 3
    # the figures are those of the three games alone
    assert {p.name: figures(p) for p in corpus} == expected(ITEMS[:3], 3)


def test_one_name_at_several_seats_counts_the_game_once() -> None:
    item = ITEMS[0]
    assert isinstance(item, CorpusReview)
    guests = tuple(dataclasses.replace(p, name="NoName") for p in item.review.players)
    game = dataclasses.replace(item.review, players=guests)
    corpus = aggregate_players([CorpusReview(item.path, game)])
    (player,) = corpus.players
    assert player.name == "NoName" and player.games == 1
    for field in SUMMED:
        assert getattr(player, field) == sum(getattr(p, field) for p in item.review.players)
    (only,) = player.worst_games
    assert only.decisions == player.decisions and only.mean_loss == player.mean_loss


def test_a_tie_keeps_the_first_game_of_the_corpus() -> None:
    item = ITEMS[0]
    assert isinstance(item, CorpusReview)
    copies = [CorpusReview(f"copy-{n}.mjlog", item.review) for n in range(4)]
    for player in aggregate_players(copies, worst=2):
        assert [game.path for game in player.worst_games] == ["copy-0.mjlog", "copy-1.mjlog"]


def test_names_keep_only_those_players() -> None:
    everyone = aggregate_players(ITEMS)
    chosen = [everyone.players[0].name, everyone.players[-1].name, "nobody"]
    some = aggregate_players(ITEMS, names=chosen)
    assert some.players == (everyone.players[0], everyone.players[-1])
    assert some.games == everyone.games
    one = everyone.players[1].name
    assert aggregate_players(ITEMS, names=one).players == (everyone.players[1],)


def test_the_rating_is_by_the_odds_where_any_game_is() -> None:
    """Games judged by the odds and games by tile count are not summed together: the
    odds win, the other games are left out of the rating, as a game leaves out its
    decisions not judged."""
    item = ITEMS[0]
    assert isinstance(item, CorpusReview)

    def judged(kept: float, best: float) -> CorpusReview:
        players = tuple(
            dataclasses.replace(p, rating_kept=kept, rating_best=best, rating_basis="odds")
            for p in item.review.players
        )
        return CorpusReview(item.path, dataclasses.replace(item.review, players=players))

    tiles = item.review.players[0]
    assert tiles.rating_basis == "tiles" and tiles.rating_best > 0
    by_tiles = aggregate_players([item, item]).players
    assert {p.rating_basis for p in by_tiles} == {"tiles"}
    first = next(p for p in by_tiles if p.name == tiles.name)
    assert first.rating_best == 2 * tiles.rating_best
    assert first.rating == pytest.approx(tiles.rating)
    mixed = aggregate_players([item, judged(0.5, 2.0), judged(0.25, 1.0)])
    for player in mixed:
        assert (player.rating_basis, player.rating_kept, player.rating_best) == ("odds", 0.75, 3.0)
        assert player.rating == 25.0 and player.games == 3


def test_shares_and_means() -> None:
    for player in aggregate_players(ITEMS):
        assert player.decisions > 0
        assert player.optimal_share == player.optimal / player.decisions
        assert player.mean_loss == player.total_loss / player.decisions
        threatened = player.threatened_loss / player.threatened if player.threatened else 0.0
        assert player.threatened_mean_loss == threatened
    empty = PlayerAggregate("A", games=1)
    assert (empty.optimal_share, empty.mean_loss, empty.threatened_mean_loss) == (0, 0, 0)


def test_to_dict_is_plain_data_with_every_field() -> None:
    corpus = aggregate_players(ITEMS)
    data = json.loads(json.dumps(corpus.to_dict()))
    assert data["games"] == len(ITEMS) and data["failures"] == 0
    first = data["players"][0]
    player = corpus.players[0]
    for field in dataclasses.fields(PlayerAggregate):
        assert field.name in first
    assert first["mean_loss"] == player.mean_loss
    assert [g["path"] for g in first["worst_games"]] == [g.path for g in player.worst_games]
    assert first["worst_games"][0]["mean_loss"] == player.worst_games[0].mean_loss


def test_every_summed_field_is_a_field_of_both() -> None:
    """One more summed field is one more name in SUMMED and a field of each class."""
    review_fields = {field.name for field in dataclasses.fields(PlayerReview)}
    aggregate_fields = {field.name for field in dataclasses.fields(PlayerAggregate)}
    assert set(SUMMED) <= review_fields & aggregate_fields


def test_a_bad_worst_is_a_rule_error() -> None:
    for worst in (-1, 1.5, True, "3"):
        with pytest.raises(shanten.RuleError, match="worst must be a whole number from 0"):
            aggregate_players(ITEMS, worst=worst)  # type: ignore[arg-type]


def test_nothing_to_aggregate() -> None:
    assert aggregate_players([]) == CorpusPlayers((), games=0, failures=0)

"""The output of ``shanten review --by-player`` (:mod:`shanten.cli.review`): each player's
grade over all the files (:func:`~shanten.games.corpus_players.aggregate_players`), as a
table that fits 80 columns, JSON lines or CSV, written once the last file is reviewed.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from shanten.cli.review_output import cut, cut_left, mean, rated, share, shown
from shanten.cli.text import WIDTH
from shanten.display import pad
from shanten.games.corpus_players import CorpusPlayers, PlayerAggregate

__all__ = ["players_csv", "players_json", "players_table", "players_text"]

_NAME = 18
_HEADER = f"{pad('player', _NAME)}  games  decisions  optimal  mean loss      rating     threat"


def players_table(corpus: CorpusPlayers) -> str:
    """A row per player (its games, then the grade of its attack decisions, its rating
    and ``threat``: its decisions under a threat and their loss, ``count/loss``), under it
    the games with the highest mean loss; then the count of players and games."""
    lines = [_HEADER]
    for player in corpus:
        lines.append(
            f"{pad(cut(player.name, _NAME), _NAME)}  {player.games:>5}  {player.decisions:>9}"
            f"  {share(player.optimal, player.decisions):>7}"
            f"  {mean(player.total_loss, player.decisions):>9}"
            f"  {rated(player.rating, player.rating_basis):>10}"
            f"  {f'{player.threatened}/{player.threatened_loss}':>9}"
        )
        for index, game in enumerate(player.worst_games):
            first = f"  {'worst' if index == 0 else '':<5}  {game.mean_loss:>6.2f}  "
            lines.append(first + cut_left(shown(game.path), WIDTH - len(first)))
    games = "game" if corpus.games == 1 else "games"
    people = "player" if len(corpus) == 1 else "players"
    lines.append(f"{len(corpus)} {people} in {corpus.games} {games}")
    return "\n".join(lines) + "\n"


def _data(player: PlayerAggregate) -> dict[str, Any]:
    data = player.to_dict()
    for game in data["worst_games"]:
        game["path"] = shown(game["path"])
    return data


def players_json(corpus: CorpusPlayers) -> str:
    """JSON lines: one object per player (:meth:`PlayerAggregate.to_dict`)."""
    return "".join(json.dumps(_data(player), ensure_ascii=False) + "\n" for player in corpus)


def players_csv(corpus: CorpusPlayers, worst: int) -> str:
    """CSV: a header, then one row per player: the fields of
    :meth:`PlayerAggregate.to_dict`, its worst games as ``worst_1``, ``worst_1_mean_loss``
    and so on up to ``worst`` (empty where the player has fewer games)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row, player in enumerate(corpus):
        data = _data(player)
        games = data.pop("worst_games")
        if row == 0:
            numbered = [
                f"worst_{n}{end}" for n in range(1, worst + 1) for end in ("", "_mean_loss")
            ]
            writer.writerow([*data, *numbered])
        cells = [cell for game in games for cell in (game["path"], game["mean_loss"])]
        writer.writerow([*data.values(), *cells, *[""] * (2 * worst - len(cells))])
    return buffer.getvalue()


def players_text(kind: str, corpus: CorpusPlayers, worst: int) -> str:
    """The output of a ``--format``: ``table``, ``json`` or ``csv``."""
    if kind == "json":
        return players_json(corpus)
    if kind == "csv":
        return players_csv(corpus, worst)
    return players_table(corpus)

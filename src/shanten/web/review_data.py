"""A game's review as the review's renderer (``static/review_view.js``) reads it, in the
page and in the report file alike: the worst decisions by index, the Tenhou log id of a
record and the link to a decision's round in Tenhou's viewer, and the compact form the
report file embeds.

The renderer takes :meth:`shanten.GameReview.to_dict` as it is (the page's answer, with
``"worst"`` added), or the compact form of :func:`compact`: the same data with each
discard a row of values under one list of column names, and without what the renderer
does not show or can rebuild (see :data:`DROPPED`).

>>> log_id("games/2010081709gm-00a9-0000-fe3371ad.mjlog")
'2010081709gm-00a9-0000-fe3371ad'
>>> log_id("game.json") is None
True
>>> tenhou_url("2010081709gm-00a9-0000-fe3371ad", 3, 2)
'https://tenhou.net/6/?log=2010081709gm-00a9-0000-fe3371ad&tw=2&ts=3'
"""

from __future__ import annotations

import os
import re
from typing import Any, Final

from shanten.games.records import GameReview

__all__ = ["DROPPED", "WORST", "compact", "log_id", "tenhou_url", "worst"]

#: How many of the worst decisions are listed, of the game and of each seat.
WORST: Final = 10
#: A Tenhou game id (牌譜ID): the date and hour, ``gm-``, the rules in hex, the lobby, a
#: random part (``2010081709gm-00a9-0000-fe3371ad``).
_LOG_ID: Final = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
#: The fields of a discard's ``to_dict()`` the compact form leaves out: its round in
#: parts (``round_index`` names it), the player's name (``names`` has it once) and the
#: 34 visible counts (about 110 bytes a discard, shown nowhere).
DROPPED: Final = ("round", "wind", "number", "honba", "player", "visible")
#: The judgement by the odds, left out too when no decision has it (a review without).
JUDGED: Final = (
    "win",
    "tenpai",
    "best_win",
    "best_tenpai",
    "best_by_odds",
    "win_loss",
    "points",
    "best_points",
    "best_by_points",
    "points_loss",
)


def log_id(name: str | None) -> str | None:
    """The Tenhou game id in a record's file name (Tenhou's files are named by it), or
    None: no file name, or none in it."""
    if not name:
        return None
    found = _LOG_ID.search(os.path.basename(name))
    return found.group() if found else None


def tenhou_url(game_id: str, round_index: int, seat: int) -> str:
    """The address of a round in Tenhou's log viewer: ``log`` the game, ``tw`` the seat
    shown at the bottom (0 deals first), ``ts`` the round, counted from 0 in the record's
    order. The viewer opens at the start of that round."""
    return f"https://tenhou.net/6/?log={game_id}&tw={seat}&ts={round_index}"


def worst(game: GameReview, n: int = WORST) -> dict[str, Any]:
    """:meth:`GameReview.worst` as indices into ``game.discards``: ``"all"`` of every
    seat, ``"by_seat"`` one list per seat."""
    place = {id(record): index for index, record in enumerate(game.discards)}

    def indices(seat: int | None) -> list[int]:
        return [place[id(record)] for record in game.worst(n, seat=seat)]

    return {"all": indices(None), "by_seat": [indices(seat) for seat in range(len(game.names))]}


def _round_indices(game: GameReview) -> list[int]:
    """Each discard's round as its index in ``game.rounds``: a round's records come
    together, in the order of the rounds, and a round may have none."""
    indices: list[int] = []
    at, current = -1, None
    for record in game.discards:
        if record.round != current:
            current = record.round
            at = game.rounds.index(current, at + 1)
        indices.append(at)
    return indices


def compact(game: GameReview, *, seat: int | None = None) -> dict[str, Any]:
    """The review in the form the report file embeds: ``to_dict()`` with ``source`` as
    the file's name alone, ``discards`` replaced by ``discard_columns`` (the names of
    the fields, :data:`DROPPED` left out, and :data:`JUDGED` in a review not judged by the
    odds, ``round_index`` first) and ``discard_rows``
    (one list of values per discard); and ``worst`` (:func:`worst`), ``tenhou`` (the
    game's :func:`log_id`, or None) and ``seat`` (the player shown first, or None for
    all)."""
    data = game.to_dict()
    discards = data.pop("discards")
    if data["source"] is not None:
        data["source"] = os.path.basename(data["source"])
    columns = ["round_index"]
    judged = any(record["win"] is not None for record in discards)
    dropped = DROPPED if judged else DROPPED + JUDGED
    if discards:
        columns += [key for key in discards[0] if key not in dropped]
    rows = []
    for index, record in zip(_round_indices(game), discards, strict=True):
        record["round_index"] = index
        rows.append([record[key] for key in columns])
    data.update(
        discard_columns=columns,
        discard_rows=rows,
        worst=worst(game),
        tenhou=log_id(game.source),
        seat=seat,
    )
    return data

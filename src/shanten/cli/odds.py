"""The discard odds on the command line, ``shanten HAND --odds``: the data that ``--json``
carries (:func:`odds_data`) and the text that ``shanten`` adds to its discard table and to
the effective tiles: the chance to be ready (聴牌率) and to win (和了率) within the draws
left, as :func:`shanten.odds` computes them (self-draw only, no calls, each draw played
for the best chance of the figure shown).

>>> data = odds_data("123m456p789s1122z", draws=1)
>>> data["draws"], data["shanten"], data["win"]
(1, 0, [0.0, 0.032520325203252036])
>>> percent(data["win"][-1])
'3.3%'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from shanten import options as rules
from shanten.discard_odds import HandOdds, odds
from shanten.display import width, wrap
from shanten.efficiency import VisibleLike
from shanten.hand import HandLike, MeldLike
from shanten.score_context import ScoreContext

__all__ = [
    "DRAWS",
    "hand_lines",
    "odds_data",
    "ordered",
    "percent",
    "points",
    "table_header",
]

#: The draws ``--odds`` counts when ``--draws`` is not given: a whole game from the first draw.
DRAWS = 17

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "tenpai": "tenpai",
        "win": "win",
        "points": "points",
        "table": "odds within {draws} (self-draw only, no calls{switches}{points}), best win "
        "first:",
        "hand": "Odds within {draws} (self-draw only, no calls{switches}{points}):",
        "draws": "{n} draws",
        "draw": "1 draw",
        "hand_changes": "hand changes 手変わり",
        "shanten_back": "shanten back 向聴戻し",
        "with": ", with {switches}",
        "and": " and ",
        "expected": "; points: the expected score, {riichi}",
        "best": "riichi when it pays more",
        "always": "riichi when ready",
        "never": "no riichi",
    },
    "ja": {
        "tenpai": "聴牌率",
        "win": "和了率",
        "points": "期待値",
        "table": "和了率の高い順 ({draws}以内、ツモのみ、鳴きなし{switches}{points}):",
        "hand": "{draws}以内 (ツモのみ、鳴きなし{switches}{points}):",
        "draws": "ツモ{n}回",
        "draw": "ツモ1回",
        "hand_changes": "手変わり",
        "shanten_back": "向聴戻し",
        "with": "、{switches}あり",
        "and": "・",
        "expected": "、期待値は{riichi}",
        "best": "得な方でリーチ",
        "always": "聴牌即リーチ",
        "never": "リーチなし",
    },
}


def odds_data(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: rules.PlayersLike = 4,
    count_melded_copies: bool = False,
    visible: VisibleLike = (),
    draws: int = DRAWS,
    hand_changes: bool = False,
    shanten_back: bool = False,
    score: ScoreContext | None = None,
) -> dict[str, Any]:
    """:func:`shanten.odds` as JSON-ready data: ``draws`` and the switches, then for a
    3n+2 hand ``discards``, one row per discard (``discard``, ``shanten``, ``tenpai``,
    ``win``) best win first, and for a 3n+1 hand its own ``shanten``, ``tenpai`` and
    ``win``. ``tenpai[k]`` and ``win[k]`` are the chances within ``k`` draws. With a
    ``score`` context each also has ``score``, the expected points within ``k`` draws,
    and the data says the riichi choice (``riichi``)."""
    result = odds(
        hand,
        melds=melds,
        players=players,
        count_melded_copies=count_melded_copies,
        visible=visible,
        draws=draws,
        hand_changes=hand_changes,
        shanten_back=shanten_back,
        progress=_between_rows,
        score=score,
    )
    data: dict[str, Any] = {
        "draws": draws,
        "hand_changes": hand_changes,
        "shanten_back": shanten_back,
    }
    if score is not None:
        data["riichi"] = score.riichi
    if isinstance(result, HandOdds):
        data["shanten"] = result.shanten
        data["tenpai"], data["win"] = list(result.tenpai), list(result.win)
        if result.score is not None:
            data["score"] = list(result.score)
    else:
        data["discards"] = [
            {
                "discard": str(row.discard),
                "shanten": row.shanten,
                "tenpai": list(row.tenpai),
                "win": list(row.win),
                **({} if row.score is None else {"score": list(row.score)}),
            }
            for row in result
        ]
    return data


def _between_rows(row: object) -> None:
    """Called with each row as it comes, from this thread: doing nothing, it lets Python
    handle a signal between rows (Ctrl-C stops the run at the next row, not after the
    last); without it the kernel runs every row before Python looks."""


def percent(chance: float) -> str:
    """A chance as the command line prints it: ``'12.3%'``."""
    return f"{chance:.1%}"


def points(value: float) -> str:
    """Expected points as the command line prints them, to the point: ``'1802'``."""
    return f"{value:.0f}"


def _cell(entry: dict[str, Any]) -> str:
    """The odds of a row at the last draw, in 16 columns: two percentages, then a gap;
    with the expected points, 6 columns more."""
    cell = f"{percent(entry['tenpai'][-1]):>6}  {percent(entry['win'][-1]):>6}  "
    if "score" in entry:
        cell += f"{points(entry['score'][-1]):>5}  "
    return cell


def ordered(
    rows: list[dict[str, Any]], data: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The discard table's ``rows`` in the order of the odds ``data`` (best win first),
    and the odds cell of each."""
    by_discard = {row["discard"]: row for row in rows}
    entries = data["discards"]
    return [by_discard[entry["discard"]] for entry in entries], [_cell(e) for e in entries]


def _model(data: dict[str, Any], text: dict[str, str]) -> dict[str, str]:
    """The words for the draws and the switches, as the headers write them."""
    draws = text["draw"] if data["draws"] == 1 else text["draws"].format(n=data["draws"])
    chosen = [text[name] for name in ("hand_changes", "shanten_back") if data[name]]
    switches = text["with"].format(switches=text["and"].join(chosen)) if chosen else ""
    riichi = data.get("riichi")
    scored = "" if riichi is None else text["expected"].format(riichi=text[riichi])
    return {"draws": draws, "switches": switches, "points": scored}


def _labels(text: dict[str, str], with_points: bool) -> str:
    """The column labels, each over its figure."""
    tenpai, win = text["tenpai"], text["win"]
    labels = " " * (6 - width(tenpai)) + tenpai + " " * (8 - width(win)) + win
    if with_points:
        labels += " " * (7 - width(text["points"])) + text["points"]
    return labels


def table_header(
    data: dict[str, Any], lang: Literal["en", "ja"], *, indent: int, limit: int
) -> list[str]:
    """The lines above a discard table with odds, at most ``limit`` columns: the order
    and the model, then the labels of the odds columns, which start ``indent`` columns in."""
    text = _TEXT[lang]
    words = text["table"].format(**_model(data, text)).split(" ")
    with_points = "riichi" in data
    return [
        *wrap(words, limit, first="  ", indent="    "),
        " " * indent + _labels(text, with_points),
    ]


def hand_lines(data: dict[str, Any], lang: Literal["en", "ja"], *, limit: int) -> list[str]:
    """The lines after a 3n+1 hand's effective tiles or waits, at most ``limit`` columns:
    its odds."""
    text = _TEXT[lang]
    words = text["hand"].format(**_model(data, text)).split(" ")
    tenpai, win = percent(data["tenpai"][-1]), percent(data["win"][-1])
    figures = f"  {text['tenpai']} {tenpai}   {text['win']} {win}"
    if "score" in data:
        figures += f"   {text['points']} {points(data['score'][-1])}"
    return ["", *wrap(words, limit, indent="  "), figures]

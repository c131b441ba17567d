"""The output of ``shanten review`` (:mod:`shanten.cli.review`): a table that fits 80
columns, JSON lines or CSV, written game by game as the reviews come, and the plot.

The player filter (``--player``) is a :class:`Chosen`; each format is an :class:`Output`
whose :meth:`~Output.game` gives the text for one game and :meth:`~Output.close` what
follows the last (the table's totals).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any

from shanten.cli.text import WIDTH
from shanten.display import pad, width, wrap
from shanten.games.records import DiscardReview, GameReview

__all__ = [
    "Chosen",
    "CsvOutput",
    "JsonOutput",
    "Output",
    "TableOutput",
    "cut",
    "cut_left",
    "make_output",
    "mean",
    "plot_shanten",
    "rated",
    "share",
    "shown",
]


def shown(path: str) -> str:
    r"""``path`` as the output writes it: valid UTF-8 whatever the file name. A byte that
    is not UTF-8 (which Python keeps in a path as a lone surrogate) is written as its
    escape, so the JSON and CSV stay valid and the name stays readable.

    >>> shown("games/\udcff.mjlog")
    'games/\\xff.mjlog'
    """
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The players ``--player`` chose: a seat, a name, or (neither) every player."""

    seat: int | None = None
    name: str | None = None

    def seats(self, review: GameReview) -> list[int]:
        """The chosen seats of one game: none when the game has no such player."""
        names = review.names
        if self.seat is not None:
            return [self.seat] if self.seat < len(names) else []
        if self.name is not None:
            return [seat for seat, name in enumerate(names) if name == self.name]
        return list(range(len(names)))

    def describe(self) -> str:
        return f"seat {self.seat}" if self.seat is not None else f"a player named {self.name!r}"


class Output:
    """One output format: the text of each game, then the text after the last."""

    def __init__(self, chosen: Chosen) -> None:
        self.chosen = chosen
        self.games = 0
        self.matched_games = 0

    @property
    def matched(self) -> bool:
        """False when a player was chosen and no game reviewed has them."""
        return self.matched_games > 0 or self.games == 0

    def unmatched_message(self) -> str:
        return f"argument --player: no game has {self.chosen.describe()}"

    def _discards(self, review: GameReview) -> tuple[list[int], list[DiscardReview]]:
        self.games += 1
        seats = self.chosen.seats(review)
        if seats:
            self.matched_games += 1
        return seats, [d for d in review if d.seat in seats]

    def game(self, path: str, review: GameReview) -> str:
        raise NotImplementedError

    def close(self) -> str:
        return ""

    def curves(self, review: GameReview) -> list[tuple[int, ...]]:
        """The shanten after each discard, one tuple per round of each chosen seat in
        which it discarded."""
        seats = self.chosen.seats(review)
        return [turns for seat in seats for turns in review.players[seat].shanten_by_round if turns]


#: How many worst decisions the table shows for a chosen player.
WORST = 3


def rated(rating: float | None, basis: str) -> str:
    """A rating as the table writes it, with its basis (``o``: by the odds, ``t``: by
    tile count); ``-`` with nothing to grade.

    >>> rated(87.25, "tiles"), rated(None, "odds")
    ('87.2 t', '-')
    """
    return "-" if rating is None else f"{rating:.1f} {basis[0]}"


def share(optimal: int, decisions: int) -> str:
    """The optimal share as the table writes it: ``-`` with no decision.

    >>> share(2, 3), share(0, 0)
    ('66.7%', '-')
    """
    return f"{optimal / decisions:.1%}" if decisions else "-"


def mean(total: int, decisions: int) -> str:
    """The mean loss as the table writes it: ``-`` with no decision.

    >>> mean(7, 4), mean(0, 0)
    ('1.75', '-')
    """
    return f"{total / decisions:.2f}" if decisions else "-"


def cut(text: str, columns: int) -> str:
    """``text`` shortened to ``columns`` display columns, ``…`` marking the cut.

    >>> cut("まる助さん", 7)
    'まる助…'
    """
    if width(text) <= columns:
        return text
    while width(text) > columns - 1:
        text = text[:-1]
    return text + "…"


def cut_left(text: str, columns: int) -> str:
    """``text`` shortened from the left to ``columns`` display columns (a path keeps its
    file name), ``…`` marking the cut.

    >>> cut_left("games/2010/a.mjlog", 9)
    '…/a.mjlog'
    """
    if width(text) <= columns:
        return text
    while width(text) > columns - 1:
        text = text[1:]
    return "…" + text


_NAME = 18
_HEADER = f"  seat  {pad('player', _NAME)}  decisions  optimal  mean loss      rating     threat"


class TableOutput(Output):
    """Per game, a row per chosen player (the grade of its attack decisions, then
    ``threat``: its graded decisions under a threat and their loss, ``count/loss``); with
    ``--player``, the graded discards that gave up tile efficiency too; after the last
    game, the totals."""

    def __init__(self, chosen: Chosen) -> None:
        super().__init__(chosen)
        self.decisions = self.optimal = self.loss = 0

    def game(self, path: str, review: GameReview) -> str:
        seats, discards = self._discards(review)
        if not seats:
            return ""
        complete = "" if review.complete else ", stops mid-game"
        lines = [
            cut_left(path, WIDTH),
            f"  {review.format}, {len(review.rounds)} rounds{complete}",
        ]
        lines.append(_HEADER)
        for seat in seats:
            player = review.players[seat]
            self.decisions += player.decisions
            self.optimal += player.optimal
            self.loss += player.total_loss
            name = pad(cut(player.name, _NAME), _NAME)
            lines.append(
                f"  {seat:<4}  {name}  {player.decisions:>9}"
                f"  {share(player.optimal, player.decisions):>7}"
                f"  {mean(player.total_loss, player.decisions):>9}"
                f"  {rated(player.rating, player.rating_basis):>10}"
                f"  {f'{player.threatened}/{player.threatened_loss}':>9}"
            )
        if self.chosen.seat is not None or self.chosen.name is not None:
            lines += self._worst(review, seats)
            lines += self._misses(discards)
        return "\n".join(lines) + "\n\n"

    def _worst(self, review: GameReview, seats: list[int]) -> list[str]:
        """The chosen players' worst decisions, each with its reason."""
        lines: list[str] = []
        for d in sorted(
            (d for seat in seats for d in review.worst(WORST, seat=seat)),
            key=review.discards.index,
        ):
            if not lines:
                lines.append(f"  worst decisions (at most {WORST} a player)")
            hand = " + ".join([d.hand, *d.melds])
            lines.append(cut(f"    {d.round}, turn {d.turn}: {hand} cut {d.discarded}", WIDTH))
            lines += wrap(d.reason.split(" "), WIDTH, first=" " * 6, indent=" " * 6)
        return lines

    def _misses(self, discards: list[DiscardReview]) -> list[str]:
        """The discards below the best, under their round: the hand and melds, the
        discard, the loss (``*`` where it raised the shanten) and the best discards."""
        lines: list[str] = []
        round_ = None
        for d in discards:
            if d.optimal or not d.graded:
                continue
            if not lines:
                lines.append("  discards below the best (loss in effective tiles; *: shanten up)")
            if d.round != round_:
                round_ = d.round
                lines.append(f"  {round_}")
            hand = pad(" + ".join([d.hand, *d.melds]), 26)
            loss = f"{d.loss}{'*' if d.shanten_up else ''}"
            first = f"    turn {d.turn:>2}  {hand}  cut {d.discarded}  loss {loss:<4} best "
            lines += wrap(list(d.best), WIDTH, first=first, indent=" " * width(first))
        return lines

    def close(self) -> str:
        if self.matched_games < 2:
            return ""
        return (
            f"total: {self.matched_games} games, {self.decisions} decisions, optimal "
            f"{share(self.optimal, self.decisions)}, mean loss "
            f"{mean(self.loss, self.decisions)}\n"
        )


class JsonOutput(Output):
    """JSON lines: one object per game, its discards those of the chosen players."""

    def game(self, path: str, review: GameReview) -> str:
        seats, discards = self._discards(review)
        if not seats:
            return ""
        data: dict[str, Any] = {"path": path, **review.to_dict()}
        if isinstance(data["source"], str):  # the path again, as the reader had it
            data["source"] = shown(data["source"])
        data["players"] = [review.players[seat].to_dict() for seat in seats]
        data["discards"] = [d.to_dict() for d in discards]
        return json.dumps(data, ensure_ascii=False) + "\n"


def _cell(value: object) -> object:
    """A CSV cell: a list as space-separated values, a record in it (a threat, a safety)
    as its first three fields joined by ``:`` (``2:riichi:7``, ``2:suji:4.25``)."""
    if isinstance(value, list | tuple):
        return " ".join(
            ":".join(str(x) for x in list(v.values())[:3]) if isinstance(v, dict) else str(v)
            for v in value
        )
    return value


class CsvOutput(Output):
    """CSV: a header, then one row per discard of the chosen players."""

    def __init__(self, chosen: Chosen) -> None:
        super().__init__(chosen)
        self.header: list[str] | None = None

    def game(self, path: str, review: GameReview) -> str:
        _, discards = self._discards(review)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        for discard in discards:
            data = discard.to_dict()
            if self.header is None:
                self.header = ["path", *data]
                writer.writerow(self.header)
            writer.writerow([path, *(_cell(v) for v in data.values())])
        return buffer.getvalue()


def make_output(kind: str, chosen: Chosen) -> Output:
    """The :class:`Output` of a ``--format``."""
    outputs: dict[str, type[Output]] = {
        "table": TableOutput,
        "json": JsonOutput,
        "csv": CsvOutput,
    }
    return outputs[kind](chosen)


def plot_shanten(curves: list[tuple[int, ...]], path: str) -> None:
    """Draw each round's shanten after each discard, one line per round, and their mean
    by turn over the rounds that reach it, to a PNG."""
    from matplotlib.figure import Figure  # the [review] extra; Agg draws it, no display
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(8, 4.5), dpi=100)
    axes = figure.subplots()
    alpha = max(0.05, min(1.0, 8 / max(1, len(curves))))
    for curve in curves:
        axes.plot(range(1, len(curve) + 1), curve, color="tab:blue", alpha=alpha, linewidth=1)
    longest = max(map(len, curves), default=0)
    if len(curves) > 1:
        reach = [[c[turn] for c in curves if len(c) > turn] for turn in range(longest)]
        means = [sum(values) / len(values) for values in reach]
        axes.plot(range(1, longest + 1), means, color="black", linewidth=2, label="mean")
        axes.legend()
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("turn (the player's discards in the round)")
    axes.set_ylabel("shanten after the discard")
    axes.set_title(f"Shanten by turn, {len(curves)} rounds")
    axes.grid(True, alpha=0.3)
    figure.savefig(path, format="png")

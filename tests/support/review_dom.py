"""The drawn review (``review_view.js``) read back from a browser tab, and what it should
show, from :class:`shanten.GameReview` itself: for the page's tests and the report file's
alike. Every expectation is built from the library's records, never from the drawing's
data."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from shanten.games.records import DiscardReview, GameReview

if TYPE_CHECKING:
    from playwright.sync_api import Page


def tiles(text: str) -> list[str]:
    """The tiles of plain mpsz text, in its order (``0`` kept for a red five)."""
    out: list[str] = []
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        else:
            out.extend(digit + char for digit in digits)
            digits = ""
    return out


def fixed(value: float, digits: int) -> str:
    """``value.toFixed(digits)`` as JavaScript writes it: the exact binary value rounded,
    a tie upwards (Python's format would round a tie to even)."""
    return str(Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def percent(p: float) -> str:
    """A probability as the drawing writes it: ``(p * 100).toFixed(1)`` and ``%``."""
    return f"{fixed(p * 100, 1)}%"


def tenhou_link(log_id: str | None, game: GameReview, record: DiscardReview) -> str | None:
    """The link a decision should carry: its round in Tenhou's viewer, from its seat."""
    if log_id is None:
        return None
    round_index = list(game.rounds).index(record.round)  # real games repeat no round
    return f"https://tenhou.net/6/?log={log_id}&tw={record.seat}&ts={round_index}"


def shown_players(page: Page) -> list[list[str]]:
    """Each row of the players' table: the name, then every cell's text."""
    rows: list[list[str]] = page.eval_on_selector_all(
        "tr.player-row",
        "rows => rows.map(r => [...r.children].map(cell => cell.textContent.trim()))",
    )
    return rows


def expected_players(game: GameReview) -> list[list[str]]:
    def rating(value: float | None) -> str:
        return "–" if value is None else fixed(value, 1)

    return [
        [
            p.name,
            f"{rating(p.rating)} by {'the odds' if p.rating_basis == 'odds' else 'tiles'}",
            str(p.decisions),
            f"{round(p.optimal_share * 100)}% ({p.optimal})",
            str(p.total_loss),
            fixed(p.mean_loss, 2),
            f"{p.threatened} / {p.threatened_loss}",
        ]
        for p in game.players
    ]


def shown_worst(page: Page) -> list[dict[str, Any]]:
    """The worst decisions as listed, in order."""
    items: list[dict[str, Any]] = page.eval_on_selector_all(
        "#review-worst li.worst-item",
        """items => items.map(li => ({
            seat: Number(li.dataset.seat),
            where: li.querySelector('.worst-where strong').textContent,
            hand: [...li.querySelectorAll('.worst-hand .concealed svg.tile')].map(t => t.dataset.tile),
            drawn: (li.querySelector('.drew svg.tile') || {dataset: {}}).dataset.tile || null,
            discarded: li.querySelector('.cut svg.tile').dataset.tile,
            best: [...li.querySelectorAll('.best svg.tile')].map(t => t.dataset.tile),
            reason: li.querySelector('.reason').textContent,
            odds: (li.querySelector('.odds') || {textContent: null}).textContent,
            link: (li.querySelector('a.tenhou') || {href: null}).href,
        }))""",
    )
    return items


def odds_text(record: DiscardReview) -> str | None:
    """The odds line of a decision judged by them, with 1-decimal percentages."""
    if record.win is None or record.best_win is None:
        return None
    line = f"win {percent(record.win)} (best {percent(record.best_win)})"
    if record.tenpai is not None and record.best_tenpai is not None:
        line += f" · tenpai {percent(record.tenpai)} (best {percent(record.best_tenpai)})"
    if record.points is not None and record.best_points is not None:

        def points(value: float) -> str:  # as Math.round, then grouped by thousands
            return f"{math.floor(value + 0.5):,}"

        chosen = record.best_by_points
        after = f" after {chosen}" if chosen and chosen != record.discarded else ""
        line += (
            f" · expected points {points(record.points)} (best {points(record.best_points)}{after})"
        )
    return line


def expected_worst(
    game: GameReview, seat: int | None = None, log_id: str | None = None
) -> list[dict[str, Any]]:
    return [
        {
            "seat": d.seat,
            "where": f"{d.round}, turn {d.turn}",
            "hand": tiles(d.hand),
            "drawn": d.drawn,
            "discarded": d.discarded,
            "best": list(d.best),
            "reason": d.reason,
            "odds": odds_text(d),
            "link": tenhou_link(log_id, game, d),
        }
        for d in game.worst(10, seat=seat)
    ]


def shown_rows(page: Page) -> list[dict[str, Any]]:
    """The rows of the round's table as drawn."""
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        "#review-round-view tr.review-row",
        """rows => rows.map(row => ({
            seat: Number(row.dataset.seat),
            turn: Number(row.querySelector('td.turn').textContent),
            hand: [...row.querySelectorAll('td.hand .concealed svg.tile')].map(t => t.dataset.tile),
            melds: [...row.querySelectorAll('td.hand .meld')].map(
                m => [...m.querySelectorAll('svg.tile')].map(t => t.dataset.tile)),
            drawn: (row.querySelector('td.draw svg.tile') || {dataset: {}}).dataset.tile || null,
            discarded: row.querySelector('td.discard svg.tile').dataset.tile,
            marks: [...row.querySelectorAll('td.discard .mark')].map(m => m.textContent),
            best: [...row.querySelectorAll('td.best svg.tile')].map(t => t.dataset.tile),
            shanten: row.querySelector('td.shanten').textContent,
            ukeire: Number(row.querySelector('td.effective .count').textContent),
            effective: [...row.querySelectorAll('td.effective svg.tile')].map(t => t.dataset.tile),
            loss: row.querySelector('td.loss').textContent,
            threats: [...row.querySelectorAll('td.threats .threat')].map(
                t => [Number(t.dataset.seat), t.dataset.kind]),
            safety: [...row.querySelectorAll('td.threats .safety')].map(s => s.textContent),
            safest: (row.querySelector('td.threats .risk svg.tile') || {dataset: {}}).dataset.tile || null,
            link: (row.querySelector('a.tenhou') || {href: null}).href,
        }))""",
    )
    return rows


def marks(d: DiscardReview) -> list[str]:
    words = ["riichi"] if d.riichi else []
    if d.forced:
        words.append("forced")
    elif not d.graded:
        words.append("no choice")
    if d.tsumogiri and not d.forced:
        words.append("tsumogiri")
    if d.after_call:
        words.append("after a call")
    return words


def expected_rows(
    game: GameReview, round_name: str, seat: int | None = None, log_id: str | None = None
) -> list[dict[str, Any]]:
    return [
        {
            "seat": d.seat,
            "turn": d.turn,
            "hand": tiles(d.hand),
            "melds": [tiles(meld) for meld in d.melds],
            "drawn": d.drawn,
            "discarded": d.discarded,
            "marks": marks(d),
            "best": list(d.best),
            "shanten": f"{d.shanten_before}→{d.shanten_after}",
            "ukeire": d.ukeire,
            "effective": list(d.ukeire_tiles),
            "loss": str(d.loss) if d.graded else "–",
            "threats": [[t.seat, t.kind] for t in d.threats],
            "safety": [f"{s.category} vs {game.names[s.seat]}: {s.risk:g}%" for s in d.safety],
            "safest": d.safest,
            "link": tenhou_link(log_id, game, d),
        }
        for d in game
        if str(d.round) == round_name and seat in (None, d.seat)
    ]


def chart(page: Page) -> list[list[int]]:
    """The shanten chart's lines, one per player."""
    values: list[str] = page.eval_on_selector_all(
        "#review-chart polyline.series", "lines => lines.map(l => l.dataset.values)"
    )
    return [[int(v) for v in line.split()] for line in values]

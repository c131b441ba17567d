"""The report file (``shanten review GAME --html FILE``) in headless Chromium, opened from
the disk with no server (the browser fixture and its skip rule are test_web_browser's):
it draws itself under its own policy with no request but the file, shows the library's
summaries, worst decisions and rounds with their links to Tenhou's viewer, fits 1280 and
390 px without sideways scrolling, passes basic accessibility checks (names for every
picture and link, headings in order, table headers), keeps a hostile name as text, and
shows the odds when the review was judged by them. Saves ``test-artifacts/report-1280.png``
and ``test-artifacts/report-390.png``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import shanten
from shanten.games.records import GameReview
from shanten.web.review_file import write_review_html
from support.review_dom import (
    expected_players,
    expected_rows,
    expected_worst,
    percent,
    shown_players,
    shown_rows,
    shown_worst,
)

from . import test_web_browser as shared
from .test_review_file import HOSTILE, hostile_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Dialog, Page

browser = shared.browser  # Chromium, or the skip (the failure with SHANTEN_REQUIRE_BROWSER=1)

GAMES = Path(__file__).parents[1] / "data" / "tenhou"
LOG_ID = "2010081709gm-00a9-0000-fe3371ad"
XML = GAMES / f"{LOG_ID}.mjlog"
ARTIFACTS = shared.ROOT / "test-artifacts"

#: What the drawn document must hold to be usable without sight, as a list of problems.
ACCESSIBILITY = """() => {
  const problems = [];
  for (const img of document.querySelectorAll("img")) if (!img.alt) problems.push("an img without alt");
  for (const svg of document.querySelectorAll("svg")) {
    if (svg.closest('[aria-hidden="true"]')) continue;
    const named = svg.getAttribute("role") === "img" && (svg.getAttribute("aria-label") || "").trim();
    if (!named) problems.push(`an unnamed picture: ${svg.outerHTML.slice(0, 60)}`);
  }
  const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  if (levels[0] !== 1 || levels.filter((l) => l === 1).length !== 1) problems.push(`headings ${levels}`);
  levels.forEach((level, i) => { if (i && level > levels[i - 1] + 1) problems.push(`h${level} after h${levels[i - 1]}`); });
  for (const table of document.querySelectorAll("table")) {
    const heads = table.querySelectorAll("thead th[scope=col]").length;
    const cells = table.querySelector("tbody tr").children.length;
    if (!heads || heads !== cells) problems.push(`a table with ${heads} headers for ${cells} cells`);
  }
  for (const a of document.querySelectorAll("a")) if (!a.textContent.trim()) problems.push("a link without text");
  for (const select of document.querySelectorAll("select")) if (!select.labels.length) problems.push("a select without label");
  return problems;
}"""


@pytest.fixture
def tab(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A fresh tab with no server behind it, and the addresses it asks for; fails the test
    on a script error, a message of the policy, or a dialog (an injected alert)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)

    def refuse(dialog: Dialog) -> None:
        errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", refuse)
    page.on("request", lambda request: requests.append(request.url))
    yield page, requests
    context.close()
    assert errors == []


def open_report(page: Page, game: GameReview, path: Path, seat: int | None = None) -> None:
    write_review_html(game, path, seat=seat)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-state=done]", state="attached")
    page.wait_for_function("() => document.fonts.status === 'loaded'")


def test_the_report_opens_from_the_disk_at_two_widths(
    tab: tuple[Page, list[str]], tmp_path: Path
) -> None:
    page, requests = tab
    game = shanten.review(XML)
    report = tmp_path / "report.html"
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        open_report(page, game, report)
        assert requests == [report.as_uri()]  # the file, and nothing else
        requests.clear()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.evaluate(ACCESSIBILITY) == []
        page.screenshot(path=str(ARTIFACTS / f"report-{width}.png"), full_page=True)
    links = page.eval_on_selector_all("a", "links => links.map(a => a.href)")
    assert links and all(
        re.fullmatch(rf"https://tenhou\.net/6/\?log={LOG_ID}&tw=[0-3]&ts=\d+", a) for a in links
    )


def test_the_report_shows_the_librarys_review(tab: tuple[Page, list[str]], tmp_path: Path) -> None:
    page, _ = tab
    game = shanten.review(XML)
    open_report(page, game, tmp_path / "report.html", seat=1)
    assert shown_players(page) == expected_players(game)
    assert page.input_value("#review-player") == "1"  # the player chosen is followed first
    assert shown_worst(page) == expected_worst(game, 1, LOG_ID)
    rounds = [str(r) for r in game.rounds]
    assert shown_rows(page) == expected_rows(game, rounds[0], 1, LOG_ID)
    page.select_option("#review-player", "all")
    assert shown_worst(page) == expected_worst(game, log_id=LOG_ID)
    # the first round with a riichi: the threats and the safety of each cut under it
    riichi = next(
        i for i, r in enumerate(game.rounds) if any(d.safety for d in game if d.round == r)
    )
    page.select_option("#review-round", index=riichi)
    rows = shown_rows(page)
    assert rows == expected_rows(game, rounds[riichi], log_id=LOG_ID)
    assert any(row["safety"] for row in rows) and any(row["threats"] for row in rows)


def test_a_hostile_name_is_shown_as_text(tab: tuple[Page, list[str]], tmp_path: Path) -> None:
    page, _ = tab
    game = shanten.review(hostile_record(tmp_path))
    open_report(page, game, tmp_path / "report.html")
    names = page.eval_on_selector_all(
        "tr.player-row th.name", "cells => cells.map(c => c.textContent.trim())"
    )
    assert names[0] == HOSTILE
    assert page.locator("img").count() == 0
    assert page.locator("script").count() == 4  # the file's own, no more


@pytest.mark.skipif(
    not shanten.accelerated,
    reason="judged by the odds, a round takes minutes on the reference engine "
    "(tests/discard_odds holds the engines equal on the odds)",
)
def test_the_odds_are_shown_when_judged_by_them(
    tab: tuple[Page, list[str]], tmp_path: Path
) -> None:
    """One round of a real game judged by the odds (a quarter of a second)."""
    page, _ = tab
    lines = (
        (GAMES / "2018040923gm-00a9-0000-1833afca.json").read_text(encoding="utf-8").splitlines()
    )
    record = tmp_path / "2018040923gm-00a9-0000-1833afca.json"
    record.write_text(lines[0], encoding="utf-8")
    game = shanten.review(record, odds=True)
    assert all(p.rating_basis == "odds" for p in game.players)
    open_report(page, game, tmp_path / "report.html")
    assert shown_players(page) == expected_players(game)
    worst = shown_worst(page)
    assert worst == expected_worst(game, log_id="2018040923gm-00a9-0000-1833afca")
    assert worst and all(item["odds"] for item in worst)
    odds = page.eval_on_selector_all(
        "tr.review-row td.odds", "cells => cells.map(c => c.textContent)"
    )
    assert odds == [
        f"{percent(d.win)} / {percent(d.best_win)}"
        if d.win is not None and d.best_win is not None
        else ""
        for d in game
    ]

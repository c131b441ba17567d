"""The game review on the page, in headless Chromium (the fixtures and their skip rule are
those of test_web_browser): upload or paste a record, read each player's summary and rating,
the worst decisions (of the game and of one player) with their links to Tenhou's viewer,
the rounds, the decisions of a round and the shanten chart; a bad record's message; a record
over the limit; 360 px wide. Screenshots go to the test's tmp directory."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import TYPE_CHECKING

import shanten
from shanten.web.protocol import MAX_BODY
from support.review_dom import (
    chart,
    expected_players,
    expected_rows,
    expected_worst,
    shown_players,
    shown_rows,
    shown_worst,
)

from . import test_web_browser as shared

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser, the server and a fresh tab, as in test_web_browser
browser, base_url, page = shared.browser, shared.base_url, shared.page

GAMES = Path(__file__).parents[1] / "data" / "tenhou"
XML = GAMES / "2010081709gm-00a9-0000-fe3371ad.mjlog"
JSON = GAMES / "2018040923gm-00a9-0000-1833afca.json"


def reviewed(page: Page) -> str:
    page.wait_for_selector(
        "#review[data-state=done], #review[data-state=error]", state="attached", timeout=30_000
    )
    state = page.get_attribute("#review", "data-state")
    assert state is not None
    return state


def send(page: Page) -> str:
    page.evaluate("document.getElementById('review').dataset.state = 'sending'")
    page.click("#review-go")
    return reviewed(page)


def test_upload_a_record_and_read_its_review(page: Page, tmp_path: Path) -> None:
    game = shanten.review(XML)
    log_id = XML.name.split(".")[0]  # Tenhou names its records by the game's id
    page.goto("/")
    page.set_input_files("#review-file", str(XML))
    assert send(page) == "done"
    assert shown_players(page) == expected_players(game)
    assert [p[0] for p in shown_players(page)] == list(game.names)
    # the worst decisions, of the game then of one player, each linked to Tenhou's viewer
    assert shown_worst(page) == expected_worst(game, log_id=log_id)
    page.select_option("#review-player", "2")
    assert shown_worst(page) == expected_worst(game, 2, log_id)
    rounds = page.eval_on_selector_all("#review-round option", "os => os.map(o => o.textContent)")
    assert rounds == [str(r) for r in game.rounds]
    assert shown_rows(page) == expected_rows(game, rounds[0], 2, log_id)
    page.select_option("#review-player", "all")
    assert shown_rows(page) == expected_rows(game, rounds[0], log_id=log_id)
    assert chart(page) == [list(p.shanten_by_round[0]) for p in game.players]
    # another round
    page.select_option("#review-round", index=5)
    assert shown_rows(page) == expected_rows(game, rounds[5], log_id=log_id)
    assert chart(page) == [list(p.shanten_by_round[5]) for p in game.players]
    about = page.inner_text("#review-about")
    assert about == f"tenhou-xml, {len(game.rounds)} rounds, {len(game)} discards"
    page.screenshot(path=str(tmp_path / "review.png"), full_page=True)


def test_paste_a_record_or_upload_it_gzipped(page: Page, tmp_path: Path) -> None:
    game = shanten.review(JSON)
    page.goto("/")
    page.fill("#review-text", JSON.read_text(encoding="utf-8"))
    assert send(page) == "done"
    assert page.inner_text("#review-about").startswith("tenhou-json, ")
    assert shown_rows(page) == expected_rows(game, str(game.rounds[0]))  # pasted: no link
    assert shown_worst(page) == expected_worst(game)
    packed = tmp_path / "game.mjlog.gz"
    packed.write_bytes(gzip.compress(XML.read_bytes()))
    page.set_input_files("#review-file", str(packed))
    assert page.input_value("#review-text") == ""  # the file replaces the pasted text
    assert send(page) == "done"
    assert page.inner_text("#review-about").startswith("tenhou-xml, ")


def test_names_from_the_record_are_shown_as_text(page: Page) -> None:
    """A name is the record's text: drawn as text, never read as markup."""
    record = JSON.read_text(encoding="utf-8").replace("Aさん", "<img src=x onerror=alert(1)>", 1)
    page.goto("/")
    page.fill("#review-text", record)
    assert send(page) == "done"
    names = page.eval_on_selector_all(
        "#review tr.player-row th.name", "cells => cells.map(cell => cell.textContent.trim())"
    )
    assert names[0] == "<img src=x onerror=alert(1)>"
    assert page.locator("#review img").count() == 0


def test_a_bad_record_shows_the_librarys_message(page: Page, tmp_path: Path) -> None:
    page.goto("/")
    page.fill("#review-text", "<mjloggm ver='2.3'></mjloggm")
    assert send(page) == "error"
    try:
        shanten.review(b"<mjloggm ver='2.3'></mjloggm")
    except shanten.GameRecordError as error:
        message = str(error)
    else:
        raise AssertionError("the library read it")
    assert page.is_visible("#review-error") and page.inner_text("#review-error") == message
    assert page.inner_text("#review-out") == ""
    # a record over the limit is refused before it is sent
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BODY + 1))
    page.set_input_files("#review-file", str(big))
    assert send(page) == "error"
    assert f"at most {MAX_BODY:,} bytes (5 MB)" in page.inner_text("#review-error")
    # and nothing at all
    page.set_input_files("#review-file", [])
    page.fill("#review-text", "")
    assert send(page) == "error"
    assert page.inner_text("#review-error").startswith("No record")


def test_the_review_at_a_phone_width(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/")
    page.set_input_files("#review-file", str(XML))
    assert send(page) == "done"
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    card = page.locator("#review").bounding_box()
    assert card is not None
    for selector in ["#review-chart svg", "#review-go", "#review-file", "#review-text"]:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"] + 0.5
    page.locator("#review").screenshot(path=str(tmp_path / "review-360.png"))


def test_the_review_at_a_laptop_width(page: Page) -> None:
    """At 1280 px the review is the right-hand column: each round's table fits it."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    page.set_input_files("#review-file", str(XML))
    assert send(page) == "done"
    widths = page.evaluate(
        """() => {
            const picker = document.getElementById("review-round");
            return [...picker.options].map((option) => {
                picker.value = option.value;
                picker.dispatchEvent(new Event("change"));
                return document.documentElement.scrollWidth;
            });
        }"""
    )
    assert len(widths) == len(shanten.review(XML).rounds)
    assert max(widths) <= 1280, widths

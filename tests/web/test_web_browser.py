"""The local page in a real browser: headless Chromium (Debian's ``/usr/bin/chromium``)
driven by Playwright's Python package. A person's steps: type a hand, click tiles (the
answer follows each click), take the last one back, switch to 3-player, read the discard
table (打牌候補), see a bad hand's message beside the box, open a shared link, enter red
fives, use the page on a phone 360 px wide. Saves screenshots to
``test-artifacts/page.png`` and ``test-artifacts/page-360.png``.

Without Chromium or Playwright these tests skip, unless ``SHANTEN_REQUIRE_BROWSER=1``
(CI sets it), which turns the skip into a failure. ``SHANTEN_CHROMIUM`` names another
browser binary. ``SHANTEN_DOCS_SCREENSHOT=1`` also writes the README's
``docs/screenshot.png``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qs, urlsplit

import pytest

import shanten
from shanten.web.server import make_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, FloatRect, Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SHANTEN_CHROMIUM", "/usr/bin/chromium")
# As the machine notes say: no sandbox as root, and no network but loopback.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright's Python package is not installed: pip install -e '.[test]'"
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM}: apt-get install chromium (or set SHANTEN_CHROMIUM)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = _missing()
    if reason is not None:
        if os.environ.get("SHANTEN_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SHANTEN_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(5)


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A fresh tab on the empty page; fails the test on a script error."""
    context = browser.new_context(
        viewport={"width": 1100, "height": 900}, base_url=base_url, reduced_motion="reduce"
    )
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "status of 4" not in message.text  # 400s are expected
            else None
        ),
    )
    yield tab
    context.close()
    assert errors == []


def analysed(page: Page) -> None:
    """Wait for the page to show an answer or an error."""
    page.wait_for_selector("body[data-state=done], body[data-state=error]", state="attached")


def submit(page: Page, hand: str) -> None:
    page.fill("#q", hand)
    page.evaluate("document.body.dataset.state = 'typing'")
    page.click("#analyse")
    analysed(page)


def table(page: Page, view: Literal["all", "standard"]) -> list[dict[str, Any]]:
    """The rows of the discard table as the page draws them."""
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        f"table.discards[data-view={view}] tr.discard-row",
        """rows => rows.map(row => ({
            discard: row.querySelector('td.discard svg.tile').dataset.tile,
            shanten: Number(row.dataset.shanten),
            tiles: [...row.querySelectorAll('.counted')].map(c => c.dataset.tile),
            counts: [...row.querySelectorAll('.counted .count')].map(c => Number(c.textContent)),
            total: Number(row.querySelector('td.total').textContent),
            good: row.querySelector('td.good').textContent.trim(),
        }))""",
    )
    return rows


def expected_table(
    hand: str, view: Literal["all", "standard"], **options: Any
) -> list[dict[str, Any]]:
    rows = []
    for option in shanten.discards(hand, form=view, second_step=True, **options):
        good = option.good_shape
        rows.append(
            {
                "discard": str(option.discard),
                "shanten": option.shanten,
                "tiles": [str(tile) for tile in option.ukeire.tiles],
                "counts": list(option.ukeire.counts),
                "total": option.ukeire.total,
                "good": f"{round(good.share * 100)}% ({good.good}/{good.total})"
                if good is not None and good.total
                else "",
            }
        )
    return rows


def query_of(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_type_a_hand_and_read_the_discard_table(page: Page) -> None:
    page.goto("/")
    hand = "23489m6799p22567s"
    submit(page, hand)
    assert page.inner_text("#shanten-min") == "1-shanten 1向聴"
    assert table(page, "all") == expected_table(hand, "all")
    assert page.is_hidden("table.discards[data-view=standard]")
    page.click("#discard-views [role=tab][data-view=standard]")
    assert page.is_visible("table.discards[data-view=standard]")
    assert table(page, "standard") == expected_table(hand, "standard")
    assert query_of(page) == {"q": [hand]}  # the address is the analysis, to share
    # the witness: a complete hand and the tiles it needs
    witness = shanten.calculate(hand).witness
    needed = page.eval_on_selector_all(
        "#witness .needed svg.tile", "tiles => tiles.map(t => t.dataset.tile)"
    )
    assert needed == [str(t) for t in witness.needed]
    # a click on a tile of the hand discards it: now 13 tiles and their effective tiles
    page.evaluate("document.body.dataset.state = 'clicking'")
    page.click("#summary .hand-view button[data-tile='8m']")
    analysed(page)
    assert page.input_value("#q") == "2349m6799p22567s"
    shown = page.eval_on_selector_all(
        "#ukeire-views-all .counted", "tiles => tiles.map(t => t.dataset.tile)"
    )
    assert shown == [str(tile) for tile in shanten.ukeire("2349m6799p22567s").tiles]


def test_click_tiles_to_build_a_hand(page: Page) -> None:
    page.goto("/")
    for name in ["1z", "1m", "2m", "3m", "4p", "5p", "6p", "9s", "7s", "8s", "2z", "1z", "2z"]:
        page.click(f"#palette button[data-tile='{name}']")
    assert page.input_value("#q") == "123m456p789s1122z"  # sorted as it is built
    page.click(f"#palette button[data-tile='{'5z'}']")
    page.click("#undo")
    assert page.input_value("#q") == "123m456p789s1122z"
    page.click("#analyse")
    analysed(page)
    assert page.inner_text("#shanten-min") == "ready 聴牌"
    waits = page.eval_on_selector_all("#waits tr.wait-row", "rows => rows.map(r => r.dataset.tile)")
    assert waits == [str(t) for t in shanten.waits("123m456p789s1122z").tiles]
    # melds from the buttons too: a pon, then a chi
    page.fill("#q", "")
    page.check("input[name=target][value=melds]")
    for name in ["7z", "7z", "7z", "7p", "8p", "9p"]:
        page.click(f"#palette button[data-tile='{name}']")
    assert page.input_value("#melds") == "777z,789p"


def test_three_player_switch(page: Page) -> None:
    page.goto("/")
    hand = "1111m111122233z"
    submit(page, hand)
    assert page.get_attribute("#shanten-min", "data-shanten") == "1"
    assert page.is_enabled("#palette button[data-tile='5m']")
    page.evaluate("document.body.dataset.state = 'switching'")
    page.check("#players")  # switching re-analyses at once
    analysed(page)
    assert page.get_attribute("#shanten-min", "data-shanten") == str(
        shanten.shanten(hand, players=3)
    )
    assert query_of(page) == {"q": [hand], "players": ["3"]}
    assert page.is_disabled("#palette button[data-tile='5m']")  # no 2m-8m in 3-player
    effective = page.eval_on_selector_all(
        "#ukeire-views-all .counted", "tiles => tiles.map(t => t.dataset.tile)"
    )
    assert effective == [str(tile) for tile in shanten.ukeire(hand, players=3).tiles]


def test_bad_input_shows_the_message_beside_the_box(page: Page) -> None:
    page.goto("/")
    submit(page, "12x3m")
    error = page.locator("#error")
    assert error.is_visible()
    with pytest.raises(shanten.NotationError) as raised:
        shanten.Hand("12x3m")
    assert error.inner_text() == str(raised.value)  # the caret lines too
    assert page.is_hidden("#result")
    assert "Traceback" not in page.content()
    # beside the box: right under it, in its column
    box, message = page.locator("#q").bounding_box(), error.bounding_box()
    assert box is not None and message is not None
    assert 0 <= message["y"] - (box["y"] + box["height"]) < 30
    assert abs(message["x"] - box["x"]) < 10
    # a good hand clears it
    submit(page, "1m")
    assert error.is_hidden() and page.is_visible("#result")
    # too long for the server: its reason, not a 500
    page.goto("/?q=" + "1" * 400 + "m")
    analysed(page)
    assert "at most 300" in error.inner_text()


def test_a_shared_link_reproduces_the_analysis(page: Page) -> None:
    page.goto("/?q=22345m&melds=777z,789p,1111s&visible=1z4m")
    analysed(page)
    assert page.input_value("#q") == "22345m"
    assert page.input_value("#melds") == "777z,789p,1111s"
    assert page.input_value("#visible") == "1z4m"
    options: dict[str, Any] = {"melds": ["777z", "789p", "1111s"], "visible": "1z4m"}
    assert table(page, "all") == expected_table("22345m", "all", **options)
    melds = page.eval_on_selector_all("#summary .meld", "melds => melds.map(m => m.title)")
    assert melds == ["meld 777z", "meld 789p", "meld 1111s"]
    # the copy rule, from the link, and back in history
    page.goto("/?q=45z&melds=444z,555z,111m,999p&count_melded_copies=1")
    analysed(page)
    assert page.is_checked("#count_melded_copies")
    assert page.get_attribute("#shanten-min", "data-shanten") == "1"
    page.evaluate("document.body.dataset.state = 'back'")
    page.go_back()
    analysed(page)
    assert page.input_value("#q") == "22345m"


def test_screenshot(page: Page) -> None:
    """The page as a person sees it, saved as a test artifact (and, on request, for the
    README)."""
    page.goto("/?q=23489m6799p22567s")
    analysed(page)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "page.png"), full_page=True)
    assert (artifacts / "page.png").stat().st_size > 10_000
    if os.environ.get("SHANTEN_DOCS_SCREENSHOT") == "1":
        # a laptop's screen: the input beside the answer
        page.set_viewport_size({"width": 1280, "height": 800})
        # down to the end of the 1-shanten rows, where the 2-shanten ones begin
        below = page.locator("table.discards[data-view=all] tr.level").nth(1).bounding_box()
        assert below is not None
        page.screenshot(
            path=str(ROOT / "docs" / "screenshot.png"),
            full_page=True,
            clip={"x": 0, "y": 0, "width": 1280, "height": below["y"]},
        )


def shown_tiles(page: Page, selector: str) -> list[str]:
    """The tiles (``data-tile``, ``0m`` for a red five) drawn under ``selector``."""
    tiles: list[str] = page.eval_on_selector_all(
        f"{selector} svg.tile", "tiles => tiles.map(t => t.dataset.tile)"
    )
    return tiles


def click_and_wait(page: Page, selector: str) -> None:
    """Click, then wait for the page to settle: an answer, an error, or a note while the
    hand is still being built."""
    page.evaluate("document.body.dataset.state = 'clicking'")
    page.click(selector)
    page.wait_for_selector(
        "body[data-state=done], body[data-state=error], body[data-state=building],"
        " body[data-state=idle]",
        state="attached",
    )


def test_only_a_hand_with_a_tile_to_discard_offers_discards(page: Page) -> None:
    """A 13-tile hand has nothing to discard (打): its tiles are pictures, not buttons,
    and no hint says otherwise; a 14-tile hand offers each of its tiles."""
    page.goto("/")
    submit(page, "2349m6799p22567s")
    assert page.locator("#summary .hand-view button").count() == 0
    assert len(shown_tiles(page, "#summary .hand-view")) == 13
    assert "discard" not in page.inner_text("#summary")
    submit(page, "23489m6799p22567s")
    assert page.locator("#summary .hand-view button").count() == 14
    assert "Click a tile of the hand to discard it" in page.inner_text("#summary")


def test_remove_last_acts_on_the_hand_in_the_box(page: Page) -> None:
    page.goto("/")
    for name in ["1m", "1m", "1m", "2m", "3m"]:
        page.click(f"#palette button[data-tile='{name}']")
    assert page.input_value("#q") == "11123m"
    page.fill("#q", "123m456p789s1122z")  # typed over the clicks
    page.click("#undo")
    assert page.input_value("#q") == "123m456p789s112z"
    # a click on the typed hand, then Remove last: that click is taken back
    page.click("#palette button[data-tile='1m']")
    assert page.input_value("#q") == "1123m456p789s112z"
    page.click("#undo")
    assert page.input_value("#q") == "123m456p789s112z"
    page.click("#undo")
    assert page.input_value("#q") == "123m456p789s11z"
    # Unicode tiles: the last tile, a character of two UTF-16 units
    page.fill("#q", "🀇🀈🀉")
    page.click("#undo")
    assert page.input_value("#q") == "🀇🀈"
    # the melds box: the last tile of the last meld
    page.check("input[name=target][value=melds]")
    page.fill("#melds", "777z,789p")
    page.click("#undo")
    assert page.input_value("#melds") == "777z,78p"


def test_palette_clicks_analyse_the_hand_in_the_box(page: Page) -> None:
    """After each click the answer on screen is that of the box, never an older hand's."""
    page.goto("/")
    submit(page, "123m456p789s1122z")
    assert page.get_attribute("#result", "data-hand") == "123m456p789s1122z"
    click_and_wait(page, "#palette button[data-tile='2z']")
    assert page.input_value("#q") == "123m456p789s11222z"
    assert page.get_attribute("#result", "data-hand") == "123m456p789s11222z"
    assert page.get_attribute("#shanten-min", "data-shanten") == str(
        shanten.shanten("123m456p789s11222z")
    )
    assert query_of(page) == {"q": ["123m456p789s11222z"]}  # the address follows
    click_and_wait(page, "#undo")
    assert page.get_attribute("#result", "data-hand") == "123m456p789s1122z"
    # a hand of 3n tiles is still being built: no answer for another hand, and a note
    click_and_wait(page, "#undo")
    assert page.input_value("#q") == "123m456p789s112z"
    assert page.is_hidden("#result") and page.is_hidden("#error")
    assert page.inner_text("#status").startswith("12 tiles")
    click_and_wait(page, "#palette button[data-tile='9s']")
    assert page.get_attribute("#result", "data-hand") == "123m456p7899s112z"
    assert page.is_hidden("#status")
    # visible tiles change the counts: the answer follows them too
    page.check("input[name=target][value=visible]")
    click_and_wait(page, "#palette button[data-tile='1z']")
    assert query_of(page)["visible"] == ["1z"]
    counts = page.eval_on_selector_all(
        "#ukeire-views-all .counted .count", "counts => counts.map(c => Number(c.textContent))"
    )
    assert counts == list(shanten.ukeire("123m456p7899s112z", visible="1z").counts)
    click_and_wait(page, "#clear")
    assert page.input_value("#visible") == "" and "visible" not in query_of(page)
    # a meld being built by clicks gets a note until it has its 3 tiles
    page.fill("#q", "123m456p789s1z")
    page.check("input[name=target][value=melds]")
    click_and_wait(page, "#palette button[data-tile='7z']")
    assert page.is_hidden("#result") and page.inner_text("#status").startswith("Meld 7z")
    click_and_wait(page, "#palette button[data-tile='7z']")
    click_and_wait(page, "#palette button[data-tile='7z']")
    assert query_of(page) == {"q": ["123m456p789s1z"], "melds": ["777z"]}
    assert page.get_attribute("#shanten-min", "data-shanten") == str(
        shanten.shanten("123m456p789s1z", melds=["777z"])
    )


def test_the_hand_box_placeholder_needs_no_tile_font(page: Page) -> None:
    """Tile glyphs (🀇) show as empty boxes where no font has them: the hint is mpsz text."""
    page.goto("/")
    placeholder = page.get_attribute("#q", "placeholder")
    assert placeholder is not None and placeholder.isascii() and "23489m6799p22567s" in placeholder


def test_red_fives_stay_red(page: Page) -> None:
    """A five typed or clicked as 0 is drawn red (赤) in the hand and the melds, counts as a
    five for the library, and keeps its 0 in the address."""
    page.goto("/")
    for name in ["3m", "4m", "0m"]:
        page.click(f"#palette button[data-tile='{name}']")
    assert page.input_value("#q") == "340m"
    page.fill("#q", "340m6799p2205s")
    page.fill("#melds", "406m")
    page.click("#analyse")
    analysed(page)
    assert query_of(page) == {"q": ["340m6799p2205s"], "melds": ["406m"]}
    # the server's hand (fives as 5) with the first five of each suit typed as 0 red
    assert shanten.Hand("340m6799p2205s").counts == shanten.Hand("345m6799p2255s").counts
    hand = ["3m", "4m", "0m", "6p", "7p", "9p", "9p", "2s", "2s", "0s", "5s"]
    meld = ["4m", "0m", "6m"]
    assert shown_tiles(page, "#summary .hand-view") == hand + meld
    assert shown_tiles(page, "#summary .meld") == meld
    red = page.locator("#summary .hand-view button svg.tile[data-tile='0m']")
    assert red.get_attribute("aria-label") == "red 5m"
    assert red.locator("use").get_attribute("href") == "#red-5m"
    assert page.locator("symbol#red-5m").count() == 1
    # discarding the red 5s leaves the plain one; the address keeps the red 5m
    page.evaluate("document.body.dataset.state = 'clicking'")
    page.click("#summary .hand-view button[data-tile='0s']")
    analysed(page)
    assert page.input_value("#q") == "340m6799p225s"
    assert query_of(page)["q"] == ["340m6799p225s"]
    assert shown_tiles(page, "#summary .hand-view")[-6:] == ["2s", "2s", "5s", *meld]
    # a shared link draws them red too
    page.goto("/?q=11230m0p0s")
    analysed(page)
    assert shown_tiles(page, "#summary .hand-view") == ["1m", "1m", "2m", "3m", "0m", "0p", "0s"]
    # in 3-player there is no 5m, red or not
    page.check("#players")
    assert page.is_disabled("#palette button[data-tile='0m']")
    assert page.is_enabled("#palette button[data-tile='0p']")


def test_a_concealed_quad_among_the_melds(page: Page) -> None:
    """A concealed quad (暗槓), written in parentheses as the library takes it, is drawn as
    its four tiles, a red five red."""
    page.goto("/?q=123m456p22z&melds=(5505m),789s")
    analysed(page)
    assert page.get_attribute("body", "data-state") == "done"
    assert page.get_attribute("#shanten-min", "data-shanten") == "-1"
    assert shown_tiles(page, "#summary .meld") == ["0m", "5m", "5m", "5m", "7s", "8s", "9s"]


def inside(inner: FloatRect | None, outer: FloatRect | None) -> bool:
    """Whether box ``inner`` lies within box ``outer`` (to half a pixel)."""
    assert inner is not None and outer is not None
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
    )


def test_a_phone_width(page: Page) -> None:
    """From 360 px: no sideways scrolling, the button and the tile buttons inside the form's
    card, and each discard's effective tiles on a line of their own across the card."""
    page.set_viewport_size({"width": 360, "height": 740})
    for query in ["?q=23489m6799p22567s", "?q=1112345678999m&visible=1z"]:
        page.goto("/" + query)
        analysed(page)
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        card = page.locator("#form").bounding_box()
        assert inside(page.locator("#analyse").bounding_box(), card)
        assert inside(page.locator("#palette").bounding_box(), card)
        for button in page.locator("#palette button").all():
            assert inside(button.bounding_box(), card)
        for summary in page.locator("#summary svg.tile").all():
            assert inside(summary.bounding_box(), page.locator("#summary").bounding_box())
    page.goto("/?q=23489m6799p22567s")
    analysed(page)
    rows = page.locator("table.discards[data-view=all] tr.discard-row").all()
    assert len(rows) == len(shanten.discards("23489m6799p22567s"))
    for row in rows:
        whole, effective = row.bounding_box(), row.locator("td.effective").bounding_box()
        assert whole is not None and effective is not None
        assert effective["width"] >= 0.9 * whole["width"]
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "page-360.png"), full_page=True)
    assert (artifacts / "page-360.png").stat().st_size > 10_000

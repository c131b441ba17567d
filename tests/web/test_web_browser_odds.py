"""The discard odds on the page, in headless Chromium (the fixtures and their skip rule are
those of test_web_browser): ask for them, read the tenpai and win columns and the chart,
watch a long computation's progress and cancel it, see the engine's refusal in the odds
card, and use it 360 px wide. Screenshots go to the test's tmp directory."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import shanten
from support.web_harness import request, rows_answered, serving

from . import test_web_browser as shared

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

# the browser and a fresh tab, as in test_web_browser
browser, page = shared.browser, shared.page


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The page's server, with room for the computations a test leaves behind: one that
    is cancelled ends its discard in progress while the next test already asks."""
    with serving(odds_workers=4) as (host, port):
        yield f"http://{host}:{port}"


HAND = "23489m6799p22567s"
#: 3-shanten: with both switches, a second for all its discards on the kernel.
SLOW = "12368m2479p3589s1z"
# a row of SLOW takes a fraction of a second on the kernel and minutes on the plain engine:
# the tests that cut a computation short run on the kernel, each row slowed down by
# rows_answered (the server does the same on both paths; tests/kernel/test_odds_engine.py holds
# the engines equal)
KERNEL_ONLY = pytest.mark.skipif(
    not shanten.accelerated, reason="a row of this hand takes minutes on the plain engine"
)
#: 13 tiles: both switches make the engine refuse.
REFUSED = "158m2469p1378s15z"


def compute(
    page: Page, draws: int, *, hand_changes: bool = False, shanten_back: bool = False
) -> None:
    page.fill("#odds-draws", str(draws))
    page.set_checked("#odds-hand-changes", hand_changes)
    page.set_checked("#odds-shanten-back", shanten_back)
    page.click("#odds-compute")


def settled(page: Page, timeout: float = 30_000) -> str:
    page.wait_for_selector(
        "#odds[data-state=done], #odds[data-state=error], #odds[data-state=cancelled]",
        state="attached",
        timeout=timeout,
    )
    state = page.get_attribute("#odds", "data-state")
    assert state is not None
    return state


def odds_cells(page: Page, view: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        f"table.discards[data-view={view}] tr.discard-row",
        """rows => rows.map(row => ({
            discard: row.dataset.discard,
            tenpai: row.querySelector('td.odds.tenpai').dataset.value,
            win: row.querySelector('td.odds.win').dataset.value,
            tenpai_text: row.querySelector('td.odds.tenpai').textContent,
            win_text: row.querySelector('td.odds.win').textContent,
        }))""",
    )
    return rows


def test_the_odds_join_the_discard_table_and_the_chart(page: Page, tmp_path: Path) -> None:
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    compute(page, 6)
    assert settled(page) == "done"
    expected = shanten.odds(HAND, draws=6)
    assert isinstance(expected, tuple)
    by_discard = {str(row.discard): row for row in expected}
    assert (
        page.inner_text("#odds-progress")
        == f"{len(expected)} of {len(expected)} discards, within 6 draws."
    )
    for view in ("all", "standard"):
        cells = odds_cells(page, view)
        # once all are in, best win first, as shanten.odds() orders them
        assert [cell["discard"] for cell in cells] == [str(r.discard) for r in expected]
        for cell in cells:
            row = by_discard[cell["discard"]]
            assert float(cell["tenpai"]) == row.tenpai[-1] and float(cell["win"]) == row.win[-1]
            assert abs(float(cell["win_text"].rstrip("%")) - 100 * row.win[-1]) <= 0.05 + 1e-9
            assert abs(float(cell["tenpai_text"].rstrip("%")) - 100 * row.tenpai[-1]) <= 0.05 + 1e-9
    headers = page.eval_on_selector_all(
        "table.discards[data-view=all] thead th.odds", "ths => ths.map(th => th.textContent)"
    )
    assert headers == ["Tenpai 聴牌率", "Win 和了率"]
    # the chart: the four best discards by win chance, one line each, draw 0 to 6
    lines = page.eval_on_selector_all(
        "#odds-chart polyline.series",
        "lines => lines.map(l => ({discard: l.dataset.discard, points: l.getAttribute('points').split(' ')}))",
    )
    assert [line["discard"] for line in lines] == [str(row.discard) for row in expected[:4]]
    assert all(len(line["points"]) == 7 for line in lines)
    heights = [float(line["points"][-1].split(",")[1]) for line in lines]
    assert heights == sorted(heights)  # the best ends highest (smallest y)
    legend = page.inner_text("#odds-chart .legend li:first-child")
    assert legend.startswith(f"discard {expected[0].discard}: ")
    page.screenshot(path=str(tmp_path / "odds.png"), full_page=True)


def test_the_odds_card_comes_however_late_its_script_loads(page: Page) -> None:
    """A shared link analyses on load: the answer waits for the page's last script, so a
    slow odds.js (a busy machine) still gets the analysis and draws its card."""

    def late(route: Any) -> None:
        time.sleep(1.0)
        route.continue_()

    page.route("**/static/odds.js", late)
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    page.wait_for_selector("#odds", state="attached", timeout=5_000)
    assert page.locator("#discards").count() == 1


def test_a_hand_of_13_tiles_gets_its_own_odds(page: Page) -> None:
    page.goto("/?q=123m456p789s1122z")
    shared.analysed(page)
    compute(page, 5)
    assert settled(page) == "done"
    expected = shanten.odds("123m456p789s1122z", draws=5)
    assert isinstance(expected, shanten.HandOdds)
    points = page.get_attribute("#odds-chart polyline.series", "points")
    assert points is not None and len(points.split(" ")) == 6
    assert page.inner_text("#odds-chart .legend").startswith("the hand: ")
    assert page.inner_text("#odds-progress") == "The hand, within 5 draws."


@KERNEL_ONLY
def test_a_long_computation_shows_progress_and_can_be_cancelled(
    page: Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each row is slowed down, so that the computation is still running when Cancel is
    # clicked however fast the machine is (a second for all rows finished first in CI)
    rows_answered(monkeypatch, delay=1.0)
    page.goto(f"/?q={SLOW}")
    shared.analysed(page)
    total = len(shanten.discards(SLOW))
    compute(page, 17, hand_changes=True, shanten_back=True)
    assert page.get_attribute("#odds", "data-state") == "running"
    assert page.is_visible("#odds-cancel") and page.is_visible("#odds progress")
    page.wait_for_function(
        "() => /^[1-9][0-9]* of [0-9]+ discards$/.test(document.querySelector('#odds-progress').textContent)",
        timeout=30_000,
    )
    shown = page.inner_text("#odds-progress")
    assert shown.endswith(f" of {total} discards")
    page.screenshot(path=str(tmp_path / "odds-progress.png"), full_page=True)
    page.click("#odds-cancel")
    assert settled(page) == "cancelled"
    text = page.inner_text("#odds-progress")
    assert text.startswith("Cancelled after ") and text.endswith(f" of {total} discards.")
    done = int(text.removeprefix("Cancelled after ").split(" ")[0])
    assert 1 <= done < total
    assert page.is_hidden("#odds-cancel") and page.is_hidden("#error")
    # the rows computed so far stay in the table
    filled = [cell for cell in odds_cells(page, "all") if cell["win"] is not None]
    assert len(filled) == done
    # the page goes on: a quicker question is answered at once
    compute(page, 3)
    assert settled(page) == "done"


@KERNEL_ONLY
def test_asking_again_replaces_the_computation_on_its_way(
    page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second Compute while the first runs: the first is dropped, and only the second's
    answer is drawn (never a "Cancelled" from the first over it)."""
    rows_answered(monkeypatch, delay=0.3)  # the first still runs when the second is asked
    page.goto(f"/?q={SLOW}")
    shared.analysed(page)
    compute(page, 17, hand_changes=True, shanten_back=True)
    page.wait_for_selector("#odds[data-state=running]", state="attached")
    compute(page, 2)
    assert settled(page) == "done"
    total = len(shanten.discards(SLOW))
    assert page.inner_text("#odds-progress") == f"{total} of {total} discards, within 2 draws."
    expected = shanten.odds(SLOW, draws=2)
    assert isinstance(expected, tuple)
    wins = {cell["discard"]: float(cell["win"]) for cell in odds_cells(page, "all")}
    assert wins == {str(row.discard): row.win[-1] for row in expected}


@KERNEL_ONLY
def test_cancel_stops_the_servers_computation(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel aborts the fetch; the server notices when it sends the next row, the
    computation stops at its next row, and its one worker is free again for the next
    question."""
    started = rows_answered(monkeypatch, delay=0.5)
    with serving(odds_workers=1) as (host, port):
        context = browser.new_context(base_url=f"http://{host}:{port}")
        try:
            tab = context.new_page()
            tab.goto(f"/?q={SLOW}")
            shared.analysed(tab)
            assert tab.get_attribute("body", "data-state") == "done", tab.inner_text("body")
            compute(tab, 17, hand_changes=True, shanten_back=True)
            tab.wait_for_function(
                "() => /^1 of/.test(document.querySelector('#odds-progress').textContent)",
                timeout=30_000,
            )
            tab.click("#odds-cancel")
            assert settled(tab) == "cancelled"
            at_cancel = len(started)
            deadline = time.monotonic() + 20
            while (answer := request((host, port), "/api/odds?q=1m&draws=1")).status == 503:
                assert time.monotonic() < deadline, "the worker was never freed"
                time.sleep(0.2)
            assert answer.status == 200
        finally:
            context.close()
    slow = len(started) - 1  # the quick answer's row aside
    assert at_cancel <= slow <= at_cancel + 2  # at most the row on its way and the next
    assert slow < len(shanten.discards(SLOW))


@KERNEL_ONLY
def test_leaving_the_hand_stops_its_computation(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad hand typed while the odds run clears the analysis: the page drops the fetch at
    the next row, and the server stops and frees its one worker."""
    started = rows_answered(monkeypatch, delay=0.5)
    total = len(shanten.discards(SLOW))
    with serving(odds_workers=1) as (host, port):
        context = browser.new_context(base_url=f"http://{host}:{port}")
        try:
            tab = context.new_page()
            tab.goto(f"/?q={SLOW}")
            shared.analysed(tab)
            assert tab.get_attribute("body", "data-state") == "done", tab.inner_text("body")
            compute(tab, 17, hand_changes=True, shanten_back=True)
            tab.wait_for_selector("#odds[data-state=running]", state="attached")
            shared.submit(tab, "12x3m")
            assert tab.is_hidden("#result") and tab.locator("#odds").count() == 0
            at_clear = len(started)
            deadline = time.monotonic() + 30
            while (answer := request((host, port), "/api/odds?q=1m&draws=1")).status == 503:
                assert time.monotonic() < deadline, "the worker was never freed"
                time.sleep(0.2)
            assert answer.status == 200
        finally:
            context.close()
    # besides the quick answer's row: the page drops the fetch when the next row comes
    # (one), the server sees it gone when it sends the row after (two), and the row in
    # progress meanwhile is the last (three)
    assert len(started) - 1 <= at_clear + 3 and len(started) - 1 < total


#: The two screens the page is drawn for: a laptop's and a phone's.
SCREENS = pytest.mark.parametrize(
    "screen", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=("1280", "390")
)


def in_view(page: Page, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport as it is scrolled now (to the
    pixel: the page scrolls by whole pixels, its boxes are placed by fractions)."""
    inside: bool = page.eval_on_selector(
        selector,
        """node => { const r = node.getBoundingClientRect();
            return r.height > 0 && r.top >= -1 && r.left >= -1
                && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }""",
    )
    return inside


@SCREENS
def test_the_engines_refusal_shows_in_the_odds_card(
    page: Page, tmp_path: Path, screen: ViewportSize
) -> None:
    """A hand past the engine's reach, and draws it cannot take (200, -1): the message is
    the server's (the library's own for the first two), in the odds card where the odds
    would be, and on screen, not under the hand box far above."""
    page.set_viewport_size(screen)

    def refusal(hand: str, **asked: Any) -> str:
        try:
            shanten.odds(hand, **asked)
        except shanten.RuleError as error:
            return str(error)
        raise AssertionError(f"the engine took {hand} with {asked}")

    cases: list[tuple[str, dict[str, Any], str | None]] = [
        (REFUSED, {"draws": 17, "hand_changes": True, "shanten_back": True}, None),
        (HAND, {"draws": 200}, None),
        (HAND, {"draws": -1}, "draws is a whole number of draws, such as 17, not '-1'"),
    ]
    for i, (hand, asked, given) in enumerate(cases):
        message = given or refusal(hand, **asked)  # the server's own for -1
        if f"q={hand}" not in page.url:
            page.goto(f"/?q={hand}")
            shared.analysed(page)
        compute(page, **asked)
        assert settled(page) == "error"
        shown = page.locator("#odds .odds-error")
        assert shown.is_visible(), f"no message in the odds card for {asked}"
        assert shown.inner_text() == message
        assert in_view(page, "#odds .odds-error"), f"the message for {asked} is off screen"
        assert page.is_hidden("#error")  # nothing under the hand box
        assert page.is_visible("#result")  # the analysis stays on screen
        page.screenshot(path=str(tmp_path / f"refusal-{screen['width']}-{i}.png"))
    # a computation that works clears the message
    compute(page, 2)
    assert settled(page) == "done"
    assert page.locator("#odds .odds-error").is_hidden()


#: The y axis's steps, as fractions: 1, 2, 2.5 and 5 times a power of ten percent.
NICE = {m * 10.0**k / 100 for m in (1, 2, 2.5, 5) for k in range(-2, 3)}


@SCREENS
@pytest.mark.parametrize(
    ("hand", "draws"),
    [(HAND, 6), ("123m456p789s1122z", 17), (HAND, 17), (HAND, 0)],
    ids=("top-5.5%", "top-45%", "top-32%", "all-zero"),
)
def test_the_charts_ticks_are_round_and_whole(
    page: Page, tmp_path: Path, screen: ViewportSize, hand: str, draws: int
) -> None:
    """The y axis's tick labels: evenly spaced at a round step from 0 to at least the best
    win chance, each drawn whole inside the chart (no "10.0%" cut to ".0.0%")."""
    page.set_viewport_size(screen)
    page.goto(f"/?q={hand}")
    shared.analysed(page)
    compute(page, draws)
    assert settled(page) == "done"
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    result = shanten.odds(hand, draws=draws)
    top = max(row.win[-1] for row in (result if isinstance(result, tuple) else (result,)))
    labels: list[dict[str, Any]] = page.eval_on_selector_all(
        "#odds-chart svg text",
        """texts => { const box = texts[0].ownerSVGElement.getBoundingClientRect();
            return texts.map(t => { const r = t.getBoundingClientRect();
                return {text: t.textContent, value: t.dataset.value ?? null,
                        inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5
                            && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5}; }); }""",
    )
    clipped = [label["text"] for label in labels if not label["inside"]]
    assert clipped == [], f"labels drawn past the chart's edge: {clipped}"
    ticks = [label for label in labels if label["text"].endswith("%")]
    # each label's value: its data-value, exact (else what it reads)
    values = [float(t["value"] or float(t["text"].rstrip("%")) / 100) for t in ticks]
    assert values == sorted(values) and values[0] == 0 and values[-1] >= top
    steps = {round(b - a, 12) for a, b in itertools.pairwise(values)}
    assert len(steps) == 1, f"uneven ticks: {values}"
    step = steps.pop()
    assert min(abs(step - nice) for nice in NICE) < 1e-12, f"not a round step: {step}"
    assert 3 <= len(values) <= 6
    if top >= 0.05:  # below 5% the axis stays at 5%
        assert values[-2] < top  # no tick wasted above the lines
    decimals = len(f"{round(step * 100, 9):g}".partition(".")[2])  # as many as the step has
    assert [tick["text"] for tick in ticks] == [f"{v * 100:.{decimals}f}%" for v in values]
    page.locator("#odds").screenshot(path=str(tmp_path / f"chart-{screen['width']}.png"))


@SCREENS
def test_the_rows_go_best_first_with_the_best_marked(
    page: Page, tmp_path: Path, screen: ViewportSize
) -> None:
    """Once every discard has its odds, the table is in shanten.odds()'s order (the
    command line's), not Tenhou's, with a shanten heading wherever the level changes; the
    best rows (the first, and any tied with it) carry a "best" mark that a screen reader
    reads too."""
    page.set_viewport_size(screen)
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    compute(page, 6)
    assert settled(page) == "done"
    expected = shanten.odds(HAND, draws=6)
    assert isinstance(expected, tuple)
    order = [str(row.discard) for row in expected]
    assert order != [str(row.discard) for row in shanten.discards(HAND)]  # the point
    key = [(round(row.win[-1], 12), round(row.tenpai[-1], 12)) for row in expected]
    for view in ("all", "standard"):
        rows = page.eval_on_selector_all(
            f"table.discards[data-view={view}] tbody tr",
            """rows => rows.map(row => ({
                level: row.classList.contains('level') ? Number(row.dataset.shanten) : null,
                discard: row.dataset.discard ?? null,
                shanten: row.dataset.shanten === undefined ? null : Number(row.dataset.shanten),
                mark: row.querySelector('.best-mark')?.textContent ?? null,
                label: row.querySelector('.best-mark')?.getAttribute('aria-label') ?? null,
            }))""",
        )
        discards = [row for row in rows if row["level"] is None]
        assert [row["discard"] for row in discards] == order
        # a heading before the first row and wherever the shanten changes, none elsewhere
        level = None
        for row in rows:
            if row["level"] is not None:
                assert row["level"] != level
                level = row["level"]
            else:
                assert row["shanten"] == level
        marked = [row["discard"] for row in discards if row["mark"] is not None]
        assert marked[0] == order[0]
        assert marked == [order[i] for i in range(len(order)) if key[i] == key[0]]
        assert all(
            row["mark"] == "best" and "best" in row["label"] for row in discards if row["mark"]
        )
    sort = page.get_attribute("table.discards[data-view=all] th.odds.win", "aria-sort")
    assert sort == "descending"
    page.locator("#discards").screenshot(path=str(tmp_path / f"best-{screen['width']}.png"))
    # a new computation starts over from Tenhou's order, with no mark until it is done
    page.set_checked("#odds-hand-changes", True)
    page.click("#odds-compute")
    assert settled(page) == "done"
    assert page.locator("table.discards[data-view=all] .best-mark").count() >= 1


@SCREENS
def test_the_discard_table_starts_on_the_first_screen(
    page: Page, tmp_path: Path, screen: ViewportSize
) -> None:
    """At 1280 x 800 the input sits beside the answer, so the discard table, its heading
    and first row whole, is on the first screen, under the hand and the odds card; at
    390 px the cards stack in the same order and nothing scrolls sideways."""
    page.set_viewport_size(screen)
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    page.screenshot(path=str(tmp_path / f"first-screen-{screen['width']}.png"))
    page.screenshot(path=str(tmp_path / f"page-{screen['width']}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    boxes = {}
    for name in ("#form", "#summary", "#odds", "#discards", "#review"):
        box = page.locator(name).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= screen["width"]
        boxes[name] = box
    # the answer's cards in order: the hand, the odds, the table; the review after them
    assert boxes["#summary"]["y"] < boxes["#odds"]["y"] < boxes["#discards"]["y"]
    assert boxes["#discards"]["y"] < boxes["#review"]["y"]
    first = page.locator("table.discards[data-view=all] tr.discard-row").first.bounding_box()
    assert first is not None
    if screen["width"] == 1280:
        assert first["y"] + first["height"] <= 800, first
        # beside the input, which does not scroll away under a long answer
        assert boxes["#form"]["x"] + boxes["#form"]["width"] <= boxes["#summary"]["x"]
    else:
        assert boxes["#form"]["y"] + boxes["#form"]["height"] <= boxes["#summary"]["y"]


def test_the_odds_at_a_phone_width(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    compute(page, 6)
    assert settled(page) == "done"
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    card = page.locator("#odds").bounding_box()
    chart = page.locator("#odds-chart svg").bounding_box()
    assert card is not None and chart is not None
    assert chart["x"] >= card["x"] and chart["x"] + chart["width"] <= card["x"] + card["width"]
    for row in page.locator("table.discards[data-view=all] tr.discard-row").all():
        whole, win = row.bounding_box(), row.locator("td.odds.win").bounding_box()
        assert whole is not None and win is not None
        assert win["x"] + win["width"] <= whole["x"] + whole["width"] + 0.5
    page.screenshot(path=str(tmp_path / "odds-360.png"), full_page=True)


#: Ready in one discard, closed: the expected points depend on riichi, dora and the winds.
SCORED = "234567m34p22s567s9m"


def overflow(page: Page) -> list[str]:
    """What is wider than the screen, or than its own box (a table scrolling sideways)."""
    wide: list[str] = page.evaluate(
        """() => {
            const out = [];
            if (document.documentElement.scrollWidth > innerWidth) out.push('page');
            for (const node of document.querySelectorAll('#odds, #discards, table.discards')) {
                const box = node.getBoundingClientRect();
                if (box.width && (box.left < -0.5 || box.right > innerWidth + 0.5)) out.push(node.id || node.className);
                if (node.scrollWidth > node.clientWidth + 1) out.push(`${node.id || node.className} scrolls`);
            }
            return out;
        }"""
    )
    return wide


@SCREENS
def test_the_expected_points_join_the_table_with_the_game(
    page: Page, tmp_path: Path, screen: ViewportSize
) -> None:
    """With "Expected points" on, the game's fields (the score card's) go with the
    question, and each discard's expected points are a column of the table, equal to
    shanten.odds(..., score=...); the table still fits the screen."""
    context = shanten.ScoreContext(seat_wind="2z", round_wind="1z", dora="3m", riichi="best")
    expected = shanten.odds(SCORED, draws=3, visible="3m", score=context)
    assert isinstance(expected, tuple)
    page.set_viewport_size(screen)
    page.goto(f"/?q={SCORED}&visible=3m")  # the indicator is a tile in sight
    shared.analysed(page)
    assert page.is_hidden("#odds-game")
    page.check("#odds-score")
    assert page.is_visible("#odds-game")
    page.fill("#odds-dora", "3m")
    page.select_option("#odds-seat", "2z")
    assert page.input_value("#odds-round") == "1z" and page.input_value("#odds-riichi") == "best"
    compute(page, 3)
    assert settled(page) == "done"
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    title = page.get_attribute("table.discards[data-view=all] th.odds.score", "title")
    assert title is not None and title.startswith("Expected points") and "within 3 draws" in title
    points = {str(row.discard): row.score[-1] for row in expected if row.score is not None}
    for view in ("all", "standard"):
        cells = page.eval_on_selector_all(
            f"table.discards[data-view={view}] tr.discard-row",
            """rows => rows.map(row => ({discard: row.dataset.discard,
                value: row.querySelector('td.odds.score').dataset.value,
                text: row.querySelector('td.odds.score').textContent}))""",
        )
        assert [cell["discard"] for cell in cells] == [str(row.discard) for row in expected]
        for cell in cells:
            assert float(cell["value"]) == points[cell["discard"]]
            assert cell["text"] == f"{round(points[cell['discard']]):,}"
    assert overflow(page) == []
    if screen["width"] < 640:  # each row's cells inside the row, on the phone's lines
        for row in page.locator("table.discards[data-view=all] tr.discard-row").all():
            whole, cell = row.bounding_box(), row.locator("td.odds.score").bounding_box()
            assert whole is not None and cell is not None
            assert cell["x"] + cell["width"] <= whole["x"] + whole["width"] + 0.5
    page.screenshot(path=str(tmp_path / f"expected-{screen['width']}.png"), full_page=True)
    if screen["width"] < 640:
        return
    # the game stays for the next hand; turned off, the column goes
    shared.submit(page, "123m456p789s1122z3z")
    assert page.is_checked("#odds-score") and page.input_value("#odds-dora") == "3m"
    assert page.input_value("#odds-seat") == "2z"
    page.uncheck("#odds-score")
    assert page.is_hidden("#odds-game")
    compute(page, 2)
    assert settled(page) == "done"
    assert page.locator("table.discards th.odds.score, table.discards td.odds.score").count() == 0

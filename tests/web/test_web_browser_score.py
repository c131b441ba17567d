"""The score of a complete hand on the page, in headless Chromium (the fixtures and their
skip rule are those of test_web_browser): type a complete hand, say how it won, ask for
the score and read it against shanten.score; the winning tile a draw brings; the
library's refusal in the card, shown as text; the form by keyboard. A screenshot at
1280 px goes to the test's tmp directory."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import shanten

from . import test_web_browser as shared

if TYPE_CHECKING:
    from playwright.sync_api import Page

# the browser, the server and a fresh tab, as in test_web_browser
browser, base_url, page = shared.browser, shared.base_url, shared.page

HAND = "234567m234p22s567s"


def scored(page: Page) -> str:
    """Click Score and wait for the answer or the refusal; the card's state."""
    page.evaluate("document.getElementById('score').dataset.state = 'asking'")
    page.click("#score-go")
    page.wait_for_selector(
        "#score[data-state=done], #score[data-state=error]", state="attached", timeout=10_000
    )
    state = page.get_attribute("#score", "data-state")
    assert state is not None
    return state


def checked(page: Page, name: str) -> str:
    value: str = page.eval_on_selector(f"input[name={name}]:checked", "input => input.value")
    return value


def shown(page: Page) -> dict[str, Any]:
    """The score as the card draws it."""
    data: dict[str, Any] = page.eval_on_selector(
        "#score-out .score-result",
        """result => ({
            han: Number(result.dataset.han),
            fu: Number(result.dataset.fu),
            points: Number(result.dataset.points),
            limit: result.dataset.limit || null,
            headline: result.querySelector('#score-headline').textContent,
            payments: [...result.querySelectorAll('.payments li')].map(
                li => [li.dataset.payer, Number(li.dataset.points), li.textContent]),
            yaku: [...result.querySelectorAll('tr.yaku-row')].map(row => [
                row.dataset.key,
                row.querySelector('.name').textContent,
                row.querySelector('.japanese').textContent,
                row.querySelector('.han').textContent,
            ]),
        })""",
    )
    return data


def expected(score: shanten.Score) -> dict[str, Any]:
    """What the card should draw of ``score``."""
    payers = {"discarder": "Discarder", "dealer": "Dealer", "non-dealer": "Non-dealer"}
    return {
        "han": score.han,
        "fu": score.fu,
        "points": score.points,
        "limit": score.limit,
        "headline": score.headline,
        "payments": [
            [p.payer, p.points, f"{payers[p.payer]} pays {p.points}"] for p in score.payments
        ],
        "yaku": [
            [
                y.key,
                y.name,
                y.japanese,
                (f"{y.yakuman}× yakuman" if y.yakuman > 1 else "yakuman")
                if y.yakuman
                else f"{y.han} han",
            ]
            for y in score.yaku
        ],
    }


def test_type_a_complete_hand_and_score_it(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    shared.submit(page, HAND)
    # the card offers each kind of the hand, the last one typed chosen, won on a discard
    kinds = page.eval_on_selector_all(
        "input[name=score-win]", "inputs => inputs.map(input => input.value)"
    )
    assert kinds == list(dict.fromkeys(str(tile) for tile in shanten.Hand(HAND).tiles))
    assert checked(page, "score-win") == "7s" and checked(page, "score-tsumo") == "0"
    page.check("input[name=score-win][value='4p']")
    page.check("input[name=score-tsumo][value='1']")
    page.check("#score-riichi")
    page.fill("#score-dora", "3m")
    page.select_option("#score-seat", "2z")
    page.select_option("#score-rules", "mahjong-soul")
    assert scored(page) == "done"
    win = shanten.score(
        HAND,
        win="4p",
        tsumo=True,
        riichi=True,
        dora="3m",
        seat_wind="2z",
        round_wind="1z",
        rules=shanten.MAHJONG_SOUL,
    )
    assert shown(page) == expected(win)
    assert page.is_hidden(".score-error")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    page.screenshot(path=str(tmp_path / "score-1280.png"), full_page=True)
    # another hand, not complete: no score card
    shared.submit(page, "23489m6799p22567s")
    assert page.locator("#score").count() == 0


def test_a_drawn_tile_wins_by_self_draw_and_melds_count(page: Page) -> None:
    """Drawing (摸) the tile that completes the hand chooses it, by self-draw; the melds
    and the 3-player switch of the analysis go with the score."""
    page.goto("/?q=234m067p8s&melds=406s,777z")
    shared.analysed(page)
    page.click("#ukeire-views-all button.tile-button[data-tile='8s']")
    page.wait_for_selector("#score", state="attached")
    assert checked(page, "score-win") == "8s" and checked(page, "score-tsumo") == "1"
    assert scored(page) == "done"
    win = shanten.score(
        "234m067p88s", win="8s", melds=["406s", "777z"], tsumo=True, seat_wind="1z", round_wind="1z"
    )
    assert shown(page) == expected(win)


def test_the_refusal_shows_in_the_card_as_text(page: Page) -> None:
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    page.check("input[name=score-win][value='4p']")
    page.check("#score-ippatsu")
    assert scored(page) == "error"
    try:
        shanten.score(HAND, win="4p", tsumo=False, ippatsu=True, seat_wind="1z", round_wind="1z")
    except shanten.ShantenError as error:
        message = str(error)
    assert page.inner_text(".score-error") == message
    assert page.locator("#score-out").inner_text() == ""
    # markup typed in a box comes back in the message, and stays text
    page.uncheck("#score-ippatsu")
    page.check("#score-riichi")
    page.fill("#score-dora", "<img src=x onerror=window.owned=1>")
    assert scored(page) == "error"
    assert "<img src=x" in page.inner_text(".score-error")
    assert page.locator("#score img").count() == 0
    assert page.evaluate("window.owned") is None
    # put right, the same card answers
    page.fill("#score-dora", "")
    assert scored(page) == "done" and page.is_hidden(".score-error")


def test_the_form_works_by_keyboard(page: Page) -> None:
    page.goto(f"/?q={HAND}")
    shared.analysed(page)
    page.focus("input[name=score-win]:checked")  # 7s, the last kind
    page.keyboard.press("ArrowLeft")  # the kind before it: 6s
    assert checked(page, "score-win") == "6s"
    page.focus("#score-riichi")
    page.keyboard.press("Space")
    page.focus("#score-dora")
    page.keyboard.type("1s")
    page.evaluate("document.getElementById('score').dataset.state = 'asking'")
    page.keyboard.press("Enter")  # submits the score's form, not the hand's
    page.wait_for_selector("#score[data-state=done]", state="attached")
    win = shanten.score(
        HAND, win="6s", tsumo=False, riichi=True, dora="1s", seat_wind="1z", round_wind="1z"
    )
    assert shown(page) == expected(win)
    assert page.input_value("#q") == HAND


def test_a_concealed_quad_keeps_the_hand_closed(page: Page) -> None:
    """A concealed quad (暗槓) typed among the melds goes with the score: riichi and the
    tile after the kan (嶺上開花) are allowed, and it counts its fu."""
    page.goto("/?q=345p678p789s55s&melds=(2222m)")
    shared.analysed(page)
    assert checked(page, "score-win") == "5s"
    page.check("input[name=score-win][value='8p']")
    page.check("input[name=score-tsumo][value='1']")
    for switch in ("#score-riichi", "#score-rinshan"):
        page.check(switch)
    assert scored(page) == "done"
    win = shanten.score(
        "345p678p789s55s",
        win="8p",
        melds=["(2222m)"],
        tsumo=True,
        riichi=True,
        rinshan=True,
        seat_wind="1z",
        round_wind="1z",
    )
    assert shown(page) == expected(win)
    parts = " + ".join(f"{reason} {fu}" for reason, fu in win.fu_parts)
    assert page.inner_text(".fu-parts").startswith(f"Fu 符: {parts} = ")


def test_three_players_at_a_phone_width(page: Page, tmp_path: Path) -> None:
    """With three players the card takes the north tiles set aside and offers no North
    seat; 360 px wide, it fits without scrolling sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/?q=111m999m123p789p77s&players=3")
    shared.analysed(page)
    assert page.is_disabled("#score-seat option[value='4z']")
    page.check("#score-riichi")
    page.check("input[name=score-tsumo][value='1']")
    page.fill("#score-north", "1")
    page.select_option("#score-seat", "2z")
    assert scored(page) == "done"
    win = shanten.score(
        "111m999m123p789p77s",
        win="7s",
        tsumo=True,
        riichi=True,
        players=3,
        north=1,
        seat_wind="2z",
        round_wind="1z",
    )
    assert shown(page) == expected(win)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#score").screenshot(path=str(tmp_path / "score-360.png"))

"""The rules at the table: the decision's rules and the game in brief, one tap away.

Reuses the live server and Chromium of ``test_browser`` and the phone's pages of
``test_browser_phone``. Every game's table is opened at a laptop's and a phone's size
with Ann to move first: the Rules button (by the banner on the laptop, in the dock on the
phone) opens a dialog, wholly in view and never wider than the window, that gives the
rules of exactly the verbs among her legal moves (the engine's ``decision_rules``) and
the game's summary. Gangster (1994) and Gangsters, whose boards came to the phone's dock
last, are checked to give it their question.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from gangland.engine.registry import load
from tests.web import test_browser as base
from tests.web import test_browser_phone as phone
from tests.web.test_browser import PHONE, Server, wait_until
from tests.web.test_browser_phone import WIDE, in_view, no_sideways_scroll, seated

server, browser, touch_page = base.server, base.browser, phone.touch_page
pytestmark = base.pytestmark

GAMES = ["gangster", "gangster-1994", "gangsters", "gangster-city", "chicago-gangster"]
PLAYERS = {"gangster": 3, "chicago-gangster": 3, "gangster-city": 2, "gangster-1994": 2,
           "gangsters": 2}


def her_turn(page: Page) -> None:
    wait_until(page, "document.querySelector('.banner-mine') !== null", timeout_s=45)


def first_words(text: str) -> str:
    """The summary's first sentence's opening, as the dialog rewraps it (one space between
    words: its lines are joined)."""
    return " ".join(text.split()[:8])


@pytest.mark.parametrize("size", ["1366", "390"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_of_the_decision_are_a_tap_away(server: Server, touch_page: Any,
                                                  game: str, size: str):
    viewport = WIDE if size == "1366" else PHONE
    page = touch_page(viewport)
    table_id, token = seated(server, game, PLAYERS[game])
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")
    her_turn(page)
    state = server.state(table_id)
    assert state.current_player == 0
    wanted = state.decision_rules()  # (the engine's own tests check what it gives)
    assert wanted, f"{game}: no rule for any of its legal moves"

    opener = "#rules-open" if size == "1366" else ".dock-rules"
    in_view(page, opener)
    page.locator(opener).click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    # a modal dialog lies over everything, the dock included: in view is inside the window
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    shown = [p.strip() for p in page.locator("#rules-decision .rules-p").all_inner_texts()]
    assert shown == wanted
    brief = page.locator("#rules-game").inner_text()
    assert first_words(load(game).rules_text()) in " ".join(brief.split())
    no_sideways_scroll(page, f"{game}'s rules")
    # the dialog scrolls inside itself: its text never runs wider than its box
    assert page.evaluate("(() => { const d = document.getElementById('rules-dialog');"
                         " return d.scrollWidth <= d.clientWidth; })()")
    page.screenshot(path=str(base.ARTIFACTS / f"rules-{game}-{size}.png"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    if size == "390" and game in ("gangster-1994", "gangsters"):
        # the board gives the dock its question, which the dock shows under "Your turn!"
        board_prompt = page.locator("#board [data-prompt]").first.get_attribute("data-prompt")
        assert board_prompt and board_prompt.strip()
        expect(page.locator(".dock-prompt")).to_have_text(board_prompt)
        in_view(page, ".dock-prompt")


def test_a_spectator_sees_the_brief_but_no_decision(server: Server, touch_page: Any):
    """Only the seat to move is told the rules of its decision (they follow from its legal
    moves, which only it is sent): a spectator's dialog holds the game's summary alone."""
    table_id, _ = seated(server, "gangster-city", 2)
    page = touch_page(WIDE)
    page.goto(f"{server.base}/table/{table_id}?watch")
    expect(page.locator("#rules-open")).to_be_visible()
    page.locator("#rules-open").click()
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-decision")).to_be_hidden()
    assert page.locator("#rules-decision .rules-p").count() == 0
    brief = page.locator("#rules-game").inner_text()
    assert first_words(load("gangster-city").rules_text()) in " ".join(brief.split())

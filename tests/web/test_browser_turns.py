"""Your turn across your tables, and the turn alerts, in the browser.

Reuses the live server and Chromium of ``test_browser`` and the pages of
``test_browser_phone``. Ann holds seats at two Gangster City tables against bots: the
lobby counts the tables waiting for her and puts them first, a table page links to the
other one. The alerts (a sound and a blinking title while the tab is in the background)
are off until she switches them on with the bell; the sound is counted by wrapping the
page's AudioContext, the background made by overriding ``document.visibilityState``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web import test_browser_phone as phone
from tests.web.test_browser import PHONE, Server, wait_until
from tests.web.test_browser_phone import WIDE, in_view, no_sideways_scroll, seated

server, browser, touch_page = base.server, base.browser, phone.touch_page
pytestmark = base.pytestmark

#: Counts the notes the page plays, and lets a test send the tab to the background.
SPY = """
window.__notes = 0;
window.__hidden = false;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__notes += 1; return super.createOscillator(); }
};
Object.defineProperty(document, "visibilityState",
                      { get: () => (window.__hidden ? "hidden" : "visible") });
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
"""

MY_TURN = "document.querySelector('.banner-mine') !== null && !document.querySelector('.gc-busy')"


def background(page: Page, hidden: bool) -> None:
    page.evaluate(f"window.__hidden = {str(hidden).lower()};"
                  "document.dispatchEvent(new Event('visibilitychange'))")


def move_and_wait(page: Page) -> None:
    """Ann investigates a card; the bot answers; it is her turn again."""
    before = page.evaluate("document.querySelectorAll('#log li').length")
    page.locator(".gc-middle .gc-take").first.click()
    wait_until(page, f"document.querySelectorAll('#log li').length > {before + 1}", 45)
    wait_until(page, MY_TURN, 45)


@pytest.mark.parametrize("size", ["1366", "390"])
def test_the_lobby_and_the_table_say_where_it_is_your_turn(server: Server, touch_page: Any,
                                                           size: str):
    page = touch_page(WIDE if size == "1366" else PHONE)
    tables = [seated(server, "gangster-city", 2) for _ in range(2)]
    for table_id, token in tables:  # (the page stores each seat, as an invite link does)
        page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")
        wait_until(page, MY_TURN, 45)
    # the second table's page links to the first, which waits for her too
    link = page.locator("#other-turns")
    expect(link).to_have_text("Your turn at 1 table more", timeout=20_000)
    assert link.get_attribute("href") == f"/table/{tables[0][0]}"
    in_view(page, "#other-turns")
    no_sideways_scroll(page, "the table with the other-turns link")
    page.goto(server.base + "/")
    expect(page.locator("#mine-turns")).to_have_text("your turn at 2 tables")
    expect(page.locator("#mine .table-your-turn")).to_have_count(2)
    assert page.title() == "(2) Your turn · Gangland"
    # the top bar leads to the longest waiting ("My tables" is below the form on a phone)
    top = page.locator("#other-turns")
    expect(top).to_have_text("Your turn at 2 tables")
    assert top.get_attribute("href") == f"/table/{tables[0][0]}"
    in_view(page, "#other-turns")
    first = page.locator("#mine .table-item").first
    expect(first.locator(".badge-you")).to_have_text("your turn")
    expect(first.locator("a.button-primary")).to_have_text("Play your turn")
    no_sideways_scroll(page, "the lobby with tables waiting")
    page.screenshot(path=str(base.ARTIFACTS / f"lobby-your-turn-{size}.png"))


def test_alerts_are_off_until_the_bell_and_then_sound_in_the_background(server: Server,
                                                                         touch_page: Any):
    page = touch_page(WIDE)
    page.add_init_script(SPY)
    table_id, token = seated(server, "gangster-city", 2)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")
    wait_until(page, MY_TURN, 45)
    bell = page.locator("#alerts")
    expect(bell).to_have_attribute("aria-pressed", "false")
    in_view(page, "#alerts")
    # off (the default): her turn coming back while she looks away makes no sound
    background(page, True)
    move_and_wait(page)
    assert page.evaluate("window.__notes") == 0
    assert not page.title().startswith("● Your turn!")
    background(page, False)
    # on: a sound, and the title blinks until she looks again
    bell.click()
    expect(bell).to_have_attribute("aria-pressed", "true")
    background(page, True)
    move_and_wait(page)
    assert page.evaluate("window.__notes") == 2  # (one knock: two notes)
    titles = set()
    for _ in range(6):
        titles.add(page.title())
        page.wait_for_timeout(400)
    assert "● Your turn!" in titles and len(titles) == 2, titles
    background(page, False)
    assert not page.title().startswith("● Your turn!")
    # a turn that comes while she looks makes no sound either
    move_and_wait(page)
    assert page.evaluate("window.__notes") == 2
    # the choice is kept on this browser
    page.reload()
    expect(page.locator("#alerts")).to_have_attribute("aria-pressed", "true")

"""Every game's opening decisions played through the board, at a laptop's and a phone's size.

Reuses the live server and Chromium of ``test_browser`` and the phone's pages of
``test_browser_phone``. For Gangster, Gangster City and Chicago Gangster (Gangster (1994)
and Gangsters have their own: ``test_browser_g1994.py`` and ``test_browser_gangsters.py``),
Ann opens her seat against bots and makes her first decisions by clicking the board, as a
newcomer would. At every step the pending choice (the board's question) and what it is
about (its highlighted targets) are in view, measured as she sees them after whatever
scrolling the page did itself, and nothing scrolls sideways. The screenshots taken on the
way are checked for what they must show: the targets' boxes lie inside the picture.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web import test_browser_phone as phone
from tests.web.test_browser import PHONE, Server, wait_until
from tests.web.test_browser_phone import (
    WIDE,
    in_view,
    no_sideways_scroll,
    seated,
    settle_in_view,
)

server, browser, touch_page = base.server, base.browser, phone.touch_page
pytestmark = base.pytestmark

SIZES = {"1366": WIDE, "390": PHONE}
MY_TURN = ("document.querySelector('.banner-mine') !== null && "
           "!document.querySelector('.action:disabled')")


#: The box of the innermost element of the board whose text holds the given words.
TEXT_BOX = """(words) => {
  const all = [...document.querySelectorAll("#board *")]
    .filter((n) => n.textContent.includes(words));
  const inner = all.filter((n) => ![...n.children].some((c) => c.textContent.includes(words)));
  return inner.map((n) => { const r = n.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; });
}"""


def question(page: Page, size: str) -> str:
    """The decision in words, where she reads it: written on the board on a laptop, in the
    dock on a phone (which repeats the board's ``data-prompt``); asserted in view."""
    if size == "390":
        in_view(page, ".dock-text")
        return page.locator(".dock-prompt").inner_text()
    asked = str(page.locator("#board [data-prompt]").first.get_attribute("data-prompt"))
    boxes = page.evaluate(TEXT_BOX, asked)
    width, height = page.evaluate("[innerWidth, innerHeight]")
    assert any(b["top"] >= 0 and b["bottom"] <= height and b["left"] >= 0
               and b["right"] <= width for b in boxes), (asked, boxes)
    return asked


def snap(page: Page, name: str, targets: str) -> None:
    """A screenshot of the window as scrolled, which must show every target whole."""
    path = base.ARTIFACTS / f"opening-{name}.png"
    base.ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, "a blank screenshot"
    in_view(page, targets)


def open_her_seat(page: Page, server: Server, game: str, players: int) -> str:
    table_id, token = seated(server, game, players)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")
    wait_until(page, MY_TURN, 45)
    return table_id


def log_grows(page: Page, before: int) -> None:
    wait_until(page, f"document.querySelectorAll('#log li').length > {before}", 30)


def log_length(page: Page) -> int:
    return int(page.evaluate("document.querySelectorAll('#log li').length"))


@pytest.mark.parametrize("size", list(SIZES))
def test_gangster_a_card_then_a_district(server: Server, touch_page: Any, size: str):
    page = touch_page(SIZES[size])
    open_her_seat(page, server, "gangster", 3)
    cards = ".gs-pending .gs-move-can"  # (repeated in the question, after its words)
    expect(page.locator(cards).first).to_be_attached()
    settle_in_view(page, cards)
    assert "drive with a movement card" in question(page, size)
    no_sideways_scroll(page, f"Gangster's turn at {size}")
    snap(page, f"gangster-cards-{size}", cards)
    page.locator(cards).first.click()
    targets = ".gs-target.gs-clickable"
    expect(page.locator(targets).first).to_be_attached()
    settle_in_view(page, targets)
    assert "pick where to stop" in question(page, size)
    no_sideways_scroll(page, f"Gangster's stops at {size}")
    snap(page, f"gangster-stops-{size}", targets)
    before = log_length(page)
    where = str(page.locator(targets).first.get_attribute("data-district"))
    page.locator(targets).first.click()
    log_grows(page, before)
    expect(page.locator("#log")).to_contain_text(f"to {where.replace('-', ' ').title()}")


@pytest.mark.parametrize("size", list(SIZES))
def test_gangster_city_a_card_from_the_middle(server: Server, touch_page: Any, size: str):
    page = touch_page(SIZES[size])
    table_id = open_her_seat(page, server, "gangster-city", 2)
    cards = ".gc-middle .gc-take"
    expect(page.locator(cards).first).to_be_attached()
    settle_in_view(page, cards)
    assert "Investigate a card in the middle" in question(page, size)
    in_view(page, ".gc-pile.gc-take")  # (drawing blind is the other answer, beside them)
    no_sideways_scroll(page, f"Gangster City's turn at {size}")
    snap(page, f"city-middle-{size}", cards)
    before = log_length(page)
    page.locator(cards).first.click()
    log_grows(page, before)
    assert server.state(table_id).turn >= 1
    # her next turn: the middle is in view again, its new card among the ones to take
    wait_until(page, MY_TURN, 45)
    settle_in_view(page, cards)
    no_sideways_scroll(page, f"Gangster City's second turn at {size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_chicago_gangster_a_card_from_the_hand(server: Server, touch_page: Any, size: str):
    page = touch_page(SIZES[size])
    open_her_seat(page, server, "chicago-gangster", 3)
    hand = ".ch-hand .ch-card"
    expect(page.locator(hand).first).to_be_attached()
    settle_in_view(page, ".ch-hand .ch-discard")
    asked = question(page, size)
    assert asked.strip(), "the board asks nothing"
    no_sideways_scroll(page, f"Chicago Gangster's turn at {size}")
    snap(page, f"chicago-hand-{size}", ".ch-hand .ch-discard")
    before = log_length(page)
    page.locator(".ch-hand .ch-discard").first.click()
    log_grows(page, before)
    # her next decision (her turn, or an answer to a rival's card): what it is about is
    # in view, whichever it is
    wait_until(page, MY_TURN, 60)
    settle_in_view(page, "#board [data-focus]")
    no_sideways_scroll(page, f"Chicago Gangster's second turn at {size}")

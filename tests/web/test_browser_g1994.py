"""Gangster (1994) in the browser: the board renderer against bots.

Reuses the live server and Chromium of ``test_browser``. A seated page draws the track's 40
spaces with a pawn per player, a panel per player, and the prompt with its buttons; clicking
the first answer plays it. A spectator's page shows no buttons. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect

from tests.web import test_browser as base
from tests.web.test_browser import LAPTOP, PHONE, Server, shot

# The live server, Chromium and strict pages (any script error fails) of the main test.
server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark


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

"""Invite-only tables and long logs in the browser.

Reuses the live server and Chromium of ``test_browser``. A host opens an invite-only table
from the lobby: a stranger's lobby never lists it, the host's does, and the watch link
opens it to a spectator. A long game's page shows the newest page of the log and fetches
the older ones when asked. Screenshots at 1366x900 and 390x844 go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect

from gangland.server.messages import log_for
from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server, shot

server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

WIDE = {"width": 1366, "height": 900}


def listed(server: Server, keys: list[str] | None = None) -> list[str]:
    headers = {"X-Gangland-Keys": " ".join(keys)} if keys else {}
    request = urllib.request.Request(server.base + "/api/tables", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return [t["id"] for t in json.load(answer)]


def test_an_invite_only_table_is_hidden_and_watched_by_its_link(server: Server, open_page: Any):
    host = open_page(WIDE)
    host.goto(server.base + "/")
    host.select_option("#game", "gangster-city")
    host.fill("#players", "2")
    host.dispatch_event("#players", "change")
    host.locator(".seat-row").nth(1).locator("select").select_option("human")
    host.fill("#name", "Hana")
    host.click(".more summary")
    host.check("#invite-only")
    host.click("#create-form button[type=submit]")
    expect(host.locator("#created .invite")).to_have_count(2)  # the seat's and the watch link
    invite = host.locator("#created .invite-url").first.input_value()
    watch = host.locator("#created .invite-url").last.input_value()
    table_id = invite.split("/table/")[1].split("#")[0]
    assert "#watch=" in watch and "&watch=" in invite
    shot(host, "invite-only-created-wide")
    assert table_id not in listed(server)

    # the host's lobby lists it (the browser proves its seat); a stranger's does not
    host.goto(server.base + "/")
    expect(host.locator(f"#open li[data-table='{table_id}']")).to_have_count(1)
    expect(host.locator(f"#mine li[data-table='{table_id}']")).to_have_count(1)
    stranger = open_page(PHONE)
    stranger.goto(server.base + "/")
    expect(stranger.locator("#open li").first).to_be_visible()
    expect(stranger.locator(f"li[data-table='{table_id}']")).to_have_count(0)
    stranger.goto(f"{server.base}/table/{table_id}?watch")
    expect(stranger.locator("#table-title")).to_have_text("No such table")

    # the guest takes the seat; the table page shows the seats the watch link to share
    guest = open_page(PHONE)
    guest.goto(invite)
    guest.fill("#name-input", "Ivo")
    guest.click("#name-form button")
    expect(guest.locator("#whoami")).to_contain_text("P2")
    expect(guest.locator("#invites .invite-url")).to_have_value(watch)
    shot(guest, "invite-only-seat-phone")

    # whoever has the watch link watches
    watcher = open_page(PHONE)
    watcher.goto(watch)
    expect(watcher.locator(".badge-spectator")).to_have_count(1)
    expect(watcher.locator(".gc-stand")).to_have_count(2)
    expect(watcher.locator("#invites")).to_be_hidden()
    shot(watcher, "invite-only-watch-phone")


def post(server: Server, path: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10):
            return 200
    except urllib.error.HTTPError as err:
        return err.code


def test_a_long_log_shows_its_newest_page_and_the_rest_on_demand(server: Server,
                                                                 open_page: Any):
    made = server.post("/api/tables", {"game": "gangster", "players": 2, "name": "Ann",
                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
    tid = made["table"]["id"]
    tokens = {0: made["token"], 1: made["invites"][0]["token"]}
    post(server, f"/api/tables/{tid}/join", {"seat": 1, "name": "Bo", "token": tokens[1]})
    rng = random.Random(4)
    while not server.state(tid).is_terminal:  # random play over HTTP to the end
        state = server.state(tid)
        seat, version = state.current_player, len(state.history)
        action = str(rng.choice(state.legal_actions()))
        post(server, f"/api/tables/{tid}/actions",
             {"token": tokens[seat], "action": action, "version": version})
    full = log_for(server.hub.tables[tid].log, 0)
    assert len(full) > 200

    for viewport, name in ((WIDE, "long-log-wide"), (PHONE, "long-log-phone")):
        page = open_page(viewport)
        page.goto(f"{server.base}/table/{tid}#seat=0&token={tokens[0]}")
        expect(page.locator("#banner-text")).to_contain_text("Game over")
        lines = page.locator("#log li")
        expect(lines.last).to_be_attached()
        first_count = lines.count()
        assert 0 < first_count <= 200
        older = page.locator(".log-older")
        expect(older).to_be_visible()
        shot(page, name)
        older.scroll_into_view_if_needed()
        page.locator(".log-card").screenshot(path=str(base.ARTIFACTS / f"{name}-log.png"))
        while older.is_visible():
            count = lines.count()
            older.click()
            expect(lines).not_to_have_count(count)
        expect(lines).to_have_count(len(full))
        texts = page.locator("#log li .log-text").all_text_contents()
        assert texts == [e["text"] for e in full]

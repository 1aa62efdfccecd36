"""Taking back a half-made move in the browser: Gangster's movement card, turned and taken
back, at a laptop's size and a phone's.

Reuses the live server and Chromium of ``test_browser`` and the phone page of
``test_browser_phone``. The screenshots go to the test's own folder and are checked: each
is the window's size and was taken with the button in view.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server
from tests.web.test_browser_phone import WIDE, in_view, open_seat, seated, touch_page

server, browser = base.server, base.browser
pytestmark = base.pytestmark
__all__ = ["touch_page"]  # (a fixture, used by name)

CARDS = ".gs-acting .gs-move-can"
STOPS = ".gs-target.gs-clickable"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def press(page: Page, selector: str, phone: bool) -> None:
    target = page.locator(selector).first
    if phone:
        target.tap()
    else:
        target.click()


@pytest.mark.parametrize("size", ["1366", "390"])
def test_a_movement_card_is_taken_back_on_the_board(server: Server, touch_page: Any,
                                                    tmp_path: Path, size: str):
    phone = size == "390"
    viewport = PHONE if phone else WIDE
    table_id, token = seated(server, "gangster", 3)
    page = touch_page(viewport)
    open_seat(page, server, table_id, token)
    expect(page.locator(CARDS).first).to_be_attached()
    cards = page.locator(CARDS).count()
    assert cards == 3 and page.locator(".take-back").count() == 0  # nothing made yet
    press(page, CARDS, phone)
    expect(page.locator(STOPS).first).to_be_attached()
    assert len(server.state(table_id).history) == 1
    # Offered where the player looks: in the dock on a phone; on a laptop beside the
    # question on the board (kept in view) and with the choices in "Your move".
    button = ".dock-extra .take-back" if phone else ".board .take-back"
    expect(page.locator(button)).to_be_visible()
    in_view(page, button)
    shown = [".dock-extra"] if phone else [".board", ".actions-card"]
    for where in shown:
        expect(page.locator(f"{where} .take-back")).to_be_visible()
    assert page.locator(".take-back:visible").count() == len(shown)
    shot = tmp_path / f"take-back-{size}.png"
    page.screenshot(path=str(shot))
    assert png_size(shot) == (viewport["width"], viewport["height"])
    press(page, button, phone)
    # The board returns: the three cards to pick from, no stops, no button; the table's
    # version went back and its record holds nothing.
    expect(page.locator(STOPS)).to_have_count(0)
    expect(page.locator(CARDS)).to_have_count(cards)
    expect(page.locator(".take-back")).to_have_count(0)
    assert server.state(table_id).history == []
    assert server.hub.store.actions(table_id) == []
    after = tmp_path / f"taken-back-{size}.png"
    page.screenshot(path=str(after))
    assert png_size(after) == png_size(shot) and after.read_bytes() != shot.read_bytes()
    # The card is pickable again, and the move goes on from there.
    press(page, CARDS, phone)
    expect(page.locator(STOPS).first).to_be_attached()
    assert len(server.state(table_id).history) == 1
    base.ARTIFACTS.mkdir(exist_ok=True)
    (base.ARTIFACTS / f"take-back-{size}.png").write_bytes(shot.read_bytes())


def test_a_gangsters_offer_is_taken_back_from_a_board_that_owns_its_moves(
        server: Server, touch_page: Any, tmp_path: Path):
    """Gangsters lists its moves on its own board (no "Your move" card): the button goes
    on top of the board, in view. The offer is opened over HTTP, as another tab of the
    seat would; the page offers its take-back all the same."""
    from tests.web.test_browser_gangsters import play_opening

    created = server.post("/api/tables", {
        "game": "gangsters", "players": 2, "name": "Eliot",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table_id, token = created["table"]["id"], created["token"]
    live = server.hub.tables[table_id]
    page = touch_page(WIDE)
    open_seat(page, server, table_id, token)
    play_opening(page, live)
    reach_own_offer(server, live, table_id, token)
    version = live.version
    server.post(f"/api/tables/{table_id}/actions",
                {"token": token, "action": "offer 2", "version": version})
    expect(page.locator(".board .take-back")).to_be_visible()
    assert page.locator("#actions-card").is_hidden()
    in_view(page, ".board .take-back")
    shot = tmp_path / "gangsters-offer.png"
    page.screenshot(path=str(shot))
    assert png_size(shot) == (WIDE["width"], WIDE["height"])
    page.locator(".board .take-back").click()
    expect(page.locator(".take-back")).to_have_count(0)
    assert live.version == version and "offer 2" in {str(a) for a in live.state.legal_actions()}
    assert [r.text for r in server.hub.store.actions(table_id)] == \
        [str(a) for a in live.state.history]
    base.ARTIFACTS.mkdir(exist_ok=True)
    (base.ARTIFACTS / "take-back-gangsters-1366.png").write_bytes(shot.read_bytes())


def reach_own_offer(server: Server, live: Any, table_id: str, token: str) -> None:
    """Plays P1 on to its own Buy Phase with ``offer 2`` among its moves.

    The random bot's turn may ask P1 for something first (answer its trade, say): those
    are answered over HTTP with the person's policy, so the wait does not hang on them."""
    from tests.web.test_browser_gangsters import choose, wait_for

    for _ in range(40):
        wait_for(lambda: live.state.current_player == 0, "P1's turn")
        legal = [str(a) for a in live.state.legal_actions()]
        if "offer 2" in legal:
            return
        version = live.version
        server.post(f"/api/tables/{table_id}/actions",
                    {"token": token, "action": choose(legal), "version": version})
        wait_for(lambda v=version: live.version > v, "P1's answer to be played")
    raise AssertionError("P1 never reached a Buy Phase with an offer to make")

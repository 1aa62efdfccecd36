"""Gangsters in the browser: the board renderer against a bot.

Reuses the live server and Chromium of ``test_browser``. A seated page draws the city from
``client_data`` (every street space, building and subway); the person plays through setup
by clicking the prompt's buttons (each one of the seat's legal action texts, the next state
arrives), then makes a movement through the map: a ringed piece, one of its highlighted
ends, a facing and side. The pieces drawn match the view. A spectator on a phone sees the
map and no buttons. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from gangland.games.gangsters.web import client_data

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web.test_browser import LAPTOP, PHONE, Server, shot

# The live server, Chromium and strict pages (any script error fails) of the main test.
server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

MOVERS = ("move", "wheels", "public", "cop")


def wait_for(check: Any, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def is_move(text: str) -> bool:
    words = text.split()
    return words[0] in MOVERS and len(words) in (4, 5)


def choose(legal: list[str]) -> str:
    """The person's policy through setup: a full gang, rolling as soon as it may."""
    for wanted in ("roll", "gang 1 1 1", "start 1 2 3", "start 1 1 1", "patrol", "bribe",
                   "allow", "decline"):
        if wanted in legal:
            return wanted
    return legal[0]


def on_board(view: dict[str, Any]) -> int:
    gangs = sum(1 for g in view["gangs"] for p in g["pieces"] if p["strength"] and p["at"])
    return gangs + sum(1 for c in view["cops"] if c["at"]) + sum(
        1 for p in view["public"] if p["at"])


def map_move(page: Page, root: Any, live: Any) -> str:
    """Move a piece through the map; the action text the page sent."""
    legal = [str(a) for a in live.state.legal_actions()]
    piece = root.locator(".gst-movable").first
    key = piece.get_attribute("data-key")
    assert key
    kind = key.split(":")[1]
    ends = {t.split()[2] for t in legal if is_move(t) and t.split()[1] == kind}
    piece.click()
    targets = page.locator(".gst-target")
    expect(targets).to_have_count(len(ends))
    target = targets.first
    token = target.get_attribute("data-token")
    assert token in ends
    target.click()
    expect(page.locator(".gst-target-on")).to_have_count(1)
    choices = page.locator(".gst-choices .gst-answer")
    texts = {t for t in legal if is_move(t) and t.split()[1] == kind and t.split()[2] == token}
    expect(choices).to_have_count(len(texts))
    sent = choices.first.get_attribute("data-action")
    assert sent in texts
    shot(page, "gangsters-move-choice-laptop")
    choices.first.click()
    return sent


def test_gangsters_against_a_bot_draws_the_city_and_moves_on_the_map(server: Server,
                                                                     open_page: Any):
    created = server.post("/api/tables", {
        "game": "gangsters", "players": 2, "name": "Eliot",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    data = client_data({})
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    streets = sum(1 for s in data["spaces"] if s["street"])
    expect(page.locator(".gst-map .gst-street")).to_have_count(streets)
    expect(page.locator(".gst-map .gst-building")).to_have_count(len(data["spaces"]) - streets)
    expect(page.locator(".gst-map .gst-subway")).to_have_count(6)
    expect(page.locator(".gst-die")).to_have_count(5)
    expect(page.locator(".gst-panel")).to_have_count(2)
    page.locator("#auto-pass").uncheck()

    moved = None
    for _ in range(60):
        wait_for(lambda: live.state.current_player == 0 or live.state.is_terminal, "P1's turn")
        assert not live.state.is_terminal
        version = live.version
        root = page.locator(f".gst[data-version='{version}']")
        expect(root.locator(".gst-prompt-mine")).to_have_count(1)
        view = live.state.view(0)
        expect(root.locator(".gst-piece")).to_have_count(on_board(view))
        legal = [str(a) for a in live.state.legal_actions()]
        if view["decision"]["kind"] == "move" and any(is_move(t) for t in legal):
            moved = map_move(page, root, live)
        else:
            text = choose(legal)
            button = root.locator(f".gst-answer[data-action='{text}']")
            if not button.count():  # a cop move only (no button): made on the map too
                moved = map_move(page, root, live)
            else:
                button.click()
        wait_for(lambda v=version: live.version > v, "the action to be played")
        wait_for(lambda v=version: int(page.locator(".gst").get_attribute("data-version") or -1)
                 > v, "the next state on the page")
        if moved:
            break
    assert moved, "no movement came up"
    record = live.state.record()["actions"]
    assert moved in record
    shot(page, "gangsters-laptop")

    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".gst-map .gst-building")).to_have_count(len(data["spaces"]) - streets)
    expect(watcher.locator(".gst[data-seat='spectator']")).to_have_count(1)
    expect(watcher.locator(".gst-answer")).to_have_count(0)
    expect(watcher.locator(".gst-movable")).to_have_count(0)
    expect(watcher.locator(".gst-prompt-mine")).to_have_count(0)
    wide = watcher.evaluate("() => { const w = document.querySelector('.gst-map-wrap');"
                            " return [w.scrollWidth, w.clientWidth]; }")
    assert wide[0] > wide[1], "the map should scroll sideways on a phone"
    shot(watcher, "gangsters-phone")


# ----- a shootout and a splash, drawn straight from a seeded game's views -------------------

RENDER = """async ([view, before, legal, data]) => {
  const mod = await import('/static/renderers/gangsters.js');
  const root = document.createElement('div');
  root.id = 'gst-test';
  document.body.prepend(root);
  const ctx = { seat: view.seat, legal, act: () => {}, clientData: data, names: {},
                table: { id: 'shootout', version: 1 } };
  mod.render(root, before, { ...ctx, table: { id: 'shootout', version: 0 } });
  mod.render(root, view, ctx);
  return root.querySelectorAll('.gst-splash').length;
}"""


def test_a_shootout_and_a_lost_strength_point(server: Server, open_page: Any):
    from gangland.games.gangsters.text import describe_action
    from tests.games.gangsters.test_text import play_until

    state = play_until(lambda s: bool(s.view(None)["decision"].get("fight")))
    seat = state.current_player
    view = state.view(seat)
    hit = next((g["seat"], k) for g in view["gangs"] for k, p in enumerate(g["pieces"])
               if p["strength"] and p["at"])
    before = json.loads(json.dumps(view))
    before["gangs"][hit[0]]["pieces"][hit[1]]["strength"] += 1
    legal = [{"text": str(a), "label": describe_action(a, state.options)}
             for a in state.legal_actions()]
    page = open_page(LAPTOP)
    page.goto(server.base + "/")
    splashes = page.evaluate(RENDER, [view, before, legal, client_data({})])
    assert splashes == 1
    expect(page.locator("#gst-test .gst-fight li")).not_to_have_count(0)
    expect(page.locator("#gst-test .gst-prompt-mine .gst-answer")).to_have_count(len(legal))
    shot(page, "gangsters-shootout-laptop")


def test_the_commissioner_and_secret_cash(server: Server, open_page: Any):
    import gangland

    state = gangland.load("gangsters").new_game(players=5, seed=3,
                                                options={"secret_cash": True})
    rng = random.Random(3)
    for _ in range(300):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(4)
    page = open_page(PHONE)
    page.goto(server.base + "/")
    page.evaluate(RENDER, [view, view, [], client_data({})])
    expect(page.locator("#gst-test .gst-commissioner")).to_have_count(1)
    expect(page.locator("#gst-test .gst-panel")).to_have_count(5)
    expect(page.locator("#gst-test .gst-gangs")).to_contain_text("hidden")
    expect(page.locator("#gst-test .gst-answer")).to_have_count(0)
    shot(page, "gangsters-commissioner-phone")


def finished_five() -> Any:
    """Issue 25's game: five players, seed 0, random.Random(0): the Commissioner wins."""
    import gangland

    state = gangland.load("gangsters").new_game(players=5, seed=0,
                                                options={"secret_cash": True})
    rng = random.Random(0)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_finished_five_player_game_shows_the_final_count(server: Server, open_page: Any,
                                                          size: str):
    state = finished_five()
    view = state.view(1)
    page = open_page(LAPTOP if size == "laptop" else PHONE)
    page.goto(server.base + "/")
    page.evaluate(RENDER, [view, view, [], client_data({})])
    final = page.locator("#gst-test .gst-final")
    expect(final).to_have_count(1)
    expect(final.locator("tbody tr")).to_have_count(5)
    why = view["final"]["why"]
    expect(page.locator("#gst-test")).to_contain_text(f"wins: {why}.")
    for row in view["final"]["rows"]:  # the cash laid open, secret cash or not
        expect(final.locator(f"tr[data-seat='{row['seat']}']")).to_contain_text(
            f"${row['worth']:,}")
    expect(page.locator("#gst-test .gst-gangs")).not_to_contain_text("hidden")
    shot(page, f"gangsters-final-{size}")

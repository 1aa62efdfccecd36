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
    """The person's policy after the opening: rolling as soon as it may."""
    for wanted in ("roll", "patrol", "bribe", "allow", "decline"):
        if wanted in legal:
            return wanted
    return legal[0]


# ----- the opening: joints and starting joints on the map, the secret gang in a form -------

SETUP = ("pick", "gang", "place")
SIZES = {"1366": {"width": 1366, "height": 900}, "390": PHONE}

IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5;
})"""

LAYOUT = """() => {
  const shown = (el) => el.offsetParent !== null || el.closest('svg') !== null;
  const actions = [...document.querySelectorAll('[data-action]')]
    .filter((b) => (b.tagName === 'BUTTON' || b.getAttribute('role') === 'button') && shown(b))
    .map((b) => b.dataset.action).filter(Boolean);
  const prompt = document.querySelector('.gst-prompt');
  return { wide: document.scrollingElement.scrollWidth, inner: innerWidth, actions,
           generic: document.getElementById('actions-card').hidden,
           buttons: prompt ? prompt.querySelectorAll('button').length : 0 };
}"""


def assert_in_view(page: Page, selector: str, what: str) -> None:
    """Every element ``selector`` finds lies wholly inside the viewport, where the page put
    it (the test scrolls nothing)."""
    seen = page.evaluate(IN_VIEW, selector)
    assert seen and all(seen), f"{what} ({selector}) is not all in view: {seen}"


def assert_layout(page: Page, most: int = 12) -> None:
    """No sideways scroll, no decision offered twice, no wall of buttons, no generic list."""
    info = page.evaluate(LAYOUT)
    assert info["wide"] <= info["inner"], f"the page scrolls sideways: {info['wide']}"
    assert len(info["actions"]) == len(set(info["actions"])), info["actions"]
    assert info["generic"], "the generic list of actions repeats the board's"
    assert info["buttons"] <= most, f"{info['buttons']} buttons in the prompt"


def snap(page: Page, name: str) -> None:
    """The viewport as the person sees it now (nothing scrolled), and the whole page."""
    base.ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(120)
    page.screenshot(path=str(base.ARTIFACTS / f"{name}.png"))
    page.screenshot(path=str(base.ARTIFACTS / f"{name}-full.png"), full_page=True)


def legal_texts(live: Any) -> set[str]:
    return {str(a) for a in live.state.legal_actions()}


def pick_joint(page: Page, live: Any, k: int, size: str) -> str:
    """Pick the ``k``-th highlighted building on the map (every third pick through the
    select instead), then confirm; the action sent."""
    legal = {t for t in legal_texts(live) if t.startswith("joint ")}
    marks = page.locator(".gst-pickable")
    expect(marks).to_have_count(len(legal))
    assert {f"joint {m.get_attribute('data-token')}" for m in marks.all()} == legal
    assert_in_view(page, ".gst-prompt-mine .gst-why", "the decision")
    assert_in_view(page, ".gst-pickable", "the joints to pick")
    mark = marks.nth(k * 7 % len(legal))
    token = mark.get_attribute("data-token")
    assert token
    if k == 1:
        page.locator(".gst-joint-select").select_option(token)
    else:
        mark.locator("rect").first.click()
    expect(page.locator(".gst-pickable-on")).to_have_count(1)
    expect(page.locator(".gst-pickable-on")).to_have_attribute("data-token", token)
    confirm = page.locator(".gst-prompt-mine .gst-confirm")
    expect(confirm).to_have_attribute("data-action", f"joint {token}")
    assert_in_view(page, ".gst-prompt-mine .gst-confirm", "the button that takes it")
    assert_layout(page)
    snap(page, f"gangsters-opening-pick{k + 1}-{size}")
    confirm.click()
    return f"joint {token}"


def write_gang(page: Page, live: Any, size: str) -> str:
    """Too many Racketeers is refused with the reason; four, two Thugs and the Vamp go."""
    form = page.locator(".gst-gang-form")
    expect(form).to_have_count(1)
    assert_in_view(page, ".gst-gang-form", "the gang form")
    if size == "390":  # the opening's map is fitted to a phone; it zooms in and back
        wrap = page.locator(".gst-map-wrap")
        was = page.evaluate("scrollY")
        page.locator(".gst-zoom").click()
        expect(page.locator(".gst-map-fit")).to_have_count(0)
        assert wrap.evaluate("(w) => w.scrollWidth > w.clientWidth"), "no sideways scroll"
        page.locator(".gst-zoom").click()
        expect(page.locator(".gst-map-fit")).to_have_count(1)
        assert wrap.evaluate("(w) => w.scrollWidth <= w.clientWidth")
        page.evaluate(f"window.scrollTo(0, {was})")  # (back from where the clicks took it)
    confirm = form.locator(".gst-confirm")

    def counter(kind: str, which: str) -> Any:
        return form.locator(f".gst-counter[data-kind='{kind}'] .gst-{which}")

    for _ in range(10):
        counter("racketeer", "more").click()
    expect(counter("racketeer", "more")).to_be_disabled()
    expect(form.locator(".gst-gang-status.gst-invalid")).to_contain_text("Over budget")
    expect(confirm).to_be_disabled()
    snap(page, f"gangsters-opening-gang-refused-{size}")
    for _ in range(6):
        counter("racketeer", "less").click()
    for kind in ("thug", "thug", "vamp"):
        counter(kind, "more").click()
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_attribute("data-action", "gang 4 2 1")
    assert "gang 4 2 1" in legal_texts(live)
    expect(form.locator(".gst-gang-status")).to_contain_text("This gang costs $1,600")
    assert_in_view(page, ".gst-gang-form .gst-confirm", "the button that writes it down")
    assert_layout(page)
    snap(page, f"gangsters-opening-gang-{size}")
    confirm.click()
    return "gang 4 2 1"


def place_gang(page: Page, live: Any, size: str) -> str:
    """Each gangster's joint clicked on the map in turn (the form moves on by itself)."""
    rows = page.locator(".gst-place-row")
    kinds = [r.get_attribute("data-kind") for r in rows.all()]
    assert kinds, "nobody to place"
    marks = page.locator(".gst-pickable")
    expect(marks).to_have_count(3)  # the gang's own three joints
    assert_in_view(page, ".gst-prompt-mine .gst-why", "the decision")
    assert_in_view(page, ".gst-pickable", "the joints to start in")
    for i, kind in enumerate(kinds):
        expect(page.locator(".gst-place-current")).to_have_attribute("data-kind", kind)
        page.locator(".gst-pickable").nth(i % 3).locator("rect").first.click()
    expect(page.locator(".gst-ghost")).to_have_count(len(kinds))
    confirm = page.locator(".gst-prompt-mine .gst-confirm")
    text = confirm.get_attribute("data-action")
    assert text and text in legal_texts(live), text
    assert_in_view(page, ".gst-prompt-mine .gst-confirm", "the button that writes it down")
    assert_in_view(page, ".gst-pickable", "the joints to start in")
    assert_layout(page)
    snap(page, f"gangsters-opening-place-{size}")
    confirm.click()
    return text


def play_opening(page: Page, live: Any, size: str = "laptop", seat: int = 0) -> list[str]:
    """Play the seat's whole opening through the page; the actions it sent."""
    sent: list[str] = []
    picks = 0
    while True:
        wait_for(lambda: live.state.current_player == seat
                 or live.state.view(None)["decision"]["kind"] not in SETUP, "P1's turn")
        kind = live.state.view(seat)["decision"]["kind"]
        if kind not in SETUP or live.state.current_player != seat:
            return sent
        version = live.version
        expect(page.locator(f".gst[data-version='{version}'] .gst-prompt-mine")).to_have_count(1)
        assert_layout(page)
        if kind == "pick":
            sent.append(pick_joint(page, live, picks, size))
            picks += 1
        elif kind == "gang":
            sent.append(write_gang(page, live, size))
        else:
            sent.append(place_gang(page, live, size))
        wait_for(lambda v=version: live.version > v, "the choice to be played")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_opening_is_played_on_the_map_and_in_a_small_form(server: Server,
                                                              open_page: Any, size: str):
    created = server.post("/api/tables", {
        "game": "gangsters", "players": 2, "name": "Eliot",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    page = open_page(SIZES[size])
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".gst-map .gst-building")).not_to_have_count(0)
    sent = play_opening(page, live, size)
    kinds = [t.split()[0] for t in sent]
    assert kinds == ["joint"] * 3 + ["gang", "start"], sent
    told = {(e.kind, e.data.get("seat")): e.data for _, e in live.log}
    assert told[("gang", 0)]["gang"] == [4, 2, 1]  # revealed as written
    assert told[("start", 0)]["start"] == [int(n) for n in sent[-1].split()[1:]]
    picked = [live.state.tokens()[e.data["building"]] for _, e in live.log
              if e.kind == "joint" and e.data["seat"] == 0]
    assert [f"joint {t}" for t in picked] == sent[:3]


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
    # (clicked where it is: a Playwright click scrolls it into view, away from the board)
    page.evaluate("() => document.getElementById('auto-pass').click()")
    expect(page.locator("#auto-pass")).not_to_be_checked()

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
        assert_layout(page, most=24)
        if view["decision"]["kind"] in SETUP:
            play_opening(page, live)
            continue
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


def test_your_secret_gang_shows_in_your_panel_and_in_nobody_elses(server: Server,
                                                                 open_page: Any):
    """Before the reveal the board holds nothing of a written-down gang: the writer's panel
    shows it from the view's ``secret``; a rival's page and a spectator's show nothing."""
    import gangland
    from gangland.games.gangsters.text import describe_action

    state = gangland.load("gangsters").new_game(players=2, seed=5)
    while state.view(None)["decision"]["kind"] == "pick":
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    state.apply(state.parse_action("gang 2 1 1"))
    other = state.to_move
    assert other != seat and state.view(None)["decision"]["kind"] == "gang"
    page = open_page(LAPTOP)
    base.board_alone(page, server)
    names, data = ["Ann", "Bob"], client_data({})
    base.render_alone(page, "gangsters", state.view(seat), [], seat, names, data, 1)
    panel = page.locator(f".gst-panel[data-seat='{seat}']")
    expect(panel.locator(".gst-secret")).to_have_count(3)
    for line in ("Racketeer 2 · written down", "Thug 1 · written down", "Vamp · written down"):
        expect(panel).to_contain_text(line)
    shot(page, "gangsters-secret-gang-laptop")
    legal = [{"text": str(a), "label": describe_action(a)} for a in state.legal_actions()]
    for viewer, acts in ((other, legal), (None, [])):
        base.render_alone(page, "gangsters", state.view(viewer), acts, viewer, names, data, 1)
        panel = page.locator(f".gst-panel[data-seat='{seat}']")
        expect(panel).to_contain_text("Racketeer: none")
        expect(panel.locator(".gst-secret")).to_have_count(0)
        words = page.evaluate(base.PAGE_WORDS)
        assert "Racketeer 2" not in words and "Thug 1" not in words, viewer
    expect(page.locator(".gst-gang-form")).to_have_count(0)  # (a spectator has no form)


def test_a_standing_answer_is_switched_from_the_table_page(server: Server, open_page: Any):
    """The seat's own setting: chosen in the banner, stored with the seat, shown again after
    a reload; a spectator's page has no such setting."""
    created = server.post("/api/tables", {
        "game": "gangsters", "players": 2, "name": "Eliot",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    page = open_page(PHONE)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    choice = page.locator("#standing")
    expect(page.locator("#standing-box")).to_be_visible()
    expect(choice).to_have_value("")
    assert choice.locator("option").all_inner_texts() == [
        "Never: ask me every time", "Allow cop moves, except into my joints or onto my pieces",
        "Allow every cop move"]
    choice.select_option("allow-all")
    wait_for(lambda: live.seats[0].standing == "allow-all", "the setting to be stored")
    assert server.hub.store.seats(table_id)[0]["standing"] == "allow-all"
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    page.reload()
    expect(page.locator("#standing")).to_have_value("allow-all")
    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".gst-map")).to_have_count(1)
    expect(watcher.locator("#standing-box")).to_be_hidden()

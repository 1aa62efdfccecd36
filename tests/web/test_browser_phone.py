"""The table on a phone: a decision, its targets and the latest event in view together.

Reuses the live server and Chromium of ``test_browser``. Pages here are a phone's (390x844,
touch, the mobile viewport) and are played by tapping. Where something must be "in view"
it is measured as the player sees it, after whatever scrolling the page itself did: its
box inside the window and above the dock (the bar pinned to the bottom of a narrow page).
Every game's table and the lobby are also checked not to scroll sideways at a phone's and
a laptop's width. Screenshots go to ``test-artifacts/`` (the ones in ``docs/screenshots/``
are copies of some of them).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page, expect

import gangland
from gangland.games.gangster_city.web import client_data as city_data
from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server, board_alone, wait_until

server, browser = base.server, base.browser
pytestmark = base.pytestmark

WIDE = {"width": 1366, "height": 900}

#: The boxes of what ``selector`` matches, and whether each is wholly in view: inside the
#: window, and (unless it is part of the dock) above the dock where it shows.
BOXES = """(selector) => {
  const dock = document.getElementById("dock");
  const d = dock ? dock.getBoundingClientRect() : null;
  const above = d && d.height ? d.top : innerHeight;
  return [...document.querySelectorAll(selector)].map((n) => {
    const r = n.getBoundingClientRect();
    const floor = n.closest("#dock") ? innerHeight : above;
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= floor + 0.5;
    return { left: r.left, top: r.top, bottom: r.bottom, ok: r.width > 0 && inside };
  });
}"""

SIDEWAYS = "[document.scrollingElement.scrollWidth, window.innerWidth]"


def in_view(page: Page, selector: str) -> list[dict[str, Any]]:
    """Assert that everything ``selector`` matches is in view (and that something does)."""
    boxes = page.evaluate(BOXES, selector)
    assert boxes, f"nothing matches {selector}"
    window = page.evaluate("[innerWidth, innerHeight]")
    assert all(b["ok"] for b in boxes), (selector, boxes, window)
    return boxes


def settle_in_view(page: Page, selector: str) -> None:
    """Wait for a smooth scroll of the page's own to end, then check ``selector`` is in view."""
    deadline = time.monotonic() + 10
    at = None
    while (now := page.evaluate("window.scrollY")) != at:
        assert time.monotonic() < deadline, "the page never stopped scrolling"
        at = now
        page.wait_for_timeout(250)
    in_view(page, selector)


def no_sideways_scroll(page: Page, what: str) -> None:
    wide, window = page.evaluate(SIDEWAYS)
    assert wide <= window, f"{what}: the page is {wide} px wide in a {window} px window"


@pytest.fixture
def touch_page(browser: Browser) -> Iterator[Any]:
    """Pages in fresh contexts, a phone's (touch, mobile viewport) unless told a size;
    any script error fails the test."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = PHONE) -> Page:
        phone = viewport["width"] < 700
        context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


def seated(server: Server, game: str, players: int, humans: int = 1) -> tuple[str, str]:
    """A table with Ann at P1 and bots (or open human seats) after; its id and her token."""
    seats = [{"kind": "human"}] * humans + [{"kind": "bot"}] * (players - humans)
    created = server.post("/api/tables", {"game": game, "players": players, "name": "Ann",
                                           "seats": seats})
    return created["table"]["id"], created["token"]


def open_seat(page: Page, server: Server, table_id: str, token: str) -> None:
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")


def one_tap_shows_the_latest_event(page: Page) -> None:
    """The dock shows the log's newest entry; one tap opens the log with it in view."""
    newest = page.locator("#log li").last.locator(".log-text").inner_text()
    expect(page.locator(".dock-last")).to_have_text(newest)
    in_view(page, ".dock-log")
    page.locator(".dock-log").tap()
    expect(page.locator("body.log-open")).to_have_count(1)
    in_view(page, "#log li:last-child")
    assert page.locator("#log li").last.locator(".log-text").inner_text() == newest
    no_sideways_scroll(page, "the log drawer")


def close_log(page: Page) -> None:
    page.locator(".dock-log").tap()
    expect(page.locator("body.log-open")).to_have_count(0)


# ----- Gangster: a movement card, then where to stop ----------------------------------------


def test_gangster_a_drive_is_tapped_with_its_stops_and_question_in_view(server: Server,
                                                                         touch_page: Any):
    table_id, token = seated(server, "gangster", 3)
    page = touch_page()
    open_seat(page, server, table_id, token)
    expect(page.locator(".dock.dock-mine")).to_have_count(1)
    # The turn is about the movement cards: the page brought them into view itself.
    # (the acting colour's cards, repeated in the board's question)
    expect(page.locator(".gs-pending .gs-move-can").first).to_be_attached()
    in_view(page, ".gs-pending .gs-move-can")
    page.locator(".gs-pending .gs-move-can").first.tap()
    targets = page.locator(".gs-target.gs-clickable")
    expect(targets.first).to_be_attached()
    expect(page.locator(".dock-prompt")).to_contain_text("pick where to stop")
    # The map is scaled to the screen (no district at a negative x) and in view with every
    # place to stop, above the question pinned in the dock.
    in_view(page, ".gs-target")
    in_view(page, ".gs-map [data-district]")
    in_view(page, ".dock-text")
    if targets.count() <= 10:  # (the dock's buttons, one row; past ten it links to them)
        assert page.locator(".dock-action").count() == targets.count()
    no_sideways_scroll(page, "Gangster's stops")
    page.screenshot(path=str(base.ARTIFACTS / "phone-gangster-stops.png"))  # (as scrolled)
    where = str(targets.first.get_attribute("data-district"))
    targets.first.tap()
    expect(page.locator("#log")).to_contain_text(f"to {where.replace('-', ' ').title()}")
    # The bots answer (two turns of theirs: as long as the other waits for bots, which a
    # loaded machine needs); at her next turn the latest event is one tap away.
    wait_until(page, "document.querySelector('.dock.dock-mine') && "
               "!document.querySelector('.gs-target')", timeout_s=45)
    one_tap_shows_the_latest_event(page)
    page.screenshot(path=str(base.ARTIFACTS / "phone-gangster-log.png"))
    close_log(page)
    shoot(page, "gangster-390")


# ----- Gangster City: a card copied into the picker, then the arrest -------------------------


def test_gangster_city_an_arrest_is_tapped_with_the_picker_in_view(server: Server,
                                                                    touch_page: Any):
    table_id, token = seated(server, "gangster-city", 2)
    page = touch_page()
    open_seat(page, server, table_id, token)
    expect(page.locator(".dock.dock-mine")).to_have_count(1)
    expect(page.locator(".gc-middle .gc-take").first).to_be_attached()
    in_view(page, ".gc-middle .gc-take")  # her turn is about the middle, at the top
    expect(page.locator(".dock-prompt")).to_contain_text("Investigate a card in the middle")
    # Step one: tap a card she can see (the other detective's case): the picker takes its
    # elements and comes into view, its choices and the arrest button above the dock.
    page.locator(".gc-stand[data-seat='1'] .gc-case").tap()
    expect(page.locator(".gc-arrest .gc-chosen")).to_have_count(4)
    go = page.locator(".gc-arrest-go")
    expect(go).to_be_enabled()
    settle_in_view(page, ".gc-arrest-go, .gc-arrest .gc-chosen")
    no_sideways_scroll(page, "the arrest picker")
    page.screenshot(path=str(base.ARTIFACTS / "phone-city-picker.png"))  # (as scrolled)
    # Step two: arrest (the other's case is never one's own: wrong).
    go.tap()
    expect(page.locator("#log")).to_contain_text("wrong")
    expect(page.locator(".gc-arrests")).to_contain_text("P1 arrested")
    # The bot moves; at her next turn the page brings the middle back into view by itself.
    deadline = time.monotonic() + 15
    while server.state(table_id).turn < 2:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.05)
    expect(page.locator(".dock.dock-mine")).to_have_count(1)
    settle_in_view(page, ".gc-middle .gc-take")
    one_tap_shows_the_latest_event(page)
    close_log(page)
    # The generic panel lists the arrests with seats counted from P1, like everything else.
    page.locator("#view-card > summary").tap()
    arrests = page.locator("#view .view-table", has=page.locator("th", has_text="Card"))
    expect(arrests).to_contain_text("P1")
    assert arrests.locator("tbody tr").first.locator("td").nth(1).inner_text().endswith("P1 Ann")
    page.locator("#view-card > summary").tap()
    shoot(page, "city-390")


# ----- no page scrolls sideways ---------------------------------------------------------------

PLAYERS = {"gangster": 3, "chicago-gangster": 3, "gangster-city": 2}  # others: their fewest
SHOTS = {"gangster": "gangster", "gangster-city": "city", "chicago-gangster": "chicago"}
#: A first move of Ann's by clicking, so a screenshot shows a game under way (log and all).
FIRST_MOVE = {
    "gangster": [".gs-acting .gs-move-can", ".gs-target.gs-clickable"],
    "gangster-city": [".gc-middle .gc-take"],
    "chicago-gangster": [".ch-hand .ch-discard"],
}


def play_a_turn(page: Page, game: str) -> None:
    """Ann's first move, then the bots' until she is to move again.

    Her clicks wait for her turn, and are made again if no move came of them."""
    ready = ("document.querySelector('.banner-mine') !== null && "
             "!document.querySelector('.action:disabled')")
    wait_until(page, ready, timeout_s=45)  # her turn, the page connected and idle
    page.wait_for_timeout(300)
    before = page.evaluate("document.querySelectorAll('#log li').length")
    for attempt in range(3):
        for selector in FIRST_MOVE[game]:
            page.locator(selector).first.click()
        try:
            wait_until(page, f"document.querySelectorAll('#log li').length > {before}",
                       timeout_s=10)
            break
        except AssertionError:
            if attempt == 2:
                raise
    # Then the bots, until she is to move again (at once, where her move asks more of
    # her: a drive that ends at the harbour takes its equipment next).
    try:
        wait_until(page, ready, timeout_s=45)
    except AssertionError as error:
        where = page.evaluate("[document.getElementById('banner-text')?.textContent, "
                              "[...document.querySelectorAll('#log li')].slice(-3)"
                              ".map((li) => li.textContent)]")
        raise AssertionError(f"{game}: {where}") from error
    page.wait_for_timeout(300)


def shoot(page: Page, name: str) -> None:
    """The top of the page as a player first sees it."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    page.screenshot(path=str(base.ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("size", ["390", "1366"])
def test_no_page_scrolls_sideways(server: Server, touch_page: Any, size: str):
    viewport = PHONE if size == "390" else WIDE
    page = touch_page(viewport)
    page.goto(server.base + "/")
    games = page.evaluate("fetch('/api/games').then((r) => r.json())")
    expect(page.locator("#game option")).to_have_count(len(games))
    for game in games:
        page.select_option("#game", game["id"])
        page.wait_for_timeout(100)
        no_sideways_scroll(page, f"the lobby with {game['id']} chosen")
        page.locator(".more summary").click()
        no_sideways_scroll(page, f"the lobby's pace and privacy, {game['id']}")
        page.locator(".more summary").click()
    page.select_option("#game", "gangster-city")
    shoot(page, f"lobby-{size}")
    for game in games:
        gid = game["id"]
        table_id, token = seated(server, gid, PLAYERS.get(gid, game["min_players"]))
        open_seat(page, server, table_id, token)
        expect(page.locator("#board .board-canvas > *").first).to_be_attached()
        expect(page.locator("#seats li").first).to_be_attached()
        page.wait_for_timeout(300)
        no_sideways_scroll(page, f"{gid}'s table")
        if size == "390":
            in_view(page, "#dock")
            page.locator(".dock-log").tap()
            no_sideways_scroll(page, f"{gid}'s log drawer")
            page.locator(".dock-log").tap()
        else:
            assert page.evaluate("document.getElementById('dock').offsetHeight") == 0
        if gid in SHOTS and (size == "1366" or gid == "chicago-gangster"):
            play_a_turn(page, gid)
            no_sideways_scroll(page, f"{gid}'s table a turn later")
            shoot(page, f"{SHOTS[gid]}-{size}")


def test_a_table_waiting_for_players_shows_nobody_to_move(server: Server, touch_page: Any):
    """Until every seat is taken nobody is to move: no turn marker on P1, in the seats or on
    the board (the state is dealt, but the game has not started)."""
    for game in ("gangster-city", "chicago-gangster", "gangster"):
        table_id, token = seated(server, game, 3 if game != "gangster-city" else 2, humans=2)
        page = touch_page(WIDE)
        open_seat(page, server, table_id, token)
        expect(page.locator("#banner-text")).to_contain_text("Waiting for 1 more player")
        expect(page.locator("#board .board-canvas > *").first).to_be_attached()
        expect(page.locator("#seats li")).not_to_have_count(0)
        assert page.locator(".seat-moving").count() == 0, game
        markers = ".gc-to-move, .gc-moving, .ch-to-move, .ch-moving, .gs-acting, .gs-car-acting"
        assert page.locator(markers).count() == 0, game


def test_the_table_just_opened_clears_the_sticky_top_bar(server: Server, touch_page: Any):
    page = touch_page(WIDE)
    page.goto(server.base + "/")
    page.select_option("#game", "gangster-city")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.locator(".seat-row").nth(1).locator("select").select_option("human")
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    heading = page.locator("#created h2")
    expect(heading).to_have_text("Your table is open")
    page.wait_for_timeout(1200)  # (the smooth scroll to it)
    bar = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert heading.bounding_box()["y"] >= bar


# ----- the renderers' marks, drawn from engine views ------------------------------------------

#: Draw a view with extra context fields (the page's: replay, waiting, lastEvents).
RENDER = """async ([game, view, legal, seat, data, extra]) => {
  const { render } = await import(`/static/renderers/${game}.js`);
  const { seatColors } = await import("/static/js/colors.js");
  window.acted = [];
  const root = document.getElementById("root");
  root.replaceChildren();
  render(root, view, { seat, legal, act: (text) => window.acted.push(text), clientData: data,
    table: { id: "marks", status: "running" }, names: ["Ann", "Bob"],
    colors: seatColors(view.players), ...extra });
}"""


def legal_of(state: Any) -> list[dict[str, str]]:
    return [{"text": str(a), "label": str(a)} for a in state.legal_actions()]


def test_gangster_citys_picker_starts_afresh_after_a_solve_and_not_in_a_replay(
        server: Server, touch_page: Any):
    game = gangland.load("gangster-city")
    state = game.new_game(2, 11)
    deck, data = state.deck, city_data({})
    page = touch_page()
    board_alone(page, server)
    page.evaluate(RENDER, ["gangster-city", state.view(0), legal_of(state), 0, data, {}])
    solution = state.cases[0]
    words = deck.words(solution)
    for row, word in enumerate(words):
        title = word.replace("-", " ").title()
        page.locator(".gc-arrest-row").nth(row).locator(".gc-choice", has_text=title).click()
    go = page.locator(".gc-arrest-go")
    expect(go).to_have_text(f"Arrest #{solution + 1}")
    go.click()
    text = page.evaluate("window.acted")[0]
    events = state.apply(state.parse_action(text))
    assert any("solved!" in e.text for e in events)
    # The same table's next view: a new case, so nothing is chosen and nothing named.
    page.evaluate(RENDER, ["gangster-city", state.view(0), [], 0, data, {"lastEvents": []}])
    expect(page.locator(".gc-arrest .gc-chosen")).to_have_count(0)
    expect(page.locator(".gc-arrest-go")).to_have_text("Arrest")
    # A replay of it has no picker (nothing can be arrested from a replay) and no button
    # tells the reader to wait for a turn.
    page.evaluate(RENDER, ["gangster-city", state.view(0), [], 0, data, {"replay": True}])
    expect(page.locator(".gc-stand")).to_have_count(2)
    expect(page.locator(".gc-arrest")).to_have_count(0)
    expect(page.locator("#root")).not_to_contain_text("You can arrest on your turn")


def test_the_cards_the_last_move_turned_up_are_marked(server: Server, touch_page: Any):
    game = gangland.load("gangster-city")
    state = game.new_game(2, 5)
    taken = state.middle[0] + 1
    events = state.apply(state.parse_action(f"investigate {taken}"))
    log = [{"version": 1, "kind": e.kind, "text": e.text, "data": e.data} for e in events
           if e.visible_to(1)]
    refill = next(e["data"]["card"] for e in log if e["kind"] == "refill")
    page = touch_page()
    board_alone(page, server)
    page.evaluate(RENDER, ["gangster-city", state.view(1), legal_of(state), 1, city_data({}),
                           {"lastEvents": log}])
    fresh = page.locator(".gc-new")
    expect(fresh).to_have_count(2)  # the card that came into the middle, the clue taken
    assert f"#{refill} " in fresh.first.get_attribute("aria-label")
    expect(page.locator(".gc-middle .gc-new .gc-new-tag")).to_have_count(1)
    # Focus and "you can take this" never look alike (a dashed blue outline, an orange ring).
    take = page.locator(".gc-middle .gc-take").first
    page.keyboard.press("Tab")
    take.focus()
    look = take.evaluate("(n) => { const s = getComputedStyle(n); return [s.outlineStyle, "
                         "s.outlineColor, s.boxShadow, n.matches(':focus-visible')]; }")
    assert look[0] == "dashed" and look[1] == "rgb(86, 180, 233)", look
    assert "rgb(230, 159, 0)" in look[2], look
    # With no move behind it (the deal), nothing is marked.
    page.evaluate(RENDER, ["gangster-city", state.view(1), [], 1, city_data({}), {}])
    expect(page.locator(".gc-new")).to_have_count(0)


def test_counts_on_the_boards_are_plural_only_past_one(server: Server, touch_page: Any):
    page = touch_page()
    board_alone(page, server)
    said = page.evaluate("""import("/static/js/dom.js").then((m) =>
        [m.counted(1, "mobster"), m.counted(2, "mobster"), m.counted(1, "man", "men"),
         m.counted(0, "man", "men")])""")
    assert said == ["1 mobster", "2 mobsters", "1 man", "0 men"]

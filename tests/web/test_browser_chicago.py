"""Chicago Gangster in the browser: the board renderer played by clicking, against a bot.

Reuses the live server and Chromium of ``test_browser``. A seated page plays several turns
by clicking its own cards, the gangs it aims at and the mobsters it picks, answering each
response window from the prompt; a spectator's page, checked against the server's true
state after every move, never shows a card of that hand that is not public. A response
window addressed to a seat is also drawn from an engine view alone, so its prompt is
checked whatever the bot happens to play. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

import gangland
from gangland.games.chicago_gangster.cards import KINDS
from gangland.games.chicago_gangster.text import describe_action
from gangland.games.chicago_gangster.web import client_data
from tests.web import test_browser as base
from tests.web.test_browser import (
    LAPTOP,
    PAGE_WORDS,
    PHONE,
    Server,
    board_alone,
    render_alone,
    shot,
    wait_until,
)

# The live server, Chromium and page fixtures of the main browser test.
server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

DATA = client_data({})
TITLES = {c["kind"]: c["title"] for c in DATA["cards"]}


def hidden_kinds(page: Page, server: Server, table_id: str, seat: int) -> list[str]:
    """Kinds of ``seat``'s hand, not public (not on the discard pile), that ``page`` shows.

    The page's words are first stripped of what is static and public (the rules in brief,
    every card's help texts, which name other kinds in passing, the words "hit list") and
    of the public kinds,
    longest first, so that a private kind is found only where the page names it.
    """
    return named_secrets(page, server.state(table_id), seat)


def named_secrets(page: Page, state: Any, seat: int) -> list[str]:
    """:func:`hidden_kinds` for a state at hand."""
    mine = {KINDS[state.comps.kind_of[c]] for c in state.hands[seat]}
    public = {KINDS[state.comps.kind_of[c]] for c in state.discard}
    text = page.evaluate(PAGE_WORDS)
    # the rules in brief (the Rules dialog's) are the same static text for every page
    brief = page.evaluate("document.getElementById('rules-game')?.textContent || ''")
    if brief:
        text = text.replace(brief, " ")
    for card in DATA["cards"]:
        text = text.replace(card["help"], " ").replace(card["short"], " ")
    text = re.sub(r"hit list", " ", text, flags=re.I)
    for kind in sorted(public, key=len, reverse=True):
        for word in (kind, TITLES[kind]):
            text = re.sub(re.escape(word), " ", text, flags=re.I)
    return [k for k in sorted(mine - public)
            if re.search(rf"\b(?:{re.escape(k)}|{re.escape(TITLES[k])})\b", text, flags=re.I)]


def wait_for_me(page: Page, before: int) -> bool:
    """After the log grew past ``before``: True when this seat decides, False at game end."""
    if before >= 0:
        wait_until(page, f"document.querySelectorAll('#log li').length > {before}")
    wait_until(page, "document.querySelector('.ch-prompt-mine') || "
                     "document.querySelector('.banner-over, .banner-won')")
    return page.locator(".ch-prompt-mine").count() == 1


def decide(page: Page, step: int) -> str:
    """One decision by clicking in the board; which kind of prompt it answered."""
    prompt = page.locator(".ch-prompt-mine")
    kind = str(prompt.get_attribute("class")).split("ch-prompt-")[-1]
    if kind == "respond":
        expect(prompt).to_contain_text(re.compile(r"Counter with|no counter"))
        prompt.locator(".ch-answer").first.click()
    elif kind == "target":
        expect(page.locator(".ch-gang.ch-aimable")).not_to_have_count(0)
        page.locator(".ch-gang .ch-aim").first.click()
    elif kind == "pick":
        page.locator(".ch-street .ch-pickable, .ch-gangs .ch-pickable").first.click()
    else:
        plays = page.locator(".ch-hand .ch-play")
        if step % 3 != 2 and plays.count():
            plays.first.click()
        else:
            page.locator(".ch-hand .ch-discard").first.click()
    return kind


def test_chicago_gangster_played_by_clicking(server: Server, open_page: Any):
    created = server.post("/api/tables", {
        "game": "chicago-gangster", "players": 2, "name": "Ann", "think_ms": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    table_id = created["table"]["id"]
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".ch-gang")).to_have_count(2)
    expect(page.locator(".ch-hand .ch-card")).to_have_count(6)
    expect(page.locator(".ch-war")).to_contain_text("No war")
    # This test answers every prompt itself, the only-move ones too: no race with auto-pass.
    page.uncheck("#auto-pass")
    expect(page.locator(".ch-prompt")).to_have_count(1)
    wait_until(page, "!document.getElementById('auto-pass').checked")
    deadline = time.monotonic() + 10
    while server.hub.tables[table_id].seats[0].auto_pass:
        assert time.monotonic() < deadline, "auto-pass stayed on"
        time.sleep(0.05)
    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".ch-gang")).to_have_count(2)
    expect(watcher.locator(".ch-hand")).to_have_count(0)

    seen: list[str] = []
    mine = wait_for_me(page, -1)
    step = 0
    while mine and step < 40 and not (len(seen) >= 10 and "respond" in seen):
        if step == 0:
            shot(page, "chicago-gangster-laptop-start")
        before = page.locator("#log li").count()
        if "respond" not in seen and page.locator(".ch-prompt-respond").count():
            shot(page, "chicago-gangster-window-laptop")
        kind = decide(page, step)
        seen.append(kind)
        step += 1
        mine = wait_for_me(page, before)
        expect(watcher.locator(".ch-gang")).to_have_count(2)
        version = page.locator("#log li").last.get_attribute("data-version")
        wait_until(watcher, f"[...document.querySelectorAll('#log li')].some("
                            f"(li) => Number(li.dataset.version) >= {version})")
        assert hidden_kinds(watcher, server, table_id, 0) == []
    assert len(seen) >= 6, seen
    assert {"turn"} <= set(seen)
    state = server.state(table_id)
    assert state.turn >= 4
    shot(page, "chicago-gangster-laptop")
    page.set_viewport_size(PHONE)
    shot(page, "chicago-gangster-phone")
    shot(watcher, "chicago-gangster-watching-phone")


# ----- the response window, from an engine view ------------------------------------------


def window_for(seat: int) -> Any:
    """A 3-player game where P1 aims a Contract at ``seat``, who holds a counter for it."""
    game = gangland.load("chicago-gangster")
    for seed in range(500):
        state = game.new_game(players=3, seed=seed)
        hand = {KINDS[state.comps.kind_of[c]] for c in state.hands[seat]}
        if "family-influence" in hand and "contract" in (state.view(0)["hand"] or []):
            for text in ("play contract", f"target {seat + 1}"):
                state.apply(state.parse_action(text))
            if state.current_player == seat:
                return state
    raise AssertionError("no seed gives the window")


NAMES = ["Ann", "Bob", "Cy"]


def test_the_response_window_is_a_clear_prompt(server: Server, open_page: Any):
    state = window_for(1)
    view = state.view(1)
    legal = [{"text": str(a), "label": describe_action(a)} for a in state.legal_actions()]
    assert {a["text"] for a in legal} == {"pass", "counter family-influence"}
    page = open_page(PHONE)
    board_alone(page, server)
    render_alone(page, "chicago-gangster", view, legal, 1, NAMES, DATA)
    prompt = page.locator(".ch-prompt-mine.ch-prompt-respond")
    expect(prompt).to_contain_text("P1 Ann plays Contract against you!")
    expect(prompt).to_contain_text("Counter with Family Influence, or pass?")
    answers = prompt.locator(".ch-answer")
    expect(answers).to_have_count(2)
    counter = page.locator(".ch-hand .ch-card[data-kind='family-influence'] .ch-play")
    expect(counter).to_have_count(1)
    shot(page, "chicago-gangster-window-phone")
    answers.first.click()
    prompt.locator(".ch-answer[data-action='pass']").click()
    assert page.evaluate("window.acted") == ["counter family-influence", "pass"]

    # Seat 2 is asked too (after seat 1 passes), and may only pass: it is not the target.
    state.apply(state.parse_action("pass"))
    assert state.current_player == 2
    legal = [{"text": "pass", "label": "pass"}]
    render_alone(page, "chicago-gangster", state.view(2), legal, 2, NAMES, DATA)
    expect(page.locator(".ch-prompt-respond")).to_contain_text("against P2 Bob")
    expect(page.locator(".ch-prompt-respond")).to_contain_text("no counter that answers it")
    # A spectator sees the same window as a plain sentence, with no buttons and no hand.
    render_alone(page, "chicago-gangster", state.view(None), [], None, NAMES, DATA)
    expect(page.locator(".ch-prompt")).to_contain_text("P3 Cy may answer with a counter")
    expect(page.locator(".ch-answer, .ch-hand, .ch-pickable, .ch-aim")).to_have_count(0)


def test_a_war_that_never_stops_is_shown_prominently(server: Server, open_page: Any):
    """The war state from a view: double speed, never stopping, the list with the wall."""
    state = window_for(1)
    state.apply(state.parse_action("pass"))
    state.apply(state.parse_action("pass"))
    view = state.view(0)
    listed = view["gangs"][1]["in_play"][:3] + view["gangs"][2]["in_play"][:2]
    for gang in view["gangs"]:
        gang["in_play"] = [n for n in gang["in_play"] if n not in listed]
        gang["listed"] = [n for n in listed if view["owners"][n - 1] == gang["seat"]]
    view.update(hitlist=listed, wall=listed[0], war={"rate": 2, "permanent": True},
                dead=[1, 2])
    view["gangs"][0]["in_play"] = [n for n in view["gangs"][0]["in_play"] if n > 2]
    assert state.current_player == 1  # P2 lists a mobster: P1's page gets no legal actions
    page = open_page(LAPTOP)
    board_alone(page, server)
    render_alone(page, "chicago-gangster", view, [], 0, NAMES, DATA)
    expect(page.locator(".ch-pickable, .ch-play, .ch-discard")).to_have_count(0)
    war = page.locator(".ch-war-on.ch-war-2.ch-war-forever")
    expect(war).to_contain_text("Double speed")
    expect(war).to_contain_text("never stops")
    expect(page.locator(".ch-wall .ch-mob-big")).to_have_attribute("data-mobster",
                                                                   str(listed[0]))
    expect(page.locator(".ch-list-items li")).to_have_count(5)
    expect(page.locator(".ch-row-dead .ch-dead")).to_have_count(2)
    shot(page, "chicago-gangster-war-laptop")


# ----- the end of the game ---------------------------------------------------------------


def finished(players: int, seed: int) -> Any:
    """A game played to its end by uniformly random moves (a seeded generator)."""
    import random

    state = gangland.load("chicago-gangster").new_game(players=players, seed=seed)
    pick = random.Random(seed)
    while not state.is_terminal:
        state.apply(pick.choice(state.legal_actions()))
    return state


def test_the_end_shows_the_final_count_and_no_hidden_hand(server: Server, open_page: Any):
    state = finished(4, 5)
    winner = state.winners()[0]
    names = [*NAMES, "Di"]
    final = state.view(None)["final"]
    page = open_page({"width": 1366, "height": 900})
    board_alone(page, server)
    render_alone(page, "chicago-gangster", state.view(winner), [], winner, names, DATA)
    box = page.locator(".ch-prompt .ch-final")
    expect(box).to_contain_text("Game over: you win, the last gang standing.")
    rows = box.locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first).to_have_attribute("data-seat", str(winner))
    expect(rows.first.locator(".badge-winner")).to_have_text("winner")
    alive = final["count"][winner]["alive"]
    expect(rows.first.locator(".ch-final-score strong")).to_have_text(str(alive))
    expect(rows.first.locator(".ch-final-score")).to_contain_text(
        f"{final['count'][winner]['in_play']} in play, {final['count'][winner]['listed']} listed")
    for row in final["count"]:
        if not row["winner"]:
            expect(box.locator(f"tr[data-seat='{row['seat']}']")).to_contain_text(
                f"out in turn {row['out_turn']}")
    expect(box).to_contain_text("No other hand is shown")
    expect(page.locator(".ch-hand .ch-card")).to_have_count(len(state.hands[winner]))
    expect(page.locator(".ch-hand")).to_contain_text("The game is over")
    expect(page.locator(".ch-play, .ch-discard, .ch-pickable, .ch-aim")).to_have_count(0)
    shot(page, "chicago-gangster-final-laptop")

    # A spectator, on a phone: the same count, in words for them, and no hand at all.
    page.set_viewport_size(PHONE)
    render_alone(page, "chicago-gangster", state.view(None), [], None, names, DATA)
    expect(box).to_contain_text(f"Game over: P{winner + 1} {names[winner]} wins, "
                                "the last gang standing.")
    expect(page.locator(".ch-hand")).to_have_count(0)
    assert named_secrets(page, state, winner) == []
    shot(page, "chicago-gangster-final-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the final count is wider than the phone ({width}px)"

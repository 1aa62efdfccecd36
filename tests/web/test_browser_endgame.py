"""The end-of-game panel of every game, and Play again with the same seats.

Reuses the live server and Chromium of ``test_browser``. Each test plays one short game of
one game to its end (two people, random moves over HTTP, the game's shortest options),
then opens it as Ann at 1366x900 and as Bea at 390x844: the panel is at the top of the
page, in view without scrolling, names the winner, lists every seat's final score as the
game's own count gives it, fits the width, closes and opens again; its Replay opens the
replay; Play again seats both of them, each in their own seat, at one new table.
Screenshots go to ``test-artifacts/endgame-*``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server, shot

server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

WIDE = {"width": 1366, "height": 900}
NAMES = ["Ann", "Bea"]

#: The shortest game each offers.
OPTIONS: dict[str, dict[str, Any]] = {
    "gangster": {"turn_limit": 5},
    "gangster-1994": {"short": True, "turn_limit": 4},
    "gangster-city": {"cases_to_win": 1},
    "gangsters": {"turn_limit": 4},
    "chicago-gangster": {"turn_limit": 5},
}


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def money(n: int) -> str:
    return f"${n:,}"


def scores(game: str, view: dict[str, Any]) -> list[str]:
    """Each seat's final score as the panel must print it, from the engine's own view."""
    if game == "gangster":
        by_seat = {s["seat"]: s for s in view["final"]["seats"]}
        return [f"{by_seat[s]['influence']} influence" for s in range(2)]
    if game == "chicago-gangster":
        return [plural(row["alive"], "mobster") for row in view["final"]["count"]]
    if game == "gangsters":
        return [money(row["worth"]) for row in view["final"]["rows"]]
    if game == "gangster-1994":
        return ["in prison" if c is None else money(c["assets"]) for c in view["count"]]
    return [f"{plural(len(s['solved']), 'case')} solved" for s in view["stands"]]


def finished_table(server: Server, game: str, seed: int) -> tuple[str, dict[int, str]]:
    """A table of Ann and Bea played to its end by random moves over HTTP."""
    made = server.post("/api/tables", {"game": game, "players": 2, "name": "Ann",
                                       "options": OPTIONS[game],
                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
    tid = made["table"]["id"]
    tokens = {0: made["token"], 1: made["invites"][0]["token"]}
    server.post(f"/api/tables/{tid}/join", {"seat": 1, "name": "Bea", "token": tokens[1]})
    rng = random.Random(seed)
    for _ in range(3000):
        state = server.state(tid)
        if state.is_terminal:
            break
        server.post(f"/api/tables/{tid}/actions", {
            "token": tokens[state.current_player], "version": len(state.history),
            "action": str(rng.choice(state.legal_actions()))})
    assert server.state(tid).is_terminal
    return tid, tokens


def headline(winners: list[int], me: int) -> str:
    """What the panel's title says to seat ``me``."""
    names = ["you" if s == me else f"P{s + 1} {NAMES[s]}" for s in winners]
    if not names:
        return "Nobody won"
    text = f"{names[0]} won" if len(names) == 1 else f"{' and '.join(names)} share the win"
    return text[0].upper() + text[1:]


def check_panel(page: Page, viewport: dict[str, int], game: str, view: dict[str, Any],
                me: int, name: str) -> None:
    panel = page.locator("#endgame")
    expect(panel).to_be_visible()
    expect(panel.locator(".endgame-title")).to_have_text(headline(view["winners"], me))
    rows = panel.locator(".endgame-row")
    expect(rows).to_have_count(2)
    want = scores(game, view)
    for seat in range(2):
        row = panel.locator(f'.endgame-row[data-seat="{seat}"]')
        expect(row.locator(".endgame-name")).to_contain_text(f"P{seat + 1} {NAMES[seat]}")
        expect(row.locator(".endgame-score")).to_have_text(want[seat])
        if want[seat] != "in prison":
            expect(row.locator(".endgame-detail")).not_to_be_empty()
    expect(panel.locator(".endgame-winner")).to_have_count(len(view["winners"]))
    expect(panel.locator(".endgame-again")).to_have_text("Play again")
    shot(page, name)
    # In view as the page opens: no scrolling to find the result, nothing wider than it.
    box = panel.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page is {width}px wide at {viewport['width']}px"


def play_again(pages: list[Page], server: Server, tid: str) -> str:
    """Ann asks first; Bea's page learns of the rematch and she joins it: one new table."""
    ann, bea = pages
    ann.locator(".endgame-again").click()
    ann.wait_for_url(re.compile(r"/table/(?!" + re.escape(tid) + r")[^/#?]+$"))
    new = ann.url.rsplit("/", 1)[1]
    join = bea.locator(".endgame-again")
    expect(join).to_have_text("Join the rematch")
    expect(bea.locator(".endgame-note")).to_contain_text("your seat there is kept for you")
    join.click()
    bea.wait_for_url(re.compile(r"/table/" + re.escape(new) + "$"))
    for page, seat in ((ann, 0), (bea, 1)):
        expect(page.locator("#whoami")).to_contain_text(f"You are P{seat + 1} {NAMES[seat]}")
        expect(page.locator("#endgame")).to_be_hidden()
    live = server.hub.tables[new]
    assert live.row["again_of"] == tid and live.status == "running"
    assert [s.name for s in live.seats] == NAMES and len(live.state.history) == 0
    assert server.hub.store.table(tid)["again"] == new  # (the old table left memory)
    return new


def endgame_of(server: Server, open_page: Any, game: str, seed: int) -> tuple[
        list[Page], str]:
    tid, tokens = finished_table(server, game, seed)
    view = server.state(tid).view(None)
    pages = []
    for seat, (viewport, size) in enumerate(((WIDE, "laptop"), (PHONE, "phone"))):
        page = open_page(viewport)
        page.goto(f"{server.base}/table/{tid}#seat={seat}&token={tokens[seat]}")
        check_panel(page, viewport, game, view, seat, f"endgame-{game}-{size}")
        pages.append(page)
    ann = pages[0]
    # Closed, the board is in view as it ended; "Final scores" opens the panel again.
    # (the banner's replay button stands aside while the panel offers its own)
    expect(ann.locator("#replay-open")).to_be_hidden()
    ann.locator(".endgame-close").click()
    expect(ann.locator("#endgame")).to_be_hidden()
    expect(ann.locator("#replay-open")).to_be_visible()
    ann.locator("#endgame-open").click()
    expect(ann.locator("#endgame")).to_be_visible()
    expect(ann.locator("#endgame-open")).to_be_hidden()
    # Replay, then back to the table with the panel.
    ann.locator(".endgame-replay").click()
    expect(ann.locator("#replay")).to_be_visible()
    expect(ann.locator(".replay-counter")).to_contain_text(str(len(server.state(tid).history)))
    expect(ann.locator("#endgame")).to_be_hidden()
    ann.get_by_role("button", name="← Back to the table").click()
    expect(ann.locator("#endgame")).to_be_visible()
    return pages, tid


@pytest.mark.parametrize("game", ["gangster", "gangster-1994", "gangsters",
                                  "chicago-gangster"])
def test_the_end_of_a_short_game(server: Server, open_page: Any, game: str):
    pages, tid = endgame_of(server, open_page, game, seed=3)
    play_again(pages, server, tid)


def test_the_end_of_gangster_city_and_a_spectator_is_shown_the_rematch(
        server: Server, open_page: Any):
    pages, tid = endgame_of(server, open_page, "gangster-city", seed=3)
    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{tid}")
    panel = watcher.locator("#endgame")
    expect(panel).to_be_visible()
    expect(panel.locator(".endgame-again")).to_have_count(0)  # no seat: no Play again
    # Every case is laid open at the end (the rules' decision 11): the panel names each.
    stands = server.state(tid).view(None)["stands"]
    assert any(stand["case"] for stand in stands)
    for seat, stand in enumerate(stands):
        if stand["case"]:
            expect(panel.locator(f'.endgame-row[data-seat="{seat}"] .endgame-detail')
                   ).to_contain_text(f"own case #{stand['case']}")
    new = play_again(pages, server, tid)
    link = panel.locator(".endgame-watch")
    expect(link).to_have_text("Watch the rematch")
    shot(watcher, "endgame-spectator-phone")
    link.click()
    watcher.wait_for_url(re.compile(r"/table/" + re.escape(new) + "$"))
    expect(watcher.locator("#whoami")).to_contain_text("watching")

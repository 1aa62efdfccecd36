"""Gangster's board at the end of a game: the final count is laid open.

Reuses the live server and Chromium of ``test_browser``. A finished game's view is drawn on
its own (``render_alone``): the seats in order of influence, each with its points per Day of
Reckoning, and a table of every district's points per colour and reckoning whose sums are
the seats' influence. Screenshots at 1366x900 and 390x844 go to ``test-artifacts/``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gangland
from gangland.games.gangster.web import client_data

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect

from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server, board_alone, render_alone, shot

# The live server, Chromium and strict pages (any script error fails) of the main test.
server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

WIDE = {"width": 1366, "height": 900}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def finished(players: int, seed: int) -> Any:
    """A whole game of uniformly random moves."""
    state = gangland.load("gangster").new_game(players, seed=seed)
    pick = random.Random(seed)
    while not state.is_terminal:
        state.apply(pick.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("players", "viewport", "name"), [
    (5, WIDE, "gangster-final-laptop"), (2, PHONE, "gangster-final-phone")])
def test_a_finished_game_shows_where_every_point_came_from(
        server: Server, open_page: Any, players: int, viewport: dict[str, int], name: str):
    state = finished(players, seed=3)
    view = state.view(0)
    final = view["final"]
    page = open_page(viewport)
    board_alone(page, server)
    render_alone(page, "gangster", view, [], 0, NAMES[:players], client_data({}))
    best = max(view["influence"])
    expect(page.locator(".gs-pending")).to_contain_text(f"Game over: P{view['winners'][0] + 1}")
    expect(page.locator(".gs-pending")).to_contain_text(f"with {best} influence")
    section = page.locator(".gs-final")
    expect(section).to_contain_text("Final count")
    # The seats, best first, each with its sum per reckoning.
    cards = section.locator(".gs-final-seats .gs-score")
    expect(cards).to_have_count(players)
    first = max(final["seats"], key=lambda s: (s["influence"], -s["seat"]))
    expect(cards.first).to_contain_text(str(first["influence"]))
    expect(cards.first).to_contain_text(" + ".join(str(p) for p in first["reckonings"]))
    expect(cards.first).to_contain_text("wins")
    expect(section.locator(".gs-winner")).to_have_count(len(view["winners"]))
    # One row per scored district; each column's total is that colour's points.
    rows = section.locator(".gs-final-table tbody tr")
    expect(rows).to_have_count(len(final["districts"]))
    totals = section.locator(".gs-final-table tfoot tr").last.locator("td")
    expect(totals).to_have_text([str(c["total"]) for c in final["colours"]])
    # A cell tells how its points were won.
    cell = rows.first.locator("td").first
    assert "reckoning 1" in str(cell.get_attribute("title"))
    tips = " ".join(str(t) for t in section.locator(".gs-final-table td[title]").evaluate_all(
        "cells => cells.map((c) => c.title)"))
    assert "gangster" in tips and "points" in tips
    tied = any(p["gangsters"] == q["gangsters"] and p is not q
               for r in view["reckonings"] for d in r["districts"]
               for p in d["placements"] for q in d["placements"])
    assert ("(a tie, placed by its gangster on space " in tips) == tied
    # The final count comes before the map, right under the result.
    assert page.evaluate("""() => {
      const f = document.querySelector('.gs-final'), m = document.querySelector('.gs-map-wrap');
      return !!(f.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    # The board shows what the tiles paid on the last reckoning, "?" as its casino card.
    values = page.locator(".gs-map .gs-values")
    expect(values.first).to_contain_text("paid")
    assert "pays" not in " ".join(values.all_text_contents())
    wild = page.locator(".gs-map .gs-values .gs-wild")
    assert set(wild.all_text_contents()) <= {str(final["casino"][-1])}
    expect(page.locator(".gs-map .gs-next")).to_have_count(0)
    expect(page.locator(".gs-map")).to_contain_text("After 3 Days of Reckoning")
    shot(page, name)


def test_no_final_count_while_the_game_goes_on(server: Server, open_page: Any):
    state = gangland.load("gangster").new_game(3, seed=1)
    page = open_page(WIDE)
    board_alone(page, server)
    render_alone(page, "gangster", state.view(None), [], None, NAMES[:3], client_data({}))
    expect(page.locator(".gs-map-wrap")).to_have_count(1)
    expect(page.locator(".gs-final")).to_have_count(0)
    expect(page.locator(".gs-map .gs-values").first).to_contain_text("pays")
    expect(page.locator(".gs-map .gs-next")).not_to_have_count(0)

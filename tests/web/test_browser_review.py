"""The game review in the browser replay of a finished table (docs/review.md).

Reuses the live server and Chromium of ``test_browser``. A Gangster City table of Ann and
Bea is played to its end by random moves; Ann's replay asks for Bea's review, follows its
progress, draws the graph, lists the marked decisions, and a click on a point of the
graph takes the replay to that decision, where the note names the move played and the
better one found, which the board offers as its one move. Screenshots go to
``test-artifacts/review-*`` at 1366x900 and 390x844.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect

from gangland.review import Budget, review_record
from tests.web import test_browser as base
from tests.web.test_browser import LAPTOP, PHONE, shot
from tests.web.test_browser_endgame import finished_table

server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366", "390"])
def test_a_replay_reviews_a_seat_and_jumps_to_its_decisions(server: Any, open_page: Any,
                                                            viewport: dict[str, int]):
    tid, tokens = finished_table(server, "gangster-city", 21)
    page = open_page(viewport)
    page.goto(f"{server.base}/table/{tid}#seat=0&token={tokens[0]}")
    page.locator("#endgame .endgame-replay").click()
    page.locator(".replay-seat select").select_option("1")  # Bea's view, Bea's play
    card = page.locator(".review-card")
    expect(card.locator("h2")).to_have_text("Game review: P2")
    card.get_by_role("button", name="Review P2's play").click()
    expect(card.locator(".review-summary")).to_contain_text("Accuracy", timeout=120_000)
    settings = server.hub.settings
    record = server.state(tid).record()
    expected = review_record(record, 1, Budget(settings.review_iterations,
                                               settings.review_samples)).to_json()
    expect(card.locator(".review-dot")).to_have_count(len(expected["decisions"]))
    marked = [d for d in expected["decisions"] if d["mark"]]
    expect(card.locator(".review-marks").first.locator("li")).to_have_count(min(3, len(marked)))
    every = card.locator(".review-all li")
    expect(every).to_have_count(len(marked) if len(marked) > 3 else 0)
    shot(page, f"review-{viewport['width']}")
    # A decision where the review found a better move: the note and the board show it.
    differs = [d for d in expected["decisions"] if d["best"] != d["played"]]
    target = differs[0] if differs else expected["decisions"][0]
    index = expected["decisions"].index(target)
    card.locator(".review-dot").nth(index).dispatch_event("click")
    expect(page.locator(".replay-counter")).to_contain_text(f"step {target['ply']} of")
    note = page.locator(".review-note")
    expect(note).to_contain_text(target["played"])
    if differs:
        expect(note).to_contain_text(target["best"])
    shot(page, f"review-move-{viewport['width']}")
    # Opening the view at the step (its tables are wider than a phone) widens nothing.
    page.locator("#replay .view-card > summary").click()
    expect(page.locator("#replay .view-card .view-dl").first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page is {width}px wide at {viewport['width']}px"


def test_a_replay_opened_before_the_renderer_arrives_waits_for_it(server: Any, open_page: Any):
    """The end-of-game panel can offer the replay while the game's renderer is still
    loading; a replay opened then still draws the board (it once drew only the view)."""
    tid, tokens = finished_table(server, "chicago-gangster", 5)
    page = open_page(PHONE)
    held: list[Any] = []
    page.route("**/renderers/*.js", lambda route: held.append(route))  # held until released
    page.goto(f"{server.base}/table/{tid}#seat=0&token={tokens[0]}")
    page.locator("#endgame .endgame-replay").click()
    assert held, "the renderer was not asked for"
    for route in held:
        route.continue_()
    expect(page.locator("#replay .replay-counter")).to_contain_text("step")
    expect(page.locator("#replay .view-card")).not_to_have_attribute("open", "")
    expect(page.locator("#replay .board")).not_to_be_empty()

"""Gangster (1994) in the browser: the board renderer against bots.

Reuses the live server and Chromium of ``test_browser``. A seated page draws the track's 40
spaces with a pawn per player, a panel per player, and the prompt with its buttons; clicking
the first answer plays it. A seeded game (``g1994_seeds``) brings the seated human to an
auction: the live prompt, a bid the server takes, the last race and the used piles. Another
plays the opening through the board at a laptop's and a phone's size: a double space's half
and the secret passage's space are clicked on the track, every label stays legible and
upright, nothing scrolls sideways, and no roll is ever played without a click (auto-pass
plays passes only). A spectator's page shows no buttons and no hand. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import pytest

import gangland
from gangland.games.gangster_1994.components import PERLE
from gangland.games.gangster_1994.web import client_data
from gangland.server import lobby
from gangland.server.botpool import bot_seed, choose_in_state

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.web import g1994_seeds as seeds
from tests.web import test_browser as base
from tests.web.test_browser import LAPTOP, PHONE, Server, board_alone, render_alone, shot

NAMES = ["Ann", "Bob", "Cy"]
WIDE = {"width": 1366, "height": 900}

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


# ----- a seeded game that reaches an auction ---------------------------------------------

# Found by ``tests/web/g1994_seeds.py`` (``until_bid`` over seeds 0-1999, 3 players, heuristic
# bots on seats 2 and 3, the human rolling whenever it may and otherwise taking the first
# legal action): after 19 moves P1 lands on the Auction space, puts a pearl up (its only
# click that is not a roll) and is the first asked to bid; a race has been run by then
# (horse 8 won, P1 holds a ticket on 8) and five cards lie in the used piles.
AUCTION_SEED = 1388


def seeded_table(server: Server, seed: int) -> dict[str, Any]:
    """A 3-player table with a chosen seed, made on the server's own event loop (the HTTP
    API never takes a seed: whoever knows it knows every hidden card)."""

    async def make() -> dict[str, Any]:
        return await lobby.create_table(
            server.hub, "gangster-1994", 3, name="Dora", seed=seed,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": seeds.BOTS[1]},
                   {"kind": "bot", "bot": seeds.BOTS[2]}])

    path = f"/test-only/g1994-seeded-{seed}"
    if not any(getattr(r, "path", None) == path for r in server.app.router.routes):
        server.app.add_api_route(path, make, methods=["POST"])
    return server.post(path, {})


def wait_for(check: Any, what: str, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_gangster_1994_auction_race_and_piles(server: Server, open_page: Any):
    expected = seeds.until_bid(AUCTION_SEED)
    assert expected is not None and expected.race and expected.clicks == ["auction pearl"]
    created = seeded_table(server, AUCTION_SEED)
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".g94-track .g94-pawn")).to_have_count(3)
    # Every move of P1 is clicked here (auto-pass never plays a roll; it is off all the same).
    page.locator("#auto-pass").uncheck()

    # Play P1 by the search's policy until it is asked to bid.
    for _ in range(40):
        wait_for(lambda: live.state.current_player == 0, "P1's turn")
        version = live.version
        root = page.locator(f".g94[data-version='{version}']")
        expect(root.locator(".g94-prompt-mine")).to_have_count(1)
        if live.state.view(0)["decision"]["kind"] == "bid":
            break
        roll = root.locator(".g94-prompt-mine .g94-answer[data-action='roll']")
        (roll if roll.count() else root.locator(".g94-prompt-mine .g94-answer").first).click()
        wait_for(lambda v=version: live.version > v, "the move to be played")
    assert live.version == expected.actions

    # The live auction: the lot, no bid yet, who bids, and the bid buttons.
    prompt = page.locator(".g94-prompt-mine[data-kind='bid']")
    expect(prompt).to_contain_text("Auction of a pearl (put up by you).")
    state_line = prompt.locator(".g94-auction")
    expect(state_line).to_contain_text("No bid yet.")
    expect(state_line).to_contain_text("Still bidding: you, P2 heuristic, P3 heuristic.")
    expect(prompt.locator(".g94-answer[data-action='bid 300']")).to_be_visible()
    expect(prompt.locator(".g94-answer[data-action='pass']")).to_be_visible()

    # The race and the used piles, as the view has them.
    view = live.state.view(0)
    race = page.locator(".g94-race")
    expect(race).to_contain_text(f"Last race: horse {view['race']['horse']} won.")
    expect(race.locator(".g94-race-seat")).to_have_count(3)
    expect(race.locator(".g94-race-winner[data-seat='0'] .g94-ticket-won")).to_have_count(1)
    left = str(view["decks"]["course"])
    expect(race.locator(".g94-race-left")).to_have_attribute("data-left", left)
    for deck, cards in view["used"].items():
        pile = page.locator(f".g94-pile[data-deck='{deck}']")
        expect(pile).to_have_attribute("data-used", str(len(cards)))
        expect(pile).to_have_attribute("data-down", str(view["decks"][deck]))
        expect(pile.locator(".g94-pile-all li")).to_have_count(len(cards))
    assert sum(len(c) for c in view["used"].values()) == expected.used > 0
    page.locator(".g94-pile:not(.g94-pile-empty) details summary").first.click()
    shot(page, "gangster-1994-auction-laptop")

    # A spectator sees the auction, the race and the piles, but no buttons and no hand.
    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    seen = watcher.locator(".g94-prompt[data-kind='bid'] .g94-auction")
    expect(seen).to_contain_text("No bid yet.")
    expect(watcher.locator(".g94-race")).to_contain_text("Last race")
    expect(watcher.locator(".g94-pile")).to_have_count(12)
    expect(watcher.locator(".g94-answer")).to_have_count(0)
    expect(watcher.locator(".g94-hand")).to_have_count(0)
    shot(watcher, "gangster-1994-auction-watching-phone")

    # Bid the minimum: the server takes it, and the bots answer (as played offline here).
    version = live.version
    game = gangland.load("gangster-1994")
    after = game.state_from_json(live.state.to_json())
    after.apply(after.parse_action("bid 300"))
    played = version + 1
    while after.current_player != 0 and not after.is_terminal:
        seat = after.current_player
        text = choose_in_state(after, seeds.BOTS[seat], bot_seed(AUCTION_SEED, played, seat, 3))
        after.apply(after.parse_action(text))
        played += 1
    prompt.locator(".g94-answer[data-action='bid 300']").click()
    expect(page.locator("#log")).to_contain_text("P1 bids $300.")
    wait_for(lambda: live.version == played, "the bots' answers")
    decision = after.view(0)["decision"]
    root = page.locator(f".g94[data-version='{played}']")
    if decision["kind"] == "bid":  # the auction goes on, and P1 is asked again
        auction = root.locator(".g94-prompt-mine .g94-auction")
        expect(auction).to_have_attribute("data-high", str(decision["high"]))
        expect(auction).to_contain_text(f"Highest bid ${decision['high']:,}")
        outbid = f".g94-answer[data-action='bid {decision['high'] + 100}']"
        expect(root.locator(outbid)).to_be_visible()
    else:  # every bot passed: P1 bought the pearl
        pearls = ".g94-player[data-seat='0'] .g94-items[data-kind='perle']"
        expect(root.locator(pearls)).to_have_count(1)
    shot(page, "gangster-1994-auction-bid-laptop")


# ----- the exchange, from an engine view -------------------------------------------------

def test_gangster_1994_exchange_prompt_and_last_exchange(server: Server, open_page: Any):
    """P1 exchanges a pearl with P2: the giver's buttons name its own values, P3 reads who
    and what, and once made the board says so publicly (no value)."""
    state = gangland.load("gangster-1994").new_game(3, 1, {})
    data = client_data({})

    def pending(seat: int) -> dict[str, Any]:
        view = state.view(seat)
        view["decision"].update(kind="give", player=0, trade=1, sold=0, seat=0)
        view["to_move"] = 0
        view["table"][0]["items"]["perle"] = [2500, 700] if seat == 0 else [None, None]
        view["table"][1]["items"]["perle"] = [None]
        return view

    page = open_page(PHONE)
    board_alone(page, server)
    legal = [{"text": "give 1", "label": "give 1"}, {"text": "give 2", "label": "give 2"}]
    render_alone(page, "gangster-1994", pending(0), legal, 0, NAMES, data, 5)
    prompt = page.locator(".g94-prompt-mine[data-kind='give']")
    expect(prompt).to_contain_text("You exchange a pearl with P2 Bob")
    expect(prompt.locator(".g94-answer").first).to_have_text("Give pearl 1 ($2,500)")
    prompt.locator(".g94-answer[data-action='give 2']").click()
    assert page.evaluate("window.acted") == ["give 2"]

    render_alone(page, "gangster-1994", pending(2), [], 2, NAMES, data, 5)
    expect(page.locator(".g94-prompt .g94-exchange-pending")).to_contain_text(
        "P1 Ann exchanges a pearl with P2 Bob")
    expect(page.locator(".g94-answer")).to_have_count(0)
    render_alone(page, "gangster-1994", state.view(2), [], 2, NAMES, data, 6)
    expect(page.locator(".g94-last-exchange")).to_have_count(0)  # none made yet
    state.swap = [0, 1, PERLE]  # as the exchange leaves it (its own rule tests cover that)
    render_alone(page, "gangster-1994", state.view(2), [], 2, NAMES, data, 7)
    expect(page.locator(".g94-last-exchange")).to_have_text(
        "Last exchange: P1 Ann exchanged a pearl with P2 Bob.")
    shot(page, "gangster-1994-exchange-phone")


# ----- the final count ---------------------------------------------------------------------

def finished_state(pearl: bool = True) -> Any:
    """A 3-player game at its final count, every jewel and hand laid open: P1 ($1,000, half
    of $5,000 in jewels, two Dossiers: -$1,500) and P2 ($2,000, one Dossier: -$500) end at
    the $0 floor; P3 has half a $300 pearl ($200), or with no pearl $0 too, and then the
    men decide (P2's recruits bring 3)."""
    from tests.games.gangster_1994.scenario import card, give, table

    state = table(3)
    give(state, 0, card("perle", 4200), card("diamant", 800), card("dossier", 0),
         card("dossier", 0, skip=1))
    give(state, 1, card("dossier", 0, skip=2), card("recrutement", 2), card("course", 7))
    if pearl:
        give(state, 2, card("perle", 300))
    state.cash[:] = [1000, 2000, 0]
    state.offer, state.last = 0, True
    state._end_turn()
    return state


def test_gangster_1994_final_count_lays_everything_open(server: Server, open_page: Any):
    state = finished_state()
    assert state.winners() == [2]
    data = client_data({})
    for size, name in ((WIDE, "laptop"), (PHONE, "phone")):
        page = open_page(size)
        board_alone(page, server)
        render_alone(page, "gangster-1994", state.view(None), [], None, NAMES, data, 9)
        final = page.locator(".g94-final")
        expect(page.locator(".g94-prompt .g94-verdict")).to_have_text(
            "Game over: P3 Cy wins with $200.")
        expect(final.locator(".g94-count-row")).to_have_count(3)
        p1 = final.locator(".g94-count-row[data-seat='0']")
        expect(p1.locator(".g94-cash")).to_have_text("$1,000")
        expect(p1.locator(".g94-jewels")).to_have_text("+$2,500half of $5,000")
        expect(p1.locator(".g94-dossiers")).to_have_text("-$5,0002 Dossiers")
        expect(p1.locator(".g94-assets")).to_have_text("$0sum -$1,500")
        expect(final.locator(".g94-count-row[data-seat='2'] .badge")).to_have_text("wins")
        expect(final).to_contain_text("Nobody goes below $0")
        expect(final).to_contain_text("Dossiers: $2,500 each.")
        # every column is on the screen, the phone's too
        men = final.locator(".g94-count-row[data-seat='0'] .g94-men")
        box = men.bounding_box()
        assert box is not None and box["x"] + box["width"] <= size["width"]
        # a spectator reads every jewel and every hand
        panel = page.locator(".g94-player[data-seat='0']")
        expect(panel.locator(".g94-items[data-kind='perle']")).to_contain_text("$4,200")
        expect(page.locator(".g94-item", has_text="?")).to_have_count(0)
        expect(page.locator(".g94-player[data-seat='1'] .g94-laid")).to_contain_text(
            "Recruits: 2 men")
        shot(page, f"gangster-1994-final-{name}")


def test_gangster_1994_final_count_tie_at_zero_goes_to_the_men(server: Server,
                                                              open_page: Any):
    state = finished_state(pearl=False)
    assert state.winners() == [1]  # all three at $0: P2 has 3 men
    page = open_page(LAPTOP)
    board_alone(page, server)
    render_alone(page, "gangster-1994", state.view(0), [], 0, NAMES, client_data({}), 3)
    expect(page.locator(".g94-verdict")).to_have_text(
        "Game over: you, P2 Bob and P3 Cy tie at $0; P2 Bob has the most men (3) and wins.")
    expect(page.locator(".g94-count-row[data-seat='1'] .g94-men")).to_have_text("3 ★")


def test_gangster_1994_a_finished_table_shows_the_count(server: Server, open_page: Any):
    """A real table played to its turn limit: the finished page shows every seat's count."""
    created = server.post("/api/tables", {
        "game": "gangster-1994", "players": 3, "name": "Dora", "options": {"turn_limit": 4},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]})
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    page = open_page(WIDE)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    # P1 answers with its first button (a lone roll too: auto-pass plays passes only); a
    # click may find its version gone, and the loop looks again.
    for _ in range(200):
        wait_for(lambda: live.state.is_terminal or live.state.current_player == 0, "P1's turn")
        if live.state.is_terminal:
            break
        version = live.version
        answer = page.locator(f".g94[data-version='{version}'] .g94-prompt-mine .g94-answer")
        with contextlib.suppress(PlaywrightError):
            answer.first.click(timeout=2000)
        wait_for(lambda v=version: live.version > v or live.state.is_terminal, "the move")
    assert live.state.is_terminal
    expect(page.locator(".g94-final .g94-count-row")).to_have_count(3)
    expect(page.locator(".g94-item", has_text="?")).to_have_count(0)
    shot(page, "gangster-1994-finished-table-laptop")
    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".g94-final .g94-count-row")).to_have_count(3)
    shot(watcher, "gangster-1994-finished-table-phone")


def test_gangster_1994_passage_buttons_say_when_they_go_through_the_refuge(
        server: Server, open_page: Any):
    """Decision 10: a passage to a space below the Passage's goes through the Refuge; for
    the player who made the purchase offer that is the last space of the game."""
    from gangland.games.gangster_1994.text import describe_action
    from tests.games.gangster_1994.scenario import play, script, table

    state = table(4)
    state.cash[0] = 40000
    state._legal_cache = None
    play(state, "offer")
    state.pos[0] = 24
    script(state, 0, 5, 5, 5)  # onto the Passage (space 26), then 18: a secret passage
    play(state, "roll")
    legal = [{"text": str(a), "label": describe_action(a)} for a in state.legal_actions()]
    page = open_page(LAPTOP)
    board_alone(page, server)
    render_alone(page, "gangster-1994", state.view(0), legal, 0, NAMES, client_data({}), 4)
    prompt = page.locator(".g94-prompt-mine[data-kind='passage']")
    prompt.locator(".g94-goto-list summary").click()  # the list, folded under the board's way
    expect(prompt.locator(".g94-answer[data-action='goto 3']")).to_have_text(
        "Space 3 Dealer (through the Refuge: your last space)")
    expect(prompt.locator(".g94-answer[data-action='goto 29']")).to_have_text(
        "Space 29 Collecte")
    prompt.locator(".g94-answer[data-action='goto 3']").click()
    # the track says the same, and its spaces are the buttons
    target = page.locator(".g94-track .g94-target[data-space='3']")
    expect(target).to_have_attribute("aria-label",
                                      "Secret passage to Space 3 Dealer (through the Refuge: "
                                      "your last space)")
    expect(target.locator(".g94-round")).to_have_count(1)
    expect(page.locator(".g94-track .g94-target[data-space='29'] .g94-round")).to_have_count(0)
    target.click()
    assert page.evaluate("window.acted") == ["goto 3", "goto 3"]


# ----- the opening through the board, at a laptop's and a phone's size ---------------------

# Found by ``g1994_seeds.until_passage`` (3 players, heuristic bots, the human rolling and
# otherwise taking the first legal action): P1 rolls onto the Expert / Dealer double space
# (``choose expert``), rolls onto a Passage and throws 13 or more: the secret passage.
PASSAGE_SEED = 114

#: Every label of the track, and the size the page draws it at (11 px at the least).
LABELS = """() => [...document.querySelectorAll(
  '.g94-track .g94-half, .g94-track .g94-num, .g94-track .g94-pawn')].map((e) => {
  const r = e.getBoundingClientRect();
  const t = getComputedStyle(e).transform;
  return { text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize),
           clipped: e.scrollWidth > e.clientWidth + 1, turned: t !== 'none' && t !== '',
           w: r.width, h: r.height };
})"""

#: Which of ``boxes`` overlap (two labels drawn over each other).
OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('.g94-track .g94-half')]
    .map((e) => e.getBoundingClientRect());
  let n = 0;
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
        && b.top < a.bottom - 1) n += 1;
  }
  return n;
}"""

#: Whether an element is wholly on screen and nothing (the sticky prompt) covers its centre.
ON_SCREEN = """(e) => {
  const r = e.getBoundingClientRect();
  const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return inside && (hit === e || e.contains(hit));
}"""

NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= innerWidth"


def assert_track_legible(page: Any) -> None:
    labels = page.evaluate(LABELS)
    assert len(labels) >= 40 + 40
    small = [(x["text"], x["size"]) for x in labels if x["size"] < 11]
    assert not small, f"labels under 11 px: {small}"
    assert not [x["text"] for x in labels if x["turned"]], "a label is rotated"
    assert not [x["text"] for x in labels if x["clipped"]], "a label is cut off"
    assert page.evaluate(OVERLAPS) == 0
    assert page.evaluate(NO_SIDEWAYS)


@pytest.mark.parametrize(("size", "name"), [(WIDE, "1366"), (PHONE, "390")])
def test_gangster_1994_opening_is_played_on_the_board(server: Server, open_page: Any,
                                                      size: dict[str, int], name: str):
    expected = seeds.until_passage(PASSAGE_SEED)
    assert expected is not None and "choose expert" in expected.clicks
    created = seeded_table(server, PASSAGE_SEED)
    table_id = created["table"]["id"]
    live = server.hub.tables[table_id]
    page = open_page(size)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".g94-track .g94-space")).to_have_count(40)
    expect(page.locator("#auto-pass")).to_be_checked()  # on, as a new seat has it
    expect(page.locator("#auto-pass-box")).to_contain_text(
        "pass for me when passing is my only move")
    clicks: list[str] = []
    waited = False
    for _ in range(len(expected.clicks) + 1):
        wait_for(lambda: live.state.current_player == 0, "P1's turn")
        version = live.version
        root = page.locator(f".g94[data-version='{version}']")
        prompt = root.locator(".g94-prompt-mine")
        expect(prompt).to_have_count(1)
        assert prompt.evaluate(ON_SCREEN), "the pending choice is off screen"
        assert page.evaluate(NO_SIDEWAYS)
        kind = live.state.view(0)["decision"]["kind"]
        if kind == "passage":
            break
        if kind == "turn" and not waited:
            # auto-pass is on and the roll is the only move: nobody rolls for P1
            assert [str(a) for a in live.state.legal_actions()] == ["roll"]
            time.sleep(3.5)  # past the server's longest auto-pass wait (3 s)
            assert live.version == version, "a roll was played without a click"
            waited = True
        if kind == "choose":
            # the halves of P1's double space are the buttons, on the track
            halves = root.locator(".g94-track .g94-here button.g94-half.g94-target")
            expect(halves).to_have_count(2)
            text = expected.clicks[len(clicks)]
            half = root.locator(f".g94-track button.g94-target[data-action='{text}']")
            half.scroll_into_view_if_needed()
            assert half.evaluate(ON_SCREEN), "the half to click is off screen"
            page.screenshot(path=str(base.ARTIFACTS / f"g1994-choose-{name}.png"))
        else:
            text = expected.clicks[len(clicks)]
            half = prompt.locator(f".g94-answer[data-action='{text}']")
        assert_track_legible(page)
        half.click()
        clicks.append(text)
        wait_for(lambda v=version: live.version > v, "the move to be played")
    assert live.version == expected.actions and clicks == expected.clicks

    # The secret passage: every free space is highlighted and clickable on the track.
    root = page.locator(f".g94[data-version='{live.version}']")
    targets = root.locator(".g94-track .g94-target")
    legal = {str(a) for a in live.state.legal_actions()}
    expect(targets).to_have_count(len(legal))
    actions = set(targets.evaluate_all("(ts) => ts.map((t) => t.dataset.action)"))
    assert actions == legal
    boxes = targets.evaluate_all("(ts) => ts.map((t) => t.getBoundingClientRect().toJSON())")
    assert all(b["left"] >= 0 and b["right"] <= size["width"] for b in boxes)
    if size is WIDE:  # the whole loop is on a laptop's screen at once
        assert all(b["top"] >= 0 and b["bottom"] <= size["height"] for b in boxes)
    assert root.locator(".g94-track .g94-dim").count() == 40 - len(legal)
    assert_track_legible(page)
    shot(page, f"g1994-board-{name}")
    goto = sorted(legal, key=lambda t: int(t.split()[1]))[len(legal) // 2]
    target = root.locator(f".g94-track .g94-target[data-action='{goto}']")
    target.scroll_into_view_if_needed()
    assert target.evaluate(ON_SCREEN), "the space to click is off screen"
    version = live.version
    target.click()
    wait_for(lambda: live.version > version, "the passage to be taken")
    assert str(live.state.history[version]) == goto
    # P1 clicked every one of its moves: each stored move of P1 is one of those clicks
    mine = [r.text for r in server.hub.store.actions(table_id) if r.seat == 0]
    assert mine == [*clicks, goto]
    assert page.evaluate(NO_SIDEWAYS)

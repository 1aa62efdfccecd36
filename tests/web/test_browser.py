"""The browser client end to end: the real server, Debian's Chromium, people clicking.

The server runs in this process (uvicorn in a thread, bots in threads, SQLite in a
temporary folder), so a test may look up the true hidden facts of a table in the hub and
check that no page ever shows a seat its own case. Screenshots at laptop (1366x900) and
phone (390x844) sizes go to ``test-artifacts/``.

Chromium comes from the system (``/usr/bin/chromium``); nothing is ever downloaded. Where
it or Playwright is missing, these tests are skipped.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from gangland.server.app import create_app  # noqa: E402
from gangland.server.config import Settings  # noqa: E402

# Assertions wait as long as page actions do: on a shared 2-core machine under load, 5 s
# (Playwright's default) was once too short for a bot's move to reach the page.
expect.set_options(timeout=15_000)

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium")


class Server:
    """The web table on a free port; ``hub`` is the live server's (for test-only lookups)."""

    def __init__(self, db: Path) -> None:
        # (no address limits: every page here comes from one address)
        self.app = create_app(Settings(db_url=f"sqlite:///{db}", bot_pool="thread", think_ms=0,
                                          min_think_ms=0, create_burst=10**6,
                                          connect_burst=10**6))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.uvicorn.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(15)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def state(self, table_id: str) -> Any:
        """The true state of a table (never sent to any browser)."""
        return self.hub.tables[table_id].state


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("web") / "tables.db") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Any]:
    """Pages in fresh contexts (each its own localStorage); any script error fails the test."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = LAPTOP) -> Page:
        context = browser.new_context(viewport=viewport)
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


def wait_until(page: Page, predicate: str, timeout_s: float = 15.0) -> None:
    """Poll a JavaScript expression until it holds. (Playwright's ``wait_for_function``
    evaluates its predicate with ``eval``, which the server's CSP rightly refuses.)"""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"still not {predicate!r}"
        page.wait_for_timeout(50)


def shot(page: Page, name: str) -> None:
    """A screenshot of the top of the page and one of the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.screenshot(path=str(ARTIFACTS / f"{name}-full.png"), full_page=True)


#: Everything a page tells a person: its text (SVG included) and every attribute that
#: carries words (tooltips, labels, values, data); colours and geometry are left out.
BOARD_PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<link rel="stylesheet" href="/static/css/gangland.css">
<link rel="icon" href="/static/favicon.svg"></head>
<body class="page-table"><main class="table-layout"><section class="board-col">
<div class="board"><div id="root" class="board-canvas"></div></div>
</section></main></body></html>"""

_RENDER_ALONE = """async ([game, view, legal, seat, names, version, data]) => {
  const { render } = await import(`/static/renderers/${game}.js`);
  const { seatColors } = await import("/static/js/colors.js");
  window.acted = [];
  const root = document.getElementById("root");
  root.replaceChildren();
  render(root, view, { seat, legal, act: (text) => window.acted.push(text), clientData: data,
    table: version === null ? null : { id: "alone", version }, names,
    colors: seatColors(view.players) });
}"""


def board_alone(page: Page, server: Server) -> None:
    """Open an empty table page served by the live server, to draw a board without a table
    (a position built in the engine, where a real game would take long to get)."""
    page.route(server.base + "/board-alone", lambda route: route.fulfill(
        body=BOARD_PAGE, content_type="text/html"))
    page.goto(server.base + "/board-alone")


def render_alone(page: Page, game: str, view: Any, legal: list[dict[str, str]],
                 seat: int | None, names: list[str], data: Any,
                 version: int | None = None) -> None:
    """Draw ``view`` with the game's renderer on a :func:`board_alone` page; the texts of
    the buttons clicked collect in ``window.acted``."""
    page.evaluate(_RENDER_ALONE, [game, view, legal, seat, names, version, data])


PAGE_WORDS = """() => {
  const parts = [document.title, document.body.textContent];
  for (const node of document.querySelectorAll("*")) {
    for (const attr of node.attributes) {
      if (/^(title|aria-|alt|value|placeholder|data-|href)/.test(attr.name)) parts.push(attr.value);
    }
  }
  for (const input of document.querySelectorAll("input, textarea")) parts.push(input.value);
  return parts.join(" | ");
}"""


def assert_blind(page: Page, server: Server, table_id: str, seat: int) -> None:
    """The page shows every other detective's case and nothing of its own seat's case."""
    state = server.state(table_id)
    html = page.evaluate(PAGE_WORDS)
    own = state.cases[seat]
    if own >= 0:
        assert state.deck.label(own) not in html
        assert not re.search(rf"#{own + 1}(?!\d)", html), f"card {own + 1} shows for P{seat + 1}"
    for other, case in enumerate(state.cases):
        if other != seat and case >= 0:
            assert state.deck.label(case) in html


# ----- two people at one Gangster City table ----------------------------------------------


def create_in_lobby(page: Page, server: Server) -> str:
    """Alice opens a two-person Gangster City table from the lobby; the invite link."""
    page.goto(server.base + "/")
    page.select_option("#game", "gangster-city")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.locator(".seat-row").nth(1).locator("select").select_option("human")
    page.fill("#name", "Alice")
    shot(page, "lobby-laptop")
    page.click("#create-form button[type=submit]")
    link = page.locator(".invite-url")
    expect(link).to_have_count(1)
    return link.input_value()


def move(page: Page, turn: int) -> None:
    """Investigate a face-up card (clicking it), or draw blind (clicking the pile)."""
    if turn % 3 == 2:
        page.locator(".gc-pile.gc-take").click()
    else:
        page.locator(".gc-middle-cards .gc-take").first.click()


def test_two_people_play_gangster_city(server: Server, open_page: Any):
    alice = open_page(LAPTOP)
    invite = create_in_lobby(alice, server)
    table_id = invite.split("/table/")[1].split("#")[0]
    alice.click("#created a.button-primary")
    expect(alice.locator("#banner-text")).to_contain_text("Waiting for 1 more player")
    expect(alice.locator("#invite-list .invite")).to_have_count(1)

    bob = open_page(PHONE)
    bob.goto(invite)
    bob.fill("#name-input", "Bob")
    bob.click("#name-form button")
    expect(bob.locator(".badge-you")).not_to_have_count(0)
    assert "#" not in bob.url and "token" not in bob.url
    stored = bob.evaluate("JSON.parse(localStorage.getItem('gangland.seats'))")
    assert stored[table_id]["seat"] == 1 and stored[table_id]["token"]

    pages = [alice, bob]
    expect(alice.locator(".banner-mine")).to_have_count(1)
    assert alice.title().startswith("● Your turn")
    for turn in range(6):
        mover, other = pages[turn % 2], pages[(turn + 1) % 2]
        expect(mover.locator(".banner-mine")).to_have_count(1)
        expect(other.locator(".banner-mine")).to_have_count(0)
        move(mover, turn)
        expect(other.locator(".banner-mine")).to_have_count(1)
        for seat, page in enumerate(pages):
            assert_blind(page, server, table_id, seat)
    assert server.state(table_id).turn == 6
    expect(alice.locator(".gc-stand[data-seat='0'] .gc-clue")).to_have_count(3)
    expect(bob.locator(".gc-stand[data-seat='1'] .gc-clue")).to_have_count(3)

    # Bob reloads: the same turn, the same log, his seat kept.
    log = bob.locator("#log li")
    count = log.count()
    last = log.last.get_attribute("data-version")
    status = bob.inner_text(".gc-status")
    bob.reload()
    expect(bob.locator("#log li")).to_have_count(count)
    assert bob.locator("#log li").last.get_attribute("data-version") == last
    assert bob.inner_text(".gc-status") == status
    expect(bob.locator(".gc-stand.gc-own[data-seat='1']")).to_have_count(1)
    assert_blind(bob, server, table_id, 1)

    bob.locator("#chat-input").fill("Your turn, Alice.")
    bob.locator("#chat-form button").click()
    expect(alice.locator("#chat")).to_contain_text("Your turn, Alice.")
    shot(alice, "gangster-city-laptop")
    shot(bob, "gangster-city-phone")


def test_the_lobby_opens_a_table_and_others_join_it(server: Server, open_page: Any):
    """On a phone: three seats, two of them invited people, a turn clock; then a stranger
    takes a seat from the lobby's list."""
    host = open_page(PHONE)
    host.goto(server.base + "/")
    host.select_option("#game", "gangster-city")
    host.fill("#players", "3")
    rows = host.locator(".seat-row")
    expect(rows).to_have_count(3)
    rows.nth(1).locator("select").select_option("human")
    rows.nth(2).locator("select").select_option("human")
    host.fill("#name", "Hana")
    host.click(".more summary")
    host.check("#clock-on")
    host.click("#create-form button[type=submit]")
    expect(host.locator("#created .invite")).to_have_count(2)
    shot(host, "lobby-created-phone")
    table_id = host.locator("#created .invite-url").first.input_value().split("/")[-1]
    table_id = table_id.split("#")[0]

    guest = open_page(LAPTOP)
    guest.goto(server.base + "/")
    guest.fill("#name", "Ivo")
    item = guest.locator(f"#open li[data-table='{table_id}']")
    expect(item.locator("button", has_text="Join as")).to_have_count(2)
    item.locator("button", has_text="Join as P3").click()
    expect(guest.locator("#whoami")).to_contain_text("P3")
    expect(guest.locator("#banner-text")).to_contain_text("Waiting for 1 more player")
    assert server.hub.tables[table_id].row["clock_s"] == 120


def test_a_wrong_token_watches_and_says_why(server: Server, open_page: Any):
    created = server.post("/api/tables", {
        "game": "gangster-city", "players": 2, "name": "Eve",
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{created['table']['id']}#seat=1&token=not-a-token")
    page.fill("#name-input", "Mallory")
    page.click("#name-form button")
    expect(page.locator(".toast")).to_contain_text("refused")
    expect(page.locator(".badge-spectator")).to_have_count(1)
    expect(page.locator(".gc-stand")).to_have_count(2)


def test_a_dropped_connection_resumes_where_the_table_is(server: Server, open_page: Any):
    """The connection drops; meanwhile a move is made over HTTP and the bot answers. The
    page reconnects by itself and shows the table as it now is, log included."""
    created = server.post("/api/tables", {
        "game": "gangster-city", "players": 2, "name": "Finn",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "detective"}]})
    table_id, token = created["table"]["id"], created["token"]
    page = open_page(LAPTOP)
    sockets: list[Any] = []

    def through(ws: Any) -> None:
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/tables/"), through)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={token}")
    expect(page.locator(".banner-mine")).to_have_count(1)
    before = page.locator("#log li").count()
    sockets[-1].close()
    server.post(f"/api/tables/{table_id}/actions", {"token": token, "action": "draw",
                                                    "version": 0})
    expect(page.locator(".gc-status")).to_contain_text("Turn 3")
    expect(page.locator("#conn")).to_have_text("online")
    expect(page.locator(".banner-mine")).to_have_count(1)
    assert server.state(table_id).turn == 2 and len(sockets) == 2
    assert page.locator("#log li").count() > before
    expect(page.locator(".gc-stand[data-seat='0'] .gc-clue")).to_have_count(1)
    assert_blind(page, server, table_id, 0)


# ----- a generated case, solved with the arrest picker, then replayed ---------------------


def arrest(page: Page, words: tuple[str, ...]) -> None:
    """Pick the four elements in the arrest picker (a chosen one stays), then arrest."""
    for row, word in enumerate(words):
        title = word.replace("-", " ").title()
        line = page.locator(".gc-arrest-row").nth(row)
        chosen = line.locator(".gc-chosen")
        if not (chosen.count() and title in chosen.inner_text()):
            line.locator(".gc-choice", has_text=title).click()
        expect(line.locator(".gc-chosen")).to_contain_text(title)
    page.locator(".gc-arrest-go").click()


def test_a_case_is_solved_and_replayed(server: Server, open_page: Any):
    created = server.post("/api/tables", {
        "game": "gangster-city", "players": 1, "name": "Dana", "options": {"case": "easy"}})
    table_id = created["table"]["id"]
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".banner-mine")).to_have_count(1)
    state = server.state(table_id)
    solution = state.case.solution
    wrong = next(c for c in range(54) if c != solution)
    arrest(page, state.deck.words(wrong))
    expect(page.locator("#log")).to_contain_text("wrong")
    arrest(page, state.deck.words(solution))
    expect(page.locator("#banner-text")).to_contain_text("Game over")
    # The end-of-game panel: the case solved, after one wrong arrest, its solution named.
    panel = page.locator("#endgame")
    expect(panel.locator(".endgame-title")).to_have_text("You won")
    expect(panel.locator(".endgame-score")).to_have_text("solved")
    expect(panel.locator(".endgame-detail")).to_have_text("1 wrong arrest")
    expect(panel.locator(".endgame-why")).to_have_text(f"The solution was #{solution + 1}.")

    page.click("#endgame .endgame-replay")  # (the banner's Replay stands aside for it)
    counter = page.locator(".replay-counter")
    expect(counter).to_have_text("step 0 of 2")
    page.keyboard.press("End")
    expect(counter).to_have_text("step 2 of 2")
    expect(page.locator("#replay .gc-solution")).to_have_count(1)
    page.locator("#replay button[title^='one step back']").click()
    expect(counter).to_have_text("step 1 of 2")
    # Nothing is arrested from a replay: no picker (and no "on your turn" in it), no dock.
    expect(page.locator("#replay .gc-clues .gc-clue")).not_to_have_count(0)
    expect(page.locator("#replay .gc-arrest")).to_have_count(0)
    expect(page.locator("#replay")).not_to_contain_text("You can arrest on your turn")
    expect(page.locator("#dock")).to_be_hidden()
    expect(page.locator(".replay-action")).to_contain_text("arrest")
    page.select_option(".replay-seat select", "")
    expect(counter).to_have_text("step 1 of 2")
    shot(page, "replay-laptop")


# ----- Gangster against bots ----------------------------------------------------------------


def test_gangster_against_bots_draws_the_city(server: Server, open_page: Any):
    created = server.post("/api/tables", {
        "game": "gangster", "players": 3, "name": "Carol",
        "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]})
    table_id = created["table"]["id"]
    page = open_page(LAPTOP)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(".gs-map [data-district]")).to_have_count(11)
    expect(page.locator(".gs-tableau")).to_have_count(3)
    expect(page.locator(".gs-car")).to_have_count(3)
    expect(page.locator(".banner-mine")).to_have_count(1)
    # Drive by clicking a movement card, then stop by clicking a district on the map.
    page.locator(".gs-move-can").first.click()
    target = page.locator(".gs-target.gs-clickable").first
    expect(target).to_have_count(1)
    where = str(target.get_attribute("data-district"))
    target.click()
    expect(page.locator("#log")).to_contain_text(f"to {where.replace('-', ' ').title()}")
    # the stop is made (a Bumper or the harbour may ask a follow-up of the same drive, with
    # targets of its own: the deal is not seeded)
    assert len(server.state(table_id).history) >= 2
    shot(page, "gangster-laptop")

    watcher = open_page(PHONE)
    watcher.goto(f"{server.base}/table/{table_id}?watch")
    expect(watcher.locator(".gs-map [data-district]")).to_have_count(11)
    expect(watcher.locator(".badge-spectator")).to_have_count(1)
    expect(watcher.locator("#actions-card")).to_be_hidden()
    shot(watcher, "gangster-phone")


# ----- the security headers -----------------------------------------------------------------

#: Every Content-Security-Policy violation the page reports, kept where a test can read it.
CSP_WATCH = """window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));"""

STYLES_APPLY = """() => {
  const styled = [...document.querySelectorAll("[style]")];
  const refused = styled.filter((e) => e.style.length === 0);
  return [styled.length, refused.map((e) => e.outerHTML.slice(0, 120))];
}"""


def test_every_page_works_under_the_security_headers(server: Server, open_page: Any):
    """The lobby and each game's table page, with the server's CSP in force: nothing the
    policy refuses (an inline style, script or handler) and every renderer's styles apply."""
    page = open_page(LAPTOP)
    page.add_init_script(CSP_WATCH)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)
    answer = page.goto(server.base + "/")
    assert answer is not None
    headers = answer.headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "'unsafe-inline'" not in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    games = {g["id"]: g for g in page.evaluate(
        "fetch('/api/games').then((r) => r.json())")}
    expect(page.locator("#game option")).to_have_count(len(games))
    assert page.evaluate("window.cspViolations") == []
    for game_id, game in sorted(games.items()):
        players = game["min_players"]
        created = server.post("/api/tables", {
            "game": game_id, "players": players, "name": "Dee",
            "seats": [{"kind": "human"}] + [{"kind": "bot"}] * (players - 1)})
        table_id = created["table"]["id"]
        answer = page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
        assert answer is not None and "content-security-policy" in answer.headers
        expect(page.locator("#board [style]").first).to_be_attached()
        count, unstyled = page.evaluate(STYLES_APPLY)
        assert count and not unstyled, (game_id, unstyled)
        assert page.evaluate("window.cspViolations") == [], game_id
    assert not violations, violations

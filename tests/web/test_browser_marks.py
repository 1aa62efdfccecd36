"""What changed since your last turn, marked on the board (js/marks.js, css/marks.css).

Reuses the live server and Chromium of ``test_browser``. Each test makes a table with a
fixed seed and bots, plays the seated person's moves through the page, and lets the rivals
play until the person is to move again; then every move since the person's own last action
(the version the page keeps in ``localStorage``) must be marked on the board, and nothing
marked that those moves did not change. The marks are checked at 1366x900 and 390x844
(the same page, resized, then reloaded: the span survives a reload), with screenshots in
``test-artifacts/``; under reduced motion, and with the page's "animations" box unticked,
a mark does not move (its computed ``animation-name`` is ``none``).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from gangland.games.gangsters.web import client_data
from gangland.server import lobby
from gangland.server.botpool import choose_in_state

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Page, expect

from tests.web import test_browser as base
from tests.web.test_browser import PHONE, Server, shot
from tests.web.test_browser_gangsters import choose, is_move, map_move

server, browser, open_page = base.server, base.browser, base.open_page
pytestmark = base.pytestmark

WIDE = {"width": 1366, "height": 900}

#: Every marked element of the board: its classes, data attributes, the seat of the panel
#: it lies in, its text alternative and its animation.
MARKS = """() => [...document.querySelectorAll('#board .mark')].map((el) => {
  const holder = el.parentElement && el.parentElement.closest('[data-seat]');
  const own = el.querySelector(':scope > title');
  const title = el.getAttribute('title') || (own ? own.textContent : '');
  return { cls: el.getAttribute('class'), data: { ...el.dataset }, title,
           seat: el.dataset.seat ?? (holder ? holder.dataset.seat : null),
           animation: getComputedStyle(el).animationName };
})"""


def seeded(server: Server, game: str, seed: int, seats: list[dict[str, str]]) -> dict[str, Any]:
    """A table with a chosen seed, made on the server's own event loop (the HTTP API never
    takes a seed: whoever knows it knows every hidden card)."""

    async def make() -> dict[str, Any]:
        return await lobby.create_table(server.hub, game, len(seats), name="Mara", seed=seed,
                                        seats=seats)

    path = f"/test-only/marks-{game}-{seed}"
    if not any(getattr(r, "path", None) == path for r in server.app.router.routes):
        server.app.add_api_route(path, make, methods=["POST"])
    return server.post(path, {})


def sit(server: Server, open_page: Any, game: str, seed: int, bots: list[str],
        ready: str) -> tuple[str, Any, Page, str]:
    """Seat 0 (a person) at a seeded table with these bots, its page open at 1366x900 once
    ``ready`` is drawn, auto-pass off (each of its moves is clicked): the table id, the
    live table, the page and the seat's token."""
    created = seeded(server, game, seed,
                     [{"kind": "human"}, *({"kind": "bot", "bot": b} for b in bots)])
    table_id = created["table"]["id"]
    page = open_page(WIDE)
    page.goto(f"{server.base}/table/{table_id}#seat=0&token={created['token']}")
    expect(page.locator(ready).first).to_be_attached()
    page.evaluate("() => document.getElementById('auto-pass').click()")
    expect(page.locator("#auto-pass")).not_to_be_checked()
    return table_id, server.hub.tables[table_id], page, created["token"]


def wait_for(check: Any, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def acted(page: Page, table_id: str) -> int | None:
    """The version of seat 0's last acknowledged action, as the page keeps it."""
    kept = json.loads(page.evaluate("() => localStorage.getItem('gangland.acted') || '{}'"))
    return kept.get(f"{table_id}#0")


def span(live: Any, since: int) -> list[Any]:
    """The events seat 0 sees of every move after ``since``."""
    return [(n, e) for n, e in live.log if n > since and e.visible_to(0)]


#: The newest version the page has drawn: its board's, else its log's.
DRAWN = """() => {
  const board = document.querySelector('#board [data-version]');
  if (board) return Number(board.dataset.version);
  const lines = document.querySelectorAll('#log .log-line');
  return lines.length ? Number(lines[lines.length - 1].dataset.version) : -1;
}"""


def shown(page: Page, live: Any) -> None:
    """Wait until the page draws the table's newest version (and seat 0 may click)."""
    if page.locator("#board [data-version]").count():
        version = live.version
    else:  # the newest version with an event for seat 0
        version = max((n for n, e in live.log if e.visible_to(0)), default=-1)
    wait_for(lambda: page.evaluate(DRAWN) == version, f"version {version} on the page")
    expect(page.locator(".banner-mine")).to_have_count(1)


def play_until_rivals_moved(page: Page, live: Any, table_id: str, click: Any,
                            moved: Any, turns: int = 80) -> int:
    """Click seat 0's moves (``click(version)``) until, with seat 0 to move again, the moves
    since its last action satisfy ``moved(events)``; the version it last acted at."""
    since = None
    for _ in range(turns):
        wait_for(lambda: live.state.current_player == 0 or live.state.is_terminal, "P1's turn")
        assert not live.state.is_terminal, "the game ended first"
        shown(page, live)
        since = acted(page, table_id)
        if since is not None:
            events = span(live, since)
            if len({n for n, _ in events}) >= 2 and moved([e for _, e in events]):
                return since
        version = live.version
        click(version)
        wait_for(lambda v=version: live.version > v, "the move to be played")
        wait_for(lambda v=version: acted(page, table_id) == v + 1, "the page to note it")
    raise AssertionError("the rivals never moved as wanted")


def check_motion(page: Page) -> None:
    """A mark pulses; not under reduced motion, nor with "animations" unticked (kept)."""
    first = page.locator("#board .mark").first
    name = "(el) => getComputedStyle(el).animationName"
    assert first.evaluate(name) in ("mark-pulse", "mark-glow")
    page.emulate_media(reduced_motion="reduce")
    assert first.evaluate(name) == "none"
    page.emulate_media(reduced_motion="no-preference")
    assert first.evaluate(name) != "none"
    page.evaluate("() => document.getElementById('motion').click()")
    expect(page.locator("#motion")).not_to_be_checked()
    expect(page.locator("body.no-motion")).to_have_count(1)
    assert first.evaluate(name) == "none"
    # the static highlight stays
    still = "(el) => getComputedStyle(el).outlineStyle + getComputedStyle(el).filter"
    assert first.evaluate(still) != "nonenone"


def at_both_sizes(page: Page, name: str, check: Any) -> None:
    """Check and photograph the marks at 1366x900, then resized to 390x844, then after a
    reload at that size (the span is kept in localStorage)."""
    check()
    shot(page, f"{name}-1366")
    page.set_viewport_size(PHONE)
    check()
    shot(page, f"{name}-390")
    page.reload()
    expect(page.locator("#board .mark").first).to_be_attached()
    check()


# ----- Gangster (1994): pawns, spaces, cash ----------------------------------------------

G1994_SEED = 1388  # test_browser_g1994's seed: heuristic bots, P1 rolls at once
G1994_FAMILIES = ("g94-space", "g94-pawn", "g94-cash", "g94-items", "g94-count", "g94-pile",
                  "g94-race", "g94-race-left", "g94-player", "g94-last-exchange")


def test_gangster_1994_marks_every_rival_move_since_your_turn(server: Server, open_page: Any):
    table_id, live, page, _ = sit(server, open_page, "gangster-1994", G1994_SEED,
                                  ["heuristic", "heuristic"], ".g94-track .g94-pawn")
    expect(page.locator(".g94-track .g94-pawn")).to_have_count(3)

    def click(version: int) -> None:
        root = page.locator(f".g94[data-version='{version}'] .g94-prompt-mine")
        roll = root.locator(".g94-answer[data-action='roll']")
        (roll if roll.count() else root.locator(".g94-answer").first).click()

    def rivals_moved(events: list[Any]) -> bool:
        return {e.data["seat"] for e in events if e.kind == "move"} == {1, 2}

    since = play_until_rivals_moved(page, live, table_id, click, rivals_moved)
    events = [e for _, e in span(live, since)]
    moves = [e.data for e in events if e.kind == "move"]
    spaces = {str(d[k]) for d in moves for k in ("from", "to")}
    payers = {str(e.data["seat"]) for e in events if e.kind in ("gain", "pay")}
    own = [e.data for n, e in live.log if n == since and e.kind == "move"]

    def check() -> None:
        marks = page.evaluate(MARKS)
        for m in marks:
            families = [c for c in m["cls"].split() if c in G1994_FAMILIES]
            assert families, m
            assert "changed since your last turn" in m["title"].lower(), m
            if "g94-space" in families:
                assert m["data"]["space"] in spaces, m
            if "g94-pawn" in families:
                assert m["data"]["seat"] in {"1", "2"}, m
            if "g94-cash" in families:
                assert m["seat"] in payers, m
        got = {m["data"].get("space") for m in marks if "g94-space" in m["cls"].split()}
        assert got == spaces, (got, spaces)  # both rivals' moves: where they left and went
        assert {m["data"]["seat"] for m in marks if "g94-pawn" in m["cls"].split()} == {"1", "2"}
        cash = {m["seat"] for m in marks if "g94-cash" in m["cls"].split()}
        assert cash == payers, (cash, payers)
        for d in own:  # P1's own move (before the span) is not marked, where no rival went
            if str(d["to"]) not in spaces:
                expect(page.locator(f".g94-space[data-space='{d['to']}']")).not_to_have_class("mark")

    at_both_sizes(page, "marks-gangster-1994", check)
    check_motion(page)
    shot(page, "marks-gangster-1994-still-390")
    page.reload()
    expect(page.locator("#motion")).not_to_be_checked()  # the choice is kept
    expect(page.locator("body.no-motion")).to_have_count(1)


# ----- Gangsters: pieces, the spaces they left and reached, joints, cash -------------------

GANGSTERS_SEED = 7  # the bot plays first: its first turn follows the person's opening
PIECE_KEYS = ("piece", "victim")


def gangsters_expected(events: list[Any]) -> tuple[set[str], set[str], set[str]]:
    """Every piece and space the events name (what may be marked), and the moves' own
    (what must be)."""
    tokens = [sp["token"] for sp in client_data({})["spaces"]]
    kinds = ("racketeer", "thug", "vamp")
    pieces: set[str] = set()
    places: set[str] = set()
    moved: set[str] = set()
    for e in events:
        d = e.data
        for key in PIECE_KEYS:
            if isinstance(d.get(key), int):
                pieces.add(f"{d[key] // 3}:{kinds[d[key] % 3]}")
        if e.kind == "fire" and d["unit"][0] == 0:
            pieces.add(f"{d['unit'][1] // 3}:{kinds[d['unit'][1] % 3]}")
        for key in ("cop", "new"):
            if isinstance(d.get(key), int):
                pieces.add(f"cop:{d[key]}")
        if isinstance(d.get("public"), int):
            pieces.add(f"public:{d['public'] + 1}")
        for key in ("from", "space", "building"):
            if isinstance(d.get(key), int) and d[key] >= 0:
                places.add(tokens[d[key]])
        if e.kind in ("move", "cop", "public") and "from" in d:  # (from -1: off the map)
            moved |= {tokens[d[key]] for key in ("from", "space") if d[key] >= 0}
    return pieces, places, moved


SETUP = ("pick", "gang", "place")


def opening_by_api(server: Server, live: Any, table_id: str, token: str) -> None:
    """Seat 0's opening, as the heuristic bot would play it, sent through the HTTP API (the
    page only watches: test_browser_gangsters plays it on the map)."""
    while True:
        wait_for(lambda: live.state.current_player == 0
                 or live.state.view(None)["decision"]["kind"] not in SETUP, "P1's choice")
        if live.state.view(0)["decision"]["kind"] not in SETUP:
            return
        version = live.version
        text = choose_in_state(live.state, "heuristic", version)
        server.post(f"/api/tables/{table_id}/actions",
                    {"token": token, "action": text, "version": version})
        wait_for(lambda v=version: live.version > v, "the choice to be played")


def test_gangsters_marks_the_pieces_and_spaces_a_rival_moved(server: Server, open_page: Any):
    table_id, live, page, token = sit(server, open_page, "gangsters", GANGSTERS_SEED,
                                      ["heuristic"], ".gst-map .gst-building")
    opening_by_api(server, live, table_id, token)

    def click(version: int) -> None:
        root = page.locator(f".gst[data-version='{version}']")
        kind = live.state.view(0)["decision"]["kind"]
        legal = [str(a) for a in live.state.legal_actions()]
        text = choose(legal)
        button = root.locator(f".gst-answer[data-action='{text}']")
        if (kind == "move" and any(is_move(t) for t in legal)) or not button.count():
            map_move(page, root, live)
        else:
            button.click()

    def rival_moved(events: list[Any]) -> bool:
        return any(e.kind == "move" and e.data["from"] >= 0 for e in events)  # a gang piece

    since = play_until_rivals_moved(page, live, table_id, click, rival_moved)
    pieces, places, moved = gangsters_expected([e for _, e in span(live, since)])
    assert moved

    def check() -> None:
        marks = page.evaluate(MARKS)
        for m in marks:
            assert "changed since your last turn" in m["title"].lower(), m
            cls = m["cls"].split()
            if "gst-piece" in cls:
                assert m["data"]["piece"] in pieces, m
            elif "gst-building" in cls or "gst-street" in cls:
                assert m["data"]["token"] in places, m
                assert "mark-svg" in cls
        spaces = {"gst-building", "gst-street"}
        got = {m["data"]["token"] for m in marks if spaces & set(m["cls"].split())}
        assert moved <= got, (moved, got)  # where each moved piece left and went
        assert any("gst-piece" in m["cls"].split() for m in marks)

    at_both_sizes(page, "marks-gangsters", check)
    check_motion(page)


# ----- Gangster: the districts of both rivals' moves (the span since your turn) -----------

#: Found offline (the server's game is a function of the seed and the actions, its bots'
#: choices of the seed, the move and the seat): the person takes the first legal action, and
#: after its first move the greedy bots drive to Little Italy and Greek Town.
GANGSTER_SEED = 3


def test_gangster_marks_each_district_both_rivals_changed(server: Server, open_page: Any):
    table_id, live, page, _ = sit(server, open_page, "gangster", GANGSTER_SEED,
                                  ["greedy", "greedy"], ".gs-map [data-district]")
    expect(page.locator(".gs-map [data-district]")).to_have_count(11)

    def click(version: int) -> None:
        first = str(live.state.legal_actions()[0])
        page.locator(f"#actions button.action[data-action='{first}']").click()

    def changed(events: list[Any]) -> dict[str, set[int]]:
        found: dict[str, set[int]] = {}
        for n, e in events:
            d = e.data
            name = d.get("to") if e.kind in ("drive", "bump") else d.get("district") \
                if e.kind in ("unload", "load") else d.get("card") \
                if e.kind == "district-card" and d.get("card") != "police" else None
            if name:
                found.setdefault(name, set()).add(n)
        return found

    def both_drove(events: list[Any]) -> bool:
        """Both rivals drove, to different districts."""
        drives = {e.data["colour"]: e.data["to"] for e in events if e.kind == "drive"}
        return len(drives) >= 2 and len(set(drives.values())) >= 2

    since = play_until_rivals_moved(page, live, table_id, click, both_drove)
    districts = changed(span(live, since))
    assert len({min(ns) for ns in districts.values()}) >= 2  # marks from several moves

    def check() -> None:
        marks = page.evaluate(MARKS)
        got = {m["data"]["district"] for m in marks if "gs-changed" in m["cls"].split()}
        assert got == set(districts), (got, districts)
        for m in marks:
            assert "changed since your last turn" in m["title"].lower(), m

    at_both_sizes(page, "marks-gangster", check)


# ----- the span itself, on made-up states -------------------------------------------------

SPAN = """async () => {
  const { MarkSpan, actedVersion } = await import('/static/js/marks.js');
  localStorage.clear();
  const ev = (version, kind) => ({ version, kind, text: kind, data: {} });
  const kinds = (list) => list.map((e) => `${e.version}${e.kind}`).join(' ');
  const out = {};
  const seat = new MarkSpan('T1');
  out.first = kinds(seat.update({ version: 3, reset: true, log_from: 0,
    events: [ev(1, 'a'), ev(2, 'b'), ev(3, 'c')] }, 0));     // nothing acted yet: the newest
  seat.sent(3);
  seat.refused();                                            // a stale action: not taken
  out.refused = kinds(seat.update({ version: 4, log_from: 3, events: [ev(4, 'd')] }, 0));
  seat.sent(4);                                              // P1's move makes version 5
  out.own = kinds(seat.update({ version: 5, log_from: 4, events: [ev(5, 'mine')] }, 0));
  out.acted = actedVersion('T1', 0);
  out.rivals = kinds(seat.update({ version: 7, log_from: 5,
    events: [ev(6, 'r1'), ev(7, 'r2')] }, 0));
  out.redone = kinds(seat.update({ version: 8, log_from: 6,
    events: [ev(7, 'r2b'), ev(8, 'r3')] }, 0));
  const again = new MarkSpan('T1');                         // a reload: the newest page of the log
  out.reload = kinds(again.update({ version: 8, reset: true, log_from: 0,
    events: [ev(4, 'd'), ev(5, 'mine'), ev(6, 'r1'), ev(7, 'r2b'), ev(8, 'r3')] }, 0));
  const watching = new MarkSpan('T1');
  out.spectator = kinds(watching.update({ version: 8, reset: true, log_from: 0,
    events: [ev(6, 'r1'), ev(8, 'r3')] }, null));
  out.otherSeat = actedVersion('T1', 1);
  return out;
}"""


def test_the_span_runs_from_the_seats_own_last_action(server: Server, open_page: Any):
    page = open_page(WIDE)
    page.goto(server.base + "/")
    out = page.evaluate(SPAN)
    assert out["first"] == "3c"
    assert out["refused"] == "4d"  # the refused action set nothing
    assert out["own"] == "5mine" and out["acted"] == 5  # its own move, the newest
    assert out["rivals"] == "6r1 7r2"  # every rival move since
    assert out["redone"] == "6r1 7r2b 8r3"  # a state's events replace those after log_from
    assert out["reload"] == "6r1 7r2b 8r3"  # kept across a reload
    assert out["spectator"] == "8r3" and out["otherSeat"] is None

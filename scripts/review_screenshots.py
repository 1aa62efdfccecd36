"""The game review's screenshots in docs/review.md, one game at a time.

A table of Ann (seat P1) and the game's best plain bot (the heuristic, Gangster's greedy,
Gangster City's detective); Ann plays the plain bot's move from her own view, but one
move in four at random, so that her game has a few mistakes in sound play is played to
its end on a real server in this process (SQLite in a temporary folder, the bots in
threads); Ann's replay asks for her review at the server's own budget (200 search
iterations and 64 playouts a decision, seed 0, as ``gangland review RECORD --seat 0``),
waits for it, jumps to her costliest marked decision and takes the screenshot, at
1366x900 (the board with the better move drawn, and the card) and at 390x844 (the card,
which stands below the board on a phone), into ``docs/screenshots/review-GAME-WIDTH.png``.

    python scripts/review_screenshots.py gangster [--seed 3] [--out docs/screenshots]

The same seed makes the same table (deal, moves and review) at every run.

It needs Debian's Chromium (/usr/bin/chromium) and Playwright, as the browser tests do.
A full game's review takes minutes (about one of CPU for Gangster, a few for Gangster
(1994) and Gangsters): this is a tool for the docs, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from gangland.bots.base import decide, make_bot
from gangland.engine import Rng
from gangland.server.app import create_app
from gangland.server.config import Settings
from gangland.server.lobby import create_table

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = ({"width": 1366, "height": 900}, {"width": 390, "height": 844})
#: Each game's best plain (not searching) bot.
BOT = {"gangster": "greedy", "gangster-city": "detective"}
#: The share of Ann's moves made at random (the rest are the plain bot's, from her view).
RANDOM_SHARE = 0.25


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def finished(app: Any, loop: asyncio.AbstractEventLoop, base: str, game: str,
             seed: int) -> tuple[str, str]:
    """A table of Ann's random moves against the game's best plain bot, played to its end.

    The table is made in the server's own loop with ``seed`` (which no request may set),
    so the deal, the bot's moves and Ann's are the same at every run."""
    made = asyncio.run_coroutine_threadsafe(create_table(
        app.state.hub, game, 2, seats=[{"kind": "human"},
                                       {"kind": "bot", "bot": BOT.get(game, "heuristic")}],
        name="Ann", seed=seed), loop).result(60)
    tid, token = made["table"]["id"], made["token"]
    rng = random.Random(seed)
    plain = make_bot(BOT.get(game, "heuristic"), app.state.hub.tables[tid].state.game, seed)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        state = app.state.hub.tables[tid].state  # only to know when it is Ann's turn
        if state.is_terminal:
            return tid, token
        if state.current_player != 0:
            time.sleep(0.02)
            continue
        # Ann plays as the plain bot would from her own view, but one move in four at random.
        if rng.random() < RANDOM_SHARE:
            move = rng.choice(state.legal_actions())
        else:
            move = decide(plain, state, Rng(rng.getrandbits(32)))
        post(base, f"/api/tables/{tid}/actions", {
            "token": token, "version": len(state.history), "action": str(move)})
    raise SystemExit(f"{game}: the table did not finish in ten minutes")


def review_page(page: Page, base: str, tid: str, token: str, wait_s: float) -> None:
    """Ann's replay with her review finished, at her costliest marked decision."""
    page.goto(f"{base}/table/{tid}#seat=0&token={token}")
    page.locator("#endgame .endgame-replay").click()
    card = page.locator(".review-card")
    start = card.get_by_role("button", name="Review P1's play")
    # The card asks the server whether a review is stored before it offers one.
    expect(start.or_(card.locator(".review-summary"))).to_be_visible()
    if start.is_visible():
        start.click()
    expect(card.locator(".review-summary")).to_contain_text("Accuracy",
                                                            timeout=wait_s * 1000)
    jumps = card.locator(".review-marks button")
    (jumps.first if jumps.count() else card.locator(".review-dot").first).click()
    page.wait_for_timeout(400)
    if page.viewport_size and page.viewport_size["width"] < 700:
        # On a phone the card stands below the board: show the graph, not the board.
        card.evaluate("card => window.scrollTo(0, card.getBoundingClientRect().top"
                      " + window.scrollY - 8)")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=3, help="the table's deal and Ann's moves")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--wait", type=float, default=1800, help="seconds for the review")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(db_url=f"sqlite:///{folder}/tables.db", bot_pool="thread",
                                  think_ms=0, min_think_ms=0))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        base = f"http://127.0.0.1:{port}"
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                               log_level="warning"))
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(),),
                                  daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            tid, token = finished(app, loop, base, args.game, args.seed)
            print(f"{args.game}: table {tid} finished; reviewing P1")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for size in SIZES:
                    context = browser.new_context(viewport=size)
                    page = context.new_page()
                    page.set_default_timeout(30_000)
                    review_page(page, base, tid, token, args.wait)
                    args.out.mkdir(parents=True, exist_ok=True)
                    path = args.out / f"review-{args.game}-{size['width']}.png"
                    page.screenshot(path=str(path))
                    print(f"wrote {path}")
                    context.close()
                browser.close()
        finally:
            server.should_exit = True
            thread.join(15)


if __name__ == "__main__":
    main()

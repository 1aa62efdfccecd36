"""Caps no table can break: bot specs are capped, the workers shared fairly, searches
cancelled when nobody needs them (issue 24)."""

from __future__ import annotations

import asyncio
import time

import pytest

from gangland.engine import load
from gangland.server import lobby
from gangland.server.botpool import BotPool
from gangland.server.hub import Hub

from .conftest import settings

HARD = "ismcts:1s/playout=default/model=default/prior=default/expand=root/depth=end"


@pytest.mark.parametrize("spec, message", [
    ("ismcts:1000000000000", "seat 2: ismcts:1000000000000 searches 1000000000000 iterations "
                             "a move; this server allows at most 20000"),
    ("ismcts:600s", "seat 2: ismcts:600s thinks 600 s a move; this server allows at most 5 s"),
    ("ismcts:5001ms/c=0.5", "seat 2: ismcts:5001ms/c=0.5 thinks 5.001 s a move; this server "
                            "allows at most 5 s"),
])
def test_a_bot_above_the_caps_is_refused_and_nothing_is_stored(client, spec, message):
    r = client.post("/api/tables", json={
        "game": "chicago-gangster", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}]})
    assert r.status_code == 400, r.text
    assert r.json() == {"detail": message, "code": "bad_option"}
    assert client.get("/api/tables").json() == []


def test_a_table_cannot_ask_for_bots_quicker_than_the_servers_least_think_time(sqlite_url):
    """A bot that does not search decides in milliseconds that depend on its hand: a table
    with no think time would show them. The server's own default may be lower (tests)."""
    from fastapi.testclient import TestClient

    from gangland.server.app import create_app

    body = {"game": "chicago-gangster", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}
    with TestClient(create_app(settings(sqlite_url, min_think_ms=250))) as client:
        r = client.post("/api/tables", json={**body, "think_ms": 0})
        assert r.status_code == 400, r.text
        assert r.json() == {"code": "bad_option", "detail": (
            "a bot's think time is at least 250 ms on this server, not 0 (a quicker answer "
            "would show how long the bot took to decide, which depends on what it holds)")}
        assert client.get("/api/tables").json() == []
        made = client.post("/api/tables", json={**body, "think_ms": 250})
        assert made.status_code == 200 and made.json()["table"]["think_ms"] == 250


def test_every_level_the_lobby_offers_fits_the_caps(client):
    for game in client.get("/api/games").json():
        for bot in game["bots"]:
            r = client.post("/api/tables", json={
                "game": game["id"], "players": game["min_players"],
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": bot["name"]}]
                * (game["min_players"] - 1)})
            assert r.status_code == 200, (game["id"], bot["name"], r.text)
    r = client.post("/api/tables", json={
        "game": "chicago-gangster", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:5s"}]})
    assert r.status_code == 200, r.text  # the cap itself is allowed


def test_a_spec_stored_before_the_caps_is_clamped_and_stopping_is_quick(sqlite_url):
    """A table made when 600 s was allowed: the server stops within a second although its
    bot is searching, and a server with a 1 s cap plays that bot's move within the cap."""
    async def run() -> None:
        before = Hub(settings(sqlite_url, bot_max_seconds=600.0))
        await before.start()
        made = await lobby.create_table(
            before, "gangster-city", 2, seats=[{"kind": "bot", "bot": "ismcts:600s"},
                                               {"kind": "human"}], seat=1, name="Ann")
        tid = made["table"]["id"]
        await asyncio.sleep(0.3)
        assert before.pool is not None and before.pool.busy == 1  # searching
        started = time.monotonic()
        await asyncio.wait_for(before.stop(), 10)
        assert time.monotonic() - started < 2.0

        after = Hub(settings(sqlite_url, bot_max_seconds=1.0))
        started = time.monotonic()
        await after.start()  # resumes the table: its bot is to move
        try:
            live = await after.get(tid)
            while live.version == 0 and time.monotonic() - started < 10:
                await asyncio.sleep(0.02)
            # The cap is 1 s: the move is released after 1.1-1.32 s (the margin, jitter).
            assert live.version == 1 and time.monotonic() - started < 4.0
        finally:
            await after.stop()

    asyncio.run(run())


def test_a_search_nobody_needs_frees_its_worker_for_another_table(sqlite_url, monkeypatch):
    """One worker; a long search plays for an away player, who comes back: the search is
    abandoned at once, and another table's bot does not wait for it."""
    monkeypatch.setattr("gangland.server.hub.default_bot", lambda game_id: "ismcts:5s")

    async def run() -> None:
        hub = Hub(settings(sqlite_url, bot_workers=1))
        await hub.start()
        try:
            made = await lobby.create_table(
                hub, "gangster-city", 2, seats=[{"kind": "human"}, {"kind": "bot"}],
                name="Ann", think_ms=0)
            live = hub.tables[made["table"]["id"]]
            assert live.state.current_player == 0
            live.seats[0].away = True  # (as the turn clock would mark her)
            hub.schedule(live)
            await asyncio.sleep(0.3)
            await hub.back(live, 0)  # she is back: the bot stands down
            back = time.monotonic()
            other = await lobby.create_table(
                hub, "gangster-city", 2, seats=[{"kind": "bot", "bot": "detective"},
                                                {"kind": "human"}], seat=1, name="Bo")
            second = hub.tables[other["table"]["id"]]
            while second.version == 0 and time.monotonic() - back < 6:
                await asyncio.sleep(0.01)
            assert second.version == 1 and time.monotonic() - back < 1.5
            assert live.version == 0  # the abandoned search played nothing
            assert hub.pool is not None and hub.pool.busy == 0
        finally:
            await hub.stop()

    asyncio.run(run())


def test_tables_take_the_workers_in_turn_one_decision_each():
    """One worker. Table A searches; B and C wait; A's position moves on and it asks
    again: its old search is abandoned and its new one waits behind B and C."""
    state = load("gangster-city").new_game(2, 5)

    async def run() -> None:
        pool = BotPool("thread", 1)
        try:
            first = asyncio.create_task(pool.choose(state, "ismcts:5s", 1, table="A"))
            await asyncio.sleep(0.1)
            assert pool.busy == 1
            b = asyncio.create_task(pool.choose(state, "ismcts:5s", 2, table="B"))
            c = asyncio.create_task(pool.choose(state, "ismcts:5s", 3, table="C"))
            await asyncio.sleep(0)
            again = asyncio.create_task(pool.choose(state, "ismcts:5s", 4, table="A"))
            await asyncio.sleep(0)
            assert [r.table for r in pool._queue] == ["B", "C", "A"]
            with pytest.raises(asyncio.CancelledError):
                await first  # superseded
            ends = time.monotonic() + 2
            while [r.table for r in pool._queue] != ["C", "A"] and time.monotonic() < ends:
                await asyncio.sleep(0.01)
            assert [r.table for r in pool._queue] == ["C", "A"]  # B took the worker
            assert pool.busy == 1
            for task in (b, c, again):
                task.cancel()
            await asyncio.gather(b, c, again, return_exceptions=True)
            assert not pool._queue
        finally:
            await asyncio.to_thread(pool.close)

    asyncio.run(run())


def test_a_search_stops_at_its_callers_hook_after_one_iteration():
    from gangland.bots import decide, make_bot
    from gangland.bots.ismcts import should_stop
    from gangland.engine import Rng

    game = load("gangster-city")
    bot = make_bot("ismcts:5s", game, 1)
    token = should_stop.set(lambda: True)
    started = time.monotonic()
    try:
        decide(bot, game.new_game(2, 5), Rng(1))
    finally:
        should_stop.reset(token)
    assert bot.iterations == 1  # type: ignore[attr-defined]
    assert time.monotonic() - started < 2.5


def test_a_worker_process_ends_its_search_at_the_deadline_or_when_abandoned():
    """The flags and deadlines reach worker processes (through the forkserver)."""
    state = load("gangster-city").new_game(2, 5)

    async def run() -> None:
        pool = BotPool("process", 1)
        try:
            await pool.choose(state, "detective", 1, table="warm-up")  # (starts the worker)
            started = time.monotonic()
            await pool.choose(state, "ismcts:5s", 1, table="A", deadline=started + 0.3)
            assert time.monotonic() - started < 1.5
            search = asyncio.create_task(pool.choose(state, "ismcts:5s", 2, table="A"))
            await asyncio.sleep(0.3)
            assert pool.busy == 1
            search.cancel()
            ends = time.monotonic() + 2
            while pool.busy and time.monotonic() < ends:
                await asyncio.sleep(0.01)
            assert pool.busy == 0
        finally:
            await asyncio.to_thread(pool.close)

    asyncio.run(run())

"""Replays and first messages cost a bounded amount whatever the game's length.

A long game is played out at random through the hub (a seeded table); then each replay
request is counted in actions applied, and a new connection's first message in events and
bytes. Counting, not timing: the machine running the tests may be slow or busy.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from gangland.engine import replay
from gangland.server import lobby
from gangland.server.app import create_app
from gangland.server.messages import log_for

from .conftest import hello, settings

#: The server's defaults (read like this so the tests also run, and fail, on a server
#: from before checkpoints).
EVERY, WORKERS = 100, 2
GAME = "gangster"  # two players at random: about 600 moves, 1,000 events and more
NEVER = (600_000, 600_000)  # no auto-pass while the test plays every move itself


async def play_out(hub: Any, made: dict[str, Any], seed: int) -> None:
    """Take the second seat, then play random legal moves for both until the end."""
    tid = made["table"]["id"]
    await lobby.join(hub, tid, 1, "Bo", made["invites"][0]["token"])
    live = await hub.get(tid)
    rng = random.Random(seed)
    while live.status == "running":
        action = rng.choice(live.state.legal_actions())
        await hub.act_as(live, live.state.current_player, str(action), live.version,
                         by_bot=False)


def long_table(client: TestClient, seed: int = 11) -> tuple[str, dict[str, Any]]:
    hub = client.app.state.hub
    made = client.portal.call(lambda: lobby.create_table(
        hub, GAME, 2, seats=[{"kind": "human"}] * 2, name="Ann", think_ms=0, seed=seed))
    client.portal.call(play_out, hub, made, seed)
    tid = made["table"]["id"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"
    return tid, made


@contextmanager
def counting_applies(state: Any) -> Iterator[dict[str, int]]:
    """Count every ``apply`` of this game's states (in any thread), and how many threads
    are inside one at once."""
    cls = type(state)
    original = cls.apply
    counts = {"applies": 0, "inside": 0, "most_inside": 0}
    guard = threading.Lock()

    def apply(self: Any, action: Any) -> Any:
        with guard:
            counts["applies"] += 1
            counts["inside"] += 1
            counts["most_inside"] = max(counts["most_inside"], counts["inside"])
        try:
            time.sleep(0.0005)  # (lets another thread in, if the server allows it)
            return original(self, action)
        finally:
            with guard:
                counts["inside"] -= 1

    cls.apply = apply
    try:
        yield counts
    finally:
        cls.apply = original


@pytest.fixture
def long_game(db_url: str) -> Iterator[tuple[TestClient, str, dict[str, Any]]]:
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        tid, made = long_table(client)
        yield client, tid, made


def test_a_replay_step_applies_fewer_actions_than_a_checkpoint_apart(long_game):
    client, tid, _ = long_game
    hub = client.app.state.hub
    live = hub.tables[tid]
    steps = live.version
    every = getattr(hub.settings, "checkpoint_every", EVERY)
    assert steps > 4 * every  # a game long enough to tell
    record = live.state.record()
    with counting_applies(live.state) as counts:
        for step in (0, 1, every - 1, every, every + 1, steps // 2, steps - 1, steps):
            before = counts["applies"]
            answer = client.get(f"/api/tables/{tid}/replay?step={step}&seat=1")
            assert answer.status_code == 200, answer.text
            assert counts["applies"] - before < every, step
            assert answer.json()["step"] == step
    # and the answer is the game as it was
    for step in (every + 1, steps // 2):
        expected = replay(record, step).view(1)
        assert client.get(f"/api/tables/{tid}/replay?step={step}&seat=1").json()["view"] == \
            json.loads(json.dumps(expected))


def test_a_table_without_checkpoints_gets_them_built_once(long_game):
    """A game played before checkpoints were kept: the first replay builds and stores
    them; from then on each step applies fewer than a checkpoint's distance."""
    client, tid, _ = long_game
    hub = client.app.state.hub
    with hub.store.engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM gl_checkpoints WHERE table_id = :t"), {"t": tid})
    live = hub.tables[tid]
    steps, every = live.version, getattr(hub.settings, "checkpoint_every", EVERY)
    record = live.state.record()
    first = client.get(f"/api/tables/{tid}/replay?step={steps // 2}").json()
    assert first["view"] == json.loads(json.dumps(replay(record, steps // 2).view(None)))
    assert len(hub.store.checkpoint_numbers(tid)) == steps // every
    with counting_applies(live.state) as counts:
        for step in (steps - 1, 3, steps // 3):
            before = counts["applies"]
            assert client.get(f"/api/tables/{tid}/replay?step={step}").status_code == 200
            assert counts["applies"] - before < every


def test_replay_work_is_capped_and_off_the_event_loop(long_game):
    """Eight replay requests at once: at most ``replay_workers`` are worked out at a time,
    each in a thread (the event loop stays free for the tables being played)."""
    client, tid, _ = long_game
    hub = client.app.state.hub
    live = hub.tables[tid]
    steps, every = live.version, getattr(hub.settings, "checkpoint_every", EVERY)
    client.get(f"/api/tables/{tid}/replay?step=1")  # (checkpoints exist from here on)
    loop_thread: list[int] = []

    async def burst() -> list[int]:
        loop_thread.append(threading.get_ident())
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            answers = await asyncio.gather(*[
                http.get(f"/api/tables/{tid}/replay?step={steps - 1 - i * 3}")
                for i in range(8)])
        return [a.status_code for a in answers]

    seen_threads: set[int] = set()
    cls = type(live.state)
    inner = cls.apply

    def where(self: Any, action: Any) -> Any:
        seen_threads.add(threading.get_ident())
        return inner(self, action)

    cls.apply = where
    try:
        with counting_applies(live.state) as counts:
            assert client.portal.call(burst) == [200] * 8
    finally:
        cls.apply = inner
    assert counts["applies"] < 8 * every
    assert counts["most_inside"] <= getattr(hub.settings, "replay_workers", WORKERS)
    assert loop_thread[0] not in seen_threads


def test_a_new_connection_gets_one_page_of_the_log_and_pages_back(long_game):
    client, tid, made = long_game
    hub = client.app.state.hub
    live = hub.tables[tid]
    for seat, token in ((0, made["token"]), (1, made["invites"][0]["token"]), (None, None)):
        full = log_for(live.log, seat)
        assert len(full) > 200  # long enough that a bound shows
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, state = hello(ws, token)
        assert 0 < len(state["events"]) <= 200
        assert state["reset"] is True
        assert len(json.dumps(state)) < 100_000  # (the whole log is several times that)
        assert state["events"] == full[-len(state["events"]):]
        # older pages, on demand, until the start: together, exactly this seat's log
        events, before = list(state["events"]), state["log_from"]
        headers = {"X-Gangland-Key": token} if token else {}
        while before > 0:
            page = client.get(f"/api/tables/{tid}/log?before={before}", headers=headers)
            assert page.status_code == 200, page.text
            page = page.json()
            assert 0 < len(page["events"]) <= 200 and page["log_from"] < before
            events, before = page["events"] + events, page["log_from"]
        assert events == full


def test_bad_log_requests_are_refused(client):
    made = client.post("/api/tables", json={"game": "gangster-city", "players": 2}).json()
    tid = made["table"]["id"]
    assert client.get(f"/api/tables/{tid}/log").json() == \
        {"events": [], "log_from": 0, "before": 0}
    r = client.get(f"/api/tables/{tid}/log?before=5")
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
    assert client.get(f"/api/tables/{tid}/log?before=-1").status_code == 400

"""Clocks across restarts: a restarted server keeps each player's time, it does not give
the whole clock again (a 60 s clock with 8 s used gave 60 s anew).

The deadlines are stored whenever they are set; a new server on the same database (a new
``TestClient``) takes them up. No test waits for a clock to run out: the stored deadline
is compared, or moved into the past.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from gangland.server import lobby
from gangland.server.app import create_app

from .conftest import hello, next_state, settings

NEVER = (600_000, 600_000)  # no auto-pass: the tests play every move themselves


def clocked_table(client: TestClient) -> tuple[str, dict[str, Any]]:
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
        "name": "Ann", "clock_s": 60}).json()
    tid = made["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join",
                    json={"seat": 1, "name": "Bo", "token": made["invites"][0]["token"]})
    assert r.status_code == 200
    return tid, {0: made["token"], 1: made["invites"][0]["token"]}


def first_state(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        return hello(ws, token)[1]


def stored_clock(client: TestClient, tid: str) -> tuple[int | None, float | None]:
    with client.app.state.hub.store.engine.connect() as conn:
        row = conn.execute(sa.text(
            "SELECT clock_version, clock_deadline FROM gl_tables WHERE id = :t"), {"t": tid}
        ).one()
    return row[0], row[1]


def test_a_restart_keeps_the_time_left_on_the_turn_clock(db_url):
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        tid, tokens = clocked_table(client)
        state = first_state(client, tid, tokens[0])
        deadline = state["deadline"]
        assert deadline is not None
        # nothing but a move restarts it: not a reconnection, not a setting
        time.sleep(0.02)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, tokens[state["to_move"]])
            ws.send_text(json.dumps({"type": "auto_pass", "on": False}))
            assert next_state(ws)["deadline"] == deadline
        assert first_state(client, tid, tokens[1])["deadline"] == deadline
    time.sleep(0.05)  # the restart takes time, as a real one would
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        again = first_state(client, tid, tokens[0])
        assert again["version"] == 0
        assert again["deadline"] == deadline
        version, stored = stored_clock(client, tid)  # (as Unix seconds, for move 1)
        assert version == 0 and stored is not None and abs(stored * 1000 - deadline) < 1


def test_a_deadline_that_passed_while_the_server_was_down_fires_at_once(db_url):
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        tid, tokens = clocked_table(client)
        mover = first_state(client, tid, tokens[0])["to_move"]
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE gl_tables SET clock_deadline = :d WHERE id = :t"),
                     {"d": time.time() - 5, "t": tid})
    engine.dispose()
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        hub = client.app.state.hub
        limit = time.monotonic() + 20
        while not hub.tables[tid].seats[mover].away:  # (the clock fires on start)
            assert time.monotonic() < limit, "the passed clock did not fire"
            time.sleep(0.05)


async def to_the_movement_phase(hub: Any, tid: str, token: str, seed: int) -> None:
    """Play both seats at random (rolling when they can) until a timed stretch starts."""
    await lobby.join(hub, tid, 1, "Bo", token)
    live = await hub.get(tid)
    rng = random.Random(seed)
    while live.state.timed() is None:
        legal = [str(a) for a in live.state.legal_actions()]
        action = "roll" if "roll" in legal else rng.choice(legal)
        await hub.act_as(live, live.state.current_player, action, live.version, by_bot=False)


def test_a_restart_keeps_the_games_own_timed_stretch(db_url):
    """Gangsters' two-minute Movement Phase (6.9) is one deadline for the whole stretch:
    a restart in the middle of it keeps its end."""
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangsters", 2, options={"move_clock": 120}, seats=[{"kind": "human"}] * 2,
            name="Ann", think_ms=0, seed=5))
        tid = made["table"]["id"]
        client.portal.call(to_the_movement_phase, hub, tid, made["invites"][0]["token"], 5)
        live = hub.tables[tid]
        key, until, version = live.timed_key, live.timed_until, live.version
        assert key is not None and until is not None
        mover = live.state.current_player
        token = made["token"] if mover == 0 else made["invites"][0]["token"]
        deadline = first_state(client, tid, token)["deadline"]
        assert deadline == int(until * 1000)
    time.sleep(0.05)
    with TestClient(create_app(settings(db_url, forced_delay_ms=NEVER))) as client:
        live = client.app.state.hub.tables[tid]
        assert live.version == version
        assert (live.timed_key, live.timed_until) == (key, until)
        assert first_state(client, tid, token)["deadline"] == deadline

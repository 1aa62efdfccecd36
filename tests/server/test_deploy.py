"""What a server on the internet needs (docs/deploy.md): limits per client address that
trust a proxy's word only from the proxy, a health check, a restart that loses nothing."""

from __future__ import annotations

import json
import signal
import threading
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed

from gangland.server import schema
from gangland.server.app import create_app
from gangland.server.store import make_engine

from .conftest import ServerProcess, hello, settings

TABLE = {"game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2}


def test_an_address_creates_a_burst_of_tables_then_waits(sqlite_url):
    app = create_app(settings(sqlite_url, create_burst=2))
    with TestClient(app, client=("203.0.113.9", 4000)) as one, \
            TestClient(app, client=("198.51.100.7", 4000)) as other:
        assert [one.post("/api/tables", json=TABLE).status_code for _ in range(2)] == [200] * 2
        refused = one.post("/api/tables", json=TABLE)
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_fast"
        assert refused.json()["detail"].startswith("slow down: this address may create a "
                                                   "table again in ")
        assert other.post("/api/tables", json=TABLE).status_code == 200  # its own bucket
        assert len(one.get("/api/tables").json()) == 3  # the refusal created nothing


def test_an_address_opens_a_burst_of_sockets_then_waits(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, connect_burst=2))) as client:
        tid = client.post("/api/tables", json=TABLE).json()["table"]["id"]
        for _ in range(2):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                hello(ws)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["code"] == "too_fast"
            assert "open a table's socket" in refused["message"]
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 4429


def test_the_health_check_says_whether_the_database_answers(sqlite_url,
                                                             monkeypatch: pytest.MonkeyPatch):
    with TestClient(create_app(settings(sqlite_url))) as client:
        ok = client.get("/healthz")
        assert ok.status_code == 200 and ok.json()["status"] == "ok"
        store = client.app.state.hub.store

        def down() -> None:
            raise sa.exc.OperationalError("SELECT 1", {}, Exception("connection refused"))

        monkeypatch.setattr(store, "ping", down)
        sick = client.get("/healthz")
        assert sick.status_code == 503
        assert sick.json() == {"status": "unhealthy", "database": "OperationalError"}


def _create_as(http: httpx.Client, forwarded_for: str) -> int:
    return http.post("/api/tables", json=TABLE,
                     headers={"X-Forwarded-For": forwarded_for}).status_code


def test_forwarded_addresses_count_only_from_a_trusted_proxy(sqlite_url):
    # No --proxy: a client's own X-Forwarded-For is ignored, so one address is one bucket
    # however it names itself.
    alone = ServerProcess(sqlite_url, "--create-burst", "1")
    try:
        with alone.http() as http:
            assert _create_as(http, "203.0.113.1") == 200
            assert _create_as(http, "203.0.113.2") == 429
    finally:
        alone.stop()
    # Behind a trusted proxy (here: this machine), each forwarded client has its own.
    proxied = ServerProcess(sqlite_url, "--create-burst", "1", "--proxy", "127.0.0.1")
    try:
        with proxied.http() as http:
            assert _create_as(http, "203.0.113.1") == 200
            assert _create_as(http, "203.0.113.2") == 200
            assert _create_as(http, "203.0.113.1") == 429
    finally:
        proxied.stop()


def _state_at(ws: Any, version: int) -> dict[str, Any]:
    """The first state message at ``version`` or later on a socket."""
    while (m := json.loads(ws.recv(timeout=15)))["type"] != "state" or m["version"] < version:
        pass
    return dict(m)


def _play_until_stopped(server: ServerProcess, tid: str, tokens: list[str],
                        acknowledged: list[str], started: threading.Event) -> None:
    """Both seats move as fast as they can, each move counted once the server confirms it
    (the state of the new version); stops when the server goes."""
    try:
        with server.ws(tid) as a, server.ws(tid) as b:
            for ws, token in ((a, tokens[0]), (b, tokens[1])):
                ws.send(json.dumps({"type": "hello", "token": token}))
            latest = {a: _state_at(a, 0), b: _state_at(b, 0)}
            while latest[a]["table"]["status"] == "running":
                version = latest[a]["version"]
                mover = a if latest[a]["legal"] else b
                text = latest[mover]["legal"][0]["text"]
                mover.send(json.dumps({"type": "act", "action": text, "version": version}))
                latest = {ws: _state_at(ws, version + 1) for ws in (a, b)}
                acknowledged.append(text)
                if len(acknowledged) == 5:  # well under way: now the server may stop
                    started.set()
    except (ConnectionClosed, OSError, TimeoutError):
        return  # the server stopped


def test_a_graceful_restart_loses_no_acknowledged_move(sqlite_url):
    """SIGTERM while both seats play as fast as they can: every move the server confirmed
    is stored and comes back after the restart (a move stored whose confirmation was cut
    may be there too); the process ends by itself."""
    server = ServerProcess(sqlite_url)
    with server.http() as http:
        made = http.post("/api/tables", json={**TABLE, "options": {"cases_to_win": 5}}).json()
        tid = made["table"]["id"]
        tokens = [made["token"], made["invites"][0]["token"]]
        http.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
    acknowledged: list[str] = []
    started = threading.Event()
    player = threading.Thread(target=_play_until_stopped,
                              args=(server, tid, tokens, acknowledged, started))
    player.start()
    try:
        assert started.wait(30)
        server.proc.terminate()
        # uvicorn runs the shutdown (the hub stops), then raises the signal again: -15 is
        # its normal end after SIGTERM
        assert server.proc.wait(30) == -signal.SIGTERM
    finally:
        player.join(30)
        server.stop()
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        stored: list[Any] = conn.execute(
            sa.select(schema.actions.c.text).where(schema.actions.c.table_id == tid)
            .order_by(schema.actions.c.n)).scalars().all()
    engine.dispose()
    assert acknowledged and stored[:len(acknowledged)] == acknowledged
    assert len(stored) <= len(acknowledged) + 1
    again = ServerProcess(sqlite_url)
    try:
        with again.http() as http:
            assert http.get(f"/api/tables/{tid}").json()["version"] == len(stored)
            assert http.get("/healthz").json()["status"] == "ok"
    finally:
        again.stop()

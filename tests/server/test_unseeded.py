"""An unseeded web table end to end: a 129-bit seed is stored, keyed chance is snapshotted,
a restarted server plays on from it, and no message carries the seed before or after."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

import gangland
from gangland.server import schema
from gangland.server.app import create_app
from gangland.server.audit import has_key

from .conftest import hello, next_state, settings


def stored_row(url: str, table_id: str) -> dict[str, Any]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(sa.select(schema.tables).where(
                schema.tables.c.id == table_id)).mappings().one()
            return dict(row)
    finally:
        engine.dispose()


def play(client: TestClient, table_id: str, token: str, moves: int | None) -> list[str]:
    """Play the first legal action ``moves`` times (None: to the end); every message is
    checked for a seed key, and all are returned as JSON text."""
    played, seen = 0, []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        welcome, state = hello(ws, token)
        seen += [json.dumps(welcome), json.dumps(state)]
        while state["table"]["status"] != "finished" and (moves is None or played < moves):
            if state["legal"]:
                ws.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                         "version": state["version"]}))
                played += 1
            state = next_state(ws)
            seen.append(json.dumps(state))
    assert not any(has_key(json.loads(m), "seed") for m in seen), "a message carries a seed"
    return seen


def test_an_unseeded_table_is_keyed_stored_resumed_and_replayed(sqlite_url: str) -> None:
    config = settings(sqlite_url, snapshot_every=2)
    with TestClient(create_app(config)) as client:
        made = client.post("/api/tables", json={
            "game": "gangster-city", "players": 3, "think_ms": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "ismcts:20"}]}).json()
        assert not has_key(made, "seed")
        tid, token = made["table"]["id"], made["token"]
        seen = play(client, tid, token, 2)
    row = stored_row(sqlite_url, tid)
    seed = row["seed"]
    assert isinstance(seed, int) and seed >= 2**128, "128 bits from secrets, stored whole"
    snapshot = row["snapshot"]
    assert snapshot["seed"] == seed and snapshot["rng"].startswith("b2:")

    with TestClient(create_app(config)) as client:  # a restarted server plays on
        seen += play(client, tid, token, None)
        table = client.get(f"/api/tables/{tid}").json()
        assert table["status"] == "finished" and not has_key(table, "seed")
        record = client.get(f"/api/tables/{tid}/record").json()
    assert record["seed"] == seed
    key = snapshot["rng"].split(":")[1]
    assert not any(str(seed) in m or key in m for m in seen), "the seed or key reached a seat"
    assert gangland.replay(record).winners() == table["winners"]

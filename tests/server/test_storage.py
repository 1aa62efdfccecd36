"""Storage: a table is its record; restarts and crashes lose no acknowledged move.

Every test here runs on SQLite and on PostgreSQL (skipped only where no PostgreSQL exists).
"""

from __future__ import annotations

import json
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

from gangland.engine import replay
from gangland.server import lobby, schema
from gangland.server.app import create_app
from gangland.server.migrate import upgrade
from gangland.server.store import make_engine

from .conftest import ServerProcess, hello, next_state, settings


def play(client, tid, tokens, moves):
    """Play ``moves`` moves by the humans (first legal action each), over HTTP."""
    hub = client.app.state.hub
    for _ in range(moves):
        state = hub.tables[tid].state
        seat = state.current_player
        if seat is None or seat not in tokens:
            return
        r = client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[seat], "action": str(state.legal_actions()[-1]),
            "version": len(state.history)})
        assert r.status_code == 200, r.text


def new_pair(client, game="gangster-city", players=2, seed=None):
    """A table of humans, every seat claimed; ``seed`` fixes its deal (through the hub:
    no request may name a seed)."""
    seats = [{"kind": "human"}] * players
    if seed is None:
        made = client.post("/api/tables", json={"game": game, "players": players,
                                                "seats": seats}).json()
    else:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(hub, game, players, seats=seats,
                                                             seed=seed))
    tid = made["table"]["id"]
    tokens = {0: made["token"]}
    for invite in made["invites"]:
        client.post(f"/api/tables/{tid}/join", json={"seat": invite["seat"],
                                                     "token": invite["token"]})
        tokens[invite["seat"]] = invite["token"]
    return tid, tokens


def test_the_schema_is_migrated_to_head(db_url):
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0008"
        names = set(sa.inspect(conn).get_table_names())
    assert {t.name for t in schema.metadata.sorted_tables} <= names
    make_engine(db_url).dispose()  # migrating again is a no-op
    engine.dispose()


def test_migration_0003_stores_a_bot_spec_of_160_characters(db_url):
    """A seat's bot spec outgrew 64 characters (the hard level's search with its options);
    a database made before keeps its seats and then takes the longer specs."""
    engine = sa.create_engine(db_url)
    upgrade(engine, "0002")
    row = {"table_id": "t1", "kind": "bot", "token_hash": "h", "claimed": True,
           "away": False, "auto_pass": True}
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('t1', 'gangster-city', 2, 5, "
            "'{}', 'running', 0, 0, false, '2026-01-01', '2026-01-01')"))
        conn.execute(schema.seats.insert(), [{**row, "seat": 0, "bot": "detective"}])
    engine.dispose()
    engine = make_engine(db_url)
    spec = ("ismcts:1s/" + "c=0.7/" * 30)[:schema.BOT_SPEC_LENGTH]
    assert len(spec) == 160
    with engine.begin() as conn:
        conn.execute(schema.seats.insert(), [{**row, "seat": 1, "bot": spec}])
        bots = conn.execute(sa.select(schema.seats.c.bot).order_by(schema.seats.c.seat))
        assert list(bots.scalars()) == ["detective", spec]
    engine.dispose()


def test_migration_0004_keeps_old_seeds_and_stores_seeds_of_any_size(db_url):
    """A seed drawn for a game started without one has 128 bits or more, past any integer
    column: a database made before keeps its tables' seeds, then stores a long one."""
    engine = sa.create_engine(db_url)
    upgrade(engine, "0003")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('t1', 'gangster-city', 2, "
            "281474976710655, '{}', 'running', 0, 0, false, '2026-01-01', '2026-01-01')"))
    engine.dispose()
    engine = make_engine(db_url)
    long_seed = (1 << 128) + 12345
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('t2', 'gangster-city', 2, "
            f"'{long_seed}', '{{}}', 'running', 0, 0, false, '2026-01-01', '2026-01-01')"))
        seeds = conn.execute(sa.select(schema.tables.c.seed).order_by(schema.tables.c.id))
        assert list(seeds.scalars()) == [281474976710655, long_seed]
    engine.dispose()


def test_a_restarted_server_resumes_every_table_exactly(db_url):
    with TestClient(create_app(settings(db_url, snapshot_every=4))) as client:
        tid, tokens = new_pair(client, "gangster", 3)
        play(client, tid, tokens, 11)
        before = client.app.state.hub.tables[tid].state
        snapshot, log = before.to_json(), list(client.app.state.hub.tables[tid].log)
        other, other_tokens = new_pair(client)
        play(client, other, other_tokens, 3)
    with TestClient(create_app(settings(db_url))) as client:
        hub = client.app.state.hub
        for t in (tid, other):
            assert client.get(f"/api/tables/{t}").json()["status"] == "running"
        after = hub.tables[tid].state  # running tables are loaded at start
        assert after.to_json() == snapshot
        assert [(n, e.to_json()) for n, e in hub.tables[tid].log] == \
            [(n, e.to_json()) for n, e in log]
        assert after.to_json() == replay(after.record()).to_json()
        assert hub.tables[other].version == 3
        play(client, tid, tokens, 10_000)
        assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_a_bad_snapshot_is_only_a_cache(db_url):
    with TestClient(create_app(settings(db_url, snapshot_every=2))) as client:
        tid, tokens = new_pair(client)
        play(client, tid, tokens, 5)
        truth = client.app.state.hub.tables[tid].state.to_json()
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(schema.tables).values(snapshot={"game": "gangster-city",
                                                               "nonsense": True}))
    engine.dispose()
    with TestClient(create_app(settings(db_url))) as client:
        assert client.app.state.hub.tables[tid].state.to_json() == truth


def test_bots_resume_after_a_restart(db_url):
    with TestClient(create_app(settings(db_url))) as client:
        made = client.post("/api/tables", json={
            "game": "gangster-city", "players": 2, "think_ms": 400,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "detective"}]}).json()
        tid = made["table"]["id"]
        play(client, tid, {0: made["token"]}, 1)
        # The bot is thinking (400 ms) when the server goes down.
    with TestClient(create_app(settings(db_url))) as client:
        hub = client.app.state.hub
        deadline = time.monotonic() + 10
        while hub.tables[tid].version < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hub.tables[tid].version == 2


def test_a_killed_server_loses_no_acknowledged_move(db_url):
    server = ServerProcess(db_url)
    try:
        with server.http() as http:
            made = http.post("/api/tables", json={
                "game": "gangster-city", "players": 2, "think_ms": 0,
                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            tid = made["table"]["id"]
            tokens = {0: made["token"], 1: made["invites"][0]["token"]}
            http.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
            acknowledged = []
            for _ in range(8):
                table = http.get(f"/api/tables/{tid}").json()
                if table["status"] != "running":
                    break
                seat, version = table["to_move"], table["version"]
                # Any legal move will do: the seat's own state message lists them.
                with server.ws(tid) as mine:
                    mine.send(json.dumps({"type": "hello", "token": tokens[seat]}))
                    while (m := json.loads(mine.recv()))["type"] != "state":
                        pass
                text = m["legal"][0]["text"]
                r = http.post(f"/api/tables/{tid}/actions",
                              json={"token": tokens[seat], "action": text,
                                    "version": version})
                assert r.status_code == 200
                acknowledged.append(text)
        server.kill()  # right after the last acknowledgement
    finally:
        server.stop()
    engine = make_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(
            sa.select(schema.actions.c.text).where(schema.actions.c.table_id == tid)
            .order_by(schema.actions.c.n)).scalars().all()
    engine.dispose()
    assert stored == acknowledged
    with TestClient(create_app(settings(db_url))) as client, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, state = hello(ws, tokens[0])
        assert state["version"] == len(acknowledged)
        assert [e["version"] for e in state["events"]][-1] == len(acknowledged)


def test_a_reconnected_client_resumes_exactly(db_url):
    with TestClient(create_app(settings(db_url))) as client:
        tid, tokens = new_pair(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, first = hello(ws, tokens[0])
            play(client, tid, tokens, 4)
            seen = list(first["events"])
            for _ in range(4):
                seen += next_state(ws)["events"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, again = hello(ws, tokens[0])
        assert again["version"] == 4 and again["events"] == seen


def test_a_table_todays_rules_refuse_is_named_and_stops_no_other(db_url):
    """A move stored under older rules that a rules fix now refuses: the restarted server
    still starts and resumes every other table, and the one it cannot rebuild answers
    with a precise refusal (409 ``unplayable``) naming the move."""
    with TestClient(create_app(settings(db_url))) as client:
        broken, tokens = new_pair(client)
        play(client, broken, tokens, 4)
        fine, fine_tokens = new_pair(client)
        play(client, fine, fine_tokens, 2)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(schema.actions).where(
            (schema.actions.c.table_id == broken) & (schema.actions.c.n == 3)
        ).values(text="investigate 0"))
        conn.execute(sa.update(schema.tables).where(schema.tables.c.id == broken)
                     .values(snapshot=None, snapshot_version=None))
    engine.dispose()
    with TestClient(create_app(settings(db_url))) as client:
        assert client.app.state.hub.tables[fine].version == 2  # resumed at start
        r = client.get(f"/api/tables/{broken}")
        assert r.status_code == 409, r.text
        assert r.json()["code"] == "unplayable"
        assert r.json()["detail"].startswith(
            f"table {broken} cannot be rebuilt under today's rules: its move 3 "
            "('investigate 0') is refused: ")
        play(client, fine, fine_tokens, 1)
        assert client.get(f"/api/tables/{fine}").json()["version"] == 3


def test_a_table_stored_with_old_french_words_resumes_exactly(db_url, monkeypatch):
    """Gangster (1994)'s moves were stored as ``buy perle`` before its actions said
    ``buy pearl``: a table stored so resumes exactly, from its snapshot (whose history
    holds the old words too), and plays on in English."""
    with TestClient(create_app(settings(db_url, snapshot_every=4))) as client:
        tid, tokens = new_pair(client, "gangster-1994", 2, seed=1)  # a deal that buys
        play(client, tid, tokens, 120)
        live = client.app.state.hub.tables[tid]
        truth, version = live.state.to_json(), live.version
    french = {"pearl": "perle", "diamond": "diamant"}

    def old(text: str) -> str:
        return " ".join(french.get(word, word) for word in text.split())

    engine = make_engine(db_url)
    with engine.begin() as conn:
        rows = conn.execute(sa.select(schema.actions.c.n, schema.actions.c.text).where(
            schema.actions.c.table_id == tid)).all()
        changed = [(n, old(text)) for n, text in rows if old(text) != text]
        assert changed, "the game bought, sold or auctioned nothing"
        for n, text in changed:
            conn.execute(sa.update(schema.actions).where(
                (schema.actions.c.table_id == tid) & (schema.actions.c.n == n)).values(text=text))
        snap = conn.execute(sa.select(schema.tables.c.snapshot).where(
            schema.tables.c.id == tid)).scalar_one()
        assert snap is not None
        snap = {**snap, "history": [old(t) for t in snap["history"]]}
        conn.execute(sa.update(schema.tables).where(schema.tables.c.id == tid)
                     .values(snapshot=snap))
    engine.dispose()
    with TestClient(create_app(settings(db_url))) as client:
        hub = client.app.state.hub
        assert hub.tables[tid].state.to_json() == truth
        # the snapshot was used, not thrown away as disagreeing with the record
        game = hub.tables[tid].game
        row, stored = hub.store.table(tid), hub.store.actions(tid)
        assert any(r.text in {t for _, t in changed} for r in stored)

        def no_fresh_start(*args, **kwargs):
            raise AssertionError("the snapshot was ignored")

        monkeypatch.setattr(game, "new_game", no_fresh_start)
        assert hub._rebuild(row, stored).to_json() == truth
        monkeypatch.undo()
        play(client, tid, tokens, 1)
        assert hub.tables[tid].version == version + 1
        assert not any(w in str(a).split() for a in hub.tables[tid].state.history
                       for w in french.values())

"""Standing answers: a seat answers a question once for the game, and the server plays it.

Gangsters asks every rival "allow or reveal?" after every cop move (9.5); a player who
holds a Bribe badge has two legal answers each time, so the auto-pass cannot help. A
standing answer (``State.standing``) is a seat's private setting: the server plays it as
the seat's own move after the auto-pass's human-like wait, tells nobody else of it, and
stores it with the seat.
"""

from __future__ import annotations

import json
import random
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

import gangland
from gangland.server import lobby, schema
from gangland.server.app import create_app
from gangland.server.migrate import upgrade
from gangland.server.store import make_engine

from .conftest import hello, next_state, settings

GAME = gangland.load("gangsters")
SEED = 1  # P2 bribes a cop; P1 moves that very cop at move 104 (found by the policy below)


def policy(state, rng: random.Random) -> str:
    """A full gang, P2 bribing whenever it can, P1 moving cops, everyone allowing."""
    legal = [str(a) for a in state.legal_actions()]
    seat = state.current_player
    for want in ("gang 1 1 1", "roll"):
        if want in legal:
            return want
    if seat == 1 and "bribe" in legal:
        return "bribe"
    cops = [t for t in legal if t.startswith("cop ")]
    if seat == 0 and cops:
        return rng.choice(cops)
    return "allow" if "allow" in legal else rng.choice(legal)


def start(client):
    """A seeded two-person Gangsters table, nobody's auto-pass on (the test plays every
    move), driven to P2's question about a cop whose badge P2 holds."""
    hub = client.app.state.hub
    made = client.portal.call(lambda: lobby.create_table(
        hub, "gangsters", 2, seats=[{"kind": "human"}] * 2, seed=SEED))
    tid, tokens = made["table"]["id"], {0: made["token"], 1: made["invites"][0]["token"]}
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
    live = hub.tables[tid]
    for seat in live.seats:
        seat.auto_pass = False
    rng = random.Random(SEED)
    for _ in range(400):
        state = live.state
        if state.current_player == 1 and "reveal" in [str(a) for a in state.legal_actions()]:
            return tid, tokens, live
        r = client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[state.current_player], "action": policy(state, rng),
            "version": live.version})
        assert r.status_code == 200, r.text
    raise AssertionError("no question for a badge holder came")


def test_a_badge_holders_standing_answer_is_played_as_its_move_after_the_wait(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, forced_delay_ms=(300, 300)))) as client:
        tid, tokens, live = start(client)
        hub = client.app.state.hub
        version = live.version
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, state = hello(ws, tokens[1])
            assert state["standing"] == {"answer": None, "answers": [
                {"name": a.name, "label": a.label} for a in GAME.standing_answers]}
            assert {a["text"] for a in state["legal"]} == {"allow", "reveal"}
            time.sleep(0.5)
            assert live.version == version  # two answers, no standing one: P2 is asked
            ws.send_text(json.dumps({"type": "standing", "answer": "allow-all"}))
            asked = time.monotonic()
            mine = next_state(ws)
            assert mine["version"] == version and mine["standing"]["answer"] == "allow-all"
            played = next_state(ws)
            waited = time.monotonic() - asked
        assert played["version"] == version + 1
        assert waited >= 0.29, waited  # the auto-pass's wait, not at once
        stored = hub.store.actions(tid)[version]
        assert (stored.text, stored.seat, stored.by_bot) == ("allow", 1, False)
        assert hub.store.seats(tid)[1]["standing"] == "allow-all"
    with TestClient(create_app(settings(sqlite_url))) as client:  # a restart keeps it
        live = client.portal.call(client.app.state.hub.get, tid)
        assert [s.standing for s in live.seats] == [None, "allow-all"]


def test_nobody_else_is_told_of_a_standing_answer(sqlite_url):
    """Not in the table summary, not in another seat's or a spectator's messages, and a
    switch sends them nothing: their next message is the move itself."""
    with TestClient(create_app(settings(sqlite_url, forced_delay_ms=(300, 300)))) as client:
        tid, tokens, live = start(client)
        version = live.version
        with client.websocket_connect(f"/ws/tables/{tid}") as me, \
                client.websocket_connect(f"/ws/tables/{tid}") as rival, \
                client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            hello(me, tokens[1])
            hello(rival, tokens[0])
            hello(watcher)
            me.send_text(json.dumps({"type": "standing", "answer": "allow-unless-mine"}))
            while (mine := next_state(me))["standing"]["answer"] is None:
                assert mine["version"] == version  # (the others coming in)
            assert mine["standing"]["answer"] == "allow-unless-mine"
            for ws, own in ((rival, True), (watcher, False)):
                message = next_state(ws)
                while message["version"] == version:  # (a connection coming or going)
                    assert message.get("standing", {"answer": None})["answer"] is None
                    message = next_state(ws)
                assert message["version"] == version + 1
                assert ("standing" in message) is own  # a seat's own, never another's
                if own:
                    assert message["standing"]["answer"] is None
                assert all("standing" not in s for s in message["table"]["seats"])
                assert '"answer": "allow-unless-mine"' not in json.dumps(message)
        assert live.state.history[version].kind == "allow"


def test_a_bad_standing_answer_is_refused_and_changes_nothing(sqlite_url):
    with TestClient(create_app(settings(sqlite_url))) as client:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangsters", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            seed=SEED))
        tid, token = made["table"]["id"], made["token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token)
            for bad in ("reveal-all", 7, ["allow-all"]):
                ws.send_text(json.dumps({"type": "standing", "answer": bad}))
                while (m := ws.receive_json())["type"] != "error":
                    pass
                assert m["code"] == "bad_message", m
                assert m["message"].startswith("standing takes answer: null or "
                                               "allow-unless-mine, allow-all; not "), m
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws)
            ws.send_text(json.dumps({"type": "standing", "answer": "allow-all"}))
            while (m := ws.receive_json())["type"] != "error":
                pass
            assert m["code"] == "spectator"
        assert [s.standing for s in hub.tables[tid].seats] == [None, None]
        assert [s["standing"] for s in hub.store.seats(tid)] == [None, None]


def test_a_game_without_standing_answers_refuses_every_one(sqlite_url):
    with TestClient(create_app(settings(sqlite_url))) as client:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangster-city", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            seed=SEED))
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
            _, state = hello(ws, made["token"])
            assert state["standing"] == {"answer": None, "answers": []}
            ws.send_text(json.dumps({"type": "standing", "answer": "allow-all"}))
            while (m := ws.receive_json())["type"] != "error":
                pass
            assert m["code"] == "bad_message" and "this game has none" in m["message"]


def test_migration_0006_gives_existing_seats_no_standing_answer(sqlite_url):
    engine = sa.create_engine(sqlite_url)
    upgrade(engine, "0005")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('t1', 'gangsters', 2, '5', "
            "'{}', 'running', 0, 0, 0, '2026-01-01', '2026-01-01')"))
        conn.execute(sa.text(
            "INSERT INTO gl_seats (table_id, seat, kind, token_hash, claimed, away, auto_pass) "
            "VALUES ('t1', 0, 'human', 'h', 1, 0, 1)"))
    engine.dispose()
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        row = conn.execute(sa.select(schema.seats)).mappings().one()
    engine.dispose()
    assert row["standing"] is None and row["token_hash"] == "h" and row["auto_pass"] is True

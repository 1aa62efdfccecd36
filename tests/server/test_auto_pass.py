"""Auto-pass: the server plays a seat's only legal move for it when that move is a true pass
(``Game.passes``), unless the seat says no; a lone roll or draw always waits for a click."""

from __future__ import annotations

import json
import time

import sqlalchemy as sa
from fastapi.testclient import TestClient

import gangland
from gangland.engine import Rng
from gangland.server import lobby, schema
from gangland.server.app import create_app
from gangland.server.migrate import upgrade
from gangland.server.store import make_engine

from .conftest import hello, next_state, settings


def forced_turn(client, tid, tokens, seat, limit=400):
    """Play first legal moves until ``seat`` must decide with a pass as its one legal move."""
    live = client.app.state.hub.tables[tid]
    for _ in range(limit):
        state = live.state
        to_move = state.current_player
        assert to_move is not None, "the game ended before a forced decision"
        legal = state.legal_actions()
        alone = len(legal) == 1 and live.game.is_pass(legal[0])
        if to_move == seat and alone:
            return live
        if alone and live.seats[to_move].auto_pass:  # the other seat's pass: the server's
            version = live.version
            deadline = time.monotonic() + 5
            while live.version == version and time.monotonic() < deadline:
                time.sleep(0.01)
            assert live.version > version, "the server did not auto-pass"
            continue
        r = client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[to_move], "action": str(legal[0]), "version": live.version})
        assert r.status_code == 200, r.text
    raise AssertionError("no forced decision came")


def start(client, seed=3):
    """A seeded 2-player table (through the hub: requests cannot choose a seed)."""
    hub = client.app.state.hub
    made = client.portal.call(lambda: lobby.create_table(
        hub, "chicago-gangster", 2, seats=[{"kind": "human"}] * 2, seed=seed))
    tid, tokens = made["table"]["id"], {0: made["token"], 1: made["invites"][0]["token"]}
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
    return tid, tokens


def test_a_forced_move_is_played_for_the_seat(sqlite_url):
    # A short wait, so the test sees the forced position before the server answers it.
    with TestClient(create_app(settings(sqlite_url, forced_delay_ms=(200, 200)))) as client:
        tid, tokens = start(client)
        live = forced_turn(client, tid, tokens, 1)
        version = live.version
        deadline = time.monotonic() + 5
        while live.version == version and time.monotonic() < deadline:
            time.sleep(0.01)
        stored = client.app.state.hub.store.actions(tid)[version]
        assert stored.seat == 1 and not stored.by_bot  # the player's own pass, made for them
        assert stored.text == "pass"


def test_a_lone_roll_is_never_played_for_the_seat(sqlite_url):
    """Gangster (1994)'s turn often offers nothing but ``roll``: the dice are the player's
    to throw, so the server waits for the click however long the auto-pass wait is."""
    with TestClient(create_app(settings(sqlite_url, forced_delay_ms=(20, 20)))) as client:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangster-1994", 2, seats=[{"kind": "human"}] * 2, seed=4))
        tid, tokens = made["table"]["id"], {0: made["token"], 1: made["invites"][0]["token"]}
        client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": tokens[1]})
        live = hub.tables[tid]
        seat = live.state.current_player
        assert [str(a) for a in live.state.legal_actions()] == ["roll"]
        assert live.seats[seat].auto_pass and not live.game.is_pass(live.state.legal_actions()[0])
        time.sleep(0.5)  # 25 times the wait
        assert live.version == 0  # nobody rolled for the seat
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": tokens[seat], "action": "roll", "version": 0})
        assert r.status_code == 200, r.text
        assert live.version == 1 and str(live.state.history[0]) == "roll"


def test_a_seat_that_switches_auto_pass_off_answers_itself(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, forced_delay_ms=(300, 300)))) as client:
        tid, tokens = start(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, state = hello(ws, tokens[1])
            assert state["table"]["seats"][1]["auto_pass"]
            ws.send_text(json.dumps({"type": "auto_pass", "on": False}))
            while next_state(ws)["table"]["seats"][1]["auto_pass"]:
                pass
            ws.send_text(json.dumps({"type": "auto_pass", "on": "yes"}))
            assert ws.receive_json()["code"] == "bad_message"
        live = forced_turn(client, tid, tokens, 1)
        version = live.version
        time.sleep(0.6)
        assert live.version == version  # nobody passed for seat 1
        legal = str(live.state.legal_actions()[0])
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": tokens[1], "action": legal, "version": version})
        assert r.status_code == 200


def test_migration_0002_keeps_existing_seats_and_turns_auto_pass_on(sqlite_url):
    engine = sa.create_engine(sqlite_url)
    upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('t1', 'gangster-city', 2, 5, "
            "'{}', 'running', 0, 0, 0, '2026-01-01', '2026-01-01')"))
        conn.execute(sa.text(
            "INSERT INTO gl_seats (table_id, seat, kind, token_hash, claimed, away) "
            "VALUES ('t1', 0, 'human', 'h', 1, 0)"))
    engine.dispose()
    engine = make_engine(sqlite_url)
    with engine.connect() as conn:
        row = conn.execute(sa.select(schema.seats)).mappings().one()
    engine.dispose()
    assert row["auto_pass"] is True and row["token_hash"] == "h"


def test_gangster_1994_never_has_a_pass_for_its_only_move():
    """What the table page's box promises for Gangster (1994): its lone moves are rolls,
    an auction's lot, an item to give... never ``pass`` or ``done`` (each always comes with
    a move that buys, sells, robs or bids), so nothing is ever played for its players."""
    game = gangland.load("gangster-1994")
    lone: set[str] = set()
    for seed in range(6):
        state, chooser = game.new_game(3, seed, {"turn_limit": 60}), Rng(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(legal) == 1:
                lone.add(legal[0].kind)
            state.apply(chooser.choice(legal))
    assert "roll" in lone and not lone & game.passes, lone

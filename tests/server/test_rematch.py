"""Play again: ``POST /api/tables/{id}/again`` seats a finished table's people at one
rematch, each in their own seat, and refuses everyone else precisely."""

from __future__ import annotations

import random
import time
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from gangland.server.app import create_app
from gangland.server.migrate import upgrade

from .conftest import hello, next_state, settings

OPTIONS = {"cases_to_win": 1}


def make(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": len(seats), "seats": seats, "name": "Ann",
        "options": OPTIONS, "think_ms": 0, **body})
    assert made.status_code == 200, made.text
    return dict(made.json())


def finish(client: TestClient, tid: str, tokens: dict[int, str]) -> None:
    """Random moves over HTTP until the game is over (bots move on their own)."""
    live = client.app.state.hub.tables[tid]
    rng = random.Random(5)
    for _ in range(2000):
        state = live.state
        if state.is_terminal:
            break
        seat = state.current_player
        if seat not in tokens:  # a bot's turn: it moves on its own
            time.sleep(0.01)
            continue
        client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[seat], "action": str(rng.choice(state.legal_actions())),
            "version": len(state.history)})
    assert live.state.is_terminal
    key = {"X-Gangland-Key": next(iter(tokens.values()))}
    assert client.get(f"/api/tables/{tid}", headers=key).json()["status"] == "finished"


def two_humans_finished(client: TestClient, **body: Any) -> tuple[str, str, str]:
    made = make(client, [{"kind": "human"}, {"kind": "human"}], **body)
    tid, ann, bea = made["table"]["id"], made["token"], made["invites"][0]["token"]
    joined = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bea",
                                                            "token": bea})
    assert joined.status_code == 200
    finish(client, tid, {0: ann, 1: bea})
    return tid, ann, bea


def again(client: TestClient, tid: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{tid}/again", json={"token": token})


def test_both_players_get_their_own_seats_at_one_rematch(client):
    tid, ann, bea = two_humans_finished(client)
    first = again(client, tid, bea)
    assert first.status_code == 200, first.text
    body = first.json()
    new = body["table"]
    assert body["seat"] == 1 and new["id"] != tid
    assert new["game"] == "gangster-city" and new["options"]["cases_to_win"] == 1
    assert new["again_of"] == tid and new["status"] == "open"
    assert [s["name"] for s in new["seats"]] == [None, "Bea"]
    assert body["url"] == f"/table/{new['id']}#seat=1&token={body['token']}"
    assert client.get(f"/api/tables/{tid}").json()["again"] == new["id"]
    # Bea asking twice (a second tab) is given the same seat and token, no second table.
    twice = again(client, tid, bea).json()
    assert (twice["table"]["id"], twice["seat"], twice["token"]) == (new["id"], 1, body["token"])
    second = again(client, tid, ann).json()
    assert second["table"]["id"] == new["id"] and second["seat"] == 0
    assert second["token"] not in (ann, bea, body["token"])
    assert second["table"]["status"] == "running"
    assert [s["name"] for s in second["table"]["seats"]] == ["Ann", "Bea"]
    hub = client.app.state.hub
    assert len(hub.tables[new["id"]].state.history) == 0
    assert hub.tables[new["id"]].row["seed"] != hub.tables[tid].row["seed"]
    ids = hub.store.table_ids()
    assert len(ids) == 2  # one rematch, however often it is asked for
    # Each token opens its own seat at the rematch, and the old ones none there.
    with client.websocket_connect(f"/ws/tables/{new['id']}") as ws:
        welcome, _ = hello(ws, second["token"])
        assert welcome["seat"] == 0
    assert client.post(f"/api/tables/{new['id']}/actions", json={
        "token": ann, "action": "x", "version": 0}).json()["code"] == "bad_token"


def test_nobody_takes_a_kept_seat(client):
    tid, ann, bea = two_humans_finished(client)
    new = again(client, tid, ann).json()["table"]["id"]
    # From the lobby, with no token: the seat is kept for Bea.
    taken = client.post(f"/api/tables/{new}/join", json={"seat": 1, "name": "Mallory"})
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    # With Ann's tokens, old or new: they do not open Bea's seat.
    for token in (ann, again(client, tid, ann).json()["token"]):
        join = client.post(f"/api/tables/{new}/join", json={"seat": 1, "token": token})
        assert join.status_code == 403 and join.json()["code"] == "bad_token"
    # A socket with a made-up token does not sit there either.
    with client.websocket_connect(f"/ws/tables/{new}") as ws:
        ws.send_text('{"type": "hello", "token": "made-up"}')
        assert ws.receive_json()["code"] == "bad_token"
    seats = client.get(f"/api/tables/{new}").json()["seats"]
    assert not seats[1]["claimed"] and seats[1]["name"] is None
    assert again(client, tid, bea).json()["seat"] == 1  # Bea still gets it


def test_refusals_are_precise_and_change_nothing(client):
    made = make(client, [{"kind": "human"}, {"kind": "human"}])
    tid, ann = made["table"]["id"], made["token"]
    running = again(client, tid, ann)
    assert running.status_code == 409 and running.json()["code"] == "not_finished"
    tid, ann, _ = two_humans_finished(client)
    cases = [(None, 403, "spectator"), ("", 403, "spectator"),
             ("not-a-token", 403, "bad_token")]
    for token, status, code in cases:
        answer = again(client, tid, token)
        assert (answer.status_code, answer.json()["code"]) == (status, code), token
    _, other_token, _ = two_humans_finished(client)
    wrong = again(client, tid, other_token)
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
    assert again(client, "nosuchtable", ann).json()["code"] == "not_found"
    extra = client.post(f"/api/tables/{tid}/again", json={"token": ann, "seat": 1})
    assert extra.status_code == 400
    assert client.get(f"/api/tables/{tid}").json()["again"] is None
    assert len(client.app.state.hub.store.table_ids()) == 3


def test_bots_keep_their_seats_and_specs_and_a_solo_rematch_starts(client):
    made = make(client, [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seat=1,
                clock_s=60)
    tid, ann = made["table"]["id"], made["token"]
    finish(client, tid, {1: ann})
    body = again(client, tid, ann).json()
    new = body["table"]
    assert [(s["kind"], s["bot"]) for s in new["seats"]] == [("bot", "random"),
                                                               ("human", None)]
    assert new["status"] == "running" and new["clock_s"] == 60 and body["seat"] == 1


def test_invite_only_stays_invite_only_and_its_watch_key_watches_the_rematch(client):
    made = make(client, [{"kind": "human"}, {"kind": "human"}], invite_only=True)
    tid, ann, bea = made["table"]["id"], made["token"], made["invites"][0]["token"]
    watch = made["watch"]["key"]
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bea})
    finish(client, tid, {0: ann, 1: bea})
    # A spectator with the watch key is told so; a stranger is told of no table at all.
    spectator = again(client, tid, watch)
    assert spectator.status_code == 403 and spectator.json()["code"] == "spectator"
    assert again(client, tid, "made-up").json()["code"] == "not_found"
    assert again(client, tid, None).json()["code"] == "not_found"
    new = again(client, tid, ann).json()["table"]
    assert new["invite_only"]
    assert client.get(f"/api/tables/{new['id']}").status_code == 404
    seen = client.get(f"/api/tables/{new['id']}", headers={"X-Gangland-Key": watch})
    assert seen.status_code == 200
    assert client.get(f"/api/tables/{tid}", headers={"X-Gangland-Key": watch}
                      ).json()["again"] == new["id"]


def test_an_open_page_learns_of_the_rematch(client):
    tid, ann, bea = two_humans_finished(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, state = hello(ws, bea)
        assert state["table"]["again"] is None
        assert state["scores"] is not None and len(state["scores"]) == 2
        new = again(client, tid, ann).json()["table"]["id"]
        assert next_state(ws)["table"]["again"] == new


def test_creating_a_rematch_counts_against_the_address(tmp_path):
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'a.db'}",
                                        create_burst=2))) as client:
        tid, ann, bea = two_humans_finished(client)  # (one table made: one more allowed)
        assert again(client, tid, ann).status_code == 200
        # Taking one's seat at a rematch that exists costs nothing.
        assert again(client, tid, bea).status_code == 200
        assert again(client, tid, bea).status_code == 200
        made = client.post("/api/tables", json={"game": "gangster-city", "players": 2})
        assert made.status_code == 429 and made.json()["code"] == "too_fast"
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'b.db'}",
                                        create_burst=1))) as client:
        tid, ann, _ = two_humans_finished(client)
        refused = again(client, tid, ann)
        assert refused.status_code == 429 and refused.json()["code"] == "too_fast"
        assert client.get(f"/api/tables/{tid}").json()["again"] is None
        assert len(client.app.state.hub.store.table_ids()) == 1


def test_a_second_process_is_given_the_first_ones_rematch(db_url):
    """Two servers on one database: the rematch is created once (the store's test), on
    SQLite and on PostgreSQL."""
    with TestClient(create_app(settings(db_url))) as client:
        tid, ann, _ = two_humans_finished(client)
        store = client.app.state.hub.store
        first = again(client, tid, ann).json()["table"]["id"]
        row = dict(store.table(first))
        row.update(id="another", again_of=tid)
        seats = [{k: v for k, v in s.items() if k != "table_id"} for s in store.seats(first)]
        assert store.create_rematch(tid, row, seats) == first
        assert store.table("another") is None
        assert store.table(tid)["again"] == first


def test_migration_0007_adds_the_columns_to_an_old_database(db_url):
    engine = sa.create_engine(db_url)
    upgrade(engine, "0006")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('old1', 'gangster-city', 2, "
            "'7', '{}', 'finished', 0, 0, false, '2026-01-01', '2026-01-01')"))
    upgrade(engine)
    with engine.connect() as conn:
        row = conn.execute(sa.text(
            "SELECT again, again_of FROM gl_tables WHERE id = 'old1'")).one()
    assert tuple(row) == (None, None)
    from alembic import command

    from gangland.server.migrate import alembic_config

    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0006")
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("gl_tables")}
    assert "again" not in columns and "again_of" not in columns
    engine.dispose()

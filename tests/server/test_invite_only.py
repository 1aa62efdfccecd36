"""Invite-only tables: listed only to their seats, watched only with the table's link.

Whoever holds neither a seat's token nor the watch key is answered as if the table did
not exist (``not_found``, in the same words as for a table that does not), over HTTP and
WebSocket alike, so not even its existence is confirmed. Open tables are as before.
"""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from gangland.server.live import token_hash

from .conftest import hello


def make(client, **body):
    body = {"game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
            "name": "Ann", **body}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def ids(client, status=None, keys=()):
    query = f"?status={status}" if status else ""
    headers = {"X-Gangland-Keys": " ".join(keys)} if keys else {}
    r = client.get(f"/api/tables{query}", headers=headers)
    assert r.status_code == 200, r.text
    return [t["id"] for t in r.json()]


def as_missing(response):
    """The answer for a table that does not exist."""
    assert response.status_code == 404, response.text
    assert response.json()["code"] == "not_found"
    return response.json()["detail"]


def finish(client, tid, tokens):
    """Play both seats' first legal moves to the end (over WebSocket)."""
    sockets = {}
    try:
        for seat, token in tokens.items():
            sockets[seat] = client.websocket_connect(f"/ws/tables/{tid}").__enter__()
            hello(sockets[seat], token)
        hub = client.app.state.hub
        live = hub.tables[tid]
        while live.status != "finished":
            seat = live.state.current_player
            action = str(live.state.legal_actions()[0])
            client.portal.call(hub.act_as, live, seat, action, live.version, False)
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def test_strangers_never_see_an_invite_only_table_in_the_lobby(client):
    shut = make(client, invite_only=True)
    public = make(client)
    tid = shut["table"]["id"]
    for status in (None, "open"):
        assert tid not in ids(client, status)
        assert public["table"]["id"] in ids(client, status)
    # its seats see it, with the token their browser keeps; so does the watch link
    assert tid in ids(client, "open", [shut["token"]])
    assert tid in ids(client, None, ["someone-elses", shut["invites"][0]["token"]])
    assert tid in ids(client, None, [shut["watch"]["key"]])
    assert tid not in ids(client, None, [public["token"], "x" * 24])


def test_the_creator_gets_a_watch_link_and_every_invite_carries_it(client):
    made = make(client, invite_only=True)
    tid, key = made["table"]["id"], made["watch"]["key"]
    assert made["watch"]["url"] == f"/table/{tid}#watch={key}"
    assert made["invites"][0]["url"].endswith(f"&watch={key}")
    assert make(client)["watch"] is None  # an open table is watched by anyone
    # the key is kept only as its hash
    hub = client.app.state.hub
    with hub.store.engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT watch_hash FROM gl_tables WHERE id = :t"),
                              {"t": tid}).scalar_one()
    assert stored == token_hash(key) and key not in json.dumps(hub.store.table(tid),
                                                               default=str)


def test_watching_needs_the_tables_link(client):
    made = make(client, invite_only=True)
    tid = made["table"]["id"]
    missing = as_missing(client.get("/api/tables/nosuchtable"))
    # without a key, or with a wrong one: the same answer as for no table at all
    for headers in ({}, {"X-Gangland-Key": "wrong"}, {"X-Gangland-Key": "x" * 24}):
        detail = as_missing(client.get(f"/api/tables/{tid}", headers=headers))
        assert detail == missing.replace("nosuchtable", tid)
        as_missing(client.get(f"/api/tables/{tid}/log", headers=headers))
        as_missing(client.get(f"/api/tables/{tid}/replay?step=0", headers=headers))
        as_missing(client.get(f"/api/tables/{tid}/record", headers=headers))
    # with the watch key or a seat token
    for key in (made["watch"]["key"], made["token"], made["invites"][0]["token"]):
        r = client.get(f"/api/tables/{tid}", headers={"X-Gangland-Key": key})
        assert r.status_code == 200 and r.json()["id"] == tid


@pytest.mark.parametrize("hello_extra", [{}, {"key": "wrong"}, {"token": "wrong"}])
def test_a_stranger_cannot_watch_over_websocket(client, hello_extra):
    made = make(client, invite_only=True)
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", **hello_extra}))
        answer = ws.receive_json()
    assert answer["type"] == "error" and answer["code"] == "not_found"
    assert "seed" not in json.dumps(answer) and made["table"]["title"] not in json.dumps(answer)


def test_the_watch_link_opens_a_spectators_view(client):
    made = make(client, invite_only=True)
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, state = hello(ws, key=made["watch"]["key"])
        assert welcome["seat"] is None and state["legal"] == []
        ws.send_text(json.dumps({"type": "chat", "text": "hi"}))
        assert ws.receive_json()["watching"] is True  # a spectator's line, marked
    # a seat's token watches too (the page's "watch" mode), and still opens its seat
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, _ = hello(ws, key=made["token"])
        assert welcome["seat"] is None
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, _ = hello(ws, made["token"])
        assert welcome["seat"] == 0


def test_strangers_cannot_learn_of_it_by_joining_or_acting(client):
    made = make(client, invite_only=True)
    tid = made["table"]["id"]
    as_missing(client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Eve"}))
    as_missing(client.post(f"/api/tables/{tid}/join",
                           json={"seat": 1, "name": "Eve", "token": "wrong"}))
    as_missing(client.post(f"/api/tables/{tid}/actions",
                           json={"token": "wrong", "action": "draw", "version": 0}))
    # the invite still opens its seat
    r = client.post(f"/api/tables/{tid}/join",
                    json={"seat": 1, "name": "Bo", "token": made["invites"][0]["token"]})
    assert r.status_code == 200 and r.json()["seat"] == 1


def test_a_finished_invite_only_game_replays_only_for_its_link(client):
    made = make(client, invite_only=True)
    tid = made["table"]["id"]
    finish(client, tid, {0: made["token"], 1: made["invites"][0]["token"]})
    as_missing(client.get(f"/api/tables/{tid}/replay?step=1"))
    as_missing(client.get(f"/api/tables/{tid}/record"))
    assert tid not in ids(client, "finished")
    for key in (made["watch"]["key"], made["invites"][0]["token"]):
        headers = {"X-Gangland-Key": key}
        assert client.get(f"/api/tables/{tid}/replay?step=1", headers=headers).status_code \
            == 200
        assert client.get(f"/api/tables/{tid}/record", headers=headers).json()["actions"]


def test_open_tables_are_watched_and_listed_as_before(client):
    made = make(client)
    tid = made["table"]["id"]
    assert tid in ids(client)
    assert client.get(f"/api/tables/{tid}").status_code == 200
    assert client.get(f"/api/tables/{tid}", headers={"X-Gangland-Key": "junk"}).status_code \
        == 200
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, _ = hello(ws)
        assert welcome["seat"] is None
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": "wrong", "action": "draw", "version": 0})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"


def test_too_many_keys_are_refused(client):
    r = client.get("/api/tables", headers={"X-Gangland-Keys": " ".join(["k"] * 101)})
    assert r.status_code == 400 and r.json()["code"] == "bad_message"

"""Your turn across your tables (``GET /api/turns``), and the rules at the table that the
welcome and the seat's own state messages carry."""

from __future__ import annotations

import json

from gangland.engine import load

from .conftest import hello, next_state
from .test_lobby import make


def turns(client, *keys: str) -> list[dict]:
    r = client.get("/api/turns", headers={"X-Gangland-Keys": " ".join(keys)})
    assert r.status_code == 200, r.text
    return r.json()


def test_only_the_tables_where_a_held_seat_is_to_move(client):
    # Ann holds seat 0 at two running tables, and seat 1 at a third, where P1 moves first.
    first = make(client, name="Ann")
    second = make(client, name="Ann")
    third = make(client, name="Bo")
    seats = {}
    for made in (first, second, third):
        tid = made["table"]["id"]
        joined = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Cy"}).json()
        seats[tid] = (made["token"], joined["token"])
    ann = [seats[first["table"]["id"]][0], seats[second["table"]["id"]][0],
           seats[third["table"]["id"]][1]]
    got = turns(client, *ann)
    assert sorted(t["id"] for t in got) == sorted([first["table"]["id"], second["table"]["id"]])
    assert {t["seat"] for t in got} == {0}
    assert all(t["title"] == "Gangster City" and t["game"] == "gangster-city" for t in got)
    # the longest waiting first
    assert [t["id"] for t in got] == [first["table"]["id"], second["table"]["id"]]
    # a seat not to move, or nobody's key, is no turn; a table waiting for players neither
    assert turns(client, seats[third["table"]["id"]][1]) == []
    assert turns(client) == []
    waiting = make(client, name="Dee")
    assert turns(client, waiting["token"]) == []


def test_a_move_passes_the_turn_on(client):
    made = make(client, name="Ann")
    tid = made["table"]["id"]
    bo = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo"}).json()["token"]
    assert [t["id"] for t in turns(client, made["token"])] == [tid]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, state = hello(ws, made["token"])
        ws.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                 "version": state["version"]}))
        after = next_state(ws)
        assert after["to_move"] == 1
    assert turns(client, made["token"]) == []
    assert [t["id"] for t in turns(client, bo)] == [tid]


def test_a_watch_key_or_bad_keys_are_no_turn(client):
    made = make(client, name="Ann", invite_only=True)
    tid = made["table"]["id"]
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo",
                                                 "token": made["invites"][0]["token"]})
    assert turns(client, made["watch"]["key"]) == []
    too_many = " ".join(f"k{i}" for i in range(101))
    r = client.get("/api/turns", headers={"X-Gangland-Keys": too_many})
    assert r.status_code == 400 and "at most 100 keys" in r.text


def test_the_welcome_has_the_rules_and_only_the_mover_their_decision(client):
    made = make(client, name="Ann")
    tid = made["table"]["id"]
    bo = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo"}).json()["token"]
    game = load("gangster-city")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, state = hello(ws, made["token"])
        assert welcome["rules"] == game.rules_text()
        verbs = {a["text"].split()[0] for a in state["legal"]}
        assert state["decision_rules"] == list(dict.fromkeys(
            game.verb_rules[a["text"].split()[0]] for a in state["legal"]))
        assert len(state["decision_rules"]) == len({game.verb_rules[v] for v in verbs})
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, other = hello(ws, bo)
        assert other["legal"] == [] and "decision_rules" not in other
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, watching = hello(ws)
        assert welcome["rules"] == game.rules_text() and "decision_rules" not in watching

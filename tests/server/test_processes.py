"""Several server processes on one PostgreSQL database, and bots in worker processes."""

from __future__ import annotations

import json
import time

import pytest

from .conftest import ServerProcess


def wait_for(predicate, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (value := predicate()) is not None:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def states(ws):
    """The next ``state`` message on a websockets connection."""
    while True:
        message = json.loads(ws.recv(timeout=15))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


@pytest.mark.usefixtures("pg_server")
def test_a_move_through_one_process_reaches_clients_of_another(pg_url):
    one, two = ServerProcess(pg_url), ServerProcess(pg_url)
    try:
        with one.http() as http1, two.http() as http2:
            made = http1.post("/api/tables", json={
                "game": "gangster-city", "players": 2, "name": "Ann",
                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            tid, ann, bo = made["table"]["id"], made["token"], made["invites"][0]["token"]
            # Bo sits down through the second process, watching there.
            with two.ws(tid) as ws_bo, one.ws(tid) as ws_ann:
                ws_bo.send(json.dumps({"type": "hello", "token": bo, "name": "Bo"}))
                ws_ann.send(json.dumps({"type": "hello", "token": ann}))
                seen_ann = states(ws_ann)
                while not seen_ann["legal"]:  # the seat claim reaches process one
                    seen_ann = states(ws_ann)
                text = seen_ann["legal"][0]["text"]
                ws_ann.send(json.dumps({"type": "act", "action": text, "version": 0}))
                seen_bo = states(ws_bo)
                while seen_bo["version"] < 1:
                    seen_bo = states(ws_bo)
                assert seen_bo["legal"] and [e["version"] for e in seen_bo["events"]] == \
                    [1] * len(seen_bo["events"])
                # And back: Bo's move through process two reaches Ann on process one.
                reply = seen_bo["legal"][0]["text"]
                ws_bo.send(json.dumps({"type": "act", "action": reply, "version": 1}))
                while seen_ann["version"] < 2:
                    seen_ann = states(ws_ann)
                assert seen_ann["legal"]
                # A move chosen on an old position through the other process is stale.
                r = http2.post(f"/api/tables/{tid}/actions",
                               json={"token": ann, "action": text, "version": 0})
                assert r.status_code == 409 and r.json()["code"] == "stale"
            for http in (http1, http2):
                assert wait_for(lambda h=http: h.get(f"/api/tables/{tid}").json()["version"]
                                == 2 or None)
            chat_line = {"type": "chat", "text": "across processes"}
            with one.ws(tid) as ws1, two.ws(tid) as ws2:
                ws1.send(json.dumps({"type": "hello", "token": ann}))
                ws2.send(json.dumps({"type": "hello"}))
                states(ws1), states(ws2)
                ws1.send(json.dumps(chat_line))
                while (m := json.loads(ws2.recv(timeout=15)))["type"] != "chat":
                    pass
                assert m["text"] == "across processes" and m["name"] == "Ann"
    finally:
        one.stop()
        two.stop()


def test_bots_in_worker_processes_finish_a_game(sqlite_url):
    server = ServerProcess(sqlite_url, "--bot-pool", "process")
    try:
        with server.http() as http:
            made = http.post("/api/tables", json={
                "game": "gangster-city", "players": 3, "think_ms": 0,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "detective"},
                          {"kind": "bot", "bot": "random"}]}).json()
            tid = made["table"]["id"]
            with server.ws(tid) as ws:
                ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                state = states(ws)
                while state["table"]["status"] != "finished":
                    if state["legal"]:
                        ws.send(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                            "version": state["version"]}))
                    state = states(ws)
            record = http.get(f"/api/tables/{tid}/record").json()
            assert len(record["actions"]) == state["version"]
    finally:
        server.stop()


def test_losing_a_race_to_another_process_tells_everyone_the_winning_move(client):
    """The other process is played here by writing move 1 straight to the database."""
    from gangland.server.messages import stored_event
    from gangland.server.store import ActionRow

    from .conftest import hello, next_state

    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2}).json()
    tid, ann, bo = made["table"]["id"], made["token"], made["invites"][0]["token"]
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo})
    live = client.app.state.hub.tables[tid]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, state = hello(ws, bo)
        elsewhere = live.state.clone()
        winning, losing = (str(a) for a in elsewhere.legal_actions()[:2])
        events = elsewhere.apply(elsewhere.parse_action(winning))
        assert client.app.state.hub.store.append_action(
            tid, 0, ActionRow(1, winning, 0, False, [stored_event(e) for e in events]),
            {"status": "running", "to_move": elsewhere.current_player, "winners": None})
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": ann, "action": losing, "version": 0})
        assert r.status_code == 409 and r.json()["code"] == "stale"
        state = next_state(ws)
        assert state["version"] == 1
        assert [e["text"] for e in state["events"]] == \
            [e.text for e in events if e.visible_to(1)]
    assert [str(a) for a in live.state.history] == [winning]

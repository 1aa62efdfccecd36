"""Taking back a half-made move at a web table: refusals, the record, every page, the clock."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gangland.engine import replay
from gangland.server import takeback
from gangland.server.app import create_app

from .conftest import ServerProcess, hello, next_state, settings


def three_humans(client: Any, **extra: Any) -> tuple[str, list[str]]:
    """A Gangster table of Ann, Bo and Cy, all seated: Ann to move, every card face up
    (``client``: the test client, or an ``httpx`` client of a server process)."""
    made = client.post("/api/tables", json={
        "game": "gangster", "players": 3, "name": "Ann",
        "seats": [{"kind": "human"}] * 3, **extra}).json()
    tid = made["table"]["id"]
    tokens = [made["token"], *(inv["token"] for inv in made["invites"])]
    for seat, name in ((1, "Bo"), (2, "Cy")):
        client.post(f"/api/tables/{tid}/join", json={"seat": seat, "token": tokens[seat],
                                                     "name": name})
    return tid, tokens


def send(ws: Any, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def error(ws: Any) -> dict[str, Any]:
    """The next ``error`` (states of seats sitting down skipped)."""
    while (message := ws.receive_json())["type"] != "error":
        assert message["type"] in ("state", "chat"), message
    return message


def stored(client: TestClient, tid: str) -> list[str]:
    return [r.text for r in client.app.state.hub.store.actions(tid)]


def test_a_card_taken_back_leaves_no_trace_and_every_page_redraws(client):
    tid, (ann, bo, _) = three_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b, \
            client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        _, sa = hello(a, ann)
        hello(b, bo)
        hello(watcher)
        assert "take_back" not in sa  # nothing made yet
        send(a, type="act", action="drive 1", version=0)
        while (sa := next_state(a))["version"] < 1:
            pass
        assert sa["take_back"] is True
        assert all(x["text"].startswith("to ") for x in sa["legal"])
        sb, sw = next_state(b), next_state(watcher)
        while sb["version"] < 1:
            sb = next_state(b)
        while sw["version"] < 1:
            sw = next_state(watcher)
        assert "take_back" not in sb and "take_back" not in sw  # Ann's alone
        assert stored(client, tid) == ["drive 1"]
        send(a, type="take_back", version=1)
        back = [next_state(ws) for ws in (a, b, watcher)]
        assert [m["version"] for m in back] == [0, 0, 0]
        assert all(m["reset"] for m in back)
        assert "drive 1" in [x["text"] for x in back[0]["legal"]]
        assert "take_back" not in back[0]
        assert back[1]["legal"] == [] and back[2]["legal"] == []
        assert stored(client, tid) == []
        assert client.get(f"/api/tables/{tid}").json()["version"] == 0
        # Play goes on from the position before, as if the card had never been turned.
        send(a, type="act", action="drive 3", version=0)
        while (sa := next_state(a))["version"] < 1:
            pass
        send(a, type="act", action=sa["legal"][0]["text"], version=1)
        while (sa := next_state(a))["version"] < 2:
            pass
        assert "take_back" not in sa
    assert stored(client, tid)[0] == "drive 3"


@pytest.mark.parametrize("who, setup, message, code", [
    ("watcher", ["drive 1"], {"version": 1}, "spectator"),
    ("bo", ["drive 1"], {"version": 1}, "not_your_turn"),
    ("ann", [], {"version": 0}, "no_take_back"),
    ("ann", ["drive 1"], {"version": 0}, "stale"),
    ("ann", ["drive 1"], {"version": "1"}, "bad_message"),
    ("ann", ["drive 1"], {}, "bad_message"),
    ("mover", ["drive 1", "to"], {"version": 2}, "no_take_back"),  # a whole move made
])
def test_take_back_refusals_change_nothing(client, who, setup, message, code):
    tid, tokens = three_humans(client)
    ann, bo = tokens[:2]
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, sa = hello(a, ann)
        for text in setup:
            legal = [x["text"] for x in sa["legal"]]
            text = next(t for t in legal if t.startswith(text))
            send(a, type="act", action=text, version=sa["version"])
            version = sa["version"]
            while (sa := next_state(a))["version"] == version:
                pass
        live = hub.tables[tid]
        if who == "watcher":
            hello(ws)
        else:  # (the mover: Bo, or Ann still, where her car reached the harbour)
            mover = tokens[live.state.current_player]
            hello(ws, {"ann": ann, "bo": bo, "mover": mover}[who])
        before = (live.state.to_json(), stored(client, tid), live.version)
        send(ws, type="take_back", **message)
        assert error(ws)["code"] == code
        assert (live.state.to_json(), stored(client, tid), live.version) == before


def test_a_take_back_over_http_and_its_refusals(client):
    tid, (ann, bo, _) = three_humans(client)
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": ann, "action": "drive 2", "version": 0})
    assert r.json() == {"version": 1}
    r = client.post(f"/api/tables/{tid}/take-back", json={"token": bo, "version": 1})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    r = client.post(f"/api/tables/{tid}/take-back", json={"token": ann, "version": 1})
    assert r.json() == {"version": 0}
    r = client.post(f"/api/tables/{tid}/take-back", json={"token": ann, "version": 0})
    assert r.status_code == 409 and r.json()["code"] == "no_take_back"
    assert "whole move" in r.json()["detail"] or "nothing to take back" in r.json()["detail"]


def test_the_clock_comes_back_with_the_position_and_gives_no_time(sqlite_url):
    """A take-back returns the deadline the earlier decision had: turning a card and
    taking it back again and again never winds the clock up."""
    with TestClient(create_app(settings(sqlite_url))) as client:
        tid, (ann, _, _) = three_humans(client, clock_s=600)
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            _, sa = hello(a, ann)
            while sa["deadline"] is None:
                sa = next_state(a)
            first = sa["deadline"]
            for _ in range(2):
                send(a, type="act", action="drive 1", version=0)
                while (sa := next_state(a))["version"] < 1:
                    pass
                assert sa["deadline"] >= first  # a new decision, its own clock
                send(a, type="take_back", version=1)
                sa = next_state(a)
                assert sa["version"] == 0 and sa["deadline"] == first
        row = client.app.state.hub.store.table(tid)
        assert row["clock_version"] == 0 and int(row["clock_deadline"] * 1000) == first


def test_snapshots_and_checkpoints_at_the_move_taken_back_go_with_it(sqlite_url):
    """Stored every move here: the move made anew stores its own under the same number."""
    with TestClient(create_app(settings(sqlite_url, snapshot_every=1,
                                        checkpoint_every=1))) as client:
        tid, (ann, _, _) = three_humans(client)
        store = client.app.state.hub.store
        act = lambda text, v: client.post(  # noqa: E731
            f"/api/tables/{tid}/actions", json={"token": ann, "action": text, "version": v})
        assert act("drive 1", 0).json() == {"version": 1}
        assert store.checkpoint_numbers(tid) == {1}
        assert store.table(tid)["snapshot_version"] == 1
        client.post(f"/api/tables/{tid}/take-back", json={"token": ann, "version": 1})
        assert store.checkpoint_numbers(tid) == set()
        assert store.table(tid)["snapshot_version"] is None
        assert act("drive 2", 0).json() == {"version": 1}
        assert store.checkpoint_numbers(tid) == {1}
        assert store.table(tid)["snapshot"]["history"] == ["drive 2"]


def test_a_finished_game_with_take_backs_replays_exactly(client):
    """Ann turns every card twice (the first taken back) against two bots: the record
    holds only the moves that stand, and replays to the very position the table has."""
    made = client.post("/api/tables", json={
        "game": "gangster", "players": 3, "think_ms": 0, "options": {"turn_limit": 5},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                  {"kind": "bot", "bot": "random"}]}).json()
    tid = made["table"]["id"]
    hub = client.app.state.hub
    taken = 0
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        _, state = hello(ws, made["token"])
        while state["table"]["status"] != "finished":
            if not state["legal"]:
                state = next_state(ws)
                continue
            legal = [x["text"] for x in state["legal"]]
            drives = [t for t in legal if t.startswith("drive")]
            if drives and not state.get("take_back"):
                send(ws, type="act", action=drives[0], version=state["version"])
                while (state := next_state(ws))["version"] == 0 or not state["legal"]:
                    pass
                assert state["take_back"]
                send(ws, type="take_back", version=state["version"])
                state = next_state(ws)
                assert state["reset"]
                taken += 1
                legal = [x["text"] for x in state["legal"]]
            send(ws, type="act", action=legal[-1], version=state["version"])
            version = state["version"]
            while (state := next_state(ws))["version"] == version:
                pass
    assert taken > 3
    record = client.get(f"/api/tables/{tid}/record").json()
    live = hub.tables.get(tid) or client.portal.call(hub.get, tid)
    assert record["actions"] == [str(a) for a in live.state.history]
    assert replay(record).to_json() == live.state.to_json()
    assert len(record["actions"]) == client.get(f"/api/tables/{tid}").json()["version"]


def test_a_take_back_elsewhere_reloads_this_copy_and_redraws_its_pages(client):
    """Another process took a move back (written straight to the database here, and the
    note it would send handed to the hub): this process's copy goes back too, even though
    a move made anew carries the same number."""
    tid, (ann, _, _) = three_humans(client)
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        _, sa = hello(a, ann)
        send(a, type="act", action="drive 1", version=0)
        while (sa := next_state(a))["version"] < 1:
            pass
        assert hub.store.take_back(tid, 1, 0, None)  # the other process's take-back
        client.portal.call(takeback.reload, hub, tid)
        sa = next_state(a)
        assert sa["version"] == 0 and sa["reset"] and "take_back" not in sa
        send(a, type="act", action="drive 2", version=0)
        while (sa := next_state(a))["version"] < 1:
            pass
    assert stored(client, tid) == ["drive 2"]


@pytest.mark.usefixtures("pg_server")
def test_a_take_back_through_one_process_reaches_clients_of_another(pg_url):
    """Ann's card is taken back through process one; her page on process two goes back,
    and that copy then offers the districts of the card she turned instead. A half move
    made through one process may be taken back through the other as well: each copy
    keeps the position before a person's half move, whichever process stored it."""
    one, two = ServerProcess(pg_url), ServerProcess(pg_url)
    try:
        with one.http() as http:
            tid, (ann, _, _) = three_humans(http)
        with one.ws(tid) as ws1, two.ws(tid) as ws2:
            for ws in (ws1, ws2):
                ws.send(json.dumps({"type": "hello", "token": ann}))

            def until(ws: Any, version: int) -> dict[str, Any]:
                return until_version(ws, version, legal=True)

            until(ws1, 0), until(ws2, 0)
            ws1.send(json.dumps({"type": "act", "action": "drive 1", "version": 0}))
            assert until(ws1, 1)["take_back"]
            assert until(ws2, 1)["take_back"]  # the other copy caught up with it as a half move
            ws1.send(json.dumps({"type": "take_back", "version": 1}))
            back = until(ws2, 0)
            assert back["reset"] and "drive 1" in [x["text"] for x in back["legal"]]
            until(ws1, 0)
            ws1.send(json.dumps({"type": "act", "action": "drive 3", "version": 0}))
            here, there = until(ws1, 1), until(ws2, 1)
            assert there["legal"] == here["legal"]  # the card that stands, not the 1
            # Taken back through the process that did not make it: both pages go back.
            ws2.send(json.dumps({"type": "take_back", "version": 1}))
            assert until(ws1, 0)["reset"] and until(ws2, 0)["reset"]
            ws2.send(json.dumps({"type": "act", "action": "drive 3", "version": 0}))
            here, there = until(ws1, 1), until(ws2, 1)
            assert there["legal"] == here["legal"]
            ws2.send(json.dumps({"type": "act", "action": there["legal"][-1]["text"],
                                 "version": 1}))
            assert until_version(ws1, 2)["version"] == 2
    finally:
        one.stop()
        two.stop()


def until_version(ws: Any, version: int, legal: bool = False) -> dict[str, Any]:
    """The first ``state`` at ``version`` on a websockets connection (with moves to make,
    if ``legal``: a seat's states before the others sit down have none)."""
    while True:
        message = json.loads(ws.recv(timeout=15))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] == version \
                and (message["legal"] or not legal):
            return message

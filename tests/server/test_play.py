"""Playing over WebSocket and HTTP: a full game, and every refusal changing nothing."""

from __future__ import annotations

import json

import pytest

from .conftest import hello, next_state


def two_humans(client, game="gangster-city"):
    made = client.post("/api/tables", json={
        "game": game, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ann"}).json()
    return made["table"]["id"], made["token"], made["invites"][0]["token"]


def test_a_full_game_against_bots_over_websocket(client):
    made = client.post("/api/tables", json={"game": "gangster", "players": 3, "think_ms": 0,
                                            "seats": [{"kind": "human"},
                                                      {"kind": "bot", "bot": "random"},
                                                      {"kind": "bot", "bot": "greedy"}]}).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, state = hello(ws, made["token"])
        assert welcome["client_data"] is not None
        moves = 0
        while not state["view"]["terminal"] if "terminal" in state["view"] else True:
            if state["table"]["status"] == "finished":
                break
            if state["legal"]:
                ws.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                         "version": state["version"]}))
                moves += 1
            state = next_state(ws)
        assert moves > 5
    table = client.get(f"/api/tables/{tid}").json()
    assert table["status"] == "finished" and table["winners"]
    record = client.get(f"/api/tables/{tid}/record").json()
    assert len(record["actions"]) == table["version"] and record["seed"] is not None
    listed = client.get("/api/tables?status=finished").json()
    assert [t["id"] for t in listed] == [tid]


def test_versions_and_logs_arrive_in_order(client):
    tid, ann, bo = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}") as b:
        _, sa = hello(a, ann)
        _, sb = hello(b, bo)
        while not sa["table"]["seats"][1]["connected"]:  # Bo sat down: no new events
            sa = next_state(a)
            assert sa["events"] == []
        assert sa["legal"] and not sb["legal"]
        a.send_text(json.dumps({"type": "act", "action": sa["legal"][0]["text"],
                                "version": sa["version"]}))
        after_a, after_b = next_state(a), next_state(b)
        assert after_a["version"] == after_b["version"] == 1
        assert after_a["log_from"] == 0 and after_a["events"]
        assert after_b["legal"] and not after_a["legal"]


@pytest.mark.parametrize("message, code", [
    ("not json", "bad_message"),
    (json.dumps([1, 2]), "bad_message"),
    (json.dumps({"type": "dance"}), "bad_message"),
    (json.dumps({"type": "act", "action": 7, "version": 0}), "bad_message"),
    (json.dumps({"type": "act", "action": "investigate 1", "version": "0"}), "bad_message"),
    (json.dumps({"type": "act", "action": "investigate 1", "version": 5}), "stale"),
    (json.dumps({"type": "act", "action": "shoot 3", "version": 0}), "invalid"),
    (json.dumps({"type": "act", "action": "investigate 99", "version": 0}), "invalid"),
    (json.dumps({"type": "chat", "text": ""}), "bad_message"),
    (json.dumps({"type": "chat", "text": "x" * 501}), "bad_message"),
])
def test_refusals_over_websocket_change_nothing(client, message, code):
    tid, ann, bo = two_humans(client)
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo, "name": "Bo"})
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, ann)
        ws.send_text(message)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == code, error
        assert error["message"] and error["version"] == 0
    table = client.get(f"/api/tables/{tid}").json()
    assert table["version"] == 0


def test_refusals_over_http_change_nothing(client):
    tid, ann, bo = two_humans(client)
    act = f"/api/tables/{tid}/actions"
    # Before every seat is taken the game waits.
    r = client.post(act, json={"token": ann, "action": "draw", "version": 0})
    assert r.status_code == 409 and r.json()["code"] == "not_running"
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo, "name": "Bo"})
    checks = [
        ({"token": "forged", "action": "draw", "version": 0}, 403, "bad_token"),
        ({"token": bo, "action": "draw", "version": 0}, 409, "not_your_turn"),
        ({"token": ann, "action": "draw", "version": 3}, 409, "stale"),
        ({"token": ann, "action": "draw please", "version": 0}, 400, "invalid"),
        ({"token": ann, "action": "arrest 1 1 1 1", "version": 0}, 400, "invalid"),
        ({"token": ann, "action": "draw", "version": 0, "extra": 1}, 400, "bad_message"),
        ({"token": ann, "version": 0}, 400, "bad_message"),
    ]
    for body, status, code in checks:
        r = client.post(act, json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.json())
        assert r.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0
    r = client.post(act, json={"token": ann, "action": "draw", "version": 0})
    assert r.status_code == 200 and r.json() == {"version": 1}
    # The same move again is now stale, and the record stays closed while it runs.
    assert client.post(act, json={"token": ann, "action": "draw", "version": 0}).status_code == 409
    assert client.get(f"/api/tables/{tid}/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay?step=0").status_code == 409


def test_an_illegal_move_is_refused_with_the_rules_reason(client):
    tid, ann, bo = two_humans(client)
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo})
    table = client.app.state.hub.tables[tid]
    state = table.state
    legal = {str(a) for a in state.legal_actions()}
    illegal = next(f"investigate {n}" for n in range(1, 55) if f"investigate {n}" not in legal)
    r = client.post(f"/api/tables/{tid}/actions",
                    json={"token": ann, "action": illegal, "version": 0})
    assert r.status_code == 400 and r.json()["code"] == "illegal"
    assert illegal in r.json()["detail"]
    assert table.version == 0


def test_spectators_watch_but_cannot_act(client):
    tid, _, bo = two_humans(client)
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo})
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, state = hello(ws)
        assert welcome["seat"] is None and state["legal"] == []
        assert all(s["case"] is None for s in state["view"]["stands"])  # each is someone's
        for message, code in [({"type": "act", "action": "draw", "version": 0}, "spectator"),
                              ({"type": "back"}, "spectator")]:
            ws.send_text(json.dumps(message))
            assert ws.receive_json()["code"] == code
    r = client.post(f"/api/tables/{tid}/actions", json={"token": "", "action": "draw",
                                                        "version": 0})
    assert r.status_code == 403 and r.json()["code"] == "spectator"


def test_a_wrong_token_cannot_open_a_websocket_seat(client):
    tid, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "guess"}))
        error = ws.receive_json()
        assert error["code"] == "bad_token"
    with client.websocket_connect("/ws/tables/none") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        assert ws.receive_json()["code"] == "not_found"


def test_chat_reaches_everyone_and_is_replayed_on_connect(client):
    tid, ann, bo = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, ann)
        a.send_text(json.dumps({"type": "chat", "text": "  good luck  "}))
        line = a.receive_json()
        assert (line["type"], line["name"], line["text"]) == ("chat", "Ann", "good luck")
    with client.websocket_connect(f"/ws/tables/{tid}") as b:
        b.send_text(json.dumps({"type": "hello", "token": bo}))
        assert b.receive_json()["type"] == "welcome"
        assert b.receive_json()["text"] == "good luck"


def test_spectators_chat_marked_as_watching_and_held_to_a_rate(client):
    """A spectator's line reaches the players signed with its name and "(watching)", never
    as a seat's; its rate is its address's, so a new connection starts no new allowance."""
    tid, ann, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as player, \
            client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        hello(player, ann)
        hello(watcher, name="Cy")
        watcher.send_text(json.dumps({"type": "chat", "text": "nice move"}))
        while (line := player.receive_json())["type"] != "chat":
            pass
        assert line["text"] == "nice move"
        assert line["seat"] is None and line["watching"] is True
        assert line["name"] == "Cy (watching)"
        for _ in range(4):  # the rest of the burst of five
            watcher.send_text(json.dumps({"type": "chat", "text": "more"}))
        seen = [watcher.receive_json() for _ in range(5)]
        assert [m["type"] for m in seen] == ["chat"] * 5
    with client.websocket_connect(f"/ws/tables/{tid}") as again:  # a new connection
        hello(again)
        again.send_text(json.dumps({"type": "chat", "text": "and again"}))
        while (m := again.receive_json())["type"] == "chat":
            pass
        assert m["code"] == "too_fast"
    with client.websocket_connect(f"/ws/tables/{tid}") as seated:  # replayed, still marked
        seated.send_text(json.dumps({"type": "hello", "token": ann}))
        assert seated.receive_json()["type"] == "welcome"
        first = seated.receive_json()
        assert (first["name"], first["watching"]) == ("Cy (watching)", True)


def test_a_spectator_with_no_name_is_a_spectator_and_a_bad_name_is_refused(client):
    tid, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        hello(watcher)
        watcher.send_text(json.dumps({"type": "chat", "text": "hello"}))
        assert watcher.receive_json()["name"] == "a spectator (watching)"
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        watcher.send_text(json.dumps({"type": "hello", "name": "x" * 41}))
        assert watcher.receive_json()["code"] == "bad_message"


def test_replay_steps_through_a_finished_game_from_any_seat(client):
    tid, ann, bo = two_humans(client)
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo})
    hub = client.app.state.hub
    tokens = [ann, bo]
    while (state := hub.tables[tid].state).current_player is not None:
        seat = state.current_player
        client.post(f"/api/tables/{tid}/actions", json={
            "token": tokens[seat], "action": str(state.legal_actions()[0]),
            "version": len(state.history)})
    steps = len(state.history)
    first = client.get(f"/api/tables/{tid}/replay?seat=0&step=0").json()
    assert first["steps"] == steps and first["action"] is None and first["events"] == []
    assert first["view"]["stands"][0]["case"] is None  # seat 0 never sees its own case
    last = client.get(f"/api/tables/{tid}/replay?step={steps}").json()
    assert last["action"] == str(state.history[-1]) and last["view"] == state.view(None)
    one = client.get(f"/api/tables/{tid}/replay?seat=1&step=1").json()
    assert one["events"] and all(e["version"] == 1 for e in one["events"])
    assert client.get(f"/api/tables/{tid}/replay?step={steps + 1}").status_code == 400
    assert client.get(f"/api/tables/{tid}/replay?seat=5&step=1").status_code == 400

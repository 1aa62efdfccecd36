"""One seat, several tabs: whoever holds a seat's token always gets that seat.

Opening one invite link in two tabs at once used to give the tab that lost the race to
claim the seat ``seat_taken`` and close it. Now both connections are the seat: both get
its view and legal moves, and either may move.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from .conftest import hello, next_state


@pytest.fixture
def slow_claims(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Claiming a seat takes a while, as on a busy database: the two tabs' hellos are
    sure to overlap."""
    store = client.app.state.hub.store
    claim = store.claim_seat

    def slow(*args: Any, **kw: Any) -> Any:
        time.sleep(0.3)
        return claim(*args, **kw)

    monkeypatch.setattr(store, "claim_seat", slow)


def test_one_invite_link_opened_twice_at_once_seats_both_tabs(client, slow_claims):
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
        "name": "Ann"}).json()
    tid, token = made["table"]["id"], made["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as one, \
            client.websocket_connect(f"/ws/tables/{tid}") as two:
        for ws in (one, two):  # both hellos before either is answered
            ws.send_text(json.dumps({"type": "hello", "token": token, "name": "Bo"}))
        firsts = []
        for ws in (one, two):
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome", welcome
            assert welcome["seat"] == 1
            firsts.append(next_state(ws))
        assert all(s["table"]["seats"][1]["name"] == "Bo" for s in firsts)
        assert all(s["table"]["status"] == "running" for s in firsts)
        # Ann moves; both of Bo's tabs see it, with Bo's legal moves, and either acts
        with client.websocket_connect(f"/ws/tables/{tid}") as ann:
            _, state = hello(ann, made["token"])
            if state["to_move"] == 0:
                ann.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                          "version": state["version"]}))
            for ws in (one, two):
                state = next_state(ws)
                while state["to_move"] != 1:
                    state = next_state(ws)
                assert state["legal"]
            two.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                      "version": state["version"]}))
            version = state["version"] + 1
            for ws in (one, two):
                while state["version"] != version:
                    state = next_state(ws)


def test_a_seat_with_two_tabs_stays_connected_until_both_close(client):
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
        "name": "Ann"}).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        hello(watcher)
        with client.websocket_connect(f"/ws/tables/{tid}") as one:
            hello(one, made["token"])
            with client.websocket_connect(f"/ws/tables/{tid}") as two:
                hello(two, made["token"])
            state = next_state(watcher)
            while not state["table"]["seats"][0]["connected"]:
                state = next_state(watcher)
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["connected"] is False

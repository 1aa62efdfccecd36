"""The turn clock: a player who lets it run out is away, and a bot plays until they return."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from gangland.engine import Event
from gangland.server import lobby
from gangland.server.app import create_app
from gangland.server.messages import moved_for_away

from .conftest import hello, next_state, settings


def test_away_players_are_covered_by_a_bot_until_they_come_back(sqlite_url):
    with TestClient(create_app(settings(sqlite_url))) as client:
        hub = client.app.state.hub
        # Through the hub: the API allows no clock under 5 s, and tests should not wait.
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangster-city", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            name="Ann", think_ms=150, clock_s=1))
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, state = hello(ws, made["token"])
            assert state["legal"] and state["deadline"] is not None
            # Ann waits: the clock runs out, she is marked away and the bot moves for her.
            events = []
            while state["version"] == 0:
                state = next_state(ws)
                events += state["events"]
            assert state["table"]["seats"][0]["away"]
            # The log says the move was the bot's, not hers; the bot seat's own moves are
            # just moves.
            mine = [e for e in events if e["version"] == 1]
            assert mine[0]["text"].startswith("The clock ran out: a bot moved for P1: P1 ")
            assert mine[0]["data"]["by_bot"]
            assert not any("clock ran out" in e["text"] for e in mine[1:])
            assert client.get(f"/api/tables/{tid}").json()["seats"][0]["away"]
            ws.send_text(json.dumps({"type": "back"}))
            while state["table"]["seats"][0]["away"] or not state["legal"]:
                state = next_state(ws)
                assert state["table"]["status"] == "running"
            assert state["deadline"] is not None
            version = state["version"]
            ws.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                     "version": version}))
            state = next_state(ws)
            assert state["version"] == version + 1
        bots = hub.store.actions(tid)
        assert bots[0].by_bot and bots[0].seat == 0  # the move made for her is marked
        assert not bots[version].by_bot
        assert bots[0].events[0]["text"].startswith("The clock ran out")  # (and kept so)
        assert not any("clock ran out" in e["text"] for r in bots[1:] for e in r.events)


def test_a_move_made_for_an_away_player_says_so_in_every_seats_log():
    """The notice goes on the first event when everyone sees it; before a private first
    event it is one of its own, so the seats the private event is hidden from see it too."""
    public = Event("play", "P2 plays Vendetta.", data={"seat": 1})
    private = Event("drawn", "You draw: Hit.", to=frozenset((1,)), data={"seat": 1})
    marked = moved_for_away([public, private], 1)
    assert [e.text for e in marked] == [
        "The clock ran out: a bot moved for P2: P2 plays Vendetta.", "You draw: Hit."]
    assert marked[0].to is None and marked[0].data == {"seat": 1, "by_bot": True}
    first = moved_for_away([private, public], 1)
    assert [e.kind for e in first] == ["by-bot", "drawn", "play"]
    assert first[0].to is None and first[0].text == "The clock ran out: a bot moved for P2."


def test_no_clock_means_no_deadline(client):
    made = client.post("/api/tables", json={"game": "gangster-city", "players": 2}).json()
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        _, state = hello(ws, made["token"])
        assert state["deadline"] is None


def test_a_games_own_time_limit_forfeits_the_moves_left(sqlite_url):
    """Gangsters' 6.9: one deadline for the whole Movement Phase, however many decisions
    it takes; when it passes, the table plays ``done`` for the player (no bot, not away)."""
    with TestClient(create_app(settings(sqlite_url))) as client:
        hub = client.app.state.hub
        made = client.portal.call(lambda: lobby.create_table(
            hub, "gangsters", 2, options={"move_clock": 1},
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            name="Ann", think_ms=0, seed=3))  # a fixed deal, so the test's path is too
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            _, state = hello(ws, made["token"])
            # Ann plays her part of the setup and her Buy Phase with the first legal move,
            # and rolls; then she waits in the Movement Phase.
            while True:
                if state["legal"]:
                    texts = [a["text"] for a in state["legal"]]
                    if state["view"]["decision"]["kind"] in ("cop", "patrol", "exit"):
                        break
                    kind = state["view"]["decision"]["kind"]
                    # (a gang with Racketeers: one with none must recruit, 7.5, and its
                    # time running out forfeits nothing, decision 22)
                    choice = ("roll" if "roll" in texts else
                              texts[-1] if kind == "gang" else texts[0])
                    ws.send_text(json.dumps({"type": "act", "action": choice,
                                             "version": state["version"]}))
                state = next_state(ws)
            assert state["deadline"] is not None
            # She plays the cops and exits her turn asks of her, up to her first move.
            while not (state["legal"] and state["view"]["decision"]["kind"] == "move"):
                if state["legal"]:
                    ws.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                             "version": state["version"]}))
                state = next_state(ws)
            assert "done" in [a["text"] for a in state["legal"]]
            moving = state["view"]["turn"]
            waited_from = len(hub.store.actions(tid))
            while state["view"]["turn"] == moving:  # she waits: time runs out
                state = next_state(ws)
            assert not state["table"]["seats"][0]["away"]
        # Ann's forfeit, played while she waited (the random bot may play "done" too)
        assert any(a.text == "done" and a.seat == 0 and not a.by_bot
                   for a in hub.store.actions(tid)[waited_from:])

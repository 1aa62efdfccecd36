"""The hidden-information audit (issue 4): no message sent to a seat carries a hidden fact.

For random games of every registered game, player count and conformance preset, every
``state`` message and every seat's events are built exactly as the server builds them and
compared with what the seat's resamples would produce (``gangland.server.audit``). One real
game then goes over the WebSocket, and every message received is checked against the same
functions and audited on the server's own live state. Last, the audit is shown to fail on
planted leaks, so a green run means something.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

import gangland
from gangland.engine import Action, Event, Rng
from gangland.games.gangster_city.cards import cards_in
from gangland.games.gangster_city.rules import TableState
from gangland.server import audit, messages, prefs
from gangland.server.app import create_app
from gangland.server.config import Settings

MAX_ACTIONS = 20  # audited actions per window; two windows per game: its start and its end
RESAMPLES = 3
SEED = 11
CITY = gangland.load("gangster-city")


def configs(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    game = gangland.load(game_id)
    return [(players, dict(options))
            for players in range(game.min_players, game.max_players + 1)
            for options in game.conformance_options]


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_no_message_or_event_depends_on_a_hidden_fact(game_id: str):
    game = gangland.load(game_id)
    total = audit.AuditCounts()
    for players, options in configs(game_id):
        length = audit.game_length(game, players, options, SEED)
        windows = {0, max(0, length - MAX_ACTIONS)}  # the opening, and the end of the game
        for skip in sorted(windows):
            counts = audit.audit_playout(game, players, options, SEED, MAX_ACTIONS, RESAMPLES,
                                         skip=skip)
            assert counts.messages == counts.positions * (players + 1) * RESAMPLES
            total.add(counts)
    # Not vacuous: actions were replayed on resamples and their events really compared.
    assert total.events > 0, total
    assert total.event_tries >= total.events
    print(f"{game_id}: {total}")


# ----- a new case is shown to the others only --------------------------------------------


def _solving_position() -> tuple[TableState, Action]:
    """Two detectives; seat 0 has drawn four clues and is about to arrest its true case."""
    state = CITY.new_game(2, 5, {})
    assert isinstance(state, TableState)
    for _ in range(8):
        state.apply(state.parse_action("draw"))
    assert state.to_move == 0
    return state, state.deck.arrests[state.cases[0]]


def _audit_solve(resamples: int) -> int:
    before, action = _solving_position()
    after = before.clone()
    events = after.apply(action)
    assert any(e.kind == "new-case-shown" and e.to == frozenset({1}) for e in events)
    compared = 0
    for seat in audit.seats_of(before):
        _, n = audit.check_events(before, action, after, events, seat, Rng(3), resamples,
                                  f"solve seat {seat}")
        compared += n
    return compared


def test_the_solver_never_hears_its_new_case():
    before, _ = _solving_position()
    fits = len(list(cards_in(before._fits(0))))
    # Only resamples that give seat 0 its true case solve it too; with these clues that is
    # one in ``fits``, so enough resamples make the comparison certain to happen.
    assert _audit_solve(resamples=20 * fits) > 0


def test_the_audit_catches_addressed_events_sent_to_all(monkeypatch: pytest.MonkeyPatch):
    def to_everyone(log: Any, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"version": n, "kind": e.kind, "text": e.text, "data": e.data}
                for n, e in log if n > start]

    before, _ = _solving_position()
    fits = len(list(cards_in(before._fits(0))))
    monkeypatch.setattr(messages, "log_for", to_everyone)
    with pytest.raises(AssertionError, match="other events"):
        _audit_solve(resamples=20 * fits)


# ----- the audit fails on planted leaks ----------------------------------------------------


def test_the_audit_catches_a_view_that_shows_a_seat_its_own_case(
        monkeypatch: pytest.MonkeyPatch):
    honest = TableState.view

    def leaky(self: TableState, seat: int | None) -> dict[str, Any]:
        view = honest(self, seat)
        if seat is not None and self.cases[seat] >= 0:
            view["stands"][seat]["case"] = self.cases[seat] + 1
        return view

    monkeypatch.setattr(TableState, "view", leaky)
    with pytest.raises(AssertionError, match="changes under resampling"):
        audit.audit_playout(CITY, 2, {}, SEED, 5, RESAMPLES)


def test_the_audit_catches_legal_actions_sent_to_every_seat(monkeypatch: pytest.MonkeyPatch):
    def to_all(state: Any, seat: int | None, describe: Any) -> list[dict[str, str]]:
        return [{"text": str(a), "label": describe(a)} for a in state.legal_actions()]

    monkeypatch.setattr(messages, "legal_for", to_all)
    with pytest.raises(AssertionError, match="sent legal actions"):
        audit.audit_playout(CITY, 2, {}, SEED, 5, RESAMPLES)


def test_the_audit_catches_an_event_that_tells_the_investigator_its_case(
        monkeypatch: pytest.MonkeyPatch):
    honest = TableState._investigate

    def leaky(self: TableState, seat: int, card: int, how: str) -> list[Event]:
        return [Event(e.kind, e.text, e.to, {**e.data, "case": self.cases[seat] + 1})
                for e in honest(self, seat, card, how)]

    monkeypatch.setattr(TableState, "_investigate", leaky)
    # Random play in Gangster City is mostly arrests, so investigate on purpose (a face-up
    # card, not a blind draw that resamples change): the seat's resampled cases often give
    # the same count, so the same view, and then the leak shows.
    state = CITY.new_game(2, SEED, {})
    with pytest.raises(AssertionError, match="other events"):
        for _ in range(6):
            before = state.clone()
            action = state.legal_actions()[0]  # a face-up card: the same in every resample
            assert action.kind == "investigate"
            events = state.apply(action)
            for seat in audit.seats_of(state):
                audit.check_events(before, action, state, events, seat, Rng(1), RESAMPLES)


# ----- the wire --------------------------------------------------------------------------

TABLE_KEYS = {"id", "game", "title", "players", "status", "version", "options", "seats",
              "to_move", "winners", "think_ms", "clock_s", "invite_only", "created", "updated",
              "again", "again_of"}  # (a rematch's id and the table it follows: public)
MAX_WIRE_MOVES = 300


def _volatile_free(table: dict[str, Any]) -> dict[str, Any]:
    """A table summary without what changes by itself: timestamps and who is connected."""
    return {**{k: v for k, v in table.items() if k not in ("created", "updated")},
            "seats": [{k: v for k, v in s.items() if k != "connected"} for s in table["seats"]]}


class Wire:
    """The test's side of one game: connections, what the server held at each version."""

    def __init__(self, app: Any, table_id: str) -> None:
        self.live = app.state.hub.tables[table_id]
        self.describe = audit.describe_for(self.live.game, self.live.state)
        self.states: dict[int, Any] = {}
        self.tables: dict[int, dict[str, Any]] = {}
        self.last: dict[int | None, dict[str, Any]] = {}
        self.received = 0

    def settle(self) -> None:
        """The server has reached a new version: remember its state and table there."""
        version = self.live.version
        self.states[version] = self.live.state.clone()
        self.tables[version] = _volatile_free(self.live.summary())

    def check(self, seat: int | None, message: dict[str, Any]) -> None:
        """One received message, against what the server's own functions give this seat."""
        self.received += 1
        assert not audit.has_key(message, "seed"), message
        if message["type"] != "state":
            assert message["type"] in ("welcome", "chat"), message
            return
        version = message["version"]
        if version not in self.states:  # the first news of a move: the server just made it
            assert self.live.version == version
            self.settle()
        state = self.states[version]
        log = [entry for entry in self.live.log if entry[0] <= version]
        table = message["table"]
        playing = table["status"] == "running"  # nobody may act while seats are empty
        standing = None if seat is None else prefs.standing_entry(self.live, seat)
        expected = messages.state_message(state, seat, table, log, message["log_from"], None,
                                          self.describe, playing=playing, standing=standing)
        if "reset" in message:  # a new connection's first state (the log's newest page)
            expected = {**expected, "reset": True}
        assert message == audit.normal(expected)
        if playing:
            audit.check_protocol(state, seat, message, f"wire move {version}")
        assert set(table) == TABLE_KEYS
        if version:  # at 0 the seats fill up while the first messages go out
            assert _volatile_free(table) == self.tables[version]
        if seat is not None:
            own = state.cases[seat]
            if message["view"]["terminal"]:  # the end lays every case open (decision 11)
                assert message["view"]["stands"][seat]["case"] == (None if own < 0 else own + 1)
            else:
                assert message["view"]["stands"][seat]["case"] is None, "a seat sees its own case"
            other = 1 - seat  # and the other's case it does see, so the check is not idle
            case = state.cases[other]
            assert message["view"]["stands"][other]["case"] == (None if case < 0 else case + 1)
        self.last[seat] = message

    def read(self, ws: Any, seat: int | None, version: int) -> None:
        """Read and check messages until this connection's state for ``version`` arrives
        from a running table (earlier ones, sent while seats were empty, are checked too)."""
        while True:
            message = ws.receive_json()
            assert message["type"] != "error", message
            self.check(seat, message)
            if (message["type"] == "state" and message["version"] == version
                    and message["table"]["status"] != "open"):
                return


def test_a_game_over_the_wire_tells_each_seat_only_its_own(tmp_path: Any):
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path}/t.db", bot_pool="thread",
                              think_ms=0))
    with TestClient(app) as client:
        made = client.post("/api/tables", json={
            "game": "gangster-city", "players": 2, "name": "Ann",
            "seats": [{"kind": "human"}, {"kind": "human"}],
        })
        assert made.status_code == 200, made.text
        body = made.json()
        table_id = body["table"]["id"]
        tokens = {0: body["token"], 1: body["invites"][0]["token"]}
        assert not audit.has_key(body, "seed")
        wire = Wire(app, table_id)
        wire.settle()

        def refused_while_playing() -> None:
            """Records and replays wait for the end; the lobby's answers never hold the seed."""
            for path in ("record", "replay?seat=0&step=0", "replay?step=0"):
                answer = client.get(f"/api/tables/{table_id}/{path}")
                assert answer.status_code == 409, (path, answer.text)
                assert not audit.has_key(answer.json(), "seed")
            for path in (f"/api/tables/{table_id}", "/api/tables"):
                assert not audit.has_key(client.get(path).json(), "seed"), path

        refused_while_playing()  # open
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as ws0, client.websocket_connect(url) as ws1, \
                client.websocket_connect(url) as spectator:
            sockets = {0: ws0, 1: ws1, None: spectator}
            for seat, ws in sockets.items():
                token = {} if seat is None else {"token": tokens[seat]}
                ws.send_text(json.dumps({"type": "hello", **token}))
            for seat, ws in sockets.items():  # once everyone is seated, play starts
                wire.read(ws, seat, 0)
            assert wire.live.status == "running"
            refused_while_playing()  # running

            choose = Rng(SEED)
            moves = 0
            while not wire.live.state.is_terminal and moves < MAX_WIRE_MOVES:
                version = wire.live.version
                mover = wire.live.state.current_player
                legal = wire.last[mover]["legal"]
                assert legal and all(not wire.last[s]["legal"] for s in sockets if s != mover)
                action = choose.choice(legal)["text"]
                sockets[mover].send_text(json.dumps(
                    {"type": "act", "action": action, "version": version}))
                for seat, ws in sockets.items():
                    wire.read(ws, seat, version + 1)
                moves += 1
                if not wire.live.state.is_terminal:
                    refused_while_playing()
            assert wire.live.state.is_terminal, "random play should end well within the cap"

        # Every position the server held passes the audit, on its own state and its own log.
        rng = Rng(SEED + 5)
        compared = 0
        for version, state in sorted(wire.states.items()):
            audit.audit_position(state, wire.describe, rng, RESAMPLES, f"wire move {version}")
            if version:
                before = wire.states[version - 1]
                events = [e for n, e in wire.live.log if n == version]
                for seat in audit.seats_of(state):
                    compared += audit.check_events(before, state.history[-1], state, events,
                                                   seat, rng, RESAMPLES,
                                                   f"wire move {version}")[1]
        assert compared > 0
        assert wire.received > 3 * moves
        print(f"wire: {moves} moves, {wire.received} messages checked, "
              f"{compared} event comparisons on the server's states")
        # Two cases to win: the first solve deals a new case, shown to the other seat only,
        # so the log filtering above really had an addressed event to keep from the solver.
        assert any(e.to is not None for _, e in wire.live.log)

        # After the end, the record and each seat's replay open; a replay shows a seat no
        # more than it saw during the game.
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200 and "seed" in record.json()
        for step in (0, moves // 2, moves):
            for seat in audit.seats_of(wire.live.state):
                query = f"step={step}" + ("" if seat is None else f"&seat={seat}")
                seen = client.get(f"/api/tables/{table_id}/replay?{query}").json()
                assert seen["view"] == audit.normal(wire.states[step].view(seat))
                log = [entry for entry in wire.live.log if entry[0] == step]
                assert seen["events"] == audit.normal(messages.log_for(log, seat, step - 1))

"""What one client may cost the server: body sizes, chat rate and storage, send queues,
and the security headers on every answer (docs/web.md, "Limits")."""

from __future__ import annotations

import asyncio
import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gangland.server.app import create_app
from gangland.server.chat import chat_tail
from gangland.server.config import Settings
from gangland.server.live import Subscriber

from .conftest import hello, next_state, settings


def two_humans(client):
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
        "name": "Ann"}).json()
    tid, ann, bo = made["table"]["id"], made["token"], made["invites"][0]["token"]
    client.post(f"/api/tables/{tid}/join", json={"seat": 1, "token": bo, "name": "Bo"})
    return tid, ann, bo


# ----- HTTP bodies ------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_and_changes_nothing(client):
    before = client.get("/api/tables").json()
    body = json.dumps({"game": "gangster-city", "players": 2, "name": "x" * 100_000})
    r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json() == {"detail": "a request body has at most 65536 bytes", "code": "too_big"}
    assert client.get("/api/tables").json() == before


def test_a_streamed_body_is_counted_as_it_comes(client):
    """No Content-Length (chunked): refused once the bytes so far pass the limit."""
    sent = []

    def chunks():
        for _ in range(100):
            sent.append(1)
            yield b" " * 10_000

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_big"


def test_the_largest_request_the_client_makes_is_well_within_the_limit(client):
    """Six seats, each a bot of the longest spec or a person, long names, every option."""
    games = {g["id"]: g for g in client.get("/api/games").json()}
    game = games["gangsters"]
    options = {o["name"]: o["default"] for o in game["options"]}
    body = {"game": "gangsters", "players": game["max_players"], "options": options,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}]
            * (game["max_players"] - 1),
            "name": "N" * 40, "seat": 0, "think_ms": 10_000, "clock_s": 86_400,
            "invite_only": True}
    text = json.dumps(body)
    # the longest the schema allows: 200-character name, 160-character bot specs
    longest = json.dumps({**body, "name": "N" * 200,
                          "seats": [{"kind": "bot", "bot": "b" * 160}] * 6})
    assert len(longest) < Settings(db_url="sqlite://").max_body_bytes / 8
    r = client.post("/api/tables", content=text, headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text


def test_the_body_limit_is_a_setting(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, max_body_bytes=100))) as client:
        r = client.post("/api/tables", json={"game": "gangster-city", "players": 2,
                                             "name": "x" * 100})
        assert (r.status_code, r.json()["detail"]) == (
            413, "a request body has at most 100 bytes")
        assert client.post("/api/tables", json={"game": "gangster-city",
                                                "players": 2}).status_code == 200


@pytest.mark.parametrize("name, value", [
    ("max_body_bytes", 0), ("chat_burst", 0), ("chat_every_s", 0.0), ("send_queue", 50)])
def test_a_limit_that_cannot_work_is_refused_with_its_name(name, value):
    with pytest.raises(ValueError, match=name):
        Settings(db_url="sqlite://", **{name: value})


# ----- security headers -------------------------------------------------------------------


def test_every_kind_of_answer_carries_the_security_headers(client):
    tid, ann, _ = two_humans(client)
    answers = [
        client.get("/"),                                   # a page
        client.get(f"/table/{tid}"),                       # the table page
        client.get("/static/js/dom.js"),                   # a static file
        client.get("/static/css/gangland.css"),
        client.get("/static/nothing.js"),                  # a missing file
        client.get("/api/games"),                          # the API
        client.get("/api/tables/none"),                    # a refusal (404)
        client.post(f"/api/tables/{tid}/actions", json={"token": ann}),  # a bad body (400)
        client.post("/api/tables", content=b"{" * 70_000,
                    headers={"content-type": "application/json"}),        # too big (413)
        client.put("/api/games"),                          # a wrong method (405)
        client.get("/openapi.json"),
    ]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 404, 200, 404, 400, 413,
                                                405, 200]
    for r in answers:
        where = (r.request.method, r.request.url.path, r.status_code)
        assert r.headers.get("x-content-type-options") == "nosniff", where
        assert r.headers.get("referrer-policy") == "no-referrer", where
        assert r.headers.get("x-frame-options") == "DENY", where
        csp = {d.split()[0]: d.split()[1:]
               for d in r.headers.get("content-security-policy", "").split("; ")}
        assert csp.get("default-src") == ["'self'"], where
        assert csp.get("script-src") == ["'self'"], where
        assert csp.get("style-src") == ["'self'"], where  # no 'unsafe-inline'
        assert csp.get("connect-src") == ["'self'"], where
        assert csp.get("frame-ancestors") == ["'none'"], where
        assert csp.get("base-uri") == ["'none'"], where
        assert csp.get("form-action") == ["'self'"], where


def test_no_interactive_docs_that_load_code_from_elsewhere(client):
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404


# ----- chat ---------------------------------------------------------------------------------


def test_a_rate_limit_gives_a_burst_then_one_line_a_period():
    from gangland.server.limits import RateLimit

    now = [0.0]
    limit = RateLimit(burst=3, every_s=2.0, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0, 0, 0]
    assert limit.take("a") == pytest.approx(2.0)
    assert limit.take("b") == 0  # every key its own bucket
    now[0] = 1.0
    assert limit.take("a") == pytest.approx(1.0)  # a refused try uses nothing
    now[0] = 2.0
    assert limit.take("a") == 0 and limit.take("a") == pytest.approx(2.0)
    now[0] = 100.0
    assert [limit.take("a") for _ in range(4)][-1] > 0  # the burst never grows past 3


def test_chat_past_the_burst_is_refused_precisely_and_stores_nothing(sqlite_url):
    # One line per 1000 s after the burst: the refusal cannot depend on the machine's speed.
    with TestClient(create_app(settings(sqlite_url, chat_burst=3,
                                        chat_every_s=1000.0))) as client:
        tid, ann, bo = two_humans(client)
        hub = client.app.state.hub
        with client.websocket_connect(f"/ws/tables/{tid}") as a, \
                client.websocket_connect(f"/ws/tables/{tid}") as b:
            hello(a, ann)
            hello(b, bo)
            for n in range(3):
                a.send_text(json.dumps({"type": "chat", "text": f"line {n}"}))
                while (m := a.receive_json())["type"] != "chat":
                    pass
                assert m["text"] == f"line {n}"
            a.send_text(json.dumps({"type": "chat", "text": "one too many"}))
            while (m := a.receive_json())["type"] != "error":
                pass
            assert m["code"] == "too_fast"
            assert m["message"].startswith("slow down: 3 chat lines at once, then one every "
                                           "1000 s (next in ")
            b.send_text(json.dumps({"type": "chat", "text": "Bo has his own"}))
            while (m := b.receive_json())["type"] != "error" and m.get("seat") != 1:
                pass
            assert m["type"] == "chat" and m["text"] == "Bo has his own"
        lines = client.portal.call(chat_tail, hub, hub.tables[tid])
        assert [line["text"] for line in lines] == ["line 0", "line 1", "line 2",
                                                    "Bo has his own"]


def test_switching_auto_pass_has_a_rate_too_and_the_same_value_sends_nothing(sqlite_url):
    """Each switch is stored and sent to every connection: a seat flipping it without end
    would flood the table. Past the burst it is refused; switching to the value the seat
    already has changes nothing and tells nobody."""
    with TestClient(create_app(settings(sqlite_url, chat_burst=3,
                                        chat_every_s=1000.0))) as client:
        tid, ann, _ = two_humans(client)
        hub = client.app.state.hub
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, ann)
            for on in (False, True, False):
                a.send_text(json.dumps({"type": "auto_pass", "on": on}))
                while (m := a.receive_json())["type"] != "state" or \
                        m["table"]["seats"][0]["auto_pass"] is not on:
                    pass
            a.send_text(json.dumps({"type": "auto_pass", "on": False}))  # no change: silent
            a.send_text(json.dumps({"type": "auto_pass", "on": True}))  # the fourth switch
            m = a.receive_json()
            assert m["type"] == "error" and m["code"] == "too_fast", m
            assert m["message"].startswith("slow down: auto-pass may be switched 3 times at "
                                           "once, then once every 1000 s (next in ")
        assert hub.tables[tid].seats[0].auto_pass is False
        assert hub.store.seats(tid)[0]["auto_pass"] is False


def test_a_table_keeps_only_its_newest_chat_lines(db_url):
    with TestClient(create_app(settings(db_url, chat_kept=4, chat_burst=50))) as client:
        tid, ann, _ = two_humans(client)
        other, ann2, _ = two_humans(client)
        hub = client.app.state.hub
        for table, token, count in ((tid, ann, 10), (other, ann2, 2)):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                hello(ws, token)
                for n in range(count):
                    ws.send_text(json.dumps({"type": "chat", "text": f"{n}"}))
                    while ws.receive_json()["type"] != "chat":
                        pass
        store = hub.store
        assert [line["text"] for line in store.chat(tid)] == ["6", "7", "8", "9"]
        assert [line["text"] for line in store.chat(other)] == ["0", "1"]


# ----- send queues --------------------------------------------------------------------------


def test_a_subscriber_that_lets_its_queue_fill_is_dropped_not_waited_for():
    async def run() -> None:
        dropped = []
        slow, quick = Subscriber(0, limit=3), Subscriber(1, limit=3)
        slow.on_drop = lambda: dropped.append(True)
        for n in range(5):
            for sub in (slow, quick):
                sub.push({"n": n})
            while quick.queue.qsize():  # the quick one's writer keeps up
                quick.queue.get_nowait()
        assert slow.too_slow and slow.ended and dropped == [True]
        assert slow.queue.qsize() == 4  # three messages and the end marker: no more
        assert not quick.too_slow and not quick.ended

    asyncio.run(run())


def test_a_reader_too_slow_for_its_queue_is_closed_and_the_table_goes_on(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, send_queue=110))) as client:
        tid, ann, bo = two_humans(client)
        hub = client.app.state.hub
        live = hub.tables[tid]
        with client.websocket_connect(f"/ws/tables/{tid}") as slow, \
                client.websocket_connect(f"/ws/tables/{tid}") as quick:
            hello(slow, bo)
            _, state = hello(quick, ann)
            while not state["table"]["seats"][1]["connected"]:
                state = next_state(quick)
            next_state(slow)  # Ann sat down: Bo's queue is empty again
            sub = next(s for s in live.subscribers if s.seat == 1)

            def flood() -> None:  # all at once: its writer cannot send one in between
                for n in range(200):
                    sub.push(json.dumps({"type": "noise", "n": n}))

            client.portal.call(flood)
            assert sub.too_slow and sub.queue.qsize() <= 111
            with pytest.raises(WebSocketDisconnect) as closed:
                message = slow.receive_json()  # what was waiting is dropped with it: it is
                raise AssertionError(message)  # stale, a reconnection gets the whole state
            assert closed.value.code == 1013 and "too slow" in closed.value.reason
            # The others never waited: Ann plays on, and sees Bo leave.
            quick.send_text(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                                        "version": state["version"]}))
            after = next_state(quick)
            while after["version"] == 0 or after["table"]["seats"][1]["connected"]:
                after = next_state(quick)
            assert sub not in live.subscribers

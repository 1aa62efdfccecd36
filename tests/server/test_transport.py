"""The wire itself: malformed and oversized frames, clients that vanish mid-message, and
readers that stop reading; on the TestClient and on real uvicorn servers over loopback.

Every check here is bounded in count and time and sends to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect

from gangland.server.app import create_app

from .conftest import ServerProcess, free_port, hello, settings


def two_humans(client: Any) -> tuple[str, str, str]:
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2,
        "name": "Ann"})
    made = made.json()
    return made["table"]["id"], made["token"], made["invites"][0]["token"]


# ----- on the TestClient --------------------------------------------------------------------


def test_a_binary_frame_is_refused_precisely_and_the_connection_kept(client):
    tid, ann, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, ann)
        ws.send_bytes(b"\x00\x01binary")
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "bad_message"
        assert "binary" in error["message"] and error["version"] == 0
        ws.send_text(json.dumps({"type": "chat", "text": "still here"}))
        while (m := ws.receive_json())["type"] != "chat":
            pass
        assert m["text"] == "still here"


def test_a_binary_hello_is_refused_and_the_connection_closed(client):
    tid, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_bytes(json.dumps({"type": "hello"}).encode())
        error = ws.receive_json()
        assert error["code"] == "bad_message" and "binary" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_message_over_the_size_limit_closes_the_connection_with_1009(client):
    tid, ann, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, ann)
        ws.send_text(json.dumps({"type": "chat", "text": "x" * 20_000}))
        error = ws.receive_json()
        assert (error["code"], error["message"]) == ("too_big",
                                                     "a message has at most 16384 bytes")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009 and closed.value.reason == error["message"]
    # Within the size limit, an over-long message is refused and the connection kept.
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, ann)
        ws.send_text(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert ws.receive_json()["code"] == "bad_message"
        ws.send_text(json.dumps({"type": "chat", "text": "fine"}))
        while (m := ws.receive_json())["type"] != "chat":
            pass
        assert m["text"] == "fine"


# ----- on real servers ----------------------------------------------------------------------


class RawSocket:
    """A WebSocket client by hand, to send what no library would: half a frame, then go."""

    def __init__(self, port: int, table_id: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 101"), answer

    @staticmethod
    def frame(opcode: int, payload: bytes) -> bytes:
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def send_text(self, text: str) -> None:
        self.sock.sendall(self.frame(1, text.encode()))

    def send_binary(self, data: bytes) -> None:
        self.sock.sendall(self.frame(2, data))

    def send_part(self, text: str) -> None:
        """The first half of a frame, and no more."""
        whole = self.frame(1, text.encode())
        self.sock.sendall(whole[: len(whole) // 2])

    def reset(self) -> None:
        """Go at once: a TCP reset, no close frame."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def wait_for(predicate: Any, seconds: float = 30.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_gangland_serve_refuses_bad_frames_and_leaves_no_traceback(sqlite_url):
    """The real ``gangland serve``: uvicorn holds WebSocket messages to the size limit, and
    clients that send binary, too much, or half a frame and vanish leave nothing in its
    log (stderr, warnings and up)."""
    from websockets.exceptions import ConnectionClosed

    server = ServerProcess(sqlite_url)
    try:
        with server.http() as http:
            made = http.post("/api/tables", json={
                "game": "gangster-city", "players": 2, "name": "Ann",
                "seats": [{"kind": "human"}] * 2}).json()
        tid, ann = made["table"]["id"], made["token"]
        with server.ws(tid) as ws:
            ws.send(b"\x00binary hello")
            assert json.loads(ws.recv(timeout=15))["code"] == "bad_message"
        with server.ws(tid) as ws:
            ws.send(json.dumps({"type": "hello", "token": ann}))
            while json.loads(ws.recv(timeout=15))["type"] != "state":
                pass
            ws.send(b"\x00binary")
            error = json.loads(ws.recv(timeout=15))
            assert error["code"] == "bad_message" and "binary" in error["message"]
            ws.send("x" * 20_000)  # over the 16 KiB limit: uvicorn closes, unread
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=15)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        for go in ("bad hello", "half a hello", "hello", "half a message", "mid-send"):
            raw = RawSocket(server.port, tid)
            if go == "bad hello":
                raw.send_text(json.dumps({"type": "hello", "token": "forged"}))
            elif go == "half a hello":
                raw.send_part(json.dumps({"type": "hello"}))
            else:
                raw.send_text(json.dumps({"type": "hello", "token": ann}))
            if go == "half a message":
                raw.send_part(json.dumps({"type": "chat", "text": "never finished"}))
            if go == "mid-send":
                raw.send_text(json.dumps({"type": "chat", "text": "and gone"}))
            raw.reset()
        with server.http() as http:  # it still serves, and the table is unchanged
            table = http.get(f"/api/tables/{tid}").json()
            assert table["version"] == 0
    finally:
        server.stop()
    assert server.proc.stderr is not None
    log = server.proc.stderr.read().decode()
    assert "Traceback" not in log and "Exception" not in log, log


class InProcess:
    """uvicorn in a thread of this process, with its own event loop (so a test can run code
    on it) and its log records going to the root logger (so ``caplog`` sees them)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.port = free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_config=None)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=lambda: self.loop.run_until_complete(self.server.serve()), daemon=True)

    def __enter__(self) -> InProcess:
        self.thread.start()
        wait_for(lambda: self.server.started, 20)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    def call(self, fn: Any) -> Any:
        """Run ``fn()`` on the server's loop and return what it returns."""
        async def run() -> Any:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(20)


@pytest.fixture
def in_process(sqlite_url: str) -> Iterator[InProcess]:
    with InProcess(create_app(settings(sqlite_url))) as running:
        yield running


def test_a_stalled_reader_is_dropped_even_while_a_send_to_it_waits(in_process, caplog):
    """A client that never reads fills its socket; the writer then waits in ``send``. The
    queue behind it fills; the connection is dropped, and the table goes on for others."""
    from websockets.sync.client import connect

    caplog.set_level(logging.WARNING)
    hub = in_process.app.state.hub
    made = json.loads(_post(in_process.port, "/api/tables", {
        "game": "gangster-city", "players": 2, "name": "Ann",
        "seats": [{"kind": "human"}] * 2}))
    tid, ann, bo = made["table"]["id"], made["token"], made["invites"][0]["token"]
    stalled = RawSocket(in_process.port, tid)
    stalled.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.send_text(json.dumps({"type": "hello", "token": bo, "name": "Bo"}))
    live = in_process.call(lambda: hub.tables[tid])
    sub = wait_for(lambda: next((s for s in list(live.subscribers) if s.seat == 1), None))
    with connect(f"ws://127.0.0.1:{in_process.port}/ws/tables/{tid}") as quick:
        quick.send(json.dumps({"type": "hello", "token": ann}))
        while (state := json.loads(quick.recv(timeout=15)))["type"] != "state":
            pass
        big = "x" * 65_536  # one string, pushed many times: the test's own memory stays small
        for _ in range(40):  # at most 40 x 40 x 64 KiB (100 MB) offered, bounded
            in_process.call(lambda: [sub.push(big) for _ in range(40)])
            if sub not in live.subscribers:
                break
        assert wait_for(lambda: sub not in live.subscribers), "never dropped"
        assert sub.queue.qsize() <= 257  # the limit and the end marker
        # Ann was never held up: she plays, and her state comes.
        quick.send(json.dumps({"type": "act", "action": state["legal"][0]["text"],
                               "version": state["version"]}))
        while (state := json.loads(quick.recv(timeout=15)))["type"] != "state" \
                or state["version"] < 1:
            pass
    stalled.reset()
    assert not [r for r in caplog.records if r.exc_info], caplog.text


def _post(port: int, path: str, body: dict[str, Any]) -> str:
    import httpx

    return httpx.post(f"http://127.0.0.1:{port}{path}", json=body, timeout=15).text


def _request(port: int, head: bytes, body: bytes) -> bytes:
    """Send ``head`` and part of a body, never the rest; the answer that comes anyway."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(head + body)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


def test_a_body_past_the_limit_is_answered_before_it_ends(in_process):
    """Neither a declared length over the limit nor a streamed body past it is waited for
    (a server reading bodies whole would wait for the rest, and answer nothing)."""
    declared = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 50000000\r\n\r\n")
    answer = _request(in_process.port, declared, b"{")
    assert answer.startswith(b"HTTP/1.1 413"), answer
    streamed = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunks = b"".join(b"4000\r\n" + b" " * 0x4000 + b"\r\n" for _ in range(5))  # 80 KiB
    answer = _request(in_process.port, streamed, chunks)  # and no closing chunk, ever
    assert answer.startswith(b"HTTP/1.1 413"), answer

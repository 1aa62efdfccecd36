"""The WebSocket of a table: one seat's (or a spectator's) live connection.

The client says ``hello`` (with its seat token, or none to watch); from then on it gets
its own ``state`` after every change and may send ``act``, ``take_back``, ``chat``,
``auto_pass``, ``standing`` and ``back``. A refused message gets an ``error`` to the sender only and
changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from . import prefs
from .addresses import client_address
from .chat import chat, chat_tail
from .hub import Hub
from .live import LiveTable, Subscriber
from .lobby import clean_name, join
from .messages import Refused
from .takeback import take_back

router = APIRouter()

HELLO_TIMEOUT_S = 30
MAX_MESSAGE = 4096
#: How long a closing socket may take to send what it still has, and its close frame.
CLOSE_TIMEOUT_S = 5


def client_data(live: LiveTable) -> dict[str, Any]:
    """The game's static public drawing data, from its optional ``web`` module."""
    import importlib

    name = f"gangland.games.{live.game.id.replace('-', '_')}.web"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return {}
        raise
    data: dict[str, Any] = module.client_data(live.state.options)
    return data


def parse(text: str) -> dict[str, Any]:
    """A client message: a JSON object with a ``type``, or a precise refusal."""
    if len(text) > MAX_MESSAGE:
        raise Refused("bad_message", f"a message has at most {MAX_MESSAGE} characters")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Refused("bad_message", f"not JSON: {exc.msg}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise Refused("bad_message", "a message is a JSON object with a type")
    return message


async def receive_text(ws: WebSocket) -> str:
    """The client's next message. Starlette's ``receive_text`` fails with a ``KeyError`` on
    a binary frame; here it is refused like any other malformed message."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if not isinstance(text, str):
        raise Refused("bad_message", "a message is JSON sent as text; binary frames are not "
                                     "understood")
    return text


async def writer(ws: WebSocket, sub: Subscriber) -> None:
    """Send the subscriber's queued messages in order until it is closed."""
    while (text := await sub.queue.get()) is not None:
        await ws.send_text(text)


async def greet(hub: Hub, ws: WebSocket, table_id: str) -> tuple[LiveTable, Subscriber]:
    """Read ``hello``, seat the connection (claiming an unclaimed seat), send the welcome."""
    live = await hub.get(table_id)
    try:
        text = await asyncio.wait_for(receive_text(ws), HELLO_TIMEOUT_S)
    except TimeoutError:
        raise Refused("bad_message", "say hello first") from None
    hello = parse(text)
    if hello["type"] != "hello":
        raise Refused("bad_message", f"say hello first, not {hello['type']!r}")
    token = hello.get("token")
    if token is None and "key" in hello:  # watching with the table's link (or a seat's)
        hub.viewer(live, hello.get("key"))
        seat = None
    else:
        seat = hub.seat_for(live, token)
    if seat is not None:
        if not live.seats[seat].claimed:
            await join(hub, table_id, seat, clean_name(hello.get("name"), seat), token)
        await hub.back(live, seat)
    given = hello.get("name")  # a spectator's, for its chat lines (none: "a spectator")
    watcher = clean_name(given, 0) if seat is None and given not in (None, "") else None
    sub = Subscriber(seat, hub.settings.send_queue, client_address(ws.scope), watcher)
    sub.push({"type": "welcome", "seat": seat, "table": live.summary(),
              "client_data": client_data(live), "rules": live.game.rules_text()})
    for line in await chat_tail(hub, live):
        sub.push(line)
    hub.subscribe(live, sub)  # first, so this seat's first state shows it connected
    sub.push(hub.first_message(live, seat))
    return live, sub


async def serve_messages(hub: Hub, ws: WebSocket, live: LiveTable,
                         sub: Subscriber) -> tuple[int, str]:
    """Act on the client's messages until it goes (``WebSocketDisconnect``) or sends one
    too big to read (the close code and reason to end the connection with)."""
    limit = hub.settings.max_message_bytes
    while True:
        try:
            text = await receive_text(ws)
        except Refused as refused:
            sub.push(refused.to_json(live.version))
            continue
        if 4 * len(text) > limit and len(text.encode()) > limit:  # (UTF-8: 1-4 bytes a
            # character, so only a long text is encoded to be measured)
            reason = f"a message has at most {limit} bytes"
            sub.push(Refused("too_big", reason).to_json(live.version))
            return 1009, reason
        # Shielded: when the connection ends meanwhile, a move being stored still finishes
        # (the database and this process's copy of the table never disagree).
        await asyncio.shield(handle(hub, live, sub, text))


async def handle(hub: Hub, live: LiveTable, sub: Subscriber, text: str) -> None:
    """One client message: acted on, or refused to the sender only."""
    try:
        message = parse(text)
        kind = message["type"]
        if kind == "act":
            if sub.seat is None:
                raise Refused("spectator", "spectators cannot act")
            await hub.act_as(live, sub.seat, message.get("action"), message.get("version"),
                             by_bot=False)
        elif kind == "take_back":
            await take_back(hub, live, sub.seat, message.get("version"))
        elif kind == "chat":
            await chat(hub, live, sub.seat, message.get("text"), sub)
        elif kind == "auto_pass":
            if sub.seat is None:
                raise Refused("spectator", "spectators have no moves to pass")
            await prefs.set_auto_pass(hub, live, sub.seat, message.get("on"))
        elif kind == "standing":
            if sub.seat is None:
                raise Refused("spectator", "spectators have no questions to answer")
            await prefs.set_standing(hub, live, sub.seat, message.get("answer"))
        elif kind == "back":
            if sub.seat is None:
                raise Refused("spectator", "spectators have no seat to come back to")
            await hub.back(live, sub.seat)
        else:
            raise Refused("bad_message", f"unknown message type {kind!r}")
    except Refused as refused:
        sub.push(refused.to_json(live.version))


async def close(ws: WebSocket, code: int, reason: str) -> None:
    """Close the socket, unless the client is gone already or too stalled to be told."""
    with contextlib.suppress(WebSocketDisconnect, WebSocketDisconnected, TimeoutError):
        await asyncio.wait_for(ws.close(code, reason), CLOSE_TIMEOUT_S)


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Mark a task's exception seen: a client gone mid-send is no error worth a log line."""
    if not task.cancelled():
        task.exception()


async def attend(hub: Hub, ws: WebSocket, live: LiveTable, sub: Subscriber) -> None:
    """Read and write until one side ends, then close as that calls for.

    The reader ends when the client goes or sends a message too big; the writer when the
    subscriber is closed (the server stops) or dropped for reading too slowly, which cancels
    it even in the middle of a send that the client's full socket holds up.
    """
    send = asyncio.create_task(writer(ws, sub))
    read = asyncio.create_task(serve_messages(hub, ws, live, sub))
    for task in (send, read):
        task.add_done_callback(_retrieved)
    sub.on_drop = send.cancel
    try:
        await asyncio.wait({send, read}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.unsubscribe(live, sub)
        sub.close()
        finished = read.done()
        read.cancel()
    if sub.too_slow:
        send.cancel()
        await close(ws, 1013, f"too slow: {sub.limit} messages were waiting; reconnect "
                              "for the table as it is now")
    elif not finished:  # the writer ended: the server is stopping, or the client is gone
        error = None if send.cancelled() else send.exception()
        if error is None:
            await close(ws, 1001, "the server is stopping")
        elif not isinstance(error, WebSocketDisconnect):
            raise error  # a bug: logged
    elif isinstance(read.exception(), WebSocketDisconnect):
        send.cancel()  # nobody is listening any more
    else:
        code, reason = read.result()  # (any other exception is a bug: raised, and logged)
        await asyncio.wait({send}, timeout=CLOSE_TIMEOUT_S)  # the error goes out first
        send.cancel()
        await close(ws, code, reason)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    try:
        ws.app.state.addresses.check("connect", ws.scope)
        live, sub = await greet(hub, ws, table_id)
    except Refused as refused:
        with contextlib.suppress(WebSocketDisconnect):  # (the client may be gone already)
            await ws.send_json(refused.to_json())
            await ws.close(code=4000 + refused.status)
        return
    except WebSocketDisconnect:
        return
    await attend(hub, ws, live, sub)

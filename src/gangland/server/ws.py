"""The WebSocket of a table: one seat's (or a spectator's) live connection.

The client says ``hello`` (with its seat token, or none to watch); from then on it gets
its own ``state`` after every change and may send ``act``, ``chat`` and ``back``. A refused
message gets an ``error`` to the sender only and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .hub import Hub
from .live import LiveTable, Subscriber
from .lobby import clean_name, join
from .messages import Refused

router = APIRouter()

HELLO_TIMEOUT_S = 30
MAX_MESSAGE = 4096


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


async def writer(ws: WebSocket, sub: Subscriber) -> None:
    """Send the subscriber's queued messages in order until it is closed."""
    while (text := await sub.queue.get()) is not None:
        await ws.send_text(text)


async def greet(hub: Hub, ws: WebSocket, table_id: str) -> tuple[LiveTable, Subscriber]:
    """Read ``hello``, seat the connection (claiming an unclaimed seat), send the welcome."""
    live = await hub.get(table_id)
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT_S)
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
    sub = Subscriber(seat)
    sub.push({"type": "welcome", "seat": seat, "table": live.summary(),
              "client_data": client_data(live)})
    for line in await hub.chat_tail(live):
        sub.push(line)
    hub.subscribe(live, sub)  # first, so this seat's first state shows it connected
    sub.push(hub.first_message(live, seat))
    return live, sub


async def serve_messages(hub: Hub, ws: WebSocket, live: LiveTable, sub: Subscriber) -> None:
    """Act on the client's messages until it goes."""
    while True:
        text = await ws.receive_text()
        try:
            message = parse(text)
            kind = message["type"]
            if kind == "act":
                if sub.seat is None:
                    raise Refused("spectator", "spectators cannot act")
                await hub.act_as(live, sub.seat, message.get("action"), message.get("version"),
                                 by_bot=False)
            elif kind == "chat":
                await hub.chat(live, sub.seat, message.get("text"))
            elif kind == "auto_pass":
                if sub.seat is None:
                    raise Refused("spectator", "spectators have no moves to pass")
                await hub.set_auto_pass(live, sub.seat, message.get("on"))
            elif kind == "back":
                if sub.seat is None:
                    raise Refused("spectator", "spectators have no seat to come back to")
                await hub.back(live, sub.seat)
            else:
                raise Refused("bad_message", f"unknown message type {kind!r}")
        except Refused as refused:
            sub.push(refused.to_json(live.version))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    try:
        live, sub = await greet(hub, ws, table_id)
    except Refused as refused:
        await ws.send_json(refused.to_json())
        await ws.close(code=4000 + refused.status)
        return
    except WebSocketDisconnect:
        return
    send = asyncio.create_task(writer(ws, sub))
    try:
        await serve_messages(hub, ws, live, sub)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(live, sub)
        sub.close()
        with contextlib.suppress(Exception):
            await send

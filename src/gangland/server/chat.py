"""Chat at a table: seated players' lines, stored with the table and sent to everyone.

A line is checked (seated players only, not empty, at most :data:`MAX_CHAT` characters),
held to the seat's rate (:attr:`Hub.chat_limit`), stored (the table keeps only its newest
``chat_kept`` lines) and then pushed to every connection; other server processes pick it
up when they catch up with the table.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gangland.engine import seat_label

from .live import LiveTable
from .messages import Refused

if TYPE_CHECKING:
    from .hub import Hub

MAX_CHAT = 500


async def chat(hub: Hub, live: LiveTable, seat: int | None, text: object) -> None:
    """Store a seat's line and send it to everyone, within the seat's rate limit; only
    the table's newest ``chat_kept`` lines are kept."""
    if seat is None:
        raise Refused("spectator", "spectators cannot chat")
    if not isinstance(text, str) or not text.strip():
        raise Refused("bad_message", "a chat line is a non-empty string")
    if len(text) > MAX_CHAT:
        raise Refused("bad_message", f"a chat line has at most {MAX_CHAT} characters")
    wait = hub.chat_limit.take((live.id, seat))
    if wait:
        s = hub.settings
        raise Refused("too_fast", f"slow down: {s.chat_burst} chat lines at once, then "
                                  f"one every {s.chat_every_s:g} s (next in {wait:.1f} s)")
    name = live.seats[seat].name or seat_label(seat)
    line = await hub.store.write(hub.store.add_chat, live.id, seat, name, text.strip(),
                                 hub.settings.chat_kept)
    live.chat_seen = max(live.chat_seen, line["id"])
    push_chat(live, line)


def push_chat(live: LiveTable, line: dict[str, Any]) -> None:
    """Send a stored line to every connection at the table."""
    message = json.dumps(chat_json(line))
    for sub in list(live.subscribers):
        sub.push(message)


async def chat_tail(hub: Hub, live: LiveTable) -> list[dict[str, Any]]:
    """The table's last lines, as a new connection is sent them."""
    return [chat_json(line) for line in await hub.store.read(hub.store.chat, live.id)]


def chat_json(line: dict[str, Any]) -> dict[str, Any]:
    at = line["at"]
    return {"type": "chat", "seat": line["seat"], "name": line["name"], "text": line["text"],
            "at": at if isinstance(at, str) else at.isoformat()}

"""Chat at a table: players' and spectators' lines, stored with the table and sent to
everyone.

A line is checked (not empty, at most :data:`MAX_CHAT` characters), held to its sender's
rate (:attr:`Hub.chat_limit`: per seat, or for a spectator per client address, so a new
connection does not start a new allowance), stored (the table keeps only its newest
``chat_kept`` lines) and then pushed to every connection; other server processes pick it
up when they catch up with the table. A spectator's line is marked as such (stored with
seat :data:`WATCHING`, signed "(watching)"): nobody can pass for a seated player. A
spectator sees only what every seat sees, so what it says can tell a seat nothing new.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gangland.engine import seat_label

from .live import LiveTable, Subscriber
from .messages import Refused

if TYPE_CHECKING:
    from .hub import Hub

MAX_CHAT = 500
#: The seat a spectator's line is stored with.
WATCHING = -1


async def chat(hub: Hub, live: LiveTable, seat: int | None, text: object,
               sub: Subscriber | None = None) -> None:
    """Store a line and send it to everyone, within its sender's rate limit (a seat's, or
    for a spectator, ``sub``, its address's); only the newest ``chat_kept`` lines are kept."""
    if seat is None and sub is None:
        raise Refused("spectator", "spectators chat over the table's socket")
    if not isinstance(text, str) or not text.strip():
        raise Refused("bad_message", "a chat line is a non-empty string")
    if len(text) > MAX_CHAT:
        raise Refused("bad_message", f"a chat line has at most {MAX_CHAT} characters")
    key = (live.id, seat) if seat is not None else (live.id, "watching", sub.address if sub
                                                   else "unknown")
    wait = hub.chat_limit.take(key)
    if wait:
        s = hub.settings
        raise Refused("too_fast", f"slow down: {s.chat_burst} chat lines at once, then "
                                  f"one every {s.chat_every_s:g} s (next in {wait:.1f} s)")
    if seat is None:
        name = f"{(sub.name if sub else None) or 'a spectator'}"[:29] + " (watching)"
    else:
        name = live.seats[seat].name or seat_label(seat)
    line = await hub.store.write(hub.store.add_chat, live.id,
                                 WATCHING if seat is None else seat, name, text.strip(),
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
    watching = line["seat"] == WATCHING
    return {"type": "chat", "seat": None if watching else line["seat"], "name": line["name"],
            "watching": watching, "text": line["text"],
            "at": at if isinstance(at, str) else at.isoformat()}

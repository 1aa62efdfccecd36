"""A table held in memory: its state, log, seats and the connections watching it.

The database is the truth; a :class:`LiveTable` is this process's up-to-date copy, kept so
that a move costs one write rather than a replay. The hub changes it only under its lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gangland.engine import Game, HalfMoves, State

from .messages import LogEntry


def token_hash(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database does not seat anyone."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    """One seat of a table as stored (the token only as its hash)."""

    seat: int
    kind: str  # "human" or "bot"
    bot: str | None
    name: str | None
    token_hash: str
    claimed: bool
    away: bool
    auto_pass: bool = True
    # the seat's standing answer (``State.standing``): private, so not in ``public``
    standing: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Seat:
        return cls(row["seat"], row["kind"], row["bot"], row["name"], row["token_hash"],
                   bool(row["claimed"]), bool(row["away"]), bool(row.get("auto_pass", True)),
                   row.get("standing"))

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name or (self.bot if self.kind == "bot" else None),
            "claimed": self.claimed,
            "away": self.away,
            "auto_pass": self.auto_pass,
            "connected": connected or self.kind == "bot",
        }


def summary(
    row: dict[str, Any], seats: list[Seat], title: str, connected: set[int] | None = None
) -> dict[str, Any]:
    """A table as the lobby and every client see it: public facts only (no seed, no tokens)."""
    connected = connected or set()
    return {
        "id": row["id"],
        "game": row["game"],
        "title": title,
        "players": row["players"],
        "status": row["status"],
        "version": row["version"],
        "options": row["options"],
        "seats": [s.public(s.seat in connected) for s in seats],
        "to_move": row["to_move"],
        "winners": row["winners"],
        "think_ms": row["think_ms"],
        "clock_s": row["clock_s"],
        "invite_only": row["invite_only"],
        # the rematch of a finished table (its id), and the table a rematch follows
        "again": row.get("again"),
        "again_of": row.get("again_of"),
        "created": iso_time(row["created"]),
        "updated": iso_time(row["updated"]),
    }


def clock_key(clocks: tuple[Any, ...]) -> tuple[Any, ...]:
    """What must be written again when it changes: a table with no clock running writes
    nothing however many moves are played."""
    return clocks if clocks[1] is not None else (None, *clocks[1:])


def iso_time(value: datetime | str) -> str:
    """A stored time as ISO 8601 text (SQLite may hand it back as text already)."""
    return value if isinstance(value, str) else value.isoformat()


class Subscriber:
    """One connection watching a table, as ``seat`` (``None``: a spectator).

    Messages go into a queue that the connection's writer drains, so one slow browser never
    holds up a broadcast to the others. The queue is bounded: a reader that lets ``limit``
    messages pile up cannot follow the table, and keeping more for it would let one stalled
    socket grow the server's memory without end. :meth:`push` then drops it: the queue is
    ended, ``too_slow`` set and ``on_drop`` called (the connection closes itself, 1013), and
    nothing is pushed to it again. Pushing never waits, so neither the hub nor the other
    subscribers ever wait for it.
    """

    def __init__(self, seat: int | None, limit: int = 256, address: str = "unknown",
                 name: str | None = None) -> None:
        self.seat = seat
        self.limit = limit
        #: The client's address and the name it gave: a spectator's chat is signed with
        #: the name and held to a rate per address (it has no seat to count by).
        self.address = address
        self.name = name
        # one place more than the limit, for the end marker
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limit + 1)
        self.ended = False
        self.too_slow = False
        self.on_drop: Callable[[], object] | None = None

    def push(self, message: dict[str, Any] | str) -> None:
        if self.ended:
            return
        if self.queue.qsize() >= self.limit:
            self.too_slow = True
            self._end()
            if self.on_drop is not None:
                self.on_drop()
            return
        self.queue.put_nowait(message if isinstance(message, str) else json.dumps(message))

    def close(self) -> None:
        """No more messages: the writer sends what is queued, then stops."""
        self._end()

    def _end(self) -> None:
        if not self.ended:
            self.ended = True
            self.queue.put_nowait(None)


@dataclass(eq=False)
class LiveTable:
    """This process's copy of one table."""

    game: Game
    row: dict[str, Any]
    seats: list[Seat]
    state: State
    log: list[LogEntry]
    chat_seen: int = 0
    subscribers: set[Subscriber] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float | None = None
    clock: asyncio.TimerHandle | None = None
    # a stretch the game's own rules time (``State.timed``): its key and when it ends
    timed_key: str | None = None
    timed_until: float | None = None
    # the turn clock: the version (decision) it runs for, and when it ends
    turn_version: int | None = None
    turn_deadline: float | None = None
    # the clocks as last written to the database (written again only when they change)
    clocks_saved: tuple[Any, ...] | None = None
    bot_for: int = -1  # the version a bot move was last started for
    # the positions before the halves of a person's move in progress (``takeback.py``),
    # each with the turn clock's deadline of the decision it returns to
    half: HalfMoves[float] = field(default_factory=HalfMoves)

    @property
    def id(self) -> str:
        return str(self.row["id"])

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def status(self) -> str:
        return str(self.row["status"])

    def clocks(self) -> tuple[int, float | None, str | None, float | None]:
        """The clocks as stored: the version they are for, the turn clock's end (if it
        runs for this decision), the game's timed stretch's key and end."""
        turn = self.turn_deadline if self.turn_version == self.version else None
        return self.version, turn, self.timed_key, self.timed_until

    def restore_clocks(self, loading: bool = True) -> None:
        """Take up the clocks stored with the row: a restarted server keeps the time a
        player has left instead of giving them the whole clock again. (After another
        process's move, only clocks stored for this very decision are taken.)"""
        row = self.row
        current = row.get("clock_version") == self.version
        if current and row.get("clock_deadline") is not None:
            self.turn_version, self.turn_deadline = self.version, row["clock_deadline"]
        if row.get("timed_key") is not None and (loading or current):
            self.timed_key, self.timed_until = row["timed_key"], row.get("timed_until")
        self.clocks_saved = self.clocks()

    def may_watch(self, key: object) -> bool:
        """Whether ``key`` lets its holder watch: any key for an open table; for an
        invite-only one, its watch key or one of its seat tokens."""
        if not self.row["invite_only"]:
            return True
        if not isinstance(key, str) or not key or len(key) > 200:
            return False
        watch = self.row.get("watch_hash")
        return (watch is not None and hmac.compare_digest(watch, token_hash(key))) or \
            self.seat_of(key) is not None

    def seat_of(self, token: str) -> int | None:
        """The seat this token opens, if any (compared in constant time)."""
        wanted = token_hash(token)
        for seat in self.seats:
            if hmac.compare_digest(seat.token_hash, wanted):
                return seat.seat
        return None

    def connected(self) -> set[int]:
        return {s.seat for s in self.subscribers if s.seat is not None}

    def summary(self) -> dict[str, Any]:
        return summary(self.row, self.seats, self.game.title, self.connected())

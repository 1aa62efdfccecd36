"""Taking back a half-made move at a web table: checked, stored, told.

The engine says which positions are half made and keeps the positions before them
(:mod:`gangland.engine.takeback`); here a seat's ``take_back`` message is checked like a
move (the table running, the version current, the seat to move, a half move of its own
left to take back), then the move's row is deleted in one transaction and the position
before it restored. Every subscriber gets a ``state`` with ``reset``: the position went
back, so each page redraws from scratch. Other server processes hear ``back`` in the
note and reload the table from the database (:func:`reload`).

Only a person's own moves can be taken back: a bot's (or one a bot made for an away
seat) is never kept. The turn clock returns with the position (the deadline that
decision had), so taking a move back and making it again gives no extra time.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING

from gangland.engine import Event, State

from .live import LiveTable
from .messages import Refused
from .store import now

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("gangland.server")


def note_move(live: LiveTable, new: State, events: list[Event], by_bot: bool) -> None:
    """Keep the position before a person's half move (call before ``live.state = new``);
    any other move forgets those kept."""
    if by_bot:
        live.half.clear()
        return
    deadline = live.turn_deadline if live.turn_version == live.version else None
    live.half.played(live.state, new, events, deadline)


def may_take_back(live: LiveTable, seat: int | None) -> bool:
    """Whether ``seat`` may take back the last move now (its own state message says so)."""
    return (seat is not None and live.status == "running"
            and live.state.current_player == seat and live.half.can_take_back(live.state))


async def take_back(hub: Hub, live: LiveTable, seat: int | None, version: object) -> int:
    """Take back ``seat``'s half move at ``version``; the version now, or :class:`Refused`
    (``spectator``, ``bad_message``, ``not_running``, ``stale``, ``not_your_turn``,
    ``no_take_back``, in that order), changing nothing."""
    if seat is None:
        raise Refused("spectator", "spectators have no move to take back")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refused("bad_message", "a take-back carries the version it was asked at")
    async with live.lock:
        if live.status != "running" or live.state.is_terminal:
            raise Refused("not_running", "the game is over" if live.status == "finished"
                          else "the game starts when every seat is taken")
        if version != live.version:
            raise Refused("stale", f"the table is at version {live.version}, not {version}")
        if live.state.current_player != seat:
            raise Refused("not_your_turn", f"it is {hub.seat_name(live, live.state.current_player)}"
                                           "'s turn: only the player to move takes back")
        why = live.half.why_not(live.state)
        if why is not None:
            raise Refused("no_take_back", f"nothing to take back: {why}")
        if live.seats[seat].away:
            await hub._set_away(live, seat, False)
        before, deadline = live.half.before(live.state)  # (kept until it is stored)
        stored = await hub.store.write(hub.store.take_back, live.id, version,
                                       before.current_player, deadline)
        if not stored:  # another process moved first: this copy is behind
            live.half.clear()
            await hub._catch_up(live)
        else:
            live.half.take_back(live.state)
            live.state = before
            while live.log and live.log[-1][0] >= version:  # (a half move tells nothing,
                live.log.pop()  # so there is none: kept exact all the same)
            live.row.update(version=version - 1, to_move=before.current_player,
                            updated=now())
            live.turn_version, live.turn_deadline = version - 1, deadline
            live.bot_for = -1  # (a move scheduled for this position may be scheduled again)
    hub.schedule(live)
    if not stored:
        hub.broadcast(live, since=version)
        raise Refused("stale", "another move was stored first: look again")
    tell_reset(hub, live)
    return version - 1


def tell_reset(hub: Hub, live: LiveTable) -> None:
    """Send every subscriber the table afresh (``reset``: its log replaced too)."""
    built: dict[int | None, str] = {}
    for sub in list(live.subscribers):
        if sub.seat not in built:
            built[sub.seat] = json.dumps(hub.first_message(live, sub.seat))
        sub.push(built[sub.seat])


async def reload(hub: Hub, table_id: str) -> None:
    """Another process took a move back (or notes were lost): rebuild this copy from the
    database, then tell every subscriber afresh. Catching up cannot do it: it only plays
    the moves stored after the ones this copy has, and a move taken back and made anew
    stores a different move under the same number."""
    live = hub.tables.get(table_id)
    if live is None:
        return
    async with live.lock:
        try:
            fresh: LiveTable = await hub.store.read(hub._load, table_id)
        except Refused as refused:
            log.error("table %s not reloaded: %s", table_id, refused.message)
            return
        changed = fresh.state.history != live.state.history
        live.state, live.log, live.row, live.seats = fresh.state, fresh.log, fresh.row, \
            fresh.seats
        live.half.clear()
        live.restore_clocks(loading=False)
        await hub._catch_up(live)  # (the chat lines written meanwhile)
    hub.schedule(live)
    if changed:
        tell_reset(hub, live)
    else:
        hub.broadcast_table(live)


"""A seat's own settings, switched by the seat: its auto-pass and its standing answer.

Both let the server play a person's move for them (``turns.forced_text``, after the same
human-like wait). They differ in who is told. The auto-pass is public (every seat's is in
the table summary): it is played only where a seat has one legal move, and says so. A
standing answer (``State.standing``: Gangsters' "allow or reveal?" answered once for the
game) is private: stored with the seat, sent only in the seat's own ``state`` messages,
and a switch sends the other seats nothing at all, so that they cannot tell whether an
answer came from the player or from the setting.

Every switch is stored and costs a write: a seat flipping one without end would load the
server (and, for the auto-pass, flood every connection at the table), so both take from
the seat's switch bucket (``Hub.switch_limit``), the chat's burst and rate.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .live import LiveTable
from .messages import Refused

if TYPE_CHECKING:
    from .hub import Hub


def standing_entry(live: LiveTable, seat: int) -> dict[str, Any]:
    """What a seat's own ``state`` message says of standing answers: its own (``None``:
    none) and those its game offers, each with a label for people."""
    return {"answer": live.seats[seat].standing,
            "answers": [{"name": a.name, "label": a.label}
                        for a in live.game.standing_answers]}


def _take(hub: Hub, live: LiveTable, seat: int, what: str) -> None:
    wait = hub.switch_limit.take((live.id, seat))
    if wait:
        s = hub.settings
        raise Refused("too_fast", f"slow down: {what} may be switched {s.chat_burst} times "
                                  f"at once, then once every {s.chat_every_s:g} s (next in "
                                  f"{wait:.1f} s)")


async def set_auto_pass(hub: Hub, live: LiveTable, seat: int, on: object) -> None:
    """A seat switches its auto-pass on or off; every connection at the table is told."""
    if not isinstance(on, bool):
        raise Refused("bad_message", "auto_pass takes on: true or false")
    if live.seats[seat].auto_pass == on:
        return  # (nothing changes: nothing to store or tell)
    _take(hub, live, seat, "auto-pass")
    async with live.lock:
        await hub.store.write(hub.store.set_seat, live.id, seat, auto_pass=on)
        live.seats[seat].auto_pass = on
    hub.schedule(live)
    hub.broadcast_table(live)


async def set_standing(hub: Hub, live: LiveTable, seat: int, answer: object) -> None:
    """A seat gives its standing answer, one of its game's names (``None``: it takes it
    back); only the seat's own connections are told."""
    names = [a.name for a in live.game.standing_answers]
    if answer is not None and (not isinstance(answer, str) or answer not in names):
        offered = ", ".join(names) if names else "nothing else: this game has none"
        shown = json.dumps(answer)[:40]
        raise Refused("bad_message", f"standing takes answer: null or {offered}; "
                                     f"not {shown}")
    if live.seats[seat].standing == answer:
        return
    _take(hub, live, seat, "the standing answer")
    async with live.lock:
        await hub.store.write(hub.store.set_seat, live.id, seat, standing=answer)
        live.seats[seat].standing = answer
    hub.schedule(live)  # (the question may be this seat's now: then it is answered)
    told = json.dumps(hub.message_for(live, seat, live.version))
    for sub in list(live.subscribers):
        if sub.seat == seat:
            sub.push(told)

"""Play again: a finished table's rematch, with the same game, options and seats.

The first seat that asks creates the rematch and the old table keeps its id (``again``);
every later ask, from any seat, is given that same table. Its bots sit where they sat,
with the same specs; each human seat is kept for the person who held it (``again_of``: no
one takes it from the lobby), and that person takes it by asking too, with their token
of the finished table, under the name they played under. The seed is fresh.

A seat's token at the rematch is derived from its token at the finished table
(:func:`rematch_token`): only its holder can work it out, and asking twice (two tabs, a
reload) gives the same token, so nobody is ever handed a second key to a seat, and the
server, which keeps only hashes, never needs to remember the first.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from typing import Any

from .hub import Hub
from .live import LiveTable, token_hash
from .lobby import claim, clean_name, first_state, held, new_table, seat_specs
from .messages import Refused


def rematch_token(token: str, table_id: str) -> str:
    """The token of the seat at rematch ``table_id`` of whoever held ``token`` before.

    >>> rematch_token("abc", "t1") == rematch_token("abc", "t1") != rematch_token("abd", "t1")
    True
    >>> len(rematch_token("abc", "t1"))
    24
    """
    digest = hmac.new(token.encode(), f"again {table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def asking_seat(hub: Hub, live: LiveTable, token: object) -> int:
    """The seat of the finished table that asks to play again, or a precise refusal."""
    seat = hub.viewer(live, token)  # (a stranger at an invite-only table: no such table)
    if seat is None:
        watching = bool(live.row["invite_only"]) and live.may_watch(token)
        if token not in (None, "") and not watching:
            raise Refused("bad_token", "this token opens no seat at this table")
        raise Refused("spectator", "spectators have no seat to play again: watch the "
                                   "rematch from its link once a player starts it")
    if live.status != "finished":
        raise Refused("not_finished", "this game is not over: it can be played again once "
                                      "it ends")
    return seat


async def play_again(hub: Hub, table_id: str, token: object,
                     charge: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Take the asking seat at the rematch of ``table_id``, creating it if it is the first.

    ``charge`` is called before a table is created (the address's creation limit); asking
    for a rematch that exists costs nothing. Returns the rematch, the seat, its token and
    its link.
    """
    live = await hub.get(table_id)
    seat = asking_seat(hub, live, token)
    assert isinstance(token, str)  # (asking_seat found the seat it opens)
    name = clean_name(live.seats[seat].name, seat)
    async with live.lock:
        again = live.row.get("again")
        if again is None:
            charge()
            again = await _create(hub, live, seat, token, name)
            live.row["again"] = again
            created = True
        else:
            created = False
    if created:
        hub.broadcast_table(live)  # (open pages learn that the rematch exists)
    rematch = await hub.get(again)
    mine = rematch_token(token, again)
    await claim(hub, rematch, seat, name, mine, fresh=True)
    return {"table": rematch.summary(), "seat": seat, "token": mine,
            "url": f"/table/{again}#seat={seat}&token={mine}"}


async def _create(hub: Hub, live: LiveTable, seat: int, token: str, name: str) -> str:
    """Store the rematch of ``live`` (under its lock) with the asking seat claimed; its id,
    or that of the one another process stored first."""
    game, row = live.game, live.row
    kinds = seat_specs(game, len(live.seats), [{"kind": s.kind, "bot": s.bot}
                                               for s in live.seats], seat, hub.bot_limits)
    state = first_state(game, len(kinds), None, row["options"])
    # Until its player takes it, a kept seat's hash is that of a token nobody holds.
    hashes = {s.seat: token_hash(secrets.token_urlsafe(18)) for s in live.seats}
    values = {"think_ms": row["think_ms"], "clock_s": row["clock_s"],
              "invite_only": bool(row["invite_only"]),
              # the same watch key opens it: whoever could watch the game may watch again
              "watch_hash": row.get("watch_hash"), "again_of": live.id}
    new_row, seat_rows = new_table(game, kinds, state, {}, hashes, values)
    stored = await hub.store.write(hub.store.create_rematch, live.id, new_row, seat_rows)
    if stored == new_row["id"]:
        rematch = held(hub, game, new_row, seat_rows, state)
        await claim(hub, rematch, seat, name, rematch_token(token, rematch.id), fresh=True)
    return stored

"""PostgreSQL LISTEN: how one server process hears of moves stored by another.

Every write in :mod:`.store` sends ``NOTIFY gangland, '<table id> <sender>'`` inside its
transaction, so the note arrives only once the move is committed; a take-back adds
``back`` (the table is then reloaded: catching up only moves forward). Each process
listens on one dedicated connection; after a lost connection it reconnects and reloads
every table it holds, since notes sent meanwhile are gone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg

from .store import CHANNEL

log = logging.getLogger("gangland.server")


async def listen(
    dsn: str,
    sender: str,
    on_change: Callable[[str, str], None],
    on_reconnect: Callable[[], None],
    ready: asyncio.Event,
) -> None:
    """Call ``on_change(table_id, what)`` for every note from another process, forever
    (``what``: the note's third word, "" for most; ``back`` after a take-back)."""
    first = True
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
            async with conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    on_reconnect()
                first = False
                ready.set()
                async for note in conn.notifies():
                    table_id, _, rest = note.payload.partition(" ")
                    who, _, what = rest.partition(" ")
                    if who != sender:
                        on_change(table_id, what)
        except (psycopg.OperationalError, OSError) as exc:
            log.warning("lost the PostgreSQL listener (%s); reconnecting", exc)
            await asyncio.sleep(1)

"""The synchronous data layer: every read and write of the web table's database.

The hub calls these from worker threads, so the event loop never waits on the disk. Each
write is one transaction; :meth:`Store.append_action` is the heart of it: it bumps the
table's version only if it still has the value the move was chosen at, and inserts move
*n* under a primary key, so a stale or duplicate move can never be stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    null,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from . import schema
from .migrate import upgrade

#: The PostgreSQL channel every process listens on; the payload is ``table_id sender``.
CHANNEL = "gangland"

P = ParamSpec("P")
R = TypeVar("R")

# The statements of a move, built once: SQLAlchemy compiling them anew on every call cost
# about a third of the server's time per action (measured with py-spy, `bench server`).
_T = schema.tables.c
_MOVE_SET: dict[str, Any] = {
    "status": bindparam("status"), "to_move": bindparam("to_move"),
    "winners": bindparam("winners"), "version": bindparam("new_version"),
    "updated": bindparam("updated"),
}
_MOVE_WHERE = (_T.id == bindparam("table_id"), _T.version == bindparam("old_version"))
BUMP = update(schema.tables).where(*_MOVE_WHERE).values(**_MOVE_SET)
BUMP_WITH_SNAPSHOT = update(schema.tables).where(*_MOVE_WHERE).values(
    **_MOVE_SET, snapshot=bindparam("snapshot"), snapshot_version=bindparam("new_version")
)
ADD_ACTION = insert(schema.actions)
ADD_CHECKPOINT = insert(schema.checkpoints)


def now() -> datetime:
    """Timestamps are stored in UTC, with their zone."""
    return datetime.now(UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers and one writer work at once; FULL makes a commit survive a crash
    of the machine, not just of the process (the issue: no acknowledged action is lost)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings each backend needs, migrated to head."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        # No pre-ping: it is one more round trip on every move; a connection the server
        # dropped fails that one request, and the pool replaces it.
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_recycle=1800)
    upgrade(engine)
    return engine


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One stored move."""

    n: int
    text: str
    seat: int | None
    by_bot: bool
    events: list[dict[str, Any]]


class Store:
    """Reads and writes tables, seats, actions and chat; one transaction per call.

    The methods are synchronous; the hub runs them through :meth:`read` and :meth:`write`,
    on threads of their own. SQLite gets one writer thread: it allows one writer at a time
    anyway, and several writer threads only sleep in its busy handler while reads queue
    behind them (p99 195 ms against 40 ms at 300 actions/s in ``gangland bench server``).
    """

    def __init__(self, engine: Engine, sender: str) -> None:
        self.engine = engine
        self.sender = sender  # this process, so it can ignore its own notifications
        self.postgres = engine.dialect.name == "postgresql"
        self._writer = ThreadPoolExecutor(8 if self.postgres else 1, "gangland-db-write")
        self._reader = ThreadPoolExecutor(4, "gangland-db-read")

    async def read(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a reading method off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._reader, partial(fn, *args, **kwargs))

    async def write(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a writing method off the event loop, on the writer thread(s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Finish the queued work, then release the threads and the connections."""
        self._writer.shutdown(wait=True)
        self._reader.shutdown(wait=True)
        self.engine.dispose()

    def _notify(self, conn: Connection, table_id: str, what: str = "") -> None:
        """Tell the other processes ``table_id`` changed (delivered only on commit);
        ``what`` says how when moving on is not enough (``back``: a move was taken back)."""
        if self.postgres:
            note = f"{table_id} {self.sender}" + (f" {what}" if what else "")
            conn.exec_driver_sql("SELECT pg_notify(%(c)s, %(p)s)", {"c": CHANNEL, "p": note})

    # ----- tables and seats --------------------------------------------------------------

    def ping(self) -> None:
        """One round trip to the database (the health check's)."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def create_table(self, table: dict[str, Any], seats: Sequence[dict[str, Any]]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(schema.tables).values(**table))
            conn.execute(insert(schema.seats), [dict(s, table_id=table["id"]) for s in seats])

    def create_rematch(self, old_id: str, table: dict[str, Any],
                       seats: Sequence[dict[str, Any]]) -> str:
        """Create ``table`` as the rematch of ``old_id`` unless it has one already; the id
        of its rematch either way. One transaction: of two processes asking at once, one
        creates and the other is given its table, so a game is never played again twice."""
        t = schema.tables.c
        with self.engine.begin() as conn:
            marked = conn.execute(
                update(schema.tables).where(t.id == old_id, t.again.is_(None))
                .values(again=table["id"])
            ).rowcount
            if marked:
                conn.execute(insert(schema.tables).values(**table))
                conn.execute(insert(schema.seats),
                             [dict(s, table_id=table["id"]) for s in seats])
                self._notify(conn, old_id)
                return str(table["id"])
            conn.rollback()
        with self.engine.connect() as conn:
            return str(conn.execute(select(t.again).where(t.id == old_id)).scalar_one())

    def table(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.tables).where(schema.tables.c.id == table_id)
            ).mappings().first()
            return dict(row) if row else None

    def seats(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.seats)
                .where(schema.seats.c.table_id == table_id)
                .order_by(schema.seats.c.seat)
            ).mappings()
            return [dict(r) for r in rows]

    def table_ids(self, status: str | None = None, limit: int = 200) -> list[str]:
        """Newest first."""
        query = select(schema.tables.c.id).order_by(schema.tables.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(schema.tables.c.status == status)
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def listing(
        self, status: str | None, keys: Sequence[str] = (), limit: int = 100,
        abandoned_before: datetime | None = None,
    ) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Tables (newest first, without their snapshot) with their seats: two queries.

        An invite-only table is listed only when ``keys`` (hashed seat tokens or watch
        keys) holds one of its own: strangers never learn it exists. An open table that
        nothing has changed since ``abandoned_before`` is abandoned: it is listed only to
        a holder of one of its keys (its link still opens it).
        """
        t = schema.tables.c
        visible: Any = t.invite_only.is_(False)
        if abandoned_before is not None:
            visible = visible & ((t.status != "open") | (t.updated >= abandoned_before))
        if keys:
            keys = list(keys)
            visible = visible | t.watch_hash.in_(keys) | t.id.in_(
                select(schema.seats.c.table_id).where(schema.seats.c.token_hash.in_(keys))
            )
        query = (
            select(*[c for c in schema.tables.c if c.name != "snapshot"])
            .where(visible)
            .order_by(t.created.desc())
            .limit(limit)
        )
        if status is not None:
            query = query.where(t.status == status)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings()]
            ids = [r["id"] for r in rows]
            by_table: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                seat_rows = conn.execute(
                    select(schema.seats)
                    .where(schema.seats.c.table_id.in_(ids))
                    .order_by(schema.seats.c.seat)
                ).mappings()
                for s in seat_rows:
                    by_table[s["table_id"]].append(dict(s))
        return [(r, by_table[r["id"]]) for r in rows]

    def turns(self, keys: Sequence[str]) -> list[dict[str, Any]]:
        """The running tables where a seat whose hashed token is in ``keys`` is to move,
        the longest waiting first: the lobby's and the table page's "your turn" list.

        One query, on the seats' tokens only (a watch key is nobody's turn), so a browser
        learns about no seat but its own.
        """
        t, s = schema.tables.c, schema.seats.c
        query = (
            select(t.id, t.game, t.version, t.updated, s.seat)
            .select_from(schema.tables.join(schema.seats, s.table_id == t.id))
            .where(s.token_hash.in_(list(keys)), t.status == "running", t.to_move == s.seat)
            .order_by(t.updated)
        )
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings()]

    def claim_seat(
        self, table_id: str, seat: int, name: str, new_hash: str | None = None
    ) -> str | None:
        """Claim an unclaimed human seat (with a new token when ``new_hash`` is given);
        the table's new status, or None if the seat was taken."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.kind == "human",
                    schema.seats.c.claimed.is_(False),
                )
                .values(claimed=True, name=name, **({"token_hash": new_hash} if new_hash else {}))
            ).rowcount
            if not done:
                return None
            left = conn.execute(
                select(func.count())
                .select_from(schema.seats)
                .where(schema.seats.c.table_id == table_id, schema.seats.c.claimed.is_(False))
            ).scalar_one()
            status = "open" if left else "running"
            conn.execute(
                update(schema.tables)
                .where(schema.tables.c.id == table_id, schema.tables.c.status == "open")
                .values(status=status, updated=now())
            )
            self._notify(conn, table_id)
            return status

    def set_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change a seat's name or away flag."""
        with self.engine.begin() as conn:
            conn.execute(
                update(schema.seats)
                .where(schema.seats.c.table_id == table_id, schema.seats.c.seat == seat)
                .values(**values)
            )
            self._notify(conn, table_id)

    def set_clock(self, table_id: str, version: int, deadline: float | None,
                  timed_key: str | None, timed_until: float | None) -> None:
        """Keep the clocks of the decision after ``version`` moves, so a restart takes them
        up; never over those of a later decision (writes may land out of order)."""
        c = schema.tables.c
        with self.engine.begin() as conn:
            conn.execute(
                update(schema.tables)
                .where(c.id == table_id,
                       (c.clock_version.is_(None)) | (c.clock_version <= version))
                .values(clock_version=version, clock_deadline=deadline,
                        timed_key=timed_key, timed_until=timed_until)
            )

    # ----- actions -----------------------------------------------------------------------

    def append_action(
        self,
        table_id: str,
        version: int,
        row: ActionRow,
        table_values: dict[str, Any],
        snapshot: dict[str, Any] | None = None,
        checkpoint: dict[str, Any] | None = None,
    ) -> bool:
        """Store move ``version + 1`` if the table is still at ``version``; False if stale.

        ``checkpoint``: the state after it, kept for replays (in the same transaction, so a
        checkpoint never describes a move that was not stored)."""
        params = dict(table_values, table_id=table_id, old_version=version,
                      new_version=version + 1, updated=now())
        if snapshot is not None:
            params["snapshot"] = snapshot
        try:
            with self.engine.begin() as conn:
                bumped = conn.execute(
                    BUMP if snapshot is None else BUMP_WITH_SNAPSHOT, params
                ).rowcount
                if not bumped:
                    conn.rollback()
                    return False
                conn.execute(ADD_ACTION, {
                    "table_id": table_id, "n": row.n, "text": row.text, "seat": row.seat,
                    "by_bot": row.by_bot, "events": row.events, "at": params["updated"],
                })
                if checkpoint is not None:
                    conn.execute(ADD_CHECKPOINT, {"table_id": table_id, "n": row.n,
                                                  "state": checkpoint})
                self._notify(conn, table_id)
        except IntegrityError:
            return False
        return True

    def take_back(self, table_id: str, version: int, to_move: int | None,
                  deadline: float | None) -> bool:
        """Forget move ``version`` (a half move taken back) if the table is still at
        ``version``; False if stale. One transaction: the version goes back, the move's
        row goes, and so do a snapshot and a checkpoint made at it (they describe a
        position that is no longer in the record); the turn clock is the one the decision
        before it had (``deadline``), so a take-back gives no time."""
        t, a, k = schema.tables.c, schema.actions.c, schema.checkpoints.c
        with self.engine.begin() as conn:
            back = conn.execute(
                update(schema.tables).where(t.id == table_id, t.version == version)
                .values(version=version - 1, to_move=to_move, updated=now(),
                        clock_version=version - 1, clock_deadline=deadline)
            ).rowcount
            if not back:
                conn.rollback()
                return False
            conn.execute(update(schema.tables)
                         .where(t.id == table_id, t.snapshot_version >= version)
                         .values(snapshot=null(), snapshot_version=None))
            conn.execute(delete(schema.actions).where(a.table_id == table_id, a.n >= version))
            conn.execute(delete(schema.checkpoints)
                         .where(k.table_id == table_id, k.n >= version))
            self._notify(conn, table_id, "back")
        return True

    def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The moves numbered above ``after``, in order."""
        a = schema.actions.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(a.n, a.text, a.seat, a.by_bot, a.events)
                .where(a.table_id == table_id, a.n > after)
                .order_by(a.n)
            )
            return [ActionRow(r.n, r.text, r.seat, r.by_bot, r.events) for r in rows]

    # ----- checkpoints ------------------------------------------------------------------

    def checkpoint(self, table_id: str, at_most: int) -> tuple[int, dict[str, Any]] | None:
        """The latest checkpoint at or below move ``at_most``: ``(n, state)``."""
        c = schema.checkpoints.c
        with self.engine.connect() as conn:
            row = conn.execute(
                select(c.n, c.state)
                .where(c.table_id == table_id, c.n <= at_most)
                .order_by(c.n.desc())
                .limit(1)
            ).first()
            return None if row is None else (row.n, row.state)

    def checkpoint_numbers(self, table_id: str) -> set[int]:
        c = schema.checkpoints.c
        with self.engine.connect() as conn:
            return set(conn.execute(select(c.n).where(c.table_id == table_id)).scalars())

    def add_checkpoints(self, table_id: str, states: Sequence[tuple[int, dict[str, Any]]]
                        ) -> None:
        """Store checkpoints built after the fact (a table played before they were kept)."""
        have = self.checkpoint_numbers(table_id)
        fresh = [{"table_id": table_id, "n": n, "state": st} for n, st in states if n not in have]
        if fresh:
            try:
                with self.engine.begin() as conn:
                    conn.execute(ADD_CHECKPOINT, fresh)
            except IntegrityError:  # another process stored them meanwhile
                pass

    # ----- reviews -----------------------------------------------------------------------

    def review(self, table_id: str, seat: int) -> dict[str, Any] | None:
        """A seat's stored game review: its budget, seed, ``complete`` and ``data``."""
        r = schema.reviews.c
        with self.engine.connect() as conn:
            row = conn.execute(
                select(r.iterations, r.samples, r.seed, r.complete, r.data)
                .where(r.table_id == table_id, r.seat == seat)
            ).mappings().first()
            return None if row is None else dict(row)

    def save_review(self, table_id: str, seat: int, iterations: int, samples: int, seed: int,
                    complete: bool, data: dict[str, Any]) -> None:
        """Store a seat's review as it stands (replacing what was stored), in one
        transaction: a reader sees the old figures or the new, never half of them."""
        r = schema.reviews.c
        with self.engine.begin() as conn:
            conn.execute(schema.reviews.delete().where(r.table_id == table_id, r.seat == seat))
            conn.execute(insert(schema.reviews).values(
                table_id=table_id, seat=seat, iterations=iterations, samples=samples,
                seed=seed, complete=complete, data=data, updated=now()))

    # ----- chat --------------------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int, name: str, text: str,
                 keep: int | None = None) -> dict[str, Any]:
        """Store a chat line; with ``keep``, delete the table's lines older than its newest
        ``keep`` in the same transaction, so a table's chat never outgrows that."""
        c = schema.chat.c
        with self.engine.begin() as conn:
            at = now()
            line_id = conn.execute(
                insert(schema.chat)
                .values(table_id=table_id, seat=seat, name=name, text=text, at=at)
                .returning(c.id)
            ).scalar_one()
            if keep is not None:
                oldest_kept = (select(c.id).where(c.table_id == table_id)
                               .order_by(c.id.desc()).offset(keep - 1).limit(1)
                               .scalar_subquery())
                conn.execute(schema.chat.delete()
                             .where(c.table_id == table_id, c.id < oldest_kept))
            self._notify(conn, table_id)
        return {"id": line_id, "seat": seat, "name": name, "text": text, "at": at}

    def chat(self, table_id: str, after: int = 0, last: int = 100) -> list[dict[str, Any]]:
        """Chat lines with an id above ``after`` (at most the ``last`` newest), oldest first."""
        c = schema.chat.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(c.id, c.seat, c.name, c.text, c.at)
                .where(c.table_id == table_id, c.id > after)
                .order_by(c.id.desc())
                .limit(last)
            ).mappings()
            return [dict(r) for r in reversed(list(rows))]

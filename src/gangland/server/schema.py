"""The database tables, as SQLAlchemy Core metadata (the migrations create them).

A game table is stored as its record: the row in ``gl_tables`` (game, players, seed,
options) and one row per action in ``gl_actions``. The primary key ``(table_id, n)`` makes
move *n* unique, so two server processes can never both play it. Events are stored with
each action (they are derived from the record, kept so that loading needs no replay), and
``snapshot`` is only a cache of the state after ``snapshot_version`` actions.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    true,
)


class Seed(TypeDecorator[int]):
    """A seed of any size, stored as decimal text (a game started without a seed draws 128
    bits or more, beyond any integer column), read back as an ``int``."""

    impl = String(48)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: object) -> str | None:
        return None if value is None else str(int(value))

    def process_result_value(self, value: object, dialect: object) -> int | None:
        return None if value is None else int(str(value))


#: The longest bot spec a seat stores (a search with its options spelled out is long).
BOT_SPEC_LENGTH = 160
#: The longest name of a standing answer a seat stores.
STANDING_LENGTH = 40

metadata = MetaData()

tables = Table(
    "gl_tables",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Seed, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("winners", JSON, nullable=True),
    Column("think_ms", Integer, nullable=False),
    Column("clock_s", Integer, nullable=True),
    Column("invite_only", Boolean, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("snapshot", JSON, nullable=True),
    Column("snapshot_version", Integer, nullable=True),
    # An invite-only table's watch key, hashed like seat tokens (NULL: no key was made).
    Column("watch_hash", String(64), nullable=True),
    # The turn clock's end (Unix seconds) for the decision after ``clock_version`` moves,
    # and the game's own timed stretch (``State.timed``): kept across restarts.
    Column("clock_version", Integer, nullable=True),
    Column("clock_deadline", Float, nullable=True),
    Column("timed_key", String(64), nullable=True),
    Column("timed_until", Float, nullable=True),
    # A finished table's rematch (``again``), and a rematch's table before (``again_of``):
    # a rematch's human seats are kept for the people who sat there.
    Column("again", String(24), nullable=True),
    Column("again_of", String(24), nullable=True),
)

seats = Table(
    "gl_seats",
    metadata,
    Column("table_id", String(24), ForeignKey("gl_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(BOT_SPEC_LENGTH), nullable=True),
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False),
    Column("away", Boolean, nullable=False),
    # Play this seat's move for it when it has exactly one (a pass with no usable counter).
    Column("auto_pass", Boolean, nullable=False, server_default=true()),
    # The seat's standing answer (``State.standing``), one of its game's names; NULL: none.
    # Private to the seat: never in the table summary others see.
    Column("standing", String(STANDING_LENGTH), nullable=True),
)

actions = Table(
    "gl_actions",
    metadata,
    Column("table_id", String(24), ForeignKey("gl_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("text", Text, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("by_bot", Boolean, nullable=False),
    Column("events", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "gl_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(24), ForeignKey("gl_tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

checkpoints = Table(
    "gl_checkpoints",
    metadata,
    # The state after move ``n`` (``to_json`` without its history, which the record holds):
    # a replay starts from the nearest one below its step.
    Column("table_id", String(24), ForeignKey("gl_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("state", JSON, nullable=False),
)

reviews = Table(
    "gl_reviews",
    metadata,
    # A finished table's game review for one seat (docs/review.md), made in the background
    # by the bot workers: ``data`` holds the judged decisions as they are made (``complete``
    # false) and then the whole review. One per seat: the budget and seed are the server's.
    Column("table_id", String(24), ForeignKey("gl_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("iterations", Integer, nullable=False),
    Column("samples", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("complete", Boolean, nullable=False),
    Column("data", JSON, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

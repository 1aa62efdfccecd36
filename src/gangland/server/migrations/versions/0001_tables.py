"""The web table's first schema: tables, seats, actions, chat.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "gl_tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("winners", sa.JSON, nullable=True),
        sa.Column("think_ms", sa.Integer, nullable=False),
        sa.Column("clock_s", sa.Integer, nullable=True),
        sa.Column("invite_only", sa.Boolean, nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
        sa.Column("snapshot", sa.JSON, nullable=True),
        sa.Column("snapshot_version", sa.Integer, nullable=True),
    )
    op.create_index("ix_gl_tables_status", "gl_tables", ["status"])
    op.create_table(
        "gl_seats",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gl_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "gl_actions",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gl_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_table(
        "gl_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gl_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_index("ix_gl_chat_table_id", "gl_chat", ["table_id"])


def downgrade() -> None:
    op.drop_table("gl_chat")
    op.drop_table("gl_actions")
    op.drop_table("gl_seats")
    op.drop_index("ix_gl_tables_status", "gl_tables")
    op.drop_table("gl_tables")

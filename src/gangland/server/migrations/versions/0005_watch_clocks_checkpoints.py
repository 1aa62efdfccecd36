"""Invite-only tables get a watch key; running clocks survive a restart; replays start
from checkpoints.

- ``gl_tables.watch_hash``: the SHA-256 of an invite-only table's watch key (the table's
  link for spectators); NULL for open tables, and for invite-only tables made before this
  revision, which only their seats may then watch.
- ``gl_tables.clock_version``, ``clock_deadline``: the turn clock's end (Unix seconds) for
  the decision after ``clock_version`` actions; ``timed_key``, ``timed_until``: the game's
  own timed stretch (``State.timed()``) and when it ends. A restarted server takes them up
  instead of starting the clocks from full.
- ``gl_checkpoints``: the state after every ``checkpoint_every``-th action (without its
  history, which the record holds), so that a replay applies only the moves since one.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_COLUMNS = (
    ("watch_hash", sa.String(64)),
    ("clock_version", sa.Integer()),
    ("clock_deadline", sa.Float()),
    ("timed_key", sa.String(64)),
    ("timed_until", sa.Float()),
)


def upgrade() -> None:
    for name, kind in _COLUMNS:  # (plain ADD COLUMN in both databases)
        op.add_column("gl_tables", sa.Column(name, kind, nullable=True))
    op.create_table(
        "gl_checkpoints",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gl_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gl_checkpoints")
    for name, _ in reversed(_COLUMNS):
        op.drop_column("gl_tables", name)

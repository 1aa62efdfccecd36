"""A finished table may be played again with the same seats (``POST .../again``).

- ``gl_tables.again``: on a finished table, the id of its rematch, set once by the first
  seat that asks for one (every later ask is given the same table); NULL: none yet.
- ``gl_tables.again_of``: on a rematch, the table it follows. Its human seats are kept for
  the people of that table's seats: nobody takes one from the lobby.

Both are NULL for every table made before this revision (plain ADD COLUMN in both SQLite
and PostgreSQL; no row is rewritten).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_COLUMNS = ("again", "again_of")


def upgrade() -> None:
    for name in _COLUMNS:
        op.add_column("gl_tables", sa.Column(name, sa.String(24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gl_tables") as batch:  # (SQLite rebuilds the table)
        for name in reversed(_COLUMNS):
            batch.drop_column(name)

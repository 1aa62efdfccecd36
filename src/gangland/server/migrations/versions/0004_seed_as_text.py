"""A table's seed is stored as decimal text: a game started without a seed draws 128 bits
or more, which no 64-bit integer column holds.

The column is replaced rather than altered: on SQLite a type change rebuilds the table, and
``gl_tables`` is the parent of every other table's foreign key. Adding, dropping and renaming
a column are plain ``ALTER TABLE`` statements in both databases (SQLite 3.35 and later).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _replace_seed(new_type: sa.types.TypeEngine[Any], cast: str) -> None:
    op.add_column("gl_tables", sa.Column("seed_new", new_type, nullable=True))
    op.execute(f"UPDATE gl_tables SET seed_new = CAST(seed AS {cast})")
    op.drop_column("gl_tables", "seed")
    op.execute("ALTER TABLE gl_tables RENAME COLUMN seed_new TO seed")
    if op.get_bind().dialect.name == "postgresql":  # (SQLite cannot add NOT NULL in place)
        op.alter_column("gl_tables", "seed", nullable=False)


def upgrade() -> None:
    _replace_seed(sa.String(48), "TEXT")


def downgrade() -> None:
    # (a seed above 2**63 fits no BIGINT: such a database cannot go back to 0003)
    _replace_seed(sa.BigInteger(), "BIGINT")

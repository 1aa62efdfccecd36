"""Seats choose whether the server plays their only legal move for them (auto-pass).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gl_seats") as batch:
        batch.add_column(
            sa.Column("auto_pass", sa.Boolean, nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    with op.batch_alter_table("gl_seats") as batch:
        batch.drop_column("auto_pass")

"""Seats may keep a standing answer (``State.standing``): Gangsters' "allow or reveal?"
after every cop move, answered once for the game.

``gl_seats.standing``: the name of the seat's standing answer, one of its game's
``standing_answers``; NULL (every seat before this revision) is none: the player is asked.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gl_seats", sa.Column("standing", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gl_seats") as batch:  # (SQLite rebuilds the table)
        batch.drop_column("standing")

"""A seat's bot spec may be up to 160 characters: a search with its options spelled out
(``ismcts:1s/playout=default/model=default/prior=default/expand=root``) outgrew 64.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gl_seats") as batch:
        batch.alter_column("bot", existing_type=sa.String(64), type_=sa.String(160),
                           existing_nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("gl_seats") as batch:
        batch.alter_column("bot", existing_type=sa.String(160), type_=sa.String(64),
                           existing_nullable=True)

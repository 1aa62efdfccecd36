"""Game reviews of finished tables (``gl_reviews``, docs/review.md).

One row per table and seat: the budget and seed it was made with, whether it is complete,
and its figures as JSON (the decisions judged so far while it runs). A new table: no row
of an older one changes.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gl_reviews",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("gl_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("iterations", sa.Integer, nullable=False),
        sa.Column("samples", sa.Integer, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("complete", sa.Boolean, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gl_reviews")

"""Per-source budgets shared by every server process: the limiter's hits live in the database.

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
    op.create_table(
        "rate_hit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_rate_hit_key", "rate_hit", ["key"])


def downgrade() -> None:
    op.drop_index("ix_rate_hit_key", "rate_hit")
    op.drop_table("rate_hit")

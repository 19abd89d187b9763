"""Idempotency keys: a phone's retried tap (its answer lost on the Wi-Fi) is applied only once.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "action_key",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_table.code"), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.UniqueConstraint("table_code", "key"),
    )


def downgrade() -> None:
    op.drop_table("action_key")

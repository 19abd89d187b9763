"""State snapshots: a restarted server replays only the events after a table's newest snapshot.

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
    op.create_table(
        "state_snapshot",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_table.code"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("rules_key", sa.String(60), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_code", "version"),
    )
    op.create_index("ix_state_snapshot_table_code", "state_snapshot", ["table_code"])


def downgrade() -> None:
    op.drop_table("state_snapshot")

"""The story of every table, stored as its events happen: asking for it reads rows (issue #39).

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


def upgrade() -> None:
    # tables from before start at 0: their story is replayed once when first asked for, then stored
    op.add_column("game_table", sa.Column("story_version", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "story_entry",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_table.code"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("view", sa.Text, nullable=True),
    )
    op.create_index("ix_story_entry_table_code", "story_entry", ["table_code"])


def downgrade() -> None:
    op.drop_index("ix_story_entry_table_code", "story_entry")
    op.drop_table("story_entry")
    with op.batch_alter_table("game_table") as batch:
        batch.drop_column("story_version")

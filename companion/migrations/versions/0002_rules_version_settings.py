"""Each table records the rules version that accepted it; a settings table shares the secret key
between processes (and across restarts, so phones' signed cookies and forms stay valid).

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
    with op.batch_alter_table("game_table") as batch:
        # tables written before this revision were accepted by rules version 1 of their game
        batch.add_column(sa.Column("rules_version", sa.String(40), nullable=False, server_default="1"))
    op.create_table(
        "app_setting",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("app_setting")
    with op.batch_alter_table("game_table") as batch:
        batch.drop_column("rules_version")

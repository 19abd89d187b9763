"""Baseline: the schema release 0.1 created with ``create_all``.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_table",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "profile",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("game_id", "name"),
    )
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_table.code"), nullable=False),
        sa.Column("seat_id", sa.String(40), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("color", sa.String(16), nullable=False),
        sa.Column("name", sa.String(40)),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("claim_hash", sa.String(64)),
        sa.Column("host", sa.Boolean, nullable=False),
        sa.UniqueConstraint("table_code", "seat_id"),
    )
    op.create_index("ix_seat_token_hash", "seat", ["token_hash"])
    op.create_index("ix_seat_table_code", "seat", ["table_code"])
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_table.code"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("rng_seed", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_code", "seq"),
    )
    op.create_index("ix_event_table_code", "event", ["table_code"])


def downgrade() -> None:
    for name in ("event", "seat", "profile", "game_table"):
        op.drop_table(name)

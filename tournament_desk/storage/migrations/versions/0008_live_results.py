"""Live results from the tables: per-table tokens and claims, submissions, the round clock, announcements.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
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
        "live_table",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("home_device", sa.String(length=64), nullable=True),
        sa.Column("away_device", sa.String(length=64), nullable=True),
        sa.Column("home_claim", sa.String(length=16), nullable=True),
        sa.Column("away_claim", sa.String(length=16), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "status IN ('open', 'pending', 'confirmed', 'disputed')", name=op.f("ck_live_table_status")
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_live_table")),
        sa.UniqueConstraint("round_no", "table_no", name=op.f("uq_live_table_round_no")),
    )
    op.create_table(
        "live_submission",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("claim", sa.String(length=16), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["token"],
            ["live_table.token"],
            name=op.f("fk_live_submission_token_live_table"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_submission")),
        sa.UniqueConstraint("nonce", name=op.f("uq_live_submission_nonce")),
    )
    op.create_table(
        "live_clock",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("duration_s", sa.Integer(), nullable=False),
        sa.Column("warning_s", sa.Integer(), nullable=False),
        sa.Column("remaining_s", sa.Float(), nullable=False),
        sa.Column("running", sa.Boolean(), nullable=False),
        sa.Column("anchor", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_clock")),
    )
    op.create_table(
        "live_announcement",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_announcement")),
    )


def downgrade() -> None:
    op.drop_table("live_announcement")
    op.drop_table("live_clock")
    op.drop_table("live_submission")
    op.drop_table("live_table")

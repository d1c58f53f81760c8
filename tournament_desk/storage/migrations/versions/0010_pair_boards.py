"""Pairs duplicate with a Mitchell movement: the defenders' points of each board at each table (rules.md §7.5).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pair_board",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("board_no", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("penalty_ns", sa.Integer(), nullable=False),
        sa.Column("penalty_ew", sa.Integer(), nullable=False),
        sa.CheckConstraint("points >= 0", name=op.f("ck_pair_board_points")),
        sa.CheckConstraint("penalty_ns >= 0 AND penalty_ew >= 0", name=op.f("ck_pair_board_penalties")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pair_board")),
        sa.UniqueConstraint("round_no", "table_no", "board_no", name=op.f("uq_pair_board_round_no")),
    )


def downgrade() -> None:
    op.drop_table("pair_board")

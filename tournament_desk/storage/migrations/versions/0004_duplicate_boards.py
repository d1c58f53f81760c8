"""Duplicate team events: board sets per round, board results per match and room, the match's XMP.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The match table first: batch mode rebuilds it, best before another table refers to it.
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("xmp", sa.Integer(), nullable=True))
    op.create_table(
        "board",
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("board_no", sa.Integer(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("declarer", sa.String(length=1), nullable=False),
        sa.Column("trump", sa.String(length=2), nullable=False),
        sa.CheckConstraint("level BETWEEN 2 AND 14", name=op.f("ck_board_level")),
        sa.CheckConstraint("declarer IN ('N', 'E', 'S', 'W')", name=op.f("ck_board_declarer")),
        sa.CheckConstraint("trump IN ('S', 'H', 'D', 'C', 'NT')", name=op.f("ck_board_trump")),
        sa.PrimaryKeyConstraint("round_no", "board_no", name=op.f("pk_board")),
    )
    op.create_table(
        "board_result",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("board_no", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(length=8), nullable=False),
        sa.Column("defenders_points", sa.Integer(), nullable=False),
        sa.Column("penalty_ns", sa.Integer(), nullable=False),
        sa.Column("penalty_ew", sa.Integer(), nullable=False),
        sa.CheckConstraint("room IN ('open', 'closed')", name=op.f("ck_board_result_room")),
        sa.CheckConstraint("defenders_points >= 0", name=op.f("ck_board_result_points")),
        sa.CheckConstraint("penalty_ns >= 0 AND penalty_ew >= 0", name=op.f("ck_board_result_penalties")),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_board_result_match_id_match"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_board_result")),
        sa.UniqueConstraint("match_id", "board_no", "room", name=op.f("uq_board_result_match_id")),
    )


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("xmp")
    op.drop_table("board_result")
    op.drop_table("board")

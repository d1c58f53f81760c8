"""The undo journal: each station's undoable steps, kept in the event so undo survives reopening (issues 14, 18).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undo_step",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("station", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("label", sa.String(length=40), nullable=False),
        sa.Column("label_args", sa.Text(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_undo_step")),
    )
    op.create_index(op.f("ix_undo_step_station"), "undo_step", ["station"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_undo_step_station"), table_name="undo_step")
    op.drop_table("undo_step")

"""Competition formats as stages: a stage table, each round's stage, rests, and annulled tables.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

OLD_KINDS = "kind IN ('pending', 'played', 'forfeit', 'late', 'ruling')"
NEW_KINDS = "kind IN ('pending', 'played', 'forfeit', 'late', 'ruling', 'annulled')"


def upgrade() -> None:
    op.create_table(
        "stage",
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(length=32), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False, server_default="{}"),
        sa.PrimaryKeyConstraint("number", name=op.f("pk_stage")),
    )
    # Every event so far is one stage of the format the tournament row names (always Swiss until now).
    op.execute("INSERT INTO stage (number, format, settings_json) SELECT 1, format, '{}' FROM tournament")
    with op.batch_alter_table("round") as batch:
        batch.add_column(sa.Column("stage_no", sa.Integer(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("bye_state", sa.String(length=8), nullable=False, server_default="bye"))
    with op.batch_alter_table("match") as batch:
        batch.drop_constraint(op.f("ck_match_kind"), type_="check")
        batch.create_check_constraint("kind", NEW_KINDS)


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_constraint(op.f("ck_match_kind"), type_="check")
        batch.create_check_constraint("kind", OLD_KINDS)
    with op.batch_alter_table("round") as batch:
        batch.drop_column("bye_state")
        batch.drop_column("stage_no")
    op.drop_table("stage")

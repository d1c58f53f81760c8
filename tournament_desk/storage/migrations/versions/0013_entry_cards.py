"""Entry cards (录分卡): each entrant's own credential for the tables' phones, the phone that holds it, and
the director's lock on phone entry for a table (issue 23).

``live_table.locked`` is added in place (no table rebuild: on SQLite a rebuild of ``live_table`` would
cascade to ``live_submission``, see 0012).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_card",
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("device", sa.String(length=64), nullable=True),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
        sa.Column("bound_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["entrant_id"], ["entrant.id"], name=op.f("fk_live_card_entrant_id_entrant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("entrant_id", name=op.f("pk_live_card")),
        sa.UniqueConstraint("code", name=op.f("uq_live_card_code")),
        sa.UniqueConstraint("device", name=op.f("uq_live_card_device")),
    )
    op.add_column("live_table", sa.Column("locked", sa.Boolean(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("live_table") as batch:
        batch.drop_column("locked")
    op.drop_table("live_card")

"""The event's venue and dates, shown on the start page and printed on every sheet.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("venue", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("starts_on", sa.Date(), nullable=True))
        batch.add_column(sa.Column("ends_on", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("ends_on")
        batch.drop_column("starts_on")
        batch.drop_column("venue")

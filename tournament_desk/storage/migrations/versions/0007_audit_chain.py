"""The audit trail becomes a hash chain: each entry keeps a hash of itself and of the entry before it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from alembic import op

from tournament_desk.domain.chain import GENESIS, entry_hash

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

FIELDS = "id, at, station, action, round_no, table_no, entrant_id, old, new, reason"


def upgrade() -> None:
    with op.batch_alter_table("audit") as batch:
        batch.add_column(sa.Column("hash", sa.String(length=64), nullable=True))
    connection = op.get_bind()
    previous = GENESIS
    for row in connection.execute(sa.text(f"SELECT {FIELDS} FROM audit ORDER BY id")).all():
        at = datetime.fromisoformat(str(row[1])).isoformat(sep=" ") if row[1] is not None else None
        previous = entry_hash(previous, (at, *row[2:]))
        connection.execute(
            sa.text("UPDATE audit SET hash = :h WHERE id = :id"), {"h": previous, "id": row[0]}
        )


def downgrade() -> None:
    with op.batch_alter_table("audit") as batch:
        batch.drop_column("hash")

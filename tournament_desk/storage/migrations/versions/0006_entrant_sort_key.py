"""Each entrant keeps its name's pinyin sort key, so that reading the standings needs no pinyin table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tournament_desk.domain.sorting import sort_key

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("entrant") as batch:
        batch.add_column(sa.Column("sort_key", sa.String(length=400), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, name FROM entrant")).all()
    for entrant_id, name in rows:
        connection.execute(
            sa.text("UPDATE entrant SET sort_key = :key WHERE id = :id"),
            {"key": sort_key(name), "id": entrant_id},
        )


def downgrade() -> None:
    with op.batch_alter_table("entrant") as batch:
        batch.drop_column("sort_key")

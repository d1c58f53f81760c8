"""Room for board claims from the tables' phones: a duplicate team table enters every board in both rooms,
two characters each (36 boards: 144), so the claim columns grow from 16 to 160 characters.

On SQLite a batch alteration rebuilds ``live_table``; dropping the old table would cascade to
``live_submission`` (foreign keys are on), so its rows are kept aside and put back.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

COLUMNS = (
    ("live_table", "home_claim", True),
    ("live_table", "away_claim", True),
    ("live_submission", "claim", False),
)
SUBMISSION = ("id", "nonce", "token", "side", "device", "claim", "outcome", "at")


def _resize(old: int, new: int) -> None:
    bind = op.get_bind()
    fields = ", ".join(SUBMISSION)
    kept = list(bind.execute(sa.text(f"SELECT {fields} FROM live_submission")).mappings())
    for table in ("live_table", "live_submission"):
        with op.batch_alter_table(table) as batch:
            for name, column, nullable in COLUMNS:
                if name == table:
                    batch.alter_column(column, existing_type=sa.String(length=old),
                                       type_=sa.String(length=new), existing_nullable=nullable)  # fmt: skip
    left = bind.execute(sa.text("SELECT COUNT(*) FROM live_submission")).scalar()
    if kept and not left:
        values = ", ".join(f":{f}" for f in SUBMISSION)
        bind.execute(
            sa.text(f"INSERT INTO live_submission ({fields}) VALUES ({values})"), [dict(r) for r in kept]
        )


def upgrade() -> None:
    _resize(16, 160)


def downgrade() -> None:
    _resize(160, 16)

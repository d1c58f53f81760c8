"""An event is a chain of stages (rules.md §7.4, §7.6, §7.7): the tournament row keeps the planned chain (each
stage's format and who goes on to the next); knockout matches of several games (局) keep the games won.

Every file so far is one stage, or groups then the knockout of the qualifiers: the chain is written for it, so
an event of the previous release plays on unchanged.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

GROUPS_CHAIN = (
    '[{"format": "groups-knockout", "advance": {"rule": "qualifiers"}}, '
    '{"format": "knockout", "advance": {"rule": "everyone"}}]'
)


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("stages_json", sa.Text(), nullable=True))
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("home_games", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("away_games", sa.Integer(), nullable=True))
    op.execute(f"UPDATE tournament SET stages_json = '{GROUPS_CHAIN}' WHERE format = 'groups-knockout'")
    op.execute(
        "UPDATE tournament SET stages_json = "
        '\'[{"format": "\' || format || \'", "advance": {"rule": "everyone"}}]\' '
        "WHERE stages_json IS NULL"
    )


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("away_games")
        batch.drop_column("home_games")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("stages_json")

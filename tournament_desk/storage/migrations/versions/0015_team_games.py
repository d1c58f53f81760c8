"""Team matches of pairs (rules.md §5.8, issue 26): each pair game of a team match, and each team's line-up.

``pair_game`` holds one pair game of a team match: the two levels (15 = passed A), the declarer (庄家) that
decides equal levels, or the pair that did not show (``absent``: home, away or both). ``team_lineup`` holds the
order in which a team sends its pairs to the boards of a round's match, e.g. ``"2,1,3,4,5"``; none: the
registration order. Files of the previous release have neither, and need nothing else.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pair_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("game_no", sa.Integer(), nullable=False),
        sa.Column("home_level", sa.Integer(), nullable=True),
        sa.Column("away_level", sa.Integer(), nullable=True),
        sa.Column("declarer", sa.String(length=8), nullable=True),
        sa.Column("absent", sa.String(length=8), nullable=True),
        sa.CheckConstraint("game_no BETWEEN 1 AND 9", name=op.f("ck_pair_game_game_no")),
        sa.CheckConstraint(
            "home_level BETWEEN 2 AND 15 AND away_level BETWEEN 2 AND 15", name=op.f("ck_pair_game_levels")
        ),
        sa.CheckConstraint("declarer IN ('home', 'away')", name=op.f("ck_pair_game_declarer")),
        sa.CheckConstraint("absent IN ('home', 'away', 'both')", name=op.f("ck_pair_game_absent")),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_pair_game_match_id_match"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pair_game")),
        sa.UniqueConstraint("match_id", "game_no", name=op.f("uq_pair_game_match_id")),
    )
    op.create_table(
        "team_lineup",
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("pairs", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["entrant_id"], ["entrant.id"], name=op.f("fk_team_lineup_entrant_id_entrant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("round_no", "entrant_id", name=op.f("pk_team_lineup")),
    )


def downgrade() -> None:
    op.drop_table("team_lineup")
    op.drop_table("pair_game")

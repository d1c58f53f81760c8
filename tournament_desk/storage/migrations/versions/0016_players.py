"""Players as records (issue 30): ``player`` (a name, a unit, an ident, and a ``uid`` shared with the same person
in other events and in the registry on this computer) and ``entrant_player`` (an entrant's players in order).

Files of the previous release keep each entrant's players as one line of names joined by ``","`` (already in
their normal form). Each name becomes a player of its own, with the entrant's unit and no ident: one player per
entrant and position. Two entrants of one event naming the same name and unit are not merged here: one person
plays for one entrant of an event, so they are two people sharing a common name or a registration mistake, and
either way the director, not a migration, says so. ``entrant.players`` stays, derived from these rows from now
on; going back down drops the tables and loses only the idents and the links between events. ``player_apart``
keeps the proposals the director refused (this player is not that person of the registry), so they are not
asked again.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("unit", sa.String(length=200), nullable=True),
        sa.Column("ident", sa.String(length=40), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("uid", name=op.f("uq_player_uid")),
    )
    op.create_table(
        "entrant_player",
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["entrant_id"],
            ["entrant.id"],
            name=op.f("fk_entrant_player_entrant_id_entrant"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_entrant_player_player_id_player")
        ),
        sa.PrimaryKeyConstraint("entrant_id", "position", name=op.f("pk_entrant_player")),
        sa.UniqueConstraint("player_id", name=op.f("uq_entrant_player_player_id")),
    )
    op.create_table(
        "player_apart",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("known_uid", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_player_apart_player_id_player"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("player_id", "known_uid", name=op.f("pk_player_apart")),
    )
    _players_from_lines(op.get_bind())


def _players_from_lines(connection: sa.Connection) -> None:
    """Each entrant's line of names as player rows, in order (ids in registration order, then position)."""
    entrants = connection.execute(
        sa.text("SELECT id, unit, players, created_at FROM entrant ORDER BY id")
    ).all()
    player = sa.table(
        "player",
        sa.column("id", sa.Integer()),
        sa.column("uid", sa.String()),
        sa.column("name", sa.String()),
        sa.column("unit", sa.String()),
        sa.column("created_at", sa.DateTime()),
    )
    link = sa.table(
        "entrant_player",
        sa.column("entrant_id", sa.Integer()),
        sa.column("position", sa.Integer()),
        sa.column("player_id", sa.Integer()),
    )
    players: list[dict[str, object]] = []
    links: list[dict[str, object]] = []
    for entrant_id, unit, line, created in entrants:
        for position, name in enumerate((n for n in (line or "").split(",") if n), start=1):
            players.append({"id": len(players) + 1, "uid": uuid.uuid4().hex, "name": name, "unit": unit,
                            "created_at": _moment(created)})  # fmt: skip
            links.append({"entrant_id": entrant_id, "position": position, "player_id": len(players)})
    if players:
        connection.execute(sa.insert(player), players)
        connection.execute(sa.insert(link), links)
        if connection.dialect.name == "postgresql":  # the id sequence continues after the ids written here
            connection.execute(
                sa.text("SELECT setval(pg_get_serial_sequence('player', 'id'), :n)"), {"n": len(players)}
            )


def _moment(value: object) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def downgrade() -> None:
    op.drop_table("player_apart")
    op.drop_table("entrant_player")
    op.drop_table("player")

"""Alembic environment of a series file: always run on a connection the application opens
(storage/series/opening.py)."""

from __future__ import annotations

from alembic import context

from tournament_desk.storage.series.models import SeriesBase

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached when someone runs the alembic CLI by hand
    raise RuntimeError("Tournament Desk migrations run from the application, which passes a connection.")

context.configure(
    connection=connection,
    target_metadata=SeriesBase.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()

"""storage.models: the rules the models declare hold in a tournament file the migrations built, under the
names the naming convention gives them (Alembic's batch mode finds constraints by these names)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from tournament_desk.storage import models as m
from tournament_desk.storage.database import Database
from tournament_desk.storage.errors import SameMoment
from tournament_desk.storage.opening import create_database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = create_database(tmp_path / "e.tdesk")
    with database.transaction(write=True) as s:
        s.add_all([m.Entrant(id=i, name=f"E{i}", created_at=datetime(2026, 1, 1)) for i in (1, 2)])
        s.add(m.Round(number=1, paired_at=datetime(2026, 1, 1)))
    try:
        yield database
    finally:
        database.close()


def match(**fields: object) -> m.Match:
    return m.Match(**{"round_no": 1, "table_no": 1, "home_id": 1, "away_id": 2, **fields})


def test_a_new_file_carries_the_application_marker(db: Database) -> None:
    with db.transaction() as s:
        assert s.scalar(select(m.Meta.value).where(m.Meta.key == "application")) == m.APP_MARKER


def test_a_match_and_its_defaults(db: Database) -> None:
    with db.transaction(write=True) as s:
        s.add(match())
    with db.transaction() as s:
        row = s.scalars(select(m.Match)).one()
        assert (row.kind, row.relaxed, row.locked) == ("pending", "", False)


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [({"away_id": 1}, "ck_match_distinct_sides"), ({"kind": "won"}, "ck_match_kind")],
)
def test_a_match_breaking_its_checks_is_refused(
    db: Database, fields: dict[str, object], constraint: str
) -> None:
    with pytest.raises(IntegrityError, match="CHECK constraint failed"), db.transaction(write=True) as s:
        s.add(match(**fields))
    with db.engine.connect() as conn:
        schema = conn.execute(text("SELECT sql FROM sqlite_master WHERE name = 'match'")).scalar()
    assert schema is not None and constraint in schema


def unique_clash(caught: pytest.ExceptionInfo[SameMoment], column: str) -> bool:
    """A clash of a unique key reaches the director as another station's change at the same moment."""
    cause = caught.value.__cause__
    return isinstance(cause, IntegrityError) and f"UNIQUE constraint failed: {column}" in str(cause)


def test_two_matches_at_one_table_of_a_round_are_refused(db: Database) -> None:
    with pytest.raises(SameMoment) as caught, db.transaction(write=True) as s:
        s.add_all([match(), match(home_id=2, away_id=1)])
    assert unique_clash(caught, "match.round_no, match.table_no")


@pytest.mark.parametrize(("level", "ok"), [(2, True), (14, True), (1, False), (15, False)])
def test_a_board_level_is_two_to_ace(db: Database, level: int, ok: bool) -> None:
    def add() -> None:
        with db.transaction(write=True) as s:
            s.add(m.BoardSpec(round_no=0, board_no=1, level=level, declarer="N", trump="NT"))

    if ok:
        add()
    else:
        with pytest.raises(IntegrityError):
            add()


def test_board_results_go_with_their_match(db: Database) -> None:
    with db.transaction(write=True) as s:
        s.add(match(id=7))
        s.flush()
        s.add(m.BoardResult(match_id=7, board_no=1, room="open", defenders_points=80))
    with db.transaction(write=True) as s:
        s.execute(text("DELETE FROM match WHERE id = 7"))
    with db.transaction() as s:
        assert s.scalars(select(m.BoardResult)).all() == []


def test_an_entrant_name_is_unique(db: Database) -> None:
    with pytest.raises(SameMoment) as caught, db.transaction(write=True) as s:
        s.add(m.Entrant(name="E1", created_at=datetime(2026, 1, 1)))
    assert unique_clash(caught, "entrant.name")

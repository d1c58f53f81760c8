"""A Mitchell event's services (services/formats/mitchell.py): the boards each table plays, a sheet of boards,
no cross-table page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.formats import format_named
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.formats.mitchell import MitchellServices
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.stages import current_stage

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_each_table_plays_its_own_boards_of_the_round(mitchell: Desk) -> None:
    with mitchell.db.transaction() as session:
        boards = MitchellServices().table_boards(session, current_stage(session), 1)
    assert sorted(boards) == [1, 2, 3]  # six pairs: three tables
    assert all(len(b) == 2 for b in boards.values())  # two boards a round
    played = [n for b in boards.values() for n in b]
    assert len(set(played)) == len(played)  # no board at two tables in one round


def test_a_sheet_of_boards_is_imported_board_by_board(mitchell: Desk, tmp_path: Path) -> None:
    sheet = tmp_path / "m.csv"
    sheet.write_text("round,table,board,points\n1,1,1,65\n1,1,2,40\n", encoding="utf-8")
    said = MitchellServices().import_sheet(mitchell, sheet, reason=None, correct=None)
    assert render(said, "en") == "Imported 2 board results."
    assert [b.points for b in pb.table_boards(mitchell, 1, 1)] == [65, 40]


def test_there_is_no_crosstable_page() -> None:
    assert not MitchellServices().crosstable_page(format_named("mitchell"))

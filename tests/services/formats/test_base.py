"""The services' default for a stage format (services/formats/base.py): a level sheet's import, the cross-table
page of a fixed schedule, no boards moving between tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.formats import format_named
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.formats.base import FormatServices
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.stages import current_stage

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_only_a_fixed_schedule_has_a_crosstable_page() -> None:
    services = FormatServices()
    assert services.crosstable_page(format_named("round-robin"))
    assert not services.crosstable_page(format_named("swiss"))


def test_no_boards_move_between_tables(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction() as session:
        assert FormatServices().table_boards(session, current_stage(session), 1) == {}


@pytest.mark.slow
def test_a_sheet_of_levels_is_imported(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    sheet = tmp_path / "results.csv"
    sheet.write_text("round,table,home,away\n1,1,9,7\n", encoding="utf-8")
    said = FormatServices().import_sheet(four, sheet, reason=None, correct=None)
    assert render(said, "en") == "Imported 1 results."
    assert round_view(four, 1).tables[0].kind == "played"

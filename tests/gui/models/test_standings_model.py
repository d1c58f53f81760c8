"""models/standings_model: columns that follow the event's format, texts, tooltips and withdrawn rows."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.gui.models.common import MUTED_COLOUR, ROW_ROLE
from tournament_desk.gui.models.standings_model import StandingsTableModel, separation_text, tiebreak_name
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.standings import current_standings

TIP = Qt.ItemDataRole.ToolTipRole


def test_the_demo_standings_show_swiss_columns_ranked(
    qtmodeltester: ModelTester, demo_session: DeskSession
) -> None:
    standings = current_standings(demo_session.desk, 2)
    model = StandingsTableModel()
    model.set_standings(standings.rows, standings.columns)
    qtmodeltester.check(model)
    assert model.rowCount() == 12
    assert model.headerData(model.column_of("mp"), Qt.Orientation.Horizontal) == "MP"
    assert model.headerData(model.column_of("played"), Qt.Orientation.Horizontal) == "Played"
    assert model.data(model.index(0, model.COL_RANK)) == "1"
    assert all(model.data(model.index(r, model.column_of("played"))) == "2" for r in range(12))
    assert model.data(model.index(3, 0), ROW_ROLE) is standings.rows[3]


def test_a_new_set_of_columns_resets_the_model_and_puts_xmp_last(qtbot: QtBot) -> None:
    model = StandingsTableModel()
    row = StandingRow(1, StandingEntrant(1, "甲", "复旦"), 3.0, 20.0, 0.0, 1, 0.5, None, xmp=7)
    with qtbot.waitSignal(model.modelReset):
        model.set_standings([row], ("xmp", "mp", "points"))
    assert model.keys == ("rank", "name", "unit", "mp", "points", "played", "deducted", "xmp")
    assert model.columnCount() == 8
    assert model.data(model.index(0, model.column_of("deducted"))) == "-0.5"
    assert model.data(model.index(0, model.column_of("unit"))) == "复旦"
    assert model.data(model.index(0, model.column_of("xmp"))) == "+7"  # signed, as printed
    assert model.headerData(model.column_of("points"), Qt.Orientation.Horizontal, TIP).startswith("Win 3")
    assert model.headerData(99, Qt.Orientation.Horizontal) is None


def test_a_withdrawn_entrant_is_muted_and_says_so(demo_session: DeskSession) -> None:
    rows = current_standings(demo_session.desk, 2).rows[:2]
    rows[1] = replace(rows[1], entrant=replace(rows[1].entrant, withdrawn=True), separated_by=None, rank=2)
    model = StandingsTableModel()
    model.set_rows(rows)
    assert model.data(model.index(1, 1), Qt.ItemDataRole.ForegroundRole) == MUTED_COLOUR
    assert model.data(model.index(1, 1), TIP) == "Withdrawn"
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ForegroundRole) is None
    assert model.data(model.index(0, 1), TIP) is None  # the first row: nothing above it


def test_a_shared_rank_is_explained() -> None:
    a = StandingRow(3, StandingEntrant(1, "甲"), 3.0, 20.0, 0.0, 1, 0.0, None)
    b = StandingRow(3, StandingEntrant(2, "乙"), 3.0, 20.0, 0.0, 1, 0.0, None)
    assert separation_text(b, a) == "Shares the rank of 甲: equal on every tiebreak"
    assert separation_text(replace(b, rank=4), a) == ""
    assert tiebreak_name("h2h_vp") == "head-to-head VP among the tied"
    assert tiebreak_name("new-key") == "new-key"

"""The pages' table models, without widgets: qtmodeltester, texts, sorting and filtering."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import LEVEL_TABLES, MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.gui.models.audit_model import AuditTableModel, action_text, compact_change
from tournament_desk.gui.models.boards import BoardGridModel, TablesModel
from tournament_desk.gui.models.common import PROBLEM_COLOUR, RIGHT, format_number
from tournament_desk.gui.models.entrants_model import (
    EntrantsProxyModel,
    EntrantsTableModel,
)
from tournament_desk.gui.models.import_preview import SheetPreviewModel
from tournament_desk.gui.models.knockout import KnockoutModel, KnockoutRow
from tournament_desk.gui.models.pair_boards import (
    BY_BOARD,
    OPEN,
    UNPAIRED,
    EntryModel,
    EntryRow,
    PickModel,
    PickRow,
)
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.models.rules_model import LevelTableModel, band_sentence, describe_rules, mp_text
from tournament_desk.gui.models.standings_model import StandingsTableModel, separation_text
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import EntrantInfo, EntrantSheet, list_entrants
from tournament_desk.services.entrants_check import SheetCheck, SheetLine
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings


def entrant(i: int, name: str, unit: str | None = None, withdrawn: int | None = None) -> EntrantInfo:
    return EntrantInfo(i, name, unit, ("甲", "乙"), i, withdrawn)


def standing(rank: int, name: str, mp: float, vp: float, separated_by: str | None) -> StandingRow:
    return StandingRow(rank, StandingEntrant(rank, name), mp, vp, 0.0, 2, 0.0, separated_by)


@pytest.mark.parametrize(
    ("value", "text"), [(7.5, "7.5"), (41.0, "41"), (0.0, "0"), (-0.0, "0"), (0.25, "0.25"), (12, "12")]
)
def test_numbers_have_no_needless_decimals(value: float, text: str) -> None:
    assert format_number(value) == text


def test_every_model_passes_the_model_tester(qtmodeltester: ModelTester, demo_session: DeskSession) -> None:
    desk = demo_session.desk
    entrants = EntrantsTableModel()
    entrants.set_rows(list_entrants(desk))
    proxy = EntrantsProxyModel()
    proxy.setSourceModel(entrants)
    standings = StandingsTableModel()
    standings.set_rows(current_standings(desk, 2).rows)
    audit = AuditTableModel()
    audit.set_rows(audit_trail(desk))
    bands = LevelTableModel()
    bands.set_rows(LEVEL_TABLES["two-deck-80-by-20"].bands)
    preview = SheetPreviewModel(
        EntrantSheet(Path("s.csv"), (SheetLine(2, "甲队", "A", "x"), SheetLine(3, "")), SheetCheck())
    )
    for model in (entrants, proxy, standings, audit, bands, preview):
        assert model.rowCount() > 0
        qtmodeltester.check(model)


def test_every_result_entry_model_passes_the_model_tester(
    qtmodeltester: ModelTester, demo_session: DeskSession
) -> None:
    """The grids the entry pages type into, and the lists beside them (gui/pages/entry), without a page."""
    results = ResultsModel()
    results.set_round(round_view(demo_session.desk, 2), {"甲": 0.5}, {1: "disputed"})
    knockout = KnockoutModel()
    knockout.set_rows(
        [
            KnockoutRow(1, "甲", "乙", ResultState.PLAYED, None, 12, 12, "home", "home", source="confirmed"),
            KnockoutRow(2, "丙", "丁", ResultState.PENDING, None, None, None, None, None, typed_home=9),
        ]
    )
    boards = EntryModel()
    boards.set_rows(
        [
            EntryRow(1, 1, 1, "甲", "乙", "N", OPEN, 40, penalty_ew=10, ns_result=-40, ns_mp=0.0, ew_mp=2.0),
            EntryRow(1, 1, 2, "甲", "乙", "E", OPEN),
            EntryRow(2, 1, 1, "丙", "丁", "N", UNPAIRED),
        ]
    )
    boards.show_preview(1, {(1, 1): (-40, 0.0, 2.0)})
    tables = PickModel()
    tables.set_rows(
        [PickRow(1, "甲", "乙", "1–2", 1, 2, source="pending"), PickRow(2, "丙", "丁", "3–4", 2, 2)]
    )
    by_board = PickModel()
    by_board.by = BY_BOARD
    by_board.set_rows([PickRow(1, "North", "", "", 1, 3), PickRow(2, "East", "", "", 0, 0, UNPAIRED)])
    for model in (results, knockout, boards, tables, by_board, BoardGridModel(), TablesModel()):
        qtmodeltester.check(model)
    assert results.rowCount() and knockout.rowCount() == 2 and boards.rowCount() == 3
    assert tables.columnCount() == 5 and by_board.columnCount() == 3


def test_entrants_sort_by_pinyin_and_filter_by_name_unit_or_pinyin() -> None:
    model = EntrantsTableModel()
    model.set_rows(
        [entrant(1, "张三队", "复旦大学"), entrant(2, "阿明队", "同济大学"), entrant(3, "李四队", "复旦大学")]
    )
    proxy = EntrantsProxyModel()
    proxy.setSourceModel(model)
    proxy.sort(EntrantsTableModel.COL_NAME, Qt.SortOrder.AscendingOrder)
    names = [proxy.index(r, EntrantsTableModel.COL_NAME).data() for r in range(proxy.rowCount())]
    assert names == ["阿明队", "李四队", "张三队"]
    proxy.set_search("zhang")
    assert proxy.rowCount() == 1
    proxy.set_search("复旦")
    assert proxy.rowCount() == 2
    proxy.set_search("")
    assert proxy.rowCount() == 3


def test_entrants_model_asks_for_edits_instead_of_changing_itself(qtbot: QtBot) -> None:
    model = EntrantsTableModel()
    model.set_rows([entrant(7, "张三队", "复旦大学"), entrant(8, "李四队", None, withdrawn=2)])
    assert model.flags(model.index(0, EntrantsTableModel.COL_UNIT)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, EntrantsTableModel.COL_DRAW)) & Qt.ItemFlag.ItemIsEditable
    with qtbot.waitSignal(model.edit_requested) as blocker:
        assert model.setData(model.index(0, EntrantsTableModel.COL_UNIT), "同济大学")
    assert blocker.args == [7, "unit", "同济大学"]
    assert model.index(0, EntrantsTableModel.COL_UNIT).data() == "复旦大学"  # until the service stored it
    assert model.index(1, EntrantsTableModel.COL_STATUS).data() == "Withdrawn after round 2"
    assert model.index(0, EntrantsTableModel.COL_PLAYERS).data() == "甲, 乙"


def test_import_preview_marks_bad_rows_in_red() -> None:
    model = SheetPreviewModel(
        EntrantSheet(Path("s.csv"), (SheetLine(2, "甲队"), SheetLine(3, "")), SheetCheck())
    )
    assert len(model.bad_rows()) == 1
    assert model.index(1, SheetPreviewModel.COL_PROBLEM).data() == "row 3: no name"
    assert model.index(1, SheetPreviewModel.COL_NAME).data(Qt.ItemDataRole.ForegroundRole) == PROBLEM_COLOUR
    assert model.index(0, SheetPreviewModel.COL_NAME).data(Qt.ItemDataRole.ForegroundRole) is None


def test_standings_tooltip_names_the_tiebreak_and_both_values() -> None:
    rows = [
        standing(1, "甲队", 6.0, 23, None),
        standing(2, "乙队", 6.0, 21, "vp"),
        standing(2, "丙队", 6.0, 21, None),
        standing(4, "丁队", 4.5, 30, "mp"),
    ]
    assert separation_text(rows[1], rows[0]) == "Separated from 甲队 by VP (23 vs 21)"
    assert separation_text(rows[3], rows[2]) == "Separated from 丙队 by MP (6 vs 4.5)"
    assert separation_text(rows[2], rows[1]) == "Shares the rank of 乙队: equal on every tiebreak"
    model = StandingsTableModel()
    model.set_rows(rows)
    assert model.index(1, StandingsTableModel.COL_NAME).data(Qt.ItemDataRole.ToolTipRole) == (
        "Separated from 甲队 by VP (23 vs 21)"
    )
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) is None
    assert [model.index(r, StandingsTableModel.COL_RANK).data() for r in range(4)] == ["1", "2", "2", "4"]
    assert model.index(3, StandingsTableModel.COL_MP).data() == "4.5"
    assert model.index(3, StandingsTableModel.COL_MP).data(Qt.ItemDataRole.TextAlignmentRole) == int(RIGHT)


def test_audit_changes_are_compact_and_actions_translated() -> None:
    assert compact_change(
        {"name": "甲", "unit": "A", "players": []}, {"name": "甲", "unit": "B", "players": []}
    ) == ("unit: A → B")
    assert compact_change(None, {"after_round": 2}) == "after_round: 2"
    assert compact_change(None, None) == ""
    assert len(compact_change(None, {"order": ["队" * 30] * 5})) <= 80
    assert action_text("entrant-edit") == "Entrant corrected"
    assert action_text("something-new") == "something-new"
    model = AuditTableModel()
    at = datetime(2026, 5, 1, 9, 30)
    model.set_rows(
        [AuditEntry(at, "desk-1", "withdraw", None, None, "甲队", None, {"after_round": 2}, "ill")]
    )
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    assert row == ["2026-05-01 09:30:00", "desk-1", "Withdrawal", "", "", "甲队",
                   "甲队 withdrawn after round 2 (station desk-1, 09:30, reason: ill)", "ill"]  # fmt: skip
    # An action without its own sentence still reads as its name and what changed.
    model.set_rows([AuditEntry(at, "desk-1", "something-new", 2, None, None, None, {"x": 1}, None)])
    assert model.index(0, AuditTableModel.COL_CHANGE).data() == (
        "Round 2: something-new: x: 1 (station desk-1, 09:30)"
    )


def test_level_tables_in_words() -> None:
    bands = LEVEL_TABLES["two-deck-80-by-40"].bands
    sentences = [band_sentence(b) for b in bands]
    assert sentences[0] == "0 points → declarer goes up 3 levels"
    assert sentences[3] == "80–115 points → defenders take the stage"
    assert sentences[4] == "120–155 points → defenders take the stage and go up 1 level"
    assert sentences[-1].startswith("160 points or more → defenders take the stage and go up 2 levels")
    assert sentences[-1].endswith("one more for every further 40 points")
    assert mp_text(MP_SCALE_WIN_DRAW_LOSS) == "By level difference: ≥ 1 → 3 : 0, 0 → 1 : 1"
    described = dict(describe_rules(RuleSet()))
    assert (
        described["Match points (MP)"]
        == "By level difference: ≥ 3 → 3 : 0, 2 → 2.5 : 0.5, 1 → 2 : 1, 0 → 1.5 : 1.5"
    )
    assert described["Victory points (VP)"].startswith("Winner 10+N : loser 10−N")
    assert described["Tiebreaks"] == "MP → VP → opponents' score"
    assert described["Bye"] == "2.5 MP and 12 VP"

"""pages/groups and the group column of the rounds page (rules.md §7.4): nothing to draw before the results, the lot
across the groups for the knockout's bye in the lot dialog, each table's group on the 编排 page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.rounds import RoundModel
from tournament_desk.gui.pages.groups import GroupsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.groups import group_stage
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # an event of twenty or fifteen entrants, paired through the services

MARGIN = {0: 4, 1: 4, 2: 3, 3: 2, 4: 1}  # each group's winner wins by this; A's and B's winners end level


@pytest.fixture
def session(tmp_path: Path) -> Iterator[DeskSession]:
    """Fifteen entrants 队01… in five groups of three (A: 01–03, …), round 1 paired and published."""
    desk = create_tournament(tmp_path / "g.tdesk", name="分组", format="groups-knockout", group_size=3)
    names = [f"队{i:02d}" for i in range(1, 16)]
    for name in names:
        es.add_entrant(desk, name)
    es.draw(desk, order=names)
    pair_next_round(desk)
    shared = DeskSession(desk)
    yield shared
    shared.close()


def play_out(session: DeskSession) -> None:
    """Every group round: the lower number wins, a group's winner by its group's margin, others by 1."""
    desk = session.desk
    round_no = 1
    while not all(g.complete for g in group_stage(desk).groups):
        view = round_view(desk, round_no) if round_no == 1 else pair_next_round(desk)
        for t in view.tables:
            assert t.home is not None and t.away is not None
            better = min(t.home, t.away)
            number = int(better[1:])
            up = str(2 + (MARGIN[(number - 1) // 3] if number % 3 == 1 else 1))
            record_result(desk, view.round, t.table, *((up, "2") if t.home == better else ("2", up)))
        round_no += 1


def groups_page(qtbot: QtBot, session: DeskSession) -> GroupsPage:
    page = GroupsPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: bool(page.tables))
    return page


def marks(page: GroupsPage) -> dict[str, str]:
    found = {}
    for table in page.tables.values():
        m = table.model_
        for r in range(m.rowCount()):
            found[m.index(r, 1).data()] = m.index(r, m.columnCount() - 1).data()
    return found


def test_nothing_is_red_before_any_result(qtbot: QtBot, session: DeskSession) -> None:
    page = groups_page(qtbot, session)
    assert set(page.tables) == {"A", "B", "C", "D", "E"}
    assert set(marks(page).values()) == {""}
    for table in page.tables.values():
        m = table.model_
        for r in range(m.rowCount()):
            cell = m.index(r, m.columnCount() - 1)
            assert cell.data(Qt.ItemDataRole.ForegroundRole) != PROBLEM_COLOUR
    assert not page.lot_button.isEnabled() and not page.draw_button.isEnabled()


def test_the_lot_for_the_bye_is_drawn_across_the_groups_in_the_lot_dialog(
    qtbot: QtBot, session: DeskSession, shown_errors: list[str]
) -> None:
    play_out(session)
    page = groups_page(qtbot, session)
    shown = marks(page)
    # 队01 (A) and 队04 (B): 6 points, +8 each. Both qualify (15 of 16 do); the lot decides the one bye.
    assert shown["队01"] == shown["队04"] == "qualified, bye lot"
    assert shown["队07"] == "qualified" and "lot" not in shown["队03"]
    assert "队01、队04" in page.banner.text() and page.lot_button.isEnabled()
    assert not page.draw_button.isEnabled()
    page.open_lot()
    dialog = page.lot_dialog
    assert dialog is not None and dialog.group() == "thirds"
    assert dialog.group_box.currentText() == "Knockout byes (轮空), across the groups"
    assert dialog.order() == ["队01", "队04"] and "bye" in dialog.hint.text()
    dialog.order_list.setCurrentRow(0)
    dialog.order_list.move_current(1)  # as Alt+Down does
    dialog.reason_edit.setText("摸牌")
    dialog.accept()
    assert not shown_errors and not dialog.isVisible()
    stage = session.read(group_stage)
    assert stage.waiting_for is None and stage.qualifiers[:2] == ["队04", "队01"]
    qtbot.waitUntil(lambda: marks(page)["队01"] == "qualified")
    assert page.draw_button.isEnabled()


def test_the_rounds_page_shows_each_tables_group(qtbot: QtBot, session: DeskSession) -> None:
    page = RoundsPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.model.rowCount() > 0)
    tables = session.read(round_view, 1).tables
    model = page.model
    assert not page.table.isColumnHidden(RoundModel.COL_GROUP)
    assert model.headerData(RoundModel.COL_GROUP, Qt.Orientation.Horizontal) == "Group"
    assert page.table.horizontalHeader().visualIndex(RoundModel.COL_GROUP) == RoundModel.COL_TABLE + 1
    by_table = {model.index(r, RoundModel.COL_TABLE).data(): model.index(r, RoundModel.COL_GROUP).data()
                for r in range(model.rowCount()) if model.rows[r].table is not None}  # fmt: skip
    assert by_table == {str(t.table): t.group for t in tables} and set(by_table.values()) == set("ABCDE")
    page.worker.shutdown()

"""The audit page: every change, newest first, filtered by round, table and entrant."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.audit_model import AuditTableModel
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.session import RESULTS, DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import list_entrants, update_entrant
from tournament_desk.services.results import record_result
from tournament_desk.services.rounds import round_view

COL = AuditTableModel


@pytest.fixture
def page(qtbot: QtBot, demo_session: DeskSession) -> AuditPage:
    desk = demo_session.desk
    table = round_view(desk, 2).tables[0]
    record_result(desk, 2, table.table, "9", "7", reason="scoresheet misread")
    first = list_entrants(desk)[0]
    update_entrant(desk, first.id, name=first.name, unit="新单位", players=first.players, reason="moved")
    page = AuditPage(demo_session)
    qtbot.addWidget(page)
    page.show()
    return page


def test_every_change_is_shown_newest_first(page: AuditPage) -> None:
    trail = audit_trail(page.session.desk)
    assert page.model.rows == list(reversed(trail))
    newest = [page.model.index(0, c).data() for c in range(COL.COL_REASON + 1)]
    assert newest[COL.COL_ACTION] == "Entrant corrected"
    assert newest[COL.COL_CHANGE] == "unit: " + f"{trail[-1].old['unit']} → 新单位"
    assert newest[COL.COL_REASON] == "moved"
    assert newest[COL.COL_STATION] == "test-station"
    assert page.count_label.text() == f"{len(trail)} of {len(trail)} changes"


def test_filters(page: AuditPage) -> None:
    desk = page.session.desk
    assert [page.round_combo.itemData(i) for i in range(page.round_combo.count())] == [None, 1, 2]
    page.set_filters(round_no=2)
    assert page.model.rows == list(reversed(audit_trail(desk, round_no=2)))
    assert {r.round for r in page.model.rows} == {2}
    result = next(r for r in page.model.rows if r.action == "result")
    page.set_filters(round_no=2, table_no=result.table)
    assert page.model.rows == [result]
    assert page.model.index(0, COL.COL_ACTION).data() == "Result"
    assert page.model.index(0, COL.COL_REASON).data() == "scoresheet misread"

    name = list_entrants(desk)[0].name
    page.set_filters(entrant=name)
    assert page.model.rows == list(reversed(audit_trail(desk, entrant=name)))
    assert page.model.rows and all(r.entrant == name for r in page.model.rows)
    page.entrant_combo.setCurrentText("")
    assert page.model.rowCount() == len(audit_trail(desk))


def test_the_page_follows_new_changes(page: AuditPage) -> None:
    desk = page.session.desk
    before = page.model.rowCount()
    record_result(desk, 1, 1, "A", "K", reason="appeal")
    page.session.notify({RESULTS})
    assert page.model.rowCount() == before + 1
    assert page.model.rows[0].reason == "appeal"

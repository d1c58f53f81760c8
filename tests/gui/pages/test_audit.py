"""pages/audit: the trail filtered through the page's combo boxes, the filters kept as new changes arrive."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.results.deductions import deduct


def make(qtbot: QtBot, session: DeskSession) -> AuditPage:
    page = AuditPage(session)
    qtbot.addWidget(page)
    page.show()
    return page


def test_picking_a_round_in_the_combo_shows_only_that_round(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    total = len(audit_trail(demo_session.desk))
    assert page.count_label.text() == f"{total} of {total} changes"
    assert page.round_combo.itemText(0) == "All rounds"
    page.round_combo.setCurrentIndex(page.round_combo.findData(2))
    shown = page.model.rows
    assert shown and all(e.round == 2 for e in shown)
    assert page.count_label.text() == f"{len(shown)} of {total} changes"
    assert [e.at for e in shown] == sorted((e.at for e in shown), reverse=True)  # newest first


def test_the_round_picked_is_kept_when_a_new_change_arrives(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    page.round_combo.setCurrentIndex(page.round_combo.findData(1))
    name = list_entrants(demo_session.desk)[0].name
    demo_session.run(page, deduct, 2, name, 0.5, reason="late")
    assert page.round_combo.currentData() == 1
    assert all(e.round == 1 for e in page.model.rows)
    assert page.total == len(audit_trail(demo_session.desk))


def test_the_entrant_box_lists_every_entrant_and_filters_by_name(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    page = make(qtbot, demo_session)
    names = [e.name for e in list_entrants(demo_session.desk)]
    listed = [page.entrant_combo.itemText(i) for i in range(page.entrant_combo.count())]
    assert listed[0] == "" and sorted(listed[1:]) == sorted(names)
    demo_session.run(page, deduct, 2, names[0], 0.5, reason="late")
    page.entrant_combo.setCurrentText(names[0])
    assert page.model.rows and all(e.entrant == names[0] for e in page.model.rows)


@pytest.mark.slow
def test_a_filter_value_not_in_the_trail_shows_nothing(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make(qtbot, demo_session)
    page.set_filters(round_no=2, table_no=99)
    assert page.model.rowCount() == 0
    assert page.table_combo.currentText() == "99"
    page.set_filters()
    assert page.model.rowCount() == page.total

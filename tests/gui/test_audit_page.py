"""The audit page: every change, newest first, filtered by round, table and entrant."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.domain.levels import format_level
from tournament_desk.gui.models.audit_model import AuditTableModel
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.session import RESULTS, DeskSession
from tournament_desk.gui.settings import Translations
from tournament_desk.services.adjust import set_locked, swap_entrants
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import list_entrants, update_entrant
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.results.forfeits import forfeit
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view

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


@pytest.mark.slow
def test_every_change_is_shown_newest_first(page: AuditPage) -> None:
    trail = audit_trail(page.session.desk)
    assert page.model.rows == list(reversed(trail))
    newest = [page.model.index(0, c).data() for c in range(COL.COL_REASON + 1)]
    assert newest[COL.COL_ACTION] == "Entrant corrected"
    at = trail[-1].at.strftime("%H:%M")
    assert newest[COL.COL_CHANGE] == (
        f"{trail[-1].entrant} corrected: unit {trail[-1].old['unit']} → 新单位 (station test-station, {at}, reason: moved)"
    )
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


@pytest.mark.slow
def test_the_page_follows_new_changes(page: AuditPage) -> None:
    desk = page.session.desk
    before = page.model.rowCount()
    record_result(desk, 1, 1, "A", "K", reason="appeal")
    page.session.notify({RESULTS})
    assert page.model.rowCount() == before + 1
    assert page.model.rows[0].reason == "appeal"


@pytest.mark.slow
def test_each_entry_reads_as_a_sentence_with_the_raw_values_in_a_tooltip(
    qtbot: QtBot, demo_session: DeskSession, qapp
) -> None:
    """Issue 14: the audit page showed raw keys and JSON (`away_level: — → Q`, `kind: played → late`)."""
    desk = demo_session.desk
    table = round_view(desk, 2).tables[0]
    home, away = table.home_level, table.away_level
    record_result(desk, 2, table.table, "10", "6", reason="记错")
    forfeit(desk, 2, round_view(desk, 2).tables[1].table, "away", reason="未到")
    third = pair_next_round(desk, publish=False)
    set_locked(desk, 3, 1, True, reason="场地")
    a, b = third.tables[0].home, third.tables[1].home
    swap_entrants(desk, 3, third.tables[1].away, third.tables[2].away, reason="调整")
    deduct(desk, 2, a, 0.5, reason="吵闹")
    page = AuditPage(demo_session)
    qtbot.addWidget(page)
    page.show()

    def row_of(action: str) -> int:
        return next(i for i, e in enumerate(page.model.rows) if e.action == action)

    def text(action: str) -> str:
        return page.model.index(row_of(action), COL.COL_CHANGE).data()

    at = page.model.rows[row_of("result")].at.strftime("%H:%M")
    assert text("result") == (
        f"Round 2, table {table.table}: result {format_level(home)} : {format_level(away)} changed to 10 : 6 "
        f"(station test-station, {at}, reason: 记错)"
    )
    assert "forfeit: forfeit by the away side" in text("forfeit")
    assert text("lock").startswith("Non-standard: Round 3, table 1: table locked")
    assert text("deduct").startswith(f"Round 2: 0.5 MP deducted from {a}")
    assert not any(s in text("result") for s in ("away_level", "kind", "{", "null"))
    lock = page.model.index(row_of("lock"), COL.COL_CHANGE)
    assert page.model.data(lock, Qt.ItemDataRole.DecorationRole) is not None  # marked
    assert (
        page.model.data(page.model.index(row_of("result"), COL.COL_CHANGE), Qt.ItemDataRole.DecorationRole)
        is None
    )
    tip = page.model.data(page.model.index(row_of("result"), COL.COL_CHANGE), Qt.ItemDataRole.ToolTipRole)
    assert '"home_level": "10"' in tip and '"kind": "played"' in tip  # the raw values stay at hand
    swap = page.model.rows[row_of("swap")]
    assert ("Non-standard" in text("swap")) == bool(swap.new.get("breaks"))
    assert b  # (the second table's home team stays)

    translations = Translations(qapp)
    translations.apply("zh_CN")
    try:
        page.reload()
        assert text("result") == (
            f"第 2 轮第 {table.table} 桌成绩 {format_level(home)} : {format_level(away)} 改为 10 : 6"
            f"（test-station站，{at}，原因：记错）"
        )
        assert text("lock").startswith("非常规操作：第 3 轮第 1 桌")
    finally:
        translations.apply("en")

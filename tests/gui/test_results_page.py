"""The result-entry grid driven from the keyboard, as the scoring desk uses it."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.deductions import list_deductions
from tournament_desk.services.rounds import pair_next_round, round_view


@pytest.fixture
def page(tmp_path: Path, qtbot: QtBot) -> ResultsPage:
    desk = create_tournament(tmp_path / "r.tdesk", name="录入", rounds=3)
    for i in range(6):
        es.add_entrant(desk, f"队{i + 1}", unit=f"U{i}")
    pair_next_round(desk)
    session = DeskSession(desk)
    widget = ResultsPage(session)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    session.close()


def visible_editor(page: ResultsPage) -> QLineEdit | None:
    return next((e for e in page.table.findChildren(QLineEdit, "level-editor") if e.isVisible()), None)


def editor(page: ResultsPage) -> QLineEdit:
    found = visible_editor(page)
    assert found is not None
    return found


def type_level(qtbot: QtBot, page: ResultsPage, text: str) -> None:
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    box = editor(page)
    box.clear()
    if text.isascii():
        qtbot.keyClicks(box, text)
    else:  # what an input method does: it commits the characters, it does not press keys
        box.insert(text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def outcome(page: ResultsPage, table: int) -> tuple:
    t = next(t for t in page.session.read(round_view, 1).tables if t.table == table)
    return t.kind, t.home_level, t.away_level, t.outcome


@pytest.mark.slow
def test_type_levels_with_enter_moves_table_to_table(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    type_level(qtbot, page, "Q")
    type_level(qtbot, page, "9")  # table 1 saved: 13:7, 3:0
    type_level(qtbot, page, "圈")
    type_level(qtbot, page, "k")  # table 2: 12 v 13
    type_level(qtbot, page, "过A")
    type_level(qtbot, page, "10")  # table 3
    assert outcome(page, 1)[:3] == ("played", 12, 9)
    assert outcome(page, 1)[3].home_vp == 13 and outcome(page, 1)[3].home_mp == 3
    assert outcome(page, 2)[3].away_mp == 2.0
    assert outcome(page, 3)[:3] == ("played", 15, 10)
    vp = page.model.index(0, ResultsModel.COL_VP).data()
    assert vp == "13 : 7"
    assert "13 VP" in page.message.text() or "VP" in page.message.text()


@pytest.mark.slow
def test_a_bad_level_is_refused_in_place(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    box = editor(page)
    qtbot.keyClicks(box, "B")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert editor(page) is box and box.isVisible()
    assert "'B' is not a level" in page.message.text()
    assert outcome(page, 1)[0] == "pending"
    box.clear()
    qtbot.keyClicks(box, "1")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert "'1' is not a level" in page.message.text()


@pytest.mark.slow
def test_missing_only_filter(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    type_level(qtbot, page, "9")
    type_level(qtbot, page, "9")
    page.missing_only.setChecked(True)
    assert page.proxy.rowCount() == 2
    page.missing_only.setChecked(False)
    assert page.proxy.rowCount() == 3


@pytest.mark.slow
def test_missing_only_keeps_a_half_entered_table_until_both_levels_are_in(
    qtbot: QtBot, page: ResultsPage
) -> None:
    page.missing_only.setChecked(True)
    page.start_typing()
    type_level(qtbot, page, "Q")  # home level only: the table is still missing its away level
    assert page.proxy.rowCount() == 3
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    assert page.table.currentIndex().column() == ResultsModel.COL_AWAY_LEVEL
    assert page.proxy.mapToSource(page.table.currentIndex()).row() == 0
    type_level(qtbot, page, "9")
    assert outcome(page, 1)[0] == "played"
    qtbot.waitUntil(lambda: visible_editor(page) is not None)  # on to the next missing table
    current = page.proxy.mapToSource(page.table.currentIndex())
    assert page.model.rows[current.row()].missing
    assert current.column() == ResultsModel.COL_HOME_LEVEL


@pytest.mark.slow
def test_enter_skips_an_entered_table_instead_of_opening_it_for_overwriting(
    qtbot: QtBot, page: ResultsPage
) -> None:
    page.edit(page.proxy.index(1, ResultsModel.COL_HOME_LEVEL))  # table 2 first
    type_level(qtbot, page, "K")
    type_level(qtbot, page, "9")
    page.edit(page.proxy.index(0, ResultsModel.COL_HOME_LEVEL))  # then table 1
    type_level(qtbot, page, "A")
    type_level(qtbot, page, "2")
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    assert page.table.currentIndex().row() == 2  # table 3, the next one missing; table 2 untouched
    assert outcome(page, 2)[0] == "played"


@pytest.mark.slow
def test_undo_and_redo_write_through_the_services(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    type_level(qtbot, page, "A")
    type_level(qtbot, page, "2")
    assert outcome(page, 1)[0] == "played"
    page.undo_stack.undo()
    assert outcome(page, 1)[0] == "pending"
    assert page.model.index(0, ResultsModel.COL_VP).data() == ""
    page.undo_stack.redo()
    assert outcome(page, 1)[:3] == ("played", 14, 2)
    actions = [e.action for e in page.session.read(audit_trail, round_no=1, table_no=1)]
    assert actions[-3:] == ["result", "restore", "restore"]


@pytest.mark.slow
def test_forfeit_and_deduction_from_the_context_menu_actions(page: ResultsPage, monkeypatch) -> None:
    monkeypatch.setattr(page, "ask_reason", lambda what, body="": "迟到 15 分钟")
    page.table_action(2, "forfeit", "away")
    kind, _, _, o = outcome(page, 2)
    assert kind == "forfeit" and (o.home_mp, o.home_vp, o.away_mp) == (2.5, 12, 0)
    page.deduct(page.model.rows[0].home)
    assert [d.mp for d in page.session.read(list_deductions)] == [0.5]
    page.undo_stack.undo()
    assert page.session.read(list_deductions) == []
    page.undo_stack.undo()
    assert outcome(page, 2)[0] == "pending"


@pytest.mark.slow
def test_the_context_menu_offers_every_table_action(qtbot: QtBot, page: ResultsPage) -> None:
    rect = page.table.visualRect(page.proxy.index(0, ResultsModel.COL_HOME))
    page.context_menu(rect.center())
    titles = [a.text().replace("&", "") for a in page.menu.actions() if not a.isSeparator()]
    assert titles == [
        "Forfeit",
        "Loss by ruling",
        "Late scoresheet",
        "Deduct 0.5 MP",
        "Clear the result (Delete)",
    ]
    page.menu.close()


@pytest.mark.slow
def test_results_model_passes_the_model_tester(qtmodeltester, page: ResultsPage) -> None:
    qtmodeltester.check(page.model)


@pytest.mark.slow
def test_changing_an_earlier_round_asks_first_once_per_round(
    qtbot: QtBot, page: ResultsPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: a result of round 1 changed after round 2 was paired used to change silently."""
    page.start_typing()
    for level in ("Q", "9", "10", "8", "7", "7"):
        type_level(qtbot, page, level)
    pair_next_round(page.session.desk)
    page.reload()
    page.round_box.setCurrentIndex(page.round_box.findData(1))
    assert page.round_no == 1
    answers = [False, True]
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, **_kw: object) -> bool:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(boxes, "ask", question)
    before = outcome(page, 1)

    def retype(table_row: int, home: str, away: str) -> None:
        page.model.setData(page.model.index(table_row, ResultsModel.COL_HOME_LEVEL), home)
        page.model.setData(page.model.index(table_row, ResultsModel.COL_AWAY_LEVEL), away)

    retype(0, "K", "5")
    assert len(asked) == 1 and "Round 2" in asked[0]
    assert outcome(page, 1) == before  # "No": nothing written, the typed level gone from the grid
    assert page.model.rows[0].typed_home is None and page.message.text() == "Nothing changed."
    retype(0, "K", "5")
    assert outcome(page, 1)[:3] == ("played", 13, 5)
    retype(1, "J", "10")  # the same round again: agreed once, not asked again
    assert len(asked) == 2 and outcome(page, 2)[:3] == ("played", 11, 10)
    page.round_box.setCurrentIndex(page.round_box.findData(2))
    page.start_typing()
    type_level(qtbot, page, "A")
    type_level(qtbot, page, "2")  # the last round paired: no question
    assert len(asked) == 2


@pytest.mark.slow
def test_switching_rounds_clears_the_last_rounds_message(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    type_level(qtbot, page, "Q")
    type_level(qtbot, page, "9")
    assert page.message.text().startswith("Table 1")
    for level in ("10", "8", "7", "7"):
        type_level(qtbot, page, level)
    pair_next_round(page.session.desk)
    page.reload()
    page.round_box.setCurrentIndex(page.round_box.findData(2))
    assert not page.message.text().startswith("Table")


@pytest.mark.slow
def test_delete_clears_a_result_and_ctrl_z_puts_it_back(qtbot: QtBot, page: ResultsPage) -> None:
    """Issue 14: there was no way to clear a result typed for the wrong table."""
    page.start_typing()
    type_level(qtbot, page, "Q")
    type_level(qtbot, page, "9")
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    editor(page).close()
    page.table.setCurrentIndex(page.proxy.index(0, ResultsModel.COL_TABLE))
    page.table.setFocus()
    page.window().activateWindow()
    qtbot.waitActive(page.window())
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    assert outcome(page, 1) == ("pending", None, None, outcome(page, 1)[3])
    assert page.model.rows[0].missing
    assert audit_trail(page.session.desk)[-1].action == "clear"
    page.undo_stack.undo()
    assert outcome(page, 1)[:3] == ("played", 12, 9)
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)
    entries = len(audit_trail(page.session.desk))
    qtbot.keyClick(page.table, Qt.Key.Key_Delete)  # nothing left to clear: one sentence, nothing written
    assert page.message.text() == "Table 1 has no result to clear."
    assert len(audit_trail(page.session.desk)) == entries


@pytest.mark.slow
def test_ctrl_z_right_after_enter_undoes_the_entry(qtbot: QtBot, page: ResultsPage) -> None:
    """Issue 14: Ctrl+Z right after Enter went to the next cell's editor instead of undoing the entry."""
    page.start_typing()
    type_level(qtbot, page, "Q")
    type_level(qtbot, page, "9")  # table 1 saved; the editor is open on table 2's home level
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    assert outcome(page, 1)[0] == "played"
    qtbot.keyClick(editor(page), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: outcome(page, 1)[0] == "pending")
    assert visible_editor(page) is None  # the empty editor closed; the cursor waits on table 1 to retype
    current = page.proxy.mapToSource(page.table.currentIndex())
    assert (page.model.rows[current.row()].table, current.column()) == (1, ResultsModel.COL_HOME_LEVEL)
    assert page.model.index(0, ResultsModel.COL_VP).data() == ""
    qtbot.keyClick(page.table, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)  # and back again
    assert outcome(page, 1)[:3] == ("played", 12, 9)
    # Typing in an editor and pressing Ctrl+Z undoes the typing, not an entry.
    page.edit(page.proxy.index(1, ResultsModel.COL_HOME_LEVEL))
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    box = editor(page)
    qtbot.keyClicks(box, "10")
    qtbot.keyClick(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box.text() == "" and outcome(page, 1)[0] == "played"
    qtbot.keyClick(box, Qt.Key.Key_Escape)


@pytest.mark.slow
def test_ctrl_z_on_the_away_level_takes_back_the_home_level_typed(qtbot: QtBot, page: ResultsPage) -> None:
    page.start_typing()
    type_level(qtbot, page, "K")  # table 1's home level, not saved until the away level is in
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    assert page.model.rows[0].typed_home == 13
    qtbot.keyClick(editor(page), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: page.model.rows[0].typed_home is None)
    assert page.model.index(0, ResultsModel.COL_HOME_LEVEL).data() == ""
    assert page.table.currentIndex().column() == ResultsModel.COL_HOME_LEVEL
    assert not page.undo_stack.count()  # nothing was saved, nothing to undo

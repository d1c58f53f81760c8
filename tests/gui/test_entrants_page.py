"""The entrants page: add, correct, withdraw, import a sign-up sheet, and the round-1 draw."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.draw_dialog import DrawDialog
from tournament_desk.gui.dialogs.entrant_dialog import EntrantDialog
from tournament_desk.gui.dialogs.import_dialog import ImportPreviewDialog
from tournament_desk.gui.dialogs.withdraw_dialog import WithdrawDialog
from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.entrants_model import EntrantsTableModel
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.session import ENTRANTS, RESULTS, ROUNDS, DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import add_entrant, list_entrants
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

COL = EntrantsTableModel


def make_page(qtbot: QtBot, session: DeskSession) -> EntrantsPage:
    page = EntrantsPage(session)
    qtbot.addWidget(page)
    page.show()
    return page


def shown_names(page: EntrantsPage) -> list[str]:
    return [page.proxy.index(r, COL.COL_NAME).data() for r in range(page.proxy.rowCount())]


def names_by_draw(session: DeskSession) -> list[str]:
    return [e.name for e in sorted(list_entrants(session.desk), key=lambda e: e.draw_no or 0)]


def register(session: DeskSession, *names: str) -> None:
    for name in names:
        add_entrant(session.desk, name, unit="测试单位")


def test_add_then_correct_an_entrant(qtbot: QtBot, empty_session: DeskSession) -> None:
    page = make_page(qtbot, empty_session)
    page.add_button.click()
    dialog = page.dialog
    assert isinstance(dialog, EntrantDialog)
    dialog.name_edit.setText("  张三队 ")
    dialog.unit_edit.setText("复旦大学")
    dialog.players_edit.setText("张三、李四")
    with qtbot.waitSignal(empty_session.changed) as changed:
        dialog.accept()
    assert changed.args[0] >= {ENTRANTS}
    [info] = list_entrants(empty_session.desk)
    assert (info.name, info.unit, info.players, info.draw_no) == ("张三队", "复旦大学", ("张三", "李四"), 1)
    assert shown_names(page) == ["张三队"]

    page.select("张三队")
    assert page.edit_button.isEnabled()
    page.edit_button.click()
    dialog = page.dialog
    assert isinstance(dialog, EntrantDialog)
    assert dialog.players_edit.text() == "张三, 李四"
    dialog.unit_edit.setText("同济大学")
    dialog.reason_edit.setText("typo on the form")
    dialog.accept()
    assert list_entrants(empty_session.desk)[0].unit == "同济大学"
    assert page.model.index(0, COL.COL_UNIT).data() == "同济大学"
    edit = audit_trail(empty_session.desk)[-1]
    assert (edit.action, edit.reason, edit.new["unit"]) == ("entrant-edit", "typo on the form", "同济大学")


@pytest.mark.slow
def test_a_refused_add_keeps_the_dialog_open(
    qtbot: QtBot, empty_session: DeskSession, shown_errors: list[str]
) -> None:
    register(empty_session, "甲队")
    page = make_page(qtbot, empty_session)
    page.add_button.click()
    dialog = page.dialog
    assert isinstance(dialog, EntrantDialog)
    assert not dialog.ok_button.isEnabled()  # no name yet
    dialog.name_edit.setText("甲队")
    dialog.accept()
    assert shown_errors == ["An entrant called '甲队' is already registered."]
    assert dialog.isVisible()
    dialog.reject()


def test_cells_edit_in_place(qtbot: QtBot, empty_session: DeskSession) -> None:
    register(empty_session, "甲队")
    page = make_page(qtbot, empty_session)
    index = page.proxy.index(0, COL.COL_PLAYERS)
    assert page.proxy.setData(index, "王五, 赵六")
    qtbot.waitUntil(lambda: page.model.index(0, COL.COL_PLAYERS).data() == "王五, 赵六")
    assert list_entrants(empty_session.desk)[0].players == ("王五", "赵六")


def test_search_and_pinyin_sort(qtbot: QtBot, empty_session: DeskSession) -> None:
    add_entrant(empty_session.desk, "张三队", unit="复旦大学")
    add_entrant(empty_session.desk, "阿明队", unit="同济大学")
    add_entrant(empty_session.desk, "李四队", unit="复旦大学")
    page = make_page(qtbot, empty_session)
    assert shown_names(page) == ["张三队", "阿明队", "李四队"]  # by draw number
    page.table.sortByColumn(COL.COL_NAME, Qt.SortOrder.AscendingOrder)
    assert shown_names(page) == ["阿明队", "李四队", "张三队"]
    page.search_edit.setText("复旦")
    assert shown_names(page) == ["李四队", "张三队"]
    page.search_edit.setText("lisi")
    assert shown_names(page) == ["李四队"]


@pytest.mark.slow
def test_withdraw_with_round_and_reason(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    name = page.model.rows[0].name
    page.select(name)
    page.withdraw_button.click()
    dialog = page.dialog
    assert isinstance(dialog, WithdrawDialog)
    assert dialog.name() == name
    assert dialog.after_round() is None  # "after its last result" unless a round is picked
    assert dialog.round_spin.maximum() == 2
    dialog.round_spin.setValue(2)
    dialog.reason_edit.setText("went home ill")
    with qtbot.waitSignal(demo_session.changed) as changed:
        dialog.accept()
    assert changed.args[0] >= {ENTRANTS, ROUNDS, RESULTS}
    info = next(e for e in list_entrants(demo_session.desk) if e.name == name)
    assert info.withdrawn_after_round == 2
    row = next(r for r in range(page.model.rowCount()) if page.model.rows[r].name == name)
    assert page.model.index(row, COL.COL_STATUS).data() == "Withdrawn after round 2"
    assert audit_trail(demo_session.desk, entrant=name)[-1].reason == "went home ill"


def test_withdraw_with_nobody_selected_chooses_nobody(qtbot: QtBot, demo_session: DeskSession) -> None:
    """A tired director pressing Enter must not withdraw whoever sorts first."""
    page = make_page(qtbot, demo_session)
    page.table.clearSelection()
    page.withdraw_button.click()
    dialog = page.dialog
    assert isinstance(dialog, WithdrawDialog)
    assert dialog.entrant_combo.currentIndex() == -1 and not dialog.ok_button.isEnabled()
    dialog.entrant_combo.setCurrentIndex(0)
    assert dialog.ok_button.isEnabled()
    dialog.reject()
    assert all(e.withdrawn_after_round is None for e in list_entrants(demo_session.desk))


@pytest.mark.slow
def test_a_withdrawn_entrant_selected_can_be_reinstated(
    qtbot: QtBot, demo_session: DeskSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = make_page(qtbot, demo_session)
    name = page.model.rows[0].name
    page.select(name)
    page.withdraw_button.click()
    assert isinstance(page.dialog, WithdrawDialog)
    page.dialog.round_spin.setValue(2)
    with qtbot.waitSignal(demo_session.changed):
        page.dialog.accept()
    page.select(name)
    assert page.withdraw_button.text() == "&Reinstate…" and page.withdraw_button.isEnabled()
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(boxes, "ask", answer)
    with qtbot.waitSignal(demo_session.changed) as changed:
        page.withdraw_button.click()
    assert name in asked[0]
    assert changed.args[0] >= {ENTRANTS, ROUNDS, RESULTS}
    assert next(e for e in list_entrants(demo_session.desk) if e.name == name).withdrawn_after_round is None
    assert audit_trail(demo_session.desk, entrant=name)[-1].action == "reinstate"
    page.select(name)
    assert page.withdraw_button.text() == "&Withdraw…"


def write_sheet(path: Path, rows: list[tuple[str, str, str]]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["队名", "单位", "队员"])
    for row in rows:
        sheet.append(list(row))
    book.save(path)
    return path


@pytest.mark.slow
def test_import_refuses_a_sheet_with_bad_rows_then_takes_a_good_one(
    qtbot: QtBot, empty_session: DeskSession, tmp_path: Path
) -> None:
    register(empty_session, "老队")
    page = make_page(qtbot, empty_session)
    bad = write_sheet(
        tmp_path / "bad.xlsx",
        [("甲队", "A", "a,b"), ("", "B", ""), ("甲队", "C", ""), ("老队", "D", ""), ("乙队", "E", "")],
    )
    page.import_sheet(bad)
    dialog = page.dialog
    assert isinstance(dialog, ImportPreviewDialog)
    model = dialog.model
    problems = [model.index(r, model.COL_PROBLEM).data() for r in range(model.rowCount())]
    assert problems == [
        "",
        "row 3: no name",
        "row 4: '甲队' repeats row 2",
        "row 5: '老队' is already registered",
        "",
    ]
    assert model.index(1, model.COL_PROBLEM).data(Qt.ItemDataRole.ForegroundRole) == PROBLEM_COLOUR
    assert not dialog.ok_button.isEnabled()
    assert "3" in dialog.summary.text()
    dialog.accept()  # a disabled Import does nothing
    assert dialog.isVisible()
    assert [e.name for e in list_entrants(empty_session.desk)] == ["老队"]
    dialog.reject()

    good = tmp_path / "good.csv"
    good.write_text("名称,单位,队员\n甲队,复旦大学,张三，李四\n乙队,同济大学,\n", encoding="utf-8")
    page.import_sheet(good)
    dialog = page.dialog
    assert isinstance(dialog, ImportPreviewDialog)
    assert dialog.ok_button.isEnabled()
    dialog.accept()
    assert [e.name for e in list_entrants(empty_session.desk)] == ["老队", "甲队", "乙队"]
    assert shown_names(page) == ["老队", "甲队", "乙队"]


def test_an_unreadable_sheet_is_explained_in_the_preview(
    qtbot: QtBot, empty_session: DeskSession, tmp_path: Path
) -> None:
    page = make_page(qtbot, empty_session)
    path = tmp_path / "teams.txt"
    path.write_text("name\n甲队\n", encoding="utf-8")
    page.import_sheet(path)
    dialog = page.dialog
    assert isinstance(dialog, ImportPreviewDialog)
    assert dialog.summary.text() == f"'{path}' is neither an .xlsx nor a .csv file."
    assert not dialog.ok_button.isEnabled()
    dialog.reject()


@pytest.mark.slow
def test_random_draw_shows_and_records_its_seed(qtbot: QtBot, empty_session: DeskSession) -> None:
    register(empty_session, "甲队", "乙队", "丙队", "丁队", "戊队", "己队")
    page = make_page(qtbot, empty_session)
    assert page.draw_button.isEnabled()
    orders = []
    for _ in range(2):
        page.draw_button.click()
        dialog = page.dialog
        assert isinstance(dialog, DrawDialog)
        assert dialog.seed() is not None  # a fresh seed is offered
        dialog.seed_spin.setValue(4242)
        dialog.accept()
        orders.append(names_by_draw(empty_session))
    assert orders[0] == orders[1]  # the same seed gives the same draw
    assert sorted(orders[0]) == sorted(["甲队", "乙队", "丙队", "丁队", "戊队", "己队"])
    assert "seed 4242" in page.draw_label.text()
    draw = audit_trail(empty_session.desk)[-1]
    assert (draw.action, draw.new["seed"], draw.new["order"]) == ("draw", 4242, orders[0])
    shown = [page.model.rows[r].name for r in range(page.model.rowCount())]
    assert sorted(shown, key=lambda n: orders[0].index(n)) == orders[0]


@pytest.mark.slow
def test_manual_order_with_up_and_down(qtbot: QtBot, empty_session: DeskSession) -> None:
    register(empty_session, "甲队", "乙队", "丙队", "丁队")
    page = make_page(qtbot, empty_session)
    page.draw_button.click()
    dialog = page.dialog
    assert isinstance(dialog, DrawDialog)
    dialog.set_manual(True)
    assert not dialog.seed_spin.isEnabled()
    dialog.order_list.setCurrentRow(3)
    dialog.up_button.click()
    dialog.up_button.click()  # 丁队 now second
    dialog.order_list.setCurrentRow(0)
    dialog.down_button.click()  # 甲队 now second, 丁队 first
    assert dialog.order() == ["丁队", "甲队", "乙队", "丙队"]
    dialog.accept()
    assert names_by_draw(empty_session) == ["丁队", "甲队", "乙队", "丙队"]
    assert page.draw_label.text().startswith("Round-1 draw: the director's order")


def test_the_draw_is_refused_once_round_one_is_paired(qtbot: QtBot, demo_session: DeskSession) -> None:
    page = make_page(qtbot, demo_session)
    assert not page.draw_button.isEnabled()
    assert page.draw_button.toolTip() == "The draw cannot change once round 1 has been paired."
    page.open_draw()
    assert page.dialog is None


@pytest.mark.parametrize("count", [0, 1])
def test_the_draw_needs_two_entrants(qtbot: QtBot, empty_session: DeskSession, count: int) -> None:
    register(empty_session, *["甲队", "乙队"][:count])
    page = make_page(qtbot, empty_session)
    assert not page.draw_button.isEnabled()
    assert "two entrants" in page.draw_button.toolTip()


@pytest.mark.slow
def test_an_event_paired_without_a_draw_does_not_say_no_draw_yet(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 14: "尚未抽签" showed on an event with three rounds played."""
    desk = create_tournament(tmp_path / "nodraw.tdesk", name="无抽签", rounds=3)
    for i in range(4):
        add_entrant(desk, f"队{i + 1}")
    session = DeskSession(desk)
    page = make_page(qtbot, session)
    assert page.draw_label.text().startswith("No draw yet")
    pair_next_round(desk)
    page.reload()
    assert page.draw_label.text().startswith("No separate draw was made")
    session.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("format_name", "draw_says", "withdrawal_says"),
    [
        ("swiss", "1 plays 2 on table 1", "becomes a forfeit"),
        ("round-robin", "Berger schedule", "annulled (注销)"),
        ("groups-knockout", "fill the groups", "group opponent wins by forfeit"),
        ("knockout", "seeding order", "walkover"),
        ("mitchell", "North–South", "Neuberg"),
    ],
)
def test_the_draw_and_withdraw_dialogs_say_what_this_format_does(
    qtbot: QtBot, tmp_path: Path, format_name: str, draw_says: str, withdrawal_says: str
) -> None:
    """Issue 27: the draw dialog explained "1 plays 2 on table 1" in round-robin and group events, and the
    withdraw dialog of a round robin gave the Swiss consequence while the program annuls the results."""
    import tournament_desk.gui.formats  # noqa: F401 (the registry tells the page each format's words)

    extra = {"boards_per_round": 2} if format_name == "mitchell" else {}
    desk = create_tournament(tmp_path / "e.tdesk", name="赛", format=format_name, **extra)  # type: ignore[arg-type]
    for i in range(8):
        add_entrant(desk, f"队{i + 1}")
    session = DeskSession(desk)
    page = make_page(qtbot, session)
    page.draw_button.click()
    assert isinstance(page.dialog, DrawDialog) and draw_says in page.dialog.hint_label.text()
    page.dialog.reject()
    page.table.selectRow(0)
    page.withdraw_entrant()
    assert isinstance(page.dialog, WithdrawDialog) and withdrawal_says in page.dialog.note.text()
    page.dialog.reject()
    session.close()

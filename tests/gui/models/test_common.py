"""models/common: number formatting and the row models' in-place edits and marks of changed tables."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.common import TableRowsModel, format_number


@dataclass(frozen=True)
class Row:
    table: int
    name: str


class Model(TableRowsModel[Row]):
    COLUMNS = 2
    EDITABLE = (1,)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # type: ignore[override]
        return None


def model() -> Model:
    m = Model()
    m.set_rows([Row(1, "甲"), Row(2, "乙"), Row(3, "丙")])
    return m


def test_format_number_rounds_to_two_decimals_and_drops_trailing_zeros() -> None:
    assert format_number(1 / 3) == "0.33"
    assert format_number(2.50) == "2.5"
    assert format_number(-3.0) == "-3"


def test_rows_count_only_at_the_root_and_only_editable_columns_are_editable() -> None:
    m = model()
    assert (m.rowCount(), m.columnCount()) == (3, 2)
    assert m.rowCount(m.index(0, 0)) == 0 and m.columnCount(m.index(0, 0)) == 0
    assert m.flags(m.index(0, 1)) & Qt.ItemFlag.ItemIsEditable
    assert not m.flags(m.index(0, 0)) & Qt.ItemFlag.ItemIsEditable


def test_update_row_replaces_that_table_only_and_signals_its_row(qtbot: QtBot) -> None:
    m = model()
    with qtbot.waitSignal(m.dataChanged) as changed:
        m.update_row(2, name="丁")
    assert [r.name for r in m.rows] == ["甲", "丁", "丙"]
    assert changed.args[0].row() == 1 and changed.args[1].column() == 1
    assert m.row_of_table(3) == 2


def test_a_timed_mark_goes_away_after_its_time(qtbot: QtBot) -> None:
    m = model()
    m.mark_tables([1, 3], ms=10)
    assert m.marked(1) and m.marked(3) and not m.marked(2)
    qtbot.waitUntil(lambda: not m.marked(1) and not m.marked(3))


def test_an_older_mark_timer_does_not_clear_a_newer_mark(qtbot: QtBot) -> None:
    m = model()
    m.mark_tables([1], ms=10)
    m.mark_tables([1], ms=60_000)
    qtbot.wait(50)
    assert m.marked(1)


def test_held_marks_stay_until_released_and_release_leaves_timed_marks() -> None:
    m = model()
    m.mark_tables([2], ms=60_000)
    m.hold_marks([1])
    m.release_marks([1, 2])
    assert not m.marked(1) and m.marked(2)
    m.clear_marks()
    assert not m.marked(2)


def test_an_empty_mark_is_no_mark() -> None:
    m = model()
    m.mark_tables([])
    assert not any(m.marked(t) for t in (1, 2, 3))

"""columns: column widths from the view's own font, for the widest thing a column can hold."""

from __future__ import annotations

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from tournament_desk.gui.columns import cell_padding, fit_names, reserve, text_width


def view(qtbot: QtBot) -> QTableView:
    v = QTableView()
    v.setModel(QStandardItemModel(1, 3))
    qtbot.addWidget(v)
    return v


def test_text_width_is_the_widest_text_plus_padding(qtbot: QtBot) -> None:
    v = view(qtbot)
    metrics = v.fontMetrics()
    assert text_width(v, ["8", "8888"]) == metrics.horizontalAdvance("8888") + cell_padding(v)
    assert text_width(v, []) == cell_padding(v) > 0


def test_reserve_widens_a_column_but_never_narrows_it(qtbot: QtBot) -> None:
    v = view(qtbot)
    header = v.horizontalHeader()
    header.resizeSection(0, 5)
    reserve(v, 0, ["20 : 0"])
    wide = header.sectionSize(0)
    assert wide >= text_width(v, ["20 : 0"])
    header.resizeSection(0, wide + 100)
    reserve(v, 0, ["20 : 0"])
    assert header.sectionSize(0) == wide + 100


def test_fit_names_stops_at_the_maximum_width(qtbot: QtBot) -> None:
    v = view(qtbot)
    header = v.horizontalHeader()
    fit_names(v, 1, ["甲队", "乙"])
    assert header.sectionSize(1) == max(text_width(v, ["甲队"]), header.sectionSizeFromContents(1).width())
    fit_names(v, 1, ["长" * 40], max_ems=4)
    assert header.sectionSize(1) == v.fontMetrics().horizontalAdvance("中" * 4) + cell_padding(v)

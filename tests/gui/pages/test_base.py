"""pages/base: a page reads once per refresh, only when its data changed, lazily while hidden; entry grids."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QTableView, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.session import ENTRANTS, RESULTS, Changes, DeskSession
from tournament_desk.services.entrants import add_entrant, list_entrants


class NamesPage(Page):
    """The entrants' names, counting its reads and what it showed."""

    watches = frozenset({ENTRANTS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.reads = 0
        self.shown: list[list[str]] = []
        self.model = QStandardItemModel(2, 2)
        self.table = QTableView()
        self.table.setModel(self.model)
        QVBoxLayout(self).addWidget(self.table)

    def title(self) -> str:
        return "Names"

    def read(self) -> list[str]:
        self.reads += 1
        return [e.name for e in self.session.read(list_entrants)]

    def show_data(self, data: Any) -> None:
        self.shown.append(data)


def make(qtbot: QtBot, session: DeskSession) -> NamesPage:
    page = NamesPage(session)
    qtbot.addWidget(page)
    return page


def test_a_page_reads_when_first_shown_and_when_a_watched_kind_changes(
    qtbot: QtBot, empty_session: DeskSession
) -> None:
    page = make(qtbot, empty_session)
    assert page.reads == 0  # nothing is read before the page is seen
    page.show()
    assert page.shown == [[]]
    empty_session.run(page, add_entrant, "甲队")
    assert page.shown[-1] == ["甲队"] and page.reads == 2
    empty_session.announce(Changes.of({RESULTS}))  # not a kind the page shows
    assert page.reads == 2


def test_a_hidden_page_only_remembers_it_is_stale(qtbot: QtBot, empty_session: DeskSession) -> None:
    page = make(qtbot, empty_session)
    page.show()
    page.hide()
    empty_session.run(page, add_entrant, "乙队")
    empty_session.run(page, add_entrant, "丙队")
    assert page.reads == 1
    page.show()  # one read for both changes
    assert page.reads == 2 and page.shown[-1] == ["乙队", "丙队"]
    page.hide()
    page.show()  # nothing changed meanwhile
    assert page.reads == 2


def test_a_background_read_of_an_older_refresh_is_thrown_away(
    qtbot: QtBot, empty_session: DeskSession
) -> None:
    page = make(qtbot, empty_session)
    page.show()
    old = page._generation
    page.reload()
    page._arrived(old, ["stale"], None)
    assert ["stale"] not in page.shown
    page._arrived(page._generation, ["fresh"], None)
    assert page.shown[-1] == ["fresh"]
    assert not page.reads_behind()  # a local file reads on the GUI thread


def test_showing_the_page_puts_the_keyboard_on_its_first_cell(
    qtbot: QtBot, empty_session: DeskSession
) -> None:
    page = make(qtbot, empty_session)
    assert page.find_view() is page.table
    page.show()
    assert page.table.currentIndex().row() == 0 and page.table.currentIndex().column() == 0


def test_an_entry_view_edits_one_cell_as_soon_as_a_key_is_typed(qapp: object) -> None:
    model = QStandardItemModel(3, 3)
    delegate = QStyledItemDelegate()
    view = entry_view("grid", model, delegate)
    assert view.objectName() == "grid" and view.model() is model and view.itemDelegate() is delegate
    assert view.selectionMode() == QAbstractItemView.SelectionMode.SingleSelection
    assert view.editTriggers() & QAbstractItemView.EditTrigger.AnyKeyPressed
    assert not view.editTriggers() & QAbstractItemView.EditTrigger.SelectedClicked
    assert view.verticalHeader().isHidden()

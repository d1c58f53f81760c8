"""Find a team on any page (Ctrl+F): type part of a name, unit or table number, or a Chinese name's pinyin
("fudan", or its initials "fdyd"), and the row is selected.

The bar sits under the pages. It searches what the current page shows (its ``find_view``), as shown (sorted
and filtered), so the director finds 东风队's table on the results grid, its rank on the standings and its line
in the audit trail alike. Cells are matched as the entrants page's search matches names
(``domain.sorting.matches_name``). Enter goes to the next match, Shift+Enter to the previous one, Esc closes the
bar.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QTableView, QToolButton, QWidget

from tournament_desk.domain.sorting import matches_name, search_form
from tournament_desk.gui.pages.base import Page


class FindBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("find-bar")
        self.page: Page | None = None
        self.matches: list[int] = []  # rows of the page's view, in view order
        self.at = -1
        self.edit = QLineEdit()
        self.edit.setObjectName("find-edit")
        self.edit.setPlaceholderText(
            self.tr("Find a team: part of its name (or its pinyin), its unit or a table number")
        )
        self.edit.setClearButtonEnabled(True)
        self.edit.textChanged.connect(self.search)
        self.edit.returnPressed.connect(self.next_match)
        self.edit.installEventFilter(self)
        self.count = QLabel()
        close = QToolButton()
        close.setText("✕")
        close.setToolTip(self.tr("Close (Esc)"))
        close.clicked.connect(self.close_bar)
        QShortcut(
            QKeySequence(Qt.Key.Key_Escape),
            self,
            self.close_bar,
            context=Qt.ShortcutContext.WidgetWithChildrenShortcut,
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(QLabel(self.tr("Find:")))
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.count)
        layout.addWidget(close)
        self.hide()

    def open_for(self, page: Page | None) -> None:
        self.page = page
        self.show()
        self.edit.setFocus()
        self.edit.selectAll()
        self.search(self.edit.text())

    def close_bar(self) -> None:
        self.hide()
        view = self.view()
        if view is not None:
            view.setFocus()

    def view(self) -> QTableView | None:
        return self.page.find_view() if self.page is not None else None

    def search(self, text: str) -> None:
        view = self.view()
        wanted = search_form(text)
        self.matches, self.at = [], -1
        if view is None or not wanted:
            self.count.setText("" if view is not None else self.tr("Nothing to search on this page"))
            return
        model = view.model()
        for row in range(model.rowCount()):
            cells = (model.index(row, col).data() for col in range(model.columnCount()))
            if any(matches_name(wanted, str(cell)) for cell in cells if cell is not None):
                self.matches.append(row)
        if not self.matches:
            self.count.setText(self.tr("No match"))
            self.count.setStyleSheet("color: #b00020;")
            return
        self.count.setStyleSheet("")
        self.go(0)

    def next_match(self) -> None:
        if self.matches:
            self.go((self.at + 1) % len(self.matches))

    def previous_match(self) -> None:
        if self.matches:
            self.go((self.at - 1) % len(self.matches))

    def go(self, at: int) -> None:
        view = self.view()
        if view is None:
            return
        self.at = at
        index: QModelIndex = view.model().index(self.matches[at], 0)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        view.selectionModel().setCurrentIndex(index, flags)
        view.scrollTo(index, QTableView.ScrollHint.PositionAtCenter)
        self.count.setText(self.tr("{at} of {count}").format(at=at + 1, count=len(self.matches)))

    def eventFilter(self, watched: object, event: object) -> bool:
        if (
            watched is self.edit
            and isinstance(event, QKeyEvent)
            and event.type() == QKeyEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.previous_match()
            return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]

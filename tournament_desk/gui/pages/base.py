"""What every page of the main window has in common: it refreshes when its data changed, lazily."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyledItemDelegate, QTableView, QWidget

from tournament_desk.gui.session import Changes, DeskSession


class Page(QWidget):
    """A page of the main window. Subclasses set ``watches`` and implement ``reload``.

    A hidden page only remembers that it is stale and reloads when it is shown, so typing a result does
    not rebuild pages nobody is looking at.
    """

    watches: frozenset[str] = frozenset()

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._stale = True
        session.changed.connect(self._on_changed)

    def title(self) -> str:
        raise NotImplementedError

    def find_view(self) -> QTableView | None:
        """The table Ctrl+F searches on this page (its main ``table`` unless a page says otherwise)."""
        view = getattr(self, "table", None)
        return view if isinstance(view, QTableView) else None

    def reload(self) -> None:
        """Read what the page shows from the services and display it."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """The event is closing (or the program quitting): stop whatever the page still runs."""

    def _on_changed(self, changes: Changes) -> None:
        if changes & self.watches:
            self._stale = True
            if self.isVisible():
                self.refresh()

    def refresh(self) -> None:
        self._stale = False
        self.reload()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()
        # The keyboard lands in the page's table when the page opens (Ctrl+1…9, a tab), so the director
        # can move, type and open a table's actions without reaching for the mouse.
        focus, view = QApplication.focusWidget(), self.find_view()
        if view is not None and (focus is None or not self.isAncestorOf(focus)):
            if not view.currentIndex().isValid():
                self.place_cursor(
                    view
                )  # before the focus: a view given the focus makes its first cell current
            view.setFocus(Qt.FocusReason.OtherFocusReason)

    def place_cursor(self, view: QTableView) -> None:
        """Where the keyboard starts in the page's table when nothing is current: its first cell."""
        model = view.model()
        if model is not None and model.rowCount():
            view.setCurrentIndex(model.index(0, 0))


# Typing starts editing the current cell (any key, a double click, F2): the desk types, Enter moves on.
ENTRY_TRIGGERS = (
    QAbstractItemView.EditTrigger.AnyKeyPressed
    | QAbstractItemView.EditTrigger.DoubleClicked
    | QAbstractItemView.EditTrigger.EditKeyPressed
)


def entry_view(name: str, model: QAbstractItemModel, delegate: QStyledItemDelegate) -> QTableView:
    """A grid the desk types results into: one cell at a time, editing as soon as a key is typed."""
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setItemDelegate(delegate)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(ENTRY_TRIGGERS)
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    return view

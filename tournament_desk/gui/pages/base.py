"""What every page of the main window has in common: it refreshes when its data changed, lazily, from one read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyledItemDelegate, QTableView, QWidget

from tournament_desk.gui.background import background
from tournament_desk.gui.session import Changes, DeskSession

T = TypeVar("T")


class Page(QWidget):
    """A page of the main window. Subclasses set ``watches`` and either implement ``reload`` or split it into
    ``read`` and ``show_data``.

    ``read(self) -> object`` gathers everything the page shows through the services (``session.read``) and
    touches no widget; ``show_data(self, data)`` puts it on the widgets. The base runs ``read`` inside ONE read
    transaction, so the page shows one moment of the event (one snapshot) and pays for one transaction, not
    one per service call. (Not named ``show``: that is ``QWidget.show``, which tests and windows call.)

    A hidden page only remembers that it is stale and reloads when it is shown, so typing a result does
    not rebuild pages nobody is looking at.
    """

    watches: frozenset[str] = frozenset()

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._stale = True
        self._generation = 0  # bumped by every refresh: a background read of an older one is thrown away
        session.changed.connect(self._on_changed)

    def title(self) -> str:
        raise NotImplementedError

    def find_view(self) -> QTableView | None:
        """The table Ctrl+F searches on this page (its main ``table`` unless a page says otherwise)."""
        view = getattr(self, "table", None)
        return view if isinstance(view, QTableView) else None

    def read(self) -> object:
        """Everything the page shows, read through the services; runs inside one read transaction, perhaps on
        a worker thread, so it must not touch a widget (nor ``self``'s widgets' state)."""
        raise NotImplementedError

    def show_data(self, data: Any) -> None:
        """Put what ``read`` returned on the widgets (GUI thread)."""
        raise NotImplementedError

    def reads_split(self) -> bool:
        return type(self).read is not Page.read

    def reads_behind(self) -> bool:
        """Whether a refresh reads on a worker thread: a page split into read and show, on a server."""
        return self.reads_split() and self.session.desk.db.is_server

    def reload(self) -> None:
        """Read what the page shows from the services and display it, now (a page may override it whole)."""
        self._generation += 1  # a background read still under way is older than this one
        self.show_data(self.read_once())

    def read_once(self) -> object:
        """``read`` in one read transaction (nested service transactions join it)."""
        return self.read_together(self.read)

    def read_together(self, read: Callable[[], T]) -> T:
        """``read()`` in one read transaction: what it reads is one moment of the event, for one round trip."""
        with self.session.desk.db.transaction():
            return read()

    def shutdown(self) -> None:
        """The event is closing (or the program quitting): stop whatever the page still runs."""

    def _on_changed(self, changes: Changes) -> None:
        if changes & self.watches:
            self._stale = True
            if self.isVisible():
                self.refresh()

    def refresh(self) -> None:
        self._stale = False
        # On a server each read is a round trip over the network, so a split page reads on a worker thread
        # and the window stays responsive. A local SQLite file reads in milliseconds and a worker would only
        # add a frame of blank page and a thread to reason about, so it stays synchronous there.
        if not self.reads_behind():
            self.reload()
            return
        self._generation += 1
        generation = self._generation

        def arrived(data: object, error: BaseException | None) -> None:
            if shiboken6.isValid(self):  # not deleted meanwhile (the event closed while it read)
                self._arrived(generation, data, error)

        # The worker's transaction is its own (the database's transactions are per thread); ``background`` lets go
        # of this page on the GUI thread, never on the worker.
        background().start(self.read_once, arrived)

    def _arrived(self, generation: int, data: object, error: BaseException | None) -> None:
        if generation != self._generation:
            return  # refreshed again meanwhile: a newer read is coming (or came)
        if error is not None:
            raise error  # as a synchronous read would
        self.show_data(data)

    def abandon_reads(self) -> None:
        """Reads still under way are of no use any more (the event is closing)."""
        self._generation += 1

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

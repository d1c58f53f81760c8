"""What every page of the main window has in common: it refreshes when its data changed, lazily."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QTableView, QWidget

from tournament_desk.gui.session import DeskSession


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

    def _on_changed(self, changes: frozenset[str]) -> None:
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

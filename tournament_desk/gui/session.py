"""The open tournament as the GUI sees it: every user action runs one service call, then says what changed.

Pages never open transactions or catch domain errors themselves: they call ``session.run(...)``, which runs
the service (one transaction), shows a refused action as one plain sentence, and emits ``changed`` with the
flags of what the action touched, so each page refreshes only when its data moved (as Anki's operations do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from tournament_desk.domain.errors import TournamentError
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk

T = TypeVar("T")

# Change flags: what an action may have touched.
ENTRANTS = "entrants"
ROUNDS = "rounds"  # pairings: tables, byes, locks, publishing
RESULTS = "results"  # levels, forfeits, rulings, deductions
RULES = "rules"
AUDIT = "audit"
EVERYTHING = frozenset({ENTRANTS, ROUNDS, RESULTS, RULES, AUDIT})


def show_error(parent: QWidget | None, message: str) -> None:
    QMessageBox.warning(parent, QCoreApplication.translate("DeskSession", "Tournament Desk"), message)


class DeskSession(QObject):
    """One open tournament file for the whole window."""

    changed = Signal(frozenset)

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk

    @property
    def path(self) -> Path | None:
        return self.desk.db.path

    def run(
        self,
        parent: QWidget | None,
        action: Callable[..., T],
        *args: Any,
        changes: Iterable[str] = EVERYTHING,
        **kwargs: Any,
    ) -> T | None:
        """Run ``action(desk, *args, **kwargs)``; a refused action is shown and gives None."""
        try:
            result = action(self.desk, *args, **kwargs)
        except TournamentError as exc:
            show_error(parent, render(exc))
            return None
        self.notify(changes)
        return result

    def read(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A read-only service call (no change to announce); errors propagate to the crash dialog."""
        return action(self.desk, *args, **kwargs)

    def notify(self, changes: Iterable[str]) -> None:
        self.changed.emit(frozenset(changes) | {AUDIT})

    def close(self) -> None:
        self.desk.close()

"""The open tournament as the GUI sees it: every user action runs one service call, then says what changed.

Pages never open transactions or catch domain errors themselves: they call ``session.run(...)``, which runs
the service (one transaction), shows a refused action as one plain sentence, and emits ``changed`` with the
flags of what the action touched, so each page refreshes only when its data moved (as Anki's operations do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from tournament_desk.domain.errors import TournamentError
from tournament_desk.i18n import render
from tournament_desk.services.audit import changes_since, high_water
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


# What another station's change touched, by its audit action (anything else: everything).
REMOTE_FLAGS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("result", "forfeit", "late", "ruling", "restore", "clear", "board", "boards", "deduct", "deduct-remove",
         "lot", "declarers"),
        frozenset({RESULTS}),
    ),
    **dict.fromkeys(("pair", "repair", "swap", "lock", "unlock", "publish", "knockout-draw"), frozenset({ROUNDS})),
    **dict.fromkeys(("entrant-add", "entrant-edit", "entrant-import", "draw"), frozenset({ENTRANTS})),
    "rules": frozenset({RULES}),
}  # fmt: skip
WATCH_MS = 1000  # how often the window looks for other stations' changes (SPEC §11: within 2 s)


class DeskSession(QObject):
    """One open tournament file for the whole window.

    It also watches for changes other stations make to the same event (a server, or a file shared between
    desks): once a second it reads the audit trail's high-water mark, and when other stations wrote, it emits
    ``changed`` with what they touched and ``remote`` with who changed what.
    """

    changed = Signal(frozenset)
    remote = Signal(list)  # [services.audit.RemoteChange, …]

    def __init__(self, desk: Desk, parent: QObject | None = None, *, watch: bool = True) -> None:
        super().__init__(parent)
        self.desk = desk
        self.seen = high_water(desk)
        self.watcher = QTimer(self)
        self.watcher.setInterval(WATCH_MS)
        self.watcher.timeout.connect(self.look_for_others)
        if watch:
            self.watcher.start()

    def look_for_others(self) -> None:
        """Refresh what other stations changed since the last look (a failed look is tried again later)."""
        try:
            mark = changes_since(self.desk, self.seen)
        except TournamentError:
            return  # e.g. the file is locked a moment: the next tick tries again
        self.seen = mark.last
        if not mark.others:
            return
        flags: set[str] = set()
        for change in mark.others:
            flags |= REMOTE_FLAGS.get(change.action, EVERYTHING)
        self.changed.emit(frozenset(flags) | {AUDIT})
        self.remote.emit(list(mark.others))

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
        self.watcher.stop()
        self.desk.close()

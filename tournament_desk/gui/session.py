"""The open tournament as the GUI sees it: every user action runs one service call, then says what changed.

Pages never open transactions or catch domain errors themselves: they call ``session.run(...)``, which runs
the service (one transaction), shows a refused action as one plain sentence, and emits ``changed`` with what the
call actually changed (``services.changes.Changes``: kinds and keys, recorded from the audit entries its
transactions wrote), so each page refreshes only when its data moved, and only the rows that did (as Anki's
operations do). Other stations' changes arrive the same way, marked ``remote``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer, Signal
from PySide6.QtWidgets import QWidget

from tournament_desk import logs
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import boxes
from tournament_desk.i18n import render
from tournament_desk.services.audit import changes_since, high_water
from tournament_desk.services.changes import (
    AUDIT,
    ENTRANTS,
    EVERYTHING,
    RESULTS,
    ROUNDS,
    RULES,
    Changes,
    ListenLost,
)
from tournament_desk.services.desk import Desk

T = TypeVar("T")

__all__ = [
    "AUDIT",
    "ENTRANTS",
    "EVERYTHING",
    "RESULTS",
    "ROUNDS",
    "RULES",
    "Changes",
    "DeskSession",
    "show_error",
]


def ask_retry(parent: QWidget | None, message: str) -> bool:
    """A refusal that may pass in a moment: the sentence, with Retry and Cancel."""
    return boxes.retry(parent, QCoreApplication.translate("DeskSession", "Tournament Desk"), message)


def show_error(parent: QWidget | None, message: str) -> None:
    """A refused action: its one sentence, as plain text (a name in it is never read as markup)."""
    boxes.tell(
        parent, QCoreApplication.translate("DeskSession", "Tournament Desk"), message, icon=boxes.WARNING
    )


WATCH_MS = 1000  # how often the window looks for other stations' changes (rules.md §11: within 2 s)
# With a LISTEN connection the audit trail is read on each NOTIFY, and this often anyway.
SERVER_WATCH_MS = 5000


class DeskSession(QObject):
    """One open tournament file for the whole window.

    It also watches for changes other stations make to the same event (a server, or a file shared between
    desks). On a PostgreSQL server it LISTENs on a connection of its own (a socket notifier wakes it as another
    station commits); on a file, or when that connection drops, it reads the audit trail's high-water mark
    once a second. When other stations wrote, it emits ``changed`` with what their audit entries say they
    changed (``remote`` set) and ``remote`` with who changed what.
    """

    changed = Signal(object)  # services.changes.Changes
    remote = Signal(list)  # [services.audit.RemoteChange, …]

    def __init__(self, desk: Desk, parent: QObject | None = None, *, watch: bool = True) -> None:
        super().__init__(parent)
        self.desk = desk
        self.seen = high_water(desk)
        self.watcher = QTimer(self)
        self.watcher.setInterval(WATCH_MS)
        self.watcher.timeout.connect(self.tick)
        self.listener: Any = None  # storage.notify.Listener, on a server
        self.notifier: QSocketNotifier | None = None
        if watch:
            self.start_listening()
            self.watcher.start()

    # --- other stations ------------------------------------------------------------------------------------
    def start_listening(self) -> None:
        """On a server, be woken by the other stations' NOTIFY instead of waiting for the next look."""
        self.listener = self.desk.listen()
        if self.listener is None:
            return
        self.notifier = QSocketNotifier(self.listener.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self.notified)
        self.watcher.setInterval(SERVER_WATCH_MS)

    def stop_listening(self) -> None:
        """The listening connection dropped (or the event closes): back to looking once a second."""
        if self.notifier is not None:
            self.notifier.setEnabled(False)
            self.notifier.deleteLater()
            self.notifier = None
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        self.watcher.setInterval(WATCH_MS)

    def notified(self) -> None:
        """The listening connection has something to read: NOTIFYs (never a blocking wait)."""
        if self.listener is None:
            return
        try:
            marks = self.listener.poll()
        except ListenLost:
            self.stop_listening()
            self.look_for_others()
            return
        if any(mark > self.seen for mark in marks):
            self.look_for_others()

    def tick(self) -> None:
        if self.listener is not None:
            try:
                self.listener.poll()  # drained (the look below reads what they announced); notices a drop
            except ListenLost:
                self.stop_listening()
        self.look_for_others()

    def look_for_others(self) -> None:
        """Refresh what other stations changed since the last look (a failed look is tried again later)."""
        try:
            mark = changes_since(self.desk, self.seen)
        except TournamentError:
            return  # e.g. the file is locked a moment: the next tick tries again
        self.seen = mark.last
        if not mark.others:
            return
        entries = ((c.action, c.round, c.table, c.entrant_id) for c in mark.others)
        self.changed.emit(Changes.from_entries(entries, remote=True))
        self.remote.emit(list(mark.others))

    @property
    def path(self) -> Path | None:
        return self.desk.db.path

    # --- this station's actions ----------------------------------------------------------------------------
    def run(self, parent: QWidget | None, action: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """Run ``action(desk, *args, **kwargs)``; a refused action is shown and gives None.

        What it changed is recorded as its transactions commit and announced once. A refusal that may pass
        in a moment (another program holds the file, another station made the same change in the same
        instant) is shown with Retry, which runs the action again."""
        while True:
            with self.desk.recording() as recording:
                try:
                    result = action(self.desk, *args, **kwargs)
                except TournamentError as exc:
                    self.announce(
                        recording.changes
                    )  # an action of several transactions may have committed some
                    logs.refused(f"window: {getattr(action, '__name__', 'action')}", str(exc))
                    if exc.transient and ask_retry(parent, render(exc)):
                        continue
                    if not exc.transient:
                        show_error(parent, render(exc))
                    return None
            self.announce(recording.changes)
            return result

    def read(self, action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A read-only service call (no change to announce); errors propagate to the crash dialog."""
        return action(self.desk, *args, **kwargs)

    def announce(self, changes: Changes) -> None:
        if changes:
            self.changed.emit(changes)

    def notify(self, changes: Iterable[str] | Changes) -> None:
        """Announce a change this process did not record: made by a child process (pairing) or the LAN
        server, or state outside the database."""
        self.announce(changes if isinstance(changes, Changes) else Changes.of(changes) | Changes.of({AUDIT}))

    def close(self) -> None:
        self.watcher.stop()
        self.stop_listening()
        self.desk.close()

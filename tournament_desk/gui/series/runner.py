"""Work on a series off the GUI thread: reading twenty member events takes a moment, and the window must not
freeze meanwhile. Each job opens the series file itself (a database's transactions are per thread), does its
work and closes it; the outcome comes back on the GUI thread (a queued signal), a refusal as its one sentence
(``session.show_error``, the window's one way to show a refused action). The worker is ``gui.background``'s,
which lets go of the work (and the window it reaches) on the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import session as gui_session
from tournament_desk.gui.background import background
from tournament_desk.i18n import render


class SeriesRunner(QObject):
    busy = Signal(bool)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.widget = parent
        self._numbers = count(1)
        self._waiting: dict[int, Callable[[Any], None]] = {}

    def running(self) -> bool:
        return bool(self._waiting)

    def start(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """Run ``work()`` on a worker thread; ``then(result)`` on the GUI thread once it is done."""
        job = next(self._numbers)
        self._waiting[job] = then
        self.busy.emit(True)

        def arrived(result: Any, error: BaseException | None) -> None:
            if shiboken6.isValid(self):  # the window was not closed while it worked
                self._arrived(job, result, error)

        background().start(work, arrived)

    def _arrived(self, job: int, result: Any, error: BaseException | None) -> None:
        then = self._waiting.pop(job, None)
        self.busy.emit(self.running())
        if then is None:
            return
        if isinstance(error, TournamentError):
            gui_session.show_error(self.widget, render(error))
            return
        if error is not None:
            raise error
        then(result)

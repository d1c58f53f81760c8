"""Work on a series off the GUI thread: reading twenty member events takes a moment, and the window must not
freeze meanwhile. Each job opens the series file itself (a database's transactions are per thread), does its
work and closes it; the outcome comes back on the GUI thread (a queued signal), a refusal as its one sentence
(``session.show_error``, the window's one way to show a refused action)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import session as gui_session
from tournament_desk.i18n import render


class SeriesRunner(QObject):
    arrived = Signal(int, object, object)  # job, result, exception (or None)
    busy = Signal(bool)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.widget = parent
        self._numbers = count(1)
        self._waiting: dict[int, Callable[[Any], None]] = {}
        self.arrived.connect(self._arrived)

    def running(self) -> bool:
        return bool(self._waiting)

    def start(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """Run ``work()`` on a worker thread; ``then(result)`` on the GUI thread once it is done."""
        job = next(self._numbers)
        self._waiting[job] = then
        self.busy.emit(True)
        threading.Thread(target=self._work, args=(job, work), daemon=True).start()

    def _work(self, job: int, work: Callable[[], Any]) -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            result = work()
        except BaseException as exc:  # carried to the GUI thread
            error = exc
        with contextlib.suppress(RuntimeError):  # the window was closed while it worked
            self.arrived.emit(job, result, error)

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

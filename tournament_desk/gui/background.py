"""Work off the GUI thread, its outcome back on the GUI thread, and every reference the work holds let go there.

A page on a server reads on a worker thread (``pages.base``), and a series window reads its member events on one
(``series.runner``). Whatever such a worker holds, it holds strongly: the page or window its work is a method of.
When the director closes that page or window while the worker runs, the worker's reference is the last one, and
dropping it there deletes the Qt object off the GUI thread, which Qt does not allow: the process crashed or its
memory was corrupted (tests/gui/test_background.py). So the GUI thread keeps the work, its callback and its outcome
until the worker thread has ended, and lets go of them only then, on the GUI thread.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

# How often the GUI thread looks again for a worker that has delivered but not yet ended (it ends a moment after).
LET_GO_MS = 20

Then = Callable[[Any, BaseException | None], None]


class Background(QObject):
    """Runs ``work()`` on a worker thread and ``then(result, error)`` on the GUI thread (this object's thread).

    One lives for the whole program (``background()``), so a worker never reports to an object being deleted."""

    _done = Signal(int, object, object)  # job, result, exception (or None); emitted by the worker, so queued

    def __init__(self) -> None:
        super().__init__()
        self._jobs = count(1)
        self._running: dict[int, tuple[threading.Thread, Callable[[], Any], Then]] = {}
        self._ending: list[
            tuple[threading.Thread, tuple[object, ...]]
        ] = []  # delivered, its thread not ended yet
        self._done.connect(self._deliver)

    def start(self, work: Callable[[], Any], then: Then) -> None:
        """Run ``work()`` on a new worker thread; ``then(result, None)``, or ``then(None, exception)`` when it
        raised, on the GUI thread once it is done."""
        job = next(self._jobs)
        thread = threading.Thread(target=self._work, args=(job, work), daemon=True)
        self._running[job] = (thread, work, then)
        thread.start()

    def _work(self, job: int, work: Callable[[], Any]) -> None:
        """The worker."""
        result: Any = None
        error: BaseException | None = None
        try:
            result = work()
        except BaseException as exc:  # carried to the GUI thread, which raises or shows it
            error = exc
        with contextlib.suppress(RuntimeError):  # the program is ending and this object is gone with it
            self._done.emit(job, result, error)

    def _deliver(self, job: int, result: Any, error: BaseException | None) -> None:
        thread, work, then = self._running.pop(job)
        self._ending.append((thread, (work, then, result, error)))
        QTimer.singleShot(0, self._let_go)  # first: ``then`` may raise
        then(result, error)

    def _let_go(self) -> None:
        """Drop what ended workers held, here on the GUI thread; look again soon for those still ending."""
        self._ending = [(thread, held) for thread, held in self._ending if thread.is_alive()]
        if self._ending:
            QTimer.singleShot(LET_GO_MS, self._let_go)


_background: Background | None = None


def background() -> Background:
    """The program's one ``Background``, made on first use (on the GUI thread: pages and windows start work)."""
    global _background
    if _background is None:
        _background = Background()
    return _background

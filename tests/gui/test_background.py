"""gui.background: work on a worker thread, its outcome on the GUI thread, and the work let go of on the GUI thread,
so a page or window closed while its worker runs is never deleted off the GUI thread (which crashed the process)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.gui.background import background

ROOT = Path(__file__).resolve().parents[2]

# A page whose read is still under way when the GUI lets go of it: the worker then holds the last reference. Thirty
# times in one process, as a director opening and closing a server's event might; with the worker dropping that
# reference the process crashed (bus error, segmentation fault) every time in five runs.
CLOSED_WHILE_READING = textwrap.dedent(
    """
    import gc, threading, time
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from tournament_desk.gui.app import keep_singletons_alive
    keep_singletons_alive()  # as the application does
    from tournament_desk.gui.pages.base import Page
    gate, started = threading.Event(), threading.Event()
    class Session(QObject):
        changed = Signal(object)
    class SlowPage(Page):
        def title(self): return "slow"
        def read(self):
            started.set()
            gate.wait(30)
            return [1]
        def show_data(self, data): pass
        def reads_behind(self): return True
        def read_together(self, read): return read()
    session = Session()
    for _ in range(30):
        gate.clear(); started.clear()
        page = SlowPage(session)
        page.refresh()
        assert started.wait(30)
        del page
        gc.collect()
        gate.set()
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            app.processEvents()
    print("ok")
    """
)


@pytest.mark.slow
def test_a_page_closed_while_its_worker_reads_does_not_crash_the_program() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CLOSED_WHILE_READING], env=env, capture_output=True, text=True, timeout=300
    )
    assert (done.returncode, done.stdout) == (0, "ok\n"), done.stderr[-2000:]


class _Work:
    """Records the thread it was let go of on."""

    def __init__(self, freed: list[str], answer: object = None, error: Exception | None = None) -> None:
        self.freed, self.answer, self.error = freed, answer, error

    def __call__(self) -> object:
        if self.error is not None:
            raise self.error
        return self.answer

    def __del__(self) -> None:
        self.freed.append(threading.current_thread().name)


def test_the_outcome_arrives_on_the_gui_thread_and_the_work_is_let_go_of_there(
    qapp: QApplication, qtbot: QtBot
) -> None:
    freed: list[str] = []
    outcomes: list[tuple[object, object, bool]] = []
    for _ in range(20):
        background().start(
            _Work(freed, answer=[42]),
            lambda result, error: outcomes.append(
                (result, error, threading.current_thread() is threading.main_thread())
            ),
        )
    qtbot.waitUntil(lambda: len(freed) == 20, timeout=10_000)
    assert outcomes == [([42], None, True)] * 20
    assert set(freed) == {threading.main_thread().name}


def test_a_failure_arrives_as_the_exception_and_nothing_else(qapp: QApplication, qtbot: QtBot) -> None:
    freed: list[str] = []
    outcomes: list[tuple[object, object]] = []
    refused = ValueError("no")
    background().start(_Work(freed, error=refused), lambda result, error: outcomes.append((result, error)))
    qtbot.waitUntil(lambda: bool(outcomes), timeout=10_000)
    assert outcomes == [(None, refused)]
    refused.__traceback__ = None  # its frames hold the work, as a page's raised read holds the page
    qtbot.waitUntil(lambda: bool(freed), timeout=10_000)
    assert freed == [threading.main_thread().name]

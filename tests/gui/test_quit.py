"""Issue 14: `Fatal Python error: bool_dealloc` on Ctrl+Q after a long session; quitting must be clean.

The cause: the pinned PySide6 returns ``None`` from void methods and ``True`` from ``Signal.emit()``
without the reference it owes, so on CPython 3.11 every such call takes one reference from the singleton;
after a long session the last legitimate releases at exit drop it to zero and the interpreter aborts. The
app keeps a reserve of references (gui.app.keep_singletons_alive) and takes the window down in a fixed
order before the interpreter finalises. The test runs the real program in a child process, drains the
singletons as a long day at the desk would, and quits by Ctrl+Q.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tournament_desk.services.demo import create_demo

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

# The child: the real main() on an open event; after start-up it visits every page, types a result, then
# calls as many void methods and emits as many signals as a long session does (more than the singletons'
# references at start), and presses Ctrl+Q.
CHILD = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QObject, Qt, QTimer, Signal
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLabel
    from tournament_desk.gui import app as gui_app
    from tournament_desk.gui.pages.entry.levels import ResultsPage

    class Noisy(QObject):
        ping = Signal()

    app = QApplication(sys.argv[:1])
    state = {}

    def long_day():
        window = next(w for w in app.topLevelWidgets() if w.inherits("QMainWindow"))
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            app.processEvents()
        page = window.show_page(ResultsPage)
        page.model.setData(page.model.index(0, page.model.COL_HOME_LEVEL), "10")
        page.model.setData(page.model.index(0, page.model.COL_AWAY_LEVEL), "8")
        noisy, label = Noisy(), QLabel()
        for _ in range(40_000):
            noisy.ping.emit()
        for _ in range(80_000):
            label.setText("x")
        watcher = window.session.watcher
        app.aboutToQuit.connect(lambda: state.update(watching=watcher.isActive()))
        QTest.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)

    gui_app.install_crash_handler = lambda: None  # an error must fail the test, not wait in a dialog
    QTimer.singleShot(200, long_day)
    code = gui_app.main([sys.argv[0], sys.argv[1]])
    print("exit", code, "watching:", state.get("watching"))
    sys.exit(code)
    """
)


def test_ctrl_q_with_an_open_event_quits_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "赛事.tdesk"
    create_demo(path, entrants=12, units=3, played=1, rounds=3).close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TDESK_DATA_DIR": str(tmp_path / "data"),
           "TDESK_LANG": "zh_CN", "PYTHONFAULTHANDLER": "1"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)], env=env, capture_output=True, text=True, timeout=120
    )
    assert "Fatal Python error" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    assert "exit 0 watching: False" in done.stdout  # Ctrl+Q closed the event: its timer stopped

"""工具 ▸ 现场发布 is not modal: the server, the clock and the projector keep running while the director types
results in the window; opening it again brings the same dialog forward; closing the file stops them."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.results import ResultsPage
from tournament_desk.services.demo import create_demo


def test_the_live_dialog_stays_open_beside_the_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "live.tdesk"
    create_demo(path, entrants=8, units=2, played=1, seed=3).close()
    assert window.open_file(path)
    window.open_live()
    dialog = window.live_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    assert window.isEnabled()
    # The window still takes the director's work while the dialog is open.
    page = window.show_page(ResultsPage)
    assert isinstance(page, ResultsPage) and page.isVisible()
    window.open_live()
    assert window.live_dialog is dialog  # the same dialog, brought forward
    stopped: list[bool] = []
    dialog.finished.connect(lambda _result: stopped.append(True))
    window.close_file()
    assert stopped == [True] and window.live_dialog is None

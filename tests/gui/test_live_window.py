"""工具 ▸ 现场发布 is not modal: the server, the clock and the projector keep running while the director types
results in the window; opening it again brings the same dialog forward; closing the file stops them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.web.test_live_formats import decoded, needs_tools
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.services import live
from tournament_desk.services.demo import create_demo
from tournament_desk.services.rounds import pair_next_round


@pytest.mark.slow
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


@pytest.mark.slow
@pytest.mark.system  # pdftoppm and zbarimg
@needs_tools
def test_scoresheets_saved_while_the_server_runs_carry_the_tables_qr_codes(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the Live dialog's server runs, Print / Export ▸ scoresheets puts each table's entry address on
    its sheet as a QR code (as `tdesk export … --live-url` does); without the server, plain sheets."""
    path = tmp_path / "live.tdesk"
    with create_demo(path, entrants=8, units=2, played=1, seed=3) as desk:
        pair_next_round(desk)
    assert window.open_file(path)
    window.open_live()
    assert window.live_dialog is not None
    monkeypatch.setattr(window, "ask_round", lambda what: None)
    plain, coded = tmp_path / "plain.pdf", tmp_path / "coded.pdf"
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: plain)
    assert window.export_report("scoresheets", ".pdf") == [plain]
    window.saved_box.close()
    window.live_dialog.url = "http://192.168.1.20:8765/"  # what the dialog sets once its server answers
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: coded)
    assert window.export_report("scoresheets", ".pdf") == [coded]
    window.saved_box.close()
    assert window.session is not None
    tokens = {t.token for t in live.round_tokens(window.session.desk, 2)}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert decoded(plain, tmp_path / "a") == []
    found = decoded(coded, tmp_path / "b")
    assert sorted(found) == sorted(f"http://192.168.1.20:8765/t/{t}" for t in tokens)

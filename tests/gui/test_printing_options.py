"""printing_options: the certificates' places and organiser line, asked before printing or saving them, and the
certificates then read back (pdftotext)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event
from tests.reports import poppler
from tournament_desk.gui import printing
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.printing_options import CertificatesDialog, certificates_dialog
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.demo import create_demo

ORGANISER = "上海市老年人体育协会"


def test_the_places_default_to_the_formats_and_go_up_to_the_entrants(
    qtbot: QtBot, demo_session: DeskSession, tmp_path: Path, window: MainWindow
) -> None:
    swiss = certificates_dialog(None, demo_session)
    qtbot.addWidget(swiss)
    assert (swiss.places.value(), swiss.places.minimum(), swiss.places.maximum()) == (8, 1, 12)
    assert swiss.organiser.text() == "" and swiss.choice().organiser is None
    drawn_event(tmp_path / "ko.tdesk", "淘汰", [f"队{n}" for n in range(1, 7)], seed=1, format="knockout")
    assert window.open_file(tmp_path / "ko.tdesk") and window.session is not None
    knockout = certificates_dialog(None, window.session)
    qtbot.addWidget(knockout)
    assert (knockout.places.value(), knockout.places.maximum()) == (3, 6)


@pytest.mark.slow
@pytest.mark.system  # pdftotext reads the certificates back
def test_saving_certificates_asks_how_many_and_the_organiser_and_prints_them(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    path = tmp_path / "cup.tdesk"
    create_demo(path, entrants=12, units=3, played=5, seed=2).close()
    assert window.open_file(path)
    asked: list[CertificatesDialog] = []

    def fill_in(dialog: CertificatesDialog) -> int:  # the director types, as in the real dialog
        asked.append(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.places.selectAll()
        qtbot.keyClicks(dialog.places, "3")
        dialog.organiser.insert(ORGANISER)  # as an input method commits it (keyClicks takes Latin-1 only)
        qtbot.keyClick(dialog.organiser, Qt.Key.Key_Return)
        assert not dialog.isVisible()  # Enter is OK
        return int(dialog.result())

    monkeypatch.setattr(CertificatesDialog, "exec", fill_in)
    monkeypatch.setattr(window, "final_ok", lambda what: True)
    out = tmp_path / "certificates.pdf"
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: out)
    action = next(a for a in window.export_menu.actions() if a.objectName() == "export-certificates.pdf")
    action.trigger()
    assert shown_errors == [] and len(asked) == 1
    pages = poppler.page_texts(out)
    assert len(pages) == 3  # places 1 to 3 (no shared place in this demo)
    for number, page in enumerate(pages, start=1):
        compact = "".join(page.split())
        assert f"主办单位：{ORGANISER}" in compact and f"第{number}名" in compact
    again = certificates_dialog(None, window.session)  # type: ignore[arg-type]
    qtbot.addWidget(again)
    assert again.organiser.text() == ORGANISER  # remembered for the next print


def test_cancelling_the_question_saves_nothing(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cup.tdesk"
    create_demo(path, entrants=6, units=2, played=1, seed=2).close()
    assert window.open_file(path)
    monkeypatch.setattr(CertificatesDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected.value)
    monkeypatch.setattr(window, "final_ok", lambda what: True)
    chosen: list[str] = []
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: chosen.append(what))
    assert window.export_report("certificates", ".pdf") == [] and chosen == []
    assert printing.ask_options(window, window.session, "standings") == {}  # type: ignore[arg-type]

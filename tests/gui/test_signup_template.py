"""signup_template: File ▸ Save sign-up template… copies the sheet Import reads to where the director says; a new
event's wizard points at it."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tests.gui.conftest import save_from_wizard
from tournament_desk.gui import boxes, signup_template
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.entrants import import_entrants, preview_entrant_sheet
from tournament_desk.services.event import create_tournament


class Dialogs:
    """The save dialog and the boxes as the director answers them: the name typed, what each box said."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
        self.answer = answer
        self.asked: list[str] = []
        self.told: list[tuple[str, str]] = []
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self.save_name)
        monkeypatch.setattr(boxes, "tell", lambda parent, title, text: self.told.append((title, text)))

    def save_name(self, parent: object, title: str, start: str, filter_: str) -> tuple[str, str]:
        self.asked.append(start)
        return self.answer, filter_


def menu_action(window: MainWindow) -> QAction:
    action = window.findChild(QAction, "file-signup-template")
    assert action is not None and action.isEnabled()
    return action


def test_the_file_menu_saves_a_copy_of_the_template(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialogs = Dialogs(monkeypatch, str(tmp_path / "春季赛报名表"))
    menu_action(window).trigger()  # no event open: the template is there before the first event
    saved = tmp_path / "春季赛报名表.xlsx"  # the suffix added
    assert saved.read_bytes() == signup_template.template_path().read_bytes()
    assert dialogs.asked[0].endswith("sign-up sheet.xlsx")
    ((title, text),) = dialogs.told
    assert title == "Sign-up template saved" and str(saved) in text and "Import" in text
    headers = next(openpyxl.load_workbook(saved).worksheets[0].iter_rows(values_only=True))
    assert headers[:3] == ("队名", "单位", "队员")


@pytest.mark.slow
def test_a_filled_in_copy_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    Dialogs(monkeypatch, str(tmp_path / "sheet.xlsx"))
    saved = signup_template.save_signup_template(None)
    assert saved == tmp_path / "sheet.xlsx"
    book = openpyxl.load_workbook(saved)
    book.worksheets[0].append(["红队", "一车间", "张三、李四"])
    book.save(saved)
    desk = create_tournament(tmp_path / "e.tdesk", name="报名")
    try:
        assert [row.name for row in preview_entrant_sheet(desk, saved)] == ["红队"]
        assert [e.name for e in import_entrants(desk, saved)] == ["红队"]
    finally:
        desk.close()


def test_cancel_saves_nothing(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, "")
    menu_action(window).trigger()
    assert dialogs.asked and not dialogs.told and not list(tmp_path.glob("*.xlsx"))


def test_a_place_that_cannot_be_written_is_said_and_nothing_else_happens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = tmp_path / "报名表.xlsx"
    taken.mkdir()  # a folder of that name: the copy cannot be written there (as any user, root too)
    dialogs = Dialogs(monkeypatch, str(taken))
    assert signup_template.save_signup_template(None) is None
    ((title, text),) = dialogs.told
    assert title == "The template was not saved" and str(taken) in text and "another folder" in text
    assert taken.is_dir() and not list(taken.iterdir())


@pytest.mark.slow
def test_a_new_event_points_at_the_template(window: MainWindow, tmp_path: Path) -> None:
    window.new_file()
    window.wizard.event_page.name.setText("秋季赛")
    save_from_wizard(window, tmp_path / "new.tdesk")
    assert "Save sign-up template" in window.statusBar().currentMessage()

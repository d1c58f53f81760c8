"""The duplicate penalty dialog (issue 27): it names the board, room, side and the team sitting there, and
stores nothing without a reason, which the audit trail keeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.penalty_dialog import PenaltyDialog, PenaltyPlace
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import boards as bs
from tournament_desk.services.rounds import pair_next_round

TEAMS = ["甲队", "乙队", "丙队", "丁队"]


@pytest.fixture
def page(qapp: QApplication, qtbot: QtBot, tmp_path: Path) -> Iterator[DuplicateResultsPage]:
    desk = create_tournament(tmp_path / "dup.tdesk", name="复式", scoring="duplicate", rounds=3)
    for name in TEAMS:
        es.add_entrant(desk, name, players=f"{name}1,{name}2,{name}3,{name}4")
    es.draw(desk, order=TEAMS)
    pair_next_round(desk)  # 甲 v 乙 on table 1
    bs.record_board(desk, 1, 1, 3, open_points=60, closed_points=100)
    session = DeskSession(desk)
    widget = DuplicateResultsPage(session)
    qtbot.addWidget(widget)
    widget.show()
    widget.reload()
    widget.select_table(1)
    yield widget
    session.close()


def test_the_dialog_names_what_it_changes_and_requires_a_reason(qtbot: QtBot) -> None:
    place = PenaltyPlace(2, 5, "甲队", "乙队", 7, "closed", "NS", points=10)
    dialog = PenaltyDialog(None, place)
    qtbot.addWidget(dialog)
    body = dialog.body.text()
    assert "Round 2, table 5: 甲队 – 乙队" in body
    assert "Board 7, closed room: penalty points to North–South (乙队)" in body  # the away team sits NS there
    assert dialog.points.value() == 10
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.edit.insert("慢打警告后再犯")
    assert ok.isEnabled()


def test_a_penalty_from_the_page_is_stored_with_its_reason(qtbot: QtBot, page: DuplicateResultsPage) -> None:
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PenaltyDialog)
        seen.append(dialog.body.text())
        dialog.points.setValue(20)
        dialog.edit.insert("出牌犹豫")
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    page.ask_penalty(3, "open", "EW")
    assert seen and "Board 3, open room: penalty points to East–West (乙队)" in seen[0]
    sheet = page.session.read(bs.board_sheet, 1, 1)
    assert sheet.entries[(3, "open")].to_ew == 20
    assert audit_trail(page.session.desk)[-1].reason == "出牌犹豫"


def test_cancelling_the_penalty_changes_nothing(qtbot: QtBot, page: DuplicateResultsPage) -> None:
    before = len(audit_trail(page.session.desk))

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PenaltyDialog)
        dialog.points.setValue(20)
        dialog.reject()

    QTimer.singleShot(0, cancel)
    page.ask_penalty(3, "open", "EW")
    assert len(audit_trail(page.session.desk)) == before

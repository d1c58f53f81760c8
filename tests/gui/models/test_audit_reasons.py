"""The reason of an undone or redone step (issue 27): stored as the program's code ("undo"), shown in words in
the user's language — on the audit page, in its sentences and in the workbook's sheet — never as ``undo``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tournament_desk import i18n
from tournament_desk.gui.models.audit_model import AuditTableModel
from tournament_desk.reports.audit_text import reason_words, sentence
from tournament_desk.services import entrants as es
from tournament_desk.services import undo
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round


@pytest.fixture
def chinese() -> Iterator[None]:
    i18n.set_language("zh")
    yield
    i18n.set_language(None)


@pytest.fixture
def undone(tmp_path: Path) -> Iterator[Desk]:
    desk = create_tournament(tmp_path / "u.tdesk", name="撤销", rounds=3)
    for name in "甲乙丙丁":
        es.add_entrant(desk, name)
    pair_next_round(desk)
    undo.record(desk, "table", 1, 1, undo.label("levels", home="A", away="2"), rs.record_result, "A", "2")
    undo.undo_last(desk)
    undo.redo_last(desk)
    yield desk
    desk.close()


def test_the_programs_own_reasons_are_words_in_each_language() -> None:
    assert reason_words("undo", "zh") == "撤销（Ctrl+Z）" and reason_words("redo", "zh") == "重做（Ctrl+Y）"
    assert reason_words("undo", "en") == "undone (Ctrl+Z)"
    assert reason_words("undo it, wrong table", "zh") == "undo it, wrong table"  # a director's, as typed
    assert reason_words(None) == ""


@pytest.mark.slow
def test_the_audit_page_and_sentence_say_undo_in_chinese(
    qapp: QApplication, undone: Desk, chinese: None
) -> None:
    trail = audit_trail(undone)
    assert [e.reason for e in trail[-2:]] == ["undo", "redo"]  # stored as the program's code
    model = AuditTableModel()
    model.set_rows(trail)
    shown = [model.index(r, AuditTableModel.COL_REASON).data() for r in range(model.rowCount())]
    assert shown[-2:] == ["撤销（Ctrl+Z）", "重做（Ctrl+Y）"]
    assert "原因：撤销（Ctrl+Z）" in sentence(trail[-2], "zh")

"""worker: what the pairing child process does with a real file, and how its outcome reaches the page."""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event
from tournament_desk.gui.worker import PairingWorker, Refusal, pair_in_child
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import RoundView, round_view


@pytest.mark.slow
def test_the_child_pairs_the_file_as_a_draft(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "six.tdesk"
    drawn_event(path, "六队", ["甲", "乙", "丙", "丁", "戊", "己"], seed=1)
    view = pair_in_child(str(path), "desk-2", "en")
    assert isinstance(view, RoundView) and view.round == 1 and len(view.tables) == 3
    assert not view.published
    with Desk.open(path, station="check") as desk:
        assert round_view(desk, 1).tables == view.tables


@pytest.mark.slow
def test_a_refusal_comes_back_as_a_sentence_in_the_language_asked(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "none.tdesk"
    create_tournament(path, name="空").close()
    chinese = pair_in_child(str(path), "desk-2", "zh")
    english = pair_in_child(str(path), "desk-2", "en")  # last: the child's language is this process's here
    assert isinstance(english, Refusal) and isinstance(chinese, Refusal)
    assert english.text and chinese.text != english.text and str(english) == english.text
    assert not english.transient


def test_a_crashed_child_is_reported_as_a_refusal(qtbot: QtBot) -> None:
    worker = PairingWorker()
    worker._pool = object()  # type: ignore[assignment]  # started: someone waits for the outcome
    future: Future[RoundView | Refusal] = Future()
    future.set_exception(RuntimeError("child died"))
    with qtbot.waitSignal(worker.finished) as got:
        worker._done(future)
    assert got.args == [Refusal("RuntimeError: child died")]


def test_an_outcome_after_shutdown_reaches_nobody(qtbot: QtBot) -> None:
    worker = PairingWorker()
    worker.shutdown()  # never started: nothing to stop
    future: Future[RoundView | Refusal] = Future()
    future.set_result(Refusal("late"))
    with qtbot.assertNotEmitted(worker.finished):
        worker._done(future)

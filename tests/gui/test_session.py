"""session: one service call per action, refusals shown as a sentence, and other stations' changes noticed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.gui.session import AUDIT, ENTRANTS, RESULTS, DeskSession
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament


@pytest.fixture
def two_stations(qapp: QApplication, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Two sessions on one file: this station (not watching by timer) and another desk."""
    path = tmp_path / "shared.tdesk"
    create_tournament(path, name="共享").close()
    here = DeskSession(Desk.open(path, station="desk-1"), watch=False)
    there = Desk.open(path, station="desk-2")
    yield here, there
    there.close()
    here.close()


def test_a_done_action_returns_its_result_and_says_what_changed(
    qtbot: QtBot, empty_session: DeskSession
) -> None:
    with qtbot.waitSignal(empty_session.changed) as changed:
        added = empty_session.run(None, add_entrant, "甲队")
    assert added is not None and added.name == "甲队"
    assert ENTRANTS in changed.args[0].kinds and not changed.args[0].remote


def test_a_refused_action_is_shown_as_a_sentence_and_changes_nothing(
    qtbot: QtBot, empty_session: DeskSession, shown_errors: list[str]
) -> None:
    empty_session.run(None, add_entrant, "甲队")
    with qtbot.assertNotEmitted(empty_session.changed):
        assert empty_session.run(None, add_entrant, "甲队") is None
    assert len(shown_errors) == 1 and "甲队" in shown_errors[0]


def test_notify_announces_kinds_with_the_audit_page(qtbot: QtBot, empty_session: DeskSession) -> None:
    with qtbot.waitSignal(empty_session.changed) as changed:
        empty_session.notify({RESULTS})
    assert changed.args[0].kinds == {RESULTS, AUDIT}


def test_another_stations_change_is_seen_once_and_marked_remote(qtbot: QtBot, two_stations) -> None:  # type: ignore[no-untyped-def]
    here, there = two_stations
    with qtbot.assertNotEmitted(here.changed):
        here.look_for_others()  # nothing new yet
    add_entrant(there, "乙队")
    with qtbot.waitSignal(here.changed) as changed, qtbot.waitSignal(here.remote) as remote:
        here.look_for_others()
    assert changed.args[0].remote and ENTRANTS in changed.args[0].kinds
    assert [e.station for e in remote.args[0]] == ["desk-2"]
    with qtbot.assertNotEmitted(here.changed):
        here.tick()  # already seen
    assert here.path is not None and here.path.name == "shared.tdesk"

"""A refusal that may pass in a moment (another program holds the file) is shown with Retry in the window,
and Retry runs the same action again (issues 15 and 18); other refusals are shown once, without it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.gui.session import DeskSession
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result, table_state
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_retry_after_the_other_program_lets_go(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "e.tdesk"
    with create_demo(path, entrants=8, units=2, played=0, seed=1) as desk:
        pair_next_round(desk)
    session = DeskSession(Desk.open(path, busy_seconds=0.3), watch=False)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the file
    asked: list[str] = []

    def retry(_parent: object, text: str) -> bool:
        asked.append(text)
        if len(asked) == 1:
            return True  # still held: Retry fails again and asks again
        other.execute("ROLLBACK")  # the director closed the other program
        return True

    errors: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.session.ask_retry", retry)
    monkeypatch.setattr("tournament_desk.gui.session.show_error", lambda _p, text: errors.append(text))
    try:
        changed: list[object] = []
        session.changed.connect(changed.append)
        assert session.run(None, record_result, 1, 1, "Q", "9") is not None
        assert len(asked) == 2 and all("0.3 seconds" in text for text in asked), asked
        assert errors == [] and changed
        assert table_state(session.desk, 1, 1)["home_level"] == "Q"
        # A refusal that retrying cannot mend is shown once, with no Retry.
        assert session.run(None, record_result, 1, 99, "Q", "9") is None
        assert len(asked) == 2 and len(errors) == 1
    finally:
        other.close()
        session.close()

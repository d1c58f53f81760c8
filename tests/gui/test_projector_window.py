"""The desk's projector window and the Live dialog's public-pages controls (freeze, projector, static export)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.live_dialog import LiveDialog
from tournament_desk.gui.projector_window import ProjectorWindow
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

SHOTS = Path(__file__).parents[2] / "docs" / "screenshots"


def test_clock_follows_the_clock_state_and_a_new_round_replaces_the_tables(
    qtbot: QtBot, demo_session: DeskSession, tmp_path: Path
) -> None:
    window = ProjectorWindow(demo_session, "http://192.168.1.20:8765/")
    qtbot.addWidget(window)
    assert window.clock_label.text() == "" and "Round 2" in window.title.text()
    assert "Still playing: 0 tables" in window.playing.text()
    assert not window.qr.pixmap().isNull()
    demo_session.run(None, live.set_clock)
    window.tick()
    assert window.clock_label.text() == "60:00" and "not started" in window.phase.text()
    demo_session.run(None, live.adjust_clock, -51)
    window.tick()
    assert window.clock_label.text() == "09:00" and "last deal" in window.phase.text()

    view = demo_session.run(None, pair_next_round)  # the session says so: the window reads again
    assert view is not None and "Round 3" in window.title.text()
    numbers = " ".join(str(t.table) for t in view.tables)
    assert f"Still playing: {len(view.tables)} tables\n{numbers}" == window.playing.text()
    first = view.tables[0]
    demo_session.run(None, rs.record_result, 3, first.table, "Q", "9")
    assert window.playing.text().startswith(f"Still playing: {len(view.tables) - 1} tables")
    assert f"{first.home}  Q : 9  {first.away}" in window.results.text()
    demo_session.run(None, live.announce, "第三轮十点开始")
    assert window.notes.text() == "第三轮十点开始"

    window.show_on_projector()  # one screen here: a normal window, F11 and Esc switch full screen
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    window.resize(1280, 720)
    shots = SHOTS if os.environ.get("TDESK_SCREENSHOTS") == "1" else tmp_path  # as tests/web/test_browser.py
    assert window.grab().save(str(shots / "projector-window.png"))
    window.close()


def test_live_dialog_freezes_opens_the_projector_and_exports_the_pages(
    qtbot: QtBot,
    demo_session: DeskSession,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    shown_errors: list[str],
) -> None:
    desk = demo_session.desk
    dialog = LiveDialog(None, demo_session)
    qtbot.addWidget(dialog)
    box = dialog.pages_box
    box.freeze.setValue(1)
    box.apply_freeze()
    assert live.freeze_rounds(desk) == 1 and not shown_errors

    window = box.open_projector()
    assert window.isVisible() and "Round 2" in window.title.text()
    dialog.pages_box.set_url("http://10.0.0.5:8765/")
    assert "10.0.0.5" in window.url.text()

    told: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda parent, title, text, **kw: told.append(text))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path / "site"))
    box.export_button.click()
    assert told and (tmp_path / "site" / "index.html").is_file()
    standings = (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    assert "名次冻结于第 1 轮后" in standings  # the public standings, frozen as the director set them
    names = {t.home for t in round_view(desk, 1).tables}
    assert all(name in (tmp_path / "site" / "index.html").read_text(encoding="utf-8") for name in names)

    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path / "other"))
    box.export_button.click()
    assert shown_errors and "not empty" in shown_errors[-1] and len(told) == 1
    dialog.done(0)
    assert box.projector is None


def test_names_and_announcements_are_shown_as_typed_never_as_markup(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 28: a team named <span style=…>冠军</span>队 showed in red capitals on the hall's screen, and
    <script>…</script>杯 as 杯: every label of the projector shows the words as typed."""
    from PySide6.QtWidgets import QLabel

    from tournament_desk.services import entrants as es
    from tournament_desk.services.event import create_tournament

    hostile = "<span style=color:red>冠军</span>队"
    desk = create_tournament(tmp_path / "x.tdesk", name="<script>x</script>杯", rounds=3)
    for name in (hostile, "<b>乙</b>队", "丙队", "丁队"):
        es.add_entrant(desk, name)
    pair_next_round(desk)
    session = DeskSession(desk)
    window = ProjectorWindow(session)
    qtbot.addWidget(window)
    session.run(None, live.announce, "<h1>十点</h1>开始")
    assert window.title.text().startswith("<script>x</script>杯")
    assert window.notes.text() == "<h1>十点</h1>开始"
    table = next(t for t in round_view(desk, 1).tables if hostile in (t.home, t.away))
    session.run(None, rs.record_result, 1, table.table, "Q", "9")
    assert hostile in window.results.text()  # the name as typed, tags and all
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in window.findChildren(QLabel)
               if label is not window.qr)  # fmt: skip
    session.close()

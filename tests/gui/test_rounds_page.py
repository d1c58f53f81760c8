"""The rounds page: pairing in a child process (the window stays live), adjusting a draft, publishing."""

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QIcon, QRawFont
from pytestqt.qtbot import QtBot

from tests.postgres import Cluster
from tournament_desk.gui import boxes
from tournament_desk.gui.models.rounds import RoundModel
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.resources import CJK_FONT, resource_path
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import round_view


@pytest.fixture
def page(tmp_path: Path, qtbot: QtBot) -> RoundsPage:
    desk = create_tournament(tmp_path / "p.tdesk", name="编排", rounds=3)
    for i, unit in enumerate("AABBCCD"):
        es.add_entrant(desk, f"队{i + 1}", unit=unit)
    session = DeskSession(desk)
    widget = RoundsPage(session)
    widget.ask_reason = lambda what, body="": "现场调整"  # type: ignore[method-assign]
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.worker.shutdown()
    session.close()


def pair(qtbot: QtBot, page: RoundsPage) -> None:
    """Pair through the button: while the worker runs the page shows it is busy (a refusal can come back
    before the first look, as the worker reports it at once: then there was nothing to show)."""
    done: list[bool] = []
    page.worker.finished.connect(lambda *_: done.append(True))
    with qtbot.waitSignal(page.worker.finished, timeout=60_000):
        page.pair_button.click()
        assert done or (page.busy.isVisible() and not page.pair_button.isEnabled())


def select(page: RoundsPage, cells: list[tuple[int, int]]) -> None:
    page.table.clearSelection()
    for row, col in cells:
        page.table.selectionModel().select(
            page.model.index(row, col), QItemSelectionModel.SelectionFlag.Select
        )


@pytest.mark.slow
def test_pair_in_a_child_process_then_publish(qtbot: QtBot, page: RoundsPage) -> None:
    assert "No round" in page.status.text()
    pair(qtbot, page)
    assert not page.busy.isVisible()
    assert page.model.rowCount() == 4  # three tables and the bye
    assert page.model.index(3, RoundModel.COL_TABLE).data() == "Bye"
    assert "draft" in page.status.text()
    assert page.publish_button.isEnabled() and not page.pair_button.isEnabled()
    page.publish_button.click()
    assert page.session.read(round_view, 1).published
    assert not page.swap_button.isEnabled() and page.pair_button.isEnabled()


@pytest.mark.slow
def test_swap_lock_and_re_pair_a_draft(qtbot: QtBot, page: RoundsPage, monkeypatch) -> None:
    # Should the swap make a same-unit table, the director agrees (asked: the next test).
    monkeypatch.setattr(boxes, "ask", lambda *args, **kw: True)
    pair(qtbot, page)
    before = page.session.read(round_view, 1)
    select(page, [(0, RoundModel.COL_HOME), (1, RoundModel.COL_AWAY)])
    page.swap_button.click()
    after = page.session.read(round_view, 1)
    assert after.tables[0].home == before.tables[1].away and after.tables[1].away == before.tables[0].home
    select(page, [(2, RoundModel.COL_TABLE)])
    page.lock_button.click()
    assert "locked" in page.model.index(2, RoundModel.COL_MARKS).data()
    kept = page.session.read(round_view, 1).tables[2]
    page.repair_button.click()
    again = page.session.read(round_view, 1)
    assert any((t.home, t.away, t.locked) == (kept.home, kept.away, True) for t in again.tables)
    actions = [e.action for e in page.session.read(audit_trail, round_no=1)]
    assert actions[-3:] == ["swap", "lock", "repair"]
    assert all(e.reason == "现场调整" for e in page.session.read(audit_trail, round_no=1)[-3:])


@pytest.mark.slow
def test_a_refused_pairing_is_shown_and_changes_nothing(qtbot: QtBot, page: RoundsPage, monkeypatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(
        "tournament_desk.gui.pages.rounds.show_error", lambda parent, text: shown.append(text)
    )
    pair(qtbot, page)
    page.publish_button.click()
    pair(qtbot, page)  # round 1 has no results yet
    assert shown and "still has no result for table 1, 2, 3" in shown[0]
    assert page.round_box.count() == 1


@pytest.mark.slow
def test_relaxed_rules_are_marked_with_an_explanation(tmp_path: Path, qtbot: QtBot) -> None:
    desk = create_tournament(tmp_path / "u.tdesk", name="同单位", rounds=2)
    for i in range(4):
        es.add_entrant(desk, f"同{i}", unit="X" if i < 3 else "Y")
    session = DeskSession(desk)
    widget = RoundsPage(session)
    qtbot.addWidget(widget)
    widget.show()
    with qtbot.waitSignal(widget.worker.finished, timeout=60_000):
        widget.pair_next()
    marks = [widget.model.index(r, RoundModel.COL_MARKS) for r in range(widget.model.rowCount())]
    marked = [m for m in marks if m.data()]
    assert len(marked) == 1 and "same unit" in marked[0].data()
    assert "one unit" in widget.model.data(marked[0], 3)  # ToolTipRole
    # 同0, 同1 and 同2 share unit X: one of them has nobody legal left once Y's entrant is taken.
    assert "no legal partner was left for" in widget.status.text()
    widget.worker.shutdown()
    session.close()


@pytest.mark.slow
def test_round_model_passes_the_model_tester(qtbot: QtBot, qtmodeltester, page: RoundsPage) -> None:
    pair(qtbot, page)
    qtmodeltester.check(page.model)


@pytest.mark.slow
def test_a_swap_that_breaks_a_pairing_rule_asks_first(qtbot: QtBot, page: RoundsPage, monkeypatch) -> None:
    """Issue 14: a manual swap making a same-unit table was accepted without a question."""
    pair(qtbot, page)
    rows = page.model.rows

    def cell(name: str) -> tuple[int, int]:
        for r, row in enumerate(rows):
            if row.home == name:
                return r, RoundModel.COL_HOME
            if row.away == name:
                return r, RoundModel.COL_AWAY
        raise AssertionError(name)

    row_1 = rows[cell("队1")[0]]
    opponent = row_1.away if row_1.home == "队1" else row_1.home
    before = page.session.read(round_view, 1)
    answers = [False, True]
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, **_kw: object) -> bool:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(boxes, "ask", question)
    select(page, [cell(opponent), cell("队2")])  # 队2 would then meet 队1: both of unit A
    page.swap_button.click()
    assert "two entrants of one unit" in asked[0] and "队1" in asked[0]
    assert page.session.read(round_view, 1) == before  # "No": nothing changed, nothing audited
    assert [e.action for e in page.session.read(audit_trail, round_no=1)][-1] != "swap"
    select(page, [cell(opponent), cell("队2")])
    page.swap_button.click()
    table = next(t for t in page.session.read(round_view, 1).tables if "队1" in (t.home, t.away))
    assert {table.home, table.away} == {"队1", "队2"} and "same-unit" in table.relaxed
    last = page.session.read(audit_trail, round_no=1)[-1]
    assert last.action == "swap" and "breaks" in (last.new or {})


@pytest.mark.slow
def test_the_lock_mark_is_drawn_not_a_glyph_the_bundled_font_lacks(qtbot: QtBot, page: RoundsPage) -> None:
    """Issue 14: the lock mark showed as a box, the bundled font having no 🔒: a drawn padlock instead."""
    bundled = QRawFont(str(resource_path(*CJK_FONT)), 12)
    assert bundled.isValid() and not bundled.supportsCharacter(ord("🔒"))  # why it showed a box
    pair(qtbot, page)
    select(page, [(0, RoundModel.COL_TABLE)])
    page.lock_button.click()
    cell = page.model.index(0, RoundModel.COL_MARKS)
    text = cell.data()
    assert text == "locked"
    assert all(bundled.supportsCharacter(ord(ch)) for ch in text if not ch.isspace())
    icon = page.model.data(cell, Qt.ItemDataRole.DecorationRole)
    assert isinstance(icon, QIcon) and not icon.isNull()
    image = icon.pixmap(16, 16).toImage()
    drawn = sum(image.pixelColor(x, y).alpha() > 0 for x in range(16) for y in range(16))
    assert 40 < drawn < 200  # a padlock's worth of pixels, not an empty or a filled square
    assert page.model.data(page.model.index(1, RoundModel.COL_MARKS), Qt.ItemDataRole.DecorationRole) is None
    # In Chinese the mark reads 已锁定, every character of it in the bundled font.
    assert all(bundled.supportsCharacter(ord(ch)) for ch in "已锁定")


@pytest.mark.slow
def test_locking_a_selection_is_one_action(qtbot: QtBot, page: RoundsPage) -> None:
    """Issue 18: five selected tables locked at once are one service call, one transaction and one refresh of
    the page, with one audit entry per table."""
    pair(qtbot, page)
    tables = len(page.model.rows)
    assert tables >= 3
    announced: list[object] = []
    page.session.changed.connect(announced.append)
    commits: list[object] = []
    page.session.desk.db.on_commit.append(commits.append)
    select(page, [(row, RoundModel.COL_TABLE) for row in range(3)])
    page.lock_button.click()
    assert len(commits) == 1 and len(announced) == 1
    assert [(e.action, e.table) for e in audit_trail(page.session.desk)[-3:]] == [
        ("lock", t) for t in (1, 2, 3)
    ]
    assert [t.locked for t in round_view(page.session.desk, 1).tables[:3]] == [True] * 3
    assert all("locked" in page.model.index(r, RoundModel.COL_MARKS).data() for r in range(3))


def test_on_a_server_pairing_runs_in_a_child_process_too(
    qtbot: QtBot, postgres: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window stays live while a server's event is paired, and a refusal is shown as on a file."""
    shown: list[str] = []
    monkeypatch.setattr(
        "tournament_desk.gui.pages.rounds.show_error", lambda parent, text: shown.append(text)
    )
    url = postgres.fresh_url()
    desk = create_tournament(None, name="服务器编排", rounds=3, url=url, station="A站")
    for i, unit in enumerate("AABBCCD"):
        es.add_entrant(desk, f"队{i + 1}", unit=unit)
    session = DeskSession(desk)
    widget = RoundsPage(session)
    qtbot.addWidget(widget)
    widget.show()
    try:
        qtbot.waitUntil(lambda: "No round" in widget.status.text())
        pair(qtbot, widget)
        qtbot.waitUntil(lambda: widget.model.rowCount() == 4)  # three tables and the bye
        assert widget.round_box.count() == 1 and "draft" in widget.status.text()
        assert [e.station for e in audit_trail(desk) if e.action == "pair"] == ["A站"]
        widget.publish_button.click()
        qtbot.waitUntil(widget.pair_button.isEnabled)  # the page read the published round (behind)
        pair(qtbot, widget)  # round 1 has no results yet
        assert shown and "still has no result for table 1, 2, 3" in shown[0]
        assert widget.round_box.count() == 1
    finally:
        widget.worker.shutdown()
        session.close()

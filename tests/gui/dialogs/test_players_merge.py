"""dialogs/players_merge: after a sign-up sheet is imported in the window, the players likely met at earlier
events are listed; the director ticks the ones that are the same person and OK merges exactly those."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from tests.gui.conftest import import_signup, open_event
from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.players_merge import PlayersMergeDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services import players as ps
from tournament_desk.services import players_registry as registry
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament

pytestmark = pytest.mark.slow  # the main window, an event, a sheet imported


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "userdata"))
    registry.remember([("a" * 32, "张三", "北京大学", "1234"), ("b" * 32, "李四", "北京大学", None),
                       ("c" * 32, "王五", "复旦", None)], at=datetime(2026, 11, 1))  # fmt: skip


def cell(dialog: PlayersMergeDialog, row: int, column: int) -> str:
    item = dialog.table.item(row, column)
    assert item is not None
    return item.text()


def tick(dialog: PlayersMergeDialog, row: int) -> None:
    """Click the row's tick box, as the director does."""
    view = dialog.table
    rect = view.visualItemRect(dialog.ticks[row])
    option = QStyleOptionButton()
    option.rect = rect
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    where = QPoint(rect.left() + box.width() // 2 + 3, rect.center().y())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)


def test_the_director_confirms_the_merges_ticked(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "月赛.tdesk"
    create_tournament(path, name="月赛", rounds=3).close()
    session = open_event(window, path)
    page = import_signup(window, tmp_path / "报名.csv",
                         "队名,单位,队员\n甲,北大,张三、李四\n乙,复旦,王五\n丙,清华,赵六\n")  # fmt: skip
    dialog = page.dialog
    assert isinstance(dialog, PlayersMergeDialog)
    assert dialog.windowTitle() == "Players already known"
    shown = [[cell(dialog, r, c) for c in range(6)] for r in range(dialog.table.rowCount())]
    assert shown == [["张三", "甲", "北大", "张三 (1234)", "北京大学", "the unit is spelt otherwise"],
                     ["李四", "甲", "北大", "李四", "北京大学", "the unit is spelt otherwise"]]  # fmt: skip
    assert dialog.chosen() == [] and dialog.ok_button.text() == "Save"  # nothing is merged unasked
    tick(dialog, 0)
    assert dialog.chosen() == [(dialog.proposals[0].player.id, dialog.proposals[0].known.id)]
    assert dialog.left() == [(dialog.proposals[1].player.id, dialog.proposals[1].known.id)]
    dialog.ok_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    players = {p.name: p for p in ps.list_players(session.desk)}
    assert players["张三"].uid == "a" * 32 and players["张三"].ident == "1234"  # merged, with the known ident
    assert not players["李四"].known  # left as it was, and remembered as another person: not asked again
    assert ps.proposals(session.desk) == []
    assert [e.action for e in audit_trail(session.desk)][-2:] == ["player-merge", "player-apart"]
    assert players["王五"].uid == "c" * 32  # the same name and unit: linked without asking


def test_no_dialog_when_nobody_is_likely_known(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "月赛.tdesk"
    create_tournament(path, name="月赛", rounds=3).close()
    open_event(window, path)
    page = import_signup(window, tmp_path / "报名.csv", "队名,单位,队员\n乙,复旦,王五\n丙,清华,赵六\n")
    assert not isinstance(page.dialog, PlayersMergeDialog)


def test_the_words_are_plain_text(qtbot: QtBot, tmp_path: Path) -> None:
    known = registry.known_players()[0]
    player = ps.PlayerInfo(1, "f" * 32, "<b>张三</b>", "<i>北大</i>", None, "<u>甲</u>", 1)
    dialog = PlayersMergeDialog(None, lambda d: True, [ps.MergeProposal(player, known, "ident")])
    qtbot.addWidget(dialog)
    assert cell(dialog, 0, 0) == "<b>张三</b>" and cell(dialog, 0, 5) == "the same ident"
    assert dialog.note.textFormat() == Qt.TextFormat.PlainText


def test_the_entrants_page_remembers_the_players(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda parent, title, text: told.append(text))
    path = tmp_path / "月赛.tdesk"
    create_tournament(path, name="月赛", rounds=3).close()
    open_event(window, path)
    page = import_signup(window, tmp_path / "报名.csv", "队名,单位,队员\n乙,复旦,王五\n丙,清华,赵六、钱七\n")
    page.remember_button.click()
    assert told == ["2 players added to the registry on this computer, 0 updated."]  # 王五 was known already
    assert {k.name for k in registry.known_players()} >= {"赵六", "钱七"}

"""dialogs/players_registry: File ▸ Players' registry… lists everyone on this computer, finds a person by name,
pinyin initials, unit, ident or another spelling, merges the two records the director ticks (refusing two
idents in one sentence), and exports and imports the registry (a bad file: one sentence, nothing changed)."""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QStyle, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.players_registry import RegistryDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.players_registry import RegistryModel
from tournament_desk.services import players_registry as registry

pytestmark = pytest.mark.slow  # the main window and its dialog

AT = datetime(2026, 11, 1)
SHOT = Path(tempfile.gettempdir()) / "registry.png"


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "userdata"))
    registry.remember([("a" * 32, "张三", "北京大学", "1234"), ("b" * 32, "李四", "北京大学", None),
                       ("c" * 32, "王五", "复旦", "77")], at=AT, event="十一月月赛")  # fmt: skip
    registry.remember([("d" * 32, "张三", "北大", None), ("e" * 32, "王五", "复旦大学", "88")], at=AT)
    registry.remember([("d" * 32, "张 三", "北大", None)], at=AT)


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda parent, title, text, **_: said.append(text))
    return said


def opened(window: MainWindow, qtbot: QtBot) -> RegistryDialog:
    """The dialog as the director opens it: File ▸ Players' registry…"""
    action = next(
        a for a in window.menuBar().actions()[0].menu().actions() if a.objectName() == "file-players-registry"
    )
    action.trigger()
    dialog = window.findChild(RegistryDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitExposed(dialog)
    return dialog


def shown(dialog: RegistryDialog) -> list[tuple[str, ...]]:
    proxy = dialog.proxy
    return [tuple(str(proxy.index(r, c).data() or "") for c in range(5)) for r in range(proxy.rowCount())]


def tick(dialog: RegistryDialog, name: str, unit: str) -> None:
    """Click the tick box of the row of ``name`` of ``unit``, as the director does."""
    view, proxy = dialog.table, dialog.proxy
    row = next(
        r
        for r in range(proxy.rowCount())
        if (proxy.index(r, 0).data(), proxy.index(r, 1).data()) == (name, unit)
    )
    rect = view.visualRect(proxy.index(row, 0))
    option = QStyleOptionViewItem()
    option.rect = rect
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, box.center())


def test_the_registry_is_listed_and_searched(window: MainWindow, qtbot: QtBot) -> None:
    dialog = opened(window, qtbot)
    assert dialog.windowTitle() == "Players' registry"
    assert shown(dialog) == [
        ("李四", "北京大学", "", "", "十一月月赛"),
        ("王五", "复旦", "77", "", "十一月月赛"),
        ("王五", "复旦大学", "88", "", ""),
        ("张三", "北京大学", "1234", "", "十一月月赛"),
        ("张三", "北大", "", "张 三（北大）", ""),
    ]  # by pinyin: li, wang, zhang
    assert dialog.count_label.text() == "5 players"
    # the two 张三 are likely one person (北大, 北京大学): tinted, each naming the other; the two 王五 have two idents
    tips = [str(dialog.proxy.index(r, 1).data(Qt.ItemDataRole.ToolTipRole)) for r in range(5)]
    assert tips[3:] == [
        "Likely the same person as 张三（北大）",
        "Likely the same person as 张三（北京大学）",
    ]
    assert dialog.proxy.index(1, 0).data(Qt.ItemDataRole.BackgroundRole) is None
    assert dialog.alike_label.text().startswith("Tinted: 1 pairs of records")
    dialog.grab().save(str(SHOT))  # looked at: the README's picture of the registry
    for typed, names in [("zs", ["张三", "张三"]), ("北大", ["张三"]), ("88", ["王五"]), ("wangwu", ["王五", "王五"]),
                         ("", ["李四", "王五", "王五", "张三", "张三"])]:  # fmt: skip
        dialog.search_edit.setText(
            "" if typed.isascii() else typed
        )  # typed Chinese comes from an input method
        if typed.isascii():
            QTest.keyClicks(dialog.search_edit, typed)
        assert [r[0] for r in shown(dialog)] == names, typed
    QTest.keyClicks(dialog.search_edit, "fd")
    assert dialog.count_label.text() == "2 of 5 players"


def test_two_ticked_records_are_merged_and_two_idents_refused(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, told: list[str]
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(boxes, "ask", lambda parent, title, text, **_: asked.append(text) or True)
    dialog = opened(window, qtbot)
    assert not dialog.merge_button.isEnabled()
    tick(dialog, "王五", "复旦")
    tick(dialog, "王五", "复旦大学")
    assert dialog.merge_button.isEnabled()
    before = registry.known_players()
    dialog.merge_button.click()
    assert told == [
        "'王五' (77) and '王五' (88) have different idents: they are two people, and are not merged."
    ]
    assert registry.known_players() == before and registry.merge_journal() == []
    tick(dialog, "王五", "复旦")
    tick(dialog, "王五", "复旦大学")  # unticked again
    tick(dialog, "张三", "北大")
    tick(dialog, "张三", "北京大学")
    dialog.merge_button.click()
    assert "张三（北大） into 张三（北京大学） [1234]" in asked[-1]
    assert ("张三", "北京大学", "1234", "张三（北大）、张 三（北大）", "十一月月赛") in shown(dialog)
    assert len(shown(dialog)) == 4 and not dialog.merge_button.isEnabled() and dialog.alike_label.text() == ""
    [line] = registry.merge_journal()
    assert (line.into, line.name, line.unit) == ("张三", "张三", "北大")


def test_export_and_import_and_a_bad_file(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, told: list[str]
) -> None:
    dialog = opened(window, qtbot)
    out = tmp_path / "选手库"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "CSV file (*.csv)"))
    dialog.export_button.click()
    assert told[-1] == f"5 players written to {out}.csv." and (tmp_path / "选手库.csv").is_file()
    bad = tmp_path / "bad.csv"
    bad.write_text("姓名,单位\n赵六,清华\n,复旦\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    dialog.import_button.click()
    assert told[-1] == "Nothing was imported: row 3 has no name." and len(shown(dialog)) == 5
    good = tmp_path / "good.csv"
    good.write_text("姓名,单位,识别号\n赵六,清华,5\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    dialog.import_button.click()
    assert told[-1] == "1 players added to the registry, 0 updated."
    assert ("赵六", "清华", "5", "", "") in shown(dialog)


def test_the_words_are_plain_text_and_the_model_passes_the_tester(
    qtbot: QtBot, qtmodeltester: object
) -> None:
    registry.remember([("f" * 32, "<b>钱七</b>", "<i>复旦</i>", None)], at=AT)
    dialog = RegistryDialog(None)
    qtbot.addWidget(dialog)
    assert ("<b>钱七</b>", "<i>复旦</i>", "", "", "") in shown(dialog)
    assert dialog.note.textFormat() == Qt.TextFormat.PlainText
    model = RegistryModel()
    model.set_rows(registry.known_players())
    qtmodeltester.check(model)  # type: ignore[attr-defined]
    qtmodeltester.check(dialog.proxy)  # type: ignore[attr-defined]
    assert model.setData(model.index(0, RegistryModel.COL_NAME), Qt.CheckState.Checked.value)
    assert model.ticked_rows() == [model.rows[0]]
    assert not model.setData(model.index(0, RegistryModel.COL_UNIT), Qt.CheckState.Checked.value)

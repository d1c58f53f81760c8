"""Qt's own dialogs in Chinese (issue 27): Qt's catalogue (qtbase_zh_CN.qm, from PySide6's translations folder)
is loaded, and what it leaves in English (the file dialog's "&Look in:" and "Files of &type:", the standard
buttons' "&Open", "&Save", "Don't Save") comes from ours, so no file dialog is half English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from tournament_desk.gui.settings import QT_GAPS, Translations


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[Translations]:
    translations = Translations(qapp)
    translations.apply("zh_CN")
    yield translations
    translations.apply("en")  # later tests run in English


def english_only(text: str) -> bool:
    return any(ch.isalpha() for ch in text) and all(ord(ch) < 128 for ch in text)


def test_qt_s_catalogue_and_ours_are_both_installed(chinese: Translations) -> None:
    assert len(chinese.installed) == 2  # ours, then Qt's (asked first)
    assert QCoreApplication.translate("QFileDialog", "File &name:") == "文件名称(&N)："  # Qt's
    for context, text in (
        ("QFileDialog", "&Look in:"),
        ("QFileDialog", "Files of &type:"),
        ("QPlatformTheme", "&Open"),
        ("QPlatformTheme", "&Save"),
        ("QPlatformTheme", "Don't Save"),
    ):
        assert not english_only(QCoreApplication.translate(context, text)), (context, text)
    assert len(QT_GAPS) >= 5


@pytest.mark.parametrize("mode", [QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave])
def test_the_file_dialog_has_no_english_label(
    qtbot: QtBot, chinese: Translations, mode: QFileDialog.AcceptMode
) -> None:
    dialog = QFileDialog(None, "打开比赛")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)  # Qt's own (Linux); Windows shows its own
    dialog.setAcceptMode(mode)
    qtbot.addWidget(dialog)
    dialog.show()
    texts = [w.text() for w in dialog.findChildren(QLabel)] + [
        b.text() for b in dialog.findChildren(QAbstractButton)
    ]
    assert texts and not [t for t in texts if english_only(t.replace("&", ""))], texts


def test_english_leaves_qt_in_english(qapp: QApplication) -> None:
    translations = Translations(qapp)
    translations.apply("en")
    assert QCoreApplication.translate("QFileDialog", "&Look in:") == "&Look in:"

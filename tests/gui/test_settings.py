"""settings: recent files and the language, kept in a settings file of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tournament_desk import i18n
from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.settings import MAX_RECENT, Translations, chosen_language, recent_files, remember


@pytest.fixture
def ini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> QSettings:
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(gui_settings, "store", lambda: store)
    return store


def test_recent_files_newest_first_without_repeats_or_missing_files(ini: QSettings, tmp_path: Path) -> None:
    files = [tmp_path / f"{i}.tdesk" for i in range(MAX_RECENT + 2)]
    for f in files:
        f.touch()
        remember(f)
    remember(files[3])
    recent = recent_files()
    assert recent[0] == str(files[3]) and len(recent) == MAX_RECENT == len(set(recent))
    assert recent[1] == str(files[-1])
    files[-1].unlink()
    assert str(files[-1]) not in recent_files()


def test_a_single_recent_file_is_read_as_a_list(ini: QSettings, tmp_path: Path) -> None:
    one = tmp_path / "one.tdesk"
    one.touch()
    ini.setValue("recent", str(one))  # an ini file keeps a one-item list as a plain string
    assert recent_files() == [str(one)]
    ini.setValue("recent", 5)
    assert recent_files() == []


def test_the_language_set_wins_then_the_environment(ini: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_LANG", "zh_TW")
    assert chosen_language() == "zh_CN"
    monkeypatch.setenv("TDESK_LANG", "fr")
    assert chosen_language() == "en"
    ini.setValue("language", "zh_CN")
    assert chosen_language() == "zh_CN"
    ini.setValue("language", "klingon")  # not one of ours: as if none was set
    assert chosen_language() == "en"


def test_translations_switch_the_services_language_and_back(qapp: QApplication) -> None:
    translations = Translations(qapp)
    try:
        translations.apply("zh_CN")
        assert i18n.language() == "zh" and translations.installed
        assert QApplication.translate("StandingsPage", "Standings") != "Standings"
    finally:
        translations.apply("en")
    assert i18n.language() == "en" and translations.installed == []
    assert QApplication.translate("StandingsPage", "Standings") == "Standings"

"""Where the window keeps its settings, and the language it speaks.

Settings and recent files are a ``QSettings`` (organisation, application), which is already the platform's
proper place: the registry under ``HKEY_CURRENT_USER\\Software\\TournamentDesk`` on Windows, a .plist in
``~/Library/Preferences`` on macOS, ``~/.config/TournamentDesk/`` on Linux. With ``TDESK_DATA_DIR`` set they
go to an ini file there instead, like everything else (userdata.py).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from tournament_desk import i18n, userdata
from tournament_desk.resources import resource_path

ORGANISATION = "TournamentDesk"
APPLICATION = "Tournament Desk"
LANGUAGES = ("zh_CN", "en")
MAX_RECENT = 8


def store() -> QSettings:
    """The window's settings (language, recent files, the last server); tests replace it."""
    ini = userdata.settings_file()
    if ini is not None:
        return QSettings(str(ini), QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


def recent_files() -> list[str]:
    value = store().value("recent", [])
    files = [value] if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []
    return [f for f in files if Path(f).exists()]


def remember(path: Path) -> None:
    files = [str(path)] + [f for f in recent_files() if f != str(path)]
    store().setValue("recent", files[:MAX_RECENT])


def chosen_language() -> str:
    """The language set in the menu, else the system's: Chinese for any zh locale, English otherwise."""
    stored = store().value("language")
    if stored in LANGUAGES:
        return str(stored)
    env = os.environ.get("TDESK_LANG")
    if env:
        return "zh_CN" if env.lower().startswith("zh") else "en"
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


# Qt's own words that its Chinese catalogue (qtbase_zh_CN.qm) leaves in English: the file dialog's "&Look in:"
# and "Files of &type:", the standard buttons' "&Open", "&Save", "Don't Save", "&OK". Listed here, lupdate files
# them under Qt's own contexts in our .ts; our translator is asked after Qt's, so its Chinese fills the gaps.
QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Don't Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&OK"),
    QT_TRANSLATE_NOOP("QMessageBox", "OK"),
)


class Translations:
    """Qt's translators for our strings and Qt's own (dialog buttons), swapped when the language changes."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.installed: list[QTranslator] = []
        self.language = "en"

    def apply(self, language: str) -> None:
        for translator in self.installed:
            self.app.removeTranslator(translator)
        self.installed.clear()
        self.language = language
        i18n.set_language("zh" if language.startswith("zh") else "en")
        # Dates and numbers follow the chosen language, not the machine's locale.
        QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China) if language.startswith("zh")
                           else QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))  # fmt: skip
        if language == "en":
            return
        ours = QTranslator(self.app)
        if ours.load(str(resource_path("i18n", f"tournament_desk_{language}.qm"))):
            self.installed.append(ours)
        qt = QTranslator(self.app)
        if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self.installed.append(qt)
        for translator in self.installed:
            self.app.installTranslator(translator)

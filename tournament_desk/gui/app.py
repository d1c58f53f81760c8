"""Starting the desktop application: Qt, the language, the bundled CJK font, the crash dialog."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from tournament_desk import __version__, i18n
from tournament_desk.gui.crash import CrashDialog
from tournament_desk.resources import CJK_FONT, resource_path

ORGANISATION = "TournamentDesk"
APPLICATION = "Tournament Desk"
LANGUAGES = ("zh_CN", "en")


def settings() -> QSettings:
    return QSettings(ORGANISATION, APPLICATION)


def chosen_language() -> str:
    """The language set in the menu, else the system's: Chinese for any zh locale, English otherwise."""
    stored = settings().value("language")
    if stored in LANGUAGES:
        return str(stored)
    env = os.environ.get("TDESK_LANG")
    if env:
        return "zh_CN" if env.lower().startswith("zh") else "en"
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


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


def register_cjk_font(app: QApplication) -> str | None:
    """Ship-along font so Chinese shows on a machine without Chinese fonts; returns its family."""
    font_id = QFontDatabase.addApplicationFont(str(resource_path(*CJK_FONT)))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    font = QFont(app.font())
    # Keep the system UI font first where it has the glyphs; fall back to ours for Chinese.
    font.setFamilies([app.font().family(), families[0]])
    app.setFont(font)
    return families[0]


def install_crash_handler() -> None:
    """An unexpected error shows a dialog with the details (copyable); the application keeps running."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, error, tb))
        sys.stderr.write(details)
        if QApplication.instance() is not None:
            CrashDialog(details).exec()

    sys.excepthook = hook


def make_app(argv: Sequence[str]) -> tuple[QApplication, Translations]:
    app = QApplication.instance() or QApplication(list(argv))
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    register_cjk_font(app)
    translations = Translations(app)
    translations.apply(chosen_language())
    return app, translations


def main(argv: Sequence[str] | None = None) -> int:
    from tournament_desk.gui.main_window import MainWindow

    args = list(sys.argv if argv is None else argv)
    app, translations = make_app(args)
    install_crash_handler()
    window = MainWindow(translations)
    window.show()
    files = [a for a in args[1:] if not a.startswith("-")]
    if files:
        window.open_file(Path(files[0]))
    return app.exec()

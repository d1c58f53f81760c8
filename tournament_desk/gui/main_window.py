"""The main window: the start page when no tournament is open, else one tab per part of the event."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QStackedWidget, QTabWidget, QWidget

from tournament_desk import __version__
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui.app import LANGUAGES, Translations, settings
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.results import ResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession, show_error
from tournament_desk.gui.start import StartPage
from tournament_desk.i18n import render
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info

FILE_FILTER = "Tournament Desk (*.tdesk);;All files (*)"
MAX_RECENT = 8


def recent_files() -> list[str]:
    value = settings().value("recent", [])
    files = [value] if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []
    return [f for f in files if Path(f).exists()]


def remember(path: Path) -> None:
    files = [str(path)] + [f for f in recent_files() if f != str(path)]
    settings().setValue("recent", files[:MAX_RECENT])


class MainWindow(QMainWindow):
    def __init__(self, translations: Translations) -> None:
        super().__init__()
        self.translations = translations
        self.session: DeskSession | None = None
        self.pages: list[Page] = []
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.resize(1200, 800)
        self.build()

    # --- building (again, when the language changes) ---------------------------------------------
    def build(self) -> None:
        self.menuBar().clear()
        while (widget := self.stack.widget(0)) is not None:
            self.stack.removeWidget(widget)
            widget.deleteLater()
        self.start = StartPage(self)
        self.start.new_requested.connect(self.new_file)
        self.start.open_requested.connect(self.choose_file)
        self.start.demo_requested.connect(self.open_demo)
        self.start.recent_requested.connect(lambda path: self.open_file(Path(path)))
        self.stack.addWidget(self.start)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.stack.addWidget(self.tabs)
        self.build_menus()
        if self.session is not None:
            self.show_event_pages()
        else:
            self.show_start()

    def build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self.add_action(file_menu, self.tr("&New tournament…"), self.new_file, QKeySequence.StandardKey.New)
        self.add_action(file_menu, self.tr("&Open…"), self.choose_file, QKeySequence.StandardKey.Open)
        self.add_action(file_menu, self.tr("Open the &demo tournament"), self.open_demo)
        recent = file_menu.addMenu(self.tr("Open &recent"))
        for path in recent_files():
            action = recent.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(Path(p)))
        recent.setEnabled(bool(recent.actions()))
        file_menu.addSeparator()
        self.close_action = self.add_action(file_menu, self.tr("&Close tournament"), self.close_file)
        self.close_action.setEnabled(self.session is not None)
        self.add_action(file_menu, self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)

        language_menu = bar.addMenu(self.tr("&Language") + " / 语言")
        group = QActionGroup(self)
        names = {"zh_CN": "简体中文", "en": "English"}
        for code in LANGUAGES:
            action = language_menu.addAction(names[code])
            action.setCheckable(True)
            action.setChecked(code == self.translations.language)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(action)

        help_menu = bar.addMenu(self.tr("&Help"))
        self.add_action(help_menu, self.tr("&About Tournament Desk"), self.about)

    def add_action(
        self, menu: QWidget, text: str, slot: object, shortcut: QKeySequence.StandardKey | None = None
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def show_start(self) -> None:
        self.setWindowTitle(self.tr("Tournament Desk"))
        self.start.set_recent(recent_files())
        self.stack.setCurrentWidget(self.start)

    def show_event_pages(self) -> None:
        assert self.session is not None
        for page in self.pages:
            page.deleteLater()
        self.tabs.clear()
        self.pages = [
            cls(self.session, self)
            for cls in (EntrantsPage, RoundsPage, ResultsPage, StandingsPage, AuditPage, RulesPage)
        ]
        for page in self.pages:
            self.tabs.addTab(page, page.title())
        info = self.session.read(event_info)
        path = self.session.path
        self.setWindowTitle(f"{info.name} — {path.name if path else ''} — {self.tr('Tournament Desk')}")
        self.stack.setCurrentWidget(self.tabs)

    def page(self, cls: type[Page]) -> Page:
        return next(p for p in self.pages if isinstance(p, cls))

    def show_page(self, cls: type[Page]) -> Page:
        page = self.page(cls)
        self.tabs.setCurrentWidget(page)
        return page

    # --- files ---------------------------------------------------------------------------------------
    def open_file(self, path: Path) -> bool:
        try:
            desk = Desk.open(path)
        except TournamentError as exc:
            show_error(self, render(exc))
            return False
        self.attach(desk)
        remember(path)
        self.build_menus_again()
        return True

    def attach(self, desk: Desk) -> None:
        self.close_file()
        self.session = DeskSession(desk, self)
        self.close_action.setEnabled(True)
        self.show_event_pages()

    def build_menus_again(self) -> None:
        self.menuBar().clear()
        self.build_menus()

    def choose_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Open a tournament"), "", FILE_FILTER)
        if name:
            self.open_file(Path(name))

    def new_file(self) -> None:
        from tournament_desk.gui.wizard import NewTournamentWizard

        wizard = NewTournamentWizard(self)
        if wizard.exec() and wizard.desk is not None:
            self.attach(wizard.desk)
            if wizard.desk.db.path is not None:
                remember(wizard.desk.db.path)
            self.build_menus_again()

    def open_demo(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="tdesk-demo-"))
        path = folder / "演示比赛-demo.tdesk"
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            desk = create_demo(path, entrants=24, units=6, played=3, seed=2026)
        finally:
            self.unsetCursor()
        self.attach(desk)

    def close_file(self) -> None:
        if self.session is not None:
            for page in self.pages:
                page.deleteLater()
            self.pages = []
            self.tabs.clear()
            self.session.close()
            self.session = None
        if hasattr(self, "close_action"):
            self.close_action.setEnabled(False)
        self.show_start()

    # --- language and about --------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        settings().setValue("language", code)
        self.translations.apply(code)
        current = self.tabs.currentIndex()
        self.build()
        if self.session is not None and current >= 0:
            self.tabs.setCurrentIndex(current)

    def about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Tournament Desk"),
            self.tr("Tournament Desk {version}\nRuns Shengji (升级 / 80 分) tournaments.").format(
                version=__version__
            ),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None
        super().closeEvent(event)

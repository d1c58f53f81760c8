"""The main window's menus and everything built again when the language changes."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QTabWidget, QWidget

from tournament_desk.gui import printing, settings
from tournament_desk.gui.crash import show_log_folder
from tournament_desk.gui.dialogs.players_registry import open_registry
from tournament_desk.gui.find_bar import FindBar
from tournament_desk.gui.series.window import open_series_window
from tournament_desk.gui.settings import LANGUAGES, recent_files
from tournament_desk.gui.signup_template import save_signup_template
from tournament_desk.gui.start import StartPage
from tournament_desk.gui.window.files import FileActions
from tournament_desk.gui.window.output import OutputActions
from tournament_desk.gui.window.pictures import PictureActions


class WindowMenus(FileActions, OutputActions, PictureActions):
    """The menu bar over the window's parts, and the window's widgets built in the chosen language."""

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
        self.tabs.currentChanged.connect(self.page_changed)
        self.stack.addWidget(self.tabs)
        if self.find_bar is not None:
            self.central_layout.removeWidget(self.find_bar)
            self.find_bar.deleteLater()
        self.find_bar = FindBar(self)
        self.central_layout.addWidget(self.find_bar)
        for n in range(1, 10):  # Ctrl+1 … Ctrl+9: the pages in tab order, from inside any table
            QShortcut(QKeySequence(f"Ctrl+{n}"), self.tabs, partial(self.go_to_page, n - 1))
        self.build_menus()
        if self.session is not None:
            self.show_event_pages()
        else:
            self.show_start()
        self.show_missing()  # in the language just chosen

    def build_menus(self) -> None:
        bar = self.menuBar()
        self.build_file_menu(bar.addMenu(self.tr("&File")))
        self.export_menu = bar.addMenu(self.tr("&Print / Export"))
        self.build_export_menu(self.export_menu)
        self.go_menu = bar.addMenu(self.tr("&Go"))
        self.build_go_menu(self.go_menu)
        self.tools_menu = bar.addMenu(self.tr("&Tools"))
        self.add_action(self.tools_menu, self.tr("&Live results (phones, clock, projector)…"), self.open_live)
        self.tools_menu.setEnabled(self.session is not None)
        self.build_language_menu(bar.addMenu(self.tr("&Language") + " / 语言"))
        self.build_help_menu(bar.addMenu(self.tr("&Help")))

    def build_file_menu(self, file_menu: QMenu) -> None:
        self.add_action(file_menu, self.tr("&New tournament…"), self.new_file, QKeySequence.StandardKey.New)
        self.add_action(file_menu, self.tr("&Open…"), self.choose_file, QKeySequence.StandardKey.Open)
        self.add_action(file_menu, self.tr("Open the &demo tournament"), self.open_demo)
        recent = file_menu.addMenu(self.tr("Open &recent"))
        for path in recent_files():
            action = recent.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(Path(p)))
        recent.setEnabled(bool(recent.actions()))
        template = self.add_action(
            file_menu, self.tr("Save &sign-up template…"), lambda: save_signup_template(self)
        )
        template.setObjectName("file-signup-template")
        series = self.add_action(file_menu, self.tr("Series and &meets…"), lambda: open_series_window(self))
        series.setObjectName("file-series")  # gui/series: a series or a sports meet over many events
        registry = self.add_action(file_menu, self.tr("&Players' registry…"), lambda: open_registry(self))
        registry.setObjectName("file-players-registry")  # everyone met at earlier events on this computer
        file_menu.addSeparator()
        self.backups_action = self.add_action(file_menu, self.tr("&Backups…"), self.show_backups)
        self.backups_action.setObjectName("file-backups")
        self.backups_action.setEnabled(self.session is not None and self.session.path is not None)
        file_menu.addSeparator()
        self.add_action(file_menu, self.tr("Connect to a &server…"), self.connect_server).setObjectName(
            "file-connect"
        )
        on_file = self.session is not None and self.session.path is not None
        self.move_action = self.add_action(
            file_menu, self.tr("&Move this event to a server…"), self.move_to_server
        )
        self.move_action.setObjectName("file-move-to-server")
        self.move_action.setEnabled(on_file)
        self.move_back_action = self.add_action(
            file_menu, self.tr("Move this event back to a &file…"), self.move_to_file
        )
        self.move_back_action.setObjectName("file-move-to-file")
        self.move_back_action.setEnabled(self.session is not None and self.session.path is None)
        file_menu.addSeparator()
        self.close_action = self.add_action(file_menu, self.tr("&Close tournament"), self.close_file)
        self.close_action.setObjectName("file-close")
        self.close_action.setEnabled(self.session is not None)
        quit_action = self.add_action(file_menu, self.tr("&Quit"), self.quit)
        quit_action.setObjectName("file-quit")
        # Ctrl+Q everywhere: Windows and some platforms bind nothing to the standard Quit key.
        quit_keys = [QKeySequence("Ctrl+Q"), *QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)]
        quit_action.setShortcuts(list(dict.fromkeys(quit_keys)))
        quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)

    def build_export_menu(self, menu: QMenu) -> None:
        self.print_action = self.add_action(
            menu, self.tr("&Print…"), self.print_report, QKeySequence.StandardKey.Print
        )
        self.print_action.setObjectName("print")
        menu.addSeparator()
        for what, label, suffix in (
            ("pairings", self.tr("Pairing sheet of a round (PDF)…"), ".pdf"),
            ("scoresheets", self.tr("Scoresheets of a round (PDF)…"), ".pdf"),
            ("standings", self.tr("Standings (PDF)…"), ".pdf"),
            ("ranking", self.tr("Final ranking (PDF)…"), ".pdf"),
            ("crosstable", self.tr("Cross-table (PDF)…"), ".pdf"),
            ("certificates", self.tr("Certificates (PDF)…"), ".pdf"),
            *printing.format_exports(self.session),  # a knockout's bracket (gui/formats: reports)
            ("all", self.tr("The whole event as an Excel workbook…"), ".xlsx"),
        ):
            action = menu.addAction(label)
            action.setObjectName(f"export-{what}{suffix}")
            action.triggered.connect(lambda _=False, w=what, s=suffix: self.export_report(w, s))
        menu.addSeparator()  # pictures to share (gui/window/pictures.py)
        for name, label, slot in (
            ("copy-standings", self.tr("Copy standings as picture"), self.copy_standings_picture),
            ("copy", self.tr("Copy as picture…"), self.copy_picture),
            ("save", self.tr("Save picture…"), self.save_picture),
        ):
            self.add_action(menu, label, lambda _=False, do=slot: do()).setObjectName(f"picture-{name}")
        menu.setEnabled(self.session is not None)

    def build_go_menu(self, menu: QMenu) -> None:
        find = self.add_action(menu, self.tr("&Find a team…"), self.find_team, QKeySequence.StandardKey.Find)
        find.setObjectName("go-find")
        self.add_action(menu, self.tr("&Next page"), partial(self.step_page, 1), QKeySequence("Ctrl+PgDown"))
        self.add_action(
            menu, self.tr("&Previous page"), partial(self.step_page, -1), QKeySequence("Ctrl+PgUp")
        )
        menu.setEnabled(self.session is not None)

    def build_language_menu(self, language_menu: QMenu) -> None:
        group = QActionGroup(self)
        names = {"zh_CN": "简体中文", "en": "English"}
        for code in LANGUAGES:
            action = language_menu.addAction(names[code])
            action.setCheckable(True)
            action.setChecked(code == self.translations.language)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(action)

    def build_help_menu(self, help_menu: QMenu) -> None:
        page_help = self.add_action(help_menu, self.tr("&Help for this page"), self.show_help)
        page_help.setObjectName("help-page")
        help_keys = [QKeySequence("F1"), *QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents)]
        page_help.setShortcuts(list(dict.fromkeys(help_keys)))
        page_help.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.add_action(help_menu, self.tr("&Log to send…"), lambda: show_log_folder(self))  # issue 28
        self.add_action(help_menu, self.tr("&About Tournament Desk"), self.about)

    def add_action(
        self,
        menu: QWidget,
        text: str,
        slot: object,
        shortcut: QKeySequence | QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.menu_actions.append(action)
        return action

    def build_menus_again(self) -> None:
        self.menuBar().clear()
        for action in self.menu_actions:  # the old menus' actions go too (they were the window's children)
            action.setParent(None)
        self.menu_actions = []
        self.build_menus()

    def set_language(self, code: str) -> None:
        settings.store().setValue("language", code)
        self.translations.apply(code)
        current = self.tabs.currentIndex()
        self.build()
        if self.session is not None and current >= 0:
            self.tabs.setCurrentIndex(current)

"""The main window: the start page when no tournament is open, else one tab per part of the event."""

from __future__ import annotations

from functools import partial
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDesktopServices, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_desk import __version__, userdata
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import printing
from tournament_desk.gui.app import LANGUAGES, Translations, settings
from tournament_desk.gui.dialogs.help_dialog import HelpDialog
from tournament_desk.gui.find_bar import FindBar
from tournament_desk.gui.formats import stage_pages
from tournament_desk.gui.models.audit_model import action_text
from tournament_desk.gui.models.rules_model import describe_rules
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession, show_error
from tournament_desk.gui.start import StartPage
from tournament_desk.i18n import render
from tournament_desk.services.audit import RemoteChange
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info
from tournament_desk.services.queries import missing_per_round
from tournament_desk.services.rounds import last_paired_round
from tournament_desk.services.standings import last_complete
from tournament_desk.web.printing import export_for_tables

if TYPE_CHECKING:
    from tournament_desk.gui.live_dialog import LiveDialog

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
        self.menu_actions: list[QAction] = []  # what build_menus made, deleted when the menus are built again
        self.last_printed: str | None = None  # the report Print… offers first
        self.stack = QStackedWidget()
        central = QWidget()
        self.central_layout = QVBoxLayout(central)
        self.central_layout.setContentsMargins(0, 0, 0, 0)
        self.central_layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.find_bar: FindBar | None = None
        self.help_dialog: HelpDialog | None = None
        self.live_dialog: LiveDialog | None = None  # 工具 ▸ 现场发布, while open
        self.missing_label = QLabel()
        self.missing_label.setObjectName("missing-results")
        self.statusBar().addPermanentWidget(self.missing_label)
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

        self.export_menu = bar.addMenu(self.tr("&Print / Export"))
        self.print_action = self.add_action(
            self.export_menu, self.tr("&Print…"), self.print_report, QKeySequence.StandardKey.Print
        )
        self.print_action.setObjectName("print")
        self.export_menu.addSeparator()
        for what, label, suffix in (
            ("pairings", self.tr("Pairing sheet of a round (PDF)…"), ".pdf"),
            ("scoresheets", self.tr("Scoresheets of a round (PDF)…"), ".pdf"),
            ("standings", self.tr("Standings (PDF)…"), ".pdf"),
            ("ranking", self.tr("Final ranking (PDF)…"), ".pdf"),
            ("crosstable", self.tr("Cross-table (PDF)…"), ".pdf"),
            ("certificates", self.tr("Certificates (PDF)…"), ".pdf"),
            ("all", self.tr("The whole event as an Excel workbook…"), ".xlsx"),
        ):
            action = self.export_menu.addAction(label)
            action.setObjectName(f"export-{what}{suffix}")
            action.triggered.connect(lambda _=False, w=what, s=suffix: self.export_report(w, s))
        self.export_menu.setEnabled(self.session is not None)

        self.go_menu = bar.addMenu(self.tr("&Go"))
        find = self.add_action(
            self.go_menu, self.tr("&Find a team…"), self.find_team, QKeySequence.StandardKey.Find
        )
        find.setObjectName("go-find")
        self.add_action(
            self.go_menu, self.tr("&Next page"), partial(self.step_page, 1), QKeySequence("Ctrl+PgDown")
        )
        self.add_action(
            self.go_menu, self.tr("&Previous page"), partial(self.step_page, -1), QKeySequence("Ctrl+PgUp")
        )
        self.go_menu.setEnabled(self.session is not None)

        self.tools_menu = bar.addMenu(self.tr("&Tools"))
        self.add_action(self.tools_menu, self.tr("&Live results (phones, clock, projector)…"), self.open_live)
        self.tools_menu.setEnabled(self.session is not None)

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
        page_help = self.add_action(help_menu, self.tr("&Help for this page"), self.show_help)
        page_help.setObjectName("help-page")
        help_keys = [QKeySequence("F1"), *QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents)]
        page_help.setShortcuts(list(dict.fromkeys(help_keys)))
        page_help.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
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

    def open_live(self) -> None:
        if self.session is None:
            return
        from tournament_desk.gui.live_dialog import LiveDialog  # the network and QR parts load only here

        # Not modal: the server, the clock and the projector keep running while the director types results.
        if self.live_dialog is None:
            self.live_dialog = LiveDialog(self, self.session)
            self.live_dialog.setModal(False)
            self.live_dialog.finished.connect(self.live_closed)
        self.live_dialog.show()
        self.live_dialog.raise_()
        self.live_dialog.activateWindow()

    def live_closed(self) -> None:
        """The Live dialog closed (its server and projector stopped with it)."""
        if self.live_dialog is not None:
            self.live_dialog.deleteLater()
            self.live_dialog = None

    def show_start(self) -> None:
        self.setWindowTitle(self.tr("Tournament Desk"))
        self.start.set_recent(recent_files())
        self.stack.setCurrentWidget(self.start)

    def show_event_pages(self) -> None:
        assert self.session is not None
        for page in self.pages:
            page.deleteLater()
        self.tabs.clear()
        info = self.session.read(event_info)
        # Each stage's format says where its results are typed and which pages it adds (gui/formats): the
        # results page, groups then knockout's group tables and bracket, a Mitchell event's boards page.
        stages = stage_pages(info.stage_formats or (info.stage_format,), info.scoring)
        classes: list[type[Page]] = [EntrantsPage, RoundsPage, *stages, StandingsPage, AuditPage, RulesPage]
        self.pages = [cls(self.session, self) for cls in classes]
        for page in self.pages:
            self.tabs.addTab(page, page.title())
        path = self.session.path
        self.setWindowTitle(f"{info.name} — {path.name if path else ''} — {self.tr('Tournament Desk')}")
        self.stack.setCurrentWidget(self.tabs)

    def show_missing(self, _changes: object = None) -> None:
        """The status bar always says how many results each paired round still waits for."""
        if self.session is None:
            self.missing_label.setText("")
            return
        missing = self.session.read(missing_per_round)
        if missing:
            rounds = self.tr(", ").join(
                self.tr("round {n}: {count}").format(n=n, count=count) for n, count in missing.items()
            )
            self.missing_label.setText(self.tr("Results missing — {rounds}").format(rounds=rounds))
            self.missing_label.setStyleSheet("color: #b00020;")
        else:
            last = self.session.read(last_paired_round)
            self.missing_label.setText(self.tr("Every result is in") if last else "")
            self.missing_label.setStyleSheet("")

    # --- moving about by keyboard --------------------------------------------------------------------
    def go_to_page(self, index: int) -> None:
        if self.stack.currentWidget() is self.tabs and 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)

    def step_page(self, step: int) -> None:
        if self.tabs.count():
            self.go_to_page((self.tabs.currentIndex() + step) % self.tabs.count())

    def find_team(self) -> None:
        page = self.tabs.currentWidget()
        if self.find_bar is not None and self.stack.currentWidget() is self.tabs and isinstance(page, Page):
            self.find_bar.open_for(page)

    def page_changed(self, _index: int) -> None:
        """The find bar follows the page: the same text, searched on what the new page shows."""
        page = self.tabs.currentWidget()
        if self.find_bar is not None and self.find_bar.isVisible() and isinstance(page, Page):
            self.find_bar.open_for(page)

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
        if (note := desk.opening_note) is not None:
            self.statusBar().showMessage(render(note), 60_000)
            QMessageBox.information(self, self.tr("The file was repaired"), render(note))
        return True

    def attach(self, desk: Desk) -> None:
        self.close_file()
        self.session = DeskSession(desk, self)
        self.close_action.setEnabled(True)
        self.backups_action.setEnabled(self.session.path is not None)
        self.export_menu.setEnabled(True)
        self.tools_menu.setEnabled(True)
        self.go_menu.setEnabled(True)
        self.session.changed.connect(self.show_missing)
        self.session.remote.connect(self.show_remote)
        self.show_event_pages()
        self.show_missing()

    def show_remote(self, changes: list[RemoteChange]) -> None:
        """Another station changed the event: the pages have refreshed; say who changed what, and when."""
        last = changes[-1]
        where = ""
        if last.round is not None and last.table is not None:
            where = self.tr("round {round} table {table}").format(round=last.round, table=last.table)
        elif last.round is not None:
            where = self.tr("round {round}").format(round=last.round)
        text = self.tr("Changed at station {station} at {time}: {what} {where}").format(
            station=last.station, time=last.at.strftime("%H:%M"), what=action_text(last.action), where=where
        )
        if len(changes) > 1:
            text += " " + self.tr("(and {count} more changes)").format(count=len(changes) - 1)
        self.statusBar().showMessage(text.strip(), 15_000)

    def build_menus_again(self) -> None:
        self.menuBar().clear()
        for action in self.menu_actions:  # the old menus' actions go too (they were the window's children)
            action.setParent(None)
        self.menu_actions = []
        self.build_menus()

    def choose_file(self) -> None:
        # Start where the last tournament was, else in the default folder for tournaments.
        recent = recent_files()
        folder = Path(recent[0]).parent if recent else userdata.tournaments_dir()
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Open a tournament"), str(folder), FILE_FILTER)
        if name:
            self.open_file(Path(name))

    def new_file(self) -> None:
        from tournament_desk.gui.wizard import NewTournamentWizard

        self.wizard = NewTournamentWizard(self)
        self.wizard.accepted.connect(self.wizard_done)
        self.wizard.open()

    def wizard_done(self) -> None:
        desk = self.wizard.desk
        if desk is not None:
            self.attach(desk)
            if desk.db.path is not None:
                remember(desk.db.path)
            self.build_menus_again()

    def open_demo(self) -> None:
        """A fresh demo event in the tournaments folder, where the director can find it again."""
        path = userdata.new_file_in(userdata.tournaments_dir(), "演示比赛-demo")
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            desk = create_demo(path, entrants=24, units=6, played=3, seed=2026)
        finally:
            self.unsetCursor()
        self.attach(desk)
        remember(path)
        self.build_menus_again()

    # --- several desks on one server (issue 18) ----------------------------------------------------------------
    def connect_server(self) -> None:
        from tournament_desk.gui.dialogs.server_dialog import ServerDialog

        dialog = ServerDialog(self, self.tr("Connect to a server"), lambda url: Desk.open(url=url))
        self.server_dialog = dialog
        dialog.accepted.connect(lambda: self.server_opened(dialog.result_value, None))
        dialog.open()

    def move_to_server(self) -> None:
        """Copy the open file's event to an empty database on a server (checked row by row), then open it there."""
        from tournament_desk.gui.dialogs.server_dialog import ServerDialog
        from tournament_desk.services.transfer import move

        if self.session is None or self.session.path is None:
            return
        source, station = self.session.path, self.session.desk.station

        def move_and_open(url: str) -> Desk:
            move(source_path=source, target_url=url, station=station)
            return Desk.open(url=url, station=station)

        dialog = ServerDialog(self, self.tr("Move this event to a server"), move_and_open)
        self.server_dialog = dialog
        dialog.accepted.connect(
            lambda: self.server_opened(
                dialog.result_value,
                self.tr("The event was moved to the server; this file was left as it was."),
            )
        )
        dialog.open()

    def server_opened(self, desk: object, note: str | None) -> None:
        if isinstance(desk, Desk):
            self.attach(desk)
            self.build_menus_again()
            if note:
                self.statusBar().showMessage(note, 30_000)

    def move_to_file(self) -> None:
        """Copy the event on the server to a new file (checked row by row) and open the file."""
        from tournament_desk.services.transfer import move

        if self.session is None or self.session.path is not None:
            return
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Move this event back to a file"), str(userdata.tournaments_dir()), FILE_FILTER
        )
        if not name:
            return
        url = self.session.desk.db.engine.url.render_as_string(hide_password=False)
        station = self.session.desk.station
        moved = self.session.run(
            self, lambda _desk: move(source_url=url, target_path=Path(name), station=station)
        )
        if moved is not None:
            self.open_file(Path(name))

    def show_backups(self) -> None:
        from tournament_desk.gui.dialogs.backups_dialog import BackupsDialog

        if self.session is None or self.session.path is None:
            return
        self.backups_dialog = BackupsDialog(self.session, self)
        self.backups_dialog.open()

    def close_file(self) -> None:
        if self.live_dialog is not None:
            self.live_dialog.done(0)  # stops the LAN server and the projector before the file closes
        if self.session is not None:
            for page in self.pages:
                page.shutdown()
                page.deleteLater()
            self.pages = []
            self.tabs.clear()
            self.session.close()
            self.session = None
        if hasattr(self, "close_action"):
            self.close_action.setEnabled(False)
            self.backups_action.setEnabled(False)
            self.export_menu.setEnabled(False)
            self.tools_menu.setEnabled(False)
            self.go_menu.setEnabled(False)
        if self.find_bar is not None:
            self.find_bar.hide()
        self.missing_label.setText("")
        self.show_start()

    # --- printing and exporting ------------------------------------------------------------------------
    def output_name(self, what: str, round_no: int | None) -> str:
        """A default file name in the director's language that says what and which round: 第2轮对阵表."""
        assert self.session is not None
        if what in ("pairings", "scoresheets"):
            n = round_no if round_no is not None else self.session.read(last_paired_round)
            text = self.tr("Round {n} pairings") if what == "pairings" else self.tr("Round {n} scoresheets")
            return text.format(n=n)
        after = self.session.read(last_complete)
        names = {
            "standings": (self.tr("Standings"), self.tr("Standings after round {n}")),
            "ranking": (self.tr("Final ranking"), self.tr("Final ranking")),
            "crosstable": (self.tr("Cross-table"), self.tr("Cross-table after round {n}")),
            "certificates": (self.tr("Certificates"), self.tr("Certificates")),
            "bracket": (self.tr("Knockout bracket"), self.tr("Knockout bracket")),
            "all": (self.tr("Whole event"), self.tr("Whole event after round {n}")),
        }
        before_any, after_round = names.get(what, (what, what))
        return (after_round if after else before_any).format(n=after)

    def choose_output(self, what: str, suffix: str, round_no: int | None = None) -> Path | None:
        """Ask where to save (tests replace this); None when the director cancels."""
        assert self.session is not None
        folder = self.session.path.parent if self.session.path else Path.home()
        stem = self.session.path.stem if self.session.path else "tournament"
        default = folder / f"{stem} {self.output_name(what, round_no)}{suffix}"
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save as"), str(default), f"*{suffix}")
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)

    def ask_round(self, what: str) -> int | None:
        """Which round to print: by default the last one paired (tests replace this)."""
        assert self.session is not None
        last = self.session.read(last_paired_round)
        if what not in ("pairings", "scoresheets") or last <= 1:
            return None
        number, ok = QInputDialog.getInt(self, self.tr("Which round?"), self.tr("Round"), last, 1, last)
        return number if ok else -1

    def final_ok(self, what: str) -> bool:
        """The final ranking and certificates printed mid-event are never an accident (tests replace this)."""
        if what not in ("ranking", "certificates") or self.session is None:
            return True
        planned = self.session.read(event_info).rounds_planned
        done = self.session.read(last_complete)
        if planned is not None and done >= planned:
            return True
        text = (
            self.tr(
                "Only {done} of {planned} rounds have all their results: this is not yet the final ranking."
            )
            if planned is not None
            else self.tr("Only {done} rounds have all their results: this is not yet the final ranking.")
        )
        answer = QMessageBox.question(
            self, self.tr("The event is not over"), text.format(done=done, planned=planned) + "\n" + self.tr("Print it anyway?")
        )  # fmt: skip
        return answer == QMessageBox.StandardButton.Yes

    def export_report(self, what: str, suffix: str) -> list[Path]:
        if self.session is None:
            return []
        round_no = self.ask_round(what)
        if round_no == -1 or not self.final_ok(what):
            return []
        out = self.choose_output(what, suffix, round_no)
        if out is None:
            return []
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            written = self.session.run(
                self, export_for_tables, what, out, round_no=round_no, live_url=self.live_url()
            )
        finally:
            self.unsetCursor()
        if not written:
            return []
        self.statusBar().showMessage(
            self.tr("Saved {files}").format(files=", ".join(p.name for p in written)), 10_000
        )
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Saved"),
            self.tr("Saved {files}").format(files="\n".join(str(p) for p in written)),
            parent=self,
        )
        open_button = box.addButton(self.tr("Open"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Close)
        open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(written[0]))))
        box.open()
        self.saved_box = box
        return written

    def print_report(self) -> int:
        """Print a report straight to a printer (gui/printing.py), asked like saving it; pages printed."""
        if self.session is None:
            return 0
        what = printing.ask_report(self, self.session, self.last_printed)
        if what is None:
            return 0
        self.last_printed = what
        if not printing.printers():
            if printing.offer_pdf_instead(self):
                self.export_report(what, ".pdf")
            return 0
        round_no = self.ask_round(what)
        if round_no == -1 or not self.final_ok(what):
            return 0
        return printing.print_report(
            self, self.session, what, round_no, self.output_name(what, round_no), self.live_url()
        )

    def live_url(self) -> str | None:
        """The LAN server's address while it runs: scoresheets printed meanwhile carry each table's QR code."""
        return self.live_dialog.url if self.live_dialog is not None else None

    # --- language and about --------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        settings().setValue("language", code)
        self.translations.apply(code)
        current = self.tabs.currentIndex()
        self.build()
        if self.session is not None and current >= 0:
            self.tabs.setCurrentIndex(current)

    def about_text(self) -> str:
        """Both names, the version, the licences, and where the program keeps the director's things."""
        from PySide6 import __version__ as pyside
        from PySide6.QtCore import qVersion

        tournaments = escape(str(userdata.tournaments_dir(create=False)))
        backups, crash_log = escape(str(userdata.backups_dir())), escape(str(userdata.crash_log()))
        lines = [
            self.tr("Version {version}").format(version=__version__),
            self.tr(
                "Runs Shengji (升级 / 80 分) card tournaments: entrants, pairings, results and standings."
            ),
            self.tr("Licence: proprietary. Uses Qt {qt} and PySide6 {pyside} under the GNU LGPL v3.").format(
                qt=qVersion(), pyside=pyside
            ),
            self.tr("Chinese font: WenQuanYi Micro Hei (文泉驿微米黑), Apache License 2.0."),
            self.tr(
                "PDFs are made with ReportLab (BSD licence) and printed through pdfium with pypdfium2 (Apache "
                "License 2.0 / BSD-3-Clause)."
            ),
            self.tr("New tournaments: {folder}").format(folder=tournaments),
            self.tr("Automatic backups: {folder}").format(folder=backups),
            self.tr("Crash log: {path}").format(path=crash_log),
        ]
        return "<h3>赛事编排台 · Tournament Desk</h3>" + "".join(f"<p>{line}</p>" for line in lines)

    def help_topic(self) -> str:
        """The page the director is looking at (its class name), or the start page."""
        page = self.tabs.currentWidget()
        if self.stack.currentWidget() is self.tabs and isinstance(page, Page):
            return type(page).__name__
        return "StartPage"

    def show_help(self) -> None:
        """F1: the help of the page in front of the director, with the rules in force once an event is open."""
        rules = describe_rules(self.session.read(event_info).rules) if self.session is not None else None
        if self.help_dialog is not None:
            self.help_dialog.close()
            self.help_dialog.deleteLater()
        self.help_dialog = HelpDialog(self, self.help_topic(), rules)
        self.help_dialog.show()  # not modal: the director may keep it beside the window

    def about(self) -> None:
        QMessageBox.about(self, self.tr("About Tournament Desk"), self.about_text())

    def quit(self) -> None:
        """File ▸ Quit (Ctrl+Q): close the window, then leave the event loop even if a dialog is still open."""
        if self.close():
            QApplication.quit()

    def shutdown(self) -> None:
        """Stop everything that still runs for the open event: the pages' workers, the watcher, the file."""
        if self.live_dialog is not None:
            self.live_dialog.done(0)  # stops the LAN server and the projector before the file closes
        if self.session is not None:
            for page in self.pages:
                page.shutdown()
            self.session.close()  # stops the watcher's timer before the file closes
            self.session = None

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

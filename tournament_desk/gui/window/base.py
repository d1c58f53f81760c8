"""The main window's state and what it shows: the start page or the event's pages, the status bar, moving
between pages, the Live dialog, help and About. The other parts (files, output, menus) build on it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_desk import __version__, userdata
from tournament_desk.domain.rule_notes import rule_notes
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.help_dialog import HelpDialog
from tournament_desk.gui.find_bar import FindBar
from tournament_desk.gui.formats import stage_pages
from tournament_desk.gui.help import page_options
from tournament_desk.gui.models.audit_model import action_text
from tournament_desk.gui.models.rules_model import describe_rules
from tournament_desk.gui.pages.audit import AuditPage
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.rules import RulesPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import Changes, DeskSession
from tournament_desk.gui.settings import Translations, recent_files
from tournament_desk.gui.start import StartPage
from tournament_desk.services.audit import RemoteChange
from tournament_desk.services.changes import RESULTS, ROUNDS
from tournament_desk.services.event import event_info
from tournament_desk.services.queries import missing_per_round
from tournament_desk.services.rounds import last_paired_round

if TYPE_CHECKING:
    from tournament_desk.gui.live_dialog import LiveDialog


class WindowBase(QMainWindow):
    """The window's state, shared by its parts. The menus part (window/menus.py) builds ``start``, ``tabs``
    and the menus' actions, and the event's pages in ``show_event_pages``."""

    start: StartPage
    tabs: QTabWidget
    close_action: QAction
    backups_action: QAction
    move_action: QAction
    move_back_action: QAction
    print_action: QAction
    export_menu: QMenu
    go_menu: QMenu
    tools_menu: QMenu

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

    def build_menus_again(self) -> None:
        """The menus follow the open event (which entries are enabled, the recent files): window/menus.py."""
        raise NotImplementedError

    # --- what the window shows -----------------------------------------------------------------------
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

    def show_missing(self, changes: Changes | None = None) -> None:
        """The status bar always says how many results each paired round still waits for (read again only when
        results or rounds changed, in one read)."""
        if self.session is None:
            self.missing_label.setText("")
            return
        if changes is not None and not changes & {RESULTS, ROUNDS}:
            return
        with self.session.desk.db.transaction():
            missing = self.session.read(missing_per_round)
            last = self.session.read(last_paired_round)
        if missing:
            rounds = self.tr(", ").join(
                self.tr("round {n}: {count}").format(n=n, count=count) for n, count in missing.items()
            )
            self.missing_label.setText(self.tr("Results missing — {rounds}").format(rounds=rounds))
            self.missing_label.setStyleSheet("color: #b00020;")
        else:
            self.missing_label.setText(self.tr("Every result is in") if last else "")
            self.missing_label.setStyleSheet("")

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

    # --- the Live dialog -------------------------------------------------------------------------------
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

    def live_url(self) -> str | None:
        """The LAN server's address while it runs: scoresheets printed meanwhile carry each table's QR code."""
        return self.live_dialog.url if self.live_dialog is not None else None

    # --- help and about ------------------------------------------------------------------------------
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
        info = self.session.read(event_info) if self.session is not None else None
        topic = self.help_topic()
        mode = scoring_mode(info.scoring) if info is not None else None
        rules = describe_rules(info.rules, mode, withdrawal=info.withdrawal) if info is not None else None
        notes = rule_notes(info.rules, mode, page_options(topic)) if info is not None else None
        if self.help_dialog is not None:
            self.help_dialog.close()
            self.help_dialog.deleteLater()
        self.help_dialog = HelpDialog(self, topic, rules, notes)
        self.help_dialog.show()  # not modal: the director may keep it beside the window

    def about(self) -> None:
        boxes.about(self, self.tr("About Tournament Desk"), self.about_text())

    # --- leaving ------------------------------------------------------------------------------------------
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
                page.abandon_reads()
                page.shutdown()
            self.session.close()  # stops the watcher's timer before the file closes
            self.session = None

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

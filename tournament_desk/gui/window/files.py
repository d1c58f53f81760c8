"""The main window's files: open, new, the demo, recent files, servers (issue 18), backups, close."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tournament_desk import userdata
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import boxes
from tournament_desk.gui.session import DeskSession, show_error
from tournament_desk.gui.settings import recent_files, remember
from tournament_desk.gui.signup_template import new_event_hint
from tournament_desk.gui.window.base import WindowBase
from tournament_desk.i18n import render
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk

FILE_FILTER = "Tournament Desk (*.tdesk);;All files (*)"


class FileActions(WindowBase):
    """Opening and closing the event the window shows."""

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
            boxes.tell(self, self.tr("The file was repaired"), render(note))
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
            self.statusBar().showMessage(new_event_hint(), 60_000)  # the sign-up template (issue 31)

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
                page.abandon_reads()
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

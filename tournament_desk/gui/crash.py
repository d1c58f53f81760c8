"""The dialog an unexpected error shows: what happened, the details to copy, and the app goes on.

An error the director can act on (``TournamentError``: a server that went away during a page's read, a file
another program holds) that reaches it anyway is shown as its one sentence, never as a traceback.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tournament_desk import logs, userdata
from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import boxes
from tournament_desk.i18n import render


def show_unexpected(error: BaseException, details: str) -> None:
    """What the crash handler shows: a sentence for an error the director can act on, else the crash dialog."""
    if isinstance(error, TournamentError):
        logs.refused("window", str(error))
        title = QCoreApplication.translate("DeskSession", "Tournament Desk")
        boxes.tell(None, title, render(error), icon=boxes.WARNING)
        return
    logs.log.error("error in window:\n%s", details)
    CrashDialog(details).exec()


class CrashDialog(QDialog):
    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Unexpected error"))
        self.details = details
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                self.tr(
                    "Something went wrong that Tournament Desk did not expect. Every change it confirmed is "
                    "saved; the action under way when this happened may not have been: look at it again. "
                    "Please copy the details below for the developers."
                ),
                wordWrap=True,
            )
        )
        text = QPlainTextEdit(details, readOnly=True)
        text.setObjectName("crash-details")
        layout.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton(self.tr("Copy details"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 420)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.details)


def show_log_folder(parent: QWidget | None) -> QDialog:
    """Help ▸ Log to send: names the folder of the log (and the crash log) and opens it on request."""
    folder = userdata.log_dir()

    def open_folder() -> None:
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    return boxes.offer(
        parent,
        QCoreApplication.translate("LogFolder", "Log to send"),
        QCoreApplication.translate(
            "LogFolder",
            "When something goes wrong, send the files in this folder ({log} and {crash}): they hold what the "
            "window, tdesk and the LAN server did and met, but no password, code or cookie.\n\n{folder}",
        ).format(log=logs.LOG_NAME, crash=userdata.crash_log().name, folder=folder),
        QCoreApplication.translate("LogFolder", "Open the folder"),
        open_folder,
        name="log-folder",
    )

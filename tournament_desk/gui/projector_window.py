"""The projector window (投影): full screen on a second screen, or a normal window the director moves.

A large round clock, the tables still playing, the latest results, the QR code of the players' address and the
announcements, from ``services.live.projector_view`` (the web ``/projector`` page reads the same
function, so the two cannot differ). The clock is read once a second (one small query: the server keeps the
time, the window only shows the seconds left); the rest is read again when the session says something changed
(a round published, a result entered here, or another station's or the LAN server's write).
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from tournament_desk.domain.levels import format_level
from tournament_desk.gui.qr import qr_pixmap
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.live import ClockView

CONTEXT = "ProjectorWindow"
STYLE = "background:#111; color:#eee;"
WARN = "#f66"


def _t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def phase_text(view: ClockView) -> str:
    texts = {
        "idle": "",
        "ready": _t("Round %1 clock: not started"),
        "running": _t("Round %1: time left"),
        "paused": _t("Round %1: clock paused"),
        "last-deal": _t("Round %1: last deal — no new deal after this one"),
        "over": _t("Round %1: time is over"),
    }
    return texts[view.phase].replace("%1", str(view.round))


def _level(value: int | None) -> str:
    return format_level(value) if value else "–"


class ProjectorWindow(QWidget):
    def __init__(self, session: DeskSession, url: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.setWindowTitle(_t("Projector"))
        self.setStyleSheet(STYLE)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 28pt; font-weight: bold")
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("font-size: 22pt; color: #ffd; background: #333; padding: 6px")
        self.phase = QLabel()
        self.phase.setStyleSheet("font-size: 20pt")
        self.phase.setWordWrap(True)
        self.clock_label = QLabel()
        self.clock_label.setStyleSheet("font-size: 120pt; font-weight: bold")
        self.playing = QLabel()
        self.playing.setWordWrap(True)
        self.playing.setStyleSheet("font-size: 20pt")
        self.results = QLabel()
        self.results.setStyleSheet("font-size: 18pt")
        self.results.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.qr = QLabel()
        self.url = QLabel()
        self.url.setStyleSheet("font-size: 16pt")
        left = QVBoxLayout()
        for widget in (self.phase, self.clock_label, self.playing):
            left.addWidget(widget)
        left.addStretch(1)
        # Names, announcements and the event's name are the players' and director's words: never markup (a team
        # named <span style=…>冠军</span>队 showed in red capitals on the hall's screen; issue 28).
        for label in (
            self.title,
            self.notes,
            self.phase,
            self.clock_label,
            self.playing,
            self.results,
            self.url,
        ):
            label.setTextFormat(Qt.TextFormat.PlainText)
        right = QVBoxLayout()
        for widget in (self.qr, self.url):
            right.addWidget(widget)
        right.addStretch(1)
        grid = QGridLayout(self)
        grid.addWidget(self.title, 0, 0, 1, 3)
        grid.addWidget(self.notes, 1, 0, 1, 3)
        grid.addLayout(left, 2, 0)
        grid.addWidget(self.results, 2, 1)
        grid.addLayout(right, 2, 2)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(2, 1)
        self.set_url(url)
        session.changed.connect(self.reload)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)
        self.timer.start(1000)
        self.reload()

    def set_url(self, url: str | None) -> None:
        """The players' address (once the server runs) as a QR code and as text."""
        if url:
            self.qr.setPixmap(qr_pixmap(url).scaledToWidth(280))
            self.url.setText(url + "\n" + _t("Find my table"))
        else:
            self.qr.clear()
            self.url.setText("")

    def show_clock(self, view: ClockView) -> None:
        self.phase.setText(phase_text(view))
        self.clock_label.setText("" if view.phase == "idle" else view.display)
        warn = view.phase in ("last-deal", "over")
        self.clock_label.setStyleSheet(
            f"font-size: 120pt; font-weight: bold; color: {WARN if warn else '#eee'}"
        )

    def tick(self) -> None:
        self.show_clock(self.session.read(live.clock))

    def reload(self, _changes: object = None) -> None:
        view = self.session.read(live.projector_view)
        self.notes.setText("\n".join(a.text for a in view.notes))
        self.notes.setVisible(bool(view.notes))
        self.show_clock(view.clock)
        if view.round is None:
            none_yet = _t("No round has been published yet.")
            self.title.setText(f"{view.event} · {none_yet}")
            self.playing.setText("")
            self.results.setText("")
            return
        heading = _t("Round %1 pairings").replace("%1", str(view.round.round))
        self.title.setText(f"{view.event} · {heading}")
        tables = " ".join(str(t.table) for t in view.playing)
        self.playing.setText(
            _t("Still playing: %1 tables").replace("%1", str(len(view.playing))) + "\n" + tables
        )
        lines = [
            f"{t.table:>3}  {t.home}  {_level(t.home_level)} : {_level(t.away_level)}  {t.away}"
            for t in view.latest
        ]
        self.results.setText(_t("Results in") + "\n" + "\n".join(lines))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        elif event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        else:
            super().keyPressEvent(event)

    def show_on_projector(self) -> bool:
        """Full screen on a second screen when there is one (True), else a normal window to move there."""
        screens = QGuiApplication.screens()
        parent = self.parentWidget()
        here = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
        others = [s for s in screens if s != here]
        if others:
            target = others[0]
            self.setScreen(target)
            self.move(target.geometry().topLeft())
            self.showFullScreen()
            return True
        self.resize(1280, 720)
        self.showNormal()
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.changed.disconnect(self.reload)
        super().closeEvent(event)

"""工具 ▸ 现场发布 / Live: start and stop the LAN server (its own process), its addresses and QR code, the
round clock, announcements and the queue of disputed tables."""

from __future__ import annotations

import json

from PySide6.QtCore import QProcess, QTimer
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.live_cards_box import CardsBox
from tournament_desk.gui.live_disputes import dispute_kind, general_hint, queue_text
from tournament_desk.gui.live_pages_box import PublicPagesBox
from tournament_desk.gui.qr import qr_pixmap
from tournament_desk.gui.session import RESULTS, ROUNDS, DeskSession
from tournament_desk.launch import cli_command
from tournament_desk.services import live


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses phones on the same network can reach (no loopback, no link-local)."""
    found: list[str] = []
    for address in QNetworkInterface.allAddresses():
        if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
            continue
        if address.isLoopback() or address.isInSubnet(QHostAddress("169.254.0.0"), 16):
            continue
        found.append(address.toString())
    return found


class LiveDialog(QDialog):
    host = "0.0.0.0"  # every LAN address (tests listen on loopback only)
    # The port when the director leaves the port box at "automatic": None lets the server choose (the port
    # the printed codes name; none printed yet: 8765 or the next free one). Tests: 0, any free port.
    first_port: int | None = None

    def __init__(self, parent: QWidget | None, session: DeskSession) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(self.tr("Live results"))
        self.process: QProcess | None = None
        self.port: int | None = None
        self.url: str | None = None  # the players' address while the server runs (scoresheets' QR codes)

        self.status = QLabel(self.tr("The server is not running."))
        self.status.setWordWrap(True)
        self.qr = QLabel()
        self.firewall = QLabel(
            self.tr(
                "If phones cannot open the address: they must be on the same Wi-Fi as this computer, and on "
                "Windows allow Tournament Desk through the firewall (the question appears on first start)."
            )
        )
        self.firewall.setWordWrap(True)
        self.start_button = QPushButton(self.tr("&Start the server"))
        self.start_button.clicked.connect(self.toggle)
        # The port: automatic (the printed codes' port, so they keep working), or one the director chooses.
        self.port_box = QSpinBox()
        self.port_box.setRange(0, 65535)
        self.port_box.setSpecialValueText(self.tr("automatic"))
        self.port_box.setToolTip(
            self.tr(
                "Automatic: the port the printed scoresheets and entry cards name, so their codes keep working. "
                "Another port means printing them again."
            )
        )
        port_row = QHBoxLayout()
        port_row.addWidget(QLabel(self.tr("Port:")))
        port_row.addWidget(self.port_box)
        port_row.addStretch()
        server = QVBoxLayout()
        server.addLayout(port_row)
        server.addWidget(self.status)
        server.addWidget(self.qr)
        server.addWidget(self.firewall)
        self.codes_button = QPushButton(self.tr("Table &links of the current round…"))
        self.codes_button.clicked.connect(self.show_codes)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.codes_button)
        server.addLayout(buttons)
        server_box = QGroupBox(self.tr("Server"))
        server_box.setLayout(server)

        self.clock_label = QLabel()
        self.clock_label.setStyleSheet("font-size: 28pt; font-weight: bold")
        clock_row = QHBoxLayout()
        for text, slot in (
            (self.tr("Set 60 min"), lambda: self.clock(live.set_clock)),
            (self.tr("Start"), lambda: self.clock(live.start_clock)),
            (self.tr("Pause"), lambda: self.clock(live.pause_clock)),
            (self.tr("+1 min"), lambda: self.clock(live.adjust_clock, 1)),
            (self.tr("−1 min"), lambda: self.clock(live.adjust_clock, -1)),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            clock_row.addWidget(button)
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText(self.tr("An announcement for every screen"))
        post = QPushButton(self.tr("&Announce"))
        post.clicked.connect(self.announce)
        note_row = QHBoxLayout()
        note_row.addWidget(self.note_edit)
        note_row.addWidget(post)
        clock_box = QGroupBox(self.tr("Round clock and announcements"))
        clock_layout = QVBoxLayout(clock_box)
        clock_layout.addWidget(self.clock_label)
        clock_layout.addLayout(clock_row)
        clock_layout.addLayout(note_row)

        # The queue: one line a disputed table; what is typed is taken as that kind of table decides
        # (levels, one board, one pair game of a team match: gui/live_disputes.py).
        self.queue: list[live.LiveTableView] = []
        self.disputes = QListWidget()
        self.disputes.currentRowChanged.connect(self.show_hint)
        self.levels_edit = QLineEdit()
        self.levels_edit.setPlaceholderText(general_hint())
        self.levels_edit.returnPressed.connect(self.decide)
        decide = QPushButton(self.tr("&Decide the selected table"))
        decide.clicked.connect(self.decide)
        dispute_box = QGroupBox(self.tr("Disputed tables"))
        dispute_layout = QVBoxLayout(dispute_box)
        dispute_layout.addWidget(self.disputes)
        row = QHBoxLayout()
        row.addWidget(self.levels_edit)
        row.addWidget(decide)
        dispute_layout.addLayout(row)

        layout = QVBoxLayout(self)
        layout.addWidget(server_box)
        layout.addWidget(clock_box)
        layout.addWidget(dispute_box)
        self.cards_box = CardsBox(self, session)  # entry cards: print, reissue, release; phone entry closed
        layout.addWidget(self.cards_box)
        self.pages_box = PublicPagesBox(self, session)  # freeze, projector window, static export
        layout.addWidget(self.pages_box)
        # Enter in a typing box does what that box is for (decide, announce), never press a button of the
        # dialog as well (the first of which starts or stops the server).
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)
        self.note_edit.returnPressed.connect(self.announce)
        self.marker = self.session.read(live.marker)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(1000)
        self.refresh()

    # --- the server process ---------------------------------------------------------------------
    def toggle(self) -> None:
        if self.process is not None:
            self.stop()
            return
        path = self.session.path
        if path is None:
            return
        self.process = QProcess(self)
        self.process.readyReadStandardOutput.connect(self.read_output)
        self.process.finished.connect(self.server_stopped)
        # `tdesk serve` of this very program: from source or from the installed app (launch.py)
        port = self.port_box.value() or self.first_port
        chosen = ["--port", str(port)] if port is not None else []
        program, args = cli_command(["serve", str(path), *chosen, "--host", self.host, "--json"])
        self.process.start(program, args)
        self.port_box.setEnabled(False)
        self.start_button.setText(self.tr("&Stop the server"))
        self.status.setText(self.tr("Starting…"))

    def read_output(self) -> None:
        assert self.process is not None
        for line in (
            bytes(self.process.readAllStandardOutput().data()).decode("utf-8", "replace").splitlines()
        ):
            try:
                info = json.loads(line)
            except ValueError:
                continue
            self.port = int(info["port"])
            lan = lan_addresses() if self.host == "0.0.0.0" else []
            urls = [f"http://{a}:{self.port}/" for a in lan] or list(info["urls"])
            opened = self.tr("Phones open: %1").replace("%1", "   ".join(urls))
            # a port the director chose while codes name another: the server says to print them again
            self.status.setText(f"{opened}\n{info['note']}" if info.get("note") else opened)
            self.qr.setPixmap(qr_pixmap(urls[0]))
            self.pages_box.set_url(urls[0])
            self.cards_box.set_url(urls[0])
            self.url = urls[0]

    def server_stopped(self) -> None:
        if self.process is not None:
            error = bytes(self.process.readAllStandardError().data()).decode("utf-8", "replace").strip()
            self.process.deleteLater()
        else:
            error = ""
        self.process, self.port, self.url = None, None, None
        self.qr.clear()
        self.pages_box.set_url(None)
        self.cards_box.set_url(None)
        self.start_button.setText(self.tr("&Start the server"))
        self.port_box.setEnabled(True)
        stopped = self.tr("The server is not running.")
        self.status.setText(f"{stopped}\n{error.splitlines()[-1]}" if error else stopped)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            if not self.process.waitForFinished(3000):
                self.process.kill()
                self.process.waitForFinished(1000)

    def done(self, result: int) -> None:
        self.stop()
        self.pages_box.close_projector()
        self.timer.stop()
        super().done(result)

    def table_links(self) -> list[str]:
        """Each table's entry address for the latest published round (for the tables' phones)."""
        view = self.session.read(live.current_round)
        if view is None or self.port is None:
            return []
        host = (lan_addresses() if self.host == "0.0.0.0" else []) or [self.host]
        tables = self.session.read(live.round_tokens, view.round)
        return [f"{t.table}\t{t.home} – {t.away}\thttp://{host[0]}:{self.port}/t/{t.token}" for t in tables]

    def show_codes(self) -> None:
        links = self.table_links()
        box = QPlainTextEdit("\n".join(links) or self.tr("Start the server and publish a round first."))
        box.setReadOnly(True)
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Table links"))
        QVBoxLayout(dialog).addWidget(box)
        dialog.resize(700, 500)
        dialog.exec()

    # --- clock, announcements, disputes -------------------------------------------------------------
    def clock(self, action: object, *args: object) -> None:
        self.session.run(self, action, *args)  # type: ignore[arg-type]
        self.refresh()

    def announce(self) -> None:
        if self.session.run(self, live.announce, self.note_edit.text()) is not None:
            self.note_edit.clear()

    def refresh(self) -> None:
        marker = self.session.read(live.marker)
        if marker != self.marker:  # the server (another process) wrote: the desk's pages read again
            self.marker = marker
            self.session.notify({RESULTS, ROUNDS})
        view = self.session.read(live.clock)
        self.clock_label.setText("" if view.phase == "idle" else f"{view.display}  ({view.phase})")
        chosen = self.chosen()
        self.queue = self.session.read(live.disputes)
        lines = [queue_text(t) for t in self.queue]
        if lines == [self.disputes.item(i).text() for i in range(self.disputes.count())]:
            return  # the queue as shown: the director's choice and the list's scroll stay put
        self.disputes.blockSignals(True)
        self.disputes.clear()
        self.disputes.addItems(lines)
        # the same table stays chosen while it is disputed (one of its games decided, another still open)
        keys = [(t.round, t.table) for t in self.queue]
        self.disputes.setCurrentRow(keys.index(chosen) if chosen in keys else -1)
        self.disputes.blockSignals(False)
        self.show_hint()

    def chosen(self) -> tuple[int, int] | None:
        """The round and table of the queue's chosen line."""
        row = self.disputes.currentRow()
        return (self.queue[row].round, self.queue[row].table) if 0 <= row < len(self.queue) else None

    def show_hint(self) -> None:
        """The typing box says what to type for the chosen table: levels, a board or a pair game."""
        row = self.disputes.currentRow()
        hint = dispute_kind(self.queue[row]).hint() if 0 <= row < len(self.queue) else general_hint()
        self.levels_edit.setPlaceholderText(hint)

    def decide(self) -> None:
        """The typed decision of the chosen table, taken by the service its kind of entry names."""
        row = self.disputes.currentRow()
        if not 0 <= row < len(self.queue):
            return
        table = self.queue[row]
        action = dispute_kind(table).action
        done = self.session.run(self, action, table.round, table.table, self.levels_edit.text())
        if done is not None:
            self.levels_edit.clear()
            self.refresh()

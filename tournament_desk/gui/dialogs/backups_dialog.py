"""File ▸ Backups: the automatic backups of the open tournament, and restoring one (with a question first)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui import boxes
from tournament_desk.gui.session import DeskSession
from tournament_desk.i18n import render
from tournament_desk.services.backups import BackupInfo, list_backups, restore_backup


class BackupsDialog(QDialog):
    """One row per backup, newest first; Restore puts the selected one back after asking."""

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(self.tr("Automatic backups"))
        self.resize(760, 420)
        self.note = QLabel(
            self.tr(
                "A backup is taken before every pairing, import, withdrawal and restore; the newest 30 are kept. "
                "Restoring one keeps the current state as a backup first."
            )
        )
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("backups-table")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Time"), self.tr("Taken before"), self.tr("Round"), self.tr("Size"), self.tr("Check")]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.restore_button = QPushButton(self.tr("&Restore this backup…"))
        self.restore_button.setObjectName("backups-restore")
        self.restore_button.clicked.connect(self.restore_selected)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.backups: list[BackupInfo] = []
        self.reload()

    def reload(self) -> None:
        self.backups = self.session.read(list_backups)
        self.table.setRowCount(len(self.backups))
        for row, b in enumerate(self.backups):
            cells = (
                b.at.isoformat(sep=" "),
                render(b.what),
                "" if b.round is None else str(b.round),
                f"{b.size // 1024} KB",
                self.tr("ok") if b.checked else self.tr("damaged"),
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(b.path))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        if self.backups:
            self.table.selectRow(0)
        self.restore_button.setEnabled(bool(self.backups))

    def selected(self) -> BackupInfo | None:
        rows = {i.row() for i in self.table.selectedIndexes()}
        return self.backups[min(rows)] if rows else None

    def confirm(self, backup: BackupInfo) -> bool:
        return boxes.ask(
            self,
            self.tr("Restore a backup"),
            self.tr(
                "Put the tournament back as it was at {time} ({label})? Everything entered since is replaced; the "
                "current state is kept as a backup first."
            ).format(time=backup.at.isoformat(sep=" "), label=render(backup.what)),
        )

    def restore_selected(self) -> None:
        backup = self.selected()
        if backup is None or not self.confirm(backup):
            return
        # Everything may differ after a restore: every page reads the event again.
        self.session.run(self, restore_backup, backup.path, reason=self.tr("restored from the window"))
        self.reload()

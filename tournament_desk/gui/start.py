"""The start page: new tournament, open a file, recent files, or the demo tournament."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    demo_requested = Signal()
    recent_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 36, 48, 36)
        title = QLabel(self.tr("Tournament Desk"))
        font = QFont(title.font())
        font.setPointSize(font.pointSize() * 2)
        font.setBold(True)
        title.setFont(font)
        outer.addWidget(title)
        outer.addWidget(
            QLabel(
                self.tr("Run a Shengji (升级 / 80 分) tournament: registration, pairing, results, standings.")
            )
        )
        outer.addSpacing(24)
        row = QHBoxLayout()
        buttons = QVBoxLayout()
        for text, signal, name in (
            (self.tr("New tournament…"), self.new_requested, "new"),
            (self.tr("Open a tournament file…"), self.open_requested, "open"),
            (self.tr("Open the demo tournament"), self.demo_requested, "demo"),
        ):
            button = QPushButton(text)
            button.setObjectName(f"start-{name}")
            button.setMinimumHeight(44)
            button.clicked.connect(signal.emit)
            buttons.addWidget(button)
        buttons.addStretch()
        row.addLayout(buttons, 1)
        recent_box = QVBoxLayout()
        recent_box.addWidget(QLabel(self.tr("Recent tournaments")))
        self.recent = QListWidget()
        self.recent.setObjectName("start-recent")
        self.recent.itemActivated.connect(
            lambda item: self.recent_requested.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        recent_box.addWidget(self.recent)
        row.addLayout(recent_box, 2)
        outer.addLayout(row)

    def set_recent(self, files: list[str]) -> None:
        self.recent.clear()
        for name in files:
            item = QListWidgetItem(f"{Path(name).name}    {Path(name).parent}")
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.recent.addItem(item)
        if not files:
            item = QListWidgetItem(self.tr("No tournament opened yet."))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent.addItem(item)

"""A new series or sports meet: its file, name and rule (points by place, best N, minimum events, per entrant or
per unit). OK hands the choices to the window, which creates the file (``services.series.create_series``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

SUFFIX = ".tdseries"


@dataclass(frozen=True)
class NewSeries:
    path: Path
    name: str
    points: str
    best: int | None
    min_events: int
    per: str


class NewSeriesDialog(QDialog):
    def __init__(self, parent: QWidget | None, folder: Path) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New series or meet"))
        self.folder = folder
        self.file = QLineEdit()
        self.file.setObjectName("series-file")
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self.browse)
        where = QHBoxLayout()
        where.addWidget(self.file)
        where.addWidget(browse)
        self.name = QLineEdit()
        self.name.setObjectName("series-name")
        self.name.setPlaceholderText(self.tr("e.g. 2026 spring league"))
        self.points = QLineEdit("10,7,5,3")
        self.points.setObjectName("series-points")
        self.points.setToolTip(
            self.tr("The points of places 1, 2, 3 …, separated by commas; 0 beyond the list.")
        )
        self.best = QSpinBox()
        self.best.setObjectName("series-best")
        self.best.setRange(0, 999)
        self.best.setSpecialValueText(self.tr("all events"))
        self.min_events = QSpinBox()
        self.min_events.setObjectName("series-min-events")
        self.min_events.setRange(0, 999)
        self.per = QComboBox()
        self.per.setObjectName("series-per")
        self.per.addItem(self.tr("each entrant (a series)"), "entrant")
        self.per.addItem(self.tr("each unit (a sports meet: the units' totals)"), "unit")
        form = QFormLayout(self)
        form.addRow(self.tr("Series file"), where)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Points by place"), self.points)
        form.addRow(self.tr("Count the best"), self.best)
        form.addRow(self.tr("Ranked from (events played)"), self.min_events)
        form.addRow(self.tr("Standings of"), self.per)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.name.textChanged.connect(self.name_changed)
        self.resize(560, 0)

    def name_changed(self, text: str) -> None:
        """The file follows the name until the director types a file of his own."""
        if not self.file.isModified():
            stem = "".join(ch for ch in text.strip() if ch not in '\\/:*?"<>|') or "series"
            self.file.setText(str(self.folder / f"{stem}{SUFFIX}"))

    def browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Series file"), self.file.text() or str(self.folder), f"*{SUFFIX}"
        )
        if name:
            self.file.setText(name if name.endswith(SUFFIX) else name + SUFFIX)
            self.file.setModified(True)

    def choices(self) -> NewSeries:
        best = self.best.value()
        return NewSeries(
            Path(self.file.text().strip()),
            self.name.text(),
            self.points.text(),
            best or None,
            self.min_events.value(),
            str(self.per.currentData()),
        )

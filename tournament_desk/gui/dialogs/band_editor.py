"""Editing the bands of a level table (rules.md §6): defenders' points low–high → the signed level change.

One row a band; the last band is open-ended (its high left empty) and may add a level every further
``step`` points. The table is checked when the rules are saved (``domain.rule_options.check_level_table``),
and the sentence names the band that is wrong.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rule_options import check_level_table
from tournament_desk.domain.rules import Band, LevelTable


class BandEditor(QWidget):
    COLUMNS = 4  # low, high, change, step

    def __init__(self, table: LevelTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preset = table.preset
        self.grid = QTableWidget(0, self.COLUMNS)
        self.grid.setObjectName("rules-bands")
        self.grid.setHorizontalHeaderLabels(
            [
                self.tr("From (points)"),
                self.tr("To (empty: and more)"),
                self.tr("Level change"),
                self.tr("Step"),
            ]
        )
        tips = {
            2: self.tr(
                "+k: the declarer goes up k; 0: the defenders take the stage; −k: they take it and go up k"
            ),
            3: self.tr("Last band only: one more level to the defenders for every further N points"),
        }
        for col, tip in tips.items():
            header = self.grid.horizontalHeaderItem(col)
            if header is not None:
                header.setToolTip(tip)
        self.grid.verticalHeader().setVisible(True)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.horizontalHeader().setStretchLastSection(True)
        add = QPushButton(self.tr("&Add a band"))
        add.clicked.connect(self.add_band)
        remove = QPushButton(self.tr("Remove the &band"))
        remove.clicked.connect(self.remove_band)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.grid)
        layout.addLayout(buttons)
        self.set_table(table)

    def set_table(self, table: LevelTable) -> None:
        self.preset = table.preset
        self.grid.setRowCount(0)
        for band in table.bands:
            self.append(band)
        self.grid.resizeColumnsToContents()

    def append(self, band: Band) -> None:
        row = self.grid.rowCount()
        self.grid.insertRow(row)
        for col, value in enumerate((band.low, band.high, band.change, band.step)):
            self.grid.setItem(row, col, QTableWidgetItem("" if value is None else str(value)))

    def add_band(self) -> None:
        last = self.table_rows()[-1] if self.grid.rowCount() else None
        low = (last[1] + 5) if last and last[1] is not None else 0
        self.append(Band(low, None, 0))

    def remove_band(self) -> None:
        rows = sorted({i.row() for i in self.grid.selectedIndexes()}, reverse=True)
        for row in rows or [self.grid.rowCount() - 1]:
            if row >= 0:
                self.grid.removeRow(row)

    def table_rows(self) -> list[tuple[int | None, int | None, int | None, int | None]]:
        rows: list[tuple[int | None, int | None, int | None, int | None]] = []
        for row in range(self.grid.rowCount()):
            values: list[int | None] = []
            for col in range(self.COLUMNS):
                item = self.grid.item(row, col)
                text = (item.text() if item else "").strip().replace("−", "-").replace("＋", "+")
                if not text:
                    values.append(None)
                    continue
                try:
                    values.append(int(text))
                except ValueError:
                    raise BadInput(
                        "Band {band} of the level table: '{text}' is not a whole number.",
                        band=row + 1,
                        text=text,
                    ) from None
            rows.append((values[0], values[1], values[2], values[3]))
        return rows

    def level_table(self, name: str) -> LevelTable:
        """The bands as typed, checked (a sentence naming the bad band when they are not a level table)."""
        bands = []
        for number, (low, high, change, step) in enumerate(self.table_rows(), start=1):
            if low is None or change is None:
                raise BadInput(
                    "Band {band} of the level table needs its points and its level change.", band=number
                )
            bands.append(Band(low, high, change, step))
        return check_level_table(LevelTable(name, tuple(bands)))

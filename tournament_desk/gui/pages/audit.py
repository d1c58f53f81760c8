"""The audit page (操作记录): every change, newest first, filtered by round, table and entrant."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.domain.sorting import name_key
from tournament_desk.gui.models.audit_model import ACTIONS, AuditTableModel, action_text
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.session import AUDIT, DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import list_entrants


class AuditPage(Page):
    watches = frozenset({AUDIT})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.model = AuditTableModel(self)
        self.round_combo = QComboBox()
        self.table_combo = QComboBox()
        self.entrant_combo = QComboBox()
        self.entrant_combo.setEditable(True)
        self.entrant_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        entrant_edit = self.entrant_combo.lineEdit()
        assert entrant_edit is not None  # the combo is editable
        entrant_edit.setPlaceholderText(self.tr("All entrants"))
        entrant_edit.setClearButtonEnabled(True)
        for combo in (self.round_combo, self.table_combo):
            combo.currentIndexChanged.connect(self.apply_filters)
        self.entrant_combo.currentTextChanged.connect(self.apply_filters)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(AuditTableModel.COL_CHANGE, QHeaderView.ResizeMode.Stretch)
        # Widths from the font, not ResizeToContents: that measures every row of a long trail.
        metrics = self.fontMetrics()
        padding = 3 * metrics.horizontalAdvance("0")
        header.resizeSection(
            AuditTableModel.COL_TIME, metrics.horizontalAdvance("2026-12-31 23:59:59") + padding
        )
        header.resizeSection(
            AuditTableModel.COL_ACTION,
            max(metrics.horizontalAdvance(action_text(a)) for a in ACTIONS) + padding,
        )
        for column in (AuditTableModel.COL_ROUND, AuditTableModel.COL_TABLE):
            header.resizeSection(column, metrics.horizontalAdvance("00000") + padding)
        self.count_label = QLabel()

        top = QHBoxLayout()
        for text, combo in (
            (self.tr("&Round:"), self.round_combo),
            (self.tr("&Table:"), self.table_combo),
            (self.tr("&Entrant:"), self.entrant_combo),
        ):
            label = QLabel(text)
            label.setBuddy(combo)
            top.addWidget(label)
            top.addWidget(combo)
        self.entrant_combo.setMinimumContentsLength(16)
        top.addStretch(1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        self.total = 0
        self.everything: list[AuditEntry] = []  # the whole trail, as the last refresh read it

    def title(self) -> str:
        return self.tr("Audit")

    def read(self) -> tuple[list[AuditEntry], list[str]]:
        return self.session.read(audit_trail), [e.name for e in self.session.read(list_entrants)]

    def show_data(self, data: tuple[list[AuditEntry], list[str]]) -> None:
        everything, entrants = data
        self.everything = everything
        self.total = len(everything)
        rounds = sorted({e.round for e in everything if e.round is not None})
        tables = sorted({e.table for e in everything if e.table is not None})
        names = sorted(entrants, key=name_key)
        self.fill(self.round_combo, self.tr("All rounds"), rounds)
        self.fill(self.table_combo, self.tr("All tables"), tables)
        text = self.entrant_combo.currentText()
        self.entrant_combo.blockSignals(True)
        self.entrant_combo.clear()
        self.entrant_combo.addItem("")
        self.entrant_combo.addItems(names)
        self.entrant_combo.setCurrentText(text)
        self.entrant_combo.blockSignals(False)
        self.apply_filters()

    @staticmethod
    def fill(combo: QComboBox, all_text: str, values: list[int]) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(all_text, None)
        for value in values:
            combo.addItem(str(value), value)
        combo.setCurrentIndex(max(combo.findData(current), 0) if current is not None else 0)
        combo.blockSignals(False)

    def set_filters(
        self, *, round_no: int | None = None, table_no: int | None = None, entrant: str = ""
    ) -> None:
        """Pick the filters as the combo boxes do (a value not in the trail shows nothing for it)."""
        for combo, value in ((self.round_combo, round_no), (self.table_combo, table_no)):
            combo.blockSignals(True)
            if value is not None and combo.findData(value) < 0:
                combo.addItem(str(value), value)
            combo.setCurrentIndex(combo.findData(value) if value is not None else 0)
            combo.blockSignals(False)
        self.entrant_combo.blockSignals(True)
        self.entrant_combo.setCurrentText(entrant)
        self.entrant_combo.blockSignals(False)
        self.apply_filters()

    def apply_filters(self) -> None:
        """Filter the trail the page read (as ``audit_trail`` would, without reading it again)."""
        entrant = self.entrant_combo.currentText().strip() or None
        round_no, table_no = self.round_combo.currentData(), self.table_combo.currentData()
        entries = [
            e
            for e in self.everything
            if (round_no is None or e.round == round_no)
            and (table_no is None or e.table == table_no)
            and (entrant is None or e.entrant == entrant)
        ]
        self.model.set_rows(list(reversed(entries)))  # newest first
        self.count_label.setText(
            self.tr("{shown} of {total} changes").format(shown=len(entries), total=self.total)
        )

"""The preview of a sign-up sheet before importing it: every row, the bad ones in red with the reason.

The import is all or nothing, so the Import button stays disabled while any row is bad.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.models.common import PROBLEM_COLOUR
from tournament_desk.gui.models.entrants_model import ImportPreviewModel
from tournament_desk.services.entrants import SheetEntrant


class ImportPreviewDialog(ActionDialog):
    """``error`` is the sentence saying why the sheet could not be read at all (then ``rows`` is empty)."""

    def __init__(
        self,
        parent: QWidget | None,
        submit: Submit,
        path: Path,
        rows: Sequence[SheetEntrant],
        error: str | None = None,
    ) -> None:
        super().__init__(parent, submit)
        self.path = path
        self.setWindowTitle(self.tr("Import entrants from {file}").format(file=path.name))
        self.resize(760, 480)
        self.model = ImportPreviewModel(self)
        self.model.set_rows(rows)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            ImportPreviewModel.COL_PROBLEM, QHeaderView.ResizeMode.Stretch
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("&Import"))
        bad = len(self.model.bad_rows)
        if error is not None:
            self.set_problem(error)
        elif not rows:
            self.set_problem(self.tr("The sheet has no entrants to import."))
        elif bad:
            self.set_problem(
                self.tr(
                    "Rows that cannot be imported: {count} (in red). Correct the sheet and open it again: "
                    "nothing is imported while any row is wrong."
                ).format(count=bad)
            )
        else:
            similar = sum(1 for r in rows if r.warning is not None)
            text = self.tr("Entrants to import: {count}.").format(count=len(rows))
            if similar:
                text += " " + self.tr(
                    "{count} of them look like another row's entrant (shaded): check before importing."
                ).format(count=similar)
            self.summary.setText(text)
        self.ok_button.setEnabled(error is None and bool(rows) and not bad)

    def set_problem(self, text: str) -> None:
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {PROBLEM_COLOUR.name()};")

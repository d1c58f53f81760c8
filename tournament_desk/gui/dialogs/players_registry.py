"""File ▸ Players' registry… (选手库): everyone met at earlier events on this computer (issue 30).

The director looks a person up (by name, unit, ident or another spelling, as written or in pinyin), exports the
registry to a workbook or a .csv for another computer and imports one, and merges two records that are one person
(tick both, Merge…): the older record stays, the other's name and unit become its other spellings, and the
registry's journal keeps the merge. A refused file or merge is one sentence; nothing is changed by it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import boxes
from tournament_desk.gui.models.players_registry import RegistryModel, RegistryProxyModel
from tournament_desk.i18n import render
from tournament_desk.services import players_registry as registry
from tournament_desk.services.desk import default_station, now
from tournament_desk.userdata import tournaments_dir

T = TypeVar("T")


class RegistryDialog(QDialog):
    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("players-registry")
        self.setWindowTitle(self.tr("Players' registry"))
        self.note = QLabel(
            self.tr(
                "Everyone remembered from earlier events on this computer. A sign-up sheet that names them again "
                "links them across events. Tick two records of one person and press Merge."
            )
        )
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText(self.tr("Search by name, pinyin, unit or ident"))
        self.search_edit.setClearButtonEnabled(True)
        self.count_label = QLabel()
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)
        self.alike_label = QLabel()
        self.alike_label.setTextFormat(Qt.TextFormat.PlainText)
        self.alike_label.setWordWrap(True)
        self.model = RegistryModel(self)
        self.proxy = RegistryProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(RegistryModel.COL_NAME, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.merge_button = QPushButton(self.tr("&Merge the two ticked…"))
        self.merge_button.setToolTip(self.tr("Two records of one person become one; both spellings are kept"))
        self.import_button = QPushButton(self.tr("&Import…"))
        self.import_button.setToolTip(self.tr("Add the players of a registry exported on another computer"))
        self.export_button = QPushButton(self.tr("&Export…"))
        self.export_button.setToolTip(self.tr("Write the registry as a workbook (.xlsx) or a .csv file"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.search_edit.textChanged.connect(self.search)
        self.model.dataChanged.connect(self.update_buttons)
        self.merge_button.clicked.connect(self.merge_ticked)
        self.import_button.clicked.connect(self.import_file)
        self.export_button.clicked.connect(self.export_file)
        self._lay_out()
        self.resize(860, 520)
        self.reload()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        top.addWidget(self.count_label)
        bottom = QHBoxLayout()
        bottom.addWidget(self.merge_button)
        bottom.addStretch(1)
        bottom.addWidget(self.import_button)
        bottom.addWidget(self.export_button)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.alike_label)
        layout.addLayout(bottom)

    # --- showing ---------------------------------------------------------------------------------------
    def reload(self) -> None:
        found = self.attempt(self.tr("The registry cannot be read"), registry.known_players) or []
        alike = [(p.new.ref, p.known.ref) for p in registry.duplicates_of(found)]
        self.model.set_rows(found, alike)
        header = self.table.horizontalHeader()
        header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
        for column in (RegistryModel.COL_NAME, RegistryModel.COL_UNIT, RegistryModel.COL_IDENT):
            header.resizeSection(column, header.sectionSize(column) + 12)
        header.setStretchLastSection(True)
        pairs = len(alike)
        self.alike_label.setText(
            self.tr("Tinted: {count} pairs of records that are likely one person (their tooltips say with whom).")
            .format(count=pairs) if pairs else ""
        )  # fmt: skip
        self.update_buttons()

    def search(self, text: str) -> None:
        self.proxy.set_search(text)
        self.update_buttons()

    def update_buttons(self) -> None:
        total, shown = self.model.rowCount(), self.proxy.rowCount()
        if shown == total:
            self.count_label.setText(self.tr("{count} players").format(count=total))
        else:
            self.count_label.setText(self.tr("{shown} of {count} players").format(shown=shown, count=total))
        self.merge_button.setEnabled(len(self.model.ticked) == 2)
        self.export_button.setEnabled(total > 0)

    def attempt(self, title: str, work: Callable[[], T]) -> T | None:
        """``work``'s result; a refusal (a bad file, a merge of two people) is told in one sentence."""
        try:
            return work()
        except TournamentError as exc:
            boxes.tell(self, title, render(exc.message), icon=boxes.WARNING)
            return None

    # --- acting ----------------------------------------------------------------------------------------
    def merge_ticked(self) -> None:
        ticked = sorted(self.model.ticked_rows(), key=lambda k: k.id)  # the older record stays
        if len(ticked) != 2:
            return
        keep, other = ticked
        question = self.tr(
            "Merge {other} into {keep}? They become one person; {other}'s name and unit are kept as another "
            "spelling, and every event linked to either record counts them as one."
        ).format(keep=_shown(keep), other=_shown(other))
        if not boxes.ask(self, self.tr("Merge two records"), question, default_yes=False):
            return
        done = self.attempt(
            self.tr("The records were not merged"),
            lambda: registry.merge_known(keep.id, other.id, at=now(), station=default_station()),
        )
        if done is not None:
            self.model.ticked.clear()
            self.reload()

    def export_file(self) -> None:
        path = self.choose_export()
        if path is None:
            return
        count = self.attempt(self.tr("The registry was not exported"), lambda: registry.export_registry(path))
        if count is not None:
            boxes.tell(self, self.tr("Registry exported"),
                       self.tr("{count} players written to {path}.").format(count=count, path=str(path)))  # fmt: skip

    def import_file(self) -> None:
        path = self.choose_import()
        if path is None:
            return
        done = self.attempt(self.tr("Nothing was imported"), lambda: registry.import_registry(path, at=now()))
        if done is not None:
            self.reload()
            boxes.tell(self, self.tr("Registry imported"),
                       self.tr("{added} players added to the registry, {updated} updated.")
                       .format(added=done.added, updated=done.updated))  # fmt: skip

    def choose_export(self) -> Path | None:
        """Where to write the registry; ``.xlsx`` added when the name has neither suffix."""
        name, chosen = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the registry"),
            str(tournaments_dir() / (self.tr("players' registry") + ".xlsx")),
            self.tr("Excel workbook (*.xlsx);;CSV file (*.csv)"),
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() in (".xlsx", ".csv"):
            return path
        return path.with_name(path.name + (".csv" if "csv" in chosen.lower() else ".xlsx"))

    def choose_import(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import players into the registry"),
            str(tournaments_dir()),
            self.tr("Workbook or CSV (*.xlsx *.csv)"),
        )
        return Path(name) if name else None


def _shown(known: registry.KnownInfo) -> str:
    text = known.name + (f"（{known.unit}）" if known.unit else "")
    return text + (f" [{known.ident}]" if known.ident else "")


def open_registry(parent: QWidget) -> RegistryDialog:
    """The registry dialog of ``parent`` (the main window): the one already open, or a new one."""
    found = parent.findChild(RegistryDialog)
    dialog = found if found is not None else RegistryDialog(parent)
    dialog.reload()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog

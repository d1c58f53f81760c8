"""The entrants page (参赛队): register, correct, withdraw, import a sign-up sheet, and the round-1 draw."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
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
from tournament_desk.gui.columns import fit_names
from tournament_desk.gui.dialogs.draw_dialog import DrawDialog
from tournament_desk.gui.dialogs.entrant_dialog import EntrantDialog
from tournament_desk.gui.dialogs.import_dialog import ImportPreviewDialog
from tournament_desk.gui.dialogs.players_merge import PlayersMergeDialog
from tournament_desk.gui.dialogs.withdraw_dialog import WithdrawDialog
from tournament_desk.gui.models.common import ROW_ROLE
from tournament_desk.gui.models.entrants_model import EntrantsProxyModel, EntrantsTableModel
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.session import ENTRANTS, ROUNDS, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import entrants as service
from tournament_desk.services import players as players_service
from tournament_desk.services.entrants import EntrantInfo, EntrantSheet, open_entrant_sheet
from tournament_desk.services.event import event_info
from tournament_desk.services.queries import DrawRecord, Progress, last_draw, progress


class EntrantsPage(Page):
    watches = frozenset({ENTRANTS, ROUNDS})
    # What the round-1 draw does, by the event's stages (its first stage format's to say: tables, the Berger
    # schedule, groups, a bracket, NS/EW seats); the registry of formats (gui/formats) gives it.
    draw_hint: ClassVar[Callable[[Sequence[str]], str] | None] = None

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.progress = Progress(0, 0, ())
        self.dialog: QDialog | None = None  # the dialog opened last (tests drive it)
        self.model = EntrantsTableModel(self)
        self.model.edit_requested.connect(self.request_inline_edit)
        self.proxy = EntrantsProxyModel(self)
        self.proxy.setSourceModel(self.model)

        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText(self.tr("Search by name, pinyin or unit"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self.proxy.set_search)
        self.add_button = QPushButton(self.tr("&Add…"))
        self.edit_button = QPushButton(self.tr("&Edit…"))
        self.withdraw_button = QPushButton(self.tr("&Withdraw…"))
        self.import_button = QPushButton(self.tr("&Import sheet…"))
        self.import_button.setToolTip(self.tr("Register every entrant of a sign-up sheet (.xlsx or .csv)"))
        self.draw_button = QPushButton(self.tr("&Draw…"))
        self.remember_button = QPushButton(self.tr("Remember the players"))
        self.remember_button.setToolTip(
            self.tr("Keep this event's players on this computer: the next sheet that names them knows them")
        )
        self.remember_button.clicked.connect(self.remember_players)
        self.add_button.clicked.connect(self.add_entrant)
        self.edit_button.clicked.connect(lambda: self.edit_entrant())
        self.withdraw_button.clicked.connect(self.withdraw_entrant)
        self.import_button.clicked.connect(lambda: self.import_sheet())
        self.draw_button.clicked.connect(self.open_draw)

        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(EntrantsTableModel.COL_DRAW, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            EntrantsTableModel.COL_PLAYERS, QHeaderView.ResizeMode.Stretch
        )
        self.table.doubleClicked.connect(self.on_double_click)
        self.table.selectionModel().selectionChanged.connect(self.update_buttons)
        self.summary_label = QLabel()
        self.draw_label = QLabel()

        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        for button in (
            self.add_button,
            self.edit_button,
            self.withdraw_button,
            self.import_button,
            self.draw_button,
        ):
            top.addWidget(button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.summary_label)
        bottom.addStretch(1)
        bottom.addWidget(self.draw_label)
        bottom.addWidget(self.remember_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)

    def title(self) -> str:
        return self.tr("Entrants")

    # --- showing -------------------------------------------------------------------------------------
    def read(self) -> tuple[list[EntrantInfo], Progress, DrawRecord | None]:
        return (
            self.session.read(service.list_entrants),
            self.session.read(progress),
            self.session.read(last_draw),
        )

    def show_data(self, data: tuple[list[EntrantInfo], Progress, DrawRecord | None]) -> None:
        rows, self.progress, draw = data
        kept = self.selected_entrant()
        self.model.set_rows(rows)
        if kept is not None:  # the same entrant stays selected (withdrawn, it can be reinstated at once)
            self.select(next((e.name for e in rows if e.id == kept.id), kept.name))
        # Names and units as long as the longest (Qt's default is 100 px: "南京大学第二…" for two teams).
        fit_names(self.table, EntrantsTableModel.COL_NAME, {e.name for e in rows})
        fit_names(self.table, EntrantsTableModel.COL_UNIT, {e.unit or "" for e in rows})
        withdrawn = sum(1 for e in rows if e.withdrawn_after_round is not None)
        self.summary_label.setText(
            self.tr("Entrants: {count}").format(count=len(rows))
            + (self.tr(", withdrawn: {count}").format(count=withdrawn) if withdrawn else "")
        )
        self.draw_label.setText(self.draw_text(draw))
        self.update_buttons()

    def draw_text(self, record: DrawRecord | None) -> str:
        if record is None and self.progress.paired:
            return self.tr("No separate draw was made: round 1 was paired in the order of registration.")
        if record is None:
            return self.tr("No draw yet: draw numbers follow the order of registration.")
        if record.method == "random":
            return self.tr("Round-1 draw: random, seed {seed} ({at})").format(seed=record.seed, at=record.at)
        return self.tr("Round-1 draw: the director's order ({at})").format(at=record.at)

    def update_buttons(self) -> None:
        selected = self.selected_entrant()
        active = [e for e in self.model.rows if e.withdrawn_after_round is None]
        self.edit_button.setEnabled(selected is not None)
        # A withdrawn entrant selected: the button takes its withdrawal back instead (rules.md §5.7).
        reinstating = selected is not None and selected.withdrawn_after_round is not None
        self.withdraw_button.setText(self.tr("&Reinstate…") if reinstating else self.tr("&Withdraw…"))
        self.withdraw_button.setEnabled(reinstating or bool(active))
        if self.progress.paired:
            self.draw_button.setEnabled(False)
            self.draw_button.setToolTip(self.tr("The draw cannot change once round 1 has been paired."))
        elif len(self.model.rows) < 2:
            self.draw_button.setEnabled(False)
            self.draw_button.setToolTip(self.tr("Register at least two entrants before the draw."))
        else:
            self.draw_button.setEnabled(True)
            self.draw_button.setToolTip(
                self.tr("Give every entrant its round-1 draw number: a random draw or your own order")
            )

    def selected_entrant(self) -> EntrantInfo | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        entrant = rows[0].data(ROW_ROLE)
        return entrant if isinstance(entrant, EntrantInfo) else None

    def select(self, name: str) -> None:
        """Select the row of one entrant (as a click would)."""
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, EntrantsTableModel.COL_NAME)
            if index.data() == name:
                self.table.selectRow(row)
                self.table.setCurrentIndex(index)
                return

    def show_dialog(self, dialog: QDialog) -> QDialog:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()
        return dialog

    # --- adding and correcting -----------------------------------------------------------------------
    def add_entrant(self) -> None:
        self.show_dialog(EntrantDialog(self, self.submit_add))

    def submit_add(self, dialog: EntrantDialog) -> bool:
        done = self.session.run(
            self,
            service.add_entrant,
            dialog.name(),
            unit=dialog.unit(),
            players=dialog.players(),
        )
        return done is not None

    def edit_entrant(self, entrant: EntrantInfo | None = None) -> None:
        entrant = entrant or self.selected_entrant()
        if entrant is not None:
            self.show_dialog(EntrantDialog(self, self.submit_edit, entrant))

    def submit_edit(self, dialog: EntrantDialog) -> bool:
        assert dialog.entrant is not None
        done = self.session.run(
            self,
            service.update_entrant,
            dialog.entrant.id,
            name=dialog.name(),
            unit=dialog.unit(),
            players=dialog.players(),
            reason=dialog.reason(),
        )
        return done is not None

    def on_double_click(self, index: QModelIndex) -> None:
        # Name, unit and players edit in place; the other cells open the dialog (with its reason field).
        if not index.flags() & Qt.ItemFlag.ItemIsEditable:
            entrant = index.data(ROW_ROLE)
            if isinstance(entrant, EntrantInfo):
                self.edit_entrant(entrant)

    def request_inline_edit(self, entrant_id: int, field: str, text: str) -> None:
        # Later, not inside the view's commit: storing the edit reloads (resets) the model.
        QTimer.singleShot(0, self, lambda: self.apply_inline_edit(entrant_id, field, text))

    def apply_inline_edit(self, entrant_id: int, field: str, text: str) -> None:
        entrant = next((e for e in self.model.rows if e.id == entrant_id), None)
        if entrant is None:
            return
        values: dict[str, object] = {"name": entrant.name, "unit": entrant.unit, "players": entrant.players}
        values[field] = text
        self.session.run(self, service.update_entrant, entrant_id, **values)

    # --- withdrawing ---------------------------------------------------------------------------------
    def withdraw_entrant(self) -> None:
        active = [e for e in self.model.rows if e.withdrawn_after_round is None]
        selected = self.selected_entrant()
        if selected is not None and selected.withdrawn_after_round is not None:
            self.reinstate_entrant(selected.name)
            return
        info = self.session.read(event_info)  # what a withdrawal does is the stage format's to say
        note = render(info.withdrawal) if info.withdrawal is not None else None
        dialog = WithdrawDialog(
            self,
            self.submit_withdraw,
            active,
            self.progress.paired,
            selected.name if selected else None,
            note=note,
        )
        self.show_dialog(dialog)

    def submit_withdraw(self, dialog: WithdrawDialog) -> bool:
        done = self.session.run(
            self,
            service.withdraw,
            dialog.name(),
            after_round=dialog.after_round(),
            reason=dialog.reason(),
        )
        return done is not None

    def reinstate_entrant(self, name: str) -> None:
        if boxes.ask(
            self,
            self.tr("Reinstate an entrant"),
            self.tr("Take {name}'s withdrawal back? Tables it decided go back to what was played, or to no result.")
            .format(name=name),
        ):  # fmt: skip
            self.session.run(self, service.reinstate, name)

    # --- importing -----------------------------------------------------------------------------------
    def import_sheet(self, path: Path | None = None) -> None:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self, self.tr("Import a sign-up sheet"), "", self.tr("Sign-up sheets (*.xlsx *.csv)")
            )
            if not name:
                return
            path = Path(name)
        sheet: EntrantSheet | None = None
        error = None
        try:
            sheet = self.session.read(open_entrant_sheet, path)
        except TournamentError as exc:  # an unreadable sheet is shown in the preview, not as a crash
            error = render(exc)
        self.show_dialog(ImportPreviewDialog(self, self.submit_import, path, sheet, error))

    def submit_import(self, dialog: ImportPreviewDialog) -> bool:
        """The rows kept, as corrected in the preview; the rows as read go to the audit trail beside them."""
        done = self.session.run(
            self, service.import_entrants, dialog.path, rows=dialog.kept_lines(), read=dialog.read_lines()
        )
        if done:
            self.offer_merges([e.name for e in done])
        return done is not None

    def offer_merges(self, entrants: Sequence[str]) -> None:
        """Players just imported who are likely people met at earlier events: the director says who is who."""
        found = self.session.read(players_service.proposals, entrants)
        if found:
            self.show_dialog(PlayersMergeDialog(self, self.submit_merges, found))

    def submit_merges(self, dialog: PlayersMergeDialog) -> bool:
        """The ticked are merged, the others remembered as different people: one transaction."""
        done = self.session.run(self, players_service.settle_proposals, dialog.chosen(), dialog.left())
        return done is not None

    def remember_players(self) -> None:
        done = self.session.run(self, players_service.remember_players)
        if done is not None:
            boxes.tell(self, self.tr("Remember the players"),
                       self.tr("{added} players added to the registry on this computer, {updated} updated.")
                       .format(added=done.added, updated=done.updated))  # fmt: skip

    # --- the round-1 draw ----------------------------------------------------------------------------
    def open_draw(self) -> None:
        if not self.draw_button.isEnabled():
            return
        ordered = sorted(self.model.rows, key=lambda e: (e.draw_no is None, e.draw_no or 0, e.id))
        info = self.session.read(event_info)
        hint = type(self).draw_hint
        said = hint(info.stage_formats or (info.format,)) if hint is not None else None
        self.show_dialog(DrawDialog(self, self.submit_draw, [e.name for e in ordered], hint=said))

    def submit_draw(self, dialog: DrawDialog) -> bool:
        order = dialog.order()
        if order is not None:
            done = self.session.run(self, service.draw, order=order)
        else:
            done = self.session.run(self, service.draw, seed=dialog.seed())
        return done is not None

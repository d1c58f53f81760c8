"""Players a sign-up sheet brought in who are likely people the registry on this computer already knows (issue
30): the director ticks the ones that are the same person; Save merges them and remembers the others as different
people, not proposed again (one audited transaction). Cancel decides nothing: the proposals come back."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.services.players import MergeProposal


class PlayersMergeDialog(ActionDialog):
    def __init__(self, parent: QWidget | None, submit: Submit, proposals: Sequence[MergeProposal]) -> None:
        super().__init__(parent, submit)
        self.proposals = list(proposals)
        self.ticks: list[QTableWidgetItem] = []  # each row's first cell, its tick box
        self.setWindowTitle(self.tr("Players already known"))
        self.note = QLabel(
            self.tr(
                "These players of the sheet look like players met at earlier events on this computer. Tick the "
                "ones that are the same person: they are then counted as one across events. The ones left "
                "unticked are remembered as different people and not asked about again. Cancel to decide later."
            )
        )
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.table = QTableWidget(len(self.proposals), 6)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Same person"), self.tr("Entrant"), self.tr("Unit on the sheet"), self.tr("Known as"),
             self.tr("Known unit"), self.tr("Why")]
        )  # fmt: skip
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, proposal in enumerate(self.proposals):
            self._fill(row, proposal)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.table)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("Save"))
        self.resize(760, 360)

    def _why(self, why: str) -> str:
        return {
            "unit-spelling": self.tr("the unit is spelt otherwise"),
            "unit-missing": self.tr("one of them has no unit"),
            "ident": self.tr("the same ident"),
            "same": self.tr("the same name and unit"),
        }.get(why, self.tr("several known players have this name and unit"))

    def _fill(self, row: int, proposal: MergeProposal) -> None:
        player, known = proposal.player, proposal.known
        tick = QTableWidgetItem(player.name + (f" ({player.ident})" if player.ident else ""))
        tick.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
        tick.setCheckState(Qt.CheckState.Unchecked)  # the director confirms: nothing is merged unasked
        self.ticks.append(tick)
        cells = [tick] + [
            QTableWidgetItem(text)
            for text in (
                player.entrant or "",
                player.unit or "",
                known.name + (f" ({known.ident})" if known.ident else ""),
                known.unit or "",
                self._why(proposal.why),
            )
        ]
        for column, item in enumerate(cells):
            if column:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(row, column, item)

    def ticked(self) -> list[MergeProposal]:
        checked = Qt.CheckState.Checked
        return [p for p, tick in zip(self.proposals, self.ticks, strict=True) if tick.checkState() == checked]

    def chosen(self) -> list[tuple[int, int]]:
        """(the event's player, the registry's player) for each merge ticked."""
        return [(p.player.id, p.known.id) for p in self.ticked()]

    def left(self) -> list[tuple[int, int]]:
        """(the event's player, the registry's player) for each proposal left unticked: two people."""
        chosen = set(self.chosen())
        return [(p.player.id, p.known.id) for p in self.proposals if (p.player.id, p.known.id) not in chosen]

"""The penalty points of one side in one room of a duplicate board (罚分, the boards page's context menu).

The dialog names what it changes — round, table, the two teams, board, room, the side and the team sitting
there (the home team sits North–South in the open room and East–West in the closed room) — and asks the points
and a reason, required and kept in the audit trail, as every manual change of a result asks one.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog

MAX_POINTS = 400


@dataclass(frozen=True)
class PenaltyPlace:
    """Where the penalty goes: the table, its two teams, the board, the room and the side."""

    round: int
    table: int
    home: str
    away: str
    board: int
    room: str  # "open" or "closed"
    side: str  # "NS" or "EW"
    points: int = 0  # awarded there now


class PenaltyDialog(ReasonDialog):
    def __init__(self, parent: QWidget | None, place: PenaltyPlace) -> None:
        super().__init__(parent, self.tr("Penalty points"), self.body_of(place), required=True)
        self.setObjectName("penalty-dialog")
        self.points = QSpinBox()
        self.points.setObjectName("penalty-points")
        self.points.setRange(0, MAX_POINTS)
        self.points.setSingleStep(5)
        self.points.setValue(place.points)
        label = QLabel(self.tr("&Points awarded (0 takes them back):"))
        label.setBuddy(self.points)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.points)
        row.addStretch(1)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertLayout(1, row)  # under what changes, above the reason
        self.points.setFocus()

    def body_of(self, place: PenaltyPlace) -> str:
        home_ns = (place.room == "open") == (place.side == "NS")
        team = place.home if home_ns else place.away
        room = self.tr("open room") if place.room == "open" else self.tr("closed room")
        side = self.tr("North–South") if place.side == "NS" else self.tr("East–West")
        return self.tr(
            "Round {round}, table {table}: {home} – {away}\nBoard {board}, {room}: penalty points to {side} ({team})"
        ).format(
            round=place.round, table=place.table, home=place.home, away=place.away, board=place.board,
            room=room, side=side, team=team,
        )  # fmt: skip


def ask_penalty(parent: QWidget | None, place: PenaltyPlace) -> tuple[int, str] | None:
    """The points and the reason given, or None when the director cancels."""
    dialog = PenaltyDialog(parent, place)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.points.value(), dialog.reason()
    finally:
        dialog.deleteLater()

"""Editing a round's board set (牌套): level, declarer seat and trump of each pre-dealt board.

Open from the duplicate results page while the round has no board results. The change applies to the round
shown, or to every round not yet played (and to the default for rounds to come).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.duplicate import SEATS, TRUMP_SYMBOLS, TRUMPS, Board, board_level
from tournament_desk.domain.levels import format_level
from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.board_sets import set_board_set

COL_LEVEL, COL_DECLARER, COL_TRUMP = range(3)


class BoardSetDialog(ActionDialog):
    def __init__(
        self, parent: QWidget | None, submit: Submit, boards: Sequence[Board], round_no: int | None
    ) -> None:
        super().__init__(parent, submit)
        self.round_no = round_no
        self.setWindowTitle(self.tr("Boards"))
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("board-set-table")
        self.table.setHorizontalHeaderLabels([self.tr("Level"), self.tr("Declarer"), self.tr("Trump")])
        for board in boards:
            self.add_board(board)
        add = QPushButton(self.tr("&Add a board"))
        add.clicked.connect(lambda: self.add_board(None))
        remove = QPushButton(self.tr("&Remove the last board"))
        remove.clicked.connect(self.remove_board)
        self.every_round = QCheckBox(self.tr("For every round not yet played, and the rounds to come"))
        self.every_round.setObjectName("board-set-every-round")
        self.every_round.setChecked(round_no is None)
        self.every_round.setEnabled(round_no is not None)
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(self.tr("Optional: why (kept in the audit trail)"))
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch()
        layout = QVBoxLayout(self)
        what = (
            self.tr(
                "The boards of round {n}: level, declarer seat and trump, the same in both rooms."
            ).format(n=round_no)
            if round_no
            else self.tr("The boards of every round to come: level, declarer seat and trump.")
        )
        layout.addWidget(QLabel(what, wordWrap=True))
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        layout.addWidget(self.every_round)
        layout.addWidget(self.reason_edit)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("&Save"))
        self.resize(460, 420)

    def add_board(self, board: Board | None) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setVerticalHeaderItem(row, QTableWidgetItem(str(row + 1)))
        self.table.setItem(row, COL_LEVEL, QTableWidgetItem(format_level(board.level) if board else "9"))
        seat = QComboBox()
        for code in SEATS:
            seat.addItem({"N": self.tr("North"), "E": self.tr("East"), "S": self.tr("South"),
                          "W": self.tr("West")}[code], code)  # fmt: skip
        seat.setCurrentIndex(SEATS.index(board.declarer) if board else row % 4)
        trump = QComboBox()
        for suit in TRUMPS:
            trump.addItem(self.tr("no trump") if suit == "NT" else TRUMP_SYMBOLS[suit], suit)
        trump.setCurrentIndex(TRUMPS.index(board.trump) if board else 0)
        self.table.setCellWidget(row, COL_DECLARER, seat)
        self.table.setCellWidget(row, COL_TRUMP, trump)

    def remove_board(self) -> None:
        if self.table.rowCount() > 1:
            self.table.removeRow(self.table.rowCount() - 1)

    def set_board(self, row: int, level: str, declarer: str, trump: str) -> None:
        """Fill one row as the director would (tests use it)."""
        item = self.table.item(row, COL_LEVEL)
        assert item is not None
        item.setText(level)
        for col, code in ((COL_DECLARER, declarer), (COL_TRUMP, trump)):
            box = self.table.cellWidget(row, col)
            assert isinstance(box, QComboBox)
            box.setCurrentIndex(box.findData(code))

    def boards(self) -> list[Board]:
        """The boards as entered (a level the rules do not know raises the sentence to show)."""
        found = []
        for row in range(self.table.rowCount()):
            item = self.table.item(row, COL_LEVEL)
            seat, trump = self.table.cellWidget(row, COL_DECLARER), self.table.cellWidget(row, COL_TRUMP)
            assert isinstance(seat, QComboBox) and isinstance(trump, QComboBox)
            level = board_level(item.text() if item is not None else "")
            found.append(Board(row + 1, level, seat.currentData(), trump.currentData()))
        return found

    def apply(self, desk: Desk) -> list[int]:
        """Save through the services (run by ``DeskSession.run``, so a refusal is shown as a sentence)."""
        round_no = None if self.every_round.isChecked() else self.round_no
        reason = self.reason_edit.text().strip() or None
        return set_board_set(desk, self.boards(), round_no=round_no, reason=reason)

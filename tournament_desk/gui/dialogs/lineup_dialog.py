"""The line-up of a team match (团体赛出场顺序, rules.md §5.8): which pair of each team plays at which board.

One row per board, a choice of the home team's pairs and one of the away team's; each pair once per team (a
pair chosen twice is said at once and OK waits). OK stores both line-ups in one action (``set_lineup``); once
a game of the match is typed the services refuse, and their sentence is shown in the dialog, which stays open.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QVBoxLayout, QWidget

from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui.dialogs.base import ActionDialog, Submit
from tournament_desk.gui.models.team_match import pair_text
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.lineups import Lineup, set_lineup
from tournament_desk.services.results.team_views import TeamSheet

ERROR_STYLE = "color: #b00020; font-weight: bold;"


def pairs_in_order(lineup: Lineup) -> list[str]:
    """A team's pairs by their number (1…P), named: ``names`` is in board order, ``order`` says which pair."""
    by_number = {number: pair_text(name) for number, name in zip(lineup.order, lineup.names, strict=True)}
    return [by_number[n] for n in sorted(by_number)]


class LineupDialog(ActionDialog):
    def __init__(self, parent: QWidget | None, submit: Submit, sheet: TeamSheet) -> None:
        super().__init__(parent, submit)
        self.setObjectName("lineup-dialog")
        self.sheet = sheet
        self.setWindowTitle(self.tr("Line-up: round {round}, table {table}").format(
            round=sheet.round, table=sheet.table))  # fmt: skip
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("Which pair of each team plays at which board. Without a line-up a team plays "
                               "in the order its players were registered."), wordWrap=True)  # fmt: skip
        layout.addWidget(intro)
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("Board")), 0, 0)
        for column, name in ((1, sheet.home), (2, sheet.away)):
            title = QLabel(name)
            title.setTextFormat(Qt.TextFormat.PlainText)  # a team's name: the user's text
            grid.addWidget(title, 0, column)
        self.boxes: tuple[list[QComboBox], list[QComboBox]] = ([], [])
        for side, lineup in enumerate(sheet.lineups):
            names = pairs_in_order(lineup)
            for board, number in enumerate(lineup.order):
                box = QComboBox()
                box.setObjectName(f"lineup-{'home' if side == 0 else 'away'}-{board + 1}")
                for n, name in enumerate(names, 1):
                    box.addItem(self.tr("{n}: {pair}").format(n=n, pair=name), n)
                box.setCurrentIndex(number - 1)
                box.currentIndexChanged.connect(self.check)
                self.boxes[side].append(box)
                grid.addWidget(box, board + 1, side + 1)
        for board in range(sheet.pairs):
            grid.addWidget(QLabel(str(board + 1)), board + 1, 0)
        layout.addLayout(grid)
        self.problem = QLabel(wordWrap=True)
        self.problem.setObjectName("lineup-problem")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet(ERROR_STYLE)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

    def order(self, side: int) -> list[int]:
        return [int(box.currentData()) for box in self.boxes[side]]

    def choose(self, side: str, order: Sequence[int]) -> None:
        """Put a team's line-up in the boxes (pair numbers in board order)."""
        boxes = self.boxes[0 if side == "home" else 1]
        for box, number in zip(boxes, order, strict=True):
            box.setCurrentIndex(number - 1)

    def check(self) -> None:
        """A pair chosen twice for the same team is said at once; OK waits until each plays once."""
        for side, team in ((0, self.sheet.home), (1, self.sheet.away)):
            order = self.order(side)
            twice = sorted({n for n in order if order.count(n) > 1})
            if twice:
                self.problem.setText(self.tr("{team}: pair {pair} is at two boards; each pair plays at one.")
                                     .format(team=team, pair=twice[0]))  # fmt: skip
                self.ok_button.setEnabled(False)
                return
        self.problem.setText("")
        self.ok_button.setEnabled(True)

    def apply(self, desk: Desk) -> bool:
        """Store both line-ups (one action); a refusal (games typed already) is said here, nothing changes."""
        try:
            set_lineup(desk, self.sheet.round, self.sheet.table, home=self.order(0), away=self.order(1))
        except TournamentError as exc:
            self.problem.setText(render(exc))
            return False
        return True

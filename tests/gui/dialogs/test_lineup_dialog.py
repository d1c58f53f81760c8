"""dialogs/lineup_dialog (团体赛出场名单, rules.md §5.8): the boxes start at the line-up as stored, a pair chosen twice
for a team is said at once and OK waits; storing and the services' refusal are driven on the page
(tests/gui/pages/entry/test_team_match.py)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QApplication

from tests.gui.models.test_team_match import sheet
from tournament_desk.domain.errors import msg
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog, pairs_in_order
from tournament_desk.services.lineups import Lineup


def test_a_teams_pairs_are_listed_by_their_number_whatever_the_board_order() -> None:
    lineup = Lineup(1, "甲队", (2, 3, 1), ("丙/丁", msg("Pair {n}", n=3), "甲/乙"), True)
    assert pairs_in_order(lineup) == ["甲/乙", "丙/丁", "Pair 3"]


def test_the_boxes_start_at_the_stored_line_up_and_a_pair_twice_is_refused(qapp: QApplication) -> None:
    base = sheet({}, pairs=3)
    home = Lineup(1, "甲队", (3, 1, 2), ("甲3", "甲1", "甲2"), True)
    match = replace(base, lineups=(home, base.lineups[1]))
    dialog = LineupDialog(None, lambda _dialog: True, match)
    assert dialog.order(0) == [3, 1, 2] and dialog.order(1) == [1, 2, 3]
    assert dialog.boxes[0][0].currentText() == "3: 甲3"
    dialog.choose("away", [1, 1, 3])
    assert not dialog.ok_button.isEnabled() and dialog.problem.text() == (
        "乙队: pair 1 is at two boards; each pair plays at one."
    )
    dialog.choose("away", [3, 2, 1])
    assert dialog.ok_button.isEnabled() and dialog.problem.text() == ""
    dialog.accept()
    assert dialog.result() == LineupDialog.DialogCode.Accepted

"""``tdesk`` for a Mitchell pairs event (rules.md §7.5, §12): the boards of each table, one by one or by sheet.

tdesk result FILE ROUND TABLE --board N --points P [--penalty NS:P|EW:P] [--correct --reason TEXT]
tdesk result FILE --import BOARDS.csv|.xlsx [--correct --reason TEXT]   columns round, table, board, points[,
                                                  penalty_ns, penalty_ew]
"""

from __future__ import annotations

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import correction, first_entry, number, text_table
from tournament_desk.domain.duplicate import parse_points
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr
from tournament_desk.services.results.levels import parse_whole
from tournament_desk.services.results.pair_boards import (
    parse_penalty_side,
    record_pair_board,
    set_declarers,
)


class MitchellCommands(Commands):
    """The Mitchell commands of ``tdesk``."""

    def result_pair_board(self) -> None:
        a = self.args
        if a.round is None or a.table is None or a.board is None or a.points is None:
            raise BadInput("Give ROUND TABLE --board N --points POINTS for one board.")
        if a.home is not None or a.open is not None or a.closed is not None:
            raise BadInput("Give ROUND TABLE --board N --points POINTS for one board.")
        if a.penalty and len(a.penalty) > 1:
            raise BadInput("Give one --penalty NS:POINTS or EW:POINTS.")
        penalty = parse_penalty_side(a.penalty[0]) if a.penalty else None
        round_no, table_no = parse_whole(a.round, "round"), parse_whole(a.table, "table")
        board_no = parse_whole(a.board, "board")
        correct = correction(a)
        with self.open() as desk, first_entry():
            views = record_pair_board(desk, round_no, table_no, board_no, parse_points(a.points),
                                      penalty=penalty, correct=correct, reason=a.reason)  # fmt: skip
        self.out(tr("Board {board}: the results so far", board=board_no))
        rows = [
            [v.round, v.table, v.ns, v.ew, v.points, number(v.ns_result or 0), number(v.ns_mp or 0),
             number(v.ew_mp or 0)]
            for v in views
        ]  # fmt: skip
        headers = [tr("Round"), tr("Table"), tr("NS"), tr("EW"), tr("Points"), tr("NS result"), tr("NS MP"),
                   tr("EW MP")]  # fmt: skip
        self.out(text_table(headers, rows, {0, 1, 4, 5, 6, 7}))

    def declarers(self) -> None:
        given: dict[int, str] = {}
        for text in self.args.declarers:
            board, _, seat = text.replace("：", ":").partition(":")
            if not seat:
                raise BadInput("'{text}' is not BOARD:SEAT, e.g. 3:E.", text=text)
            given[parse_whole(board, "board")] = seat
        with self.open() as desk:
            done = set_declarers(desk, given, reason=self.args.reason)
        self.out(" ".join(f"{b}:{s}" for b, s in sorted(done.items())))

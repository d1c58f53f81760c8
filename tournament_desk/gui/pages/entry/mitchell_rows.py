"""The rows of the Mitchell boards page (牌套成绩, ``mitchell``), made from what the page read: the movement, the
paired rounds, who plays each board and every board's traveller. By table: a table's boards in a round; by
board: every table that plays it, in round order; and the picker's rows on the left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.pair_boards import (
    BY_BOARD,
    BY_TABLE,
    NOT_PLAYED,
    OPEN,
    UNPAIRED,
    UNPUBLISHED,
    EntryRow,
    PickRow,
    boards_text,
    seat_name,
)
from tournament_desk.services import live
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.rounds import RoundView

Plays = dict[int, list[tuple[int, int, str, str]]]  # board → every (round, table, NS, EW) that plays it


@dataclass(frozen=True)
class MitchellRead:
    """What ``read`` gathered: the last round paired and the round shown, the movement (None: no round is
    paired), every paired round, who plays each board, every board's traveller and where the round's tables
    stand on the phones."""

    last: int
    round_no: int | None
    movement: pb.MovementView | None
    rounds: dict[int, RoundView]
    plays: Plays
    travellers: dict[int, list[pb.PairBoardView]]
    sources: dict[int, live.LiveTableView]


def plays_of(movement: pb.MovementView) -> Plays:
    """Every (round, table, NS, EW) that plays each board, in round order (a sit-out table plays none)."""
    plays: Plays = {}
    for table, guide in movement.guides.items():
        for g in guide:
            for board in () if g.sit_out else g.boards:
                plays.setdefault(board, []).append((g.round, table, g.ns, g.ew))
    return {b: sorted(p) for b, p in sorted(plays.items())}


class MitchellRows:
    """Mixed into ``PairBoardsPage``: the rows of what it shows, from what it read."""

    by: str
    round_no: int | None
    table_no: int | None
    board_no: int | None
    movement: pb.MovementView | None
    rounds: dict[int, RoundView]
    travellers: dict[int, list[pb.PairBoardView]]
    plays: Plays

    if TYPE_CHECKING:  # the page's (LiveSources)

        def source_of(self, table: int) -> str | None: ...

    def state_of(self, round_no: int, table: int) -> str:
        view = self.rounds.get(round_no)
        if view is None:
            return UNPAIRED
        if not view.published:
            return UNPUBLISHED
        kind = next((t.kind for t in view.tables if t.table == table), None)
        return NOT_PLAYED if kind == ResultState.ANNULLED else OPEN

    def row_for(self, round_no: int, table: int, board: int, ns: str, ew: str) -> EntryRow:
        assert self.movement is not None
        row = EntryRow(round_no, table, board, ns, ew, self.movement.declarers.get(board, "N"),
                       self.state_of(round_no, table))  # fmt: skip
        view = next(
            (v for v in self.travellers.get(board, []) if (v.round, v.table) == (round_no, table)), None
        )
        if view is None:
            return row
        return replace(row, ns=view.ns, ew=view.ew, points=view.points, penalty_ns=view.penalty_ns,
                       penalty_ew=view.penalty_ew, ns_result=view.ns_result, ns_mp=view.ns_mp,
                       ew_mp=view.ew_mp)  # fmt: skip

    def table_rows(self, round_no: int, table: int) -> list[EntryRow]:
        if self.movement is None:
            return []
        g = next((g for g in self.movement.guides.get(table, []) if g.round == round_no), None)
        if g is None or g.sit_out:  # a sit-out (轮空) has nothing to enter
            return []
        return [self.row_for(round_no, table, b, g.ns, g.ew) for b in g.boards]

    def board_rows(self, board: int) -> list[EntryRow]:
        return [self.row_for(r, t, board, ns, ew) for r, t, ns, ew in self.plays.get(board, [])]

    def pick_rows(self) -> list[PickRow]:
        if self.movement is None:
            return []
        if self.by == BY_BOARD:
            rows = []
            for board in self.plays:
                entries = self.board_rows(board)
                rows.append(PickRow(board, seat_name(self.movement.declarers.get(board, "N")), "", "",
                                    sum(1 for e in entries if e.points is not None),
                                    sum(1 for e in entries if e.editable)))  # fmt: skip
            return rows
        if self.round_no is None:
            return []
        rows = []
        for table in sorted(self.movement.guides):
            entries = self.table_rows(self.round_no, table)
            if not entries:
                continue  # a table that sits out this round, or a relay's table with no boards
            g = next(g for g in self.movement.guides[table] if g.round == self.round_no)
            state = self.state_of(self.round_no, table)
            rows.append(PickRow(table, g.ns, g.ew, boards_text(g.boards),
                                sum(1 for e in entries if e.points is not None),
                                sum(1 for e in entries if e.editable), state, self.source_of(table)))  # fmt: skip
        return rows

    def movement_row(self, round_no: int, table: int) -> pb.GuideRow | None:
        if self.movement is None:
            return None
        return next((g for g in self.movement.guides.get(table, []) if g.round == round_no), None)

    def current_rows(self) -> list[EntryRow]:
        if self.by == BY_TABLE:
            if self.round_no is None or self.table_no is None:
                return []
            return self.table_rows(self.round_no, self.table_no)
        return [] if self.board_no is None else self.board_rows(self.board_no)

"""``tdesk`` for duplicate team events (rules.md §7.2, §12): board sets, and the boards of each table.

tdesk boards FILE [--round N] [N:LEVEL:SEAT:TRUMP …]          set (or, with no boards, show) board sets
tdesk boards FILE --round N --table T                          a table's boards as entered
tdesk result FILE ROUND TABLE --board N --open P --closed P [--penalty ROOM:SIDE:POINTS …] [--correct --reason T]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import correction, first_entry
from tournament_desk.domain.duplicate import (
    TRUMP_SYMBOLS,
    Board,
    BoardScore,
    parse_board,
    parse_penalty,
    parse_points,
)
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, signed
from tournament_desk.i18n import tr
from tournament_desk.services.results.board_sets import BoardSets, board_set, board_sets, set_board_set
from tournament_desk.services.results.boards import (
    BoardSheet,
    board_sheet,
    import_board_results,
    record_board,
)
from tournament_desk.services.results.levels import parse_whole


def board_rows(boards: Sequence[Board]) -> list[list[object]]:
    return [[b.number, format_level(b.level), b.declarer, TRUMP_SYMBOLS[b.trump]] for b in boards]


def boards_json(boards: Sequence[Board]) -> list[dict[str, object]]:
    return [
        {"board": b.number, "level": format_level(b.level), "declarer": b.declarer, "trump": b.trump}
        for b in boards
    ]


class BoardCommands(Commands):
    """The duplicate commands of ``tdesk``."""

    # --- tdesk boards ---------------------------------------------------------------------------------
    def boards(self) -> None:
        a = self.args
        with self.open() as desk:
            if a.table is not None:
                if a.round is None or a.boards:
                    raise BadInput("Give --round and --table to show a table's boards, and no board list.")
                self.print_sheet(board_sheet(desk, a.round, a.table))
                return
            if a.boards:
                parsed = [parse_board(text) for text in a.boards]
                changed = set_board_set(desk, parsed, round_no=a.round, reason=a.reason)
                if a.round is None:
                    later = [str(n) for n in changed if n]
                    self.out(tr("Set the boards of every round not yet played ({rounds}).",
                                rounds=", ".join(later) or tr("none paired yet")))  # fmt: skip
                else:
                    self.out(tr("Set the boards of round {round}.", round=a.round))
            if a.round is not None:
                self.print_round_boards(a.round, board_set(desk, a.round))
            else:
                self.print_board_sets(board_sets(desk))

    def print_round_boards(self, round_no: int, boards: Sequence[Board]) -> None:
        if getattr(self.args, "json", False):
            self.out(json.dumps({"round": round_no, "boards": boards_json(boards)}, ensure_ascii=False))
            return
        self.out(tr("Boards of round {round}", round=round_no))
        self.out(self.board_table(boards))

    def board_table(self, boards: Sequence[Board]) -> str:
        headers = [tr("Board"), tr("Level"), tr("Declarer"), tr("Trump")]
        return self.table(headers, board_rows(boards), {0})

    def print_board_sets(self, sets: BoardSets) -> None:
        if getattr(self.args, "json", False):
            data: dict[str, Any] = {
                "default": boards_json(sets.default),
                "rounds": {str(n): boards_json(b) for n, b in sets.rounds.items()},
                "played": sorted(sets.played),
            }
            self.out(json.dumps(data, ensure_ascii=False))
            return
        self.out(tr("Boards of every round not yet paired"))
        self.out(self.board_table(sets.default))
        for number, boards in sets.rounds.items():
            state = tr(" (played)") if number in sets.played else ""
            if boards == sets.default:
                self.out(tr("Round {round}{state}: the same boards.", round=number, state=state))
            else:
                self.out(tr("Round {round}{state}:", round=number, state=state))
                self.out(self.board_table(boards))

    def print_sheet(self, sheet: BoardSheet) -> None:
        self.out(tr("Round {round} table {table}: {home} (open room NS) – {away} (closed room NS)",
                    round=sheet.round, table=sheet.table, home=sheet.home, away=sheet.away))  # fmt: skip
        headers = [tr("Board"), tr("Level"), tr("Declarer"), tr("Trump"), tr("Open"), tr("Closed"),
                   tr("Open NS"), tr("Closed NS"), tr("XMP")]  # fmt: skip
        rows = []
        for score in sheet.scores:
            b = score.board
            cells = [_points(sheet, b.number, room) for room in ("open", "closed")]
            rows.append([*board_rows([b])[0], *cells, signed(score.open_ns), signed(score.closed_ns),
                         signed(score.xmp)])  # fmt: skip
        self.out(self.table(headers, rows, {0, 4, 5, 6, 7, 8}))
        self.print_total(sheet)

    def print_total(self, sheet: BoardSheet) -> None:
        if sheet.kind in (ResultState.FORFEIT, ResultState.RULING):
            self.out(tr("Table {table} stays a {state} as the referee decided: the boards are kept, the result "
                        "is not changed; remove the decision first to score the boards.",
                        table=sheet.table, state=tr(sheet.kind.value)))  # fmt: skip
        if sheet.xmp is None:
            self.out(tr("{home} {xmp} XMP so far; {missing} board results still missing.",
                        home=sheet.home, xmp=signed(sheet.running), missing=sheet.missing))  # fmt: skip
            return
        o = sheet.outcome
        assert o is not None
        self.out(tr("{home} {xmp} XMP: {home_vp} : {away_vp} VP, {home_mp} : {away_mp} MP ({kind}).",
                    home=sheet.home, xmp=signed(sheet.xmp), home_vp=_n(o.home_vp), away_vp=_n(o.away_vp),
                    home_mp=_n(o.home_mp), away_mp=_n(o.away_mp), kind=tr(sheet.kind.value)))  # fmt: skip

    # --- tdesk result … --board -----------------------------------------------------------------------
    def result_board(self) -> None:
        a = self.args
        if a.import_file or a.home is not None or a.away is not None:
            raise BadInput("Give ROUND TABLE --board N --open POINTS --closed POINTS for one board.")
        if a.round is None or a.table is None or a.board is None:
            raise BadInput("Give ROUND TABLE --board N --open POINTS --closed POINTS for one board.")
        open_points = parse_points(a.open) if a.open is not None else None
        closed_points = parse_points(a.closed) if a.closed is not None else None
        penalties = [parse_penalty(text) for text in a.penalty or ()]
        round_no, table_no = parse_whole(a.round, "round"), parse_whole(a.table, "table")
        board_no = parse_whole(a.board, "board")
        correct = correction(a)
        with self.open() as desk, first_entry():
            sheet = record_board(desk, round_no, table_no, board_no, open_points=open_points,
                                 closed_points=closed_points, penalties=penalties, reason=a.reason,
                                 correct=correct)  # fmt: skip
        score = next(s for s in sheet.scores if s.board.number == board_no)
        self.out(_board_line(sheet, score))
        self.print_total(sheet)

    def import_boards(self, sheet: Path) -> None:
        correct = correction(self.args)
        with self.open() as desk, first_entry():
            done = import_board_results(desk, sheet, reason=self.args.reason, correct=correct)
        self.out(tr("Imported the boards of {tables} tables.", tables=len(done)))
        for table in done:
            self.print_total(table)


def _n(value: float) -> str:
    return f"{value:g}"


def _points(sheet: BoardSheet, board: int, room: str) -> str:
    entry = sheet.entries.get((board, room))  # type: ignore[arg-type]
    if entry is None:
        return ""
    extra = [f"+{p} {side}" for side, p in (("NS", entry.to_ns), ("EW", entry.to_ew)) if p]
    return str(entry.points) + (f" ({', '.join(extra)})" if extra else "")


def _board_line(sheet: BoardSheet, score: BoardScore) -> str:
    return tr(
        "Round {round} table {table} board {board}: open room NS {open}, closed room NS {closed}, "
        "{home} {xmp} XMP.",
        round=sheet.round,
        table=sheet.table,
        board=score.board.number,
        open=signed(score.open_ns) or "—",
        closed=signed(score.closed_ns) or "—",
        home=sheet.home,
        xmp=signed(score.xmp) or "—",
    )

"""One board at one table of a Mitchell round: the checks that it is the table's to play, and its write.

``pair_boards`` (the desk's board entry and imports) and ``live.boards`` (boards both phones agreed on, a board
the director decides) write every board through here, so a board is checked, audited and its table settled
(a result once every board the table plays this round is in) the same way whoever enters it.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.mitchell_stage import Mitchell
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring_modes.mitchell_scores import check_board_points, check_penalty
from tournament_desk.services.desk import Desk, audit
from tournament_desk.services.results.table import already_recorded, find_table, nothing_to_correct
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import stage_of_round
from tournament_desk.storage import models as m


def mitchell_of(session: Session, round_no: int) -> Mitchell:
    """The round's Mitchell format (refused when the round is not scored board by board)."""
    fmt = stage_of_round(session, round_no).format
    if not isinstance(fmt, Mitchell):
        raise BadInput("This event is not scored board by board; enter the levels reached at the table.")
    return fmt


def check_board(session: Session, round_no: int, table_no: int, board_no: int) -> tuple[Mitchell, m.Match]:
    """The round's format and the table, once the board is one the table plays this round and the table is
    played (refused otherwise: a sit-out table has no boards to enter)."""
    fmt = mitchell_of(session, round_no)
    data = load(session)
    fmt.movement(data).check_board(round_no, table_no, board_no, int(data.settings["boards_per_round"]))
    match = find_table(session, round_no, table_no)
    if match.kind == ResultState.ANNULLED:
        raise BadInput("Table {table} of round {round} is not played: a pair has withdrawn.", table=table_no,
                       round=round_no)  # fmt: skip
    return fmt, match


def stored_board(session: Session, round_no: int, table_no: int, board_no: int) -> m.PairBoard | None:
    """The board's stored result at the table (None: nothing recorded)."""
    return session.scalars(
        select(m.PairBoard).where(
            m.PairBoard.round_no == round_no,
            m.PairBoard.table_no == table_no,
            m.PairBoard.board_no == board_no,
        )
    ).first()


def write_pair_board(
    session: Session,
    desk: Desk,
    fmt: Mitchell,
    match: m.Match,
    board_no: int,
    points: int,
    to_ns: int,
    to_ew: int,
    *,
    correct: bool | None,
    reason: str | None,
) -> None:
    """Write one board of a table (audited) and settle the table. ``correct`` as ``pair_boards.record_pair_board``'s."""
    check_board_points(points)
    check_penalty(to_ns)
    check_penalty(to_ew)
    row = stored_board(session, match.round_no, match.table_no, board_no)
    if correct is not None:
        if holds_board(row, points, to_ns, to_ew):
            return  # the same board again: nothing changes, nothing is audited
        if row is not None and not correct:
            raise already_recorded(session, match, pair_board_text(row), board=board_no)
        if row is None and correct:
            raise nothing_to_correct(match.round_no, match.table_no, board_no)
    old = {"points": row.points, "penalty_ns": row.penalty_ns, "penalty_ew": row.penalty_ew} if row else None
    if row is None:
        row = m.PairBoard(round_no=match.round_no, table_no=match.table_no, board_no=board_no)
        session.add(row)
    row.points, row.penalty_ns, row.penalty_ew = points, to_ns, to_ew
    session.flush()
    new = {"board": board_no, "points": points, "penalty_ns": to_ns, "penalty_ew": to_ew}
    audit(session, desk, "board", round_no=match.round_no, table_no=match.table_no, old=old, new=new,
          reason=reason)  # fmt: skip
    settle_table(session, fmt, match)


def board_state(row: m.PairBoard | None) -> dict[str, object]:
    """A board at a table in ``record_pair_board``'s ``expected`` terms (points None: nothing recorded)."""
    if row is None:
        return {"points": None, "penalty_ns": 0, "penalty_ew": 0}
    return {"points": row.points, "penalty_ns": row.penalty_ns, "penalty_ew": row.penalty_ew}


def holds_board(row: m.PairBoard | None, points: int, to_ns: int, to_ew: int) -> bool:
    """The board holds exactly this result already."""
    return row is not None and (row.points, row.penalty_ns, row.penalty_ew) == (points, to_ns, to_ew)


def pair_board_text(row: m.PairBoard) -> str:
    """What a board holds, as a refusal names it: ``85``, or ``85 (+10 EW)`` with penalty points."""
    extra = [f"+{p} {side}" for side, p in (("NS", row.penalty_ns), ("EW", row.penalty_ew)) if p]
    return str(row.points) + (f" ({', '.join(extra)})" if extra else "")


def settle_table(session: Session, fmt: Mitchell, match: m.Match) -> None:
    """A table has its result once every board it plays this round is in."""
    expected = set(fmt.boards(load(session), match.round_no, match.table_no))
    have = set(
        session.scalars(
            select(m.PairBoard.board_no).where(
                m.PairBoard.round_no == match.round_no, m.PairBoard.table_no == match.table_no
            )
        )
    )
    done = expected <= have
    match.kind = (ResultState.PLAYED if done else ResultState.PENDING).value
    match.home_mp = match.away_mp = match.home_vp = match.away_vp = 0.0 if done else None

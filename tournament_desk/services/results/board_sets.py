"""Board sets of a duplicate event (牌套, rules.md §7.2): which boards each round is played with.

Round 0 holds the event's default set; a round gets its own copy when it is paired (or when the director
sets one for it), so changing the default never changes the boards a round was played with. A round's boards
can change only until its first board result is in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import DEFAULT_BOARDS, Board, check_board_set
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.services.desk import Desk, audit, paired_rounds, tournament
from tournament_desk.storage import models as m


def is_duplicate(session: Session) -> bool:
    """The event's tables are scored by boards (rules.md §7.2), so it has board sets."""
    return scoring_mode(tournament(session).scoring).boards


def require_duplicate(session: Session) -> None:
    if not is_duplicate(session):
        raise BadInput("This event is scored by the levels reached, not by duplicate boards.")


def _board(row: m.BoardSpec) -> Board:
    return Board(row.board_no, row.level, row.declarer, row.trump)  # type: ignore[arg-type]


def _stored(session: Session, round_no: int) -> tuple[Board, ...]:
    rows = session.scalars(
        select(m.BoardSpec).where(m.BoardSpec.round_no == round_no).order_by(m.BoardSpec.board_no)
    )
    return tuple(_board(r) for r in rows)


def boards_of(session: Session, round_no: int) -> tuple[Board, ...]:
    """The boards round ``round_no`` is (or will be) played with: its own set, else the event's default."""
    return _stored(session, round_no) or _stored(session, 0) or DEFAULT_BOARDS


def _write_set(session: Session, round_no: int, boards: Sequence[Board]) -> None:
    session.execute(delete(m.BoardSpec).where(m.BoardSpec.round_no == round_no))
    session.add_all(
        m.BoardSpec(round_no=round_no, board_no=b.number, level=b.level, declarer=b.declarer, trump=b.trump)
        for b in boards
    )


def store_default_boards(session: Session, boards: Sequence[Board] = DEFAULT_BOARDS) -> None:
    """At creation: the event's default board set (round 0)."""
    _write_set(session, 0, check_board_set(boards))


def freeze_board_set(session: Session, round_no: int) -> None:
    """When a round is paired: it keeps the default set as its own, so a later change of the default does
    not change the boards it is played with."""
    if not _stored(session, round_no):
        _write_set(session, round_no, boards_of(session, round_no))


def played_rounds(session: Session) -> set[int]:
    """Rounds with at least one board result: their board sets can no longer change."""
    return set(
        session.scalars(
            select(m.Match.round_no).join(m.BoardResult, m.BoardResult.match_id == m.Match.id).distinct()
        )
    )


def board_json(boards: Sequence[Board]) -> list[list[object]]:
    return [[b.number, b.level, b.declarer, b.trump] for b in boards]


@dataclass(frozen=True)
class BoardSets:
    default: tuple[Board, ...]
    rounds: dict[int, tuple[Board, ...]]  # every round with its own set (paired, or prepared in advance)
    played: frozenset[int]  # rounds with board results: their sets are fixed
    rounds_planned: int | None


def board_sets(desk: Desk) -> BoardSets:
    with desk.db.transaction() as session:
        require_duplicate(session)
        numbers = sorted(set(session.scalars(select(m.BoardSpec.round_no).where(m.BoardSpec.round_no > 0))))
        return BoardSets(
            boards_of(session, 0),
            {n: _stored(session, n) for n in numbers},
            frozenset(played_rounds(session)),
            tournament(session).rounds_planned,
        )


def board_set(desk: Desk, round_no: int) -> tuple[Board, ...]:
    with desk.db.transaction() as session:
        require_duplicate(session)
        return boards_of(session, round_no)


def set_board_set(
    desk: Desk, boards: Sequence[Board], *, round_no: int | None = None, reason: str | None = None
) -> list[int]:
    """Set the boards of one round, or (``round_no`` None) of every round not yet played and the default.

    Returns the rounds changed (0 is the default). A round with board results keeps its boards.
    """
    checked = check_board_set(boards)
    with desk.db.transaction(write=True) as session:
        require_duplicate(session)
        played = played_rounds(session)
        if round_no is not None:
            planned = tournament(session).rounds_planned
            if round_no < 1 or (planned is not None and round_no > planned):
                raise BadInput(
                    "This event has rounds 1–{last}; there is no round {round}.",
                    last=planned or paired_rounds(session),
                    round=round_no,
                )
            if round_no in played:
                raise BadInput(
                    "Round {round} already has board results; its boards can no longer change.",
                    round=round_no,
                )
            targets = [round_no]
        else:
            own = set(session.scalars(select(m.BoardSpec.round_no).where(m.BoardSpec.round_no > 0)))
            targets = [0, *sorted(own - played)]
        for target in targets:
            old = board_json(boards_of(session, target))
            _write_set(session, target, checked)
            audit(session, desk, "boards", round_no=target or None, old=old, new=board_json(checked),
                  reason=reason)  # fmt: skip
        return targets

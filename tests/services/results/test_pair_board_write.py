"""One board at one Mitchell table (services/results/pair_board_write.py): the checks before a write, what a board holds,
and the table played once every board it plays is in."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.results.pair_board_write import (
    board_state,
    check_board,
    holds_board,
    mitchell_of,
    pair_board_text,
    stored_board,
)
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.storage import models as m

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_what_a_board_holds() -> None:
    row = m.PairBoard(points=85, penalty_ns=0, penalty_ew=10)
    assert pair_board_text(row) == "85 (+10 EW)"
    assert pair_board_text(m.PairBoard(points=40, penalty_ns=0, penalty_ew=0)) == "40"
    assert holds_board(row, 85, 0, 10) and not holds_board(row, 85, 0, 0) and not holds_board(None, 85, 0, 10)
    assert board_state(None) == {"points": None, "penalty_ns": 0, "penalty_ew": 0}
    assert board_state(row) == {"points": 85, "penalty_ns": 0, "penalty_ew": 10}


def test_an_event_by_levels_has_no_boards_to_enter(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction() as session, pytest.raises(BadInput, match="not scored board by board"):
        mitchell_of(session, 1)


@pytest.mark.slow
def test_a_board_the_table_does_not_play_is_refused(mitchell: Desk) -> None:
    plays = [b.board for b in pb.table_boards(mitchell, 1, 1)]
    other = next(n for n in range(1, 20) if n not in plays)
    with mitchell.db.transaction() as session:
        fmt, match = check_board(session, 1, 1, plays[0])
        assert fmt.name == "mitchell" and match.table_no == 1
        with pytest.raises(BadInput):
            check_board(session, 1, 1, other)


@pytest.mark.slow
def test_the_table_is_played_once_every_board_it_plays_is_in(mitchell: Desk) -> None:
    first, second = (b.board for b in pb.table_boards(mitchell, 1, 1))
    pb.record_pair_board(mitchell, 1, 1, first, 60, penalty=("EW", 10))
    with mitchell.db.transaction() as session:
        row = stored_board(session, 1, 1, first)
        assert row is not None and (row.points, row.penalty_ew) == (60, 10)
        assert stored_board(session, 1, 1, second) is None
    assert round_view(mitchell, 1).tables[0].kind == "pending"
    pb.record_pair_board(mitchell, 1, 1, second, 40)
    assert round_view(mitchell, 1).tables[0].kind == "played"

"""One board at one duplicate table (services/results/board_write.py): the board looked up, the penalties summed, what a
board holds as a refusal names it, the rooms entered and the table settled once every board is in."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tournament_desk.domain.duplicate import DEFAULT_BOARDS, Penalty, RoomResult
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results.board_write import board_entries, board_text, find_board, penalty_totals
from tournament_desk.services.rounds import round_view
from tournament_desk.storage import models as m

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_a_board_of_the_round_is_found_and_another_refused() -> None:
    assert find_board(DEFAULT_BOARDS, 3, 1) == DEFAULT_BOARDS[2]
    with pytest.raises(BadInput, match="Round 2 is played with boards 1, 2, 3, 4, 5, 6; there is no board 7"):
        find_board(DEFAULT_BOARDS, 7, 2)


def test_penalties_are_summed_per_room_and_side() -> None:
    given = [Penalty("open", "NS", 20), Penalty("open", "EW", 10), Penalty("open", "NS", 10)]
    assert penalty_totals(given) == {"open": (30, 10)}
    assert penalty_totals(given, rooms=("closed",)) == {"open": (30, 10), "closed": (0, 0)}
    assert penalty_totals([]) == {}


def test_what_a_board_holds_as_the_refusal_names_it() -> None:
    open_room = m.BoardResult(defenders_points=40, penalty_ns=0, penalty_ew=0)
    closed_room = m.BoardResult(defenders_points=85, penalty_ns=20, penalty_ew=0)
    both = board_text({"open": open_room, "closed": closed_room})
    assert render(both, "en") == "open room 40, closed room 85 (+20 NS)"
    assert render(board_text({"open": open_room, "closed": None}), "en") == "open room 40"
    assert render(board_text({"open": None, "closed": closed_room}), "en") == "closed room 85 (+20 NS)"


@pytest.mark.slow
def test_the_rooms_entered_and_the_table_settled_when_all_are_in(duplicate: Desk) -> None:
    bs.record_board(
        duplicate, 1, 1, 1, open_points=40, closed_points=85, penalties=[Penalty("closed", "EW", 10)]
    )
    with duplicate.db.transaction() as session:
        match_id = session.scalars(
            select(m.Match.id).where(m.Match.round_no == 1, m.Match.table_no == 1)
        ).one()
        assert board_entries(session, [match_id]) == {
            match_id: {(1, "open"): RoomResult(40), (1, "closed"): RoomResult(85, 0, 10)}
        }
    assert round_view(duplicate, 1).tables[0].kind == "pending"
    for board in range(2, 7):
        bs.record_board(duplicate, 1, 1, board, open_points=40, closed_points=40)
    assert round_view(duplicate, 1).tables[0].kind == "played"

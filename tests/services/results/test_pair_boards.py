"""Mitchell boards through the services (services/results/pair_boards.py): a pair board's entry, correction and import."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import at_station
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import pair_boards as pb
from tournament_desk.services.results.table import AlreadyRecorded, ChangedElsewhere

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_mitchell_boards_same_again_refused_when_different(mitchell: Desk, tmp_path: Path) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        pb.record_pair_board(a, 1, 1, 1, 60, penalty=("EW", 10))
        trail = audit_trail(mitchell)
        pb.record_pair_board(b, 1, 1, 1, 60, penalty=("EW", 10))
        assert audit_trail(mitchell) == trail
        with pytest.raises(
            AlreadyRecorded, match=r"board 1 already has a result: 60 \(\+10 EW\), entered at station A站"
        ):
            pb.record_pair_board(b, 1, 1, 1, 65)
        with pytest.raises(BadInput, match="board 2 has no result yet"):
            pb.record_pair_board(b, 1, 1, 2, 65, correct=True)
        pb.record_pair_board(b, 1, 1, 1, 65, correct=True, reason="记错")
    sheet = tmp_path / "m.csv"
    sheet.write_text("round,table,board,points\n1,1,1,65\n1,1,2,40\n", encoding="utf-8")
    assert pb.import_pair_boards(mitchell, sheet) == 1  # board 1 as it is; board 2 new
    sheet.write_text("round,table,board,points\n1,1,1,70\n", encoding="utf-8")
    with pytest.raises(AlreadyRecorded, match="row 2: round 1 table 1 board 1 already has 65"):
        pb.import_pair_boards(mitchell, sheet)
    assert pb.import_pair_boards(mitchell, sheet, correct=True, reason="更正") == 1


# A board write that expects the board as the director saw it (issue 23): ``record_board(expected=)`` (per
# room named, ``[points, penalty to NS, penalty to EW]`` or None) and ``record_pair_board(expected=)``
# (``{"points", "penalty_ns", "penalty_ew"}``) are compared inside the write's transaction: a stale one is refused
# with ``ChangedElsewhere`` naming the station and time, and nothing is written.


# --- Mitchell ---------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_stale_mitchell_board_is_refused_and_nothing_is_written(mitchell: Desk) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        pb.record_pair_board(a, 1, 1, 1, 60, penalty=("EW", 10))
        trail = audit_trail(mitchell)
        before = pb.traveller(mitchell, 1)
        stale_ones = (
            {"points": None, "penalty_ns": 0, "penalty_ew": 0},  # B saw nothing: not "already recorded"
            {"points": 65, "penalty_ns": 0, "penalty_ew": 10},
            {"points": 60, "penalty_ns": 0, "penalty_ew": 0},
        )
        for stale in stale_ones:
            for correct in (False, True, None):  # compared before the correct / already-recorded checks
                with pytest.raises(ChangedElsewhere) as refused:
                    pb.record_pair_board(b, 1, 1, 1, 70, correct=correct, expected=stale)
                assert render(refused.value, "en").startswith(
                    "Round 1 table 1 was changed at station A站 at "
                )
                assert audit_trail(mitchell) == trail
                assert pb.traveller(mitchell, 1) == before


@pytest.mark.slow
def test_the_mitchell_board_as_stored_passes(mitchell: Desk) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        nothing: dict[str, int | None] = {"points": None, "penalty_ns": 0, "penalty_ew": 0}
        pb.record_pair_board(b, 1, 1, 2, 40, expected=nothing)
        pb.record_pair_board(a, 1, 1, 1, 60, penalty=("EW", 10))
        seen: dict[str, int | None] = {"points": 60, "penalty_ns": 0, "penalty_ew": 10}
        views = pb.record_pair_board(b, 1, 1, 1, 65, correct=True, reason="记错", expected=seen)
        here = next(v for v in views if (v.round, v.table) == (1, 1))
        assert (here.points, here.penalty_ns, here.penalty_ew) == (65, 0, 0)
        assert audit_trail(mitchell)[-1].station == "B站"
        with pytest.raises(AlreadyRecorded):  # current, then the usual checks: a first entry over a result
            pb.record_pair_board(b, 1, 1, 1, 70, expected={"points": 65, "penalty_ns": 0, "penalty_ew": 0})


@pytest.mark.slow
def test_other_boards_and_tables_are_not_compared(mitchell: Desk) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        pb.record_pair_board(a, 1, 1, 2, 40)  # another board of the same table
        pb.record_pair_board(a, 1, 2, 3, 50)  # another table
        nothing: dict[str, int | None] = {"points": None, "penalty_ns": 0, "penalty_ew": 0}
        views = pb.record_pair_board(b, 1, 1, 1, 80, expected=nothing)
        assert next(v for v in views if (v.round, v.table) == (1, 1)).points == 80

"""A board write that expects the board as the director saw it (issue 23): ``record_board(expected=)`` (per
room named, ``[points, penalty to NS, penalty to EW]`` or None) and ``record_pair_board(expected=)``
(``{"points", "penalty_ns", "penalty_ew"}``) are compared inside the write's transaction: a stale one is refused
with ``ChangedElsewhere`` naming the station and time, and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.duplicate import Penalty
from tournament_desk.i18n import render
from tournament_desk.services import boards as bs
from tournament_desk.services import entrants as es
from tournament_desk.services import pair_boards as pb
from tournament_desk.services import undo as us
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.table_results import AlreadyRecorded, ChangedElsewhere
from tournament_desk.services.undo import label

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def at_station(desk: Desk, name: str) -> Desk:
    """The same event opened by another station (its own connection)."""
    if desk.db.path is not None:
        return Desk.open(desk.db.path, station=name)
    return Desk.open(url=desk.db.engine.url.render_as_string(hide_password=False), station=name)


@pytest.fixture
def duplicate(events: Events) -> Iterator[Desk]:
    d = events.create(name="复式", scoring="duplicate", rounds=2)
    for name in ["甲队", "乙队"]:
        es.add_entrant(d, name, players="一,二,三,四")
    es.draw(d, order=["甲队", "乙队"])
    pair_next_round(d)
    yield d
    d.close()


@pytest.fixture
def mitchell(events: Events) -> Iterator[Desk]:
    d = events.create(name="牌套", format="mitchell", boards_per_round=2)
    names = [f"P{i}" for i in range(1, 7)]
    for name in names:
        es.add_entrant(d, name)
    es.draw(d, order=names)
    pair_next_round(d)
    yield d
    d.close()


# --- duplicate boards -----------------------------------------------------------------------------------
def test_a_stale_room_is_refused_naming_the_station_and_nothing_is_written(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40, penalties=[Penalty("open", "EW", 10)])
        trail = audit_trail(duplicate)
        before = bs.board_sheet(duplicate, 1, 1).entries
        for stale in (None, [45, 0, 10], [40, 0, 0]):  # B saw nothing, other points, other penalties
            with pytest.raises(ChangedElsewhere) as refused:
                bs.record_board(b, 1, 1, 1, open_points=60, expected={"open": stale})
            said = render(refused.value, "en")
            assert said.startswith("Round 1 table 1 was changed at station A站 at ")
            assert said.endswith("Nothing was changed.")
            assert audit_trail(duplicate) == trail
            assert bs.board_sheet(duplicate, 1, 1).entries == before


def test_the_room_as_stored_passes(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        sheet = bs.record_board(b, 1, 1, 1, open_points=40, expected={"open": None})  # nothing there yet
        assert sheet.entries[(1, "open")].points == 40
        bs.record_board(a, 1, 1, 1, open_points=45, penalties=[Penalty("open", "NS", 20)])
        sheet = bs.record_board(b, 1, 1, 1, open_points=50, expected={"open": [45, 20, 0]}, reason="看错")
        assert (sheet.entries[(1, "open")].points, sheet.entries[(1, "open")].to_ns) == (50, 20)
        assert audit_trail(duplicate)[-1].station == "B站"


def test_rooms_not_named_are_not_compared(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        bs.record_board(a, 1, 1, 1, closed_points=85)  # B saw only the open room: the closed one changed
        sheet = bs.record_board(b, 1, 1, 1, open_points=55, expected={"open": [40, 0, 0]})
        assert (sheet.entries[(1, "open")].points, sheet.entries[(1, "closed")].points) == (55, 85)
        bs.record_board(a, 1, 1, 2, open_points=70)  # another board of the table: not this board's rooms
        bs.record_board(b, 1, 1, 1, closed_points=80, expected={"closed": [85, 0, 0]})
        trail = audit_trail(duplicate)
        with pytest.raises(ChangedElsewhere):  # both named: the open room is stale
            bs.record_board(b, 1, 1, 1, closed_points=90, expected={"open": [40, 0, 0], "closed": [80, 0, 0]})
        assert audit_trail(duplicate) == trail


def test_expected_is_compared_before_the_correct_checks_and_in_an_undo_step(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        with pytest.raises(ChangedElsewhere):  # not AlreadyRecorded: the board changed since B looked
            bs.record_board(b, 1, 1, 1, open_points=45, correct=False, expected={"open": None})
        trail = audit_trail(duplicate)
        what = label("board", board=1, points=45)
        with pytest.raises(ChangedElsewhere):  # the window's way: an undoable step of the station
            us.record(b, "sheet", 1, 1, what, bs.record_board, 1, open_points=45, expected={"open": None})
        assert audit_trail(duplicate) == trail
        assert us.history(b).undo == ()
        us.record(b, "sheet", 1, 1, what, bs.record_board, 1, open_points=45, expected={"open": [40, 0, 0]})
        assert bs.board_sheet(duplicate, 1, 1).entries[(1, "open")].points == 45
        assert len(us.history(b).undo) == 1


def test_a_penalty_expects_its_room_too(duplicate: Desk) -> None:
    with at_station(duplicate, "A站") as a, at_station(duplicate, "B站") as b:
        bs.record_board(a, 1, 1, 1, open_points=40)
        bs.record_board(a, 1, 1, 1, open_points=45)
        trail = audit_trail(duplicate)
        with pytest.raises(ChangedElsewhere):
            bs.set_penalty(b, 1, 1, 1, "open", "NS", 10, expected={"open": [40, 0, 0]})
        assert audit_trail(duplicate) == trail
        sheet = bs.set_penalty(b, 1, 1, 1, "open", "NS", 10, expected={"open": [45, 0, 0]})
        assert sheet.entries[(1, "open")].to_ns == 10


# --- Mitchell ---------------------------------------------------------------------------------------------
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


def test_other_boards_and_tables_are_not_compared(mitchell: Desk) -> None:
    with at_station(mitchell, "A站") as a, at_station(mitchell, "B站") as b:
        pb.record_pair_board(a, 1, 1, 2, 40)  # another board of the same table
        pb.record_pair_board(a, 1, 2, 3, 50)  # another table
        nothing: dict[str, int | None] = {"points": None, "penalty_ns": 0, "penalty_ew": 0}
        views = pb.record_pair_board(b, 1, 1, 1, 80, expected=nothing)
        assert next(v for v in views if (v.round, v.table) == (1, 1)).points == 80

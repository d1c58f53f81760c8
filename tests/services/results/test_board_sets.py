"""A duplicate event's board sets (services/results/board_sets.py): the default, each round's own, frozen once played."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.duplicate import DEFAULT_BOARDS, Board
from tournament_desk.domain.errors import BadInput
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.results import board_sets as bsets
from tournament_desk.services.results import boards as bs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_a_duplicate_event_is_for_teams_and_starts_with_the_default_boards(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="teams of four"):
        create_tournament(tmp_path / "p.tdesk", name="x", scoring="duplicate", entrants="pairs")
    assert not (tmp_path / "p.tdesk").exists()
    with create_tournament(tmp_path / "t.tdesk", name="x", scoring="duplicate") as d:
        assert event_info(d).entrants_kind == "teams"
        assert bsets.board_sets(d).default == DEFAULT_BOARDS
    with create_tournament(tmp_path / "l.tdesk", name="x") as d, pytest.raises(BadInput, match="levels"):
        bsets.board_sets(d)


@pytest.mark.slow
def test_board_sets_per_round_are_fixed_by_the_first_result(teams: Desk) -> None:
    three = [Board(1, 9, "S", "S"), Board(2, 10, "E", "NT"), Board(3, 14, "W", "H")]
    assert bsets.set_board_set(teams, three, round_no=2) == [2]
    pair_next_round(teams)
    assert bsets.board_set(teams, 1) == DEFAULT_BOARDS  # frozen as the default when paired
    bs.record_board(teams, 1, 1, 1, open_points=0)
    with pytest.raises(BadInput, match="already has board results"):
        bsets.set_board_set(teams, three, round_no=1)
    with pytest.raises(BadInput, match="no round 4"):
        bsets.set_board_set(teams, three, round_no=4)
    # Without a round: the default and every round not yet played (round 2's own set), not round 1.
    two = [Board(1, 12, "N", "C"), Board(2, 13, "W", "D")]
    assert bsets.set_board_set(teams, two) == [0, 2]
    sets = bsets.board_sets(teams)
    assert sets.default == tuple(two) and sets.rounds[2] == tuple(two) and sets.rounds[1] == DEFAULT_BOARDS
    assert sets.played == {1}
    assert [a.round for a in audit_trail(teams) if a.action == "boards"] == [2, None, 2]

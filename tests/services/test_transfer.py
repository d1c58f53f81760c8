"""Moving an event (services/transfer.py): the copy holds the same rows and its audit trail says where it came
from; the source is not changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.transfer import move

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


@pytest.mark.file_only("a file to another file")
def test_a_moved_event_is_the_same_event_and_says_where_it_came_from(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "7")
    source = four.db.path
    assert source is not None
    trail = audit_trail(four)
    target = tmp_path / "copy.tdesk"
    counts = move(source_path=source, target_path=target, station="搬家")
    assert counts and all(n >= 0 for n in counts.values())
    with Desk.open(target) as copy:
        assert [e.name for e in list_entrants(copy)] == [e.name for e in list_entrants(four)]
        assert round_view(copy, 1) == round_view(four, 1)
        last = audit_trail(copy)[-1]
        assert last.action == "move" and last.station == "搬家"
        assert last.old == {"from": str(source)}
        assert last.new == {"to": str(target), "rows": sum(counts.values())}
    assert audit_trail(four) == trail  # the source is not changed

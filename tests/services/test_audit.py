"""The audit trail (services/audit.py): what it holds and how it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_every_kind_of_change_is_in_the_audit_trail(four: Desk, tmp_path: Path) -> None:
    sheet = tmp_path / "more.csv"
    sheet.write_text("队名,单位\n戊,E\n己,F\n", encoding="utf-8")
    es.import_entrants(four, sheet)
    es.draw(four, seed=5)
    pair_next_round(four)
    rs.record_result(four, 1, 1, "A", "2")
    fs.forfeit(four, 1, 2, "both", reason="均未到场")
    ds.deduct(four, 1, "丙", 0.5, reason="喧哗")
    es.withdraw(four, "丁", reason="退赛")
    actions = [e.action for e in audit_trail(four)]
    for action in (
        "create",
        "entrant-add",
        "entrant-import",
        "draw",
        "pair",
        "result",
        "forfeit",
        "deduct",
        "withdraw",
    ):
        assert action in actions
    assert audit_trail(four, entrant="丙")[-1].reason == "喧哗"

"""What most formats print alike (services/documents/base.py): the cross-table of a format paired as it goes, and
certificates only once a round is complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import documents
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import CERTIFICATES, STANDARD, crosstable_data
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_the_crosstable_has_each_entrants_opponent_and_result_round_by_round(four: Desk) -> None:
    pair_next_round(four)  # 甲 v 乙, 丙 v 丁
    rs.record_result(four, 1, 1, "9", "7")
    data = crosstable_data(four, event_header(four), None)
    assert (data.after_round, data.rounds) == (0, 1)  # round 1 is paired, not complete
    home, away = data.cells["甲"][1], data.cells["乙"][1]
    assert (home.opponent, home.home, away.opponent, away.home) == ("乙", True, "甲", False)
    assert home.mp is not None and away.mp is not None and home.mp > away.mp
    waiting = data.cells["丙"][1]
    assert waiting.opponent == "丁" and waiting.mp is None  # paired, no result yet


@pytest.mark.slow
def test_certificates_wait_for_a_complete_round(four: Desk, tmp_path: Path) -> None:
    assert CERTIFICATES in STANDARD
    pair_next_round(four)
    assert CERTIFICATES not in documents.ready(four)
    with pytest.raises(BadInput, match="at least one round with all its results"):
        documents.make(four, CERTIFICATES)
    rs.record_result(four, 1, 1, "9", "7")
    rs.record_result(four, 1, 2, "9", "7")
    assert CERTIFICATES in documents.ready(four)
    build = documents.make(four, CERTIFICATES)
    build(tmp_path / "c.pdf")
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")

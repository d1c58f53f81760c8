"""What every format's documents read (services/documents/reading.py): the heading, the round asked for, a
round's tables with the MP before it, the entrants and the standings."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.reading import (
    entrant_data,
    event_header,
    paired_round,
    round_data,
    standings_data,
)
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_the_round_asked_for_or_the_last_paired(four: Desk) -> None:
    with pytest.raises(BadInput, match="No round has been paired yet"):
        paired_round(four, None)
    pair_next_round(four)
    assert paired_round(four, None) == 1
    assert paired_round(four, 3) == 3  # as asked: the report refuses it if it is not there


@pytest.mark.slow
def test_a_rounds_tables_carry_each_sides_mp_before_it(four: Desk) -> None:
    pair_next_round(four)  # 甲 v 乙, 丙 v 丁
    rs.record_result(four, 1, 1, "9", "7")
    rs.record_result(four, 1, 2, "9", "7")
    pair_next_round(four)
    second = round_data(four, 2)
    assert second.round == 2 and second.published and len(second.date) == len("2026-11-21")
    before = {t.home: t.home_mp for t in second.tables} | {t.away: t.away_mp for t in second.tables}
    after_one = {r.entrant.name: r.mp for r in current_standings(four, 1).rows}
    assert before == after_one and len(set(after_one.values())) == 2  # winners and losers of round 1
    first = round_data(four, 1, mp_before=False)
    assert [(t.home, t.away, t.home_level, t.away_level) for t in first.tables] == [
        ("甲", "乙", 9, 7),
        ("丙", "丁", 9, 7),
    ]


@pytest.mark.slow
def test_the_heading_the_entrants_and_the_standings(four: Desk) -> None:
    header = event_header(four)
    assert header.name == "服务测试" and header.rounds_planned == 5
    entrants = entrant_data(four)
    assert list(entrants) == ["甲", "乙", "丙", "丁"] and entrants["甲"].unit == "A"
    assert entrants["甲"].players == ("张三", "李四")
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "7")
    rs.record_result(four, 1, 2, "9", "7")
    table = standings_data(four, header, None)
    assert table.after_round == 1 and table.complete and len(table.rows) == 4

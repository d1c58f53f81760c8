"""What every result write shares (services/results/table.py): finding the table, a stale read, what a table
holds as a refusal says it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.results.table import (
    ChangedElsewhere,
    check_unchanged,
    find_table,
    is_empty,
    match_state,
    recorded_text,
    result_view,
    seen_state,
    when,
)
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_a_table_that_is_not_there_is_refused_saying_what_is(four: Desk) -> None:
    with four.db.transaction() as session, pytest.raises(BadInput, match="Round 1 has not been paired yet"):
        find_table(session, 1, 1)
    pair_next_round(four)
    with four.db.transaction() as session:
        with pytest.raises(BadInput, match="Round 1 has tables 1–2; there is no table 3"):
            find_table(session, 1, 3)
        assert find_table(session, 1, 2).table_no == 2


@pytest.mark.slow
def test_a_draft_round_takes_no_result(four: Desk) -> None:
    pair_next_round(four, publish=False)
    with four.db.transaction() as session, pytest.raises(BadInput, match="not published yet"):
        find_table(session, 1, 1)


@pytest.mark.slow
def test_a_stale_read_is_refused_naming_the_station(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction() as session:
        match = find_table(session, 1, 1)
        assert is_empty(match)
        seen = match_state(match)
    rs.record_result(four, 1, 1, "Q", "9")
    with four.db.transaction() as session:
        match = find_table(session, 1, 1)
        now = match_state(match)
        assert not is_empty(match) and now["home_level"] == "Q" and now["away_level"] == "9"
        check_unchanged(session, match, now, now)
        # a page's view (kind, side, levels) is enough to be up to date
        check_unchanged(session, match, seen_state(str(now["kind"]), None, 12, 9), now)
        with pytest.raises(ChangedElsewhere, match="changed at station test-station"):
            check_unchanged(session, match, seen, now)


@pytest.mark.slow
def test_what_a_table_holds_as_the_refusal_names_it(four: Desk) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "Q", "9")
    with four.db.transaction() as session:
        match = find_table(session, 1, 1)
        text = recorded_text(session, match)
        assert (text if isinstance(text, str) else render(text, "en")) == "Q : 9"
        view = result_view(session, match)
    assert (view.round, view.table, view.home, view.away) == (1, 1, "甲", "乙")
    assert view.outcome is not None and view.outcome.home_mp > view.outcome.away_mp


def test_a_time_is_said_without_the_date_only_today() -> None:
    today = datetime.now().replace(hour=14, minute=5)
    assert when(today) == "14:05"
    earlier = today - timedelta(days=3)
    assert when(earlier) == earlier.strftime("%Y-%m-%d") + " 14:05"

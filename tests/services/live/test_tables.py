"""A table's live row (services/live/tables.py): how a round's tables are entered, the tokens made for them, and
the checks every submission passes."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.live.tables import by_token, published, round_kind, round_tables, table_row
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_how_a_round_is_entered_follows_its_format(four: Desk, duplicate: Desk, mitchell: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction() as session:
        assert round_kind(session, 1).entry == "levels"
    with duplicate.db.transaction() as session:
        kind = round_kind(session, 1)
        assert kind.entry == "room-boards"
        assert kind.labels(1)[:2] == ["1 open", "1 closed"]
    with mitchell.db.transaction() as session:
        kind = round_kind(session, 1)
        assert kind.entry == "boards" and len(kind.labels(1)) == 2


@pytest.mark.slow
def test_every_table_of_a_round_gets_a_token_of_its_own(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction(write=True) as session:
        tokens = {table_row(session, 1, n).token for n in (1, 2)}
    assert len(tokens) == 2
    with four.db.transaction() as session:
        views = round_tables(session, 1)
        assert [(v.table, v.version, v.home_claim, v.away_claim) for v in views] == [
            (1, 0, None, None),
            (2, 0, None, None),
        ]
        assert {v.token for v in views} == tokens
        row, match = by_token(session, next(iter(tokens)))
        assert match.table_no == row.table_no


def test_an_unknown_token_a_closed_or_draft_round_is_refused(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction(write=True) as session:
        token = table_row(session, 1, 1).token
    with four.db.transaction() as session, pytest.raises(BadInput, match="not known"):
        by_token(session, "nope")
    for table in (1, 2):
        rs.record_result(four, 1, table, "9", "7")
    pair_next_round(four, publish=False)
    with four.db.transaction() as session:
        with pytest.raises(BadInput, match="Round 1 is closed"):
            by_token(session, token)
        with pytest.raises(BadInput, match="Round 2 is not published yet"):
            published(session, 2)
        with pytest.raises(BadInput, match="Round 3 has not been paired yet"):
            published(session, 3)

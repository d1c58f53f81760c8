"""Duplicate team tables entered from the phones: every board in both rooms, home enters, away confirms."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import card_code, phone
from tests.web.events import make_teams
from tournament_desk.domain.duplicate import RoomResult
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import boards as bs
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

Claim = live.BoardClaim


@pytest.fixture
def teams(tmp_path: Path) -> Iterator[Desk]:
    with make_teams(tmp_path / "d.tdesk") as d:
        yield d


def sheet(points: tuple[int, ...] = (40, 85, 120, 60, 35, 90)) -> dict[live.BoardKey, Claim]:
    """Each board's open room the given points, its closed room 20 more."""
    entries: dict[live.BoardKey, Claim] = {}
    for board, p in enumerate(points, start=1):
        entries[(board, "open")] = Claim(p)
        entries[f"{board}c"] = Claim(p + 20)
    return entries


def test_home_enters_both_rooms_and_away_confirms(teams: Desk) -> None:
    t = live.round_tokens(teams, 1)[0]
    assert t.entry == "room-boards" and len(t.boards) == 12
    assert [b.key for b in t.boards[:3]] == ["1o", "1c", "2o"] and t.boards[1].room == "closed"
    home, away = phone(teams, t.home), phone(teams, t.away)
    entries = sheet()
    entries[(2, "closed")] = Claim(100, 0, 10)  # a penalty to EW in the closed room
    done = live.submit_boards(teams, t.token, card=home, boards=entries, nonce="n1", version=0)
    assert done.outcome == "pending" and done.table.source == "pending"
    assert round_view(teams, 1).tables[0].kind.value == "pending"
    done = live.submit_boards(teams, t.token, card=away, boards=entries, nonce="n2", version=1)
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    stored = bs.board_sheet(teams, 1, t.table)
    assert stored.missing == 0 and stored.kind.value == "played" and stored.xmp is not None
    assert stored.entries[(2, "closed")] == RoomResult(100, 0, 10)
    assert all(line.recorded == line.home for line in done.table.boards)
    # confirmed: locked for the phones, a replay changes nothing
    again = live.submit_boards(teams, t.token, card=away, boards=entries, nonce="n2", version=1)
    assert again.outcome == "replay"
    with pytest.raises(BadInput, match="Both sides have confirmed"):
        live.submit_boards(teams, t.token, card=home, boards=sheet(), nonce="n3", version=2)
    reasons = [a.reason for a in audit_trail(teams) if a.action == "board"]
    assert reasons.count("confirmed by both sides at the table") == 6  # one audited write a board


def test_a_board_the_sides_differ_on_is_disputed_and_the_desk_decides_it(teams: Desk) -> None:
    t = live.round_tokens(teams, 1)[1]
    home = sheet()
    away = {**home, (4, "closed"): Claim(65)}  # the away team saw 65, not 80, in board 4's closed room
    home_phone, away_phone = phone(teams, t.home), phone(teams, t.away)
    live.submit_boards(teams, t.token, card=home_phone, boards=home, nonce="n1", version=0)
    done = live.submit_boards(teams, t.token, card=away_phone, boards=away, nonce="n2", version=1)
    assert done.outcome == "disputed" and [b.label for b in done.table.disputed_boards] == ["4 closed"]
    sheet_now = bs.board_sheet(teams, 1, t.table)
    assert sheet_now.missing == 1 and (4, "closed") not in sheet_now.entries  # the other 11 are recorded
    assert live.claim_text(done.table, "away", disputed_only=True) == "4 closed: 65"
    assert [d.table for d in live.disputes(teams)] == [t.table]
    with pytest.raises(BadInput, match="which room"):
        live.resolve_board(teams, 1, t.table, 4, 65)
    decided = live.resolve_board(teams, 1, t.table, 4, 65, room="closed")
    assert decided.source == "desk" and live.disputes(teams) == []
    final = bs.board_sheet(teams, 1, t.table)
    assert final.missing == 0 and final.entries[(4, "closed")].points == 65
    assert any(a.reason == "away's entry taken" for a in audit_trail(teams) if a.action == "board")
    with pytest.raises(BadInput, match="desk has recorded"):
        live.submit_boards(teams, t.token, card=home_phone, boards=home, nonce="n3", version=decided.version)


def test_bad_entries_and_cards_are_refused_and_change_nothing(teams: Desk) -> None:
    t = live.round_tokens(teams, 1)[0]
    h = phone(teams, t.home)
    short = sheet()
    del short["3c"]
    with pytest.raises(BadInput, match=r"board 3 \(closed room\) is missing"):
        live.submit_boards(teams, t.token, card=h, boards=short, nonce="n1", version=0)
    with pytest.raises(BadInput, match="boards 1, 2, 3, 4, 5, 6; there is no board 7"):
        live.submit_boards(teams, t.token, card=h, boards={**sheet(), "7o": Claim(5)}, nonce="n1", version=0)
    with pytest.raises(BadInput, match="steps of 5"):
        live.submit_boards(teams, t.token, card=h, boards={**sheet(), "1o": Claim(83)}, nonce="n1", version=0)
    with pytest.raises(BadInput, match="scored board by board"):
        live.submit(teams, t.token, card=h, home_level="9", away_level="7", nonce="n1", version=0)
    with pytest.raises(BadInput, match="holds no entry card"):  # a phone without a card
        live.submit_boards(teams, t.token, card="x", boards=sheet(), nonce="n1", version=0)
    other = live.round_tokens(teams, 1)[1]
    h2 = phone(teams, other.home)
    with pytest.raises(BadInput, match="does not play at round 1 table 1"):  # another table's card
        live.submit_boards(teams, t.token, card=h2, boards=sheet(), nonce="n1", version=0)
    assert live.table_by_token(teams, t.token).version == 0
    live.submit_boards(teams, t.token, card=h, boards=sheet(), nonce="n1", version=0)
    with pytest.raises(BadInput, match="already used on another phone"):  # a second phone for the home card
        live.bind(teams, card_code(teams, t.home), None)
    # The home phone takes the away card: it keeps its secret, so it cannot confirm its own entry.
    assert phone(teams, t.away, h) == h
    with pytest.raises(BadInput, match="already entered for the other side"):
        live.submit_boards(teams, t.token, card=h, boards=sheet(), nonce="n3", version=1)
    phone(teams, t.home, h)  # back to its own card: the away card is free again
    a = phone(teams, t.away)
    with pytest.raises(BadInput, match="changed since you opened"):  # a stale form
        live.submit_boards(teams, t.token, card=a, boards=sheet(), nonce="n4", version=0)
    with pytest.raises(BadInput, match="out of date"):  # the nonce of another table: a wrong table's form
        live.submit_boards(teams, other.token, card=h2, boards=sheet(), nonce="n1", version=0)
    view = live.table_by_token(teams, t.token)
    assert view.version == 1 and view.source == "pending" and bs.board_sheet(teams, 1, t.table).missing == 12
    assert live.table_by_token(teams, other.token).version == 0


def test_the_round_closes_when_the_next_is_paired(teams: Desk) -> None:
    t = live.round_tokens(teams, 1)[0]
    for table in live.round_tokens(teams, 1):
        for board in range(1, 7):
            bs.record_board(teams, 1, table.table, board, open_points=40, closed_points=40)
    home = phone(teams, t.home)
    pair_next_round(teams)
    with pytest.raises(BadInput, match="Round 1 is closed"):
        live.submit_boards(teams, t.token, card=home, boards=sheet(), nonce="n1", version=0)

"""Mitchell tables entered from the phones (rules.md §7.5): the boards of the round, NS enters, EW confirms; a board
the sides differ on is disputed until the desk decides; entries checked and encoded two characters a board."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.live_phones import phone
from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def pairs(events: Events) -> Iterator[Desk]:
    """A Mitchell event of 3 tables, 2 boards a round; round 1 paired."""
    with events.create(name="牌套", format="mitchell", boards_per_round=2) as d:
        for i in range(6):
            es.add_entrant(d, f"对{i}")
        es.draw(d, seed=7)
        pair_next_round(d)
        yield d


def boards_enter(desk: Desk, t: live.LiveTableView, boards: dict[int, live.BoardClaim], *, card: str,
                 nonce: str) -> live.SubmissionOutcome:  # fmt: skip
    current = live.table_by_token(desk, t.token)
    return live.submit_boards(desk, t.token, card=card, boards=boards, nonce=nonce, version=current.version)


@pytest.mark.slow
def test_mitchell_ns_enters_the_boards_and_ew_confirms(pairs: Desk) -> None:
    from tournament_desk.services.results.pair_boards import table_boards

    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 2)
    home, away = phone(pairs, t.home), phone(pairs, t.away)  # NS, EW
    assert t.entry == "boards" and [b.board for b in t.boards] == [b.board for b in table_boards(pairs, 1, 2)]
    first, second = (b.board for b in t.boards)
    claims = {first: live.BoardClaim(85), second: live.BoardClaim(40, 0, 10)}
    assert boards_enter(pairs, t, claims, card=home, nonce="n1").outcome == "pending"
    assert all(b.points is None for b in table_boards(pairs, 1, 2))  # nothing recorded yet
    done = boards_enter(pairs, t, claims, card=away, nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    stored = {b.board: (b.points, b.penalty_ns, b.penalty_ew) for b in table_boards(pairs, 1, 2)}
    assert stored == {first: (85, 0, 0), second: (40, 0, 10)}
    assert round_view(pairs, 1).tables[1].kind == "played"
    actions = [a.action for a in audit_trail(pairs, round_no=1, table_no=2)]
    assert actions == ["live-entry", "live-entry", "board", "board"]
    with pytest.raises(BadInput, match="Both sides have confirmed"):
        boards_enter(pairs, t, claims, card=away, nonce="n3")


@pytest.mark.slow
def test_mitchell_a_board_the_sides_differ_on_is_disputed_until_the_desk_decides(pairs: Desk) -> None:
    from tournament_desk.services.results.pair_boards import record_pair_board, table_boards

    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 1)
    home, away = phone(pairs, t.home), phone(pairs, t.away)  # NS, EW
    first, second = (b.board for b in t.boards)
    boards_enter(pairs, t, {first: live.BoardClaim(85), second: live.BoardClaim(40)}, card=home, nonce="n1")
    out = boards_enter(
        pairs, t, {first: live.BoardClaim(90), second: live.BoardClaim(40)}, card=away, nonce="n2"
    )
    assert out.outcome == "disputed" and [b.disputed for b in out.table.boards] == [True, False]
    stored = {b.board: b.points for b in table_boards(pairs, 1, 1)}
    assert stored == {first: None, second: 40}  # the board they agree on is in
    assert [d.table for d in live.disputes(pairs)] == [1]
    with pytest.raises(BadInput, match="recorded already"):  # an agreed board stays as agreed
        boards_enter(
            pairs, t, {first: live.BoardClaim(90), second: live.BoardClaim(45)}, card=home, nonce="n3"
        )
    # The sides may still settle it themselves: NS takes EW's figure → confirmed.
    settled = boards_enter(
        pairs, t, {first: live.BoardClaim(90), second: live.BoardClaim(40)}, card=home, nonce="n4"
    )
    assert (
        settled.outcome == "confirmed" and {b.board: b.points for b in table_boards(pairs, 1, 1)}[first] == 90
    )
    # Another table: the director decides the disputed board.
    t3 = next(x for x in live.round_tokens(pairs, 1) if x.table == 3)
    a, b = (line.board for line in t3.boards)
    home3, away3 = phone(pairs, t3.home), phone(pairs, t3.away)
    boards_enter(pairs, t3, {a: live.BoardClaim(0), b: live.BoardClaim(120)}, card=home3, nonce="m1")
    boards_enter(pairs, t3, {a: live.BoardClaim(5), b: live.BoardClaim(120)}, card=away3, nonce="m2")
    decided = live.resolve_board(pairs, 1, 3, a, 5, reason="看了记分条")
    assert decided.source == "desk" and live.disputes(pairs) == []
    assert round_view(pairs, 1).tables[2].kind == "played"
    with pytest.raises(BadInput, match="desk has recorded"):
        boards_enter(pairs, t3, {a: live.BoardClaim(5), b: live.BoardClaim(120)}, card=away3, nonce="m3")
    # The desk's own board page wins the same way.
    record_pair_board(pairs, 1, 3, b, 125, correct=True, reason="更正")
    assert live.table_by_token(pairs, t3.token).source == "desk"


@pytest.mark.slow
def test_mitchell_entries_are_checked_and_encoded_in_two_characters_a_board(pairs: Desk) -> None:
    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 1)
    home = phone(pairs, t.home)  # NS
    first, second = (b.board for b in t.boards)
    with pytest.raises(BadInput, match=r"board \d+ is missing"):
        boards_enter(pairs, t, {first: live.BoardClaim(85)}, card=home, nonce="n1")
    with pytest.raises(BadInput, match="not board 99"):
        boards_enter(pairs, t, {first: live.BoardClaim(85), second: live.BoardClaim(5),
                                        99: live.BoardClaim(5)}, card=home, nonce="n1")  # fmt: skip
    with pytest.raises(BadInput, match="steps of 5"):
        live.parse_board_entry("83", None, None)
    with pytest.raises(BadInput, match="scored board by board"):
        live.submit(pairs, t.token, card=home, home_level="9", away_level="9", nonce="n1", version=0)
    assert live.table_by_token(pairs, t.token).version == 0
    assert live.parse_board_entry("85", "EW", "10") == live.BoardClaim(85, 0, 10)
    assert live.parse_board_entry("85", "南北", "80") == live.BoardClaim(85, 80, 0)
    assert live.parse_board_entry("85", "", "") == live.BoardClaim(85)
    claims = [
        live.BoardClaim(p, ns, ew) for p, ns, ew in [(0, 0, 0), (200, 0, 155), (315, 155, 0), (5, 0, 5)]
    ]
    claims *= live.MAX_BOARDS // len(claims)  # 80 board results: a duplicate round of 36 boards fits
    text = live.encode_boards(claims)
    assert len(text) == live.CLAIM_LENGTH == 160 and live.decode_boards(text) == claims
    with pytest.raises(BadInput, match="at most 80 boards"):
        live.encode_boards([*claims, live.BoardClaim(0)])
    with pytest.raises(BadInput, match="at most 155"):
        live.encode_boards([live.BoardClaim(0, 160, 0)])

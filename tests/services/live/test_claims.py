"""What the phones claim, as values (services/live/claims.py): a level claim, the two-character board code, the
desk's "side on stage" and the claim as a page prints it."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.live.claims import (
    MAX_BOARDS,
    BoardClaim,
    decode_boards,
    encode_boards,
    format_claim,
    level_claim,
    parse_board_entry,
    parse_level_claim,
    split_on_stage,
)


def test_a_level_claim_reads_back_with_and_without_the_side_on_stage() -> None:
    assert parse_level_claim(level_claim(9, 7)) == ((9, 7), None)
    assert parse_level_claim(level_claim(9, 9, "away")) == ((9, 9), "away")
    assert parse_level_claim(None) == (None, None)
    assert parse_level_claim("AB") == (None, None)  # a board claim, not a level claim


def test_board_claims_survive_their_two_character_code() -> None:
    claims = [BoardClaim(0), BoardClaim(85, 10, 0), BoardClaim(120, 0, 155), BoardClaim(315)]
    code = encode_boards(claims)
    assert len(code) == 2 * len(claims)
    assert decode_boards(code) == claims


def test_a_code_that_is_no_board_code_decodes_to_none() -> None:
    assert decode_boards(None) is None
    assert decode_boards("9:7") is None  # a level claim
    assert decode_boards("abc") is None  # odd length


@pytest.mark.parametrize(
    ("claim", "refusal"),
    [
        (BoardClaim(87), "steps of 5"),
        (BoardClaim(-5), "steps of 5"),
        (BoardClaim(320), "steps of 5"),
        (BoardClaim(40, 10, 10), "one side only"),
        (BoardClaim(40, 160, 0), "at most 155"),
    ],
)
def test_what_a_phone_cannot_enter_is_refused(claim: BoardClaim, refusal: str) -> None:
    with pytest.raises(BadInput, match=refusal):
        encode_boards([claim])


def test_more_boards_than_a_claim_holds_are_refused() -> None:
    encode_boards([BoardClaim(40)] * MAX_BOARDS)
    with pytest.raises(BadInput, match="at most"):
        encode_boards([BoardClaim(40)] * (MAX_BOARDS + 1))


def test_a_board_as_a_phone_sends_it() -> None:
    assert parse_board_entry("85", "ew", "10") == BoardClaim(85, 0, 10)
    assert parse_board_entry(40, "NS", 15) == BoardClaim(40, 15, 0)
    assert parse_board_entry("40", "-", "15") == BoardClaim(40)  # no side: no penalty
    assert parse_board_entry("40", "NS", "0") == BoardClaim(40)
    assert BoardClaim(85, 0, 10).text() == "85 +EW 10" and BoardClaim(85, 0, 10).penalty == ("EW", 10)


def test_the_side_on_stage_typed_after_the_away_level() -> None:
    assert split_on_stage("9:主") == ("9", "home")
    assert split_on_stage("9：客") == ("9", "away")  # a full-width colon
    assert split_on_stage("A:away") == ("A", "away")
    assert split_on_stage("9") == ("9", None)
    assert split_on_stage(9) == (9, None)


def test_a_claim_as_the_page_prints_it() -> None:
    assert format_claim(None) == ""
    assert format_claim((9, 7)) == "9 : 7"
    assert format_claim((9, 9), "away") == "9 : 9 · away on stage"

"""The entry pages' words: the card's page, a claim of levels in words, and when the other side's entry shows."""

from __future__ import annotations

from types import SimpleNamespace

from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.scoring import Outcome
from tournament_desk.web.entry_pages import (
    card_html,
    code_form_html,
    levels_words,
    no_card_html,
    shows_their_entry,
)

TABLE = SimpleNamespace(home="四川<三>队", away="福州三队")
Q, NINE = parse_level("Q"), parse_level("9")


def levels(claim: tuple[int, int], stage: str | None = None, outcome: Outcome | None = None) -> str:
    return levels_words("en", TABLE, claim, stage, outcome)  # type: ignore[arg-type]


def test_a_claim_in_words_with_the_winner_or_the_draw() -> None:
    assert levels((Q, NINE)) == "四川&lt;三&gt;队 Q, 福州三队 9"
    assert (
        levels((Q, NINE), outcome=Outcome(3.0, 0.0, 13, 7))
        == "四川&lt;三&gt;队 Q, 福州三队 9: 四川&lt;三&gt;队 wins 13:7"
    )
    assert levels((NINE, NINE), outcome=Outcome(1.5, 1.5, 10, 10)).endswith("a draw 10:10")


def test_the_side_on_stage_is_named_only_at_equal_levels() -> None:
    assert levels((NINE, NINE), stage="away").endswith("(福州三队 on stage)")
    assert "on stage" not in levels((Q, NINE), stage="away")


def view(**kw: object) -> SimpleNamespace:
    base = {"home_claim": None, "away_claim": None, "source": None, "locked": False, "by_boards": False}
    return SimpleNamespace(**{**base, **kw})


def test_their_entry_shows_when_they_entered_and_i_have_not_or_we_differ() -> None:
    theirs = (Q, NINE)
    assert shows_their_entry(view(away_claim=theirs), "home")  # type: ignore[arg-type]
    assert not shows_their_entry(view(away_claim=theirs), "away")  # type: ignore[arg-type]
    assert not shows_their_entry(view(home_claim=theirs, away_claim=theirs, source="entered"), "home")  # type: ignore[arg-type]
    assert shows_their_entry(view(home_claim=(NINE, Q), away_claim=theirs, source="disputed"), "home")  # type: ignore[arg-type]
    for closed in (view(away_claim=theirs, locked=True), view(away_claim=theirs, source="desk"),
                   view(away_claim=theirs, by_boards=True)):  # fmt: skip
        assert not shows_their_entry(closed, "home")  # type: ignore[arg-type]


def test_the_card_pages_escape_names_and_offer_the_code_form() -> None:
    card = SimpleNamespace(name="甲<b>", players=("张", "李"))
    held = SimpleNamespace(name="乙队", players=())
    html = card_html("en", card, held)  # type: ignore[arg-type]
    assert "甲&lt;b&gt;" in html and "甲<b>" not in html
    assert "This phone holds the card of 乙队 now" in html and "(张、李)" in html
    assert "holds the card" not in card_html("en", card, None)  # type: ignore[arg-type]
    assert 'action="/card"' in code_form_html("en") and 'name="code"' in code_form_html("en")
    missing = no_card_html("en", "<no card>")
    assert "&lt;no card&gt;" in missing and 'action="/card"' in missing

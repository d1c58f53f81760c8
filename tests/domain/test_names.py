"""One normal form for names (issue 15): what looks the same is the same entrant."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.names import checked_name, normal_form, similar_key


@pytest.mark.parametrize(
    ("typed", "same_as"),
    [
        ("ＡＢＣ", "ABC"),
        ("Team１", "Team1"),
        ("东风队\u200b", "东风队"),
        ("\ufeff东风队", "东风队"),
        ("Cafe\u0301", "Café"),
        ("  红旗队  ", "红旗队"),
        ("红 旗队", "红旗队"),
        ("红\u3000旗队", "红旗队"),  # an ideographic space from a Chinese input method
        ("Team   1", "Team 1"),
    ],
)
def test_what_looks_the_same_is_the_same(typed: str, same_as: str) -> None:
    assert normal_form(typed) == normal_form(same_as) == same_as


@pytest.mark.parametrize("bad", ["东风\x00队", "bell\x07", "\x1b[31mred\x1b[0m", "tab\x7f"])
def test_control_characters_are_refused(bad: str) -> None:
    with pytest.raises(BadInput, match="control character"):
        normal_form(bad)


def test_lengths_are_bounded() -> None:
    assert checked_name("队" * 40) == "队" * 40
    with pytest.raises(BadInput, match="longer than 40"):
        checked_name("队" * 41)
    with pytest.raises(BadInput, match="longer than 60"):
        checked_name("单" * 61, what="unit", most=60)


def test_near_duplicates_share_a_similar_key() -> None:
    assert similar_key("Team-1") == similar_key("team 1") == similar_key("TEAM_1")
    assert similar_key("东风队") != similar_key("东风一队")


printable = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)


@given(printable)
def test_the_normal_form_is_stable(text: str) -> None:
    once = normal_form(text)
    assert normal_form(once) == once
    assert once == once.strip() and "  " not in once and "\u200b" not in once

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level, parse_level


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("2", 2),
        ("9", 9),
        ("10", 10),
        ("J", 11),
        ("j", 11),
        ("Q", 12),
        ("q", 12),
        ("K", 13),
        ("k", 13),
        ("A", 14),
        ("a", 14),
        ("11", 11),
        ("12", 12),
        ("13", 13),
        ("14", 14),
        ("勾", 11),
        ("圈", 12),
        ("尖", 14),
        ("过A", 15),
        ("过a", 15),
        ("A+", 15),
        ("a+", 15),
        ("15", 15),
        (" 9 ", 9),
        ("１０", 10),
        ("Ａ", 14),
        (7, 7),
    ],
)
def test_parse_accepts_every_form_of_spec_4(text: object, level: int) -> None:
    assert parse_level(text) == level


@pytest.mark.parametrize("text", ["1", "B", "16", "", "   ", "0", "-3", "2.5", "AA", "大王", None])
def test_parse_refuses_what_is_not_a_level(text: object) -> None:
    with pytest.raises(BadInput) as info:
        parse_level(text)
    assert info.value.exit_code == 2
    assert "level" in str(info.value)


@given(st.integers(min_value=2, max_value=15))
def test_format_round_trips(level: int) -> None:
    assert parse_level(format_level(level)) == level


def test_format_names() -> None:
    assert [format_level(x) for x in (2, 10, 11, 12, 13, 14, 15)] == ["2", "10", "J", "Q", "K", "A", "过A"]
    with pytest.raises(ValueError):
        format_level(16)

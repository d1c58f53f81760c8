"""How ``tdesk`` prints: numbers without needless decimals, tables aligned on Chinese double-width characters."""

from __future__ import annotations

from tournament_desk.cli.output import change_text, number, pad, text_table, text_width


def test_numbers_lose_a_needless_decimal_and_keep_two_places() -> None:
    assert number(3.0) == 3 and isinstance(number(3.0), int)
    assert number(1.5) == 1.5
    assert number(10.3333) == 10.33


def test_a_chinese_character_is_two_columns_wide() -> None:
    assert text_width("abc") == 3
    assert text_width("同济") == 4
    assert text_width("A队") == 3


def test_padding_counts_display_columns_on_either_side() -> None:
    assert pad("队", 4) == "队  "
    assert pad("7", 3, right=True) == "  7"
    assert pad("很长的名字", 2) == "很长的名字"  # never cut


def test_a_table_lines_up_its_columns_and_right_aligns_the_numeric_ones() -> None:
    out = text_table(["Name", "VP"], [["甲队", 15], ["Tigers", 7.5], ["乙", None]], numeric={1})
    assert out.splitlines() == [
        "Name     VP",
        "甲队     15",
        "Tigers  7.5",
        "乙",
    ]
    widths = {text_width(line) for line in out.splitlines()[:3]}
    assert widths == {11}


def test_a_change_shows_old_and_new_as_json_and_shortens_long_values() -> None:
    assert change_text(None, {"level": "A"}) == '{"level": "A"}'
    assert change_text("9", "10") == '"9" → "10"'
    long = change_text(None, "名" * 100)
    assert len(long) == 58 and long.endswith("…")

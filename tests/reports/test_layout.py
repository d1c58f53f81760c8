"""The shared layout helpers: fitting text into cells, numbers, wrapping."""

from __future__ import annotations

from tournament_desk.reports.fonts import text_width
from tournament_desk.reports.layout import fit, num, wrap


def test_numbers_print_without_needless_decimals() -> None:
    assert [num(7.0), num(7.5), num(12), num(10.333333), num(None), num(-0.0)] == [
        "7", "7.5", "12", "10.33", "", "0",
    ]  # fmt: skip


def test_fit_shrinks_a_little_then_cuts_with_an_ellipsis() -> None:
    assert fit("同济四队", 100, 10) == ("同济四队", 10)
    text, size = fit("同济四队", 36, 10)  # slightly too wide: set smaller
    assert text == "同济四队" and size < 10
    long_name = "很长的名字" * 40
    text, size = fit(long_name, 120, 10)
    assert text.endswith("…") and text_width(text, size) <= 120
    assert long_name.startswith(text[:-1])


def test_wrap_breaks_chinese_anywhere_and_latin_at_spaces() -> None:
    lines = wrap("升级表" * 30 + " level table words", 150, 8)
    assert all(text_width(line, 8) <= 150 for line in lines)
    assert "".join(lines).replace(" ", "") == ("升级表" * 30 + "level table words").replace(" ", "")
    assert not any(line.endswith("lev") for line in lines)

"""The shared layout helpers: fitting text into cells, numbers, wrapping, the font lookup."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from tests.reports import poppler
from tournament_desk.domain.rules import preset_rules
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.certificates import build_certificates
from tournament_desk.reports.fonts import cjk_font, text_width
from tournament_desk.reports.layout import fit, num, wrap
from tournament_desk.reports.model import EventHeader, StandingsData
from tournament_desk.reports.scoresheets import level_table_text, scale_text
from tournament_desk.reports.standings import build_standings
from tournament_desk.resources import resource_path


def test_the_font_is_found_beside_the_package_and_registered_once() -> None:
    path = resource_path("fonts", "wqy-microhei.ttc")
    assert path.is_file() and path.stat().st_size < 10_000_000
    assert cjk_font() == cjk_font()
    assert text_width("队", 10) > text_width("1", 10) > 0


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


def test_the_rules_print_on_the_scoresheet() -> None:
    text = level_table_text(preset_rules("two-deck-80-by-40"))
    assert "0 分 庄家升 3 级" in text and "80–115 分 防家上台" in text and "每多 40 分再升 1 级" in text
    assert "1.5:1.5" in scale_text(preset_rules())


def test_a_long_name_and_a_withdrawal_in_the_standings(tmp_path: Path) -> None:
    """Built from plain data, without a database: a 200-character name stays inside its cell."""
    long_name = "超长队名" * 50
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队", "一单位", 1), 3.0, 15, 1.5, 1, 0.0, None),
        StandingRow(2, StandingEntrant(2, long_name, None, 2, withdrawn=True), 1.5, 5, 3.0, 1, 0.5, "mp"),
    )
    data = StandingsData(EventHeader("测试", datetime(2026, 5, 1, 9, 30)), 1, rows, complete=False)
    out = tmp_path / "s.pdf"
    build_standings(out, data)
    text = poppler.text(out)
    assert "甲队" in text and "…" in text and "-0.5" in text
    assert "这些轮次仍有成绩未录入" in text
    assert "打印时间 Printed 2026-05-01 09:30" in text


def test_certificates_carry_the_last_day_of_the_event(tmp_path: Path) -> None:
    rows = (StandingRow(1, StandingEntrant(1, "甲队", "一单位", 1), 3.0, 15, 1.5, 1, 0.0, None),)
    event = EventHeader("秋季联赛", datetime(2026, 5, 1, 9, 30), ends_on=date(2026, 10, 3))
    out = tmp_path / "c.pdf"
    build_certificates(out, StandingsData(event, 1, rows, complete=True))
    compact = "".join(poppler.text(out).split())
    assert "2026年10月3日" in compact and "第1名" in compact and "秋季联赛" in compact

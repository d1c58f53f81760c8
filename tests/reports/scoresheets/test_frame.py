"""The scoresheet frame: the rule set printed on every scoresheet."""

from __future__ import annotations

from tournament_desk.domain.rules import preset_rules
from tournament_desk.reports.scoresheets.frame import level_table_text


def test_the_rules_print_on_the_scoresheet() -> None:
    text = level_table_text(preset_rules("two-deck-80-by-40"))
    assert "0 分 庄家升 3 级" in text and "80–115 分 防家上台" in text and "每多 40 分再升 1 级" in text

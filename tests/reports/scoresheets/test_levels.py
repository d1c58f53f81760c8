"""The levels scoresheet's printed scale: VP from the level difference, MP steps, the forfeit award."""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.rules import MP_SCALE_WIN_DRAW_LOSS, Award, preset_rules
from tournament_desk.reports.scoresheets.levels import scale_text


def test_the_scale_prints_on_the_scoresheet() -> None:
    assert "1.5:1.5" in scale_text(preset_rules())


def test_the_scale_follows_the_rule_set() -> None:
    rules = replace(preset_rules(), forfeit_win=Award(2.5, 12), mp_scale=MP_SCALE_WIN_DRAW_LOSS)
    text = scale_text(rules)
    assert f"N ≥ {rules.vp_cap} 为 {10 + rules.vp_cap}:{10 - rules.vp_cap}" in text
    assert "弃权：对方得 2.5 场分、12 标准分" in text
    assert "3:0" in text and "1:1" in text  # win 3, draw 1 each
    assert text.index("3:0") < text.index("1:1")  # the largest difference first

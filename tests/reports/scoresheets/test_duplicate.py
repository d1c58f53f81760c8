"""The duplicate scoresheet's words: how the boards are scored, and the pair a team sends to each room."""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.rules import RuleSet
from tournament_desk.reports.model import EntrantData
from tournament_desk.reports.scoresheets.duplicate import pair_of, scoring_text


def test_the_first_two_players_go_to_the_open_room_the_next_two_to_the_closed() -> None:
    team = EntrantData("甲队", "一中", ("张", "李", "王", "赵", "钱"))
    assert pair_of(team, "open") == "张、李"
    assert pair_of(team, "closed") == "王、赵"
    assert pair_of(EntrantData("乙队", None, ("孙",)), "closed") == ""
    assert pair_of(None, "open") == ""


def test_the_scoring_note_names_the_points_table_only_when_it_is_used() -> None:
    plain = scoring_text(RuleSet())
    assert "X.M.P" in plain and "级分换算表" not in plain
    table = scoring_text(replace(RuleSet(), duplicate_conversion="points-table"))
    assert table.startswith(plain) and "本赛事按级分换算表" in table
    first = RuleSet().points_table[0]
    assert f"{first.min_difference} 分 {first.levels} 级" in table

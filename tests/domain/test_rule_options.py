"""Rule-set options as the director types them: parsed, checked, and refused in one sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rule_options import (
    apply_options,
    check_level_table,
    check_rules,
    level_table_from_json,
    mp_scale_name,
    parse_award,
    parse_pairs,
    parse_tiebreaks,
    parse_vp,
    team_pairs_text,
)
from tournament_desk.domain.rules import LEVEL_TABLES, Award, Band, LevelTable, RuleSet
from tournament_desk.i18n import render


def test_awards_and_vp_read_chinese_punctuation_too() -> None:
    assert parse_award("2.5:12") == Award(2.5, 12.0)
    assert parse_award("3：20") == Award(3.0, 20.0)
    assert parse_vp("12，5") == 12.5


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2.5", "write MP:VP"),
        ("3.5:10", "0 to 3 in steps of 0.5"),
        ("1.25:10", "0 to 3 in steps of 0.5"),
        ("2:21", "between 0 and 20"),
        ("2:10.55", "to one decimal"),
        ("x:10", "'x' is not a number of MP"),
        ("2:nan", "is not a number of VP"),
    ],
)
def test_a_bad_award_is_one_sentence(text: str, says: str) -> None:
    with pytest.raises(BadInput, match=says):
        parse_award(text)


def test_tiebreaks_in_order_each_once() -> None:
    assert parse_tiebreaks(" VP, mp，opp_mp ") == ("vp", "mp", "opp_mp")
    for bad in ("mp,mp", "mp,buchholz", ""):
        with pytest.raises(BadInput, match="each once"):
            parse_tiebreaks(bad)


def test_a_level_table_read_from_json() -> None:
    table = level_table_from_json(
        {"bands": [{"low": 0, "high": 75, "change": 1}, {"low": 80, "change": 0, "step": 40}]}
    )
    assert table == LevelTable("custom", (Band(0, 75, 1), Band(80, None, 0, 40)))
    with pytest.raises(BadInput, match='list of "bands"'):
        level_table_from_json([])
    with pytest.raises(BadInput, match="Band 2 of the level table needs whole numbers"):
        level_table_from_json({"bands": [{"low": 0, "high": 5, "change": 1}, {"low": "10", "change": 0}]})


@pytest.mark.parametrize(
    ("bands", "says"),
    [
        ((), "at least one band"),
        ((Band(5, None, 0),), "must start at 0 points, not 5"),
        ((Band(0, 12, 1), Band(15, None, 0)), "Band 1 .* multiples of 5"),
        ((Band(0, 40, 1), Band(40, None, 0)), "overlaps band 1"),
        ((Band(0, 40, 1), Band(50, None, 0)), "leaves a gap after band 1"),
        ((Band(0, 40, 1), Band(45, 80, 0)), "must be open-ended"),
        ((Band(0, None, 1), Band(5, None, 0)), "comes after an open-ended band"),
        ((Band(0, 40, 1, 5), Band(45, None, 0)), "only the last band can"),
    ],
)
def test_a_bad_level_table_points_at_the_band(bands: tuple[Band, ...], says: str) -> None:
    with pytest.raises(BadInput, match=says):
        check_level_table(LevelTable("custom", bands))


def test_every_preset_level_table_is_sound() -> None:
    for table in LEVEL_TABLES.values():
        assert check_level_table(table) is table


def test_options_change_only_what_is_given() -> None:
    rules = apply_options(
        RuleSet(), {"forfeit": "2:15", "mp_scale": "win-draw-loss", "tiebreaks": "vp,mp", "bye": None}
    )
    assert rules.forfeit_win == Award(2.0, 15.0)
    assert mp_scale_name(rules) == "win-draw-loss" and mp_scale_name(RuleSet()) == "levels"
    assert rules.tiebreaks == ("vp", "mp")
    assert rules.bye == RuleSet().bye
    with pytest.raises(BadInput, match="Unknown rule preset 'nope'"):
        apply_options(RuleSet(), {"preset": "nope"})
    with pytest.raises(BadInput, match="late-arrival limit is 0 to 120"):
        apply_options(RuleSet(), {"late_minutes": 500})
    with pytest.raises(BadInput, match="Unknown ruling award 'coin'"):
        apply_options(RuleSet(), {"ruling_award": "coin"})


def test_the_pairs_of_a_team_match_are_an_odd_number_from_3_to_9() -> None:
    assert apply_options(RuleSet(), {"pairs": "7"}).team_pairs == 7
    assert apply_options(RuleSet(), {"pairs": 3}).team_pairs == 3
    assert parse_pairs(" 9 ") == 9
    for bad in ("4", "11", "1", "five", "-5"):
        with pytest.raises(BadInput, match="odd number of pairs from 3 to 9"):
            apply_options(RuleSet(), {"pairs": bad})
    with pytest.raises(BadInput, match="not 6"):
        check_rules(replace(RuleSet(), team_pairs=6))
    assert (
        render(team_pairs_text(RuleSet()), "zh")
        == "每队 5 对；5 局中胜 3 局的队赢得本场：胜队得 3 分，负队得 1 分；弃权场次 3 比 0"
    )
    assert render(team_pairs_text(RuleSet()), "en") == (
        "5 pairs a team; the team winning 3 of the 5 pair games wins the match: 3 points, the loser 1; a "
        "forfeited match 3 and 0"
    )

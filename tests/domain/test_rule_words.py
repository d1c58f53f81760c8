"""rule_words: the one wording of a rule set the window and ``tdesk rules`` share, with no internal codes."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.rule_options import LATE_AWARDS, MP_SCALES, RULING_AWARDS
from tournament_desk.domain.rule_words import (
    band_sentence,
    describe_rules,
    plain,
    preset_name,
    table_name,
    tiebreak_name,
)
from tournament_desk.domain.rules import LEVEL_TABLES, TIEBREAKS, Band, LevelTable, RuleSet
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render

CODES = (*RULING_AWARDS, *LATE_AWARDS, *MP_SCALES, *TIEBREAKS, *LEVEL_TABLES, "level-table", "points-table")


def shown(rules: RuleSet, mode: str | None = None, lang: str = "en") -> dict[str, str]:
    described = describe_rules(rules, scoring_mode(mode) if mode else None)
    return {render(label, lang): render(text, lang) for label, text in described}


def test_the_default_rules_in_english_and_chinese() -> None:
    en = shown(RuleSet())
    assert en["Level table"] == "Two decks, 80 points, a level per 40 points"
    assert en["Tiebreaks"] == "MP → VP → opponents' score"
    assert (
        en["Match points (MP)"] == "By level difference: ≥ 3 → 3 : 0, 2 → 2.5 : 0.5, 1 → 2 : 1, 0 → 1.5 : 1.5"
    )
    zh = shown(RuleSet(), lang="zh")
    assert zh["排名依据"] == "场分 → 标准分 → 对手分"
    assert zh["判负"] == "违规方得 0 分；对方得固定 12 标准分"
    assert zh["升级表"] == "两副牌，80 分上台，每 40 分一级"


@pytest.mark.slow
@given(
    st.sampled_from(RULING_AWARDS),
    st.sampled_from(LATE_AWARDS),
    st.sampled_from(sorted(MP_SCALES)),
    st.permutations(TIEBREAKS),
    st.sampled_from(sorted(LEVEL_TABLES)),
    st.sampled_from(["levels", "duplicate", "team-match"]),
)
def test_no_internal_code_is_shown(
    ruling: str, late: str, scale: str, order: list[str], preset: str, mode: str
) -> None:
    rules = replace(
        RuleSet(),
        ruling_award=ruling,  # type: ignore[arg-type]
        late_award=late,  # type: ignore[arg-type]
        mp_scale=MP_SCALES[scale],
        tiebreaks=tuple(order),
        level_table=LEVEL_TABLES[preset],
    )
    for label, text in shown(rules, mode, "en").items():
        assert not any(code in text for code in CODES if "-" in code or "_" in code), (label, text)
    for label, text in shown(rules, mode, "zh").items():  # 场分：levels, 判负：fixed were seen (issue 31)
        assert not re.search(r"[A-Za-z]{3,}", label + text), (label, text)


def test_each_mode_gets_its_own_lines() -> None:
    team = shown(RuleSet(), "team-match")
    assert team["Team match"].startswith("5 pairs a team; the team winning 3 of the 5 pair games")
    assert (
        team["Ranking"]
        == "total points → the result between the tied teams → game ratio (pair games won ÷ lost) → shared rank"
    )
    assert "Victory points (VP)" not in team and "Tiebreaks" not in team
    assert "Duplicate boards" not in shown(RuleSet(), "levels")
    boards = shown(replace(RuleSet(), duplicate_conversion="points-table"), "duplicate")
    assert boards["Duplicate boards"].startswith(
        "the rooms' point difference by the conversion table (20:1, 40:2"
    )


def test_an_edited_table_and_a_code_from_a_newer_file() -> None:
    bands = (Band(0, 0, 3), Band(5, None, 0))
    assert (
        render(table_name(LevelTable("two-deck-80-by-40", bands)), "zh")
        == "两副牌，80 分上台，每 40 分一级，已修改"
    )
    assert render(table_name(LevelTable("我的表", bands))) == "我的表, edited"
    assert render(preset_name("future-table")) == "future-table"
    assert render(tiebreak_name("h2h")) == "h2h"
    assert render(plain("{not a field}"), "zh") == "{not a field}"
    assert (
        render(band_sentence(Band(160, None, -2, 40)), "zh")
        == "160 分及以上 → 防家上台并升 2 级，此后每多 40 分再升一级"
    )


def test_every_line_reads_in_chinese() -> None:
    """No English left in the Chinese of any mode's lines (VP and MP stand beside their Chinese names)."""
    for mode in ("levels", "team-match", "duplicate"):
        for label, text in shown(RuleSet(), mode, "zh").items():
            assert not re.search(r"[A-Za-z]{3,}", label + text), (label, text)

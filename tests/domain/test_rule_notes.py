"""rule_notes: every rule-set option explained, with a real article of a seed (or said to be the program's
default), an example that agrees with the scoring, and a Chinese text for every word of it."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.errors import Message
from tournament_desk.domain.rule_notes import NOTES, SEEDS, applicable_keys, note_lines, rule_notes
from tournament_desk.domain.rules import LEVEL_TABLES, MP_SCALE_WIN_DRAW_LOSS, RuleSet
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.i18n import render
from tournament_desk.i18n.zh_cn import CATALOGUE

SEED_DIR = Path("/work/shared/seeds")


def templates(message: object) -> list[str]:
    """Every template of a message and of the messages inside it."""
    if isinstance(message, Message):
        return [message.template, *(t for value in message.params.values() for t in templates(value))]
    if isinstance(message, list | tuple):
        return [t for value in message for t in templates(value)]
    return []


def test_every_field_of_a_rule_set_has_its_note() -> None:
    assert set(NOTES) == {f.name for f in fields(RuleSet)}
    assert [note.key for note in rule_notes()] == list(applicable_keys(RuleSet()))


def test_every_note_follows_a_seed_or_says_it_is_the_programs_default() -> None:
    for note in rule_notes(keys=NOTES):
        assert note.sources or note.default is not None, note.key
        for source in note.sources:
            assert source.params["seed"] in SEEDS
    bye = rule_notes(keys=["bye"])[0]
    assert bye.sources == () and "no regulation" in render(bye.default, "en")  # type: ignore[arg-type]


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason="the seeds are outside the repository")
def test_the_articles_cited_are_in_the_seeds() -> None:
    """The Chinese of each citation names an article that the seed's text really has."""
    texts = {p.name[:3]: p.read_text(encoding="utf-8") for p in SEED_DIR.glob("*.txt")}
    anchors = {"第十八条": "000", "第十九条": "000", "第二十条": "000", "标准分转换表": "000", "附件1": "004"}
    for note in rule_notes(keys=NOTES):
        for source in note.sources:
            article = render(source.params["article"], "zh")  # type: ignore[arg-type]
            for anchor, seed in anchors.items():
                if anchor in article:
                    assert source.params["seed"] == seed and anchor in texts[seed], (note.key, article)
    assert "每40分为一个升级单位" in texts["003"] and "喜羊羊杯" in texts["004"]
    assert "迟到超过 10 分钟" in texts["002"] and "比赛一方迟到超过10分钟" in texts["001"]


def test_every_word_of_every_note_has_its_chinese() -> None:
    rules = replace(RuleSet(), ruling_award="own-average", withdrawal_award="own-average")
    for chosen in (RuleSet(), rules):
        for note in rule_notes(chosen, keys=NOTES):
            for line in [note.title, *note_lines(note)]:
                worded = [t for t in templates(line) if re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", t))]
                missing = [t for t in worded if t not in CATALOGUE]
                assert not missing, (note.key, missing)
                zh = render(line, "zh")
                assert not re.search(r"[A-Za-z]{4,}", zh.replace("XMP", "")), zh


def test_the_examples_agree_with_the_rules_in_force() -> None:
    notes = {n.key: render(n.example, "en") for n in rule_notes(keys=NOTES)}
    assert "N = 3 → 13 : 7" in notes["vp_cap"] and "12 → 20 : 0" in notes["vp_cap"]
    assert "2 → 2.5 : 0.5 MP" in notes["mp_scale"]
    assert "defenders take the stage and go up 1 level" in notes["level_table"]
    assert "12 VP → N = 2, 2.5 MP; 11.5 VP would give 2 MP" in notes["ruling_fixed_vp"]
    assert "13 VP and 3 MP" in notes["ruling_award"]
    assert "8 MP" in notes["deduction_step"]
    edited = replace(
        RuleSet(),
        level_table=LEVEL_TABLES["one-deck-40"],
        mp_scale=MP_SCALE_WIN_DRAW_LOSS,
        late_arrival_minutes=15,
        vp_cap=5,
    )
    shown = {n.key: render(n.example, "en") for n in rule_notes(edited, keys=NOTES)}
    assert "go up 2 levels" in shown["level_table"] and "One deck" in shown["level_table"]
    assert "2 → 3 : 0 MP" in shown["mp_scale"] and "equal levels → 1 : 1 MP" in shown["mp_scale"]
    assert "Limit 15 minutes: a pair 17 minutes late" in shown["late_arrival_minutes"]
    assert "7 → 15 : 5" in shown["vp_cap"]


def test_only_the_options_an_event_uses_are_explained() -> None:
    rules = RuleSet()
    team = applicable_keys(rules, scoring_mode("team-match"))
    assert "team_pairs" in team and "vp_cap" not in team and "tiebreaks" not in team
    levels = applicable_keys(rules, scoring_mode("levels"))
    assert "team_pairs" not in levels and "duplicate_conversion" not in levels and "vp_cap" in levels
    assert "duplicate_conversion" in applicable_keys(rules, scoring_mode("duplicate"))
    assert [n.key for n in rule_notes(rules, scoring_mode("levels"), ["bye", "team_pairs", "nothing"])] == [
        "bye"
    ]


@pytest.mark.slow
@given(
    st.integers(0, 120),
    st.sampled_from(sorted(LEVEL_TABLES)),
    st.integers(0, 40).map(lambda n: n / 2),
    st.integers(3, 9).filter(lambda n: n % 2),
)
def test_a_note_can_be_made_for_any_valid_rule_set(minutes: int, preset: str, vp: float, pairs: int) -> None:
    rules = replace(
        RuleSet(),
        late_arrival_minutes=minutes,
        level_table=LEVEL_TABLES[preset],
        ruling_fixed_vp=vp,
        withdrawal_vp=vp,
        team_pairs=pairs,
    )
    for note in rule_notes(rules, keys=NOTES):
        for lang in ("en", "zh"):
            assert all(render(line, lang) for line in note_lines(note))
    team = rule_notes(rules, keys=["team_pairs"])[0]
    assert f"winning {pairs // 2 + 1} of the {pairs} games" in render(team.example, "en")

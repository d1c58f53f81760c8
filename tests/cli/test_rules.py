"""``tdesk rules`` as rules.md §12 gives it: read, change every option before round 1, refuse after, audit."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.conftest import Tdesk, fingerprint
from tournament_desk.domain.rule_options import LATE_AWARDS, MP_SCALES, RULING_AWARDS, apply_options
from tournament_desk.domain.rules import DUPLICATE_CONVERSIONS, LEVEL_TABLES, WITHDRAWAL_AWARDS, RuleSet


def new(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "规则赛").code == 0


halves = st.integers(0, 6).map(lambda n: n / 2)
vps = st.integers(0, 200).map(lambda n: n / 10)
options = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from(sorted(LEVEL_TABLES)),
        "ruling_award": st.sampled_from(RULING_AWARDS),
        "ruling_vp": vps.map(str),
        "forfeit": st.tuples(halves, vps).map(lambda a: f"{a[0]:g}:{a[1]:g}"),
        "bye": st.tuples(halves, vps).map(lambda a: f"{a[0]:g}:{a[1]:g}"),
        "late_award": st.sampled_from(LATE_AWARDS),
        "late_minutes": st.integers(1, 120),
        "mp_scale": st.sampled_from(sorted(MP_SCALES)),
        "withdrawal_award": st.sampled_from(WITHDRAWAL_AWARDS),
        "withdrawal_vp": vps.map(str),
        "tiebreaks": st.permutations(["mp", "vp", "opp_mp"]).map(",".join),
        "board_conversion": st.sampled_from(DUPLICATE_CONVERSIONS),
        "points_table": st.sampled_from(["20:1,40:2,60:3", "10:1, 30:2", "25:1；50:2；75:3；100:4"]),
    },
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options)
def test_every_option_round_trips_through_json(
    tdesk: Tdesk, tmp_path_factory: pytest.TempPathFactory, chosen: dict[str, Any]
) -> None:
    path = tmp_path_factory.mktemp("rules") / "r.tdesk"
    new(tdesk, path)
    args: list[object] = []
    for key, value in chosen.items():
        args += ["--" + key.replace("_", "-"), value]
    run = tdesk("rules", path, *args, "--json")
    assert run.code == 0, run.err
    shown = run.json()
    expected = apply_options(RuleSet(), chosen)
    assert RuleSet.from_dict(shown) == expected
    assert RuleSet.from_dict(json.loads(json.dumps(expected.to_dict()))) == expected
    assert tdesk("rules", path, "--json").json() == shown  # stored, not just printed
    if "mp_scale" in chosen:
        assert shown["mp_scale_name"] == chosen["mp_scale"]


@pytest.mark.slow
def test_changes_are_audited_and_refused_once_round_one_is_paired(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "r.tdesk"
    new(tdesk, path)
    assert tdesk("rules", path, "--mp-scale", "win-draw-loss", "--reason", "小组赛").code == 0
    audit = [a for a in tdesk("audit", path, "--json").json() if a["action"] == "rules"]
    assert len(audit) == 1 and audit[0]["reason"] == "小组赛"
    assert audit[0]["new"]["mp_scale"] != audit[0]["old"]["mp_scale"]
    for name in ("甲", "乙"):
        tdesk("entrant", "add", path, name)
    tdesk("pair", path)
    before = fingerprint(path)
    late = tdesk("rules", path, "--bye", "2:10")
    assert late.code == 2 and "once round 1 has been paired" in late.err
    assert fingerprint(path) == before
    assert tdesk("rules", path).code == 0  # reading is always allowed


@pytest.mark.parametrize(
    ("bands", "says"),
    [
        (
            [
                {"low": 0, "high": 0, "change": 3},
                {"low": 10, "high": 75, "change": 1},
                {"low": 80, "change": 0},
            ],
            "Band 2 of the level table starts at 10: it leaves a gap after band 1",
        ),
        (
            [{"low": 0, "high": 40, "change": 3}, {"low": 40, "change": 0}],
            "Band 2 of the level table starts at 40: it overlaps band 1",
        ),
        ([{"low": 0, "high": 35, "change": 2}, {"low": 40, "high": 200, "change": 0}], "must be open-ended"),
        ([{"low": 5, "change": 0}], "Band 1 of the level table must start at 0"),
        ([{"low": 0, "high": 33, "change": 1}, {"low": 38, "change": 0}], "Band 1 of the level table (0–33)"),
        ([{"low": 0, "high": "x", "change": 1}], "Band 1 of the level table needs whole numbers"),
    ],
)
@pytest.mark.slow
def test_a_bad_level_table_is_refused_pointing_at_the_band(
    tdesk: Tdesk, tmp_path: Path, bands: list[dict[str, Any]], says: str
) -> None:
    path = tmp_path / "r.tdesk"
    new(tdesk, path)
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"preset": "我的升级表", "bands": bands}), encoding="utf-8")
    before = fingerprint(path)
    run = tdesk("rules", path, "--level-table", table)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1, run.err
    assert fingerprint(path) == before


@pytest.mark.slow
def test_an_edited_level_table_is_used(tdesk: Tdesk, tmp_path: Path) -> None:
    """Seed 004's variant with a level every further 20 points above 160, as a director would type it."""
    path = tmp_path / "r.tdesk"
    new(tdesk, path)
    table = tmp_path / "table.json"
    bands = [
        {"low": 0, "high": 0, "change": 3},
        {"low": 5, "high": 35, "change": 2},
        {"low": 40, "high": 75, "change": 1},
        {"low": 80, "high": 115, "change": 0},
        {"low": 120, "high": 155, "change": -1},
        {"low": 160, "high": None, "change": -2, "step": 20},
    ]
    table.write_text(
        json.dumps({"preset": "每 20 分一级", "bands": bands}, ensure_ascii=False), encoding="utf-8"
    )
    assert tdesk("rules", path, "--level-table", table).code == 0
    shown = tdesk("rules", path, "--json").json()
    assert shown["level_table"]["preset"] == "每 20 分一级"
    assert RuleSet.from_dict(shown).level_table.change(200) == -4


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--forfeit", "4:12"), "An award of MP is 0 to 3"),
        (("--bye", "2.5"), "write MP:VP"),
        (("--ruling-vp", "21"), "between 0 and 20"),
        (("--withdrawal-vp", "abc"), "is not a number of VP"),
        (("--tiebreaks", "mp,mp"), "each once"),
        (("--tiebreaks", "mp,h2h"), "each once"),
        (("--points-table", "20:2,40:1"), "must grow"),
    ],
)
@pytest.mark.slow
def test_bad_options_are_one_sentence(tdesk: Tdesk, tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    path = tmp_path / "r.tdesk"
    new(tdesk, path)
    before = fingerprint(path)
    run = tdesk("rules", path, *args)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1, run.err
    assert fingerprint(path) == before


@pytest.mark.slow
@pytest.mark.parametrize(("award", "expected"), [("forfeit", (2.5, 12)), ("ruling", (3.0, 15))])
def test_a_late_arrival_gives_the_award_the_rule_set_names(
    tdesk: Tdesk, tmp_path: Path, award: str, expected: tuple[float, float]
) -> None:
    """rules.md §5.3: the opponent of a side that arrives too late gets the forfeit award (seed 002) or the
    loss-by-ruling award (seed 000 art. 20; here a fixed 15 VP → 3 MP)."""
    path = tmp_path / "late.tdesk"
    new(tdesk, path)
    assert tdesk("rules", path, "--late-award", award, "--ruling-vp", "15").code == 0
    for name in ("甲", "乙"):
        tdesk("entrant", "add", path, name)
    tdesk("pair", path)
    assert (
        tdesk("forfeit", path, 1, 1, "--side", "away", "--late-arrival", "--reason", "迟到 20 分钟").code == 0
    )
    t = tdesk("round", path, 1, "--json").json()["tables"][0]
    assert (t["home_mp"], t["home_vp"], t["away_mp"], t["away_vp"]) == (*expected, 0, 0)


@pytest.mark.slow
def test_a_team_match_event_shows_and_changes_its_pairs(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tdesk rules`` of a team-match event says how many pairs a team sends (rules.md §5.8); ``--pairs`` changes it
    before round 1 (audited), and an event of another mode has no such line and refuses the option."""
    team, plain = tmp_path / "team.tdesk", tmp_path / "plain.tdesk"
    assert tdesk("new", team, "--name", "团体赛", "--scoring", "team-match").code == 0
    new(tdesk, plain)
    shown = tdesk("rules", team).out
    assert "Team match: 5 pairs a team; the team winning 3 of the 5 pair games wins the match" in shown
    assert "Team match" not in tdesk("rules", plain).out
    changed = tdesk("rules", team, "--pairs", 7, "--reason", "规程")
    assert changed.code == 0 and "7 pairs a team" in changed.out
    assert tdesk("rules", team, "--json").json()["team_pairs"] == 7
    before = fingerprint(plain) if not tdesk.cluster else None
    refused = tdesk("rules", plain, "--pairs", 5)
    assert refused.code == 2 and "Only a team match of pairs" in refused.err
    assert before is None or fingerprint(plain) == before
    bad = tdesk("rules", team, "--pairs", 4)
    assert bad.code == 2 and "odd number of pairs from 3 to 9" in bad.err
    monkeypatch.setenv("TDESK_LANG", "zh")
    assert "团体赛：每队 7 对" in tdesk("rules", team).out


def test_a_team_match_events_rules_say_only_what_applies_to_it() -> None:
    """rules.md §5.8: a team match has no VP, no MP scale and no duplicate boards, and ranks by its own chain; its
    rules say the pairs a team sends, how a pair game is won, what a match not played scores (3 : 0, a bye 3
    points) and the chain: points → the result between the tied teams → game ratio."""
    from tournament_desk.cli.rules import rules_text
    from tournament_desk.domain.scoring_modes import scoring_mode

    rules = RuleSet()
    shown = rules_text(rules, scoring_mode("team-match"))
    assert "Level table: " in shown and "Team match: 5 pairs a team" in shown
    for absent in ("VP", "MP", "Match points", "Tiebreaks", "Duplicate boards", "mp → vp"):
        assert absent not in shown, absent
    assert "Loss by ruling: the opponent wins the match 3 : 0" in shown and "Bye: 3 points" in shown
    assert "on equal levels by the declarer (庄家)" in shown
    assert (
        "Ranking: total points → the result between the tied teams → game ratio (pair games won ÷ lost) → "
        "shared rank"
    ) in shown


def test_each_mode_shows_its_own_lines() -> None:
    """Levels: the VP/MP awards and the tiebreaks, no duplicate boards; duplicate: its boards' conversion too;
    no event (no mode): every line."""
    from tournament_desk.cli.rules import rules_text
    from tournament_desk.domain.scoring_modes import scoring_mode

    rules = RuleSet()
    levels = rules_text(rules, scoring_mode("levels"))
    assert (
        "Forfeit: 2.5 MP and 12 VP to the opponent" in levels
        and "Tiebreaks: MP → VP → opponents' score" in levels
    )
    assert "Duplicate boards" not in levels and "Team match" not in levels and "Ranking:" not in levels
    assert "Duplicate boards: " in rules_text(rules, scoring_mode("duplicate"))
    assert "Duplicate boards: " in rules_text(rules) and "Tiebreaks: " in rules_text(rules)


def test_a_team_match_events_rules_in_chinese(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    team = tmp_path / "team.tdesk"
    assert tdesk("new", team, "--name", "团体赛", "--scoring", "team-match", "--pairs", 3).code == 0
    monkeypatch.setenv("TDESK_LANG", "zh")
    shown = tdesk("rules", team).out
    assert "排名依据：总积分 → 相关队之间的胜负（积分） → 得失局率（胜局 ÷ 负局） → 并列" in shown
    assert "轮空：3 分" in shown and "标准分" not in shown and "场分" not in shown


@pytest.mark.slow
def test_tdesk_rules_speaks_the_windows_words_and_keeps_codes_for_json(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: ``场分：levels``, ``判负：fixed``, ``mp → vp → opp_mp`` were printed; now the Rules page's words,
    the level table band by band; the codes only in ``--json``, which is unchanged."""
    from tournament_desk.gui.models.rules_model import describe_rules  # the window's words, for comparison

    path = tmp_path / "r.tdesk"
    new(tdesk, path)
    assert tdesk("rules", path, "--ruling-award", "own-average", "--mp-scale", "win-draw-loss").code == 0
    shown = tdesk("rules", path).out
    rules = RuleSet.from_dict(tdesk("rules", path, "--json").json())
    for label, text in describe_rules(rules):
        if label != "Duplicate boards":  # a levels event: no boards to convert
            assert f"{label}: {text}" in shown
    assert "  80–115 points → defenders take the stage" in shown
    monkeypatch.setenv("TDESK_LANG", "zh")
    zh = tdesk("rules", path).out
    assert "场分（MP）：按级差：≥ 1 → 3 : 0, 0 → 1 : 1" in zh
    assert "判负：违规方得 0 分；对方得其此前的平均标准分" in zh and "排名依据：场分 → 标准分 → 对手分" in zh
    assert not re.search(r"[A-Za-z]{3,}", zh), zh  # no code, no English
    data = tdesk("rules", path, "--json").json()
    assert set(data) == {*RuleSet().to_dict(), "mp_scale_name"}
    assert (data["mp_scale_name"], data["ruling_award"], data["tiebreaks"]) == (
        "win-draw-loss",
        "own-average",
        ["mp", "vp", "opp_mp"],
    )


@pytest.mark.slow
def test_explain_says_what_each_rule_means_its_regulation_and_an_example(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, team = tmp_path / "r.tdesk", tmp_path / "team.tdesk"
    new(tdesk, path)
    assert tdesk("rules", path, "--late-minutes", 15).code == 0
    run = tdesk("rules", path, "--explain")
    assert run.code == 0
    blocks = run.out.strip().split("\n\n")
    assert blocks[0].startswith("Level table (升级表)\n  After each deal")
    assert all("\n  Example: " in block for block in blocks)
    assert all("\n  Regulation: seed " in block or "\n  Program's default: " in block for block in blocks)
    late = next(block for block in blocks if block.startswith("Late arrival (迟到)"))
    assert "Limit 15 minutes: a pair 17 minutes late forfeits" in late and "article 20, late arrival" in late
    assert "Team match of pairs" not in run.out and "Duplicate boards" not in run.out
    monkeypatch.setenv("TDESK_LANG", "zh")
    zh = tdesk("rules", path, "--explain").out
    assert (
        "判负\n" in zh
        and "依据：种子 000《2015 年俄亥俄州中国节扑克牌 40 分升级比赛竞赛规程》第十九条 四、判负" in zh
    )
    assert "本程序默认：各规程均未规定轮空得分" in zh
    assert tdesk("new", team, "--name", "团体赛", "--scoring", "team-match").code == 0
    shown = tdesk("rules", team, "--explain").out
    assert "团体赛（每队若干对）" in shown and "附件1" in shown and "标准分" not in shown

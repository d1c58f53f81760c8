"""The team-match scoresheet (团体赛记分表, rules.md §5.8), built from plain data without a database: one page per
match, the boards blank before the games and filled after, both captains' signatures, the rules."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reports import poppler
from tournament_desk.domain.levels import PASSED_ACE
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import preset_rules
from tournament_desk.reports.model import (
    EntrantData,
    EventHeader,
    PairedTable,
    PairGameLine,
    RoundData,
    TeamMatchSheet,
    TeamSheetsData,
)
from tournament_desk.reports.scoresheets.team_match import (
    GRID_SPACE,
    GRID_TOP,
    build_team_scoresheets,
    game_cells,
    games_won,
    grid,
    pair_text,
    rules_text,
)

EVENT = EventHeader("第十届团体升级赛", datetime(2026, 6, 1, 9, 0), scoring="team-match")
NAMES = ("甲1/甲2", "甲3/甲4", "甲5/甲6", "甲7/甲8", "甲9/甲10")
AWAY = ("乙1/乙2", "乙3/乙4", "乙5/乙6", "乙7/乙8", "第5对")


def blank_sheet(
    round_no: int = 1, table: int = 1, given: tuple[bool, bool] = (False, False)
) -> TeamMatchSheet:
    games = tuple(PairGameLine(i + 1, NAMES[i], AWAY[i]) for i in range(5))
    return TeamMatchSheet(round_no, table, "甲队", "乙队", games, given)


def played_sheet() -> TeamMatchSheet:
    """甲队 3 : 2 乙队: a win on levels, equal levels won by the away declarer, 过A, an absent pair, K : Q."""
    entered = (
        PairGameLine(1, NAMES[0], AWAY[0], 9, 7, None, None, "home"),
        PairGameLine(2, NAMES[1], AWAY[1], 11, 11, "away", None, "away"),
        PairGameLine(3, NAMES[2], AWAY[2], PASSED_ACE, 14, None, None, "home"),
        PairGameLine(4, NAMES[3], AWAY[3], None, None, None, "home", "away"),
        PairGameLine(5, NAMES[4], AWAY[4], 13, 12, None, None, "home"),
    )
    return TeamMatchSheet(1, 1, "甲队", "乙队", entered, (True, False))


def data(
    sheets: tuple[TeamMatchSheet, ...], *, pairs: int = 5, result: bool = False, published: bool = True
) -> TeamSheetsData:
    tables = tuple(
        PairedTable(s.table, s.home, s.away, kind=ResultState.PLAYED if result else ResultState.PENDING,
                    result=(3.0, 1.0, 0.0, 0.0) if result else None)
        for s in sheets
    )  # fmt: skip
    rnd = RoundData(1, "2026-06-01", tables, published=published)
    entrants = {"甲队": EntrantData("甲队", "北京桥牌协会", ()), "乙队": EntrantData("乙队", None, ())}
    return TeamSheetsData(EVENT, rnd, entrants, pairs, {s.table: s for s in sheets}, preset_rules())


def test_a_pair_is_named_by_the_line_up_given_else_as_the_kth_pair_of_the_registration_order() -> None:
    assert pair_text("甲1/甲2", 1, True) == "甲1/甲2"
    assert pair_text("甲3/甲4", 2, False) == "第2对 甲3/甲4"
    assert pair_text("第5对", 5, False) == "第5对"  # the team registered no names for its fifth pair
    assert pair_text("", 3, False) == "第3对"


def test_an_entered_game_prints_its_levels_the_declarer_on_equal_levels_and_the_winner() -> None:
    sheet = played_sheet()
    on_levels, declared, passed_a, absent, _ = (game_cells(g) for g in sheet.games)
    assert (on_levels[3], on_levels[4], on_levels[5], on_levels[6]) == ("9", "7", "—", "主队")
    assert (declared[3], declared[4], declared[5], declared[6]) == ("J", "J", "客队", "客队")
    assert passed_a[3] == "过A" and passed_a[6] == "主队"
    assert (absent[3], absent[4], absent[6], absent[7]) == ("缺席", "—", "客队", "主队未到场")
    both = game_cells(PairGameLine(1, "", "", absent="both"))
    assert (both[3], both[4], both[6]) == ("缺席", "缺席", "无")
    assert game_cells(PairGameLine(1, "甲", "乙")) == {}  # not entered: the blank field to circle


def test_the_games_won_count_only_entered_games_and_say_when_the_match_is_complete() -> None:
    assert games_won(played_sheet()) == (3, 2, True)
    assert games_won(blank_sheet()) == (0, 0, False)
    partial = replace(blank_sheet(), games=(*played_sheet().games[:2], *blank_sheet().games[2:]))
    assert games_won(partial) == (1, 1, False)


@given(st.sampled_from([3, 5, 7, 9]))
def test_the_boards_of_any_team_size_fit_the_space_above_the_result(pairs: int) -> None:
    g = grid(pairs)
    assert g.height(pairs) <= g.header_h + GRID_SPACE + 0.01
    assert GRID_TOP - g.height(pairs) - 226 - 50 > 52  # the rules keep some lines above the footer
    zh, en = rules_text(pairs)
    assert f"{pairs} 局 {pairs // 2 + 1} 胜" in zh and f"Best of {pairs}" in en


@pytest.mark.system  # poppler reads the PDF back
def test_a_blank_sheet_lists_the_boards_and_both_captains_sign(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    build_team_scoresheets(out, data((blank_sheet(), blank_sheet(table=2, given=(True, True)))))
    text = poppler.text(out)
    assert text.count("团体赛记分表") == 2 and "第 1 页 / 共 2 页" in text
    assert "甲队" in text and "乙队" in text and "北京桥牌协会" in text
    assert "第1对 甲1/甲2" in text and "第5对" in text and "第5对 第5对" not in text
    assert "按报名顺序 Registration order" in text and "已报阵容 Line-up given" in text
    assert "双方队长签字" in text and "主队队长签字" in text and "客队队长签字" in text
    assert "备注 Remarks" in text and "5 局 3 胜" in text and "庄家胜" in text
    assert "未完" not in text  # nothing entered: no figures


@pytest.mark.system
def test_a_played_match_prints_each_game_the_games_won_and_the_points(tmp_path: Path) -> None:
    out = tmp_path / "played.pdf"
    build_team_scoresheets(out, data((played_sheet(),), result=True))
    text = poppler.text(out)
    assert "过A" in text and "缺席" in text and "主队未到场" in text
    flat = text.replace(" ", "")
    assert "3:2" in flat and "3:1" in flat  # games won, then the points
    assert "甲1/甲2" in text and "第1对 甲1/甲2" not in text  # 甲队 gave its line-up


@pytest.mark.system
def test_a_forfeited_match_and_a_draft_round(tmp_path: Path) -> None:
    sheet = blank_sheet()
    forfeit = data((sheet,), published=False)
    table = replace(
        forfeit.round.tables[0], kind=ResultState.FORFEIT, side="away", result=(3.0, 0.0, 0.0, 0.0)
    )
    out = tmp_path / "forfeit.pdf"
    build_team_scoresheets(out, replace(forfeit, round=replace(forfeit.round, tables=(table,))))
    text = poppler.text(out)
    # A forfeited match is not played: its decision page (issue 27), not a sheet for the captains to fill.
    assert (
        "乙队弃权" in text
        and "3:0" in text.replace(" ", "")
        and "草稿" in text
        and "双方队长签字" not in text
    )


@pytest.mark.system
def test_nine_pairs_and_a_round_of_only_a_bye_print(tmp_path: Path) -> None:
    nine = tuple(PairGameLine(i, f"丙{i}/丁{i}", f"戊{i}/己{i}") for i in range(1, 10))
    sheet = TeamMatchSheet(1, 1, "甲队", "乙队", nine, (True, True))
    out = tmp_path / "nine.pdf"
    build_team_scoresheets(out, data((sheet,), pairs=9))
    text = poppler.text(out)
    assert "丙9/丁9" in text and "9 局 5 胜" in text and "升级表" in text
    bye = tmp_path / "bye.pdf"
    only_bye = data(())
    build_team_scoresheets(bye, replace(only_bye, round=replace(only_bye.round, bye="甲队")))
    assert "团体赛记分表" in poppler.text(bye)


@pytest.mark.system
def test_a_match_decided_by_a_withdrawal_prints_the_decision_with_points_not_a_sheet(tmp_path: Path) -> None:
    """Issue 27: a team match a withdrawal decided printed a blank sheet for both captains to fill in."""
    out = tmp_path / "decided.pdf"
    base = data((blank_sheet(), blank_sheet(table=2)))
    gone = replace(
        base.round.tables[1], kind=ResultState.FORFEIT, side="away", withdrawal=True, result=(3, 0, 0, 0)
    )
    build_team_scoresheets(out, replace(base, round=replace(base.round, tables=(base.round.tables[0], gone))))
    played, decided = poppler.page_texts(out)
    assert "双方队长签字" in played and "本桌不进行比赛" not in played
    assert "乙队退赛：弃权" in decided and "本桌不进行比赛" in decided and "双方队长签字" not in decided
    assert "积分 Points 3 : 0" in " ".join(decided.split()) and "标准分" not in decided  # points, no VP

"""What a team match of pairs prints (rules.md §5.8), read from a real event: the scoresheets chosen by the scoring
mode's registry entry, each board's pairs as the line-ups say, the workbook's round and pair-game sheets, and
the round robin's cross-table with the games won in its cells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from tournament_desk.services import documents
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import SCORESHEETS
from tournament_desk.services.documents.groups_knockout import group_games, group_stage_data
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.documents.round_robin import roundrobin_grid
from tournament_desk.services.documents.team_match import plays_team_matches, round_matches
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.lineups import set_lineup
from tournament_desk.services.output.printing import print_entry_sheets
from tournament_desk.services.results.team_games import record_game
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # a whole event, written and read

TEAMS = ["甲队", "乙队", "丙队", "丁队"]
# Round 1 of a round robin of four drawn in TEAMS order: 甲队 – 丁队 (table 1), 乙队 – 丙队 (table 2).
THREE_TWO = [("9", "7"), ("J", "J", "away"), ("过A", "K"), ("5", "8"), ("Q", "Q", "home")]


def players(team: str, pairs: int = 5) -> str:
    return ",".join(f"{team[0]}{i}" for i in range(1, 2 * pairs + 1))


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    """Four teams; 丁队 registered four pairs only, so its fifth is "第5对"; round 1 paired, 甲队's line-up given,
    table 1 played 3 : 2, table 2 two games in."""
    d = create_tournament(
        tmp_path / "t.tdesk", name="团体赛", format="round-robin", scoring="team-match", pairs=5
    )
    for team in TEAMS:
        es.add_entrant(d, team, players=players(team, 4 if team == "丁队" else 5))
    pair_next_round(d)
    set_lineup(d, 1, 1, home="2,1,3,4,5")
    for n, (home, away, *declarer) in enumerate(THREE_TWO, start=1):
        record_game(d, 1, 1, n, home, away, declarer=declarer[0] if declarer else None)
    record_game(d, 1, 2, 1, "10", "6")
    record_game(d, 1, 2, 2, absent="home")
    yield d
    d.close()


def test_each_board_names_the_pairs_the_line_ups_put_there(desk: Desk) -> None:
    matches = round_matches(desk, 1)
    first, second = matches[1], matches[2]
    assert (first.home, first.away, first.lineups) == ("甲队", "丁队", (True, False))
    assert [g.home_pair for g in first.games[:2]] == ["甲3/甲4", "甲1/甲2"]  # pair 2 at board 1
    assert first.games[4].away_pair == "第5对"  # 丁队 registered no fifth pair: printed in Chinese
    assert [g.winner for g in first.games] == ["home", "away", "home", "away", "home"]
    assert first.games[1].declarer == "away" and first.games[2].home_level == 15
    assert [g.winner for g in second.games] == ["home", "away", None, None, None]
    assert second.games[1].absent == "home" and second.lineups == (False, False)


def test_the_scoring_mode_chooses_the_team_scoresheets(desk: Desk, tmp_path: Path) -> None:
    assert plays_team_matches(event_info(desk))
    out = tmp_path / "sheets.pdf"
    documents.make(desk, SCORESHEETS)(out)
    assert out.read_bytes().startswith(b"%PDF")
    assert b"/Count 2" in out.read_bytes()  # one page per team match
    levels = create_tournament(tmp_path / "l.tdesk", name="升级赛", format="round-robin")
    try:
        assert not plays_team_matches(event_info(levels))
    finally:
        levels.close()


def test_the_workbook_has_each_rounds_games_won_and_every_pair_game(desk: Desk, tmp_path: Path) -> None:
    out = tmp_path / "event.xlsx"
    documents.workbook(desk, None)(out)
    wb = openpyxl.load_workbook(out)
    round_one = [r for r in wb["第1轮"].iter_rows(values_only=True) if any(v is not None for v in r)]
    assert round_one[0][:5] == (
        "桌号 Table",
        "主队 Home",
        "客队 Away",
        "主队胜局 Home games",
        "客队胜局 Away games",
    )
    assert round_one[1][:8] == (1, "甲队", "丁队", 3, 2, "已赛", 3, 1)
    assert round_one[2][3:5] == (None, None)  # two games of five: no result yet
    games = [r for r in wb["对局"].iter_rows(values_only=True) if any(v is not None for v in r)]
    assert len(games) == 1 + 2 * 5  # the header, every board of both matches
    assert games[2] == (1, 1, 2, "甲队", "甲1/甲2", "丁队", "丁3/丁4", "J", "J", "丁队", None, "丁队")
    assert games[7][10:] == ("主队", "丙队")  # 乙队's pair did not show: 丙队 wins the game


def test_the_cross_table_cells_hold_the_games_won_and_the_points(desk: Desk) -> None:
    for n in range(3, 6):  # table 2 complete: 乙队 4 : 1 丙队
        record_game(desk, 1, 2, n, "10", "6")
    grid = roundrobin_grid(desk, event_header(desk), None)
    assert grid.team_games and grid.win_draw_loss  # points only: a team match has no VP
    (home,) = grid.meetings[("甲队", "丁队")]
    (away,) = grid.meetings[("丁队", "甲队")]
    assert (home.games, home.mp, away.games, away.mp) == ((3, 2), 3.0, (2, 3), 1.0)
    assert grid.meetings[("丙队", "乙队")][0].games == (1, 4)


def test_the_entry_paper_is_the_team_scoresheets_with_each_matchs_qr_code(desk: Desk, tmp_path: Path) -> None:
    """The window's print while the LAN server runs (``services.output.printing``): the same sheets, plus a QR
    code per match; drawn as vector paths, so the page content grows."""
    plain, entry = tmp_path / "plain.pdf", tmp_path / "entry.pdf"
    documents.make(desk, SCORESHEETS)(plain)
    assert print_entry_sheets(desk, entry, "http://192.168.1.20:8765/") == entry
    assert b"/Count 2" in entry.read_bytes()
    assert entry.stat().st_size > plain.stat().st_size


def test_a_group_table_shows_each_team_matchs_games_won(tmp_path: Path) -> None:
    """Groups then knockout of team matches: a group's cell shows the games won (row team's first), where a
    level match shows its levels."""
    d = create_tournament(tmp_path / "g.tdesk", name="分组团体赛", format="groups-knockout", scoring="team-match",
                          pairs=3, group_size=4, knockout_size=2)  # fmt: skip
    try:
        for team in TEAMS:
            es.add_entrant(d, team, players=players(team, 3))
        es.draw(d, order=TEAMS)
        (table, *_) = pair_next_round(d).tables
        for n, (home, away) in enumerate([("9", "7"), ("5", "8"), ("K", "Q")], start=1):
            record_game(d, 1, table.table, n, home, away)
        games = group_games(d)
        assert games[(table.home, table.away)] == "2 : 1" and games[(table.away, table.home)] == "1 : 2"
        (group,) = group_stage_data(d, event_header(d)).groups
        assert group.cells[(table.home, table.away)].levels == "2 : 1"
    finally:
        d.close()

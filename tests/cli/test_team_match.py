"""Seed 004's team event through ``tdesk`` (rules.md §5.8, §12): four teams of five pairs in a round robin, each match
five pair games (5 场 3 胜), a win 3 points and a loss 1, ranked by points → the result between the tied teams →
the game ratio (得失局率).

The event is built so that it holds a 3–2 match, a 5–0 match, a pair that did not show (its game lost), after
round 2 a tie on points broken by the head-to-head result (against the game ratio), and in the final standings
a three-way tie whose mini-league is a circle, broken by the game ratio. The expected standings are worked by
hand below from docs/rules.md, not by the program's ranking code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk

pytestmark = [pytest.mark.both_stores, pytest.mark.slow]  # a file and a PostgreSQL database; a whole event

TEAMS = ["甲队", "乙队", "丙队", "丁队"]
# The Berger schedule of four drawn in TEAMS order (checked below): round → [(table, home, away)].
SCHEDULE = {
    1: [(1, "甲队", "丁队"), (2, "乙队", "丙队")],
    2: [(1, "丁队", "丙队"), (2, "甲队", "乙队")],
    3: [(1, "乙队", "丁队"), (2, "丙队", "甲队")],
}
# Each table's five pair games as typed: (home level, away level[, declarer]) or ("absent", side).
GAMES: dict[tuple[int, int], list[tuple[str, ...]]] = {
    (1, 1): [("9", "7"), ("K", "Q"), ("过A", "A"), ("J", "J", "home"), ("6", "5")],  # 甲 5 : 0 丁
    (1, 2): [("9", "7"), ("5", "8"), ("Q", "Q", "away"), ("absent", "away"), ("A", "10")],  # 乙 3 : 2 丙
    (2, 1): [("4", "9"), ("7", "7", "home"), ("2", "过A"), ("8", "9"), ("10", "K")],  # 丁 1 : 4 丙
    (2, 2): [("9", "3"), ("Q", "2"), ("3", "9"), ("A", "K"), ("K", "K", "home")],  # 甲 4 : 1 乙
    (3, 1): [("9", "J"), ("8", "8", "home"), ("5", "6"), ("A", "2"), ("3", "4")],  # 乙 2 : 3 丁
    (3, 2): [("J", "9"), ("9", "J"), ("4", "5"), ("6", "6", "away"), ("7", "8")],  # 丙 1 : 4 甲
}

# Worked by hand (rules.md §5.8): points 3 a win, 1 a loss; games won and lost over all matches.
# After round 2: 甲 6 (5:0, 4:1); 乙 4 (3:2, 1:4 → 4 won, 6 lost); 丙 4 (2:3, 4:1 → 6 won, 4 lost); 丁 2.
# 乙 and 丙 are tied on 4: 乙 beat 丙 in round 1, so 乙 ranks above although 丙's ratio (1.5) beats 乙's (0.67).
AFTER_2 = [
    (1, "甲队", 6.0, 9, 1, 9.0, None),
    (2, "乙队", 4.0, 4, 6, 0.667, "points"),
    (3, "丙队", 4.0, 6, 4, 1.5, "h2h_points"),
    (4, "丁队", 2.0, 1, 9, 0.111, "points"),
]
# After round 3: 甲 9 (won all); 乙 丙 丁 each one win and two losses, 5 points, and among themselves a circle
# (乙 beat 丙, 丙 beat 丁, 丁 beat 乙): 4 points each in their mini-league, so the game ratio decides:
# 丙 7:8 = 0.875, 乙 6:9 = 0.667, 丁 4:11 = 0.364.
FINAL = [
    (1, "甲队", 9.0, 13, 2, 6.5, None),
    (2, "丙队", 5.0, 7, 8, 0.875, "points"),
    (3, "乙队", 5.0, 6, 9, 0.667, "game_ratio"),
    (4, "丁队", 5.0, 4, 11, 0.364, "game_ratio"),
]


def players(team: str) -> str:
    return ",".join(f"{team[0]}{i}" for i in range(1, 11))  # five pairs: 甲1/甲2 … 甲9/甲10


def game_args(n: int, game: tuple[str, ...]) -> list[str]:
    if game[0] == "absent":
        return ["--game", str(n), "--absent", game[1]]
    return ["--game", str(n), game[0], game[1], *(["--declarer", game[2]] if len(game) == 3 else [])]


def rows(tdesk: Tdesk, path: Path, *extra: str) -> list[tuple[object, ...]]:
    shown = tdesk("standings", path, "--json", *extra).json()
    assert shown["columns"] == ["points", "h2h", "games_won", "games_lost", "game_ratio"]
    return [
        (r["rank"], r["name"], r["points"], r["games_won"], r["games_lost"],
         None if r["game_ratio"] is None else round(r["game_ratio"], 3), r["separated_by"])
        for r in shown["rows"]
    ]  # fmt: skip


def new_event(tdesk: Tdesk, path: Path) -> None:
    made = tdesk("new", path, "--name", "喜羊羊杯团体赛", "--format", "round-robin", "--scoring", "team-match",
                 "--pairs", "5")  # fmt: skip
    assert made.code == 0, made.err
    for team in TEAMS:
        assert tdesk("entrant", "add", path, team, "--players", players(team)).code == 0
    assert tdesk("draw", path, "--order", ",".join(TEAMS)).code == 0


@pytest.mark.verifies_audit_chain
def test_seed_004s_team_event_runs_through_tdesk(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "团体赛.tdesk"
    new_event(tdesk, path)
    for round_no in (1, 2, 3):
        paired = tdesk("pair", path, "--json").json()
        assert [(t["table"], t["home"], t["away"]) for t in paired["tables"]] == SCHEDULE[round_no]
        if round_no == 2:  # 甲队 sends its second pair to board 1, its first to board 2 (rules.md §5.8)
            done = tdesk("lineup", path, "2", "2", "--home", "2,1,3,4,5")
            assert done.code == 0 and "甲3/甲4" in done.out
        if round_no == 3:
            enter_by_sheet(tdesk, path, tmp_path / "round3.csv")
            continue
        for table in (1, 2):
            for n, game in enumerate(GAMES[(round_no, table)], 1):
                run = tdesk("result", path, str(round_no), str(table), *game_args(n, game))
                assert run.code == 0, run.err
            assert "points (played)" in run.out
        if round_no == 2:
            assert rows(tdesk, path) == AFTER_2
    assert rows(tdesk, path) == FINAL
    assert rows(tdesk, path, "--after-round", "2") == AFTER_2


def enter_by_sheet(tdesk: Tdesk, path: Path, sheet: Path) -> None:
    lines = ["round,table,game,home,away,declarer,absent"]
    for table in (1, 2):
        for n, game in enumerate(GAMES[(3, table)], 1):
            declarer = game[2] if len(game) == 3 else ""
            lines.append(f"3,{table},{n},{game[0]},{game[1]},{declarer},")
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = tdesk("result", path, "--import", sheet)
    assert run.code == 0, run.err
    assert "2 team matches" in run.out


def test_round_json_carries_each_matchs_pair_games_and_points(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "团体赛.tdesk"
    new_event(tdesk, path)
    tdesk("pair", path)
    assert tdesk("lineup", path, "1", "2", "--away", "丙3/丙4,丙1/丙2,3,4,5").code == 0
    for n, game in enumerate(GAMES[(1, 2)], 1):
        assert tdesk("result", path, "1", "2", *game_args(n, game)).code == 0
    for n, game in enumerate(GAMES[(1, 1)][:2], 1):
        assert tdesk("result", path, "1", "1", *game_args(n, game)).code == 0
    shown = tdesk("round", path, "1", "--json").json()
    pending, played = shown["tables"]
    assert (pending["state"], pending["games_won"], pending["home_points"]) == (
        "pending",
        {"home": 2, "away": 0},
        None,
    )
    assert [g["entered"] for g in pending["pair_games"]] == [True, True, False, False, False]
    assert (played["state"], played["games"], played["home_mp"], played["away_mp"]) == (
        "played",
        "3:2",
        3.0,
        1.0,
    )
    assert (played["home_points"], played["away_points"], played["lineups"]["away"]) == (
        3.0,
        1.0,
        [2, 1, 3, 4, 5],
    )
    assert played["pair_games"][0] == {
        "game": 1, "home_pair": "乙1/乙2", "away_pair": "丙3/丙4", "home_level": "9", "away_level": "7",
        "declarer": None, "absent": None, "winner": "home", "entered": True,
    }  # fmt: skip
    assert played["pair_games"][2]["declarer"] == "away" and played["pair_games"][2]["winner"] == "away"
    assert played["pair_games"][3] == {**played["pair_games"][3], "absent": "away", "winner": "home"}


def test_a_forfeited_match_and_a_bye_score_three_points(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "瑞士.tdesk"
    assert (
        tdesk(
            "new", path, "--name", "瑞士团体", "--scoring", "team-match", "--pairs", "3", "--rounds", "2"
        ).code
        == 0
    )
    for team in ["甲队", "乙队", "丙队"]:
        assert tdesk("entrant", "add", path, team).code == 0
    assert tdesk("draw", path, "--order", "甲队,乙队,丙队").code == 0
    paired = tdesk("pair", path, "--json").json()
    assert paired["bye"] is not None and len(paired["tables"]) == 1
    assert tdesk("forfeit", path, "1", "1", "--side", "away").code == 0
    shown = {
        r["name"]: (r["points"], r["games_won"], r["games_lost"])
        for r in tdesk("standings", path, "--json").json()["rows"]
    }
    home, away = paired["tables"][0]["home"], paired["tables"][0]["away"]
    assert shown == {home: (3.0, 0, 0), away: (0.0, 0, 0), paired["bye"]: (3.0, 0, 0)}


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["result", "1", "1", "--game", "2", "J", "J"], "say which pair declared"),
        (["result", "1", "1", "9", "7"], "team match of pairs: enter each pair game"),
        (["result", "1", "1", "--game", "6", "9", "7"], "games 1 to 5, not 6"),
        (["result", "1", "1", "--game", "1", "8", "7"], "already has a result: 9 : 7"),
        (["result", "1", "1", "--game", "3", "9", "7", "--absent", "home"], "has no levels"),
        (["lineup", "1", "1", "--home", "1,2,3,4,5"], "line-ups can no longer change"),
        (["lineup", "1", "2", "--home", "1,2,2,4,5"], "each of the team's pairs 1 to 5 once"),
    ],
)
def test_a_refused_command_says_one_sentence_and_changes_nothing(
    tdesk: Tdesk, tmp_path: Path, args: list[str], refusal: str
) -> None:
    path = tmp_path / "团体赛.tdesk"
    new_event(tdesk, path)
    tdesk("pair", path)
    assert tdesk("result", path, "1", "1", "--game", "1", "9", "7").code == 0
    before = tdesk.fingerprint(path)
    run = tdesk(args[0], path, *args[1:])
    assert run.code == 2, run.out
    assert refusal in run.err and run.err.count("\n") == 1
    assert tdesk.fingerprint(path) == before


def test_a_sheet_missing_a_game_is_refused_as_a_whole(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "团体赛.tdesk"
    new_event(tdesk, path)
    tdesk("pair", path)
    sheet = tmp_path / "games.csv"
    rows_ = ["round,table,game,home,away,declarer,absent", *(f"1,1,{n},9,7,," for n in range(1, 6)),
             *(f"1,2,{n},9,7,," for n in range(1, 5))]  # fmt: skip
    sheet.write_text("\n".join(rows_) + "\n", encoding="utf-8")
    before = tdesk.fingerprint(path)
    run = tdesk("result", path, "--import", sheet)
    assert run.code == 2 and "game 5 has no result" in run.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.parametrize("pairs", ["4", "1", "11", "five"])
def test_a_team_match_of_other_than_an_odd_3_to_9_pairs_is_refused(
    tdesk: Tdesk, tmp_path: Path, pairs: str
) -> None:
    path = tmp_path / "错.tdesk"
    run = tdesk("new", path, "--name", "错", "--scoring", "team-match", "--pairs", pairs)
    assert run.code == 2 and "odd number of pairs from 3 to 9" in run.err and run.err.count("\n") == 1
    assert not tdesk.created(path)


def test_a_sheet_over_games_already_recorded_is_refused_unless_corrected(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "团体赛.tdesk"
    new_event(tdesk, path)
    tdesk("pair", path)
    for n, game in enumerate(GAMES[(1, 2)], 1):
        assert tdesk("result", path, "1", "2", *game_args(n, game)).code == 0
    sheet = tmp_path / "games.csv"
    lines = ["轮,桌,局,主队,客队,庄家,缺席", *(f"1,2,{n},9,7,," for n in range(1, 6))]
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = tdesk.fingerprint(path)
    run = tdesk("result", path, "--import", sheet)
    assert (
        run.code == 2 and "round 1 table 2 already has pair games 3 : 2" in run.err and "--correct" in run.err
    )
    assert tdesk.fingerprint(path) == before
    run = tdesk("result", path, "--import", sheet, "--correct", "--reason", "captains' sheet")
    assert run.code == 0 and "5 : 0" in run.out
    table = tdesk("round", path, "1", "--json").json()["tables"][1]
    assert (table["games"], table["home_points"]) == ("5:0", 3.0)

"""Team matches of pairs in a knockout (rules.md §5.8 "with any format that pairs teams", §7.6, §7.7) through ``tdesk``.

The team that wins more pair games goes on; a match left equal (a game neither pair showed for) has no winner
until the director's ruling, and the next round names its table; the bracket shows the pair games won. A knockout
into a round-robin final ranks its final by points → head-to-head → game ratio, as every team-match event.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk

pytestmark = [pytest.mark.slow]  # whole events through the command line

TEAMS = ["东队", "南队", "西队", "北队"]


def new_event(tdesk: Tdesk, path: Path, fmt: str, teams: list[str], *extra: str) -> None:
    made = tdesk("new", path, "--name", "团体淘汰赛", "--format", fmt, "--scoring", "team-match", "--pairs", "3",
                 *extra)  # fmt: skip
    assert made.code == 0, made.err
    for team in teams:
        assert tdesk("entrant", "add", path, team).code == 0
    assert tdesk("draw", path, "--order", ",".join(teams)).code == 0


def play(tdesk: Tdesk, path: Path, round_no: int, table: int, games: list[tuple[str, ...]]) -> None:
    for n, game in enumerate(games, 1):
        args = ["--absent", game[1]] if game[0] == "absent" else list(game)
        run = tdesk("result", path, str(round_no), str(table), "--game", str(n), *args)
        assert run.code == 0, run.err


def test_the_team_that_wins_more_pair_games_goes_on(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "ko.tdesk"
    new_event(tdesk, path, "knockout", TEAMS)
    tables = {(t["home"], t["away"]) for t in tdesk("pair", path, "--json").json()["tables"]}
    assert tables == {
        ("东队", "北队"),
        ("南队", "西队"),
    }  # draw numbers 1–4 in the seeding order: 1 v 4, 2 v 3
    first = {(t["home"], t["away"]): t["table"] for t in tdesk("round", path, "1", "--json").json()["tables"]}
    play(tdesk, path, 1, first[("东队", "北队")], [("K", "9"), ("9", "K"), ("absent", "both")])  # 1 : 1
    play(tdesk, path, 1, first[("南队", "西队")], [("9", "K"), ("A", "10"), ("J", "J", "--declarer", "away")])

    refused = tdesk("pair", path)
    assert refused.code == 2
    assert f"table {first[('东队', '北队')]}" in refused.err and "ruling" in refused.err
    shown = {t["home"]: t for t in tdesk("round", path, "1", "--json").json()["tables"]}
    assert shown["东队"]["games"] == "1:1" and shown["东队"]["winner"] is None
    assert shown["南队"]["games"] == "1:2" and shown["南队"]["winner"] == "西队"  # two of three

    ruled = tdesk(
        "ruling", path, "1", str(first[("东队", "北队")]), "--side", "away", "--reason", "抽签：北队负"
    )
    assert ruled.code == 0, ruled.err
    final = tdesk("pair", path, "--json").json()["tables"]
    assert [(t["home"], t["away"]) for t in final] == [("东队", "西队")]

    bracket = tdesk("bracket", path, "--json").json()
    semis = {(m["home"], m["away"]): m for m in bracket["rounds"][0]}
    assert (semis[("南队", "西队")]["games"], semis[("南队", "西队")]["levels"]) == ("1:2", None)
    assert semis[("东队", "北队")]["winner"] == "东队"

    play(tdesk, path, 2, 1, [("A", "K"), ("过A", "A"), ("3", "2")])
    placing = {r["name"]: r["placing"] for r in tdesk("standings", path, "--json").json()["rows"]}
    assert placing == {"东队": "1", "西队": "2", "南队": "3–4", "北队": "3–4"}


def test_levels_typed_for_a_team_match_in_a_knockout_are_refused(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "ko.tdesk"
    new_event(tdesk, path, "knockout", TEAMS)
    tdesk("pair", path)
    before = tdesk.fingerprint(path)
    run = tdesk("result", path, "1", "1", "K", "9")
    assert run.code == 2 and "--game" in run.err
    assert tdesk.fingerprint(path) == before


def test_a_knockout_into_a_round_robin_final_ranks_the_final_by_points_and_game_ratio(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "kr.tdesk"
    teams = [*TEAMS, "中队", "发队"]
    new_event(tdesk, path, "knockout-round-robin", teams, "--finalists", "4")
    for t in tdesk("pair", path, "--json").json()["tables"]:
        play(tdesk, path, 1, t["table"], [("K", "9"), ("K", "9"), ("9", "K")])  # the home team 2 : 1
    paired = tdesk("pair", path, "--json").json()
    finalists = {name for t in paired["tables"] for name in (t["home"], t["away"])}
    assert len(finalists) == 4
    for t in paired["tables"]:
        play(tdesk, path, 2, t["table"], [("K", "9"), ("K", "9"), ("K", "9")])  # the home team 3 : 0
    shown = tdesk("standings", path, "--json").json()
    assert shown["stage"] == "final"
    assert shown["columns"][:4] == ["placing", "points", "h2h", "games_won"]
    top = [r for r in shown["rows"] if r["name"] in finalists]
    assert [(r["points"], r["games_won"], r["games_lost"]) for r in top] == [(3.0, 3, 0)] * 2 + [
        (1.0, 0, 3)
    ] * 2

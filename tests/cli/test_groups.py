"""``tdesk lot``, ``groups`` and the knockout draw (rules.md §7.4, §12): a tie on everything waits for a recorded lot."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_groups_knockout_event import group_rows, one_group

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_a_tie_on_everything_waits_for_the_recorded_lot(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "lot.tdesk"
    # 甲 and 乙 draw each other and win their other matches by 2; 丙 and 丁 draw and lose theirs by 2.
    # R1: 甲–丁 8:6, 乙–丙 9:7 · R2: 丁–丙 5:5, 甲–乙 7:7 · R3: 乙–丁 8:6, 丙–甲 7:9
    one_group(tdesk, path, [{1: ("8", "6"), 2: ("9", "7")}, {1: ("5", "5"), 2: ("7", "7")},
                            {1: ("8", "6"), 2: ("7", "9")}])  # fmt: skip
    rows = group_rows(tdesk, path)["A"]
    # They share the rank (listed by name in pinyin order): the program never invents the lot.
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [(1, "甲", 7.0, 4), (1, "乙", 7.0, 4),
                                                        (3, "丙", 1.0, -4), (3, "丁", 1.0, -4)]  # fmt: skip
    data = tdesk("standings", path, "--json").json()
    assert [r.get("lot_needed", False) for r in data["rows"]] == [True, True, True, True]
    before = tdesk.fingerprint(path)
    refused = tdesk("draw", path, "--stage", "knockout", "--seed", 1)
    assert refused.code == 2 and "甲" in refused.err and "乙" in refused.err and "摸牌" in refused.err
    wrong = tdesk("lot", path, "--group", "A", "--order", "甲,丙")
    assert wrong.code == 2 and "丙" in wrong.err
    missing = tdesk("lot", path, "--group", "B", "--order", "甲,乙")
    assert missing.code == 2 and "B" in missing.err
    assert tdesk.fingerprint(path) == before
    assert tdesk("lot", path, "--group", "A", "--order", "乙,甲", "--reason", "摸牌：乙 K，甲 7").code == 0
    rows = group_rows(tdesk, path)["A"]
    assert [(r[0], r[1]) for r in rows[:2]] == [(1, "乙"), (2, "甲")]
    trail = tdesk("audit", path, "--json").json()
    assert any(e["action"] == "lot" and e["reason"] == "摸牌：乙 K，甲 7" for e in trail)
    # The thirds cannot qualify in a knockout of two, so the 丙–丁 tie needs no lot.
    assert tdesk("draw", path, "--stage", "knockout", "--seed", 1).code == 0
    final = tdesk("pair", path, "--json").json()
    assert {final["tables"][0]["home"], final["tables"][0]["away"]} == {"甲", "乙"}


def test_a_team_match_group_table_shows_its_own_figures(tdesk: Tdesk, tmp_path: Path) -> None:
    """Groups of team matches (rules.md §5.8): ``tdesk groups`` heads and fills points, games won and lost and the
    game ratio — the ranking's own figures — not the levels' 小分."""
    path = tmp_path / "team.tdesk"
    assert tdesk("new", path, "--name", "团体", "--format", "groups-knockout", "--scoring", "team-match",
                 "--pairs", "3", "--knockout-size", "2").code == 0  # fmt: skip
    teams = ["甲", "乙", "丙", "丁"]
    for team in teams:
        players = ",".join(f"{team}{i}" for i in range(1, 7))
        assert tdesk("entrant", "add", path, team, "--players", players).code == 0
    assert tdesk("draw", path, "--order", ",".join(teams)).code == 0
    table = tdesk("pair", path, "--json").json()["tables"][0]
    for game, (home, away) in enumerate([("9", "7"), ("5", "8"), ("K", "Q")], start=1):
        done = tdesk("result", path, 1, table["table"], "--game", game, home, away)
        assert done.code == 0, done.err
    out = tdesk("groups", path)
    assert out.code == 0, out.err
    header = next(line for line in out.out.splitlines() if "Rank" in line)
    assert "Level diff." not in header
    assert (
        header.index("Points")
        < header.index("Games won")
        < header.index("Games lost")
        < header.index("Game ratio")
    )
    home = next(line for line in out.out.splitlines() if line.split()[1:2] == [table["home"]])
    assert home.split()[-3:] == ["2", "1", "2"]  # won 2 of 3 pair games: ratio 2 ÷ 1


def test_the_best_third_is_marked_qualified_while_a_lot_decides_the_last_place(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    """Three groups of three → a knockout of 8: six top two and two of three thirds. C's third (壬) lost both
    its matches by 1, A's (丙) and B's (己) lost theirs by 2: 0 points and −4 each, for the last place. 壬 goes on
    whichever way their lot falls: ``true`` in ``standings --json``, marked in ``tdesk groups``; only the two
    tied are ``null``, marked as drawing across the groups."""
    path = tmp_path / "thirds.tdesk"
    names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬"]
    assert tdesk("new", path, "--name", "杯", "--format", "groups-knockout", "--group-size", "3").code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0
    for round_no in (1, 2, 3):
        for t in tdesk("pair", path, "--json").json()["tables"]:
            better = min(t["home"], t["away"], key=names.index)
            up = "3" if "壬" in (t["home"], t["away"]) else "4"
            levels = (up, "2") if t["home"] == better else ("2", up)
            assert tdesk("result", path, round_no, t["table"], *levels).code == 0
    rows = {r["name"]: r["qualified"] for r in tdesk("standings", path, "--json").json()["rows"]}
    assert rows == {"甲": True, "乙": True, "丁": True, "戊": True, "庚": True, "辛": True, "壬": True,
                    "丙": None, "己": None}  # fmt: skip
    shown = {line.split()[1]: line for line in tdesk("groups", path).out.splitlines()
             if len(line.split()) > 2 and line.split()[1] in names}  # fmt: skip
    assert shown["壬"].endswith("qualified") and shown["辛"].endswith("qualified")
    assert shown["丙"].endswith("lot across groups") and shown["己"].endswith("lot across groups")

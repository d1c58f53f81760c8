"""A team-match event (rules.md §5.8) printed through ``tdesk export`` (§10, §12): its scoresheets, standings,
cross-table and workbook, read back as a director would check them; ``standings --json`` stays valid JSON with
an unbeaten team's game ratio in it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import openpyxl
import pytest

from tests.reports import poppler
from tournament_desk.cli import main

pytestmark = [pytest.mark.system, pytest.mark.slow]  # pdftotext reads the PDFs; a whole event through tdesk

TEAMS = ["甲队", "乙队", "丙队", "丁队"]
# Round 1 (Berger, four teams): 甲队 – 丁队 at table 1 (3 : 2), 乙队 – 丙队 at table 2 (5 : 0, a pair absent).
GAMES = {
    1: [
        ("9", "7"),
        ("J", "J", "--declarer", "away"),
        ("过A", "K"),
        ("5", "8"),
        ("Q", "Q", "--declarer", "home"),
    ],
    2: [("10", "6"), ("K", "2"), ("--absent", "away"), ("A", "9"), ("8", "7")],
}


def tdesk(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def refuse(constant: str) -> None:
    raise AssertionError(f"{constant} is not JSON (an unbeaten game ratio must not be written as it)")


def test_a_team_match_event_exports_its_sheets_standings_cross_table_and_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler.require_poppler()
    event = tmp_path / "team.tdesk"
    tdesk(capsys, "new", event, "--name", "团体升级赛", "--format", "round-robin", "--scoring", "team-match",
          "--pairs", "5")  # fmt: skip
    for team in TEAMS:
        tdesk(
            capsys,
            "entrant",
            "add",
            event,
            team,
            "--players",
            ",".join(f"{team[0]}{i}" for i in range(1, 11)),
        )
    tdesk(capsys, "pair", event)
    blank = tmp_path / "blank.pdf"
    tdesk(capsys, "export", event, "scoresheets", "-o", blank)
    text = poppler.text(blank)
    assert text.count("团体赛记分表") == 2 and "第1对 甲1/甲2" in text and "双方队长签字" in text
    # No result on a blank sheet (the printing time is left out first: printed at 13:21, it reads "3:2").
    assert "3:2" not in re.sub(r"\d{4}-\d{2}-\d{2}\s*\d{2}:\d{2}", "", text).replace(" ", "")

    tdesk(capsys, "lineup", event, 1, 1, "--away", "2,1,3,4,5")
    for table, games in GAMES.items():
        for n, game in enumerate(games, start=1):
            tdesk(capsys, "result", event, 1, table, "--game", n, *game)
    sheets = tmp_path / "sheets.pdf"
    tdesk(capsys, "export", event, "scoresheets", "--round", 1, "-o", sheets)
    text = poppler.text(sheets)
    flat = text.replace(" ", "")
    assert "丁3/丁4" in text and "已报阵容" in text and "过A" in text and "客队未到场" in text
    assert "3:2" in flat and "5:0" in flat and "3:1" in flat

    standings = json.loads(tdesk(capsys, "standings", event, "--json"), parse_constant=refuse)
    rows = {r["name"]: r for r in standings["rows"]}
    assert (rows["乙队"]["games_won"], rows["乙队"]["games_lost"]) == (5, 0)
    assert rows["甲队"]["game_ratio"] == 1.5
    printed = tmp_path / "standings.pdf"
    tdesk(capsys, "export", event, "standings", "-o", printed)
    text = poppler.text(printed)
    assert "得失局率" in text and "∞" in text and "inf" not in text and "排名依据" in text
    cross = tmp_path / "cross.pdf"
    tdesk(capsys, "export", event, "crosstable", "-o", cross)
    flat = poppler.text(cross).replace(" ", "")
    assert "3:2" in flat and "0:5" in flat and "本队胜局" in flat

    workbook = tmp_path / "event.xlsx"
    tdesk(capsys, "export", event, "all", "-o", workbook)
    wb = openpyxl.load_workbook(workbook)
    ranked = [r for r in wb["第1轮后名次"].iter_rows(values_only=True) if r[0] is not None]
    assert ranked[1][:8] == (1, "乙队", None, 3, None, 5, 0, "∞")
    assert ranked[0][-1] == "排名依据 Decided by" and ranked[2][-1] == "得失局率"  # 甲队: 3 points as 乙队
    pair_games = [r for r in wb["对局"].iter_rows(values_only=True) if r[0] is not None]
    assert len(pair_games) == 11 and pair_games[1][4:7] == ("甲1/甲2", "丁队", "丁3/丁4")

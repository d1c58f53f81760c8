"""Every page of the window, and every report of its Print / Export menu, for an event of team matches of pairs
(团体赛, issue 26) in each format that carries them (Swiss, round robin, groups then knockout): two rounds typed
through the services, one match forfeited; the walk of tests/gui/test_every_format_pages.py (an exception, a Qt
warning or a refusal of more than a sentence fails it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.test_every_format_pages import open_and_visit
from tournament_desk.domain.team_match import PairGame
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.rounds import pair_next_round

TEAMS = [f"{c}队" for c in "甲乙丙丁戊己庚辛"]


def played_event(path: Path, format_name: str) -> Path:
    """Eight teams of five pairs, two rounds paired and played (table 1 of round 2 forfeited)."""
    desk = create_tournament(path, name="团体赛", format=format_name, scoring="team-match", pairs=5,
                             **({"rounds": 3} if format_name == "swiss" else {}))  # fmt: skip
    try:
        for team in TEAMS:
            es.add_entrant(desk, team, players=",".join(f"{team[0]}{i}" for i in range(1, 11)))
        es.draw(desk, order=TEAMS)
        for round_no in (1, 2):
            pair_next_round(desk)
            for sheet in tv.round_team_sheets(desk, round_no):
                if (round_no, sheet.table) == (2, 1):
                    fs.forfeit(desk, round_no, sheet.table, "away", reason="did not come")
                    continue
                games = [PairGame(n, 9 + n % 3, 8 + (n + round_no) % 4, "home") for n in range(1, 6)]
                tsh.record_games(desk, round_no, sheet.table, games)
    finally:
        desk.close()
    return path


@pytest.mark.slow
@pytest.mark.parametrize("format_name", ["swiss", "round-robin", "groups-knockout"])
def test_every_page_of_a_team_match_event_opens(
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    shown_errors: list[str],
    monkeypatch: pytest.MonkeyPatch,
    format_name: str,
) -> None:
    path = played_event(tmp_path / "team.tdesk", format_name)
    open_and_visit(window, qtbot, path, shown_errors, monkeypatch)


@pytest.mark.slow
def test_the_knockout_page_of_a_team_match_knockout_shows_games_and_sends_typing_to_the_team_matches_page(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """rules.md §5.8 with §7.6: the knockout page of a team-match knockout is not where its matches are typed (their
    pair games are, on the Team matches page): it says so, takes no levels, and shows each team's games won."""
    from PySide6.QtCore import Qt

    from tests.gui.conftest import open_event
    from tournament_desk.gui.models.knockout import KnockoutModel
    from tournament_desk.gui.pages.entry.knockout import KnockoutPage

    path = tmp_path / "ko.tdesk"
    desk = create_tournament(path, name="团体淘汰赛", format="knockout", scoring="team-match", pairs=3)
    try:
        for team in TEAMS[:4]:
            es.add_entrant(desk, team)
        es.draw(desk, order=TEAMS[:4])
        pair_next_round(desk)
        games = [PairGame(1, 12, 9), PairGame(2, 9, 12), PairGame(3, 13, 10)]  # 2 : 1 to the home team
        tsh.record_games(desk, 1, 1, games)
    finally:
        desk.close()
    open_event(window, path)
    page = window.show_page(KnockoutPage)
    assert isinstance(page, KnockoutPage)
    qtbot.waitUntil(lambda: page.model.rowCount() == 2)
    model = page.model
    played = model.row_of_table(1)
    assert model.index(played, KnockoutModel.COL_HOME_LEVEL).data() == "won 2"
    assert model.index(played, KnockoutModel.COL_AWAY_LEVEL).data() == "won 1"
    assert model.index(played, KnockoutModel.COL_WINNER).data() == "甲队"
    waiting = model.index(model.row_of_table(2), KnockoutModel.COL_HOME_LEVEL)
    assert not model.flags(waiting) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(waiting, "K")
    assert "Team matches page" in page.message.text()

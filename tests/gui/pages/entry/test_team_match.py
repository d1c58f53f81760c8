"""The team-match entry page (团体赛, rules.md §5.8) driven by real keystrokes: a five-game match typed end to end, the
declarer asked on equal levels, a pair absent, the line-up dialog (refused once games are typed), undo, a
forfeit through the table actions, another station's game while one is typed, and the standings page's points,
games and ratio; both models pass the model tester."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tests.gui.questions import KEEP, PUT, Answer, Questions
from tests.gui.test_page_reads import count_transactions
from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.team_match import GamesModel
from tournament_desk.gui.models.team_matches import MatchesModel
from tournament_desk.gui.pages.entry.team_match import TeamMatchPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services import lineups as ls
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import team_games as tg
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # real widgets and a real file per test

TEAMS = ["甲队", "乙队", "丙队", "丁队"]
# Round 1 of a round robin of four drawn in TEAMS order: 甲队 – 丁队 (table 1), 乙队 – 丙队 (table 2).


def players(team: str) -> str:
    return ",".join(f"{team[0]}{i}" for i in range(1, 11))


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "team.tdesk"
    desk = create_tournament(path, name="团体赛", format="round-robin", scoring="team-match", pairs=5)
    try:
        for team in TEAMS:
            es.add_entrant(desk, team, players=players(team))
        es.draw(desk, order=TEAMS)
        pair_next_round(desk)
    finally:
        desk.close()
    return path


@pytest.fixture
def session(qapp: QApplication, event: Path) -> Iterator[DeskSession]:
    s = DeskSession(Desk.open(event, station="A站"))
    yield s
    s.close()


@pytest.fixture
def page(session: DeskSession, qtbot: QtBot) -> TeamMatchPage:
    p = TeamMatchPage(session)
    qtbot.addWidget(p)
    p.resize(1100, 500)
    p.show()
    qtbot.waitExposed(p)
    qtbot.waitUntil(lambda: p.matches.rowCount() == 2)
    return p


def editor(page: TeamMatchPage) -> QLineEdit | None:
    return next((e for e in page.grid_view.findChildren(QLineEdit, "game-editor") if e.isVisible()), None)


def open_editor(qtbot: QtBot, page: TeamMatchPage, column: int | None = None) -> QLineEdit:
    qtbot.waitUntil(lambda: editor(page) is not None)
    if column is not None:
        qtbot.waitUntil(lambda: page.grid_view.currentIndex().column() == column)
    box = editor(page)
    assert box is not None
    return box


def type_cell(
    qtbot: QtBot, page: TeamMatchPage, text: str, *, column: int | None = None, enter: bool = True
) -> QLineEdit:
    """Keys as the director types them into the open editor (a Chinese word as an input method commits it)."""
    box = open_editor(qtbot, page, column)
    if text.isascii():
        qtbot.keyClicks(box, text)
    else:
        box.insert(text)
        box.textEdited.emit(box.text())
    if enter:
        qtbot.keyClick(box, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: box is not editor(page) or not box.isVisible())
    return box


def type_game(qtbot: QtBot, page: TeamMatchPage, home: str, away: str, declarer: str | None = None) -> None:
    type_cell(qtbot, page, home, column=GamesModel.COL_HOME)
    type_cell(qtbot, page, away, column=GamesModel.COL_AWAY)
    if declarer is not None:
        type_cell(qtbot, page, declarer, column=GamesModel.COL_DECLARER)


def cell(page: TeamMatchPage, row: int, column: int) -> str:
    return str(page.grid.index(row, column).data() or "")


def match_cell(page: TeamMatchPage, table: int, column: int) -> str:
    row = page.matches.row_of(table)
    assert row is not None
    return str(page.matches.index(row, column).data() or "")


def test_typing_a_five_game_match_end_to_end(page: TeamMatchPage, qtbot: QtBot) -> None:
    assert page.title() == "Team matches" and page.table_no == 1
    assert (
        cell(page, 0, GamesModel.COL_HOME_PAIR) == "甲1/甲2"
        and cell(page, 4, GamesModel.COL_AWAY_PAIR) == "丁9/丁10"
    )
    page.start_typing()
    type_cell(qtbot, page, "9", column=GamesModel.COL_HOME)
    # The away level: the board's winner and the running games follow the keys, before Enter.
    box = type_cell(qtbot, page, "7", column=GamesModel.COL_AWAY, enter=False)
    assert cell(page, 0, GamesModel.COL_WINNER) == "甲队"
    assert page.totals.text() == "甲队 1 : 0 丁队 so far · 4 to type"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.matches.rows[0].lines[0].entered)
    assert tv.team_sheet(page.session.desk, 1, 1).lines[0].game.home_level == 9
    type_game(qtbot, page, "J", "J", "a")  # equal levels: the away pair declared
    type_game(qtbot, page, "过A", "K")
    type_game(qtbot, page, "5", "8")
    assert page.totals.text() == "甲队 2 : 2 丁队 so far · 1 to type"
    type_game(qtbot, page, "Q", "Q", "h")
    qtbot.waitUntil(lambda: page.matches.rows[0].kind == ResultState.PLAYED)
    sheet = tv.team_sheet(page.session.desk, 1, 1)
    assert (sheet.home_won, sheet.away_won, sheet.outcome.home_mp, sheet.outcome.away_mp) == (3, 2, 3.0, 1.0)
    assert match_cell(page, 1, MatchesModel.COL_GAMES) == "3 : 2"
    assert match_cell(page, 1, MatchesModel.COL_POINTS) == "3 : 1"
    assert "points 3 : 1" in page.message.text()
    # The last game of table 1 typed: the cursor is on table 2's first board, ready to type.
    qtbot.waitUntil(lambda: page.table_no == 2)
    open_editor(qtbot, page, GamesModel.COL_HOME)
    actions = [(e.action, e.station) for e in audit_trail(page.session.desk, round_no=1, table_no=1)]
    assert actions == [("game", "A站")] * 5
    # Ctrl+Z in the untouched editor of table 2: the last game of table 1 goes; the match is pending again.
    qtbot.keyClick(open_editor(qtbot, page), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).kind == ResultState.PENDING)
    qtbot.waitUntil(lambda: page.matches.rows[0].kind == ResultState.PENDING)
    assert match_cell(page, 1, MatchesModel.COL_GAMES) == "2 : 2"


def test_equal_levels_ask_for_the_declarer(page: TeamMatchPage, qtbot: QtBot) -> None:
    page.start_typing()
    assert not page.grid.flags(page.grid.index(0, GamesModel.COL_DECLARER)) & Qt.ItemFlag.ItemIsEditable
    type_cell(qtbot, page, "10", column=GamesModel.COL_HOME)
    type_cell(qtbot, page, "10", column=GamesModel.COL_AWAY)
    assert "Equal levels" in page.message.text()
    assert page.grid.flags(page.grid.index(0, GamesModel.COL_DECLARER)) & Qt.ItemFlag.ItemIsEditable
    assert cell(page, 0, GamesModel.COL_DECLARER) == "h / a ?" and cell(page, 0, GamesModel.COL_WINNER) == ""
    assert not tv.team_sheet(page.session.desk, 1, 1).lines[0].entered  # nothing stored without the declarer
    box = type_cell(qtbot, page, "z", column=GamesModel.COL_DECLARER, enter=False)
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.isVisible() and "type h" in page.message.text()  # refused in place, the editor stays open
    box.clear()
    box.insert("客")  # 客: the away pair (as an input method commits it)
    box.textEdited.emit(box.text())
    assert cell(page, 0, GamesModel.COL_WINNER) == "丁队"  # shown as typed
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).lines[0].entered)
    game = tv.team_sheet(page.session.desk, 1, 1).lines[0]
    assert (game.game.home_level, game.game.away_level, game.game.declarer, game.winner) == (
        10,
        10,
        "away",
        "away",
    )
    assert cell(page, 0, GamesModel.COL_DECLARER) == "丁队"
    open_editor(qtbot, page, GamesModel.COL_HOME)  # on to board 2
    assert page.grid_view.currentIndex().row() == 1
    # Both pairs past A: no game ends so; refused at once, the away level asked again, nothing stored.
    type_cell(qtbot, page, "A+", column=GamesModel.COL_HOME)
    type_cell(qtbot, page, "15", column=GamesModel.COL_AWAY)
    assert "only one pair can pass A first" in page.message.text()
    open_editor(qtbot, page, GamesModel.COL_AWAY)
    assert (
        page.grid_view.currentIndex().row() == 1
        and not tv.team_sheet(page.session.desk, 1, 1).lines[1].entered
    )


def test_a_pair_that_did_not_show_loses_its_game(page: TeamMatchPage, qtbot: QtBot) -> None:
    page.start_typing()
    type_cell(qtbot, page, "缺", column=GamesModel.COL_HOME)  # the home pair of board 1 did not show
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).lines[0].entered)
    line = tv.team_sheet(page.session.desk, 1, 1).lines[0]
    assert (line.game.absent, line.winner) == ("home", "away")
    assert cell(page, 0, GamesModel.COL_HOME) == "absent" and cell(page, 0, GamesModel.COL_WINNER) == "丁队"
    assert page.totals.text() == "甲队 0 : 1 丁队 so far · 4 to type"
    # Neither pair of board 2 showed (the grid's context menu): nobody wins it.
    page.absent(1, "both")
    line = tv.team_sheet(page.session.desk, 1, 1).lines[1]
    assert (line.game.absent, line.winner, line.entered) == ("both", None, True)
    assert cell(page, 1, GamesModel.COL_WINNER) == "nobody"
    # Delete on board 2: its game is cleared again.
    qtbot.waitUntil(lambda: editor(page) is not None)  # the cursor went on to board 3: Esc, back to board 2
    qtbot.keyClick(editor(page), Qt.Key.Key_Escape)
    page.grid_view.setFocus()
    page.grid_view.setCurrentIndex(page.grid.index(1, GamesModel.COL_HOME))
    qtbot.keyClick(page.grid_view, Qt.Key.Key_Delete)
    assert not tv.team_sheet(page.session.desk, 1, 1).lines[1].entered


def test_the_line_up_is_set_then_refused_once_a_game_is_typed(page: TeamMatchPage, qtbot: QtBot) -> None:
    page.edit_lineup()
    dialog = page.dialog
    assert dialog is not None
    dialog.choose("home", [2, 1, 3, 4, 5])
    dialog.choose("away", [1, 2, 3, 5, 5])  # pair 5 twice: said at once, OK waits
    assert not dialog.ok_button.isEnabled() and "pair 5 is at two boards" in dialog.problem.text()
    dialog.choose("away", [1, 2, 3, 5, 4])
    assert dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.destroyed):  # stored: the dialog closes (and goes)
        dialog.accept()
    assert (
        cell(page, 0, GamesModel.COL_HOME_PAIR) == "甲3/甲4"
        and cell(page, 3, GamesModel.COL_AWAY_PAIR) == "丁9/丁10"
    )
    assert ls.table_lineups(page.session.desk, 1, 1)[0].order == (2, 1, 3, 4, 5)
    page.start_typing()
    type_game(qtbot, page, "9", "7")
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).lines[0].entered)
    page.edit_lineup()
    dialog = page.dialog
    assert dialog is not None
    dialog.choose("home", [1, 2, 3, 4, 5])
    dialog.accept()
    assert dialog.isVisible()  # refused: the dialog stays open with the services' sentence
    assert dialog.problem.text() == (
        "Round 1 table 1 has pair games entered already; its line-ups can no longer change."
    )
    assert ls.table_lineups(page.session.desk, 1, 1)[0].order == (2, 1, 3, 4, 5)
    dialog.reject()


def test_a_forfeit_through_the_table_actions_and_undo(
    page: TeamMatchPage, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    page.start_typing()
    type_game(qtbot, page, "9", "7")
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).lines[0].entered)
    monkeypatch.setattr(page, "ask_reason", lambda what, body="": "did not come")
    page.table_action(1, "forfeit", "away", "甲队", "丁队")
    sheet = tv.team_sheet(page.session.desk, 1, 1)
    assert (sheet.kind, sheet.outcome.home_mp, sheet.outcome.away_mp) == (ResultState.FORFEIT, 3.0, 0.0)
    assert match_cell(page, 1, MatchesModel.COL_POINTS) == "3 : 0" and "forfeit" in page.totals.text()
    page.undo()
    sheet = tv.team_sheet(page.session.desk, 1, 1)
    assert (
        sheet.kind == ResultState.PENDING and sheet.lines[0].entered
    )  # the game typed before is still there
    assert match_cell(page, 1, MatchesModel.COL_STATE) == "4 of 5 games missing"
    # A 0.5 deduction through the same menu: the team's match says so.
    page.deduct("丁队")
    assert match_cell(page, 1, MatchesModel.COL_STATE) == "4 of 5 games missing · −0.5 points 丁队"


def race(qtbot: QtBot, page: TeamMatchPage, event: Path) -> QLineEdit:
    """A types board 1's levels 9 and J; meanwhile station B stores 8 : 7 there; A presses Enter."""
    page.start_typing()
    type_cell(qtbot, page, "9", column=GamesModel.COL_HOME)
    box = type_cell(qtbot, page, "J", column=GamesModel.COL_AWAY, enter=False)
    with Desk.open(event, station="B站") as other:
        tg.record_game(other, 1, 1, 1, "8", "7")
    qtbot.waitUntil(lambda: "B站" in page.message.text(), timeout=3000)
    assert box.isVisible() and box.text() == "J"  # what A types is kept
    qtbot.keyClick(box, Qt.Key.Key_Return)
    return box


@pytest.mark.usefixtures("real_boxes")
def test_another_stations_game_while_typing_keep_theirs(
    page: TeamMatchPage, qtbot: QtBot, event: Path
) -> None:
    questions = Questions(Answer(KEEP))
    race(qtbot, page, event)
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    assert "B站" in questions.texts[0] and "8 : 7" in questions.texts[0] and "9 : J" in questions.texts[0]
    qtbot.waitUntil(lambda: cell(page, 0, GamesModel.COL_HOME) == "8")
    assert [e.station for e in audit_trail(page.session.desk, round_no=1, table_no=1)] == ["B站"]


@pytest.mark.usefixtures("real_boxes")
def test_another_stations_game_while_typing_put_mine(page: TeamMatchPage, qtbot: QtBot, event: Path) -> None:
    questions = Questions(Answer(PUT))
    race(qtbot, page, event)
    qtbot.waitUntil(lambda: questions.done, timeout=3000)
    qtbot.waitUntil(lambda: tv.team_sheet(page.session.desk, 1, 1).lines[0].game.home_level == 9)
    last = audit_trail(page.session.desk, round_no=1, table_no=1)[-1]
    assert (
        last.station == "A站" and last.reason is not None and "B站" in last.reason and "8 : 7" in last.reason
    )
    assert cell(page, 0, GamesModel.COL_AWAY) == "J" and cell(page, 0, GamesModel.COL_WINNER) == "丁队"


def test_a_refresh_and_a_typed_game_are_one_transaction_each(page: TeamMatchPage, qtbot: QtBot) -> None:
    """The round is read in one snapshot; a game typed is one write (its sheet shown from the write itself)
    and one read (the undo buttons)."""
    begun = count_transactions(page.session.desk)
    page.refresh()
    assert begun[0] == 1
    page.start_typing()
    type_cell(qtbot, page, "K", column=GamesModel.COL_HOME)
    begun[0] = 0
    type_cell(qtbot, page, "9", column=GamesModel.COL_AWAY)
    qtbot.waitUntil(lambda: page.matches.rows[0].lines[0].entered)
    assert begun[0] == 2


def test_the_models_pass_the_model_tester(
    page: TeamMatchPage, qtmodeltester: ModelTester, qtbot: QtBot
) -> None:
    page.start_typing()
    type_game(qtbot, page, "K", "K", "h")
    type_cell(qtbot, page, "缺", column=GamesModel.COL_HOME)
    type_cell(qtbot, page, "A", column=GamesModel.COL_HOME)  # a draft waiting for its away level
    qtmodeltester.check(page.grid, force_py=True)
    qtmodeltester.check(page.matches, force_py=True)


def test_the_standings_page_shows_points_games_and_the_ratio(session: DeskSession, qtbot: QtBot) -> None:
    desk = session.desk
    for n, (home, away, *declarer) in enumerate(
        [("9", "7"), ("J", "J", "away"), ("过A", "K"), ("5", "8"), ("Q", "Q", "home")], 1
    ):
        tg.record_game(desk, 1, 1, n, home, away, declarer=declarer[0] if declarer else None)
    for n in range(1, 6):
        tg.record_game(desk, 1, 2, n, "A", "3")  # 乙队 wins 5 : 0
    standings = StandingsPage(session)
    qtbot.addWidget(standings)
    standings.show()
    qtbot.waitUntil(lambda: standings.model.rowCount() == 4)
    headers = [
        standings.model.headerData(c, Qt.Orientation.Horizontal) for c in range(standings.model.columnCount())
    ]
    assert {"Won", "Lost", "Ratio"} <= set(headers)
    text = [[str(standings.model.index(r, c).data()) for c in range(len(headers))] for r in range(4)]
    first = text[0]
    assert "乙队" in first and first[headers.index("Won")] == "5" and first[headers.index("Lost")] == "0"
    jia = next(row for row in text if "甲队" in row)
    assert (jia[headers.index("Won")], jia[headers.index("Lost")], jia[headers.index("Ratio")]) == (
        "3",
        "2",
        "1.5",
    )
    points = headers.index("Points") if "Points" in headers else None
    assert points is not None and jia[points] == "3" and first[points] == "3"

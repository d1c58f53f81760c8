"""A 7-table Mitchell pairs event (14 pairs, 2 boards a round, 7 rounds) run in the window on a real file: every
round paired and published on the Rounds page, every board typed by keyboard on the Boards page (牌套成绩) —
rounds 1–3 and 7 table by table, rounds 4–6 board by board in traveller order — with a penalty and a
correction; the standings on screen equal ``tdesk standings --json`` row for row. Points that are not a
board's (63) are refused in place and change nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QInputDialog, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from tests.gui.conftest import drawn_event, open_event, save_from_wizard
from tests.gui.test_groups_e2e import pair_and_publish
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.common import format_number
from tournament_desk.gui.models.pair_boards import BY_BOARD, BY_TABLE, EntryModel, EntryRow
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.gui.session import DeskSession
from tournament_desk.gui.wizard import EventPage
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import event_info
from tournament_desk.services.results.pair_boards import traveller

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

PAIRS = [f"第{n}对" for n in range(1, 15)]
TABLES, ROUNDS = 7, 7
BY_TRAVELLER = (4, 5, 6)  # the rounds typed board by board; the others table by table
PENALTY = (2, 3, "EW:10")  # round, table: its first board gets penalty points to EW
CORRECTED = (1, 5)  # round, table: its second board is corrected later (by board)


def make_event(path: Path) -> None:
    drawn_event(path, "牌套双人赛", PAIRS, seed=1, format="mitchell", boards_per_round=2)


def points(round_no: int, table: int, board: int) -> int:
    """The defenders' points at a table: spread over 0–200 with some ties."""
    return ((round_no * 7 + table * 3 + board * 11) % 29) * 5


def visible_editor(page: PairBoardsPage) -> QLineEdit | None:
    editors = page.grid_view.findChildren(QLineEdit, "pair-board-editor")
    return next((e for e in editors if e.isVisible()), None)


def current_row(page: PairBoardsPage) -> EntryRow:
    return page.grid.rows[page.grid_view.currentIndex().row()]


def type_cell(qtbot: QtBot, page: PairBoardsPage, text: str, column: int = EntryModel.COL_POINTS) -> EntryRow:
    """Type into the editor open on the page (at ``column``) and press Enter; the row typed in."""
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    assert page.grid_view.currentIndex().column() == column
    row = current_row(page)
    editor = visible_editor(page)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    return row


def cli_standings(path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "standings", str(path), "--json"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return dict(json.loads(done.stdout))


def round_1_on_boards_page(
    window: MainWindow, qtbot: QtBot, path: Path
) -> tuple[DeskSession, PairBoardsPage]:
    """The event made at `path` and opened, round 1 paired and published: the pair boards page, shown."""
    make_event(path)
    session = open_event(window, path)
    assert pair_and_publish(window, qtbot) == 1
    page = window.show_page(PairBoardsPage)
    assert isinstance(page, PairBoardsPage)
    return session, page


def type_round_by_table(qtbot: QtBot, page: PairBoardsPage, round_no: int, tables: int = TABLES) -> None:
    page.set_mode(BY_TABLE)
    assert page.round_no == round_no and len(page.picks.rows) == tables
    page.start_typing()
    for table in range(1, tables + 1):
        for _ in range(2):
            qtbot.waitUntil(lambda: visible_editor(page) is not None)
            row = current_row(page)
            assert (row.round, row.table) == (round_no, table) and page.table_no == table
            type_cell(qtbot, page, str(points(round_no, table, row.board)))
            qtbot.waitUntil(lambda row=row: any((v.round, v.table) == row.key
                                                for v in page.session.read(traveller, row.board)))  # fmt: skip
    qtbot.waitUntil(lambda: not any(r.waiting for r in page.picks.rows))
    assert "No later table" in page.message.text()


def check_preview(qtbot: QtBot, page: PairBoardsPage, row: EntryRow, text: str) -> None:
    editor = visible_editor(page)
    assert editor is not None
    qtbot.keyClicks(editor, text)
    figures = [page.grid.figures(i) for i in range(len(page.grid.rows))]
    shown = {r.key: f for r, f in zip(page.grid.rows, figures, strict=True) if f[0] is not None}
    assert row.key in shown and len(shown) == row.round
    ns_mp = [page.grid.index(i, EntryModel.COL_NS_MP).data() for i in range(len(page.grid.rows))]
    assert [m for m in ns_mp if m] == [format_number(f[1]) for f in figures if f[0] is not None]
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: any((v.round, v.table) == row.key for v in page.session.read(traveller, row.board))
    )
    stored = {
        (v.round, v.table): (v.ns_result, v.ns_mp, v.ew_mp) for v in page.session.read(traveller, row.board)
    }
    assert stored == shown


def type_round_by_board(qtbot: QtBot, page: PairBoardsPage, round_no: int) -> None:
    """Board by board (traveller order): each board's row for this round is the one waiting."""
    page.set_mode(BY_BOARD)
    page.pick(1)
    page.start_typing()
    seen = []
    for _ in range(TABLES * 2):
        qtbot.waitUntil(lambda: visible_editor(page) is not None)
        row = current_row(page)
        assert row.round == round_no and page.board_no == row.board
        earlier = [r.round for r in page.grid.rows if r.points is not None]
        assert earlier == list(range(1, round_no))  # the traveller so far, in round order
        text = str(points(round_no, row.table, row.board))
        if len(seen) < 2:  # what the typed number gives on every row of the board is what the services store
            check_preview(qtbot, page, row, text)
        else:
            type_cell(qtbot, page, text)
        seen.append(row.board)
    assert sorted(seen) == list(range(1, TABLES * 2 + 1))
    qtbot.waitUntil(lambda: "Every board played so far" in page.message.text())


@pytest.mark.slow
def test_a_mitchell_event_typed_in_the_window_equals_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "牌套赛.tdesk"
    make_event(path)
    session = open_event(window, path)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[:4] == ["Entrants", "Rounds", "Boards", "Standings"]
    questions: list[str] = []
    answers: list[str | None] = [None, "记分员读错了"]  # a correction asks its reason: cancelled, then given

    def question(parent: object, title: str, text: str, *, required: bool = False) -> str | None:
        assert required  # a correction without a reason is refused, as the CLI's --reason
        questions.append(text)
        return answers.pop(0)

    monkeypatch.setattr("tournament_desk.gui.pages.entry.mitchell_dialogs.ask_reason", question)

    for round_no in range(1, ROUNDS + 1):
        assert pair_and_publish(window, qtbot) == round_no
        page = window.show_page(PairBoardsPage)
        assert isinstance(page, PairBoardsPage)
        if round_no in BY_TRAVELLER:
            type_round_by_board(qtbot, page, round_no)
        else:
            type_round_by_table(qtbot, page, round_no)

        if (
            round_no == PENALTY[0]
        ):  # penalty points to EW on the first board of a table, in the penalty column
            page.select_table(PENALTY[1])
            assert current_row(page).table == PENALTY[1]
            page.edit(page.grid.index(0, EntryModel.COL_PENALTY))
            row = type_cell(qtbot, page, PENALTY[2], EntryModel.COL_PENALTY)
            qtbot.waitUntil(lambda page=page: page.grid.rows[0].penalty_ew == 10)
            assert page.grid.index(0, EntryModel.COL_PENALTY).data() == "EW +10"
            views = session.read(traveller, row.board)
            here = next(v for v in views if (v.round, v.table) == (row.round, row.table))
            assert (here.points, here.penalty_ew) == (points(row.round, row.table, row.board), 10)

        if (
            round_no == 2
        ):  # a correction of round 1, by board: cancelled first (nothing changes), then a reason
            key = (1, CORRECTED[1])
            board = [b for b, plays in page.plays.items() if any(p[:2] == key for p in plays)][-1]
            page.select_board(board)
            assert page.by == BY_BOARD and page.board_no == board
            position = next(i for i, r in enumerate(page.grid.rows) if r.key == key)
            old = page.grid.rows[position].points
            assert old is not None
            new = old + 50 if old <= 150 else 20
            audit_before = len(session.read(audit_trail))
            for asked, expected in ((1, old), (2, new)):
                page.edit(page.grid.index(position, EntryModel.COL_POINTS))
                type_cell(qtbot, page, str(new))
                qtbot.waitUntil(lambda asked=asked: len(questions) == asked)
                qtbot.waitUntil(lambda e=expected, p=page, i=position: p.grid.rows[i].points == e)
                views = session.read(traveller, board)
                assert next(v for v in views if (v.round, v.table) == key).points == expected
            assert f"{old} is corrected to {new}" in questions[0] and f"board {board}" in questions[0]
            assert len(session.read(audit_trail)) == audit_before + 1
            assert session.read(audit_trail)[-1].reason == "记分员读错了"

    assert shown_errors == []
    assert not answers
    standings = window.show_page(StandingsPage)
    assert isinstance(standings, StandingsPage)
    standings.set_round(ROUNDS)
    model = standings.model
    columns = [model.column_of(k) for k in ("direction", "rank", "name", "score")]
    on_screen = [[model.index(r, c).data() for c in columns] for r in range(model.rowCount())]
    by_cli = cli_standings(path)
    assert by_cli["after_round"] == ROUNDS and len(by_cli["rows"]) == len(PAIRS)
    assert on_screen == [
        [r["direction"], str(r["rank"]), r["name"], f"{r['score']:g}"] for r in by_cli["rows"]
    ]
    assert {r["direction"] for r in by_cli["rows"]} == {"NS", "EW"}


def test_points_that_are_not_a_boards_are_refused_in_place(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    path = tmp_path / "牌套赛.tdesk"
    session, page = round_1_on_boards_page(window, qtbot, path)
    page.start_typing()
    first = type_cell(qtbot, page, "60")
    qtbot.waitUntil(lambda: page.grid.rows[0].points == 60)
    assert page.grid.index(0, EntryModel.COL_RESULT).data() in ("+60", "−60")
    audit_before = len(session.read(audit_trail))
    travellers_before = {b: session.read(traveller, b) for b in range(1, 15)}

    # The second board of table 1: 63 is refused with the services' sentence; the editor stays open.
    row = type_cell(qtbot, page, "63")
    assert (row.round, row.table, row.board) == (1, 1, first.board + 1)
    assert "steps of 5" in page.message.text() and "63" in page.message.text()
    editor = visible_editor(page)
    assert editor is not None and editor.text() == "63"
    assert page.grid.rows[1].points is None and page.grid.index(1, EntryModel.COL_NS_MP).data() == ""
    # 205 is more than the pack holds; a penalty must name a side.
    editor.selectAll()
    qtbot.keyClicks(editor, "205")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "200" in page.message.text()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    page.edit(page.grid.index(0, EntryModel.COL_PENALTY))
    type_cell(qtbot, page, "XY:10", EntryModel.COL_PENALTY)
    assert "penalty" in page.message.text()
    penalty_editor = visible_editor(page)
    assert penalty_editor is not None
    qtbot.keyClick(penalty_editor, Qt.Key.Key_Escape)
    assert len(session.read(audit_trail)) == audit_before
    assert {b: session.read(traveller, b) for b in range(1, 15)} == travellers_before
    assert shown_errors == []

    # While a number is typed the row shows what it would give; Enter saves exactly that.
    page.edit(page.grid.index(1, EntryModel.COL_POINTS))
    qtbot.waitUntil(lambda: visible_editor(page) is not None)
    editor = visible_editor(page)
    assert editor is not None
    qtbot.keyClicks(editor, "85")
    shown = [page.grid.index(1, c).data() for c in (EntryModel.COL_RESULT, EntryModel.COL_NS_MP)]
    assert shown[0] in ("+85", "−85") and shown[1] == "0"
    board = page.grid.rows[1].board
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(session.read(traveller, board)) == 1)
    saved = session.read(traveller, board)[0]
    assert (saved.points, saved.ns_mp) == (85, 0.0) and shown[0] == f"{saved.ns_result:+d}".replace("-", "−")
    assert page.table_no == 2 and "85" in page.message.text()  # saved, and on to the next table


def format_index(box: QComboBox, name: str) -> int:
    """The wizard's entry of a format (the first, where a format has several)."""
    return next(i for i in range(box.count()) if box.itemData(i).format == name)


def spin(page: EventPage, name: str) -> QSpinBox:
    widget = page.row_widget(name)
    assert isinstance(widget, QSpinBox)
    return widget


def combo(page: EventPage, name: str) -> QComboBox:
    widget = page.row_widget(name)
    assert isinstance(widget, QComboBox)
    return widget


def test_the_wizard_creates_a_mitchell_event(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_file()
    page = window.wizard.event_page
    page.name.setText("牌套双人赛")
    boards_per_round = spin(page, "boards-per-round")
    assert not boards_per_round.isVisibleTo(page)
    page.format.setCurrentIndex(format_index(page.format, "mitchell"))
    assert boards_per_round.isVisibleTo(page) and boards_per_round.value() == 2
    assert (boards_per_round.minimum(), boards_per_round.maximum()) == (1, 16)
    assert page.kind.currentData() == "pairs" and not page.kind.isEnabled()
    assert not page.scoring.isVisibleTo(page) and not page.rounds.isVisibleTo(page)
    boards_per_round.setValue(3)
    even = combo(page, "even")
    even.setCurrentIndex(even.findData("relay"))
    spin(page, "movement-rounds").setValue(5)
    info = save_from_wizard(window, tmp_path / "向导.tdesk").read(event_info)
    assert info.stage_formats == ("mitchell",) and info.entrants_kind == "pairs"
    assert info.settings == {"boards_per_round": 3, "even": "relay", "rounds": 5}
    assert isinstance(window.tabs.widget(2), PairBoardsPage)
    window.show_page(PairBoardsPage)
    assert "No round has been paired yet" in window.page(PairBoardsPage).message.text()  # type: ignore[attr-defined]

    # Back to Swiss: the Mitchell rows go and the scoring and rounds come back.
    window.new_file()
    page = window.wizard.event_page
    page.format.setCurrentIndex(format_index(page.format, "mitchell"))
    page.format.setCurrentIndex(format_index(page.format, "swiss"))
    assert page.scoring.isVisibleTo(page) and page.rounds.isVisibleTo(page) and page.kind.isEnabled()
    assert not page.row_widget("even").isVisibleTo(page)
    from PySide6.QtWidgets import QMessageBox

    from tournament_desk.gui import boxes

    monkeypatch.setattr(
        boxes, "answer", lambda box: QMessageBox.StandardButton.Discard
    )  # "discard what I typed?"
    window.wizard.reject()


def test_an_eight_table_skip_movement_typed_in_the_window_equals_tdesk(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str]
) -> None:
    """Even tables with the skip: 7 rounds, no pair meets another twice or replays a board; typed by table."""
    path = tmp_path / "八桌.tdesk"
    pairs = [f"对{n:02d}" for n in range(1, 17)]
    drawn_event(path, "八桌牌套赛", pairs, seed=2, format="mitchell", boards_per_round=2, even="skip")
    open_event(window, path)
    for round_no in range(1, 8):
        assert pair_and_publish(window, qtbot) == round_no
        page = window.show_page(PairBoardsPage)
        assert isinstance(page, PairBoardsPage)
        type_round_by_table(qtbot, page, round_no, tables=8)
    assert shown_errors == []
    standings = window.show_page(StandingsPage)
    assert isinstance(standings, StandingsPage)
    standings.set_round(7)
    model = standings.model
    columns = [model.column_of(k) for k in ("direction", "rank", "name", "score")]
    on_screen = [[model.index(r, c).data() for c in columns] for r in range(model.rowCount())]
    by_cli = cli_standings(path)
    assert on_screen == [
        [r["direction"], str(r["rank"]), r["name"], f"{r['score']:g}"] for r in by_cli["rows"]
    ]
    assert len(by_cli["rows"]) == 16


def test_a_deduction_on_the_boards_page_lowers_the_pairs_score(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, shown_errors: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.5 比赛分 off the EW pair of table 2 (seed 002), with its reason; the standings show it."""
    path = tmp_path / "扣分.tdesk"
    session, page = round_1_on_boards_page(window, qtbot, path)
    type_round_by_table(qtbot, page, 1)
    page.select_table(2)
    view = page.rounds[1]
    ew = next(t.away for t in view.tables if t.table == 2)
    monkeypatch.setattr(QInputDialog, "getItem", lambda parent, title, label, items, *a: (items[1], True))
    monkeypatch.setattr(
        "tournament_desk.gui.pages.entry.mitchell_dialogs.ask_reason", lambda *a, **k: "打牌时说话"
    )
    before = {r["name"]: r for r in cli_standings(path)["rows"]}[ew]
    page.deduct_button.click()
    assert shown_errors == []
    after = {r["name"]: r for r in cli_standings(path)["rows"]}[ew]
    assert after["deducted"] == 0.5 and after["score"] == before["score"] - 0.5
    assert ew in page.message.text()
    trail = session.read(audit_trail)
    assert trail[-1].action == "deduct" and trail[-1].reason == "打牌时说话"

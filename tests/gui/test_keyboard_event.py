"""Issue 14's done-when: a whole 3-round Swiss event run in the main window by the keyboard alone.

Entrants are registered (Alt+A), drawn (Alt+D), each round paired (Alt+N) and published (Alt+U) on the
Rounds page, a swap of two entrants (Ctrl+arrows, Ctrl+Space, Alt+S), a lock (Alt+K), results typed into
the grid, Ctrl+Z of an entry, a forfeit and a deduction from the table's menu (Shift+F10), a withdrawal and
a reinstatement (Alt+W, Alt+R); pages change with Ctrl+1…4. No mouse event, no slot called. The standings
on screen must then equal ``tdesk standings --json`` on the same file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.gui import boxes
from tournament_desk.gui.dialogs.draw_dialog import DrawDialog
from tournament_desk.gui.dialogs.entrant_dialog import EntrantDialog
from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog
from tournament_desk.gui.dialogs.withdraw_dialog import WithdrawDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.models.rounds import RoundModel
from tournament_desk.gui.models.standings_model import StandingsTableModel
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.rounds import RoundsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.event import create_tournament

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

P = TypeVar("P", bound=QWidget)
ALT, CTRL, SHIFT = (
    Qt.KeyboardModifier.AltModifier,
    Qt.KeyboardModifier.ControlModifier,
    Qt.KeyboardModifier.ShiftModifier,
)
TEAMS = [("东风队", "一中"), ("红旗队", "一中"), ("长城队", "纺织厂"), ("黄河队", "纺织厂"),
         ("泰山队", "铁路局"), ("长江队", "铁路局"), ("黄山队", "邮政局"), ("珠江队", "邮政局")]  # fmt: skip
LEVELS = iter(["Q", "9", "10", "10", "A", "8", "J", "K", "过A", "5", "9", "J", "K", "Q", "7", "10", "A", "A",
               "2", "3", "8", "6", "5", "9"])  # fmt: skip


def focus() -> QWidget:
    """The widget with the keyboard focus.

    The offscreen platform has no window manager: when a dialog closes, nobody makes the main window
    active again (a desktop does), so no widget has the focus. Do the window manager's part here.
    """
    if QApplication.activeWindow() is None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        if windows:
            windows[0].activateWindow()
            QApplication.processEvents()
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key to whatever has the keyboard focus, as the director's keyboard would send it."""
    qtbot.keyClick(focus(), key, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    box = focus()
    if text.isascii():
        qtbot.keyClicks(box, text)
    else:  # qtbot.keyClicks aborts on Chinese: an input method's commit, as QLineEdit.insert
        assert isinstance(box, QLineEdit)
        box.insert(text)


def when_modal(qtbot: QtBot, kind: type[QWidget], act: Callable[[QWidget], None]) -> list[bool]:
    """Run ``act`` on the next modal dialog of ``kind`` (a blocking exec()), from inside its event loop."""
    done: list[bool] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible():
            act(dialog)
            done.append(True)
        else:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)
    return done


def give_reason(qtbot: QtBot, reason: str) -> list[bool]:
    def act(dialog: QWidget) -> None:
        assert isinstance(dialog, ReasonDialog)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.edit)
        type_text(qtbot, reason)
        press(qtbot, Qt.Key.Key_Return)

    return when_modal(qtbot, ReasonDialog, act)


def go(qtbot: QtBot, window: MainWindow, n: int, kind: type[P]) -> P:
    """Ctrl+n: the page opens with the keyboard in its table."""
    press(qtbot, getattr(Qt.Key, f"Key_{n}"), CTRL)
    page = window.tabs.currentWidget()
    assert isinstance(page, kind)
    qtbot.waitUntil(lambda: page.isAncestorOf(focus()))
    return page


def editor(page: ResultsPage) -> QLineEdit | None:
    return next((e for e in page.table.findChildren(QLineEdit, "level-editor") if e.isVisible()), None)


def type_level(qtbot: QtBot, page: ResultsPage, text: str) -> None:
    """A level into the grid: the first key opens the cell's editor (F2 for a Chinese level), Enter saves."""
    if editor(page) is None:
        qtbot.waitUntil(lambda: focus() is page.table)
        if text.isascii():
            press(qtbot, getattr(Qt.Key, f"Key_{text[0].upper()}"))
            text = text[1:]
        else:
            press(qtbot, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: editor(page) is not None and focus() is editor(page))
    type_text(qtbot, text)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.wait(1)  # the next table's editor opens after this key's event


def type_tables(qtbot: QtBot, page: ResultsPage, count: int) -> None:
    for _ in range(count * 2):
        type_level(qtbot, page, next(LEVELS))


def to_table(qtbot: QtBot, page: ResultsPage, table: int) -> None:
    """Up or down the grid (Escape first: no editor open) to the table's home level."""
    if editor(page) is not None:
        press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: focus() is page.table)
    row = page.model.row_of_table(table)
    while page.table.currentIndex().row() != row:
        press(qtbot, Qt.Key.Key_Down if page.table.currentIndex().row() < row else Qt.Key.Key_Up)


def table_menu_pick(qtbot: QtBot, letter: Qt.Key, downs: int) -> None:
    """Shift+F10 opens the current table's actions; a letter opens a submenu, arrows and Enter pick."""
    press(qtbot, Qt.Key.Key_F10, SHIFT)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    qtbot.keyClick(QApplication.activePopupWidget(), letter)

    def submenu_open() -> bool:
        popup = QApplication.activePopupWidget()
        return popup is not None and popup.objectName() != "table-actions-menu"

    qtbot.waitUntil(submenu_open)
    submenu = QApplication.activePopupWidget()
    assert isinstance(submenu, QMenu)
    if submenu.activeAction() is None:
        qtbot.keyClick(submenu, Qt.Key.Key_Down)
    for _ in range(downs):
        qtbot.keyClick(submenu, Qt.Key.Key_Down)
    qtbot.keyClick(submenu, Qt.Key.Key_Return)


def pair_and_publish(
    qtbot: QtBot, window: MainWindow, round_no: int, adjust: Callable[[RoundsPage], None]
) -> None:
    rounds = go(qtbot, window, 2, RoundsPage)
    with qtbot.waitSignal(rounds.worker.finished, timeout=60_000):
        press(qtbot, Qt.Key.Key_N, ALT)
    assert rounds.selected_round() == round_no and rounds.view is not None and not rounds.view.published
    for _ in range(10):  # Tab from the button bar into the pairing
        if focus() is rounds.table:
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert focus() is rounds.table
    adjust(rounds)
    press(qtbot, Qt.Key.Key_U, ALT)
    qtbot.waitUntil(lambda: rounds.view is not None and rounds.view.published)


def cell(qtbot: QtBot, rounds: RoundsPage, row: int, column: int, *, add: bool = False) -> None:
    """Move the cursor to a cell: plainly (the selection follows) or with Ctrl, then Ctrl+Space adds it."""
    modifier = CTRL if add else Qt.KeyboardModifier.NoModifier
    while rounds.table.currentIndex().row() != row:
        current = rounds.table.currentIndex().row()
        press(qtbot, Qt.Key.Key_Down if current < row else Qt.Key.Key_Up, modifier)
    while rounds.table.currentIndex().column() != column:
        current = rounds.table.currentIndex().column()
        press(qtbot, Qt.Key.Key_Right if current < column else Qt.Key.Key_Left, modifier)
    if add:
        press(qtbot, Qt.Key.Key_Space, CTRL)


def test_a_swiss_event_by_keyboard_only(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "键盘赛.tdesk"
    create_tournament(path, name="键盘杯", rounds=3).close()
    assert window.open_file(path)
    window.activateWindow()
    qtbot.waitActive(window)
    asked: list[str] = []

    def yes(_parent: object, _title: str, text: str, **_kw: object) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(boxes, "ask", yes)

    # Register the eight teams (Alt+A, name, Tab, unit, Enter), then the round-1 draw (Alt+D, Enter).
    entrants = go(qtbot, window, 1, EntrantsPage)
    for name, unit in TEAMS:
        entrants.dialog = None
        press(qtbot, Qt.Key.Key_A, ALT)  # a button's mnemonic clicks it a moment later (animateClick)
        qtbot.waitUntil(lambda: entrants.dialog is not None)
        dialog = entrants.dialog
        assert isinstance(dialog, EntrantDialog)
        qtbot.waitUntil(lambda d=dialog: focus() is d.name_edit)
        type_text(qtbot, name)
        press(qtbot, Qt.Key.Key_Tab)
        type_text(qtbot, unit)
        press(qtbot, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda d=dialog: not d.isVisible())
    assert [e.name for e in entrants.model.rows] == [n for n, _ in TEAMS]
    press(qtbot, Qt.Key.Key_D, ALT)
    qtbot.waitUntil(lambda: isinstance(entrants.dialog, DrawDialog))
    qtbot.waitUntil(lambda: entrants.dialog is not None and entrants.dialog.isAncestorOf(focus()))
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: entrants.dialog is not None and not entrants.dialog.isVisible())

    # Round 1: paired and published as it came; four results typed, one of them undone (Ctrl+Z) and retyped.
    pair_and_publish(qtbot, window, 1, lambda rounds: None)
    results = go(qtbot, window, 3, ResultsPage)
    assert results.round_no == 1
    assert results.table.currentIndex().column() == ResultsModel.COL_HOME_LEVEL
    type_tables(qtbot, results, 1)
    first = results.model.rows[0]
    assert not first.missing
    qtbot.waitUntil(lambda: editor(results) is not None)
    press(qtbot, Qt.Key.Key_Z, CTRL)  # right after Enter: undoes table 1's entry, not the empty editor
    qtbot.waitUntil(lambda: results.model.rows[0].missing)
    assert results.table.currentIndex().row() == 0
    type_tables(qtbot, results, 4)
    assert not any(r.missing for r in results.model.rows)

    # Round 2: the away sides of tables 1 and 2 swapped, table 3 locked; a forfeit at table 4.
    swapped: list[str] = []

    def swap_and_lock(rounds: RoundsPage) -> None:
        before = [(r.home, r.away) for r in rounds.model.rows]
        cell(qtbot, rounds, 0, RoundModel.COL_AWAY)
        cell(qtbot, rounds, 1, RoundModel.COL_AWAY, add=True)
        assert sorted(rounds.selected_names()) == sorted([before[0][1], before[1][1]])
        done = give_reason(qtbot, "调整座位")
        press(qtbot, Qt.Key.Key_S, ALT)
        qtbot.waitUntil(lambda: bool(done))
        qtbot.waitUntil(lambda: rounds.model.rows[0].away == before[1][1])
        after = [(r.home, r.away) for r in rounds.model.rows]
        assert after[0] == (before[0][0], before[1][1]) and after[1] == (before[1][0], before[0][1])
        swapped.extend([before[0][1], before[1][1]])
        for _ in range(10):  # back from the button into the pairing
            if focus() is rounds.table:
                break
            press(qtbot, Qt.Key.Key_Tab)
        cell(qtbot, rounds, 2, RoundModel.COL_HOME)
        done = give_reason(qtbot, "场地")
        press(qtbot, Qt.Key.Key_K, ALT)
        qtbot.waitUntil(lambda: bool(done) and rounds.model.rows[2].locked)

    pair_and_publish(qtbot, window, 2, swap_and_lock)
    results = go(qtbot, window, 3, ResultsPage)
    assert results.round_no == 2
    type_tables(qtbot, results, 3)
    to_table(qtbot, results, 4)
    done = give_reason(qtbot, "未到场")
    table_menu_pick(qtbot, Qt.Key.Key_F, downs=1)  # Forfeit ▸ the away side
    qtbot.waitUntil(lambda: bool(done))
    forfeited = results.model.rows[results.model.row_of_table(4)]
    assert forfeited.kind == "forfeit" and forfeited.side == "away"
    assert not any(r.missing for r in results.model.rows)

    # Between rounds: a team withdrawn (Alt+W) and reinstated (Alt+R) on the entrants page.
    entrants = go(qtbot, window, 1, EntrantsPage)
    gone = TEAMS[5][0]

    def selected() -> str | None:
        chosen = entrants.selected_entrant()
        return None if chosen is None else chosen.name

    while selected() != gone:
        press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_W, ALT)
    qtbot.waitUntil(lambda: isinstance(entrants.dialog, WithdrawDialog))
    dialog = entrants.dialog
    assert isinstance(dialog, WithdrawDialog) and dialog.name() == gone
    qtbot.waitUntil(lambda: focus() is dialog.entrant_combo)
    press(qtbot, Qt.Key.Key_R, ALT)  # the dialog's "Reason" field by its mnemonic
    assert focus() is dialog.reason_edit
    type_text(qtbot, "生病")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    qtbot.waitUntil(lambda: focus() is entrants.table)
    chosen = entrants.selected_entrant()
    assert chosen is not None and chosen.name == gone and chosen.withdrawn_after_round == 2
    assert entrants.withdraw_button.text() == "&Reinstate…"
    asked.clear()  # the withdrawal's own question named the team too: wait for the reinstatement's
    press(qtbot, Qt.Key.Key_R, ALT)
    qtbot.waitUntil(lambda: any(gone in text for text in asked))
    qtbot.waitUntil(lambda: all(e.withdrawn_after_round is None for e in entrants.model.rows))

    # Round 3: all four results typed, and a deduction of 0.5 MP from table 1's home team.
    pair_and_publish(qtbot, window, 3, lambda rounds: None)
    results = go(qtbot, window, 3, ResultsPage)
    assert results.round_no == 3
    type_tables(qtbot, results, 4)
    to_table(qtbot, results, 1)
    done = give_reason(qtbot, "喧哗")
    table_menu_pick(qtbot, Qt.Key.Key_D, downs=0)  # Deduct 0.5 MP ▸ the home team
    qtbot.waitUntil(lambda: bool(done))

    trail = audit_trail(window.session.desk)  # type: ignore[union-attr]
    actions = [e.action for e in trail]
    for action in ("swap", "lock", "forfeit", "deduct", "withdraw", "reinstate", "restore"):
        assert action in actions, action
    assert next(e for e in trail if e.action == "deduct").entrant == results.model.rows[0].home
    assert sorted(next(e for e in trail if e.action == "swap").new["swap"]) == sorted(swapped)

    standings = go(qtbot, window, 4, StandingsPage)
    model = standings.model
    columns = (StandingsTableModel.COL_RANK, StandingsTableModel.COL_NAME, StandingsTableModel.COL_MP,
               StandingsTableModel.COL_VP)  # fmt: skip
    on_screen = [[model.index(row, c).data() for c in columns] for row in range(model.rowCount())]
    cli = subprocess.run([sys.executable, "-m", "tournament_desk.cli", "standings", str(path), "--json"],
                         capture_output=True, text=True, check=True)  # fmt: skip
    expected = json.loads(cli.stdout)
    assert expected["after_round"] == 3
    assert on_screen == [
        [str(r["rank"]), r["name"], f"{r['mp']:g}", f"{r['vp']:g}"] for r in expected["rows"]
    ]
    assert sum(r["deducted"] for r in expected["rows"]) == 0.5

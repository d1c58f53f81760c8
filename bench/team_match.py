"""The window's cost of typing a team match of five pairs (团体赛, issue 26): target ≤ 50 ms of CPU per pair game.

The window (offscreen, in Chinese) shows the team-match page of a round robin of ``--teams`` teams of five pairs,
round 1 paired. Each of the round's matches is typed through real keystrokes into the grid's editors, as the
desk types a scoresheet: the home level, Enter, the away level, Enter, and on equal levels the declarer, Enter
(each game saved through the services, the match's points following); the cursor moves on by itself. The
keystrokes are counted (``--keys`` shows them).

Measured on this process's CPU time (``time.process_time``: the window, the services and SQLite, all in it),
never the wall clock, which means nothing on a shared machine. The floor, measured in the same run and
interleaved with it, is the same keystrokes typed into a plain Qt grid (a ``QTableView`` over a
``QStandardItemModel``, its default editor, the cursor moved the same way): what any window pays for the keys
themselves. Each figure is the median over the round's matches; the ratio to the floor is printed beside.

Run: ``.venv/bin/python bench/team_match.py [--teams 16] [--keys]`` (building the event is not timed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QTableView

TARGET = 0.050  # seconds of CPU per pair game
DEADLINE = 60.0  # seconds: the whole benchmark gives up after this
PAIRS = 5
# One team match as its scoresheet reads (home level, away level[, declarer on equal levels]): 3 : 2.
SHEET: tuple[tuple[str, ...], ...] = (("9", "7"), ("J", "J", "a"), ("A+", "K"), ("5", "8"), ("Q", "Q", "h"))


def keystrokes(sheet: Sequence[Sequence[str]]) -> list[list[str]]:
    """Each cell's keys, Enter last: the characters then Return."""
    return [[*cell, "\r"] for game in sheet for cell in game]


def press(editor: QLineEdit, keys: Sequence[str]) -> None:
    for key in keys:
        if key == "\r":
            QTest.keyClick(editor, Qt.Key.Key_Return)
        else:
            QTest.keyClicks(editor, key)


def wait_for(app: QApplication, found: Callable[[], QLineEdit | None], deadline: float) -> QLineEdit:
    """Pump the event loop until an editor is open (the page opens the next one from a zero timer)."""
    while True:
        editor = found()
        if editor is not None:
            return editor
        if time.perf_counter() > deadline:
            raise SystemExit("gave up: no editor opened")
        app.processEvents()


def visible_editor(view: QTableView, name: str | None = None) -> QLineEdit | None:
    editors = view.findChildren(QLineEdit, name) if name else view.findChildren(QLineEdit)
    return next((e for e in editors if e.isVisible()), None)


def build(folder: Path, teams: int) -> Path:
    from tournament_desk.services import entrants as es
    from tournament_desk.services.event import create_tournament
    from tournament_desk.services.rounds import pair_next_round

    path = folder / "teams.tdesk"
    desk = create_tournament(path, name="团体赛", format="round-robin", scoring="team-match", pairs=PAIRS)
    try:
        names = [f"队{n:02d}" for n in range(1, teams + 1)]
        for name in names:
            es.add_entrant(desk, name, players=",".join(f"{name}{i}" for i in range(1, 2 * PAIRS + 1)))
        es.draw(desk, order=names)
        pair_next_round(desk)
    finally:
        desk.close()
    return path


def type_match(app: QApplication, page: object, table: int, cells: list[list[str]], deadline: float) -> float:
    """CPU seconds to type one match's keys on the team-match page (from its first board to the last Enter)."""
    from tournament_desk.domain.results import ResultState
    from tournament_desk.gui.pages.entry.team_match import TeamMatchPage

    assert isinstance(page, TeamMatchPage)
    page.select_table(table)
    start = time.process_time()
    page.start_typing()
    for keys in cells:
        press(wait_for(app, lambda: visible_editor(page.grid_view, "game-editor"), deadline), keys)
    while page.matches.rows[page.matches.row_of(table) or 0].kind != ResultState.PLAYED:
        if time.perf_counter() > deadline:
            raise SystemExit("gave up: the match was not stored")
        app.processEvents()
    return time.process_time() - start


def type_floor(app: QApplication, view: QTableView, cells: list[list[str]], deadline: float) -> float:
    """CPU seconds to type the same keys into a plain Qt grid, moving the cursor cell by cell."""
    model = view.model()
    assert isinstance(model, QStandardItemModel)
    model.clear()
    model.setRowCount(len(cells) // 3 + 1)
    model.setColumnCount(3)
    start = time.process_time()
    for k, keys in enumerate(cells):
        index = model.index(*divmod(k, 3))
        view.setCurrentIndex(index)
        view.edit(index)
        press(wait_for(app, lambda: visible_editor(view), deadline), keys)
        app.processEvents()
    return time.process_time() - start


def type_services(desk: object, table: int, statements: list[int]) -> float:
    """CPU seconds of what the window asks of the services for one match, without the window: each game stored
    as an undoable step, then the buttons' journal and the table's source read (as the page reads them).
    ``statements`` gets the SQL statements the match ran (a count the machine's load does not blur)."""
    from sqlalchemy import event

    from tournament_desk.services import live
    from tournament_desk.services import undo as us
    from tournament_desk.services.desk import Desk
    from tournament_desk.services.results import team_games as tg

    assert isinstance(desk, Desk)
    ran = [0]

    def count(*_: object) -> None:
        ran[0] += 1

    event.listen(desk.db.engine, "before_cursor_execute", count)
    start = time.process_time()
    for number, game in enumerate(SHEET, 1):
        home, away, *declarer = game
        side = {"h": "home", "a": "away"}.get(declarer[0]) if declarer else None
        what = us.label("game", game=number, home=home, away=away)
        us.record(desk, "games", 1, table, what, tg.record_game, number, home, away, declarer=side,
                  expected={number: None})  # fmt: skip
        us.history(desk, 1)
        live.live_table(desk, 1, table)
    spent = time.process_time() - start
    event.remove(desk.db.engine, "before_cursor_execute", count)
    statements.append(ran[0])
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=16, help="teams of the round robin (even, 4 to 64)")
    parser.add_argument("--keys", action="store_true", help="print the keystrokes of one match")
    args = parser.parse_args()
    teams = max(4, min(args.teams, 64) // 2 * 2)

    from tournament_desk.gui import app as gui_app
    from tournament_desk.gui import main_window

    gui_app.keep_singletons_alive()  # as the application does
    from tournament_desk.gui.main_window import MainWindow
    from tournament_desk.gui.pages.entry.team_match import TeamMatchPage
    from tournament_desk.services.desk import Desk

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    tmp = Path(tempfile.mkdtemp(prefix="tdesk-bench-team-"))
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    gui_app.settings = lambda: settings  # keep the bench out of the user's settings
    main_window.settings = lambda: settings
    path = build(tmp, teams)
    alone = tmp / "alone.tdesk"
    shutil.copyfile(path, alone)

    translations = gui_app.Translations(app)
    translations.apply("zh_CN")
    window = MainWindow(translations)
    window.resize(1280, 800)
    window.show()
    window.open_file(path)
    page = window.show_page(TeamMatchPage)
    assert isinstance(page, TeamMatchPage)
    app.processEvents()
    floor_view = QTableView()
    floor_view.setModel(QStandardItemModel())
    floor_view.resize(600, 300)
    floor_view.show()

    cells = keystrokes(SHEET)
    count = sum(len("".join(k)) for k in cells)
    if args.keys:
        print("keys of one match:", " ".join("".join(k).replace("\r", "⏎") for k in cells))
    deadline = time.perf_counter() + DEADLINE
    matches: list[float] = []
    floors: list[float] = []
    services: list[float] = []
    statements: list[int] = []
    with Desk.open(alone, station="bench") as desk:
        for table in [s.table for s in page.matches.rows]:
            floors.append(type_floor(app, floor_view, cells, deadline))
            services.append(type_services(desk, table, statements))
            matches.append(type_match(app, page, table, cells, deadline))
    window.close()
    floor_view.close()

    per_game = statistics.median(matches) / PAIRS
    floor_game = max(statistics.median(floors) / PAIRS, 1e-6)
    verdict = "ok" if per_game <= TARGET else "MISSED"
    print(f"team matches of {PAIRS} pairs typed in the window: {len(matches)} matches, {count} keystrokes each "
          f"(median CPU)")  # fmt: skip
    print(f"  {'what':<44}{'CPU per game':>14}{'target':>10}{'× floor':>9}")
    print(f"  {'a pair game typed, saved, the match following':<44}{per_game * 1000:>11.1f} ms"
          f"{TARGET * 1000:>7.0f} ms{per_game / floor_game:>8.1f}×  {verdict}")  # fmt: skip
    print(f"  {'floor: the same keys into a plain Qt grid':<44}{floor_game * 1000:>11.1f} ms")
    alone_game = statistics.median(services) / PAIRS
    print(f"  {'of which the services (no window): store the':<44}{alone_game * 1000:>11.1f} ms")
    print("  game as an undoable step, read the undo journal and the table's source")
    print(f"  {'SQL statements per game (services)':<44}{statistics.median(statements) / PAIRS:>11.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

"""GUI responsiveness on a big event, on this process's CPU time (medians, floor and target beside each figure).

- opening a 2000-entrant event with 9 rounds played, to a usable window: target ≤ 2 s of CPU
- from pressing Enter on a result to the standings page being up to date: target ≤ 50 ms of CPU
- a correction in the round the standings show, to the standings up to date: target ≤ 100 ms of CPU

Measured with ``time.process_time`` (the window, the services and SQLite all run in this process), never the
wall clock, which means nothing on a shared machine. Floors, measured in the same run and interleaved with the
work: for opening, a plain Qt window showing a ``QTableView`` over a ``QStandardItemModel`` of as many rows (what
any window pays to show them); for Enter and a correction, one read transaction of the event's row through the
desk and one turn of the event loop (the least any keystroke that reaches the file costs). The run is bounded
(``--deadline``): past it, what was measured is printed and the run says it timed out.

Run: ``.venv/bin/python bench/gui.py [--quick]`` (offscreen; building the event is not timed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QModelIndex, QSettings
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView
from timing import Deadline, cpu_call, figure  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.gui import app as gui_app
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk, tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round

OPEN_TARGET, ENTER_TARGET, CORRECTION_TARGET = 2.0, 0.050, 0.100


def plain_window(app: QApplication, rows: int) -> float:
    """CPU seconds to show a plain Qt window with a table of ``rows`` rows × 6 columns (the opening's floor)."""

    def show() -> None:
        model = QStandardItemModel(rows, 6)
        for row in range(rows):
            model.setItem(row, 0, QStandardItem(f"选手{row}"))
        window = QMainWindow()
        view = QTableView()
        view.setModel(model)
        window.setCentralWidget(view)
        window.show()
        app.processEvents()
        window.close()
        window.deleteLater()

    spent = cpu_call(show)
    app.processEvents()
    return spent


def read_turn(app: QApplication, desk: Desk) -> float:
    """CPU seconds of one read transaction of the event's row and one event-loop turn (Enter's floor)."""

    def turn() -> None:
        with desk.db.transaction() as session:
            tournament(session)
        app.processEvents()

    app.processEvents()  # what the last keystroke left queued is its cost, not the floor's
    return cpu_call(turn)


def opening(app: QApplication, translations: gui_app.Translations, path: Path, n: int, deadline: Deadline,
            ) -> tuple[list[float], list[float]]:  # fmt: skip
    opens: list[float] = []
    floors: list[float] = []
    for _ in range(3):
        floors.append(plain_window(app, n))

        def open_window() -> None:
            window = MainWindow(translations)
            window.show()
            window.open_file(path)
            page = window.show_page(EntrantsPage)
            app.processEvents()
            assert page.model.rowCount() == n
            window.close()
            window.deleteLater()

        opens.append(cpu_call(open_window))
        app.processEvents()
        if deadline.over("the next opening"):
            break
    return opens, floors


def keystrokes(app: QApplication, translations: gui_app.Translations, path: Path, played: int, deadline: Deadline,
               ) -> tuple[list[float], list[float], list[float]]:  # fmt: skip
    """CPU seconds of each Enter and each correction (to the standings up to date), and of each floor turn."""
    enters: list[float] = []
    corrections: list[float] = []
    floors: list[float] = []
    window = MainWindow(translations)
    window.show()
    window.open_file(path)
    assert window.session is not None
    desk = window.session.desk
    pair_next_round(desk)  # the round the desk is typing in
    window.session.notify({"rounds"})
    results = window.show_page(ResultsPage)
    standings = window.page(StandingsPage)
    app.processEvents()
    for row in range(21):
        if deadline.over("the next Enter"):
            break
        table = results.model.rows[row].table
        results.model.setData(results.model.index(row, ResultsModel.COL_HOME_LEVEL), "Q")
        floors.append(read_turn(app, desk))

        def enter(row: int = row) -> None:
            # Enter on the away level: saved through the services, then the standings page brought up to date.
            results.model.setData(results.model.index(row, ResultsModel.COL_AWAY_LEVEL), "9")
            standings.refresh()

        enters.append(cpu_call(enter))
        assert not results.model.rows[row].missing, table
    assert standings.model.index(0, 0, QModelIndex()).data() is not None
    # A correction in the round the standings show: they must be read again (the memo cannot help).
    shown = standings.standings.after_round if standings.standings else played
    for table in range(1, 12):
        if deadline.over("the next correction"):
            break

        def correct(table: int = table) -> None:
            record_result(desk, shown, table, "A", "2", reason="bench")
            window.session.notify({"results"})  # type: ignore[union-attr]
            standings.refresh()

        corrections.append(cpu_call(correct))
    window.close()
    return enters, corrections, floors


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="500 entrants × 5 rounds")
    parser.add_argument("--deadline", type=float, default=300, help="seconds before the run gives up")
    args = parser.parse_args()
    n, played = (500, 5) if args.quick else (2000, 9)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    tmp = Path(tempfile.mkdtemp(prefix="tdesk-bench-gui-"))
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    gui_app.settings = lambda: settings  # keep the bench out of the user's settings
    import tournament_desk.gui.main_window as main_window

    main_window.settings = lambda: settings
    path = tmp / "big.tdesk"
    create_demo(path, entrants=n, units=n // 4, played=played, seed=1, rounds=played + 1).close()
    translations = gui_app.Translations(app)
    translations.apply("zh_CN")
    deadline = Deadline(args.deadline)

    opens, open_floors = opening(app, translations, path, n, deadline)
    enters, corrections, floors = keystrokes(app, translations, path, played, deadline)

    floor = sorted(floors)[len(floors) // 2] if floors else 0.0
    open_floor = sorted(open_floors)[len(open_floors) // 2] if open_floors else 0.0
    print(f"GUI, {n} entrants × {played} rounds played, offscreen; CPU of this process")
    print(f"  floor of opening: a plain Qt window showing {n} rows: {open_floor:.3f} s CPU")
    print(f"  floor of a keystroke: one read transaction + one event-loop turn: {floor * 1000:.2f} ms CPU")
    print(figure("  open the event to a usable window", opens, open_floor, OPEN_TARGET))
    # The first Enter and the first correction read what the later ones find remembered: left out.
    print(
        figure("  Enter on a result → standings page up to date", enters[1:], floor, ENTER_TARGET, unit="ms")
    )
    print(figure("  correct a result of the shown round → standings", corrections[1:], floor, CORRECTION_TARGET,
                 unit="ms"))  # fmt: skip
    shutil.rmtree(tmp, ignore_errors=True)
    note = deadline.note()
    if note:
        print(note)


if __name__ == "__main__":
    main()

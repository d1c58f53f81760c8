"""GUI responsiveness on a big event (medians, target beside each figure).

- opening a 2000-entrant event with 9 rounds played, to a usable window: target ≤ 2 s
- from pressing Enter on a result to the standings page being up to date: target ≤ 100 ms

Run: ``.venv/bin/python bench/gui.py [--quick]`` (offscreen; building the event is not timed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QModelIndex, QSettings
from PySide6.QtWidgets import QApplication

from tournament_desk.gui import app as gui_app
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.models.results import ResultsModel
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.standings import StandingsPage
from tournament_desk.services.demo import create_demo
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round

OPEN_TARGET, ENTER_TARGET, CORRECTION_TARGET = 2.0, 0.050, 0.100


def line(what: str, seconds: float, target: float) -> str:
    verdict = "ok" if seconds <= target else "MISSED"
    return f"  {what:<52}{seconds * 1000:>9.0f} ms{target * 1000:>9.0f} ms  {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="500 entrants × 5 rounds")
    args = parser.parse_args()
    n, played = (500, 5) if args.quick else (2000, 9)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    gui_app.settings = lambda: settings  # keep the bench out of the user's settings
    import tournament_desk.gui.main_window as main_window

    main_window.settings = lambda: settings
    path = tmp / "big.tdesk"
    create_demo(path, entrants=n, units=n // 4, played=played, seed=1, rounds=played + 1).close()
    translations = gui_app.Translations(app)
    translations.apply("zh_CN")

    opens = []
    for _ in range(3):
        start = time.perf_counter()
        window = MainWindow(translations)
        window.show()
        window.open_file(path)
        page = window.show_page(EntrantsPage)
        app.processEvents()
        assert page.model.rowCount() == n
        opens.append(time.perf_counter() - start)
        window.close()
        window.deleteLater()
        app.processEvents()

    window = MainWindow(translations)
    window.show()
    window.open_file(path)
    assert window.session is not None
    pair_next_round(window.session.desk)  # the round the desk is typing in
    window.session.notify({"rounds"})
    results = window.show_page(ResultsPage)
    standings = window.page(StandingsPage)
    app.processEvents()
    enters = []
    for row in range(21):
        table = results.model.rows[row].table
        results.model.setData(results.model.index(row, ResultsModel.COL_HOME_LEVEL), "Q")
        start = time.perf_counter()
        # Enter on the away level: saved through the services, then the standings page is brought up to date.
        results.model.setData(results.model.index(row, ResultsModel.COL_AWAY_LEVEL), "9")
        standings.refresh()
        enters.append(time.perf_counter() - start)
        assert not results.model.rows[row].missing, table
    assert standings.model.index(0, 0, QModelIndex()).data() is not None
    # A correction in the round the standings show: they must be read again (the memo cannot help).
    corrections = []
    shown = standings.standings.after_round if standings.standings else played
    for table in range(1, 12):
        start = time.perf_counter()
        record_result(window.session.desk, shown, table, "A", "2", reason="bench")
        window.session.notify({"results"})
        standings.refresh()
        corrections.append(time.perf_counter() - start)
    window.close()

    print(f"GUI, {n} entrants × {played} rounds played (median)")
    print(f"  {'what':<52}{'measured':>12}{'target':>12}")
    print(line("open the event to a usable window", statistics.median(opens), OPEN_TARGET))
    print(line("Enter on a result → standings page up to date", statistics.median(enters[1:]), ENTER_TARGET))
    print(line("correct a result of the shown round → standings", statistics.median(corrections[1:]),
               CORRECTION_TARGET))  # fmt: skip


if __name__ == "__main__":
    main()

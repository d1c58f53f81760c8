"""Regenerate the series page's screenshot (docs/screenshots/series.png) and the shared picture of a series'
standings (docs/samples/series-standings.png), issue 30.

    .venv/bin/python tools/series_shots.py

Four monthly Swiss events of six pairs are made and played through the services (the earlier pair in each
finishing order wins every match; the fourth event is still in progress after round 2); 东风 and 红旗 play one
event each under another spelling of their unit. The series counts the best 3 of 10/7/5/3/2/1; 东风's spellings
are merged, 红旗's left for the director to tick. Runs without a display; the user's settings are not touched.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.app import make_app
from tournament_desk.gui.series.window import SeriesWindow
from tournament_desk.services.output.series import series_data, write_series
from tournament_desk.services.series import add_events, create_series, open_series
from tournament_desk.services.series_standings import confirm_merge

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' own way of building played events (tests/series_events.py)

from tests.series_events import swiss_event  # noqa: E402

SHOT = ROOT / "docs" / "screenshots" / "series.png"
SAMPLE = ROOT / "docs" / "samples" / "series-standings.png"
WORK = Path(tempfile.gettempdir()) / "tdesk-series-shots"
SIZE = (1280, 760)
BJ, BJ2, SH, SH2 = "北京桥牌协会", "北京市桥牌协会", "上海", "上海市"
MONTHS = (
    (
        "一月赛",
        [("东风", BJ), ("红旗", SH), ("白杨", "天津"), ("青松", "重庆"), ("长江", "武汉"), ("黄河", "郑州")],
    ),
    (
        "二月赛",
        [("红旗", SH), ("东风", BJ2), ("青松", "重庆"), ("黄河", "郑州"), ("白杨", "天津"), ("长江", "武汉")],
    ),
    (
        "三月赛",
        [("东风", BJ), ("青松", "重庆"), ("红旗", SH), ("长江", "武汉"), ("黄河", "郑州"), ("白杨", "天津")],
    ),
    (
        "四月赛",
        [("白杨", "天津"), ("红旗", SH2), ("东风", BJ), ("黄河", "郑州"), ("青松", "重庆"), ("长江", "武汉")],
    ),
)


def make_series(folder: Path) -> Path:
    events = []
    for n, (name, entrants) in enumerate(MONTHS, start=1):
        last = n == len(MONTHS)  # the last still in progress: two of its three rounds played
        events.append(
            swiss_event(folder / f"2026{name}.tdesk", f"2026 {name}", entrants, play=2 if last else None)
        )
    series = folder / "2026 春季联赛.tdseries"
    with create_series(series, name="2026 春季联赛", points="10,7,5,3,2,1", best=3) as desk:
        add_events(desk, events)
        confirm_merge(desk, f"东风|{BJ}", [f"东风|{BJ2}"])
    return series


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    try:
        ini = QSettings(str(WORK / "settings.ini"), QSettings.Format.IniFormat)
        gui_settings.store = lambda: ini
        app, translations = make_app([sys.argv[0]])
        translations.apply("zh_CN")
        series = make_series(WORK)
        with open_series(series) as desk:
            data = series_data(desk)
        SAMPLE.parent.mkdir(parents=True, exist_ok=True)
        write_series(data, "png", SAMPLE)
        window = SeriesWindow(None, WORK)
        window.resize(*SIZE)
        window.show()
        window.on_series(series)
        while window.runner.running():
            app.processEvents()
            time.sleep(0.02)
        for _ in range(5):
            QApplication.processEvents()
        window.grab().save(str(SHOT))
        window.close()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    print(f"wrote {SHOT.relative_to(ROOT)}, {SAMPLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

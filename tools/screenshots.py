"""Regenerate docs/screenshots/: every page of the desktop application, in Chinese and in English.

    .venv/bin/python tools/screenshots.py            # writes docs/screenshots/<lang>-<page>.png
    .venv/bin/python tools/screenshots.py --out DIR

Runs without a display (QT_QPA_PLATFORM=offscreen unless set otherwise) and does not touch your settings
(language, recent files): they go to a temporary folder, with the demo event. The pages show a demo event of 16 teams in 4 units
with rounds 1 and 2 played, round 3 paired and published and two of its results typed, in a 1280×800
window; Chinese renders with the font the application ships (resources/fonts), as on a desk without one.
Dates follow the language (as on a system set to it), since the application leaves them to the system.
Each PNG must stay under 250 KB (the script fails otherwise): keep the window size.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QLocale, QSettings
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget, QWizard

from tournament_desk.gui import settings as gui_settings
from tournament_desk.gui.app import make_app
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.gui.settings import remember
from tournament_desk.gui.wizard import NewTournamentWizard
from tournament_desk.services.demo import create_demo
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
LANGUAGES = ("zh_CN", "en")
TABS = ("entrants", "rounds", "results", "standings", "audit", "rules")  # in the order of the window's tabs
# A groups-then-knockout event adds its two pages after the results page.
GK_TABS = ("entrants", "rounds", "results", "groups", "knockout", "standings", "audit", "rules")
SIZE = (1280, 800)
MAX_BYTES = 250_000
DEMO_NAME = "金秋杯升级赛.tdesk"
EVENT_NAME = "2026 年“金秋杯”升级（80 分）团体赛"
# A fixed folder (not a random temporary one): the start page lists the demo file with its folder.
WORK = Path(tempfile.gettempdir()) / "tdesk-screenshots"


def use_settings_file(path: Path) -> None:
    """Language and recent files go to ``path``, never to the user's own settings."""
    ini = QSettings(str(path), QSettings.Format.IniFormat)
    gui_settings.store = lambda: ini  # type: ignore[assignment]


def make_event(path: Path) -> None:
    """The demo event: rounds 1–2 played, round 3 paired and published, two of its tables typed in."""
    desk = create_demo(path, entrants=16, units=4, played=2, seed=7)
    try:
        pair_next_round(desk)
        record_result(desk, 3, 1, "Q", "9")
        record_result(desk, 3, 2, "A", "过A")
    finally:
        desk.close()


RR_NAME = "邀请赛-循环.tdesk"
RR_TEAMS = ("东风队", "红旗队", "长城队", "黄河队", "泰山队", "长江队", "黄山队")


def make_round_robin(path: Path) -> None:
    """A round robin of seven (one rests each round): rounds 1–3 played, round 4 paired."""
    levels = ("Q", "9", "10", "10", "A", "8", "J", "K", "5", "9", "K", "Q")
    desk = create_tournament(path, name="2026 年教工单循环邀请赛", format="round-robin")
    try:
        for name in RR_TEAMS:
            add_entrant(desk, name)
        typed = iter(levels * 3)
        for _ in range(3):
            view = pair_next_round(desk)
            for t in view.tables:
                record_result(desk, view.round, t.table, next(typed), next(typed))
        pair_next_round(desk)
    finally:
        desk.close()


GK_NAME = "分组赛-淘汰赛.tdesk"
GK_TEAMS = (
    "东风队", "红旗队", "长城队", "黄河队", "泰山队", "长江队", "黄山队", "珠江队", "华山队", "嵩山队",
    "第一中学教工队", "纺织厂工会队", "铁路局机务段队", "邮政局队", "电力公司队", "人民医院队", "税务局队",
    "农机厂队", "师范学院队", "自来水公司队",
)  # fmt: skip


def make_groups_knockout(path: Path) -> None:
    """Groups then knockout, 20 teams: 5 groups played (group A's tie settled by a recorded lot), the knockout
    of 16 drawn, its first round played (one match on equal levels, decided by the side on stage) and two
    quarter-finals typed in."""
    from tournament_desk.services.groups import draw_knockout, group_stage, record_lot

    desk = create_tournament(path, name="2026 年“金秋杯”分组赛", format="groups-knockout", third_place=True)
    try:
        for name in GK_TEAMS:
            add_entrant(desk, name)
        draw(desk, seed=3)
        strength = {name: i for i, name in enumerate(GK_TEAMS)}
        for _ in range(3):
            view = pair_next_round(desk)
            for t in view.tables:
                if t.group == "A":
                    record_result(desk, view.round, t.table, "10", "10")
                    continue
                gap = min(12, 1 + abs(strength[t.home] - strength[t.away]))
                won, lost = 2 + gap, 2
                home_wins = strength[t.home] < strength[t.away]
                record_result(
                    desk, view.round, t.table, won if home_wins else lost, lost if home_wins else won
                )
        for group in group_stage(desk).groups:
            if group.lot_needed:
                record_lot(desk, group.name, sorted(group.lot_needed), reason="裁判长主持摸牌")
        draw_knockout(desk, seed=5)
        view = pair_next_round(desk)
        for t in view.tables:
            if t.table == 2:
                record_result(desk, view.round, t.table, "J", "J", on_stage="away")
            else:
                record_result(desk, view.round, t.table, "A", 9 + t.table % 3)
        view = pair_next_round(desk)
        record_result(desk, view.round, 1, "K", "10")
        record_result(desk, view.round, 2, "Q", "Q", on_stage="home")
    finally:
        desk.close()


MG_NAME = "牌套双人赛.tdesk"
MG_PAIRS = (
    "王建国/李秀英", "张伟/刘洋", "陈静/杨帆", "赵磊/黄丽", "周强/吴敏", "徐涛/孙燕", "马骏/朱红",
    "胡斌/郭芳", "林峰/何琳", "高翔/罗霞", "郑凯/梁晨", "谢勇/宋佳", "唐亮/韩雪", "冯波/董梅",
)  # fmt: skip


def mitchell_points(round_no: int, table: int, board: int) -> int:
    return ((round_no * 7 + table * 3 + board * 11) % 29) * 5


def make_mitchell(path: Path) -> None:
    """A Mitchell pairs event of 7 tables, 2 boards a round: rounds 1–2 played, round 3 paired with tables 1–3
    typed in and table 4 half."""
    from tournament_desk.services.results.pair_boards import record_pair_board, table_boards

    desk = create_tournament(path, name="2026 年“金秋杯”牌套双人赛", format="mitchell", boards_per_round=2)
    try:
        for name in MG_PAIRS:
            add_entrant(desk, name)
        draw(desk, seed=1)
        for round_no in (1, 2, 3):
            view = pair_next_round(desk)
            for t in view.tables:
                for b in table_boards(desk, round_no, t.table):
                    if round_no == 3 and (t.table > 4 or (t.table == 4 and b.board % 2 == 0)):
                        continue
                    penalty = ("EW", 10) if (round_no, t.table, b.board % 2) == (2, 3, 1) else None
                    record_pair_board(desk, round_no, t.table, b.board, mitchell_points(round_no, t.table, b.board),
                                      penalty=penalty)  # fmt: skip
    finally:
        desk.close()


def settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def save(widget: QWidget, target: Path) -> int:
    pixmap: QPixmap = widget.grab()
    if not pixmap.save(str(target), "PNG", 9):
        raise SystemExit(f"could not write {target}")
    size = target.stat().st_size
    print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}  {size // 1024} KB")
    return size


def shoot(app: QApplication, window: MainWindow, event: Path, language: str, out: Path) -> list[Path]:
    written = []

    def grab(widget: QWidget, page: str) -> None:
        settle(app)
        target = out / f"{language}-{page}.png"
        save(widget, target)
        written.append(target)

    # Dates and numbers follow the system's locale, not the menu: show each language on a system in it.
    QLocale.setDefault(QLocale(language))
    window.set_language(language)  # writes the language to the temporary settings only
    window.close_file()
    grab(window, "start")

    wizard = NewTournamentWizard(window)
    wizard.show()
    grab(wizard, "wizard")
    wizard.event_page.name.setText(EVENT_NAME)  # the name is required before Next
    wizard.next()
    grab(wizard, "wizard-rules")
    QWizard.reject(wizard)  # closed unasked (the wizard's own reject asks before discarding what was typed)
    wizard.deleteLater()

    if not window.open_file(event):
        raise SystemExit(f"could not open {event}")
    for index, page in enumerate(TABS):
        window.tabs.setCurrentIndex(index)
        grab(window, page)
    # Ctrl+F on the results page: a team's table found by part of its name.
    window.tabs.setCurrentIndex(TABS.index("results"))
    results = window.tabs.currentWidget()
    window.find_team()
    assert window.find_bar is not None and isinstance(results, ResultsPage)
    window.find_bar.edit.setText(results.model.rows[-1].away[:2])
    grab(window, "find")
    window.find_bar.close_bar()
    if not window.open_file(event.with_name(RR_NAME)):
        raise SystemExit(f"could not open {RR_NAME}")
    for index, page in enumerate(TABS):
        if page in ("rounds", "standings"):
            window.tabs.setCurrentIndex(index)
            grab(window, f"roundrobin-{page}")
    if not window.open_file(event.with_name(GK_NAME)):
        raise SystemExit(f"could not open {GK_NAME}")
    for page in ("groups", "knockout"):
        window.tabs.setCurrentIndex(GK_TABS.index(page))
        grab(window, page)
    # A Mitchell event: the Boards page by table, the next board's points being typed (its MP shown as typed).
    if not window.open_file(event.with_name(MG_NAME)):
        raise SystemExit(f"could not open {MG_NAME}")
    window.tabs.setCurrentIndex(TABS.index("results"))
    boards = window.tabs.currentWidget()
    assert isinstance(boards, PairBoardsPage)
    boards.select_table(4)
    boards.start_typing()
    settle(app)
    editor = next(e for e in boards.grid_view.findChildren(QLineEdit) if e.isVisible())
    editor.insert("85")
    editor.textEdited.emit("85")
    grab(window, "mitchell")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=OUT, help="folder for the PNGs (default: docs/screenshots)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the QApplication is made
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    try:
        use_settings_file(WORK / "settings.ini")
        app, translations = make_app([sys.argv[0]])
        event = WORK / DEMO_NAME
        make_event(event)
        make_round_robin(WORK / RR_NAME)
        make_groups_knockout(WORK / GK_NAME)
        make_mitchell(WORK / MG_NAME)
        remember(event)  # the start page lists it under recent tournaments
        window = MainWindow(translations)
        window.resize(*SIZE)
        window.show()
        written = []
        for language in LANGUAGES:
            written += shoot(app, window, event, language, out)
        window.close()
        settle(app)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    too_big = [p for p in written if p.stat().st_size > MAX_BYTES]
    if too_big:
        print(f"larger than {MAX_BYTES // 1000} KB: {', '.join(p.name for p in too_big)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate docs/guide/images/: the pictures of the Chinese user guide (docs/guide/), taken from the program.

    .venv/bin/python tools/guide_shots.py            # writes docs/guide/images/<name>.png
    .venv/bin/python tools/guide_shots.py --out DIR

The real main window runs without a display (QT_QPA_PLATFORM=offscreen unless set otherwise), in Chinese, with a
Chinese system locale, on events built the way a director would build them (the demo Swiss event of
tools/screenshots.py, its groups → knockout and Mitchell events, and a team event of five pairs a side). Your own
settings are not touched: language and recent files go to a temporary folder. Each picture is reduced to a
256-colour palette (text stays sharp, the file a third of the size) and must stay under 120 KB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication, QWidget

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/screenshots.py: the events it builds

import screenshots as events

from tournament_desk.gui.app import make_app
from tournament_desk.gui.dialogs.import_dialog import ImportPreviewDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.settings import remember
from tournament_desk.gui.wizard import NewTournamentWizard
from tournament_desk.services import live
from tournament_desk.services.demo import create_demo
from tournament_desk.services.entrants import open_entrant_sheet
from tournament_desk.services.output.export import export
from tournament_desk.services.rounds import pair_next_round

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "guide" / "images"
SIZE = (1100, 700)
MAX_BYTES = 120_000
WORK = Path(tempfile.gettempdir()) / "tdesk-guide-shots"
TEAM_NAME = "团体赛-每队五对.tdesk"
SIGN_UP = "报名表.csv"
# A sign-up sheet as directors fill it in: one row repeats a name, which the preview marks.
SIGN_UP_ROWS = (
    "队名,单位,队员",
    "东风队,第一中学,张三、李四、王五、赵六",
    "红旗队,纺织厂工会,陈静、杨帆、周强、吴敏",
    "长城队,铁路局机务段,徐涛、孙燕、马骏、朱红",
    "黄河队,第一中学,胡斌、郭芳、林峰、何琳",
    "泰山队,邮政局,高翔、罗霞、郑凯、梁晨",
    "红旗队,电力公司,谢勇、宋佳、唐亮、韩雪",
    "长江队,人民医院,冯波、董梅、王建国、李秀英",
)


def settle(app: QApplication, turns: int = 10) -> None:
    for _ in range(turns):
        app.processEvents()


def save(app: QApplication, widget: QWidget, target: Path) -> Path:
    """The widget as the screen shows it, reduced to a 256-colour palette."""
    settle(app)
    raw = target.with_suffix(".raw.png")
    if not widget.grab().save(str(raw), "PNG"):
        raise SystemExit(f"could not write {target}")
    with Image.open(raw) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    raw.unlink()
    print(
        f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}  {target.stat().st_size // 1024} KB"
    )
    return target


def make_team_event(path: Path) -> None:
    """A Swiss team event of five pairs a side: round 1 played, round 2 paired with its pair games to type."""
    desk = create_demo(path, entrants=10, units=5, played=1, seed=3, scoring="team-match", pairs=5)
    try:
        pair_next_round(desk)
    finally:
        desk.close()


def make_dispute(path: Path) -> None:
    """Round 3 of the demo: table 1's two sides entered different results from their phones."""
    desk = create_demo(path, entrants=16, units=4, played=2, seed=7)
    try:
        pair_next_round(desk)
        table = live.round_tokens(desk, 3)[0]
        (home_card,), (away_card,) = live.cards(desk, [table.home]), live.cards(desk, [table.away])
        home, _ = live.bind(desk, home_card.code, None)  # each side's phone took its entry card
        away, _ = live.bind(desk, away_card.code, None)
        live.submit(desk, table.token, card=home, home_level="Q", away_level="9", nonce="1", version=0)
        live.submit(desk, table.token, card=away, home_level="J", away_level="9", nonce="2", version=1)
    finally:
        desk.close()


def open_event(window: MainWindow, path: Path) -> None:
    if not window.open_file(path):
        raise SystemExit(f"could not open {path}")
    if window.translations.language != "zh_CN":
        window.set_language("zh_CN")  # every page in Chinese, whatever the last dialog left


def show_page(app: QApplication, window: MainWindow, title: str) -> QWidget:
    """The page whose tab reads ``title`` (as the Chinese window labels it)."""
    for index in range(window.tabs.count()):
        if window.tabs.tabText(index).replace("&", "") == title:
            window.tabs.setCurrentIndex(index)
            settle(app)
            return window.tabs.currentWidget()
    raise SystemExit(f"no page {title!r}: {[window.tabs.tabText(i) for i in range(window.tabs.count())]}")


def shoot_before(app: QApplication, window: MainWindow, out: Path) -> list[Path]:
    """赛前: the start page, the wizard, a sign-up sheet's preview, the entrants page."""
    window.close_file()
    shots = [save(app, window, out / "start.png")]
    wizard = NewTournamentWizard(window)
    wizard.show()
    wizard.event_page.name.setText(events.EVENT_NAME)
    settle(app)
    shots.append(save(app, wizard, out / "wizard.png"))
    wizard.done(0)  # not reject(): that asks whether to discard what was typed
    wizard.deleteLater()
    open_event(window, WORK / events.DEMO_NAME)
    entrants = show_page(app, window, "参赛队")
    shots.append(save(app, window, out / "entrants.png"))
    sheet_path = WORK / SIGN_UP
    session = window.session
    assert session is not None
    sheet = session.read(open_entrant_sheet, sheet_path)
    dialog = ImportPreviewDialog(entrants, lambda _d: False, sheet_path, sheet)
    dialog.show()
    shots.append(save(app, dialog, out / "import.png"))
    dialog.reject()
    return shots


def shoot_during(app: QApplication, window: MainWindow, out: Path) -> list[Path]:
    """赛中: pairing, typing results, the phones' dispute queue, the team match, the Mitchell boards."""
    show_page(app, window, "编排")
    shots = [save(app, window, out / "rounds.png")]
    show_page(app, window, "成绩")
    shots.append(save(app, window, out / "results.png"))
    open_event(window, WORK / "争议.tdesk")
    shots += shoot_live(app, window, out)
    open_event(window, WORK / TEAM_NAME)
    show_page(app, window, "团体赛")
    shots.append(save(app, window, out / "team-match.png"))
    open_event(window, WORK / events.MG_NAME)
    show_page(app, window, "牌套成绩")
    shots.append(save(app, window, out / "mitchell.png"))
    return shots


def shoot_live(app: QApplication, window: MainWindow, out: Path) -> list[Path]:
    """The 现场发布 dialog with its server running on loopback and one disputed table."""
    from tournament_desk.gui.live_dialog import LiveDialog

    assert window.session is not None
    dialog = LiveDialog(window, window.session)
    dialog.host, dialog.first_port = "127.0.0.1", 0
    dialog.show()
    dialog.toggle()
    waited = 0
    while dialog.port is None and waited < 400:  # up to 20 s for the server's own process
        settle(app, 1)
        app.thread().msleep(50)
        waited += 1
    if dialog.port is None:
        raise SystemExit("the live server did not start")
    dialog.disputes.setCurrentRow(0)
    shot = save(app, dialog, out / "live.png")
    dialog.toggle()
    waited = 0
    while dialog.process is not None and waited < 200:
        settle(app, 1)
        app.thread().msleep(50)
        waited += 1
    dialog.done(0)
    return [shot]


def shoot_after(app: QApplication, window: MainWindow, out: Path) -> list[Path]:
    """赛后: the standings, then the groups and the knockout of a groups → knockout event."""
    open_event(window, WORK / events.DEMO_NAME)
    show_page(app, window, "名次")
    shots = [save(app, window, out / "standings.png")]
    open_event(window, WORK / events.GK_NAME)
    for title, name in (("分组", "groups"), ("淘汰赛", "knockout")):
        show_page(app, window, title)
        shots.append(save(app, window, out / f"{name}.png"))
    return shots


def render_sheets(out: Path) -> list[Path]:
    """The sheets docs/samples does not have, rendered from the PDFs the program prints (poppler's pdftoppm):
    the duplicate scoresheet (复式扑克牌比赛记分表) of a demo team event."""
    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm not found: apt-get install poppler-utils")
    desk = create_demo(WORK / "复式赛.tdesk", entrants=8, units=4, played=1, seed=5, scoring="duplicate")
    try:
        (pdf,) = export(desk, "scoresheets", WORK / "复式记分表.pdf", round_no=1)
    finally:
        desk.close()
    target = out / "duplicate-scoresheet.png"
    page = WORK / "duplicate-scoresheet"  # pdftoppm adds .png
    subprocess.run(
        ["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(page)], check=True
    )
    with Image.open(page.with_suffix(".png")) as image:
        image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    print(
        f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}  {target.stat().st_size // 1024} KB"
    )
    return [target]


def build_events() -> None:
    events.make_event(WORK / events.DEMO_NAME)
    events.make_groups_knockout(WORK / events.GK_NAME)
    events.make_mitchell(WORK / events.MG_NAME)
    make_team_event(WORK / TEAM_NAME)
    make_dispute(WORK / "争议.tdesk")
    (WORK / SIGN_UP).write_text("\n".join(SIGN_UP_ROWS) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=OUT, help="folder for the PNGs (default: docs/guide/images)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    written: list[Path] = []
    try:
        events.use_settings_file(WORK / "settings.ini")
        app, translations = make_app([sys.argv[0]])
        QLocale.setDefault(QLocale("zh_CN"))
        build_events()
        remember(WORK / events.DEMO_NAME)
        window = MainWindow(translations)
        window.set_language("zh_CN")
        window.resize(*SIZE)
        window.show()
        steps: tuple[Callable[[QApplication, MainWindow, Path], list[Path]], ...] = (
            shoot_before,
            shoot_during,
            shoot_after,
        )
        for step in steps:
            written += step(app, window, out)
        written += render_sheets(out)
        window.close()
        settle(app)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    too_big = [p.name for p in written if p.stat().st_size > MAX_BYTES]
    if too_big:
        print(f"larger than {MAX_BYTES // 1000} KB: {', '.join(too_big)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

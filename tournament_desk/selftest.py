"""``tournament-desk --self-test``: prove that this copy of the program works, with no display and no network.

In a temporary folder (user data included, so nothing of the director's is touched) it creates a demo event,
pairs a round in a child process as the window does, enters that round's results, reads the standings,
prints every report as PDF and the event as Excel, checks the figures, and opens the event in the (offscreen)
window. It prints one line per check and exits 0, or names what failed and exits 1. The built installers run
it (installer/build.py, .github/workflows/installers.yml), so it must also work frozen, where the resources
and migrations live inside the bundle.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from tournament_desk import __version__
from tournament_desk.domain.results import ResultState
from tournament_desk.reports import REPORTS
from tournament_desk.resources import CJK_FONT, resource_path
from tournament_desk.services.adjust import publish_round
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.export import export
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import RoundView, round_view
from tournament_desk.services.standings import current_standings

ENTRANTS, UNITS, PLAYED = 15, 5, 2  # an odd field, so every round has a bye
PAIRED = PLAYED + 1  # the round the self-test pairs and scores itself
# Levels typed the ways a desk types them; the first is the README's example: Q against 9 → 13:7 VP, 3:0 MP.
LEVELS = [
    ("Q", "9"),
    ("A", "A"),
    ("过A", "2"),
    ("5", "J"),
    ("10", "K"),
    ("勾", "尖"),
    ("k", "圈"),
    ("3", "4"),
]
PDF_FONT = b"WenQuanYiMicroHei"  # the embedded CJK font's PostScript name, as reportlab writes it
TIMEOUT = 180  # seconds for the pairing child


class CheckFailed(Exception):
    """A figure or file is not what it must be; the message says which and how."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


@dataclass
class Context:
    folder: Path
    path: Path = field(init=False)
    desk: Desk | None = None
    round: RoundView | None = None

    def __post_init__(self) -> None:
        self.path = self.folder / "自检-self-test.tdesk"  # a Chinese file name, as directors use

    @property
    def open_desk(self) -> Desk:
        expect(self.desk is not None, "the demo event was not created")
        assert self.desk is not None
        return self.desk


# --- the checks, in order; each returns what it saw ----------------------------------------------------------


def check_resources(ctx: Context) -> str:
    from tournament_desk.storage.revisions import MIGRATIONS

    needed = [
        resource_path(*CJK_FONT),
        resource_path("i18n", "tournament_desk_zh_CN.qm"),
        resource_path("registration-template.xlsx"),
        resource_path("icons", "tournament-desk-256.png"),
        MIGRATIONS / "env.py",
        MIGRATIONS / "script.py.mako",
    ]
    missing = [str(p) for p in needed if not p.is_file()]
    expect(not missing, "missing: " + ", ".join(missing))
    versions = sorted(p.name for p in (MIGRATIONS / "versions").glob("[0-9]*.py"))
    expect(bool(versions), f"no migration scripts in {MIGRATIONS / 'versions'}")
    return f"font, translation, template, icons, {len(versions)} migrations"


def check_demo(ctx: Context) -> str:
    ctx.desk = create_demo(
        ctx.path, entrants=ENTRANTS, units=UNITS, played=PLAYED, seed=2026, station="self-test"
    )
    standings = current_standings(ctx.desk)
    expect(len(standings.rows) == ENTRANTS, f"{len(standings.rows)} entrants, not {ENTRANTS}")
    expect(standings.after_round == PLAYED, f"standings after round {standings.after_round}, not {PLAYED}")
    return f"{ENTRANTS} entrants in {UNITS} units, rounds 1–{PLAYED} played"


def check_pairing(ctx: Context) -> str:
    from tournament_desk.gui.worker import pair_in_child  # the window's own path: a spawned child process
    from tournament_desk.userdata import backup_folder

    desk = ctx.open_desk
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        result = pool.submit(pair_in_child, str(ctx.path), "self-test", "en").result(timeout=TIMEOUT)
    expect(isinstance(result, RoundView), f"pairing refused: {result}")
    publish_round(desk, PAIRED)
    ctx.round = rnd = round_view(desk, PAIRED)
    expect(rnd.round == PAIRED and rnd.published, f"round {PAIRED} is not paired and published")
    expect(len(rnd.tables) == ENTRANTS // 2, f"{len(rnd.tables)} tables, not {ENTRANTS // 2}")
    expect(rnd.bye is not None, "an odd field and no bye")
    seated = [name for t in rnd.tables for name in (t.home, t.away)] + [rnd.bye or ""]
    expect(len(set(seated)) == ENTRANTS, "an entrant is seated twice or not at all")
    backups = list(backup_folder(ctx.path).glob(f"*before-round-{PAIRED}-*"))
    expect(len(backups) == 1, f"no backup before pairing in {backup_folder(ctx.path)}")
    return f"round {PAIRED} in a child process: {len(rnd.tables)} tables and a bye; backup taken"


def check_results(ctx: Context) -> str:
    desk, rnd = ctx.open_desk, ctx.round
    expect(rnd is not None, "no round to score")
    assert rnd is not None
    for table, (home, away) in zip(rnd.tables, LEVELS, strict=False):
        record_result(desk, PAIRED, table.table, home, away)
    first = round_view(desk, PAIRED).tables[0].outcome
    expect(first is not None and (first.home_vp, first.away_vp, first.home_mp, first.away_mp) == (13, 7, 3, 0),
           f"Q against 9 scored {first}, not 13:7 VP and 3:0 MP")  # fmt: skip
    played = 0
    for n in range(1, PAIRED + 1):
        for t in round_view(desk, n).tables:
            expect(t.kind.has_result and t.outcome is not None, f"round {n} table {t.table} has no result")
            assert t.outcome is not None
            if t.kind != ResultState.PLAYED:
                continue
            played += 1
            o = t.outcome
            where = f"round {n} table {t.table} ({t.home_level}:{t.away_level})"
            expect(o.home_vp + o.away_vp == 20, f"{where}: VP {o.home_vp}:{o.away_vp} do not sum to 20")
            expect(o.home_mp + o.away_mp == 3, f"{where}: MP {o.home_mp}:{o.away_mp} do not sum to 3")
            winner = (t.home_level or 0) - (t.away_level or 0)
            expect((o.home_vp - o.away_vp) * winner >= 0, f"{where}: the VP went to the lower level")
    return f"{len(rnd.tables)} tables entered; VP sum to 20 and MP to 3 at all {played} played tables"


def _totals_from_tables(desk: Desk) -> dict[str, tuple[float, float]]:
    """Each entrant's MP and VP added up from the tables and byes, independently of the standings code."""
    totals: dict[str, list[float]] = {}
    for n in range(1, PAIRED + 1):
        rnd = round_view(desk, n)
        for t in rnd.tables:
            assert t.outcome is not None
            for name, mp, vp in ((t.home, t.outcome.home_mp, t.outcome.home_vp),
                                 (t.away, t.outcome.away_mp, t.outcome.away_vp)):  # fmt: skip
                entry = totals.setdefault(name, [0.0, 0.0])
                entry[0] += mp
                entry[1] += vp
        if rnd.bye is not None and rnd.bye_award is not None:
            entry = totals.setdefault(rnd.bye, [0.0, 0.0])
            entry[0] += rnd.bye_award[0]
            entry[1] += rnd.bye_award[1]
    return {name: (mp, vp) for name, (mp, vp) in totals.items()}


def check_standings(ctx: Context) -> str:
    desk = ctx.open_desk
    table = current_standings(desk)
    expect(table.after_round == PAIRED and table.complete, f"standings after round {table.after_round}")
    expected = _totals_from_tables(desk)
    for row in table.rows:
        mp, vp = expected.get(row.entrant.name, (0.0, 0.0))
        expect(abs(row.mp - mp) < 1e-9 and abs(row.vp - vp) < 1e-9,
               f"{row.entrant.name}: standings say {row.mp} MP {row.vp} VP, the tables {mp} MP {vp} VP")  # fmt: skip
    keys = [(r.mp, r.vp, r.opp_mp) for r in table.rows]
    expect(keys == sorted(keys, reverse=True), "the standings are not in order of MP, VP, opponents' MP")
    leader = table.rows[0]
    expect(leader.rank == 1 and leader.mp == max(mp for mp, _ in expected.values()),
           f"the leader {leader.entrant.name} ({leader.mp} MP) does not have the most MP")  # fmt: skip
    return f"after round {PAIRED}: leader {leader.entrant.name} with {leader.mp:g} MP, {leader.vp:g} VP; totals match"


def check_pdf(ctx: Context) -> str:
    files = export(ctx.open_desk, "all", ctx.folder / "报表.pdf")
    expect(len(files) == len(REPORTS), f"{len(files)} PDF files, not {len(REPORTS)}")
    for path in files:
        data = path.read_bytes()
        expect(data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), f"{path.name} is not a PDF")
        expect(PDF_FONT in data and b"/FontFile2" in data,
               f"{path.name} does not embed the Chinese font {PDF_FONT.decode()}")  # fmt: skip
    total = sum(p.stat().st_size for p in files) // 1024
    return f"{len(files)} reports ({total} KB), each with {PDF_FONT.decode()} embedded"


def check_print_rendering(ctx: Context) -> str:
    """Print… rasterises the report's pages with pdfium (a native library the bundle must carry)."""
    import pypdfium2 as pdfium
    from PySide6.QtGui import QImage

    from tournament_desk.gui.printing import render_page

    pdf = ctx.folder / "报表-standings.pdf"  # written by the PDF check
    document = pdfium.PdfDocument(str(pdf))
    try:
        page = document[0]
        image = render_page(page, 100 / 72).convertToFormat(QImage.Format.Format_Grayscale8)
        page.close()
    finally:
        document.close()
    expect(
        abs(image.width() - 827) <= 1 and abs(image.height() - 1169) <= 1,  # A4: 210 × 297 mm
        f"page 1 is {image.width()} × {image.height()} px at 100 dpi, not A4",
    )
    pixels, line = bytes(image.constBits()), image.bytesPerLine()
    ink = sum(
        sum(1 for v in pixels[y * line : y * line + image.width()] if v < 128) for y in range(image.height())
    )
    share = ink / (image.width() * image.height())
    expect(0.005 < share < 0.5, f"page 1 of {pdf.name} rendered {share:.1%} dark: blank or black")
    version = f"pypdfium2 {pdfium.PYPDFIUM_INFO.version} (pdfium {pdfium.PDFIUM_INFO.build})"
    return f"{version} rendered {pdf.name} at 100 dpi: {share:.1%} ink"


def check_server_driver(ctx: Context) -> str:
    """The bundle can reach a PostgreSQL server (several desks): the driver and its dialect load, and a URL
    that points nowhere is one sentence, not a crash."""
    import importlib

    from tournament_desk.domain.errors import TournamentError
    from tournament_desk.services.desk import Desk

    importlib.import_module("sqlalchemy.dialects.postgresql.psycopg")
    driver = importlib.import_module("psycopg")
    try:
        Desk.open(url="postgresql+psycopg://desk@127.0.0.1:1/none").close()
    except TournamentError:
        pass
    else:
        raise AssertionError("a server on port 1 answered")
    return f"psycopg {driver.__version__} loads; an unreachable server is a sentence"


def check_excel(ctx: Context) -> str:
    from openpyxl import load_workbook

    desk = ctx.open_desk
    (path,) = export(desk, "all", ctx.folder / "赛事.xlsx")
    book = load_workbook(path, read_only=True)
    try:
        sheet_name = f"第{PAIRED}轮后名次"
        expect(sheet_name in book.sheetnames, f"no sheet {sheet_name} in {book.sheetnames}")
        rows = [r[:6] for r in book[sheet_name].iter_rows(min_row=2, values_only=True) if r and r[1]]
        expect(f"第{PAIRED}轮" in book.sheetnames, f"no sheet for round {PAIRED}")
    finally:
        book.close()
    got = [(int(r[0]), str(r[1]), r[2] or None, float(r[3]), float(r[4]), float(r[5])) for r in rows]
    want = [
        (r.rank, r.entrant.name, r.entrant.unit or None, r.mp, r.vp, r.opp_mp)
        for r in current_standings(desk).rows
    ]
    expect(
        got == want, f"the workbook's standings differ from the program's: {got[:2]} … against {want[:2]} …"
    )
    return f"{path.name}: {len(book.sheetnames)} sheets; its standings equal the program's ({len(got)} rows)"


def check_window(ctx: Context) -> str:
    from PySide6.QtCore import QCoreApplication

    from tournament_desk.gui.app import make_app
    from tournament_desk.gui.main_window import MainWindow

    if ctx.desk is not None:  # the window opens the file itself
        ctx.desk.close()
        ctx.desk = None
    app, translations = make_app(["tournament-desk"])
    translations.apply("zh_CN")
    expect(bool(translations.installed), "the Chinese translation (.qm) did not load")
    chinese = QCoreApplication.translate(
        "WindowBase", "Tournament Desk"
    )  # the context is the class that says it
    expect(chinese == "赛事编排台", f"'Tournament Desk' in Chinese reads {chinese!r}")
    expect(not app.windowIcon().isNull(), "the application icon did not load")
    window = MainWindow(translations)
    try:
        expect(window.open_file(ctx.path), f"the window could not open {ctx.path.name}")
        expect(window.tabs.count() > 0, "the window shows no pages for the event")
        title = window.windowTitle()
        expect(title.endswith("赛事编排台"), f"the window's title is not in Chinese: {title!r}")
        pages = window.tabs.count()
    finally:
        window.close()
        window.deleteLater()
        translations.apply("en")
    return f"{app.platformName()} window opened the event in Chinese with {pages} pages; icon and translation loaded"


CHECKS: list[tuple[str, Callable[[Context], str]]] = [
    ("resources", check_resources),
    ("demo event", check_demo),
    ("pairing", check_pairing),
    ("results", check_results),
    ("standings", check_standings),
    ("PDF", check_pdf),
    ("print rendering", check_print_rendering),
    ("Excel", check_excel),
    ("server driver", check_server_driver),
    ("window", check_window),
]


# --- running ---------------------------------------------------------------------------------------------------


@contextmanager
def _private_user_data(folder: Path) -> Iterator[None]:
    """Backups, settings and logs of the self-test go to its own folder, not the director's."""
    keys = ("TDESK_DATA_DIR", "QT_QPA_PLATFORM", "LC_CTYPE")
    saved = {key: os.environ.get(key) for key in keys}
    os.environ["TDESK_DATA_DIR"] = str(folder / "user-data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no display needed, none shown
    if sys.platform.startswith("linux") and not any(
        os.environ.get(k) for k in ("LC_ALL", "LC_CTYPE", "LANG")
    ):
        os.environ["LC_CTYPE"] = "C.UTF-8"  # a clean environment: what Qt would pick, minus its warning
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def describe_build() -> str:
    frozen = "installed build" if getattr(sys, "frozen", False) else "from source"
    try:
        from PySide6 import QtCore

        qt = f", Qt {QtCore.qVersion()}"
    except ImportError:  # pragma: no cover - reported by the window check
        qt = ""
    return f"Tournament Desk {__version__} self-test ({frozen}, Python {sys.version.split()[0]}{qt}, {sys.platform})"


def run(out: TextIO | None = None, *, window: bool = True) -> int:
    out = out or sys.stdout
    started = time.perf_counter()
    print(describe_build(), file=out, flush=True)
    checks = [(name, check) for name, check in CHECKS if window or name != "window"]
    failed: str | None = None
    with tempfile.TemporaryDirectory(prefix="tdesk-self-test-", ignore_cleanup_errors=True) as tmp:
        ctx = Context(Path(tmp))
        with _private_user_data(ctx.folder):
            try:
                for name, check in checks:
                    if failed is not None:
                        print(f"  skip  {name}", file=out)
                        continue
                    try:
                        detail = check(ctx)
                    except CheckFailed as exc:
                        failed = f"{name}: {exc}"
                    except Exception as exc:  # an error is a failure too, with where it happened
                        where = traceback.extract_tb(exc.__traceback__)[-1]
                        failed = f"{name}: {type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
                    if failed is None:
                        print(f"  ok    {name}: {detail}", file=out, flush=True)
                    else:
                        print(f"  FAIL  {failed}", file=out, flush=True)
            finally:
                if ctx.desk is not None:
                    ctx.desk.close()
    seconds = time.perf_counter() - started
    if failed is not None:
        print(f"Self-test FAILED ({seconds:.1f} s): {failed}", file=out, flush=True)
        return 1
    print(f"Self-test passed: {len(checks)} checks in {seconds:.1f} s.", file=out, flush=True)
    return 0

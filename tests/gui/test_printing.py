"""Print straight to a printer (gui/printing.py, Print / Export ▸ Print…): the report's PDF pages rasterised by
pdfium and painted onto a QPrinter. The printer here writes a PDF file, which poppler renders back so the
printed pages can be compared with the report's own."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QMarginsF, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog, QInputDialog

from tests.gui.conftest import drawn_event
from tests.reports.poppler import pages, require_poppler, text
from tournament_desk.gui import boxes, printing
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.printing import is_landscape, print_pdf
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.demo import create_demo
from tournament_desk.services.output.export import export
from tournament_desk.services.output.printing import export_for_tables

DPI = (
    100  # pdftoppm's resolution for the comparisons (at 40 dpi its smoothing of an image and of text differ)
)

pytestmark = pytest.mark.system  # poppler reads every printed page back


@pytest.fixture(autouse=True)
def _poppler() -> None:
    require_poppler()


def gray(pdf: Path, page: int, dpi: float = DPI) -> tuple[int, int, bytes]:
    """Page ``page`` (from 1) rendered by poppler in gray: width, height, one byte per pixel."""
    prefix = pdf.with_name(f"{pdf.stem}-p{page}-{dpi:g}")
    subprocess.run(
        ["pdftoppm", "-r", f"{dpi:g}", "-gray", "-f", str(page), "-l", str(page), "-singlefile", pdf, prefix],
        check=True,
    )
    data = prefix.with_name(prefix.name + ".pgm").read_bytes()
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and depth == b"255"
    return int(width), int(height), pixels


def dark(image: tuple[int, int, bytes], band: tuple[float, float] = (0.0, 1.0)) -> float:
    """The fraction of dark pixels, in the horizontal band between the two fractions of the page's height."""
    width, height, pixels = image
    rows = pixels[int(band[0] * height) * width : int(band[1] * height) * width]
    return sum(1 for value in rows if value < 128) / len(rows)


def blocks(image: tuple[int, int, bytes], size: int = 8) -> list[int]:
    """The ink in each square of ``size`` pixels: a pixel's shift between two renderers hardly changes it."""
    width, height, pixels = image
    across = width // size
    ink = [0] * (across * (height // size))
    for y in range(height // size * size):
        row, base = pixels[y * width : (y + 1) * width], y // size * across
        for x in range(across):
            ink[base + x] += 255 * size - sum(row[x * size : (x + 1) * size])
    return ink


def is_page(
    printed: tuple[int, int, bytes], right: tuple[int, int, bytes], wrong: tuple[int, int, bytes]
) -> bool:
    """Where two pages of the report differ (their table, teams), the printed page looks like ``right``."""
    assert printed[:2] == right[:2] == wrong[:2]
    votes = [0, 0]
    for p, r, w in zip(blocks(printed), blocks(right), blocks(wrong), strict=True):
        if abs(r - w) > 64 * 255 // 10:  # a tenth of the square's ink differs
            votes[abs(p - r) > abs(p - w)] += 1
    return votes[0] > 4 * votes[1]


def pdf_printer(out: Path, margin_mm: float = 0) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    printer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
            QPageLayout.Unit.Millimeter,
        )
    )
    return printer


@pytest.fixture
def sheets(demo_session: DeskSession, tmp_path: Path) -> Path:
    """The scoresheets of round 2 of the demo: one page per table, six pages."""
    (path,) = export(demo_session.desk, "scoresheets", tmp_path / "sheets.pdf", round_no=2)
    assert pages(path) == 6
    return path


@pytest.mark.slow
def test_a_page_range_prints_those_pages_looking_like_the_report(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "printed.pdf"
    assert print_pdf(sheets, pdf_printer(out), from_page=2, to_page=3) == 2
    assert pages(out) == 2
    for printed_page, source_page in ((1, 2), (2, 3)):
        printed, source = gray(out, printed_page), gray(sheets, source_page)
        assert printed[:2] == source[:2]  # A4 onto A4 without margins: the same size
        assert dark(printed) == pytest.approx(dark(source), rel=0.2)
        assert dark(source) > 0.01
        title = (0.02, 0.09)  # the Chinese title 计分表 and the event's name
        assert dark(source, title) > 0.01
        assert dark(printed, title) == pytest.approx(dark(source, title), rel=0.2)
        # Its own page, not a neighbour: each sheet names its table and teams
        other = gray(sheets, 5)
        assert is_page(printed, source, other)


@pytest.mark.slow
def test_the_report_is_fitted_inside_the_printers_margins(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "margins.pdf"
    assert print_pdf(sheets, pdf_printer(out, margin_mm=25), from_page=1, to_page=1) == 1
    printed, source = gray(out, 1), gray(sheets, 1)
    width, height, pixels = printed
    inside = 22 / 297  # a little less than the margin, as a share of the page's height
    assert dark(printed, (0.0, inside)) == 0 and dark(printed, (1 - inside, 1.0)) == 0
    edge = int(width * 22 / 210)
    assert all(
        pixels[r * width + c] >= 128
        for r in range(height)
        for c in (*range(edge), *range(width - edge, width))
    )
    # The height decides: 247 mm of 297; the report drawn that much smaller has as many dark pixels.
    small = gray(sheets, 1, dpi=DPI * (297 - 50) / 297)
    assert dark(printed) * width * height == pytest.approx(dark(small) * small[0] * small[1], rel=0.2)
    assert dark(source) > 0.01


@pytest.mark.slow
def test_copies_the_printer_cannot_make_are_painted_collated_or_not(sheets: Path, tmp_path: Path) -> None:
    collated, uncollated = tmp_path / "collated.pdf", tmp_path / "uncollated.pdf"
    for out, collate in ((collated, True), (uncollated, False)):
        printer = pdf_printer(out)
        assert not printer.supportsMultipleCopies()  # a PDF file: the copies are ours to paint
        printer.setCopyCount(2)
        printer.setCollateCopies(collate)
        assert print_pdf(sheets, printer, from_page=1, to_page=2) == 4
        assert pages(out) == 4
    one, two = gray(sheets, 1), gray(sheets, 2)
    for out, order in ((collated, (one, two, one, two)), (uncollated, (one, one, two, two))):
        for n, source in enumerate(order, start=1):
            printed = gray(out, n)
            assert is_page(printed, source, two if source is one else one)


@pytest.mark.slow
def test_a_landscape_page_on_portrait_paper_is_turned(demo_session: DeskSession, tmp_path: Path) -> None:
    (certificates,) = export(demo_session.desk, "certificates", tmp_path / "certificates.pdf")
    assert is_landscape(certificates)
    out = tmp_path / "turned.pdf"
    assert print_pdf(certificates, pdf_printer(out), from_page=1, to_page=1) == 1
    width, height, _ = printed = gray(out, 1)
    source = gray(certificates, 1)
    assert width < height and source[0] > source[1]
    assert dark(printed) == pytest.approx(dark(source), rel=0.2) and dark(source) > 0.005


# --- the window's Print… -------------------------------------------------------------------------------------


@pytest.fixture
def opened(window: MainWindow, tmp_path: Path) -> MainWindow:
    path = tmp_path / "print.tdesk"
    create_demo(path, entrants=12, units=3, played=2, seed=1).close()
    assert window.open_file(path)
    return window


@pytest.mark.slow
def test_print_asks_the_report_and_the_printer_gets_the_chosen_pages(
    opened: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    window = opened
    assert window.print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    monkeypatch.setattr(printing, "printers", lambda: [QPrinterInfo()])
    offered: list[list[str]] = []

    def choose(
        parent: object, title: str, label: str, items: list[str], current: int, editable: bool
    ) -> tuple[str, bool]:
        offered.append(items)
        return "Certificates", True

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    options: list[str] = []

    def ask_options(parent: object, session: object, what: str) -> dict[str, object]:
        options.append(what)
        return {"top": 8, "organiser": "复旦大学桥牌协会"}

    monkeypatch.setattr(printing, "ask_options", ask_options)
    monkeypatch.setattr(boxes, "ask", lambda *a, **k: True)  # not yet final
    built: list[Path] = []
    cursors: list[object] = []

    def export_and_note(desk: object, what: str, out: Path, **kwargs: object) -> list[Path]:
        built.append(out)
        cursor = QGuiApplication.overrideCursor()
        cursors.append(cursor.shape() if cursor else None)
        return export_for_tables(desk, what, out, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(printing, "export_for_tables", export_and_note)
    printed = tmp_path / "to-printer.pdf"
    seen: dict[str, object] = {}

    def accept(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        seen["orientation"] = printer.pageLayout().orientation()
        seen["name"] = printer.docName()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        printer.setPrintRange(QPrinter.PrintRange.PageRange)
        printer.setFromTo(2, 3)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    window.print_action.trigger()
    reports = [
        "Pairing sheet of a round",
        "Scoresheets of a round",
        "Standings",
        "Final ranking",
        "Cross-table",
    ]
    assert offered == [[*reports, "Certificates"]]
    assert seen == {"orientation": QPageLayout.Orientation.Landscape, "name": "Certificates"}
    assert pages(printed) == 2
    first = gray(printed, 1)
    assert first[0] > first[1] and dark(first) > 0.005  # landscape paper, a certificate on it
    assert cursors == [Qt.CursorShape.WaitCursor] and QGuiApplication.overrideCursor() is None
    assert built and not built[0].parent.exists()  # the temporary PDF is gone
    assert shown_errors == []
    assert window.last_printed == "certificates"
    assert options == ["certificates"]


def test_a_cancelled_print_dialog_prints_nothing(
    opened: MainWindow, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    monkeypatch.setattr(printing, "printers", lambda: [QPrinterInfo()])
    monkeypatch.setattr(printing, "ask_report", lambda parent, session, current: "standings")
    monkeypatch.setattr(QPrintDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected.value)
    assert opened.print_report() == 0
    assert shown_errors == []


@pytest.mark.qt_log_ignore("^QPainter::begin\\(\\): Returned false")
def test_a_printer_that_refuses_is_one_sentence(
    opened: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    monkeypatch.setattr(printing, "printers", lambda: [QPrinterInfo()])
    monkeypatch.setattr(printing, "ask_report", lambda parent, session, current: "standings")
    nowhere = tmp_path / "no-such-folder" / "out.pdf"

    def to_nowhere(dialog: QPrintDialog) -> int:
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(nowhere))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", to_nowhere)
    assert opened.print_report() == 0
    assert shown_errors == [f"The printer {nowhere} did not accept the report."]


def test_no_printer_says_so_and_offers_the_pdf(
    opened: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(printing, "printers", list)
    monkeypatch.setattr(printing, "ask_report", lambda parent, session, current: "standings")
    asked: list[str] = []
    answers = iter([False, True])

    def question(parent: object, title: str, text: str, **_kw: object) -> bool:
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(boxes, "ask", question)
    out = tmp_path / "名次.pdf"
    monkeypatch.setattr(opened, "choose_output", lambda what, suffix, round_no=None: out)
    assert opened.print_report() == 0
    assert not out.exists()  # "No": nothing saved
    assert opened.print_report() == 0
    sentence = "No printer is installed on this computer: save the report as a PDF file instead?"
    assert asked == [sentence, sentence]
    assert out.read_bytes().startswith(b"%PDF")
    opened.saved_box.close()


@pytest.mark.slow
def test_a_knockout_lists_its_bracket_under_print_export_and_saves_it(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    names = [f"{n}队" for n in "甲乙丙丁戊己庚辛"]
    drawn_event(tmp_path / "淘汰.tdesk", "抽签淘汰赛", names, seed=3, format="knockout")
    assert window.open_file(tmp_path / "淘汰.tdesk")
    actions = {a.objectName(): a for a in window.export_menu.actions()}
    action = actions["export-bracket.pdf"]
    assert action.text() == "Knockout bracket (PDF)…"
    out = tmp_path / "bracket.pdf"
    monkeypatch.setattr(window, "choose_output", lambda what, suffix, round_no=None: out)
    action.trigger()
    assert shown_errors == [] and out.exists()
    printed = text(out)
    assert all(name in printed for name in names)
    assert "对阵" in printed or "Bracket" in printed


def test_a_swiss_event_has_no_bracket_to_export(opened: MainWindow) -> None:
    assert not [a for a in opened.export_menu.actions() if "bracket" in a.objectName()]

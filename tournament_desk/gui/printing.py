"""Printing a report straight to a printer (Print / Export ▸ Print…, Ctrl+P).

The report is built as a PDF by the same export service that saves it, into a temporary folder, and each
page is then rasterised by pdfium and painted onto the QPrinter: PySide6-Essentials has Qt's print support
but no PDF renderer (QtPdf), and drawing the report a second time with QPainter would make two layouts to
keep equal. pdfium draws at the printer's resolution, capped at ``MAX_DPI``: finer than a laser printer's
toner resolves text, and an A4 page is then 2480 × 3508 pixels (35 MB), not 140 MB at 1200 dpi.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPageLayout, QPainter
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog, QInputDialog, QWidget

from tournament_desk.gui import boxes
from tournament_desk.gui import session as gui_session
from tournament_desk.gui.formats import gui_format
from tournament_desk.gui.printing_options import ask_certificates
from tournament_desk.gui.session import DeskSession
from tournament_desk.reports import REPORTS
from tournament_desk.services.documents.base import CERTIFICATES
from tournament_desk.services.event import event_info
from tournament_desk.services.output.export import BRACKET
from tournament_desk.services.output.printing import export_for_tables

MAX_DPI = 300
POINTS_PER_INCH = 72


class PrintFailed(Exception):
    """The printer refused to start or to take another page."""


def tr(text: str) -> str:
    return QCoreApplication.translate("Printing", text)


# --- painting a PDF onto a printer (no dialog, no event: testable on a PDF-file printer) -------------------


def page_count(pdf: Path) -> int:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def is_landscape(pdf: Path) -> bool:
    """The report is laid out landscape (the bracket, a wide cross-table): judged by its first page."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        width, height = document[0].get_size()
        return bool(width > height)
    finally:
        document.close()


def render_page(page: pdfium.PdfPage, scale: float, *, rotate: bool = False) -> QImage:
    """The page as an image of ``scale`` pixels per point (quarter-turned clockwise if ``rotate``)."""
    bitmap = page.render(scale=scale, rotation=90 if rotate else 0, prefer_bgrx=True, rev_byteorder=True)
    try:
        image = QImage(
            bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_RGBX8888
        )
        return image.copy()  # its own pixels: pdfium's buffer is freed below
    finally:
        bitmap.close()


def chosen_pages(printer: QPrinter, count: int, from_page: int | None, to_page: int | None) -> list[int]:
    """The page numbers (from 1) to print: the range given, else the print dialog's range, else all."""
    if from_page is not None or to_page is not None:
        first, last = max(from_page or 1, 1), min(to_page or count, count)
        return list(range(first, last + 1))
    ranges = printer.pageRanges()
    if printer.printRange() != QPrinter.PrintRange.PageRange or ranges.isEmpty():
        return list(range(1, count + 1))
    return [n for n in range(1, count + 1) if ranges.contains(n)]


def print_order(pages: list[int], copies: int, collate: bool) -> list[int]:
    """Collated: 1 2 3 1 2 3; not: 1 1 2 2 3 3."""
    if collate:
        return pages * copies
    return [n for n in pages for _ in range(copies)]


def print_pdf(pdf: Path, printer: QPrinter, from_page: int | None = None, to_page: int | None = None) -> int:
    """Paint the pages of ``pdf`` onto ``printer``, each fitted to the printable area keeping its shape.

    Pages ``from_page``–``to_page`` (from 1, inclusive), or the range chosen in the print dialog. Copies are
    painted here only when the printer cannot make them itself. A page whose orientation differs from the
    paper's is turned a quarter, as printer drivers do. Returns the number of pages painted.
    """
    document = pdfium.PdfDocument(str(pdf))
    try:
        pages = chosen_pages(printer, len(document), from_page, to_page)
        copies = 1 if printer.supportsMultipleCopies() else max(printer.copyCount(), 1)
        order = print_order(pages, copies, printer.collateCopies())
        if not order:
            return 0
        painter = QPainter()
        if not painter.begin(printer):
            raise PrintFailed(printer.printerName() or printer.outputFileName())
        try:
            # Device pixels per inch, and the most the render needs to give: pixels beyond MAX_DPI are drawn
            # scaled up by the printer, not rendered.
            thin = min(1.0, MAX_DPI / printer.resolution())
            area = QRectF(painter.viewport())
            for done, number in enumerate(order):
                if done and not printer.newPage():
                    raise PrintFailed(printer.printerName() or printer.outputFileName())
                page = document[number - 1]
                try:
                    _paint_page(painter, page, area, thin)
                finally:
                    page.close()
        finally:
            painter.end()
        return len(order)
    finally:
        document.close()


def _paint_page(painter: QPainter, page: pdfium.PdfPage, area: QRectF, thin: float) -> None:
    width, height = page.get_size()
    rotate = width != height and (width > height) != (area.width() > area.height())
    if rotate:
        width, height = height, width
    fit = min(area.width() / width, area.height() / height)  # device pixels per point
    image = render_page(page, fit * thin, rotate=rotate)
    target = QRectF(0, 0, width * fit, height * fit)
    target.moveCenter(area.center())
    painter.drawImage(target, image)


# --- the window's Print… action -------------------------------------------------------------------------------


def printers() -> list[QPrinterInfo]:
    """The printers installed on this computer (tests replace this)."""
    return QPrinterInfo.availablePrinters()


def printable_reports(session: DeskSession) -> dict[str, str]:
    """The reports that print as PDF, by name: the export menu's, and those the event's stages add (a knockout's
    bracket)."""
    labels = {
        "pairings": tr("Pairing sheet of a round"),
        "scoresheets": tr("Scoresheets of a round"),
        "standings": tr("Standings"),
        "ranking": tr("Final ranking"),
        "crosstable": tr("Cross-table"),
        "certificates": tr("Certificates"),
        BRACKET: tr("Knockout bracket"),
    }
    names = list(dict.fromkeys([*REPORTS, *format_reports(session)]))
    return {name: labels.get(name, name) for name in names}


def format_reports(session: DeskSession) -> list[str]:
    """The reports the event's stage formats add to the common ones (a knockout's bracket), in stage order."""
    info = session.read(event_info)
    added = [r for name in info.stage_formats or (info.stage_format,) for r in gui_format(name).reports]
    return [name for name in dict.fromkeys(added) if name not in REPORTS]


def format_exports(session: DeskSession | None) -> list[tuple[str, str, str]]:
    """The Print / Export menu's entries for those reports: (report, label, suffix); none without an event."""
    if session is None:
        return []
    labels = {BRACKET: tr("Knockout bracket (PDF)…")}
    return [(name, labels.get(name, f"{name} (PDF)…"), ".pdf") for name in format_reports(session)]


def ask_report(parent: QWidget, session: DeskSession, current: str | None = None) -> str | None:
    """Which report to print; None when the director cancels (tests replace this)."""
    reports = printable_reports(session)
    names = list(reports)
    start = names.index(current) if current in reports else 0
    label, ok = QInputDialog.getItem(
        parent, tr("Print"), tr("Which report?"), list(reports.values()), start, False
    )
    if not ok:
        return None
    return names[list(reports.values()).index(label)]


def ask_options(parent: QWidget, session: DeskSession, what: str) -> dict[str, object] | None:
    """The report's own choices, as the export service takes them: the certificates' places and organiser line
    (``printing_options``); none for the other reports. None when the director cancels (tests replace this)."""
    if what != CERTIFICATES:
        return {}
    choice = ask_certificates(parent, session)
    return None if choice is None else choice.options()


def offer_pdf_instead(parent: QWidget) -> bool:
    """No printer: say so, and ask whether to save the report as a PDF instead."""
    return boxes.ask(
        parent,
        tr("No printer"),
        tr("No printer is installed on this computer: save the report as a PDF file instead?"),
    )


@contextmanager
def wait_cursor() -> Iterator[None]:
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QGuiApplication.restoreOverrideCursor()


def print_report(
    parent: QWidget,
    session: DeskSession,
    what: str,
    round_no: int | None,
    title: str,
    live_url: str | None = None,
    options: Mapping[str, object] | None = None,
) -> int:
    """Build the report into a temporary PDF, ask which printer, pages and copies, and print it.

    ``options``: the report's own choices (``ask_options``: the certificates' places and organiser line).

    ``title`` names the print job (the queue shows it; a PDF printer proposes it as the file name).
    Returns the number of pages painted: 0 when the report was refused, the dialog cancelled or the
    printer failed (each said to the director where it happens). The temporary PDF is deleted afterwards.
    """
    with tempfile.TemporaryDirectory(prefix="tdesk-print-", ignore_cleanup_errors=True) as folder:
        pdf = Path(folder) / f"{what}.pdf"
        with wait_cursor():
            written = session.run(
                parent, export_for_tables, what, pdf, round_no=round_no, live_url=live_url, **(options or {})
            )
        if not written:
            return 0
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title)
        printer.setPageOrientation(
            QPageLayout.Orientation.Landscape if is_landscape(pdf) else QPageLayout.Orientation.Portrait
        )
        dialog = QPrintDialog(printer, parent)
        dialog.setWindowTitle(tr("Print {title}").format(title=title))
        dialog.setMinMax(1, page_count(pdf))
        dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintPageRange, True)
        dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintCollateCopies, True)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return 0
            with wait_cursor():
                return print_pdf(pdf, printer)
        except PrintFailed as exc:
            gui_session.show_error(
                parent, tr("The printer {printer} did not accept the report.").format(printer=str(exc))
            )
            return 0
        finally:
            dialog.deleteLater()

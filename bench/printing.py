"""Print… (Ctrl+P): the CPU time of painting a report onto a printer (gui/printing.py, pypdfium2 → QPrinter).

A 40-table round's scoresheets are exported once (not counted), then painted onto a 1200-dpi PDF printer (the
pages are rendered at most 300 dpi); the median per page is printed beside the target and beside its floor,
taken alternately in the same run: pdfium rendering the same pages at 300 dpi into images, painted nowhere. The
window shows a wait cursor meanwhile, so the target is per page: a director printing 100 sheets waits about a
minute at most.

Run: ``.venv/bin/python bench/printing.py [--tables 40] [--runs 3]`` (offscreen; bounded).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from timing import Deadline, cpu_call, figure, interleaved, median  # bench/timing.py (run as bench/<name>.py)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication

PAGE_TARGET = 0.6  # seconds per page
DPI = 300


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deadline", type=float, default=600, help="seconds before the run gives up")
    args = parser.parse_args()
    tables = max(2, min(args.tables, 200))
    deadline = Deadline(args.deadline)

    import pypdfium2 as pdfium

    from tournament_desk.gui.printing import print_pdf, render_page
    from tournament_desk.services.demo import create_demo
    from tournament_desk.services.output.export import export
    from tournament_desk.services.rounds import pair_next_round

    app = QApplication.instance() or QApplication([])
    assert app is not None
    folder = Path(tempfile.mkdtemp(prefix="tdesk-bench-print-"))
    with create_demo(folder / "print.tdesk", entrants=tables * 2, played=1, seed=4) as desk:
        pair_next_round(desk)
        pdf = export(desk, "scoresheets", folder / "sheets.pdf", round_no=2)[0]
    pages = len(pdfium.PdfDocument(str(pdf)))
    printed = 0

    def printing() -> float:
        nonlocal printed
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setResolution(1200)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(folder / f"printed-{printed}.pdf"))
        printed += 1
        return cpu_call(lambda: print_pdf(pdf, printer)) / pages

    def rendering() -> float:
        def render() -> None:
            document = pdfium.PdfDocument(str(pdf))
            for page in document:
                render_page(page, DPI / 72)
                page.close()
            document.close()

        return cpu_call(render) / pages

    works, floors = interleaved(printing, rendering, args.runs, deadline)
    print(f"Print…: {pages} scoresheet pages of a {tables}-table round onto a 1200-dpi printer (CPU time)")
    print(
        f"  floor: rendering the same pages at {DPI} dpi into images, {median(floors) * 1000:.0f} ms a page"
    )
    print(figure("  a page painted onto the printer", works, median(floors), PAGE_TARGET, unit="ms"))
    print(f"  the whole report: {median(works) * pages:.1f} s CPU")
    if deadline.note():
        print("  " + deadline.note())


if __name__ == "__main__":
    main()

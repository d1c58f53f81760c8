"""Print… (Ctrl+P): how long painting a report onto a printer takes (gui/printing.py, pypdfium2 → QPrinter).

A 40-table round's scoresheets are exported once (not timed), then painted onto a 1200-dpi PDF printer (the
pages are rendered at most 300 dpi) three times; the median per page is printed beside the target. The window
shows a wait cursor meanwhile, so the target is per page: a director printing 100 sheets waits at most a minute.

Run: ``.venv/bin/python bench/printing.py [--tables 40]`` (offscreen; bounded).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication

PAGE_TARGET = 0.6  # seconds per page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    args = parser.parse_args()
    tables = max(2, min(args.tables, 200))

    from tournament_desk.gui.printing import print_pdf
    from tournament_desk.services.demo import create_demo
    from tournament_desk.services.output.export import export
    from tournament_desk.services.rounds import pair_next_round

    app = QApplication.instance() or QApplication([])
    assert app is not None
    folder = Path(tempfile.mkdtemp(prefix="tdesk-bench-print-"))
    with create_demo(folder / "print.tdesk", entrants=tables * 2, played=1, seed=4) as desk:
        pair_next_round(desk)
        pdf = export(desk, "scoresheets", folder / "sheets.pdf", round_no=2)[0]
    per_page: list[float] = []
    pages = 0
    for run in range(3):
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setResolution(1200)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(folder / f"printed-{run}.pdf"))
        start = time.perf_counter()
        pages = print_pdf(pdf, printer)
        per_page.append((time.perf_counter() - start) / max(pages, 1))
    median = statistics.median(per_page)
    verdict = "ok" if median <= PAGE_TARGET else "MISSED"
    print(f"Print…: {pages} scoresheet pages of a {tables}-table round onto a 1200-dpi printer (median of 3)")
    print(f"  per page {median * 1000:.0f} ms (target ≤ {PAGE_TARGET * 1000:.0f} ms)  {verdict}; "
          f"the whole report {median * pages:.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()

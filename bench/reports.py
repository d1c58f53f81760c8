"""Printing: the whole export call (read the event, build the PDF, write it), on CPU time, medians.

Targets: scoresheets for 500 tables ≤ 10 s; the pairing sheet of 2000 entrants ≤ 3 s; standings of 2000
entrants ≤ 3 s. The other reports are measured for information. Each figure stands beside its floor, taken
alternately in the same run: reportlab writing a PDF of as many plain lines (one per entrant or table, the same
embedded CJK font, A4 pages of 50 lines) — what any printed list of that length costs. The demo events (2000
entrants in 500 units and 1000 entrants in 250 units, 5 rounds played) take a while to build; that is not counted.
Run: ``.venv/bin/python bench/reports.py [--quick] [--repeats N] [--deadline S]``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
from timing import Deadline, cpu_call, figure, interleaved, median  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.reports.fonts import cjk_font
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.export import export
from tournament_desk.services.rounds import round_view

NO_TARGET = float("inf")


def plain_lines(path: Path, lines: int) -> None:
    """The floor: ``lines`` lines of Chinese text, 50 to an A4 page, with the embedded font."""
    canvas = Canvas(str(path), pagesize=A4)
    font = cjk_font()
    for i in range(lines):
        if i and i % 50 == 0:
            canvas.showPage()
        canvas.setFont(font, 10)
        canvas.drawString(
            40, 800 - (i % 50) * 15, f"{i + 1}  第{i % 9 + 1}桌  队伍{i}  单位{i // 4}  3  2.5  41"
        )
    canvas.save()


def measure(desk: Desk, folder: Path, what: str, suffix: str, lines: int, runs: int, deadline: Deadline) -> tuple[list[float], list[float]]:  # fmt: skip
    return interleaved(
        lambda: cpu_call(lambda: export(desk, what, folder / f"{what}{suffix}")),
        lambda: cpu_call(lambda: plain_lines(folder / "floor.pdf", lines)),
        runs,
        deadline,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller events (400 and 200 entrants)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--deadline", type=float, default=900, help="seconds before the run gives up")
    args = parser.parse_args()
    big, small = (400, 200) if args.quick else (2000, 1000)
    deadline = Deadline(args.deadline)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        built = cpu_call(
            lambda: create_demo(folder / "big.tdesk", entrants=big, units=big // 4, played=5).close()
        )
        built += cpu_call(
            lambda: create_demo(folder / "half.tdesk", entrants=small, units=small // 4, played=5).close()
        )
        print(
            "reports: the whole export call (CPU time, medians), each beside its floor (plain lines, same font)"
        )
        with Desk.open(folder / "big.tdesk") as large, Desk.open(folder / "half.tdesk") as half:
            tables = len(round_view(half, 5).tables)
            plan = [
                (f"scoresheets, {tables} tables", half, "scoresheets", ".pdf", tables, args.repeats, 10.0),
                (f"pairing sheet, {big} entrants", large, "pairings", ".pdf", big, args.repeats, 3.0),
                (f"standings, {big} entrants", large, "standings", ".pdf", big, args.repeats, 3.0),
                (f"scoresheets, {big // 2} tables", large, "scoresheets", ".pdf", big // 2, 3, NO_TARGET),
                (f"final ranking, {big} entrants", large, "ranking", ".pdf", big, 3, NO_TARGET),
                (f"cross-table, {big} entrants", large, "crosstable", ".pdf", big, 3, NO_TARGET),
                ("certificates, top 8", large, "certificates", ".pdf", 8, 3, NO_TARGET),
                (f"event workbook (.xlsx), {big} entrants", large, "all", ".xlsx", big, 3, NO_TARGET),
            ]
            for name, desk, what, suffix, lines, runs, target in plan:
                if deadline.over(name):
                    break
                works, floors = measure(desk, folder, what, suffix, lines, runs, deadline)
                line = figure(f"  {name}", works, median(floors), target)
                print(line.replace("target inf s  PASS", "for information") if target == NO_TARGET else line)
    print(f"  (building the two demo events took {built:.1f} s CPU, not counted)")
    if deadline.note():
        print("  " + deadline.note())


if __name__ == "__main__":
    main()

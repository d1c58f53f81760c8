"""The two Mitchell events the report tests print (tests/reports/test_mitchell_reports.py): built through the
services, results entered from a fixed formula, exported, and the PDFs read back a region at a time."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.reports import poppler
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export
from tournament_desk.services.results.pair_boards import movement_view, record_pair_board

KINDS = ("pairings", "scoresheets", "standings", "ranking", "crosstable", "certificates")
FORMULA = "=SUM(1,2)"  # a pair named like a formula: written as text everywhere


def points(round_no: int, table: int, board: int) -> int:
    """Deterministic defenders' points: spread over 0…200 in steps of 5."""
    return ((round_no * 37 + table * 11 + board * 23) % 41) * 5


def play(desk: Desk, round_no: int, *, only: int | None = None) -> None:
    """Enter every board of ``round_no`` (or the first ``only`` tables)."""
    view = movement_view(desk)
    for table, guide in sorted(view.guides.items()):
        if only is not None and table > only:
            break
        for board in guide[round_no - 1].boards:
            penalty = ("EW", 10) if (round_no, table, board) == (2, 3, guide[1].boards[0]) else None
            record_pair_board(desk, round_no, table, board, points(round_no, table, board), penalty=penalty)


def new_event(path: Path, tables: int, names: list[str]) -> Desk:
    desk = create_tournament(path, name="2022年福建老年人运动会牌套赛", format="mitchell",
                             boards_per_round=2, even="skip")  # fmt: skip
    for i, name in enumerate(names):
        es.add_entrant(desk, name, unit=f"{'东南西北'[i % 4]}区老年协会", players=(f"张{i}", f"李{i}"))
    assert len(names) == 2 * tables
    es.draw(desk, seed=7)
    return desk


@dataclass(frozen=True)
class Files:
    folder: Path
    pdf: dict[str, Path]
    xlsx: Path


def export_all(desk: Desk, folder: Path) -> Files:
    poppler.require_poppler()
    pdfs = {kind: export(desk, kind, folder / f"{kind}.pdf")[0] for kind in KINDS}
    (xlsx,) = export(desk, "all", folder / "event.xlsx")
    return Files(folder, pdfs, xlsx)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def crop_text(pdf: Path, page: int, box: tuple[float, float, float, float]) -> str:
    """The text of one region of a page (x, y from the top-left, width, height, in points)."""
    x, y, w, h = (str(int(v)) for v in box)
    args = ["pdftotext", "-layout", "-r", "72", "-f", str(page), "-l", str(page),
            "-x", x, "-y", y, "-W", w, "-H", h, str(pdf), "-"]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return done.stdout


def label(direction: str, pair: int, name: str) -> str:
    return f"{direction}{pair} {name}"

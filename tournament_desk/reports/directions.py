"""The two directions of a Mitchell movement (rules.md §7.5) as every one of its documents prints them: the names,
the pair labels ("NS3"), the match points before deductions, the round the figures follow and the notes under
a list."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.layout import ACCENT, MARGIN, MUTED, draw_text, wrap
from tournament_desk.reports.model import MitchellResultsData

DIRECTIONS = {"NS": ("南北", "North–South", "NS"), "EW": ("东西", "East–West", "EW")}
MISSING = "注意：这些轮次仍有成绩未录入。 Some results are still missing."


def direction_title(direction: str) -> str:
    return f"{DIRECTIONS[direction][0]}方向"


def pair_label(direction: str, pair: int, name: str) -> str:
    return f"{DIRECTIONS[direction][2]}{pair} {name}"


def gross(row: StandingRow) -> float:
    """The match points before deductions (``score`` is after them)."""
    return (row.score or 0.0) + row.deducted


def after_round(data: MitchellResultsData) -> str:
    """The heading at the right of the recap's and the rankings' pages."""
    return f"第 {data.after_round} 轮后  After round {data.after_round}"


def notes_below(c: Canvas, y: float, width: float, complete: bool, notes: Sequence[str]) -> None:
    """Under a list: that results are missing (``complete`` false), then ``notes`` wrapped to ``width``."""
    if not complete:
        draw_text(c, MARGIN, y, MISSING, 7.5, color=ACCENT)
        y -= 10
    for text in notes:
        for line in wrap(text, width, 7.5):
            draw_text(c, MARGIN, y, line, 7.5, color=MUTED)
            y -= 10

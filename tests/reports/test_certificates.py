"""Certificates: one a place, dated the last day of the event."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.certificates import build_certificates
from tournament_desk.reports.model import EventHeader, StandingsData


@pytest.mark.system  # poppler reads the PDF back
def test_certificates_carry_the_last_day_of_the_event(tmp_path: Path) -> None:
    rows = (StandingRow(1, StandingEntrant(1, "甲队", "一单位", 1), 3.0, 15, 1.5, 1, 0.0, None),)
    event = EventHeader("秋季联赛", datetime(2026, 5, 1, 9, 30), ends_on=date(2026, 10, 3))
    out = tmp_path / "c.pdf"
    build_certificates(out, StandingsData(event, 1, rows, complete=True))
    compact = "".join(poppler.text(out).split())
    assert "2026年10月3日" in compact and "第1名" in compact and "秋季联赛" in compact

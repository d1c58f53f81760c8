"""The paper for table entry (services/output/printing.py): a published round's scoresheets with each table's QR code."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.printing import export_for_tables, print_entry_sheets
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

SERVER = "http://192.168.1.20:8765/"


@pytest.mark.slow
def test_a_published_rounds_entry_sheets(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    out = tmp_path / "out"
    out.mkdir()
    written = print_entry_sheets(four, out / "sheets.pdf", SERVER)
    assert written == out / "sheets.pdf" and written.read_bytes().startswith(b"%PDF")


def test_a_draft_round_or_a_wrong_name_is_refused(four: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"must end in \.pdf"):
        print_entry_sheets(four, tmp_path / "sheets.xlsx", SERVER)
    pair_next_round(four, publish=False)
    with pytest.raises(BadInput):
        print_entry_sheets(four, tmp_path / "sheets.pdf", SERVER)
    assert not (tmp_path / "sheets.pdf").exists()


@pytest.mark.slow
def test_without_the_server_the_tables_get_the_plain_export(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    out = tmp_path / "out"
    out.mkdir()
    assert export_for_tables(four, "scoresheets", out / "plain.pdf") == [out / "plain.pdf"]
    assert export_for_tables(four, "scoresheets", out / "qr.pdf", live_url=SERVER) == [out / "qr.pdf"]
    assert (out / "plain.pdf").read_bytes() != (out / "qr.pdf").read_bytes()  # the QR codes

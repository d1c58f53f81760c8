"""Exporting the printed documents (services/output/export.py): what is refused before anything is drawn, the files
written, and writing them all or none."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import documents
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import Builder
from tournament_desk.services.output import export as export_module
from tournament_desk.services.output.export import export, write
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_an_unknown_report_a_wrong_suffix_or_a_missing_folder_is_refused(four: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="Unknown report 'menu'"):
        export(four, "menu", tmp_path / "x.pdf")
    with pytest.raises(BadInput, match=r"must end in \.pdf or \.xlsx"):
        export(four, "standings", tmp_path / "x.txt")
    with pytest.raises(BadInput, match="does not exist"):
        export(four, "standings", tmp_path / "nowhere" / "x.pdf")


@pytest.mark.file_only("the tournament file itself")
def test_an_export_never_replaces_a_tournament_file(four: Desk, tmp_path: Path) -> None:
    path = four.db.path
    assert path is not None
    copy = tmp_path / "copy.pdf"  # a tournament file under a report's name
    copy.write_bytes(path.read_bytes())
    with pytest.raises(BadInput, match="is a tournament file"):
        export(four, "standings", copy)
    assert copy.read_bytes() == path.read_bytes()


@pytest.mark.slow
def test_the_pairings_of_the_last_round_as_a_pdf(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "7")
    out = tmp_path / "out"
    out.mkdir()
    (written,) = export(four, "pairings", out / "pairings.pdf")
    assert written == out / "pairings.pdf" and written.read_bytes().startswith(b"%PDF")
    assert [p.name for p in out.iterdir()] == ["pairings.pdf"]  # no temporary file left behind


def test_write_puts_every_file_in_place_or_none(tmp_path: Path) -> None:
    def fine(path: Path) -> None:
        path.write_text("fine")

    def broken(path: Path) -> None:
        raise RuntimeError("drawing failed")

    (tmp_path / "a.pdf").write_text("old")
    with pytest.raises(RuntimeError):
        write({tmp_path / "a.pdf": fine, tmp_path / "b.pdf": broken})
    assert (
        sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"] and (tmp_path / "a.pdf").read_text() == "old"
    )
    assert write({tmp_path / "a.pdf": fine}) == [tmp_path / "a.pdf"]
    assert (tmp_path / "a.pdf").read_text() == "fine"


@pytest.mark.slow
def test_an_export_reads_the_event_once_and_draws_after_the_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``export all`` (every document, or the workbook) and each single export: one read transaction, no write
    (issue 25: before, a transaction for every service each document asked), and the files drawn once it has
    ended, so a long drawing never keeps another desk from saving."""
    drawn_outside: list[bool] = []
    with create_demo(tmp_path / "e.tdesk", entrants=8, played=2) as desk:

        def write(jobs: dict[Path, Builder]) -> list[Path]:
            begun = desk.db.transactions_begun.total()
            with desk.db.transaction():  # a new outermost transaction: none is open while the files are drawn
                drawn_outside.append(desk.db.transactions_begun.total() == begun + 1)
            desk.db.transactions_begun.subtract({"read": 1})
            return real_write(jobs)

        real_write = export_module.write
        monkeypatch.setattr(export_module, "write", write)
        asked = [("all", ".pdf"), ("all", ".xlsx"), *((kind, ".pdf") for kind in documents.printable(desk))]
        for what, suffix in asked:
            desk.db.transactions_begun.clear()
            written = export_module.export(desk, what, tmp_path / f"{what}{suffix}")
            assert written and all(p.is_file() for p in written), what
            assert +desk.db.transactions_begun == Counter(read=1), (what, suffix)
    assert drawn_outside == [True] * len(asked)

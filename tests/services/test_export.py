"""Exporting the printed documents (services/export.py): what is refused before anything is drawn, the files
written, and writing them all or none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import results as rs
from tournament_desk.services.desk import Desk
from tournament_desk.services.export import export, write
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

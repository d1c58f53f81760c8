"""The public pages as a folder of .html files (services/output/site.py): what is written, and the folders refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.site import MARKER, export_site, site_data
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_the_site_shows_the_published_rounds(four: Desk) -> None:
    pair_next_round(four)
    rs.record_result(four, 1, 1, "9", "7")
    rs.record_result(four, 1, 2, "9", "7")
    pair_next_round(four, publish=False)  # round 2 stays a draft until published
    data = site_data(four)
    assert [r.round for r in data.rounds] == [1]


def test_the_pages_go_into_a_new_folder_marked_as_an_export(four: Desk, tmp_path: Path) -> None:
    pair_next_round(four)
    target = export_site(four, tmp_path / "site")
    pages = {p.name for p in target.rglob("*.html")}
    assert "index.html" in pages and (target / MARKER).is_file()
    assert any("甲" in p.read_text(encoding="utf-8") for p in target.rglob("*.html"))


def test_an_earlier_export_is_replaced_but_no_other_folder(four: Desk, tmp_path: Path) -> None:
    target = export_site(four, tmp_path / "site")
    (target / "old.html").write_text("old", encoding="utf-8")
    export_site(four, target)
    assert not (target / "old.html").exists()
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(BadInput, match="not empty"):
        export_site(four, other)
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    afile = tmp_path / "file"
    afile.write_text("x", encoding="utf-8")
    with pytest.raises(BadInput, match="is a file"):
        export_site(four, afile)

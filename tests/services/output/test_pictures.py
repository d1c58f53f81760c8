"""Pictures to share (services/output/pictures.py): what is read for each picture (the printed sheets' own rows),
the QR code's address, the PNG files written (split, all or none) and what is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.standings import standings_rows
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.reading import event_header, standings_data
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.output.pictures import (
    export_pictures,
    picture_data,
    picture_paths,
    pictures,
    qr_address,
)
from tournament_desk.services.standings import current_standings

LAN = "http://192.168.1.20:8765/"


@pytest.fixture(scope="module")
def forty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """A Swiss event of 40 teams, 3 rounds played."""
    desk = create_demo(tmp_path_factory.mktemp("forty") / "forty.tdesk", entrants=40, played=3, seed=4)
    yield desk
    desk.close()


def test_the_standings_picture_shows_the_printed_standings_rows(forty: Desk) -> None:
    data = picture_data(forty, "standings", url=LAN)
    printed = standings_rows(standings_data(forty, event_header(forty), None))
    (section,) = data.sections
    assert [row[0] for row in section.rows] == [row[0] for row in printed]  # the ranks
    assert [row[1] for row in section.rows] == [f"{row[1]}\n{row[2]}" for row in printed]  # name over unit
    assert [row[2:5] for row in section.rows] == [row[3:6] for row in printed]  # MP, VP, opponents' MP
    assert data.title == "第 3 轮后名次"
    assert data.url == "http://192.168.1.20:8765/standings"


def test_the_card_gives_the_standings_place_and_figures(forty: Desk) -> None:
    row = current_standings(forty).rows[6]
    data = picture_data(forty, "card", entrant=row.entrant.name, url=LAN)
    lead = dict(data.lead)
    assert lead["名次"] == f"第 {row.rank} 名（第 3 轮后）"
    assert f"场分 {row.mp:g}" in lead["成绩"]
    assert len(data.sections[0].rows) == 3  # one line a round
    assert data.url is not None and data.url.startswith("http://192.168.1.20:8765/me/%")


def test_the_qr_address_is_the_servers_page_or_a_published_page_as_given() -> None:
    assert qr_address(None, "standings") is None
    assert qr_address("http://10.0.0.2:8765", "pairings") == "http://10.0.0.2:8765/find"
    assert qr_address(LAN, "results") == "http://192.168.1.20:8765/pairings"
    assert qr_address(LAN, "card", "甲 队") == "http://192.168.1.20:8765/me/%E7%94%B2%20%E9%98%9F"
    published = "https://club.example.org/2026/standings.html"
    assert qr_address(published, "standings") == published
    with pytest.raises(BadInput, match="not a web address"):
        qr_address("192.168.1.20:8765", "standings")


def test_one_png_1080_pixels_wide_for_forty_teams(forty: Desk, tmp_path: Path) -> None:
    (written,) = export_pictures(forty, "standings", tmp_path / "名次.png", url=LAN)
    assert written == tmp_path / "名次.png"
    with Image.open(written) as image:
        assert image.format == "PNG" and image.width == 1080 and image.height > 40 * 90
    assert [p.name for p in tmp_path.iterdir()] == ["名次.png"]  # no temporary file left behind


@pytest.mark.slow
def test_a_long_list_is_written_as_numbered_files(tmp_path: Path) -> None:
    desk = create_demo(tmp_path / "big.tdesk", entrants=61, played=1, seed=2)
    try:
        written = export_pictures(desk, "pairings", tmp_path / "桌号.png")
    finally:
        desk.close()
    assert [p.name for p in written] == ["桌号-1.png", "桌号-2.png"]
    for path in written:
        with Image.open(path) as image:
            assert image.width == 1080


def test_picture_paths_number_only_a_split_list(tmp_path: Path) -> None:
    assert picture_paths(tmp_path / "a.png", 1) == [tmp_path / "a.png"]
    assert picture_paths(tmp_path / "a.png", 2) == [tmp_path / "a-1.png", tmp_path / "a-2.png"]


def test_every_kind_of_a_swiss_event_but_the_bracket(forty: Desk) -> None:
    name = list_entrants(forty)[0].name
    for kind, extra in (("standings", {}), ("ranking", {}), ("pairings", {"round_no": 2}),
                        ("results", {"round_no": 1}), ("card", {"entrant": name})):  # fmt: skip
        made = pictures(forty, kind, **extra)
        assert [(p.width, p.number, p.total) for p in made] == [(1080, 1, 1)], kind
    with pytest.raises(BadInput, match="no knockout stage"):
        pictures(forty, "bracket")


@pytest.mark.parametrize(
    ("kind", "out", "options", "refusal"),
    [
        ("standings", "x.pdf", {}, r"must end in \.png"),
        ("menu", "x.png", {}, "Unknown picture 'menu'"),
        ("card", "x.png", {}, "Say whose card"),
        ("card", "x.png", {"entrant": "无此队"}, "no entrant called '无此队'"),
        ("standings", "x.png", {"entrant": "甲"}, "--entrant goes with the entrant's card"),
        ("results", "x.png", {"round_no": 9}, "Round 9 has not been paired"),
        ("standings", "x.png", {"url": "ftp://x"}, "not a web address"),
    ],
)
def test_what_is_refused_writes_nothing(
    forty: Desk, tmp_path: Path, kind: str, out: str, options: dict[str, object], refusal: str
) -> None:
    with pytest.raises(BadInput, match=refusal):
        export_pictures(forty, kind, tmp_path / out, **options)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_is_refused(forty: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="does not exist"):
        export_pictures(forty, "standings", tmp_path / "nowhere" / "x.png")

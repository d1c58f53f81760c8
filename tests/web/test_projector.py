"""The projector view: the round, the tables still playing, the results in, and the QR code of the server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.web.client import phone
from tests.web.events import public_event
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.projector import qr_svg


def test_the_qr_code_is_an_inline_svg_without_an_xml_declaration() -> None:
    svg = qr_svg("http://192.168.1.20:8080/")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "<?xml" not in svg
    assert qr_svg("http://192.168.1.20:8080/") == svg and qr_svg("http://other/") != svg


@pytest.mark.slow
def test_a_round_in_play_shows_the_tables_left_and_the_results_in(swiss: Desk) -> None:
    view = pair_next_round(swiss)  # round 3: two tables
    first = view.tables[0]
    rs.record_result(swiss, view.round, first.table, "K", "10")
    page = phone(swiss, "en").get("/projector").text
    assert "Round 3 pairings" in page
    assert "Still playing: 1 tables" in page and f"<p>{view.tables[1].table}</p>" in page
    assert re.search(
        rf"<td>{first.table}</td><td>{first.home}</td><td>K : 10</td><td>{first.away}</td>", page
    )
    assert "<svg" in page and "http://desk.test/" in page


@pytest.mark.slow
def test_before_any_round_it_says_so(tmp_path: Path) -> None:
    desk = public_event(tmp_path / "new.tdesk", played=0)
    try:
        page = phone(desk, "zh").get("/projector").text
        assert "仍在比赛" not in page and "<svg" in page
        assert "No round has been published yet." in phone(desk, "en").get("/projector").text
    finally:
        desk.close()

"""Printing the entry cards (services/output/card_sheets.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.card_sheets import export_cards

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_the_cards_are_a_pdf(four: Desk, tmp_path: Path) -> None:
    out = tmp_path / "cards" / "cards.pdf"
    out.parent.mkdir()
    assert export_cards(four, out, base_url="http://192.168.1.20:8765/") == out
    assert out.read_bytes().startswith(b"%PDF")


def test_a_wrong_name_or_folder_is_refused(four: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"must end in \.pdf"):
        export_cards(four, tmp_path / "cards.xlsx")
    with pytest.raises(BadInput, match="does not exist"):
        export_cards(four, tmp_path / "nowhere" / "cards.pdf")


@pytest.mark.slow
def test_no_cards_when_everyone_has_withdrawn(events: Events, tmp_path: Path) -> None:
    with events.create(name="空") as d:
        with pytest.raises(BadInput, match="no entrants to print"):
            export_cards(d, tmp_path / "cards.pdf")
        es.add_entrant(d, "甲")
        es.withdraw(d, "甲")
        with pytest.raises(BadInput, match="no entrants to print"):
            export_cards(d, tmp_path / "cards.pdf")
        out = export_cards(d, tmp_path / "cards.pdf", names=["甲"])  # a reissued card: that one all the same
        assert out.read_bytes().startswith(b"%PDF")

"""The port the event's printed codes name (services/live/ports.py): remembered when paper with codes is
printed, audited when it changes, read by the server as it starts (tests/web/test_ports.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.card_sheets import export_cards
from tournament_desk.services.output.printing import print_entry_sheets
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.parametrize(
    ("url", "port"),
    [
        ("http://192.168.1.20:8765/", 8765),
        (" http://10.0.0.5:8790 ", 8790),
        ("http://desk.local/", 80),
        ("https://desk.example/", 443),
    ],
)
def test_the_port_of_an_address(url: str, port: int) -> None:
    assert live.port_of(url) == port


@pytest.mark.parametrize("url", ["192.168.1.20:8765", "http://192.168.1.20:port/", "http://h:99999/"])
def test_an_address_without_a_readable_port_is_one_sentence(url: str) -> None:
    with pytest.raises(BadInput) as refused:
        live.port_of(url)
    assert "is not the server's address" in str(refused.value)


def test_no_port_until_codes_are_printed_then_the_last_one_audited_once_per_change(four: Desk) -> None:
    assert live.printed_port(four) is None
    assert live.note_printed_port(four, "http://192.168.1.20:8765/") == 8765
    live.note_printed_port(four, "http://192.168.1.21:8765/")  # another address, the same port: no change
    assert live.printed_port(four) == 8765
    live.note_printed_port(four, "http://192.168.1.20:8770/")  # the director chose another port and reprinted
    assert live.printed_port(four) == 8770
    entries = [(e.old, e.new) for e in audit_trail(four) if e.action == "live-port"]
    assert entries == [({"port": None}, {"port": 8765}), ({"port": 8765}, {"port": 8770})]


@pytest.mark.slow
def test_entry_cards_printed_with_codes_remember_their_port(four: Desk, tmp_path: Path) -> None:
    export_cards(four, tmp_path / "plain.pdf")  # no server: codes alone, no QR code, no port
    assert live.printed_port(four) is None
    export_cards(four, tmp_path / "cards.pdf", base_url="http://192.168.1.20:8766/")
    assert live.printed_port(four) == 8766


@pytest.mark.slow
def test_scoresheets_printed_with_codes_remember_their_port_and_a_refused_print_does_not(
    four: Desk, tmp_path: Path
) -> None:
    with pytest.raises(BadInput):  # no round published yet: nothing printed, nothing remembered
        print_entry_sheets(four, tmp_path / "sheets.pdf", "http://192.168.1.20:8790/")
    assert live.printed_port(four) is None
    pair_next_round(four)
    print_entry_sheets(four, tmp_path / "sheets.pdf", "http://192.168.1.20:8790/")
    assert live.printed_port(four) == 8790

"""The Live dialog's entry cards: reissue a lost card (its old code and its phone stop at once), release a card
from its phone, close and open phone entry for a table, and print the cards (a real PDF read back)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog
from pytestqt.qtbot import QtBot

from tournament_desk.domain.errors import BadInput
from tournament_desk.gui import boxes
from tournament_desk.gui.live_cards_box import CardsBox
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail


@pytest.mark.slow
def test_reissue_release_and_close_phone_entry(
    qtbot: QtBot, demo_session: DeskSession, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    desk = demo_session.desk
    box = CardsBox(None, demo_session)  # type: ignore[arg-type]
    qtbot.addWidget(box)
    assert box.entrant.count() == len(live.cards(desk)) > 0
    first = box.cards[0]
    secret, _ = live.bind(desk, first.code, None)
    box.reload()
    assert "held by phone" in box.state.text() and first.printed in box.state.text()

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("卡丢了", True))
    monkeypatch.setattr(boxes, "ask", lambda *a, **k: False)
    box.entrant.setCurrentIndex(0)
    box.reissue()
    new = live.cards(desk, [first.name])[0]
    assert new.code != first.code and new.phone is None
    with pytest.raises(BadInput, match="not known"):
        live.card_by_code(desk, first.code)  # the old code is dead at once
    assert live.phone_card(desk, secret) is None  # ... and so is the phone that held it
    assert [a.reason for a in audit_trail(desk) if a.action == "card-reissue"] == ["卡丢了"]

    live.bind(desk, new.code, None)
    box.reload()
    box.release()
    assert live.cards(desk, [first.name])[0].phone is None
    box.release()  # nothing to release: one sentence, nothing changed
    assert shown_errors and "not held by any phone" in shown_errors[-1]

    round_no = live.round_tokens(desk, 2)[0].round
    box.table.setValue(3)
    box.lock(True)
    assert {t.table for t in live.live_tables(desk, round_no) if t.locked} == {3}
    assert "3" in box.state.text()
    box.table.setValue(0)
    box.lock(False)
    assert not any(t.locked for t in live.live_tables(desk, round_no))


@pytest.mark.slow
@pytest.mark.system  # pdftotext
def test_print_entry_cards_with_the_servers_address(
    qtbot: QtBot, demo_session: DeskSession, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    box = CardsBox(None, demo_session)  # type: ignore[arg-type]
    qtbot.addWidget(box)
    box.set_url("http://127.0.0.1:8790/")
    out = tmp_path / "录分卡.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "PDF (*.pdf)"))
    box.print_cards(None)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    for card in box.cards:
        assert card.printed in text

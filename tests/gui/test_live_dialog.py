"""工具 ▸ 现场发布 / Live: the server process started and stopped, the clock, the dispute queue."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.live_phones import phone
from tournament_desk.gui.live_dialog import LiveDialog, lan_addresses, qr_pixmap
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live
from tournament_desk.services.rounds import pair_next_round, round_view


@pytest.mark.slow
def test_the_dialog_starts_and_stops_the_server_in_its_own_process(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    dialog = LiveDialog(None, demo_session)
    qtbot.addWidget(dialog)
    dialog.host, dialog.first_port = "127.0.0.1", 0
    dialog.toggle()
    qtbot.waitUntil(lambda: dialog.port is not None, timeout=20000)
    assert f"http://127.0.0.1:{dialog.port}/" in dialog.status.text() and not dialog.qr.pixmap().isNull()
    assert dialog.process is not None and dialog.process.processId() > 0
    links = dialog.table_links()
    token = live.round_tokens(demo_session.desk, 2)[0].token
    assert len(links) == 6 and links[0].endswith(f"http://127.0.0.1:{dialog.port}/t/{token}")
    dialog.toggle()
    qtbot.waitUntil(lambda: dialog.process is None, timeout=10000)
    assert "not running" in dialog.status.text()


@pytest.mark.slow
def test_clock_buttons_and_the_dispute_queue(
    qtbot: QtBot, demo_session: DeskSession, shown_errors: list[str]
) -> None:
    desk = demo_session.desk
    pair_next_round(desk)
    t = live.round_tokens(desk, 3)[0]
    home, away = phone(desk, t.home), phone(desk, t.away)
    live.submit(desk, t.token, card=home, home_level="Q", away_level="9", nonce="1", version=0)
    live.submit(desk, t.token, card=away, home_level="J", away_level="9", nonce="2", version=1)
    dialog = LiveDialog(None, demo_session)
    qtbot.addWidget(dialog)
    assert dialog.disputes.count() == 1 and "Q : 9" in dialog.disputes.item(0).text()
    dialog.disputes.setCurrentRow(0)
    dialog.levels_edit.setText("Z:9")
    dialog.decide()
    assert shown_errors and "not a level" in shown_errors[-1] and dialog.disputes.count() == 1
    dialog.levels_edit.setText("J：9")
    dialog.decide()
    assert dialog.disputes.count() == 0
    assert round_view(desk, 3).tables[0].home_level == 11
    assert live.marker(desk) == dialog.marker  # the dialog noticed the change and told the pages

    dialog.clock(live.set_clock)
    assert "60:00" in dialog.clock_label.text()
    dialog.done(0)


def test_addresses_and_qr_code(qapp: QApplication) -> None:  # a pixmap needs the application
    assert all(not a.startswith("127.") for a in lan_addresses())
    assert qr_pixmap("http://192.168.1.20:8765/").width() > 100


@pytest.mark.slow
def test_the_printed_port_held_by_another_program_is_said_and_a_chosen_port_says_to_reprint(
    qtbot: QtBot, demo_session: DeskSession
) -> None:
    """Issue 28: the server started without a port comes back on the port the printed codes name; another
    program holding it is a sentence naming the port, and a port the director types starts it, saying the
    paper must be printed again."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        taken = other.getsockname()[1]
        live.note_printed_port(demo_session.desk, f"http://127.0.0.1:{taken}/")
        dialog = LiveDialog(None, demo_session)
        qtbot.addWidget(dialog)
        dialog.host = "127.0.0.1"
        assert dialog.port_box.value() == 0 and dialog.port_box.text() == "automatic"
        dialog.toggle()
        qtbot.waitUntil(lambda: dialog.process is None, timeout=20000)
        assert str(taken) in dialog.status.text() and dialog.port is None, dialog.status.text()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            chosen = probe.getsockname()[1]
        dialog.port_box.setValue(chosen)
        dialog.toggle()
        qtbot.waitUntil(lambda: dialog.port is not None, timeout=20000)
    assert dialog.port == chosen and not dialog.port_box.isEnabled()
    assert (
        f"127.0.0.1:{chosen}/" in dialog.status.text() and str(taken) in dialog.status.text().splitlines()[-1]
    )
    dialog.toggle()
    qtbot.waitUntil(lambda: dialog.process is None, timeout=10000)
    assert dialog.port_box.isEnabled()

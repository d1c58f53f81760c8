"""File ▸ Connect to a server (issue 18): the dialog builds the URL from the server, database and user, opens
the event on a real PostgreSQL server, keeps the password in the keyring (never in the settings), and a wrong
database is one sentence with the dialog left open."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tests.postgres import Cluster
from tournament_desk.gui.app import settings
from tournament_desk.gui.dialogs.server_dialog import SETTINGS_KEY, ServerDialog
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info


@pytest.fixture
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[str, str], str]:
    """The system keyring, in memory (CI machines have none)."""
    kept: dict[tuple[str, str], str] = {}
    fake = types.ModuleType("keyring")
    fake.get_password = lambda service, key: kept.get((service, key))  # type: ignore[attr-defined]
    fake.set_password = lambda service, key, secret: kept.__setitem__((service, key), secret)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "keyring", fake)
    return kept


def test_connecting_to_an_event_on_a_server(
    qapp: QApplication,
    postgres: Cluster,
    memory_keyring: dict[tuple[str, str], str],
    shown_errors: list[str],
    tmp_path: Path,
) -> None:
    url = postgres.fresh_url()
    create_tournament(None, url=url, name="服务器上的比赛").close()
    database = url.rsplit("/", 1)[1]
    opened: list[Desk] = []
    dialog = ServerDialog(None, "Connect", lambda chosen: opened.append(Desk.open(url=chosen)))
    assert dialog.minimumWidth() >= 480
    dialog.host.setText("127.0.0.1")
    dialog.port.setValue(postgres.port)
    dialog.user.setText(postgres.user)
    dialog.database.setText("no_such_event")
    dialog.password.setText("秘密 pass")
    dialog.accept()
    assert len(shown_errors) == 1 and "cannot be reached or refused the login" in shown_errors[0]
    assert dialog.result() != dialog.DialogCode.Accepted and not opened
    dialog.database.setText(database)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted and len(opened) == 1
    try:
        assert event_info(opened[0]).name == "服务器上的比赛"
    finally:
        opened[0].close()
    remembered = str(settings().value(SETTINGS_KEY))
    assert database in remembered and "秘密" not in remembered
    assert list(memory_keyring.values()) == ["秘密 pass"]
    # Next time the dialog fills itself in, the password from the keyring.
    again = ServerDialog(None, "Connect", lambda chosen: None)
    assert again.database.text() == database and again.password.text() == "秘密 pass"
    assert "%E7%A7%98" in again.chosen_url()  # the password is quoted inside the URL

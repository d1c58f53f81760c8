"""File ▸ Connect to a server (issue 18): the dialog builds the URL from the server, database and user, opens
the event on a real PostgreSQL server, keeps the password in the keyring (never in the settings), and a wrong
database is one sentence with the dialog left open."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog

from tests.postgres import Cluster
from tournament_desk.gui import settings
from tournament_desk.gui.dialogs.server_dialog import SETTINGS_KEY, ServerDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


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
    assert shown_errors == [
        f"The server 127.0.0.1:{postgres.port}/no_such_event has no such database: check the database name; "
        "nothing was changed."
    ]
    assert dialog.result() != dialog.DialogCode.Accepted and not opened
    dialog.database.setText(database)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted and len(opened) == 1
    try:
        assert event_info(opened[0]).name == "服务器上的比赛"
    finally:
        opened[0].close()
    remembered = str(settings.store().value(SETTINGS_KEY))
    assert database in remembered and "秘密" not in remembered
    assert list(memory_keyring.values()) == ["秘密 pass"]
    # Next time the dialog fills itself in, the password from the keyring.
    again = ServerDialog(None, "Connect", lambda chosen: None)
    assert again.database.text() == database and again.password.text() == "秘密 pass"
    assert "%E7%A7%98" in again.chosen_url()  # the password is quoted inside the URL


def test_moving_the_open_event_to_a_server_and_back(
    window: MainWindow,
    postgres: Cluster,
    memory_keyring: dict[tuple[str, str], str],
    shown_errors: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "本地.tdesk"
    create_demo(path, entrants=12, units=3, played=2, seed=3).close()
    assert window.open_file(path)
    url = postgres.fresh_url()
    window.findChild(QAction, "file-move-to-server").trigger()
    dialog = window.server_dialog
    dialog.url.setText(url)
    dialog.accept()
    assert shown_errors == []
    assert window.session is not None and window.session.path is None  # now on the server
    standings = window.session.read(current_standings)
    assert window.findChild(QAction, "file-move-to-file").isEnabled()
    back = tmp_path / "回到文件.tdesk"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(back), ""))
    window.findChild(QAction, "file-move-to-file").trigger()
    assert shown_errors == []
    assert window.session is not None and window.session.path == back
    assert window.session.read(current_standings).rows == standings.rows

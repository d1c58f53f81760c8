"""A tournament file or backup holds data, never code (issue 23): one carrying a trigger, a view, a table,
column or index the program does not write, or a column declared otherwise, is refused with one sentence when
it is opened, restored or moved, and is left byte for byte as it was; the event a backup would have replaced
stays as it was. The attack of the issue: a trigger that turns a loss into 20:0 as the result is written."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk, fingerprint
from tests.gui.conftest import window as window  # the window's fixture (request.getfixturevalue)
from tests.storage.test_schema_guard import HOSTILE, tamper
from tournament_desk import i18n
from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.backups import restore_backup
from tournament_desk.services.desk import Desk
from tournament_desk.storage.errors import NotATournament
from tournament_desk.userdata import backup_folder

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

KINDS = ["trigger", "view", "table", "column", "default", "index"]
ATTACK = (
    "CREATE TRIGGER t AFTER UPDATE ON match BEGIN "
    "UPDATE match SET home_vp = 20, away_vp = 0, home_mp = 3, away_mp = 0 WHERE id = new.id; END"
)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def small_event(tdesk: Tdesk, path: Path) -> None:
    """Four teams, round 1 paired (a backup taken before it) and one table played."""
    assert tdesk("new", path, "--name", "防护赛", "--rounds", 3).code == 0
    for name in "甲乙丙丁":
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, 1, 1, "Q", "9").code == 0


def refusal(path: Path, kind: str) -> str:
    return f"'{path}' is not a tournament file this program wrote: {HOSTILE[kind][1]}"


@pytest.mark.parametrize("kind", KINDS)
def test_tdesk_refuses_to_open_it_and_changes_nothing(tdesk: Tdesk, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    tamper(path, HOSTILE[kind][0])
    before = fingerprint(path)  # the file's bytes and its backups
    for command in (["standings"], ["round", 1], ["result", 1, 2, "8", "8"], ["audit", "--verify"]):
        run = tdesk(command[0], path, *command[1:])
        assert run.code == 2 and run.out == "", (command, run.out)
        assert run.err.startswith(refusal(path, kind)), run.err
        assert run.err.strip().endswith("Nothing was opened or changed.") and run.err.count("\n") == 1
    assert fingerprint(path) == before


@pytest.mark.parametrize("kind", KINDS)
def test_the_services_refuse_to_open_it(tdesk: Tdesk, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    tamper(path, HOSTILE[kind][0])
    before = sha(path)
    with pytest.raises(NotATournament) as refused:
        Desk.open(path)
    assert refused.value.exit_code == 2 and str(refused.value).startswith(refusal(path, kind))
    assert sha(path) == before


def test_the_trigger_of_the_issue_is_refused_before_anything_is_written(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "攻击.tdesk"
    small_event(tdesk, path)
    standings = tdesk("standings", path, "--json").json()
    tamper(path, [ATTACK])
    before = fingerprint(path)
    done = subprocess.run(
        [sys.executable, "-m", "tournament_desk.cli", "result", str(path), "1", "2", "9", "Q"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == refusal(path, "trigger") + ". Nothing was opened or changed.\n"
    assert fingerprint(path) == before
    with sqlite3.connect(path) as connection:  # the director's copy, the trigger taken out by hand
        connection.execute("DROP TRIGGER t")
    assert tdesk("standings", path, "--json").json() == standings
    assert tdesk("result", path, 1, 2, "9", "Q").code == 0
    rows = {r["name"]: r for r in tdesk("standings", path, "--json").json()["rows"]}
    assert max(r["vp"] for r in rows.values()) < 20  # no 20:0 anywhere


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_holding_more_than_data_is_not_restored(
    tdesk: Tdesk, tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    backup = next(backup_folder(path).glob("e-before-round-1-*"))
    tamper(backup, HOSTILE[kind][0])
    before, backup_before = fingerprint(path), sha(backup)
    trail = tdesk("audit", path, "--json").json()
    run = tdesk("restore", path, backup, "--reason", "回到开赛前")
    assert run.code == 2 and run.out == ""
    assert run.err.startswith(
        f"The backup '{backup}' is not a tournament file this program wrote: {HOSTILE[kind][1]}"
    ), run.err
    assert run.err.strip().endswith("Nothing was restored.")
    assert fingerprint(path) == before and sha(backup) == backup_before  # no "before-restore" backup either
    assert tdesk("audit", path, "--json").json() == trail
    assert tdesk("round", path, 1).code == 0  # round 1 is still paired: nothing was put back


def test_the_services_refuse_such_a_backup(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    backup = next(backup_folder(path).glob("e-before-round-1-*"))
    tamper(backup, [ATTACK])
    before = sha(path)
    with Desk.open(path) as desk, pytest.raises(BadInput, match="it holds a trigger 't' on table 'match'"):
        restore_backup(desk, backup)
    assert sha(path) == before


@pytest.mark.parametrize("kind", KINDS)
def test_it_is_not_moved_to_a_server(tdesk: Tdesk, tmp_path: Path, kind: str, postgres) -> None:  # type: ignore[no-untyped-def]
    import psycopg

    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    tamper(path, HOSTILE[kind][0])
    before = fingerprint(path)
    url = postgres.fresh_url()
    run = tdesk("move", path, "--to-db", url)
    assert run.code == 2 and run.err.startswith(refusal(path, kind)), run.err
    assert fingerprint(path) == before
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as db:
        assert db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall() == []


def test_it_is_not_moved_to_another_file(tdesk: Tdesk, tmp_path: Path) -> None:
    path, target = tmp_path / "e.tdesk", tmp_path / "copy.tdesk"
    small_event(tdesk, path)
    tamper(path, [ATTACK])
    before = fingerprint(path)
    run = tdesk("move", path, "--to", target)
    assert run.code == 2 and run.err.startswith(refusal(path, "trigger"))
    assert fingerprint(path) == before and not target.exists()


# --- the window: the refusal is the usual one-sentence error dialog ----------------------------------------------
def english_window(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """tests/gui/conftest.py's window; the language it fixes for the process is put back afterwards, so the
    command-line tests that follow in this process read their own."""
    monkeypatch.setattr(i18n, "_override", i18n._override)
    window: MainWindow = request.getfixturevalue("window")
    return window


def test_the_window_refuses_to_open_it_with_the_sentence(
    request: pytest.FixtureRequest, tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = english_window(request, monkeypatch)
    shown: list[str] = []
    monkeypatch.setattr(
        "tournament_desk.gui.window.files.show_error", lambda _parent, text: shown.append(text)
    )
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    tamper(path, [ATTACK])
    before = fingerprint(path)
    assert not window.open_file(path)
    assert shown == [refusal(path, "trigger") + ". Nothing was opened or changed."]
    assert window.stack.currentWidget() is window.start and window.session is None
    assert fingerprint(path) == before


def test_the_window_refuses_to_restore_such_a_backup(
    request: pytest.FixtureRequest, tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tournament_desk.gui import boxes
    from tournament_desk.gui.dialogs.backups_dialog import BackupsDialog

    window = english_window(request, monkeypatch)
    shown: list[str] = []
    monkeypatch.setattr("tournament_desk.gui.session.show_error", lambda _parent, text: shown.append(text))
    monkeypatch.setattr(boxes, "ask", lambda *a, **k: True)
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    backup = next(backup_folder(path).glob("e-before-round-1-*"))
    tamper(backup, [ATTACK])
    assert window.open_file(path)
    before = fingerprint(path)
    window.show_backups()
    dialog = window.backups_dialog
    assert isinstance(dialog, BackupsDialog)
    dialog.table.selectRow(next(i for i, b in enumerate(dialog.backups) if b.path == backup))
    dialog.restore_button.click()
    assert shown == [
        f"The backup '{backup}' is not a tournament file this program wrote: it holds a trigger 't' on table "
        "'match'. Nothing was restored."
    ]
    assert fingerprint(path) == before

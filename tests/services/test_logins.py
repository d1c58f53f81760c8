"""Where a server's password comes from (services/logins.py): libpq's password file, as libpq reads it, and the
keyring entry the window's server dialog writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tournament_desk.services import logins as passwords

URL = "postgresql+psycopg://desk@db.hall:5433/cup"


@pytest.fixture
def pgpass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pgpass"
    monkeypatch.setenv("PGPASSFILE", str(path))
    return path


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("db.hall:5433:cup:desk:secret", True),
        ("*:*:*:desk:secret", True),
        ("db.hall:5432:cup:desk:secret", False),  # another port
        ("db.hall:5433:cup:other:secret", False),
        ("# db.hall:5433:cup:desk:secret", False),
        (r"db.hall:5433:cup:desk:se\:cr\\et", True),  # an escaped colon in the password
        ("db.hall:5433:cup", False),  # not five fields
    ],
)
def test_a_login_is_found_in_the_password_file_as_libpq_finds_it(
    pgpass: Path, line: str, found: bool
) -> None:
    pgpass.write_text(f"{line}\n", encoding="utf-8")
    assert passwords.in_password_file(make_url(URL)) is found


def test_no_password_file_finds_nothing(pgpass: Path) -> None:
    assert not passwords.in_password_file(make_url(URL))


def test_the_default_port_is_matched(pgpass: Path) -> None:
    pgpass.write_text("db.hall:5432:cup:desk:pw\n", encoding="utf-8")
    assert passwords.in_password_file(make_url("postgresql+psycopg://desk@db.hall/cup"))


def test_the_keyring_fills_in_only_what_nothing_else_gives(
    pgpass: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        passwords, "from_keyring", lambda url: asked.append(passwords.keyring_key(url)) or "k:y@"
    )
    completed = make_url(passwords.completed(URL))
    assert completed.password == "k:y@" and asked == ["desk@db.hall:5433/cup"]
    assert passwords.completed("postgresql+psycopg://desk:typed@db.hall:5433/cup").endswith(
        "desk:typed@db.hall:5433/cup"
    )
    pgpass.write_text("*:*:*:*:pw\n", encoding="utf-8")
    assert passwords.completed(URL) == URL  # libpq reads the file itself
    assert passwords.completed("sqlite:///x.tdesk") == "sqlite:///x.tdesk"


def test_the_window_and_tdesk_share_one_keyring_entry() -> None:
    from tournament_desk.gui.dialogs.server_dialog import KEYRING_SERVICE, ServerLogin

    login = ServerLogin("db.hall", 5433, "cup", "desk")
    assert passwords.KEYRING_SERVICE == KEYRING_SERVICE
    assert passwords.keyring_key(make_url(login.url(""))) == login.key


def test_a_password_is_put_into_the_address_escaped() -> None:
    assert make_url(passwords.with_password(URL, "a@b:c/d 门")).password == "a@b:c/d 门"
    assert passwords.carries_password(passwords.with_password(URL, "x"))
    assert not passwords.carries_password(URL) and not passwords.carries_password("not a url")

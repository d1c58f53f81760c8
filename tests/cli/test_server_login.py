"""`tdesk` against a real PostgreSQL server that asks for a password (issue 28): a wrong password, a missing
database or a server that is not there is one sentence naming the server (exit 2, nothing created); the password
comes from PGPASSFILE, the keyring or a prompt, and one written into the address draws a warning about ps."""

from __future__ import annotations

import io
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.postgres import Cluster, required_bin, running_cluster
from tournament_desk.cli import main
from tournament_desk.services import logins as passwords

pytestmark = [pytest.mark.system, pytest.mark.slow]
PASSWORD = "门:票 s3cret"
USER = "desk"


@pytest.fixture(scope="module")
def guarded() -> Iterator[Cluster]:
    """A cluster of this module's own whose user ``desk`` must give its password (scram-sha-256)."""
    bin_dir = required_bin()
    with running_cluster(bin_dir) as cluster:
        admin = f"host=127.0.0.1 port={cluster.port} user={cluster.user} dbname=postgres"
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute(f"CREATE ROLE {USER} LOGIN CREATEDB PASSWORD '{PASSWORD}'")
        hba = cluster.folder / "data" / "pg_hba.conf"
        hba.write_text(
            f"host all {cluster.user} 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n",
            encoding="utf-8",
        )
        subprocess.run([*cluster.as_user, str(bin_dir / "pg_ctl"), "-D", str(cluster.folder / "data"), "reload"],
                       capture_output=True, timeout=60, check=True)  # fmt: skip
        yield cluster


@pytest.fixture
def empty_db(guarded: Cluster) -> str:
    """A new empty database owned by ``desk``; its URL without a password."""
    name = guarded.fresh_url().rsplit("/", 1)[1]
    admin = f"host=127.0.0.1 port={guarded.port} user={guarded.user} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'ALTER DATABASE "{name}" OWNER TO {USER}')
    with psycopg.connect(f"{admin.rsplit(' ', 1)[0]} dbname={name}", autocommit=True) as db:
        db.execute(f"GRANT ALL ON SCHEMA public TO {USER}")
    return f"postgresql+psycopg://{USER}@127.0.0.1:{guarded.port}/{name}"


@pytest.fixture(autouse=True)
def no_password_anywhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """No password file, an empty keyring and no terminal, unless a test puts one there."""
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    stored: dict[str, str] = {}
    monkeypatch.setattr(passwords, "from_keyring", lambda url: stored.get(passwords.keyring_key(url)))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    return stored


def tables_in(guarded: Cluster, url: str) -> int:
    name = url.rsplit("/", 1)[1]
    admin = f"host=127.0.0.1 port={guarded.port} user={guarded.user} dbname={name}"
    with psycopg.connect(admin) as db:
        row = db.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone()
        assert row is not None
        return int(row[0])


def secret(url: str, password: str = PASSWORD) -> str:
    return passwords.with_password(url, password)


def test_a_wrong_password_is_one_sentence_and_creates_nothing(
    guarded: Cluster, empty_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["new", "--db", secret(empty_db, "wrong"), "--name", "杯"])
    err = capsys.readouterr().err.splitlines()
    server = f"127.0.0.1:{guarded.port}/{empty_db.rsplit('/', 1)[1]}"
    assert code == 2 and err[-1] == (
        f"The server {server} refused the login: wrong password or user name (or none given); nothing was changed."
    )
    assert "visible to every user" in err[0] and len(err) == 2
    assert tables_in(guarded, empty_db) == 0


def test_no_password_and_nobody_to_ask_is_the_same_sentence(
    guarded: Cluster, empty_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "--db", empty_db, "--name", "杯"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "refused the login" in line and "OperationalError" not in line
    assert tables_in(guarded, empty_db) == 0


def test_a_missing_database_and_a_silent_port(guarded: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    missing = f"postgresql+psycopg://{guarded.user}@127.0.0.1:{guarded.port}/no_such_cup"
    assert main(["new", "--db", missing, "--name", "杯"]) == 2
    assert capsys.readouterr().err == (
        f"The server 127.0.0.1:{guarded.port}/no_such_cup has no such database: check the database name; nothing "
        "was changed.\n"
    )
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["new", "--db", f"postgresql+psycopg://{USER}@127.0.0.1:{port}/cup", "--name", "杯"]) == 2
    assert capsys.readouterr().err == (
        f"The server 127.0.0.1:{port}/cup cannot be reached: check its address and that it is running; nothing "
        "was changed.\n"
    )


def test_move_to_a_server_with_a_wrong_password(
    guarded: Cluster, empty_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "cup.tdesk"
    assert main(["new", str(event), "--name", "杯"]) == 0
    capsys.readouterr()
    assert main(["move", str(event), "--to-db", secret(empty_db, "wrong")]) == 2
    err = capsys.readouterr().err
    assert "refused the login" in err and "sqlalche.me" not in err and "--to-db" in err
    assert tables_in(guarded, empty_db) == 0


def test_the_password_from_pgpassfile(
    guarded: Cluster, empty_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    pgpass = tmp_path / "pgpass"
    escaped = PASSWORD.replace("\\", "\\\\").replace(":", "\\:")
    pgpass.write_text(f"127.0.0.1:{guarded.port}:*:{USER}:{escaped}\n", encoding="utf-8")
    pgpass.chmod(0o600)  # libpq ignores a password file others may read
    monkeypatch.setenv("PGPASSFILE", str(pgpass))
    assert main(["new", "--db", empty_db, "--name", "杯"]) == 0  # libpq read the file itself
    assert capsys.readouterr().err == "" and tables_in(guarded, empty_db) > 0


def test_the_password_from_the_keyring(
    guarded: Cluster, empty_db: str, no_password_anywhere: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    no_password_anywhere[f"{USER}@127.0.0.1:{guarded.port}/{empty_db.rsplit('/', 1)[1]}"] = PASSWORD
    assert main(["new", "--db", empty_db, "--name", "杯"]) == 0
    assert capsys.readouterr().err == "" and tables_in(guarded, empty_db) > 0


def test_the_password_asked_at_the_terminal(
    guarded: Cluster, empty_db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []
    monkeypatch.setattr("tournament_desk.cli._at_terminal", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt: asked.append(prompt) or PASSWORD)
    assert main(["new", "--db", empty_db, "--name", "杯"]) == 0
    assert asked == [f"Password for 127.0.0.1:{guarded.port}/{empty_db.rsplit('/', 1)[1]}: "]
    assert tables_in(guarded, empty_db) > 0

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.postgres import Cluster
from tournament_desk.cli import main
from tournament_desk.userdata import backup_folder

if TYPE_CHECKING:
    from tournament_desk.services.desk import Desk


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Tdesk:
    """``tdesk`` run in-process on the test's store (tests/conftest.py: ``store``).

    A ``Path`` ending in ``.tdesk`` names an event: on SQLite it is the file; on PostgreSQL each such path
    stands for its own fresh database, passed as ``--db URL`` (rules.md §12), so one test body runs on both.
    """

    def __init__(self, capsys: pytest.CaptureFixture[str], cluster: Cluster | None) -> None:
        self.capsys = capsys
        self.cluster = cluster
        self.urls: dict[Path, str] = {}

    def url(self, path: Path) -> str:
        assert self.cluster is not None
        if path not in self.urls:
            self.urls[path] = self.cluster.fresh_url()
        return self.urls[path]

    def _word(self, arg: object) -> list[str]:
        if self.cluster is not None and isinstance(arg, Path) and arg.suffix == ".tdesk":
            return ["--db", self.url(arg)]
        return [str(arg)]

    def __call__(self, *args: object) -> Run:
        code = main([word for a in args for word in self._word(a)])
        captured = self.capsys.readouterr()
        return Run(code, captured.out, captured.err)

    def open(self, path: Path) -> "Desk":
        from tournament_desk.services.desk import Desk

        return Desk.open(url=self.url(path)) if self.cluster is not None else Desk.open(path)

    def created(self, path: Path) -> bool:
        """Whether anything of an event was written (a file; tables in the database)."""
        if self.cluster is None:
            return path.exists()
        return bool(_pg_rows(self.url(path), "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))

    def fingerprint(self, path: Path) -> str:
        """What 'nothing was written' means: the file and its backups, or every row of the database."""
        if self.cluster is None:
            return fingerprint(path)
        return database_fingerprint(self.url(path))


@pytest.fixture
def tdesk(capsys: pytest.CaptureFixture[str], store: str, request: pytest.FixtureRequest) -> Tdesk:
    return Tdesk(capsys, request.getfixturevalue("postgres") if store == "postgres" else None)


def fingerprint(path: Path) -> str:
    """The file's bytes and its automatic backups: what 'nothing was written' means."""
    h = hashlib.sha256(path.read_bytes() if path.exists() else b"<missing>")
    backups = backup_folder(path)
    if backups.exists():
        for b in sorted(backups.iterdir()):
            h.update(b.name.encode())
    return h.hexdigest()


def _pg_rows(url: str, query: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as db:
        return db.execute(query).fetchall()


def database_fingerprint(url: str) -> str:
    """Every row of every table of a PostgreSQL database, in a stable order."""
    tables = [t for (t,) in _pg_rows(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    h = hashlib.sha256()
    for table in sorted(tables):
        (digest,) = _pg_rows(
            url, f'SELECT md5(string_agg(r::text, chr(10) ORDER BY r::text)) FROM "{table}" r'
        )[0]
        h.update(f"{table}:{digest};".encode())
    return h.hexdigest()

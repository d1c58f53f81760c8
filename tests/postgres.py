"""A throw-away PostgreSQL cluster for the multi-station tests (issue 18): initdb into a temporary folder, pg_ctl
start on a free loopback port (127.0.0.1 only, trust authentication for the local test user), a fresh database
per test, pg_ctl stop at the end. Run as root (CI), the server runs as the ``postgres`` system user, which
PostgreSQL requires.

``dev.py test`` installs PostgreSQL (apt-get) when it is missing and sets TDESK_FULL_SUITE, under which a missing
server fails the tests instead of skipping them.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    which = shutil.which("initdb")
    return Path(which).parent if which else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """A running PostgreSQL server; ``fresh_url()`` creates an empty database and returns its URL."""

    def __init__(self, folder: Path, port: int, as_user: list[str]) -> None:
        self.folder = folder
        self.port = port
        self.as_user = as_user
        self.user = "postgres" if as_user else os.environ.get("USER", "postgres")
        self._names = itertools.count(1)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def fresh_url(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres",
                             autocommit=True) as db:  # fmt: skip
            # FILE_COPY: the template's files copied as they are (fsync is off), not written through the WAL
            # block by block as PostgreSQL 15's default does: about 0.09 s a database instead of 0.14.
            db.execute(f'CREATE DATABASE "{name}" STRATEGY = FILE_COPY')
        return self.url(name)


def _run(cmd: list[str], as_user: list[str]) -> None:
    done = subprocess.run([*as_user, *cmd], capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {done.stderr.strip() or done.stdout.strip()}")


@contextmanager
def running_cluster(bin_dir: Path) -> Iterator[Cluster]:
    """Start a throw-away cluster with the server programs in ``bin_dir``; stop and remove it afterwards.

    Also for the benchmarks (bench/stations.py), outside pytest."""
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    folder = Path(tempfile.mkdtemp(prefix="tdesk-pg-"))
    data = folder / "data"
    if as_user:
        shutil.chown(folder, "postgres")
    port = _free_port()
    _run([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres" if as_user else
          os.environ.get("USER", "postgres"), "-E", "UTF8", "--locale=C.UTF-8"], as_user)  # fmt: skip
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} -c fsync=off"
    _run(
        [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
        as_user,
    )
    try:
        yield Cluster(folder, port, as_user)
    finally:
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], as_user)
        # The server is stopped; its folder (a few hundred databases, ~2 GB of small files after a full run)
        # is removed by a process of its own, so the suite does not wait ~30 s for it at the end.
        # (sh puts rm in the background and returns at once: nothing of this process is left running.)
        subprocess.run(["sh", "-c", 'rm -rf -- "$1" >/dev/null 2>&1 &', "sh", str(folder)], check=False)


def required_bin() -> Path:
    """The server programs' folder; without them a test skips (a quick run) or fails (``dev.py test``, which
    installs them: a missing install step must not pass as a skip)."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        if os.environ.get("TDESK_FULL_SUITE"):
            pytest.fail("PostgreSQL's server is missing, though `dev.py test` installs it")
        pytest.skip(
            "PostgreSQL's server (initdb, pg_ctl) is not installed; `python3 dev.py test` installs it"
        )
    return bin_dir


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    with running_cluster(required_bin()) as cluster:
        yield cluster

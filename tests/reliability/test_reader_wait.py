"""Another program merely reading the tournament file (a SQLite viewer, a copy, a backup tool) keeps a write
from committing. `tdesk` waits for it (`--wait`, 30 s by default) and says what it waits for; when the other
program lets go in time the write goes through, and when it does not, one sentence names the program and the
file is byte for byte as it was (issue 15)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.reliability.test_system_errors import small_event
from tournament_desk.storage.holders import Holder, describe, file_holders

# A reader in another process: a read transaction (SQLite's SHARED lock) held for the given seconds.
READER = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN")
con.execute("SELECT count(*) FROM entrant").fetchone()
print("reading", flush=True)
time.sleep(float(sys.argv[2]))
con.execute("COMMIT")
"""


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[object]:
    started: list[subprocess.Popen[str]] = []

    def start(path: Path, seconds: float) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", READER, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
        )
        started.append(proc)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "reading"
        return proc

    yield start
    for proc in started:
        proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


@pytest.mark.slow
def test_the_program_reading_the_file_is_found(tmp_path: Path, tdesk: Tdesk, reader) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    assert file_holders(path) == []  # this process's own connections are not "another program"
    proc = reader(path, 30)
    found = file_holders(path)
    assert [h.pid for h in found] == [proc.pid]
    assert str(proc.pid) in describe(found)


@pytest.mark.slow
def test_a_write_waits_for_a_reader_that_lets_go(tmp_path: Path, tdesk: Tdesk, reader) -> None:  # type: ignore[no-untyped-def]
    """Before: the write failed after 5 s although the reader let go after 7."""
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    proc = reader(path, 7)
    began = time.monotonic()
    run = tdesk("result", path, 1, 1, "Q", "9")
    waited = time.monotonic() - began
    assert run.code == 0, run.err
    assert proc.wait(timeout=10) == 0
    assert waited > 5  # it did wait for the reader (the result could not commit before)
    assert "python" in run.err and str(proc.pid) in run.err  # "Waiting up to 30 s for python3 (…) …"
    table = next(t for t in tdesk("round", path, 1, "--json").json()["tables"] if t["table"] == 1)
    assert (table["home_level"], table["away_level"]) == ("Q", "9")


@pytest.mark.slow
def test_a_reader_that_does_not_let_go_is_named_and_nothing_changes(
    tmp_path: Path,
    tdesk: Tdesk,
    reader,  # type: ignore[no-untyped-def]
) -> None:
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    before = sha(path)
    proc = reader(path, 60)
    run = tdesk("result", path, 1, 1, "Q", "9", "--wait", 3)
    assert run.code == 1
    *notes, sentence = run.err.strip().splitlines()
    assert len(notes) == 1 and "Waiting up to 3 s" in notes[0]
    assert f"({proc.pid})" in sentence and "did not let go within 3 seconds" in sentence
    assert "damaged" not in run.err and "Unexpected" not in run.err
    proc.kill()
    proc.wait(timeout=10)  # the file is checked once the reader is gone
    assert sha(path) == before


def test_holders_are_described_briefly() -> None:
    holders = [Holder(pid, f"p{pid}") for pid in range(1, 6)]
    assert describe(holders) == "p1 (1), p2 (2), p3 (3) +2"
    assert describe([]) == ""

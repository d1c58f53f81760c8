"""What the system throws at the desk (issue 15) reaches the user as one sentence that says what to do, the
right exit status, and the tournament file byte for byte as it was: a read-only or full disk (real tmpfs
mounts), a file locked by another program, a damaged page, an unwritable backup folder, an export aimed at
the tournament file, an absurd demo size."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def mount(tmp_path: Path) -> Iterator[Path]:
    """A real small filesystem (tmpfs, 2 MB) that the test can fill or make read-only."""
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root on Linux; these probes run in CI, which is root")
    point = tmp_path / "mnt"
    point.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(point)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs: {done.stderr.decode().strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


def small_event(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "系统", "--rounds", 3).code == 0
    for name in "甲乙丙丁":
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("pair", path).code == 0


@pytest.mark.slow
def test_a_read_only_disk(tdesk: Tdesk, mount: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(mount.parent / "data"))
    path = mount / "e.tdesk"
    small_event(tdesk, path)
    before = sha(path)
    subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
    run = tdesk("result", path, 1, 1, "Q", "9")
    assert run.code == 1 and "read-only" in run.err and run.err.count("\n") == 1, run.err
    assert "Unexpected" not in run.err and sha(path) == before


@pytest.mark.slow
def test_a_full_disk(tdesk: Tdesk, mount: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "data"))
    path = mount / "e.tdesk"
    small_event(tdesk, path)
    sheet = tmp_path / "many.csv"
    sheet.write_text(
        "队名,单位,队员\n" + "".join(f"队{i:04d},单位{i},{'张三' * 20}\n" for i in range(4000)), "utf-8"
    )
    filler = mount / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # fill the disk to the last block
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    before = sha(path)
    run = tdesk("entrant", "import", path, sheet)
    assert run.code == 1 and "is full" in run.err and run.err.count("\n") == 1, run.err
    filler.unlink()
    assert sha(path) == before
    assert tdesk("entrant", "list", path, "--json").code == 0  # the file opens as it was


@pytest.mark.slow
def test_a_file_locked_by_another_program(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)
    before = sha(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        write = tdesk("result", path, 1, 1, "Q", "9", "--wait", 1)
        assert write.code == 1 and "in use by another program" in write.err, write.err
        read = tdesk(
            "standings", path, "--wait", 1
        )  # once called "damaged, open a backup": wrong and alarming
        assert read.code == 1 and "in use by another program" in read.err and "damaged" not in read.err
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert sha(path) == before


@pytest.mark.slow
def test_a_damaged_page_is_refused_with_the_backups_to_open(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    small_event(tdesk, path)  # pairing took a backup
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page : 2 * page + 512] = os.urandom(512)  # page 3
    path.write_bytes(bytes(data))
    before = sha(path)
    run = tdesk("standings", path)
    assert run.code == 2 and "damaged" in run.err and "before-round-1" in run.err, run.err
    assert sha(path) == before


@pytest.mark.slow
def test_an_unwritable_backup_folder_does_not_block_pairing(
    tdesk: Tdesk, mount: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TDESK_DATA_DIR", str(mount))
    path = tmp_path / "e.tdesk"
    assert tdesk("new", path, "--name", "备份", "--rounds", 2).code == 0
    for name in "甲乙":
        tdesk("entrant", "add", path, name)
    subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
    run = tdesk("pair", path)
    assert run.code == 0 and "No backup could be written" in run.out, run.out + run.err


@pytest.mark.slow
def test_an_export_never_overwrites_the_tournament_file(tdesk: Tdesk, tmp_path: Path) -> None:
    """A tournament file can have any name: one saved as 金秋杯.xlsx is not overwritten by its own export."""
    path = tmp_path / "金秋杯.xlsx"
    small_event(tdesk, path)
    other = tmp_path / "另一场.xlsx"
    shutil.copy(path, other)
    before = sha(path), sha(other)
    for target in (path, other):
        run = tdesk("export", path, "all", "-o", target)
        assert run.code == 2 and "is a tournament file" in run.err, run.err
    assert (sha(path), sha(other)) == before


@pytest.mark.slow
def test_an_absurd_demo_size_is_one_sentence(tdesk: Tdesk, tmp_path: Path) -> None:
    run = tdesk("demo", tmp_path / "d.tdesk", "--entrants", "99999999999999999999")
    assert run.code == 2 and "at most 10000 entrants" in run.err and not (tmp_path / "d.tdesk").exists()

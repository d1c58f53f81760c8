"""An export to a full or read-only disk (issue 28): one sentence naming the file, and no partial file left.

On real filesystems: a tiny tmpfs filled to ENOSPC and a tmpfs mounted read-only (root can mount here; where it
cannot, those two are skipped and the monkeypatched ENOSPC below still runs)."""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_desk.cli import main
from tournament_desk.services.demo import create_demo
from tournament_desk.services.output.disk import disk_trouble
from tournament_desk.services.output.export import write
from tournament_desk.storage.errors import FileTrouble


def test_a_full_disk_while_building_leaves_nothing_and_says_so(tmp_path: Path) -> None:
    def fill(path: Path) -> None:
        path.write_bytes(b"x" * 1000)
        raise OSError(errno.ENOSPC, "No space left on device")  # simulated: the real disk is below

    with pytest.raises(FileTrouble) as caught:
        write({tmp_path / "standings.xlsx": fill})
    assert str(caught.value) == (
        f"The disk is full: nothing was written to '{tmp_path / 'standings.xlsx'}'. Free some space, or choose "
        "another disk, and try again."
    )
    assert list(tmp_path.iterdir()) == []


def test_other_os_errors_are_left_to_the_caller() -> None:
    assert disk_trouble(OSError(errno.EIO, "I/O error"), Path("x.pdf")) is None
    assert disk_trouble(ValueError("no"), Path("x.pdf")) is None
    read_only = disk_trouble(OSError(errno.EROFS, "Read-only file system"), Path("x.pdf"))
    assert read_only is not None and "read-only: nothing was written to 'x.pdf'" in str(read_only)


def _mount(folder: Path, options: str) -> None:
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True, timeout=30, check=False)  # fmt: skip
    if done.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.decode(errors='replace').strip()})")


@pytest.fixture
def disks(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A 64 KB disk (``full``) and a read-only one (``read_only``), unmounted afterwards."""
    full, read_only = tmp_path / "full", tmp_path / "ro"
    _mount(full, "size=64k")
    try:
        _mount(read_only, "ro,size=64k")
    except BaseException:
        subprocess.run(["umount", str(full)], check=False, timeout=30)
        raise
    try:
        yield full, read_only
    finally:
        for folder in (full, read_only):
            subprocess.run(["umount", str(folder)], check=False, timeout=30)


@pytest.mark.system
@pytest.mark.slow
def test_tdesk_export_to_a_full_and_a_read_only_disk(
    tmp_path: Path, disks: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    full, read_only = disks
    event = tmp_path / "demo.tdesk"
    create_demo(event).close()
    with (full / "ballast").open("wb", buffering=0) as ballast:  # filled to the last byte
        with pytest.raises(OSError) as filled:
            # Bounded: a mount that did not limit the size would otherwise fill the machine's own disk.
            for _ in range(64):  # 256 KB, four times the disk
                ballast.write(b"x" * 4096)
            pytest.fail("the 64 KB disk took 256 KB: the mount does not limit its size")
        assert filled.value.errno == errno.ENOSPC
    target = full / "standings.xlsx"
    assert main(["export", str(event), "standings", "-o", str(target)]) == 1
    assert capsys.readouterr().err == (
        f"The disk is full: nothing was written to '{target}'. Free some space, or choose another disk, and try "
        "again.\n"
    )
    assert sorted(p.name for p in full.iterdir()) == ["ballast"]
    target = read_only / "standings.pdf"
    assert main(["export", str(event), "standings", "-o", str(target)]) == 1
    assert capsys.readouterr().err == (
        f"The disk or folder is read-only: nothing was written to '{target}'. Choose a folder you can write to.\n"
    )
    assert list(read_only.iterdir()) == []

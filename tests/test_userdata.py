"""Where the director's things go (tournament_desk/userdata.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from platformdirs import PlatformDirs

from tournament_desk import userdata


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


def test_tdesk_data_dir_puts_everything_under_one_folder(data_dir: Path) -> None:
    assert userdata.data_dir() == data_dir
    assert userdata.backups_dir() == data_dir / "backups"
    assert userdata.crash_log() == data_dir / "logs" / "crash.log"
    assert userdata.settings_file() == data_dir / "settings.ini"
    assert not (data_dir / "tournaments").exists()
    assert userdata.tournaments_dir() == data_dir / "tournaments" and (data_dir / "tournaments").is_dir()


def test_without_it_the_platform_places(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TDESK_DATA_DIR", raising=False)
    dirs = PlatformDirs(userdata.APP_DIR_NAME, appauthor=False)
    assert userdata.data_dir() == Path(dirs.user_data_dir)
    assert userdata.backups_dir() == Path(dirs.user_data_dir) / "backups"
    assert userdata.crash_log() == Path(dirs.user_log_dir) / "crash.log"
    assert userdata.settings_file() is None  # Qt's own place (QSettings)
    folder = userdata.tournaments_dir(create=False)  # not made: this is the real documents folder
    assert folder == Path(dirs.user_documents_dir) / "Tournament Desk"


def test_each_tournament_file_has_its_own_backup_folder(data_dir: Path, tmp_path: Path) -> None:
    one, other = tmp_path / "a" / "金秋杯.tdesk", tmp_path / "b" / "金秋杯.tdesk"
    folder = userdata.backup_folder(one)
    assert folder.parent == data_dir / "backups"
    assert re.fullmatch(r"金秋杯-[0-9a-f]{8}", folder.name)
    assert userdata.backup_folder(other) != folder  # same name, another folder: kept apart
    assert userdata.backup_folder(tmp_path / "a" / ".." / "a" / "金秋杯.tdesk") == folder
    assert not folder.exists()  # made by the first backup, not by asking


def test_new_file_names_are_clean_and_free(tmp_path: Path) -> None:
    assert userdata.new_file_in(tmp_path, "2026 金秋杯") == tmp_path / "2026 金秋杯.tdesk"
    assert userdata.new_file_in(tmp_path, 'A/B: "C"?') == tmp_path / "A B C.tdesk"
    assert userdata.new_file_in(tmp_path, " ... ") == tmp_path / "tournament.tdesk"
    (tmp_path / "金秋杯.tdesk").touch()
    (tmp_path / "金秋杯-2.tdesk").touch()
    assert userdata.new_file_in(tmp_path, "金秋杯") == tmp_path / "金秋杯-3.tdesk"

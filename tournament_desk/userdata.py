"""Where Tournament Desk keeps the director's things, in each platform's proper place (platformdirs).

=====================  ==========================================  =============================================
what                   Linux                                       Windows / macOS
=====================  ==========================================  =============================================
new tournaments        ~/Documents/Tournament Desk                 Documents\\Tournament Desk
automatic backups      ~/.local/share/tournament-desk/backups      %LOCALAPPDATA%\\Tournament Desk\\backups /
                                                                   ~/Library/Application Support/Tournament Desk
crash log              ~/.local/state/tournament-desk/log          %LOCALAPPDATA%\\Tournament Desk\\Logs /
                                                                   ~/Library/Logs/Tournament Desk
=====================  ==========================================  =============================================

Settings and recent files are Qt's ``QSettings`` (gui/app.py), which already uses the platform's place.
``TDESK_DATA_DIR`` puts all of it (settings included) under one folder instead: a portable install on a
USB stick, the self-test, and the test suite, which must never touch the director's real folders.

This module imports nothing of ours, so any layer (storage for its backups, the GUI for its dialogs) may use it.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

from platformdirs import PlatformDirs

ENV = "TDESK_DATA_DIR"
DISPLAY_NAME = "Tournament Desk"
# Linux folders are lower-case without spaces by custom; Windows and macOS show the application's name.
APP_DIR_NAME = "tournament-desk" if sys.platform.startswith("linux") else DISPLAY_NAME


def override() -> Path | None:
    """The folder ``TDESK_DATA_DIR`` names, if set: everything goes below it."""
    value = os.environ.get(ENV)
    return Path(value).expanduser() if value else None


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP_DIR_NAME, appauthor=False)


def data_dir() -> Path:
    root = override()
    return root if root is not None else Path(_dirs().user_data_dir)


def backups_dir() -> Path:
    """All automatic backups, one subfolder per tournament file."""
    return data_dir() / "backups"


def backup_folder(tournament: Path) -> Path:
    """The backups of one tournament file: its name plus a short hash of its absolute path.

    The hash keeps two ``金秋杯.tdesk`` in different folders apart; the name lets a director find theirs.
    The folder is not created here; whoever writes the first backup does that.
    """
    absolute = str(Path(tournament).expanduser().resolve())
    digest = hashlib.sha256(absolute.encode("utf-8")).hexdigest()[:8]
    return backups_dir() / f"{Path(tournament).stem}-{digest}"


def log_dir() -> Path:
    root = override()
    return root / "logs" if root is not None else Path(_dirs().user_log_dir)


def crash_log() -> Path:
    return log_dir() / "crash.log"


def settings_file() -> Path | None:
    """An ini file for the settings under ``TDESK_DATA_DIR``; None means Qt's own place for them."""
    root = override()
    return root / "settings.ini" if root is not None else None


def tournaments_dir(*, create: bool = True) -> Path:
    """The default folder for new tournaments (the documents folder's ``Tournament Desk``), made on demand."""
    root = override()
    folder = root / "tournaments" if root is not None else Path(_dirs().user_documents_dir) / DISPLAY_NAME
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


_NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def new_file_in(folder: Path, name: str, suffix: str = ".tdesk") -> Path:
    """A file in ``folder`` named after ``name`` (characters no file system takes removed) that does not
    exist yet: ``金秋杯.tdesk``, else ``金秋杯-2.tdesk``, ``金秋杯-3.tdesk``, …"""
    stem = " ".join(_NOT_IN_FILE_NAMES.sub(" ", name).split()).strip(" .") or "tournament"
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate

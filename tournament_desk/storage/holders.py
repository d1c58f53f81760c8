"""Which other programs have a tournament file open: the name the director needs when the file is in use.

SQLite cannot say who holds its lock, but the operating system knows who has the file open: on Linux the
``/proc/*/fd`` links, on Windows the Restart Manager (what Explorer asks before it says "the file is open in
…"), elsewhere ``lsof`` when it is installed. Every look is best effort and bounded: an empty list means
"could not tell", never an error.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

LOOK_SECONDS = 0.5  # the longest a look may take (a /proc scan of a busy machine, lsof)


@dataclass(frozen=True)
class Holder:
    pid: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} ({self.pid})"


def file_holders(path: Path) -> list[Holder]:
    """The other processes that have ``path`` (or its journal) open, best effort, this process left out."""
    try:
        if sys.platform.startswith("linux"):
            found = _proc_holders(path)
        elif sys.platform == "win32":
            found = _restart_manager_holders(path)
        else:
            found = _lsof_holders(path)
    except (OSError, ValueError, subprocess.SubprocessError):
        return []
    return sorted({h for h in found if h.pid != os.getpid()}, key=lambda h: h.pid)


def _proc_holders(path: Path) -> list[Holder]:
    targets = {str(path.resolve()), str(path.resolve()) + "-journal"}
    deadline = time.monotonic() + LOOK_SECONDS
    found: list[Holder] = []
    with os.scandir("/proc") as processes:
        for entry in processes:
            if time.monotonic() > deadline:
                break
            if entry.name.isdigit() and _holds(entry.name, targets):
                found.append(Holder(int(entry.name), _proc_name(entry.name)))
    return found


def _holds(pid: str, targets: set[str]) -> bool:
    try:
        with os.scandir(f"/proc/{pid}/fd") as fds:
            for fd in fds:
                try:
                    if os.readlink(fd.path) in targets:
                        return True
                except OSError:
                    continue
    except OSError:
        pass  # gone, or another user's process
    return False


def _proc_name(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            argv = [a for a in fh.read().split(b"\0") if a]
    except OSError:
        return "?"
    if not argv:
        return "?"
    # "python3 /usr/bin/sqlitebrowser …": the script names the program better than the interpreter.
    words = [Path(a.decode(errors="replace")).name for a in argv[:2]]
    if len(words) > 1 and words[0].startswith("python") and not words[1].startswith("-"):
        return words[1]
    return words[0]


def _lsof_holders(path: Path) -> list[Holder]:
    lsof = shutil.which("lsof")
    if lsof is None:
        return []
    out = subprocess.run(
        [lsof, "-F", "pc", "--", str(path)], capture_output=True, text=True, timeout=LOOK_SECONDS, check=False
    ).stdout
    found: list[Holder] = []
    pid: int | None = None
    for line in out.splitlines():
        if line.startswith("p"):
            pid = int(line[1:])
        elif line.startswith("c") and pid is not None:
            found.append(Holder(pid, line[1:]))
    return found


def _restart_manager_holders(path: Path) -> list[Holder]:  # pragma: no cover - Windows only
    import ctypes
    from ctypes import wintypes

    class UniqueProcess(ctypes.Structure):
        _fields_ = [("dwProcessId", wintypes.DWORD), ("ProcessStartTime", wintypes.FILETIME)]

    class ProcessInfo(ctypes.Structure):
        _fields_ = [
            ("Process", UniqueProcess),
            ("strAppName", wintypes.WCHAR * 256),
            ("strServiceShortName", wintypes.WCHAR * 64),
            ("ApplicationType", wintypes.DWORD),
            ("AppStatus", wintypes.ULONG),
            ("TSSessionId", wintypes.DWORD),
            ("bRestartable", wintypes.BOOL),
        ]

    rm = ctypes.WinDLL("rstrtmgr")  # type: ignore[attr-defined]
    session = wintypes.DWORD()
    key = ctypes.create_unicode_buffer(64)
    if rm.RmStartSession(ctypes.byref(session), 0, key) != 0:
        return []
    try:
        files = (wintypes.LPCWSTR * 1)(str(path))
        if rm.RmRegisterResources(session, 1, files, 0, None, 0, None) != 0:
            return []
        needed, count, reasons = wintypes.UINT(0), wintypes.UINT(0), wintypes.DWORD()
        rm.RmGetList(session, ctypes.byref(needed), ctypes.byref(count), None, ctypes.byref(reasons))
        if needed.value == 0:
            return []
        infos = (ProcessInfo * needed.value)()
        count = wintypes.UINT(needed.value)
        if (
            rm.RmGetList(session, ctypes.byref(needed), ctypes.byref(count), infos, ctypes.byref(reasons))
            != 0
        ):
            return []
        return [Holder(int(i.Process.dwProcessId), i.strAppName) for i in infos[: count.value]]
    finally:
        rm.RmEndSession(session)


def describe(holders: list[Holder]) -> str:
    """E.g. "sqlitebrowser (4711), backup.exe (912)": at most three, then how many more."""
    shown = ", ".join(str(h) for h in holders[:3])
    more = len(holders) - 3
    return f"{shown} +{more}" if more > 0 else shown

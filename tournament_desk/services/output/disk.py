"""A disk that stops an export (full, read-only, not ours to write) as one sentence: nothing was written.

Every export is built in hidden temporary files and moved into place only when all are complete, so the
sentence can say that nothing was written; the temporary files are removed by the writer before it is said.
"""

from __future__ import annotations

import errno
import gc
import sys
import traceback
from pathlib import Path
from typing import Any

from tournament_desk.domain.errors import TournamentError
from tournament_desk.storage.errors import FileTrouble

FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}
READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}


def disk_trouble(exc: BaseException, target: Path) -> TournamentError | None:
    """The sentence for an OSError that stopped writing ``target`` (None: not a disk's doing)."""
    if not isinstance(exc, OSError):
        return None
    if exc.errno in FULL:
        return FileTrouble(
            "The disk is full: nothing was written to '{path}'. Free some space, or choose another disk, and try "
            "again.",
            path=str(target),
        )
    if exc.errno in READ_ONLY or isinstance(exc, PermissionError):
        return FileTrouble(
            "The disk or folder is read-only: nothing was written to '{path}'. Choose a folder you can write to.",
            path=str(target),
        )
    return None


def drop_writers(exc: BaseException) -> None:
    """Close what the failed build left open (openpyxl leaves its ZipFile open when a write fails) now, quietly.

    Its close tries to flush into the same full disk and fails again; left to the garbage collector, that would
    print "Exception ignored in: ZipFile.__del__" and a traceback after the sentence. The failure is the one
    already being reported, so it is dropped here: the frames of the traceback let go of the writer."""
    previous = sys.unraisablehook

    def quiet(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, OSError):
            previous(unraisable)

    sys.unraisablehook = quiet
    try:
        if exc.__traceback__ is not None:
            traceback.clear_frames(exc.__traceback__)
        gc.collect()
    finally:
        sys.unraisablehook = previous

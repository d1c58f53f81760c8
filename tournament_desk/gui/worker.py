"""Pairing in a separate process: the matching holds the GIL, and the window must never freeze.

The child opens the same tournament file, pairs the next round as a draft (one transaction, backup first)
and sends back the plain ``RoundView`` or the refusal as a sentence already in the user's language.
The GUI process then simply re-reads the file.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tournament_desk import i18n
from tournament_desk.domain.errors import TournamentError
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import RoundView, pair_next_round


def pair_in_child(path: str, station: str, language: str) -> RoundView | str:
    i18n.set_language(language)
    try:
        with Desk.open(Path(path), station=station) as desk:
            return pair_next_round(desk, publish=False)
    except TournamentError as exc:
        return i18n.render(exc)


class PairingWorker(QObject):
    """Runs one pairing at a time in a child process and reports back on the GUI thread."""

    finished = Signal(object)  # RoundView, or str: the refusal to show

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: ProcessPoolExecutor | None = None

    def start(self, path: Path, station: str) -> None:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        future = self._pool.submit(pair_in_child, str(path), station, i18n.language())
        # The callback runs on an executor thread; a signal emitted there is queued to the GUI thread.
        future.add_done_callback(self._done)

    def _done(self, future: Future[RoundView | str]) -> None:
        if self._pool is None or future.cancelled():
            return  # shut down meanwhile: the page (and maybe this object) is gone, nobody is waiting
        try:
            self.finished.emit(future.result())
        except Exception as exc:  # a crashed child: report it as a sentence rather than hang the page
            self.finished.emit(f"{type(exc).__name__}: {exc}")

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

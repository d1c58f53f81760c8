"""Pairing in a separate process: the matching holds the GIL, and the window must never freeze.

The child opens the same tournament (the file, or the database on the server by its URL), pairs the next
round as a draft (one transaction, backup first) and sends back the plain ``RoundView`` or the refusal as a
sentence already in the user's language. The GUI process then simply re-reads the event.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tournament_desk import i18n
from tournament_desk.domain.errors import TournamentError
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import RoundView, pair_next_round


@dataclass(frozen=True)
class Refusal:
    """Pairing was refused: the sentence, and whether it may pass in a moment (``TournamentError.transient``)."""

    text: str
    transient: bool = False

    def __str__(self) -> str:
        return self.text


def pair_in_child(where: str, station: str, language: str, *, url: bool = False) -> RoundView | Refusal:
    """``where``: the tournament file, or (``url``) the server database's URL."""
    i18n.set_language(language)
    try:
        desk = Desk.open(url=where, station=station) if url else Desk.open(Path(where), station=station)
        with desk:
            return pair_next_round(desk, publish=False)
    except TournamentError as exc:
        return Refusal(i18n.render(exc), exc.transient)


class PairingWorker(QObject):
    """Runs one pairing at a time in a child process and reports back on the GUI thread."""

    finished = Signal(object)  # RoundView, or Refusal: the refusal to show

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: ProcessPoolExecutor | None = None

    def start(self, where: Path | str, station: str) -> None:
        """Pair the event in the file at ``where`` (a Path) or in the server database at ``where`` (a URL)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        url = not isinstance(where, Path)
        future = self._pool.submit(pair_in_child, str(where), station, i18n.language(), url=url)
        # The callback runs on an executor thread; a signal emitted there is queued to the GUI thread.
        future.add_done_callback(self._done)

    def _done(self, future: Future[RoundView | Refusal]) -> None:
        if self._pool is None or future.cancelled():
            return  # shut down meanwhile: the page (and maybe this object) is gone, nobody is waiting
        try:
            self.finished.emit(future.result())
        except Exception as exc:  # a crashed child: report it as a sentence rather than hang the page
            self.finished.emit(Refusal(f"{type(exc).__name__}: {exc}"))

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

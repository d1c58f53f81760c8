"""Print / Export ▸ pictures to share (issue 30): the standings (or another list) as a phone-shaped image on the
clipboard, to paste into the players' WeChat group, or saved as PNG (``services.output.pictures``).

While the LAN server runs, the picture's QR code opens its live page there (``live_url``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog

from tournament_desk.gui import printing
from tournament_desk.gui.clipboard_picture import put_on_clipboard
from tournament_desk.gui.window.base import WindowBase
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.output.export import BRACKET
from tournament_desk.services.output.pictures import (
    CARD,
    ROUND_KINDS,
    STANDINGS,
    Picture,
    export_pictures,
    pictures,
)
from tournament_desk.services.rounds import last_paired_round


class PictureActions(WindowBase):
    """Copy as picture / Save picture…: a list as the image players read on their phones."""

    def picture_kinds(self) -> dict[str, str]:
        """The pictures this event makes, with their names in the director's language."""
        kinds = {
            STANDINGS: self.tr("Standings"),
            "ranking": self.tr("Final ranking"),
            "pairings": self.tr("Find your table (a round)"),
            "results": self.tr("Results of a round"),
            BRACKET: self.tr("Knockout bracket"),
            CARD: self.tr("An entrant's card"),
        }
        if self.session is None or BRACKET not in printing.format_reports(self.session):
            del kinds[BRACKET]
        return kinds

    def ask_picture(self) -> tuple[str, int | None, str | None] | None:
        """Which picture (and round, or entrant) to make; None when the director cancels (tests replace this)."""
        assert self.session is not None
        kinds = self.picture_kinds()
        label, ok = QInputDialog.getItem(
            self, self.tr("Picture to share"), self.tr("Which list?"), list(kinds.values()), 0, False
        )
        if not ok:
            return None
        kind = next(k for k, v in kinds.items() if v == label)
        round_no: int | None = None
        entrant: str | None = None
        last = self.session.read(last_paired_round)
        if kind in ROUND_KINDS and last > 1:
            round_no, ok = QInputDialog.getInt(self, self.tr("Which round?"), self.tr("Round"), last, 1, last)
            if not ok:
                return None
        if kind == CARD:
            names = [e.name for e in self.session.read(list_entrants)]
            entrant, ok = QInputDialog.getItem(
                self, self.tr("Whose card?"), self.tr("Entrant"), names, 0, False
            )
            if not ok:
                return None
        return kind, round_no, entrant

    def first_picture(self, kind: str, round_no: int | None, entrant: str | None) -> list[Picture]:
        """The first picture of the list (it says how many there are): the clipboard holds one."""
        assert self.session is not None
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            made = self.session.run(
                self, pictures, kind, round_no=round_no, entrant=entrant, url=self.live_url(), first_only=True
            )
        finally:
            self.unsetCursor()
        return made or []

    def copy_standings_picture(self) -> QImage | None:
        """One click: the standings as a picture on the clipboard."""
        return self.copy_picture((STANDINGS, None, None))

    def copy_picture(self, asked: tuple[str, int | None, str | None] | None = None) -> QImage | None:
        """Put the picture on the clipboard (a list split in several: the first; saving writes them all)."""
        if self.session is None:
            return None
        asked = asked or self.ask_picture()
        if asked is None:
            return None
        made = self.first_picture(*asked)
        if not made:
            return None
        return put_on_clipboard(self, made[0], self.tr("Save picture…"))

    def choose_picture_file(self, kind: str) -> Path | None:
        """Where to save the picture (tests replace this); None when the director cancels."""
        assert self.session is not None
        folder = self.session.path.parent if self.session.path else Path.home()
        stem = self.session.path.stem if self.session.path else "tournament"
        default = folder / f"{stem} {self.picture_kinds().get(kind, kind)}.png"
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save picture"), str(default), "*.png")
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == ".png" else path.with_name(path.name + ".png")

    def save_picture(self, asked: tuple[str, int | None, str | None] | None = None) -> list[Path]:
        """Save the picture as PNG (a long list: NAME-1.png, NAME-2.png…); the files written."""
        if self.session is None:
            return []
        asked = asked or self.ask_picture()
        if asked is None:
            return []
        kind, round_no, entrant = asked
        out = self.choose_picture_file(kind)
        if out is None:
            return []
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            written = self.session.run(
                self, export_pictures, kind, out, round_no=round_no, entrant=entrant, url=self.live_url()
            )
        finally:
            self.unsetCursor()
        if written:
            self.statusBar().showMessage(
                self.tr("Saved {files}").format(files=", ".join(p.name for p in written)), 10_000
            )
        return written or []

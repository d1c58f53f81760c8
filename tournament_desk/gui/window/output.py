"""The main window's printing and exporting: which round, where to save, the final ranking's warning."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QInputDialog

from tournament_desk.gui import boxes, printing
from tournament_desk.gui.window.base import WindowBase
from tournament_desk.services.event import event_info
from tournament_desk.services.output.printing import export_for_tables
from tournament_desk.services.rounds import last_paired_round
from tournament_desk.services.standings import last_complete


class OutputActions(WindowBase):
    """Print / Export: each report saved as a file or sent to a printer."""

    def output_name(self, what: str, round_no: int | None) -> str:
        """A default file name in the director's language that says what and which round: 第2轮对阵表."""
        assert self.session is not None
        if what in ("pairings", "scoresheets"):
            n = round_no if round_no is not None else self.session.read(last_paired_round)
            text = self.tr("Round {n} pairings") if what == "pairings" else self.tr("Round {n} scoresheets")
            return text.format(n=n)
        after = self.session.read(last_complete)
        names = {
            "standings": (self.tr("Standings"), self.tr("Standings after round {n}")),
            "ranking": (self.tr("Final ranking"), self.tr("Final ranking")),
            "crosstable": (self.tr("Cross-table"), self.tr("Cross-table after round {n}")),
            "certificates": (self.tr("Certificates"), self.tr("Certificates")),
            "bracket": (self.tr("Knockout bracket"), self.tr("Knockout bracket")),
            "all": (self.tr("Whole event"), self.tr("Whole event after round {n}")),
        }
        before_any, after_round = names.get(what, (what, what))
        return (after_round if after else before_any).format(n=after)

    def choose_output(self, what: str, suffix: str, round_no: int | None = None) -> Path | None:
        """Ask where to save (tests replace this); None when the director cancels."""
        assert self.session is not None
        folder = self.session.path.parent if self.session.path else Path.home()
        stem = self.session.path.stem if self.session.path else "tournament"
        default = folder / f"{stem} {self.output_name(what, round_no)}{suffix}"
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save as"), str(default), f"*{suffix}")
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)

    def ask_round(self, what: str) -> int | None:
        """Which round to print: by default the last one paired (tests replace this)."""
        assert self.session is not None
        last = self.session.read(last_paired_round)
        if what not in ("pairings", "scoresheets") or last <= 1:
            return None
        number, ok = QInputDialog.getInt(self, self.tr("Which round?"), self.tr("Round"), last, 1, last)
        return number if ok else -1

    def final_ok(self, what: str) -> bool:
        """The final ranking and certificates printed mid-event are never an accident (tests replace this)."""
        if what not in ("ranking", "certificates") or self.session is None:
            return True
        planned = self.session.read(event_info).rounds_planned
        done = self.session.read(last_complete)
        if planned is not None and done >= planned:
            return True
        text = (
            self.tr(
                "Only {done} of {planned} rounds have all their results: this is not yet the final ranking."
            )
            if planned is not None
            else self.tr("Only {done} rounds have all their results: this is not yet the final ranking.")
        )
        return boxes.ask(
            self, self.tr("The event is not over"), text.format(done=done, planned=planned) + "\n" + self.tr("Print it anyway?")
        )  # fmt: skip

    def export_report(self, what: str, suffix: str) -> list[Path]:
        if self.session is None:
            return []
        round_no = self.ask_round(what)
        if round_no == -1 or not self.final_ok(what):
            return []
        options = printing.ask_options(self, self.session, what)  # the certificates' places and organiser
        if options is None:
            return []
        out = self.choose_output(what, suffix, round_no)
        if out is None:
            return []
        self.setCursor(Qt.CursorShape.WaitCursor)
        try:
            written = self.session.run(
                self, export_for_tables, what, out, round_no=round_no, live_url=self.live_url(), **options
            )
        finally:
            self.unsetCursor()
        if not written:
            return []
        self.statusBar().showMessage(
            self.tr("Saved {files}").format(files=", ".join(p.name for p in written)), 10_000
        )
        self.saved_box = boxes.offer(
            self,
            self.tr("Saved"),
            self.tr("Saved {files}").format(files="\n".join(str(p) for p in written)),
            self.tr("Open"),
            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(written[0]))),
        )
        return written

    def print_report(self) -> int:
        """Print a report straight to a printer (gui/printing.py), asked like saving it; pages printed."""
        if self.session is None:
            return 0
        what = printing.ask_report(self, self.session, self.last_printed)
        if what is None:
            return 0
        self.last_printed = what
        if not printing.printers():
            if printing.offer_pdf_instead(self):
                self.export_report(what, ".pdf")
            return 0
        round_no = self.ask_round(what)
        if round_no == -1 or not self.final_ok(what):
            return 0
        options = printing.ask_options(self, self.session, what)  # the certificates' places and organiser
        if options is None:
            return 0
        return printing.print_report(
            self, self.session, what, round_no, self.output_name(what, round_no), self.live_url(), options
        )

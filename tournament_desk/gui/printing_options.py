"""What the window asks before printing or saving a report that has choices: the certificates' places and
their organiser line (主办单位), as ``tdesk export certificates --top N --organiser TEXT`` takes them.

The places default to the event's format's (8; a knockout's 3; a Mitchell movement's 3 in each direction) and
go up to the number of entrants. The organiser line is asked at print time and remembered for the next print
(the window's settings), so reprinting a certificate never means typing it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui import settings
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.documents import certificate_places
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.output.export import ORGANISER_MAX

ORGANISER_KEY = "certificates/organiser"


@dataclass(frozen=True)
class CertificateChoice:
    top: int
    organiser: str | None

    def options(self) -> dict[str, object]:
        """As ``services.output.export`` takes them."""
        return {"top": self.top, "organiser": self.organiser}


class CertificatesDialog(QDialog):
    def __init__(self, parent: QWidget | None, default: int, most: int, organiser: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Certificates"))
        self.places = QSpinBox()
        self.places.setRange(1, max(most, 1))
        self.places.setValue(min(max(default, 1), max(most, 1)))
        self.places.setToolTip(self.tr("Shared places all get theirs: two teams sharing 8th both get one."))
        self.organiser = QLineEdit(organiser)
        self.organiser.setMaxLength(ORGANISER_MAX)
        self.organiser.setPlaceholderText(self.tr("Optional: printed at the foot of every certificate"))
        self.organiser.setMinimumWidth(
            self.organiser.fontMetrics().horizontalAdvance(self.organiser.placeholderText()) + 40
        )
        form = QFormLayout()
        form.addRow(self.tr("Certificates for places 1 to:"), self.places)
        form.addRow(self.tr("Organiser (主办单位):"), self.organiser)
        note = QLabel(self.tr("The event has {count} entrants.").format(count=most))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.places.setFocus()
        self.places.selectAll()

    def choice(self) -> CertificateChoice:
        return CertificateChoice(self.places.value(), self.organiser.text().strip() or None)


def certificates_dialog(parent: QWidget | None, session: DeskSession) -> CertificatesDialog:
    """The dialog for this event: its format's places, its entrants, the organiser given last time."""
    remembered = settings.store().value(ORGANISER_KEY, "")
    entrants = len(session.read(list_entrants))
    return CertificatesDialog(parent, session.read(certificate_places), entrants, str(remembered or ""))


def ask_certificates(parent: QWidget | None, session: DeskSession) -> CertificateChoice | None:
    """Ask the places and the organiser line; None when the director cancels."""
    dialog = certificates_dialog(parent, session)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        choice = dialog.choice()
        remember(choice)
        return choice
    finally:
        dialog.deleteLater()


def remember(choice: CertificateChoice) -> None:
    settings.store().setValue(ORGANISER_KEY, choice.organiser or "")

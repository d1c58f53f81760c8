"""The Live dialog's public-pages part: freeze the public standings, the projector window, the static export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui import boxes
from tournament_desk.gui.projector_window import ProjectorWindow
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live


class PublicPagesBox(QGroupBox):
    def __init__(self, parent: QWidget, session: DeskSession) -> None:
        super().__init__(self.tr("Public pages"), parent)
        self.session = session
        self.url: str | None = None
        self.projector: ProjectorWindow | None = None
        self.freeze = QSpinBox()
        self.freeze.setRange(0, live.MAX_FREEZE)
        self.freeze.setValue(session.read(live.freeze_rounds))
        self.freeze.setSpecialValueText(self.tr("not frozen"))
        freeze_label = QLabel(self.tr("&Freeze the public standings for the last N rounds:"))
        freeze_label.setBuddy(self.freeze)
        apply = QPushButton(self.tr("Apply"))
        apply.clicked.connect(self.apply_freeze)
        row = QHBoxLayout()
        row.addWidget(freeze_label)
        row.addWidget(self.freeze)
        row.addWidget(apply)
        self.projector_button = QPushButton(self.tr("&Projector window"))
        self.projector_button.clicked.connect(self.open_projector)
        self.export_button = QPushButton(self.tr("Export static web pages…"))
        self.export_button.clicked.connect(self.export_site)
        buttons = QHBoxLayout()
        buttons.addWidget(self.projector_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(buttons)

    def apply_freeze(self) -> None:
        done = self.session.run(self, live.set_freeze_rounds, self.freeze.value())
        if done is None:
            self.freeze.setValue(self.session.read(live.freeze_rounds))

    def set_url(self, url: str | None) -> None:
        self.url = url
        if self.projector is not None:
            self.projector.set_url(url)

    def open_projector(self) -> ProjectorWindow:
        if self.projector is None:
            self.projector = ProjectorWindow(self.session, self.url, self.window())
        self.projector.show_on_projector()
        self.projector.raise_()
        return self.projector

    def close_projector(self) -> None:
        if self.projector is not None:
            self.projector.close()
            self.projector.deleteLater()
            self.projector = None

    def export_site(self) -> None:
        from tournament_desk.services.output.site import export_site  # the web page renderers load only here

        folder = QFileDialog.getExistingDirectory(self, self.tr("Export static web pages into a folder"))
        if not folder:
            return
        written = self.session.run(self, export_site, Path(folder))
        if written is not None:
            boxes.tell(
                self,
                self.tr("Static web pages"),
                self.tr(
                    "The public pages are in %1: open index.html, or copy the folder to any web host."
                ).replace("%1", str(written)),
            )

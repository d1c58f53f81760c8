"""The Live dialog's entry-card part (issue 23): print the entry cards (录分卡), reissue a lost card (its old
code stops at once), release a card from its phone, and close or open phone entry for the round or a table."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui import boxes
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import live


class CardsBox(QGroupBox):
    def __init__(self, parent: QWidget, session: DeskSession) -> None:
        super().__init__(self.tr("Entry cards and phones"), parent)
        self.session = session
        self.url: str | None = None
        self.cards: list[live.CardView] = []
        self.entrant = QComboBox()
        self.entrant.currentIndexChanged.connect(self.show_card)
        self.state = QLabel()
        self.state.setTextFormat(Qt.TextFormat.PlainText)  # names are the user's text
        pick = QLabel(self.tr("&Entrant:"))
        pick.setBuddy(self.entrant)
        row = QHBoxLayout()
        row.addWidget(pick)
        row.addWidget(self.entrant, 1)
        row.addWidget(self.state, 1)
        self.print_button = QPushButton(self.tr("&Print entry cards…"))
        self.print_button.clicked.connect(lambda: self.print_cards(None))
        self.reissue_button = QPushButton(self.tr("Re&issue this card…"))
        self.reissue_button.clicked.connect(self.reissue)
        self.release_button = QPushButton(self.tr("Release its p&hone"))
        self.release_button.clicked.connect(self.release)
        buttons = QHBoxLayout()
        for button in (self.print_button, self.reissue_button, self.release_button):
            buttons.addWidget(button)
        self.table = QSpinBox()
        self.table.setRange(0, 9999)
        self.table.setSpecialValueText(self.tr("every table"))
        self.close_button = QPushButton(self.tr("&Close phone entry"))
        self.close_button.clicked.connect(lambda: self.lock(True))
        self.open_button = QPushButton(self.tr("&Open phone entry"))
        self.open_button.clicked.connect(lambda: self.lock(False))
        lock_row = QHBoxLayout()
        table_label = QLabel(self.tr("This round, &table:"))
        table_label.setBuddy(self.table)
        for widget in (table_label, self.table, self.close_button, self.open_button):
            lock_row.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(buttons)
        layout.addLayout(lock_row)
        self.reload()

    def set_url(self, url: str | None) -> None:
        self.url = url

    def reload(self) -> None:
        """The cards as they are now (made for entrants who have none yet)."""
        chosen = self.entrant.currentText()
        self.cards = self.session.run(self, live.cards) or []
        self.entrant.blockSignals(True)
        self.entrant.clear()
        self.entrant.addItems([c.name for c in self.cards])
        if chosen:
            self.entrant.setCurrentText(chosen)
        self.entrant.blockSignals(False)
        self.show_card()

    def card(self) -> live.CardView | None:
        row = self.entrant.currentIndex()
        return self.cards[row] if 0 <= row < len(self.cards) else None

    def show_card(self) -> None:
        card = self.card()
        if card is None:
            self.state.setText("")
            return
        held = (
            self.tr("held by phone %1").replace("%1", card.phone)
            if card.phone
            else self.tr("no phone holds it")
        )
        self.state.setText(f"{card.printed} · {held}")

    def print_cards(self, names: list[str] | None) -> None:
        if self.url is None and names is None:
            boxes.tell(
                self,
                self.tr("Entry cards"),
                self.tr(
                    "The server is not running: the cards will carry their codes but no QR code. Start the "
                    "server first for cards that phones can scan."
                ),
            )
        from tournament_desk.services.output.card_sheets import export_cards  # reportlab loads only here

        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the entry cards"), "录分卡.pdf", "PDF (*.pdf)"
        )
        if not name:
            return
        done = self.session.run(self, export_cards, Path(name), base_url=self.url, names=names)
        if done is not None:
            self.reload()

    def reissue(self) -> None:
        card = self.card()
        if card is None:
            return
        reason, ok = QInputDialog.getText(
            self,
            self.tr("Reissue an entry card"),
            self.tr(
                "A new code for %1's card: the old card and the phone holding it stop working at once. Why?"
            ).replace("%1", card.name),
            text=self.tr("card lost"),
        )
        if not ok:
            return
        done = self.session.run(self, live.reissue, card.name, reason=reason or None)
        if done is None:
            return
        self.reload()
        if boxes.ask(
            self,
            self.tr("Reissue an entry card"),
            self.tr("The new code of %1 is %2. Print the new card now?")
            .replace("%1", done.name)
            .replace("%2", done.printed),
        ):
            self.print_cards([done.name])

    def release(self) -> None:
        card = self.card()
        if card is not None and self.session.run(self, live.release, card.name) is not None:
            self.reload()

    def lock(self, closed: bool) -> None:
        view = self.session.read(live.current_round)
        if view is None:
            boxes.tell(self, self.tr("Phone entry"), self.tr("Publish a round first."))
            return
        tables = [self.table.value()] if self.table.value() else None
        changed = self.session.run(self, live.set_phone_lock, view.round, tables, locked=closed)
        if changed is not None:
            what = self.tr("closed") if closed else self.tr("open")
            self.state.setText(
                self.tr("Phone entry %1 for round %2, tables %3.")
                .replace("%1", what)
                .replace("%2", str(view.round))
                .replace("%3", ", ".join(map(str, changed)) or "–")
            )

"""The round-1 draw: a random draw from a seed that is shown and recorded, or the director's own order."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.dialogs.base import ActionDialog, OrderList, Submit

SEED_MAX = 999_999_999


def new_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_MAX)


class DrawDialog(ActionDialog):
    """``names`` come in the current draw order; the manual list starts from it.

    The knockout draw of a groups-then-knockout event uses it too, with its own ``title`` and ``hint``.
    """

    def __init__(
        self,
        parent: QWidget | None,
        submit: Submit,
        names: Sequence[str],
        *,
        title: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(parent, submit)
        self.setWindowTitle(title or self.tr("Round-1 draw"))
        self.random_radio = QRadioButton(self.tr("&Random draw"))
        self.manual_radio = QRadioButton(self.tr("&Manual order"))
        self.random_radio.setChecked(True)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(1, SEED_MAX)
        self.seed_spin.setValue(new_seed())
        self.seed_spin.setToolTip(
            self.tr("The same seed gives the same draw; it is kept in the audit trail.")
        )
        self.new_seed_button = QPushButton(self.tr("New &seed"))
        self.new_seed_button.clicked.connect(lambda: self.seed_spin.setValue(new_seed()))
        self.order_list = OrderList()
        self.order_list.addItems(list(names))
        self.order_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.order_list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.up_button = QPushButton(self.tr("Move &up"))
        self.down_button = QPushButton(self.tr("Move &down"))
        self.up_button.clicked.connect(lambda: self.order_list.move_current(-1))
        self.down_button.clicked.connect(lambda: self.order_list.move_current(1))
        self.hint_label = QLabel(
            hint or self.tr("Draw number 1 plays 2 on table 1, 3 plays 4 on table 2, and so on.")
        )
        self.hint_label.setTextFormat(Qt.TextFormat.PlainText)
        self.hint_label.setWordWrap(True)

        grid = QGridLayout()
        grid.addWidget(self.random_radio, 0, 0, 1, 3)
        grid.addWidget(QLabel(self.tr("Seed:")), 1, 0)
        grid.addWidget(self.seed_spin, 1, 1)
        grid.addWidget(self.new_seed_button, 1, 2)
        grid.addWidget(self.manual_radio, 2, 0, 1, 3)
        grid.addWidget(self.order_list, 3, 0, 3, 2)
        grid.addWidget(self.up_button, 3, 2)
        grid.addWidget(self.down_button, 4, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("Draw"))
        self.random_radio.toggled.connect(self.update_mode)
        self.update_mode()

    def update_mode(self) -> None:
        manual = self.manual_radio.isChecked()
        self.seed_spin.setEnabled(not manual)
        self.new_seed_button.setEnabled(not manual)
        for widget in (self.order_list, self.up_button, self.down_button):
            widget.setEnabled(manual)

    def set_manual(self, manual: bool) -> None:
        (self.manual_radio if manual else self.random_radio).setChecked(True)

    def seed(self) -> int | None:
        return None if self.manual_radio.isChecked() else self.seed_spin.value()

    def order(self) -> list[str] | None:
        if not self.manual_radio.isChecked():
            return None
        return self.order_list.names()

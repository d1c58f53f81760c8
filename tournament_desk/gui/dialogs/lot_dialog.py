"""The lot (摸牌) among entrants tied on every criterion (rules.md §7.4): the director puts them in the order the
cards gave, best first; the program records it (audited) and never draws it itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.dialogs.base import ActionDialog, OrderList, Submit
from tournament_desk.services.groups import THIRDS


class LotDialog(ActionDialog):
    """``ties``: per group name (or ``THIRDS``: a lot across the groups), the tied entrants who draw cards;
    ``across``: what the lot across the groups decides, "thirds" (the last knockout places) or "byes"."""

    def __init__(
        self,
        parent: QWidget | None,
        submit: Submit,
        ties: Mapping[str, Sequence[str]],
        *,
        across: str | None = None,
    ) -> None:
        super().__init__(parent, submit)
        self.ties = {k: list(v) for k, v in ties.items()}
        self.across = across
        self.setWindowTitle(self.tr("Record a lot (摸牌)"))
        self.setMinimumWidth(560)
        self.group_box = QComboBox()
        self.group_box.setObjectName("lot-group")
        for key in self.ties:
            if key != THIRDS:
                label = self.tr("Group {group}").format(group=key)
            elif across == "byes":
                label = self.tr("Knockout byes (轮空), across the groups")
            else:
                label = self.tr("Best thirds (第三名)")
            self.group_box.addItem(label, key)
        self.tied_label = QLabel()
        self.tied_label.setObjectName("lot-tied")
        self.tied_label.setWordWrap(True)
        self.order_list = OrderList()
        self.order_list.setObjectName("lot-order")
        self.order_list.setMinimumHeight(160)
        self.up_button = QPushButton(self.tr("Move &up"))
        self.down_button = QPushButton(self.tr("Move &down"))
        self.up_button.clicked.connect(lambda: self.order_list.move_current(-1))
        self.down_button.clicked.connect(lambda: self.order_list.move_current(1))
        self.order_list.installEventFilter(self)  # Alt+Up / Alt+Down move the selected team
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("lot-reason")
        self.reason_edit.setPlaceholderText(self.tr("e.g. drawn at the desk before the captains, 14:05"))
        self.hint = hint = QLabel()
        hint.setObjectName("lot-hint")
        hint.setWordWrap(True)

        form = QFormLayout()
        form.addRow(self.tr("Lot for"), self.group_box)
        form.addRow("", self.tied_label)
        grid = QGridLayout()
        grid.addWidget(self.order_list, 0, 0, 3, 1)
        grid.addWidget(self.up_button, 0, 1)
        grid.addWidget(self.down_button, 1, 1)
        grid.setRowStretch(2, 1)
        reason = QFormLayout()
        reason.addRow(self.tr("Reason / note:"), self.reason_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Drawn order (first = best):")))
        layout.addLayout(grid)
        layout.addWidget(hint)
        layout.addLayout(reason)
        layout.addWidget(self.buttons)
        self.ok_button.setText(self.tr("Record the lot"))
        self.group_box.currentIndexChanged.connect(self.show_group)
        self.show_group()

    def show_group(self) -> None:
        names = self.ties.get(self.group(), [])
        self.hint.setText(self.explain(self.group()))
        self.tied_label.setText(self.tr("Tied on every criterion: {names}").format(names="、".join(names)))
        self.order_list.clear()
        self.order_list.addItems(names)
        self.order_list.setCurrentRow(0)
        self.order_list.setFocus()

    def explain(self, key: str) -> str:
        move = self.tr(
            "Put them in the order the cards gave, best first (Alt+Up / Alt+Down move the selected team)."
        )
        if key != THIRDS:
            what = self.tr("The lot decides their places in the group; it is kept in the audit trail.")
        elif self.across == "byes":
            what = self.tr("The first gets the bye (the highest-ranked qualifiers rest in the knockout's first round); "
                           "it is kept in the audit trail.")  # fmt: skip
        else:
            what = self.tr("The first go to the knockout's last places; it is kept in the audit trail.")
        return f"{move} {what}"

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.order_list and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}.get(Qt.Key(event.key()))
                if step is not None:
                    self.order_list.move_current(step)
                    return True
        return super().eventFilter(watched, event)

    def group(self) -> str:
        return str(self.group_box.currentData() or "")

    def order(self) -> list[str]:
        return self.order_list.names()

    def reason(self) -> str | None:
        return self.reason_edit.text().strip() or None

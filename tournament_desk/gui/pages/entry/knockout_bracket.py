"""The bracket (对阵图) of the knockout page (淘汰赛, ``knockout``): drawn as a tree, beside the placing it gives.
Its texts are in the page's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.services.bracket import BracketMatchView, BracketView


def tr(text: str) -> str:
    return QCoreApplication.translate("KnockoutPage", text)


class BracketWidget(QWidget):
    """Boxes per match, round by round from the left, joined by lines to the match the winner goes on to;
    names, levels and the winner in bold; the third-place match under the final."""

    BOX_WIDTH = 190
    GAP = 36  # between the rounds' columns
    MARGIN = 16

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: BracketView | None = None
        self.titles: list[str] = []
        self.setObjectName("bracket")
        self.boxes: dict[tuple[int, int], QRectF] = {}

    def set_bracket(self, view: BracketView | None, titles: list[str]) -> None:
        self.view, self.titles = view, titles
        self.layout_boxes()
        self.update()

    def line_height(self) -> int:
        return QFontMetrics(self.font()).height() + 6

    def box_height(self) -> int:
        return 2 * self.line_height() + 4

    def main_rounds(self) -> list[list[BracketMatchView]]:
        if self.view is None:
            return []
        return [
            sorted((c for c in cells if not c.third_place), key=lambda c: c.position)
            for cells in self.view.rounds
        ]

    def layout_boxes(self) -> None:
        self.boxes = {}
        if self.view is None:
            self.setMinimumSize(QSize(0, 0))
            return
        top = self.MARGIN + self.line_height() + 8
        unit = self.box_height() + 14
        ys: list[float] = []
        for k, cells in enumerate(self.main_rounds()):
            x = self.MARGIN + k * (self.BOX_WIDTH + self.GAP)
            if k == 0:
                ys = [top + i * unit for i in range(len(cells))]
            else:
                ys = [
                    (ys[2 * i] + ys[2 * i + 1]) / 2 if 2 * i + 1 < len(ys) else top for i in range(len(cells))
                ]
            for i in range(len(cells)):
                self.boxes[(k, i)] = QRectF(x, ys[i], self.BOX_WIDTH, self.box_height())
        bottom = max((r.bottom() for r in self.boxes.values()), default=top)
        right = max((r.right() for r in self.boxes.values()), default=0)
        third = self.third_place()
        if third is not None:
            last = len(self.view.rounds) - 1
            final = self.boxes.get((last, 0))
            left = final.left() if final is not None else float(self.MARGIN)
            y = (final.bottom() if final is not None else top) + 3 * self.line_height()
            self.boxes[(-1, 0)] = QRectF(left, y, self.BOX_WIDTH, self.box_height())
            bottom = max(bottom, y + self.box_height())
        self.setMinimumSize(QSize(int(right + self.MARGIN), int(bottom + self.MARGIN)))

    def third_place(self) -> BracketMatchView | None:
        if self.view is None:
            return None
        return next((c for cells in self.view.rounds for c in cells if c.third_place), None)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        if self.view is None:
            painter.end()
            return
        bold = QFont(self.font())
        bold.setBold(True)
        rounds = self.main_rounds()
        line_pen = QPen(QColor("#607d8b"), 1.4)
        for k, cells in enumerate(rounds):
            x = self.MARGIN + k * (self.BOX_WIDTH + self.GAP)
            painter.setFont(bold)
            title = self.titles[k] if k < len(self.titles) else ""
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(x, self.MARGIN, self.BOX_WIDTH, self.line_height()),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), title)  # fmt: skip
            if k + 1 < len(rounds):  # connectors to the next round
                painter.setPen(line_pen)
                for i in range(len(cells)):
                    box, target = self.boxes[(k, i)], self.boxes.get((k + 1, i // 2))
                    if target is None:
                        continue
                    mid_x = box.right() + self.GAP / 2
                    painter.drawLine(
                        int(box.right()), int(box.center().y()), int(mid_x), int(box.center().y())
                    )
                    painter.drawLine(int(mid_x), int(box.center().y()), int(mid_x), int(target.center().y()))
                    painter.drawLine(int(mid_x), int(target.center().y()), int(target.left()),
                                     int(target.center().y()))  # fmt: skip
            for i, c in enumerate(cells):
                self.draw_match(painter, self.boxes[(k, i)], c, bold)
        third = self.third_place()
        if third is not None and (-1, 0) in self.boxes:
            box = self.boxes[(-1, 0)]
            painter.setFont(bold)
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(box.left(), box.top() - self.line_height(), self.BOX_WIDTH, self.line_height()),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             tr("Third-place match"))  # fmt: skip
            self.draw_match(painter, box, third, bold)
        painter.end()

    def draw_match(self, painter: QPainter, box: QRectF, c: BracketMatchView, bold: QFont) -> None:
        bye = c.home is None or c.away is None
        painter.setPen(QPen(QColor("#90a4ae"), 1))
        painter.setBrush(QBrush(QColor("#f7f9fa") if bye else self.palette().base().color()))
        painter.drawRoundedRect(box, 4, 4)
        levels = c.levels.split(" : ") if c.levels else ["", ""]
        lh = self.line_height()
        for n, (name, side) in enumerate(((c.home, "home"), (c.away, "away"))):
            rect = QRectF(box.left() + 8, box.top() + 2 + n * lh, box.width() - 16, lh)
            won = c.winner is not None and c.winner == name and bool(name)
            painter.setFont(bold if won else self.font())
            if name is None:
                text, colour = tr("(bye)"), QColor("#9e9e9e")
            elif name == "":
                text, colour = "—", QColor("#9e9e9e")
            else:
                text, colour = name, self.palette().text().color()
            painter.setPen(colour)
            level = levels[n] if n < len(levels) else ""
            if c.on_stage == side:
                level = f"▲ {level}"
            level_width = QFontMetrics(painter.font()).horizontalAdvance(level) + 4 if level else 0
            elided = QFontMetrics(painter.font()).elidedText(text, Qt.TextElideMode.ElideRight,
                                                             int(rect.width() - level_width))  # fmt: skip
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), elided)
            if level:
                painter.drawText(
                    rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), level
                )
        painter.setPen(QPen(QColor("#cfd8dc"), 1))
        mid = box.top() + 2 + lh
        painter.drawLine(int(box.left() + 4), int(mid), int(box.right() - 4), int(mid))
        if c.table is not None and not c.decided:
            painter.setFont(self.font())
            painter.setPen(QColor("#9e9e9e"))
            painter.drawText(QRectF(box.left(), box.bottom() + 1, box.width(), lh - 4),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop),
                             tr("table {table}").format(table=c.table))  # fmt: skip


class BracketPane(QSplitter):
    """The bracket drawn as a tree (scrolled), with the placing by the bracket beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.drawing = BracketWidget()
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("bracket-scroll")
        self.scroll_area.setWidget(self.drawing)
        self.scroll_area.setWidgetResizable(False)
        self.placing = QTableWidget(0, 3)
        self.placing.setObjectName("knockout-placing")
        self.placing.setHorizontalHeaderLabels([tr("Place"), tr("Name"), tr("Group")])
        self.placing.verticalHeader().hide()
        self.placing.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.placing.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        bracket_box = QWidget()
        bracket_layout = QVBoxLayout(bracket_box)
        bracket_layout.setContentsMargins(0, 0, 0, 0)
        bracket_layout.addWidget(self.scroll_area, 1)
        bracket_layout.addWidget(
            QLabel(tr("Bold: the winner. ▲: the side on stage at the end (equal levels)."))
        )
        self.addWidget(bracket_box)
        placing_box = self.placing_box = QWidget()
        placing_layout = QVBoxLayout(placing_box)
        placing_layout.setContentsMargins(0, 0, 0, 0)
        placing_layout.addWidget(QLabel(tr("Placing by the bracket")))
        placing_layout.addWidget(self.placing)
        self.addWidget(placing_box)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 0)
        placing_box.setMaximumWidth(340)
        self.setSizes([940, 300])

    # The placing list keeps at least this many wide characters when the bracket asks for room.
    PLACING_EMS = 12

    def fit(self) -> None:
        """Give the bracket the width it needs (the final's box whole, no sideways scrolling) from the placing
        list, down to ``PLACING_EMS`` characters; with less room than that, the bracket scrolls."""
        total = sum(self.sizes())
        if total <= 0 or self.drawing.view is None:
            return
        area = self.scroll_area
        needed = (
            self.drawing.minimumWidth() + 2 * area.frameWidth() + area.verticalScrollBar().sizeHint().width()
        )
        least = self.placing.fontMetrics().horizontalAdvance("中" * self.PLACING_EMS)
        bracket = max(min(needed, total - least), total - self.placing_box.maximumWidth())
        self.setSizes([bracket, total - bracket])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def show_bracket(self, view: BracketView | None, titles: list[str]) -> None:
        self.drawing.set_bracket(view, titles)
        self.drawing.resize(self.drawing.minimumSize())
        self.fit()
        placing = view.placing if view is not None else []
        self.placing.setRowCount(len(placing))
        for i, (place, name, group) in enumerate(placing):
            for j, text in enumerate((place, name, group or "")):
                item = QTableWidgetItem(text)
                if j != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.placing.setItem(i, j, item)
        self.placing.resizeColumnToContents(0)
        self.placing.resizeColumnToContents(2)
        # A knockout by draw has no groups: no empty column for them.
        self.placing.setColumnHidden(2, not any(group for _, _, group in placing))

"""The knockout page (淘汰赛) of a groups-then-knockout event (SPEC §7.4): the bracket (对阵图) drawn as a tree,
and the results of a knockout round typed like on the results page.

Type the home level, Enter, the away level, Enter: a table with different levels is saved at once (the higher
level wins). Equal levels: the cursor moves to "On stage" (在台上): choose home or away (type 主/客, h/a or pick
it), Enter, and the table is saved with the side on stage at the end, who wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import format_level, parse_level
from tournament_desk.domain.results import ResultState
from tournament_desk.gui.models.common import TableRowsModel
from tournament_desk.gui.models.results import SOURCE_ROLES, source_data, state_text
from tournament_desk.gui.pages.base import Page, entry_view
from tournament_desk.gui.pages.live_sources import LiveSources
from tournament_desk.gui.pages.undo import StationUndo, add_undo_controls, label, table_step
from tournament_desk.gui.session import AUDIT, ENTRANTS, RESULTS, ROUNDS, Changes, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services import live
from tournament_desk.services import results as rs
from tournament_desk.services.groups import BracketMatchView, BracketView, bracket_view
from tournament_desk.services.rounds import TableView, last_paired_round, round_view, table_view
from tournament_desk.services.undo import StepView

Index = QModelIndex | QPersistentModelIndex
MISSING = QColor("#fff4d6")
WINNER = QColor("#e3f2e1")


def tr(text: str) -> str:
    return QCoreApplication.translate("KnockoutPage", text)


def parse_side(text: object) -> str | None:
    """主 / 客, h / a, home / away (and 1 / 2) → "home" / "away"; None when it is none of them."""
    value = str(text or "").strip().lower()
    if value in ("主", "主队", "h", "home", "1", tr("home").lower()):
        return "home"
    if value in ("客", "客队", "a", "away", "2", tr("away").lower()):
        return "away"
    return None


def side_text(side: str | None) -> str:
    return {"home": tr("home"), "away": tr("away")}.get(side or "", "")


# --- the table of a knockout round ----------------------------------------------------------------------


@dataclass(frozen=True)
class KnockoutRow:
    table: int
    home: str
    away: str
    kind: ResultState
    side: str | None
    home_level: int | None
    away_level: int | None
    on_stage: str | None
    winner: str | None
    typed_home: int | None = None  # typed, not saved yet
    typed_away: int | None = None  # equal to the home level: waits for the side on stage
    source: str | None = None  # services.live.Source when the table has a live row (phones), else None

    @property
    def missing(self) -> bool:
        return self.kind == ResultState.PENDING


class KnockoutModel(TableRowsModel[KnockoutRow]):
    COLUMNS = 9
    (COL_TABLE, COL_HOME, COL_AWAY, COL_HOME_LEVEL, COL_AWAY_LEVEL, COL_ON_STAGE, COL_WINNER, COL_SOURCE,
     COL_STATE) = range(9)  # fmt: skip
    EDITABLE = (COL_HOME_LEVEL, COL_AWAY_LEVEL, COL_ON_STAGE)

    # (table, home level, away level, side on stage or ""): a complete result, for the page to save.
    entered = Signal(int, int, int, str)
    refused = Signal(str)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (tr("Table"), tr("Home"), tr("Away"), tr("Home level"), tr("Away level"),
                    tr("On stage (在台上)"), tr("Winner"), tr("From"), tr("Status"))[section]  # fmt: skip
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and index.column() in self.EDITABLE:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row, col = self.rows[index.row()], index.column()
        if col == self.COL_SOURCE and role in SOURCE_ROLES:
            return source_data(row.source, row.missing, role)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(row, col)
        if role == Qt.ItemDataRole.BackgroundRole:
            if row.missing:
                return QBrush(MISSING)
            if (col == self.COL_HOME and row.winner == "home") or (
                col == self.COL_AWAY and row.winner == "away"
            ):
                return QBrush(WINNER)
        if role == Qt.ItemDataRole.FontRole and col == self.COL_WINNER:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (self.COL_HOME, self.COL_AWAY, self.COL_WINNER,
                                                                      self.COL_STATE):  # fmt: skip
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, row: KnockoutRow, col: int) -> str:
        if col == self.COL_TABLE:
            return str(row.table)
        if col == self.COL_HOME:
            return row.home
        if col == self.COL_AWAY:
            return row.away
        if col == self.COL_HOME_LEVEL:
            level = row.typed_home if row.typed_home is not None else row.home_level
            return format_level(level) if level else ""
        if col == self.COL_AWAY_LEVEL:
            level = row.typed_away if row.typed_away is not None else row.away_level
            return format_level(level) if level else ""
        if col == self.COL_ON_STAGE:
            return side_text(row.on_stage)
        if col == self.COL_WINNER:
            return {"home": row.home, "away": row.away}.get(row.winner or "", "")
        if col == self.COL_STATE:
            if row.typed_away is not None:
                return tr("equal levels: who was on stage? (主 / 客), then Enter")
            if row.typed_home is not None:
                return tr("type the away level, then Enter")
            return state_text(row.kind, row.side)
        return ""

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() not in self.EDITABLE:
            return False
        row = self.rows[index.row()]
        if index.column() == self.COL_ON_STAGE:
            side = parse_side(value)
            home = row.typed_home if row.typed_home is not None else row.home_level
            away = row.typed_away if row.typed_away is not None else row.away_level
            if side is None:
                self.refused.emit(tr("Choose the side on stage: home (主) or away (客)."))
                return False
            if home is None or away is None:
                self.refused.emit(tr("Type both levels first."))
                return False
            if home != away:
                self.refused.emit(tr("The levels differ: the higher level wins, no side on stage is needed."))
                return False
            self.entered.emit(row.table, home, away, side)
            return True
        try:
            level = parse_level(value)
        except BadInput as exc:
            self.refused.emit(render(exc))
            return False
        if index.column() == self.COL_HOME_LEVEL:
            self.update_row(row.table, typed_home=level, typed_away=None)
            return True
        home = row.typed_home if row.typed_home is not None else row.home_level
        if home is None:
            self.refused.emit(tr("Type the home level first."))
            return False
        if home == level:  # the side on stage decides: asked for in the next column
            self.update_row(row.table, typed_home=home, typed_away=level)
            return True
        self.entered.emit(row.table, home, level, "")
        return True


class KnockoutDelegate(QStyledItemDelegate):
    """Levels as on the results page; the side on stage as a choice of home or away."""

    def __init__(self, page: KnockoutPage) -> None:
        super().__init__(page)
        self.page = page

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        if index.column() == KnockoutModel.COL_ON_STAGE:
            box = QComboBox(parent)
            box.setObjectName("on-stage-editor")
            box.setEditable(True)  # so 主 / 客 / h / a can be typed as well as picked
            box.addItems([tr("home"), tr("away")])
            box.setCurrentIndex(-1)
            return box
        editor = QLineEdit(parent)
        editor.setObjectName("level-editor")
        editor.setPlaceholderText("9 10 J Q K A 过A")
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(-1)
            editor.setEditText("")
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            index.model().setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if editor.property("committed") and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return True  # already saved on Enter
        if isinstance(editor, QLineEdit | QComboBox) and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                if isinstance(editor, QComboBox):
                    if parse_side(editor.currentText()) is None:
                        self.page.say(tr("Choose the side on stage: home (主) or away (客)."), error=True)
                        return True
                else:
                    try:
                        parse_level(editor.text())
                    except BadInput as exc:
                        self.page.say(render(exc), error=True)
                        editor.selectAll()
                        return True
                editor.setProperty("committed", True)
                self.commitData.emit(editor)
                self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
                self.page.advance()
                return True
        return super().eventFilter(editor, event)


# --- the bracket as a drawn tree ------------------------------------------------------------------------


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


# --- the page -------------------------------------------------------------------------------------------


class KnockoutPage(LiveSources, Page):
    watches = frozenset({ROUNDS, ENTRANTS, RESULTS})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.round_no: int | None = None
        self.bracket: BracketView | None = None
        self.saving = False  # while this page saves a table: the change needs no reload (the cursor stays)
        self.newest: object = None  # the newest knockout round listed
        self.undo_stack = StationUndo(self, session, self.step_shown)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Knockout round")))
        self.round_box = QComboBox()
        self.round_box.setObjectName("knockout-round")
        self.round_box.currentIndexChanged.connect(self.show_round)
        bar.addWidget(self.round_box)
        bar.addStretch()
        self.undo_button, self.redo_button = add_undo_controls(self, bar, self.undo_stack)
        layout.addLayout(bar)
        self.message = QLabel()
        self.message.setObjectName("knockout-message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

        self.model = KnockoutModel()
        self.model.entered.connect(self.save)
        self.model.refused.connect(lambda text: self.say(text, error=True))
        self.table = entry_view("knockout-table", self.model, KnockoutDelegate(self))
        self.add_dispute_key()

        self.drawing = BracketWidget()
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("bracket-scroll")
        self.scroll_area.setWidget(self.drawing)
        self.scroll_area.setWidgetResizable(False)
        self.placing = QTableWidget(0, 3)
        self.placing.setObjectName("knockout-placing")
        self.placing.setHorizontalHeaderLabels([self.tr("Place"), self.tr("Name"), self.tr("Group")])
        self.placing.verticalHeader().hide()
        self.placing.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.placing.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        lower = QSplitter(Qt.Orientation.Horizontal)
        bracket_box = QWidget()
        bracket_layout = QVBoxLayout(bracket_box)
        bracket_layout.setContentsMargins(0, 0, 0, 0)
        bracket_layout.addWidget(self.scroll_area, 1)
        bracket_layout.addWidget(
            QLabel(self.tr("Bold: the winner. ▲: the side on stage at the end (equal levels)."))
        )
        lower.addWidget(bracket_box)
        placing_box = QWidget()
        placing_layout = QVBoxLayout(placing_box)
        placing_layout.setContentsMargins(0, 0, 0, 0)
        placing_layout.addWidget(QLabel(self.tr("Final placing")))
        placing_layout.addWidget(self.placing)
        lower.addWidget(placing_box)
        lower.setStretchFactor(0, 1)
        lower.setStretchFactor(1, 0)
        placing_box.setMaximumWidth(340)
        lower.setSizes([940, 300])
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([180, 520])
        layout.addWidget(splitter, 1)

    def title(self) -> str:
        return self.tr("Knockout")

    def _on_changed(self, changes: Changes) -> None:
        if self.saving and changes <= {RESULTS, AUDIT}:
            return  # this page's own result: ``table_saved`` shows it without a reload
        super()._on_changed(changes)

    # --- reading -----------------------------------------------------------------------------------------
    def reload(self) -> None:
        self.bracket = self.session.read(bracket_view)
        self.show_bracket()
        last = self.session.read(last_paired_round)
        keep = self.round_box.currentData()
        self.round_box.blockSignals(True)
        self.round_box.clear()
        if self.bracket is not None:
            for k, cells in enumerate(self.bracket.rounds):
                event_round = cells[0].round if cells else None
                if event_round is not None and event_round <= last:
                    name = render(self.bracket.round_names[k])
                    self.round_box.addItem(self.tr("{name} (round {n})").format(name=name, n=event_round),
                                           event_round)  # fmt: skip
        # Stay on the director's pick unless a new knockout round has appeared: then follow it.
        count = self.round_box.count()
        if count:
            newest = self.round_box.itemData(count - 1)
            follow = not isinstance(keep, int) or self.round_box.findData(keep) < 0 or newest != self.newest
            self.round_box.setCurrentIndex(count - 1 if follow else self.round_box.findData(keep))
            self.newest = newest
        self.round_box.blockSignals(False)
        self.show_round()

    def show_bracket(self) -> None:
        titles = [render(n) for n in self.bracket.round_names] if self.bracket is not None else []
        self.drawing.set_bracket(self.bracket, titles)
        self.drawing.resize(self.drawing.minimumSize())
        placing = self.bracket.placing if self.bracket is not None else []
        self.placing.setRowCount(len(placing))
        for i, (place, name, group) in enumerate(placing):
            for j, text in enumerate((place, name, group or "")):
                item = QTableWidgetItem(text)
                if j != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.placing.setItem(i, j, item)
        self.placing.resizeColumnToContents(0)
        self.placing.resizeColumnToContents(2)

    def show_round(self) -> None:
        value = self.round_box.currentData()
        self.round_no = value if isinstance(value, int) else None
        if self.bracket is None:
            self.model.set_rows([])
            self.say(self.tr("The knockout has not been drawn yet: draw it on the Groups page once every group "
                             "is over and any lots are recorded."))  # fmt: skip
            return
        if self.round_no is None:
            self.model.set_rows([])
            self.say(self.tr("The knockout is drawn: pair its first round on the Rounds page."))
            return
        view = self.session.read(round_view, self.round_no)
        sources = self.read_sources()
        self.model.set_rows([replace(self.row_of(t), source=sources.get(t.table)) for t in view.tables])
        self.table.resizeColumnsToContents()
        if not view.published:
            self.say(self.tr("Round {n} is not published yet: publish it on the Rounds page first.").format(
                n=self.round_no))  # fmt: skip
        elif any(r.missing for r in self.model.rows):
            self.say(self.tr("Type the levels (2–10, J, Q, K, A, 过A); Enter moves on. Equal levels: say who was on "
                             "stage (主 / 客)."))  # fmt: skip
        else:
            self.say(self.tr("Every match of this round has a winner."))

    @staticmethod
    def row_of(t: TableView) -> KnockoutRow:
        return KnockoutRow(t.table, t.home, t.away, t.kind, t.side, t.home_level, t.away_level, t.on_stage,
                           t.winner)  # fmt: skip

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020; font-weight: bold;" if error else "")

    # --- typing ----------------------------------------------------------------------------------------
    def advance(self) -> None:
        """After Enter: home level → away level → (equal levels) on stage → the next table without a result."""
        current = self.table.currentIndex()
        if not current.isValid():
            return
        row = self.model.rows[current.row()] if current.row() < len(self.model.rows) else None
        target = QModelIndex()
        if current.column() == KnockoutModel.COL_HOME_LEVEL:
            target = current.siblingAtColumn(KnockoutModel.COL_AWAY_LEVEL)
        elif (
            current.column() == KnockoutModel.COL_AWAY_LEVEL
            and row is not None
            and row.typed_away is not None
        ):
            target = current.siblingAtColumn(KnockoutModel.COL_ON_STAGE)
            self.say(tr("equal levels: who was on stage? (主 / 客), then Enter"))
        else:
            for n in range(current.row() + 1, self.model.rowCount()):
                if self.model.rows[n].missing:
                    target = self.model.index(n, KnockoutModel.COL_HOME_LEVEL)
                    break
        if target.isValid():
            QTimer.singleShot(0, lambda: self.edit(target))

    def edit(self, index: QModelIndex) -> None:
        if index.isValid():
            self.table.setCurrentIndex(index)
            self.table.edit(index)

    def move_to(self, table: int) -> None:
        """The cursor on a table's home level, ready to type (Ctrl+D: a disputed table)."""
        self.table.setFocus()
        self.table.setCurrentIndex(
            self.model.index(self.model.row_of_table(table), KnockoutModel.COL_HOME_LEVEL)
        )

    def start_typing(self) -> None:
        """Put the cursor on the first match without a result."""
        for n, row in enumerate(self.model.rows):
            if row.missing:
                self.edit(self.model.index(n, KnockoutModel.COL_HOME_LEVEL))
                return

    def save(self, table: int, home: int, away: int, on_stage: str) -> None:
        if self.round_no is None:
            return
        side = on_stage or None
        levels = {"home": format_level(home), "away": format_level(away)}
        row = next((r for r in self.model.rows if r.table == table), None)
        who = (row.home if side == "home" else row.away) if row is not None else side
        what = label("levels-on-stage", who=who, **levels) if side is not None else label("levels", **levels)
        # A table entered from the phones: the desk decides it (the audit trail says whose entry was taken).
        action = (
            live.resolve if row is not None and row.source in ("pending", "disputed") else rs.record_result
        )
        self.saving = True
        try:
            saved = table_step(self.session, self.round_no, table, what, action, home, away,
                               on_done=self.table_saved, on_stage=side)  # fmt: skip
        finally:
            self.saving = False
        if not saved:
            self.model.update_row(table, typed_home=None, typed_away=None)

    def step_shown(self, step: StepView) -> None:
        """A step undone or redone at this station: show what the table holds now."""
        if step.kind == "table" and step.round == self.round_no and step.table is not None:
            self.table_saved(step.table)

    def table_saved(self, table: int) -> None:
        """Show what the services stored for the table, and the bracket it moved on."""
        if self.round_no is None:
            return
        t = self.session.read(table_view, self.round_no, table)
        row = self.row_of(t)
        self.model.update_row(table, kind=row.kind, side=row.side, home_level=row.home_level,
                              away_level=row.away_level, on_stage=row.on_stage, winner=row.winner, typed_home=None,
                              typed_away=None)  # fmt: skip
        self.source_changed(table)
        self.bracket = self.session.read(bracket_view)
        self.show_bracket()
        if row.winner is not None:
            name = row.home if row.winner == "home" else row.away
            self.say(self.tr("Table {table}: {name} goes on.").format(table=table, name=name))
        else:
            self.say(self.tr("Table {table} has no result.").format(table=table))

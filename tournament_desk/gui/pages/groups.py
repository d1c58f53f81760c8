"""The groups page (分组) of a groups-then-knockout event (rules.md §7.4): one table per group with the results
grid, points, 小分 (level difference), rank, the qualifiers and who must draw a lot (摸牌); a banner that says
what the knockout waits for; the lot dialog and the knockout draw."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.results import ResultState, signed
from tournament_desk.gui.dialogs.draw_dialog import DrawDialog
from tournament_desk.gui.dialogs.lot_dialog import LotDialog
from tournament_desk.gui.models.common import MUTED_COLOUR, PROBLEM_COLOUR, format_number
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.session import ENTRANTS, RESULTS, ROUNDS, RULES, DeskSession
from tournament_desk.i18n import render
from tournament_desk.services.groups import (
    THIRDS,
    GroupStageView,
    GroupView,
    draw_knockout,
    group_stage,
    record_lot,
)

QUALIFIED = QColor("#e3f2e1")
LOT = QColor("#fff4d6")


def tr(text: str) -> str:
    return QCoreApplication.translate("GroupsPage", text)


def state_mark(state: ResultState) -> str:
    return {
        ResultState.FORFEIT: tr("forfeit"),
        ResultState.RULING: tr("ruling"),
        ResultState.LATE: tr("late"),
        ResultState.ANNULLED: tr("annulled"),
    }.get(state, "")


class GroupTable(QTableView):
    """One group: a row per member in draw (Berger) order, the results grid, the totals and the rank."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_ = QStandardItemModel(self)
        self.setModel(self.model_)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.setWordWrap(False)

    def show_group(self, group: GroupView, across: frozenset[str] = frozenset()) -> None:
        """``across``: the group's entrants that must draw a lot with entrants of other groups (the last
        knockout places or the byes)."""
        m = self.model_
        m.clear()
        count = len(group.members)
        headers = [tr("No."), tr("Name"), *(str(i) for i in range(1, count + 1))]
        headers += [tr("Points"), tr("小分"), tr("Rank"), ""]
        m.setHorizontalHeaderLabels(headers)
        rows = {r.entrant.name: r for r in group.rows}
        bold = QFont(self.font())
        bold.setBold(True)
        for i, name in enumerate(group.members):
            row = rows.get(name)
            items = [QStandardItem(str(i + 1)), QStandardItem(name)]
            for j, other in enumerate(group.members):
                if i == j:
                    cell = QStandardItem("—")
                    cell.setForeground(QBrush(MUTED_COLOUR))
                else:
                    found = group.cells.get((name, other))
                    text = ""
                    if found is not None:
                        text = found.levels or state_mark(found.state)
                        if found.points is not None and found.levels:
                            text = f"{found.levels} ({format_number(found.points)})"
                        elif found.points is not None:
                            text = f"{text} ({format_number(found.points)})"
                    cell = QStandardItem(text)
                items.append(cell)
            if row is not None:
                items += [
                    QStandardItem(format_number(row.mp)),
                    QStandardItem(signed(row.level_diff or 0)),
                    QStandardItem(str(row.rank)),
                    QStandardItem(self.mark(row.qualified, row.lot_needed, name in across)),
                ]
            else:  # withdrawn before the groups were made
                items += [QStandardItem("") for _ in range(4)]
            drawing = row is not None and (row.lot_needed or name in across)
            for col, item in enumerate(items):
                if col != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if drawing:
                    item.setBackground(QBrush(LOT))
                elif row is not None and row.qualified:
                    item.setBackground(QBrush(QUALIFIED))
            if drawing:
                items[-1].setForeground(QBrush(PROBLEM_COLOUR))
                items[-1].setFont(bold)
            if row is not None and row.qualified:
                items[1].setFont(bold)
            m.appendRow(items)
        self.resizeColumnsToContents()
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.resizeSection(1, max(header.sectionSize(1), 120))
        for col in range(2, 2 + count):
            header.resizeSection(col, max(header.sectionSize(col), 60))
        height = self.horizontalHeader().height() + 2 * self.frameWidth()
        height += sum(self.rowHeight(r) for r in range(m.rowCount()))
        width = sum(header.sectionSize(c) for c in range(m.columnCount())) + 2 * self.frameWidth()
        self.setFixedSize(width, height)

    @staticmethod
    def mark(qualified: bool | None, lot_needed: bool, across: bool = False) -> str:
        if lot_needed:
            return tr("lot needed")
        if across:
            return tr("qualified, bye lot") if qualified else tr("lot across groups")
        return tr("qualified") if qualified else ""


class GroupsPage(Page):
    watches = frozenset({ENTRANTS, ROUNDS, RESULTS, RULES})

    def __init__(self, session: DeskSession, parent: QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.view: GroupStageView | None = None
        self.tables: dict[str, GroupTable] = {}
        self.titles: dict[str, QLabel] = {}
        self.lot_dialog: LotDialog | None = None
        self.draw_dialog: DrawDialog | None = None
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.lot_button = QPushButton(self.tr("Record a &lot (摸牌)…"))
        self.lot_button.setObjectName("groups-lot")
        self.lot_button.clicked.connect(self.open_lot)
        self.draw_button = QPushButton(self.tr("&Knockout draw…"))
        self.draw_button.setObjectName("groups-draw")
        self.draw_button.clicked.connect(self.open_draw)
        bar.addWidget(self.lot_button)
        bar.addWidget(self.draw_button)
        bar.addStretch()
        layout.addLayout(bar)
        self.banner = QLabel()
        self.banner.setObjectName("groups-banner")
        self.banner.setWordWrap(True)
        layout.addWidget(self.banner)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.inner = QWidget()
        self.grid = QVBoxLayout(self.inner)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.scroll_area.setWidget(self.inner)
        layout.addWidget(self.scroll_area, 1)
        self.legend = QLabel(
            self.tr("Each cell: the row's level : the opponent's, and the points it gave the row (win 3, draw 1, "
                    "loss 0). Green: goes to the knockout; yellow: tied on every criterion, a lot must be drawn.")
        )  # fmt: skip
        self.legend.setWordWrap(True)
        layout.addWidget(self.legend)

    def title(self) -> str:
        return self.tr("Groups")

    def find_view(self) -> QTableView | None:
        return next(iter(self.tables.values()), None)

    # --- reading ---------------------------------------------------------------------------------------
    def read(self) -> GroupStageView:
        return self.session.read(group_stage)

    def show_data(self, data: GroupStageView) -> None:
        self.view = view = data
        names = [g.name for g in view.groups]
        if list(self.tables) != names:
            self.make_tables(names)
        if not names:
            self.banner.setText(
                self.tr("The groups are made from the draw numbers when round 1 is paired (Rounds page).")
            )
            self.banner.setStyleSheet("")
        # Entrants of different groups still to draw for the last places or the byes (no qualifiers yet).
        across = frozenset(view.tied_thirds if not view.qualifiers else ())
        for group in view.groups:
            self.tables[group.name].show_group(group, across)
            done = self.tr("over") if group.complete else self.tr("in play")
            self.titles[group.name].setText(
                self.tr("Group {group} ({state})").format(group=group.name, state=done)
            )
        if names:
            self.show_banner(view)
        lots = any(g.lot_needed for g in view.groups) or bool(view.tied_thirds)
        self.lot_button.setEnabled(lots and not view.drawn)
        self.draw_button.setEnabled(bool(view.qualifiers))

    def make_tables(self, names: list[str]) -> None:
        """A title and a table per group, in rows of two."""
        while (item := self.grid.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.deleteLater()
        self.tables, self.titles = {}, {}
        # Two groups side by side where the page is wide enough: rows of two.
        row: QHBoxLayout | None = None
        for i, name in enumerate(names):
            if i % 2 == 0:
                holder = QWidget()
                row = QHBoxLayout(holder)
                row.setContentsMargins(0, 0, 0, 0)
                row.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                self.grid.addWidget(holder)
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 16, 8)
            title = QLabel()
            font = QFont(title.font())
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.15)
            title.setFont(font)
            table = GroupTable()
            table.setObjectName(f"group-{name}")
            column.addWidget(title)
            column.addWidget(table)
            column.addStretch()
            assert row is not None
            row.addWidget(box)
            self.tables[name], self.titles[name] = table, title

    def show_banner(self, view: GroupStageView) -> None:
        if view.waiting_for:
            text = self.tr("The knockout waits: {why}").format(why=render(view.waiting_for))
            style = f"color: {PROBLEM_COLOUR.name()}; font-weight: bold;"
        elif view.drawn:
            text = self.tr("The knockout of {size} has been drawn: see the Knockout page.").format(
                size=view.knockout_size
            )
            style = ""
        else:
            text = self.tr(
                "Every group is over: {count} qualifiers for a knockout of {size}. Draw the knockout."
            ).format(count=len(view.qualifiers), size=view.knockout_size)
            style = "font-weight: bold;"
        self.banner.setText(text)
        self.banner.setStyleSheet(style)

    # --- actions -----------------------------------------------------------------------------------------
    def ties(self) -> dict[str, list[str]]:
        """Who must draw a lot: per group with a tie, and THIRDS for a lot across the groups (the best thirds
        for the last knockout places, or qualifiers of the same place for the byes)."""
        if self.view is None:
            return {}
        found = {g.name: list(g.lot_needed) for g in self.view.groups if g.lot_needed}
        thirds = self.view.tied_thirds
        if thirds:
            found[THIRDS] = thirds
        return found

    def open_lot(self) -> None:
        ties = self.ties()
        if not ties:
            return
        assert self.view is not None
        self.lot_dialog = LotDialog(self, self.submit_lot, ties, across=self.view.tied_for)
        self.lot_dialog.open()

    def submit_lot(self, dialog: LotDialog) -> bool:
        done = self.session.run(dialog, record_lot, dialog.group(), dialog.order(), reason=dialog.reason())
        return done is not None

    def open_draw(self) -> None:
        if self.view is None or not self.view.qualifiers:
            return
        self.draw_dialog = DrawDialog(
            self,
            self.submit_draw,
            self.view.qualifiers,
            title=self.tr("Knockout draw (重新抽签)"),
            hint=self.tr(
                "The qualifiers, best first. A manual order gives the bracket's lines from the top: the first "
                "plays the second, the third the fourth, …; byes go to the highest qualifiers."
            ),
        )
        self.draw_dialog.open()

    def submit_draw(self, dialog: DrawDialog) -> bool:
        done = self.session.run(dialog, draw_knockout, seed=dialog.seed(), order=dialog.order())
        return done is not None

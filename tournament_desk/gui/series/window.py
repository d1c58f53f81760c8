"""File ▸ Series and meets…: a series or a sports meet scored over many events (issue 30, rules.md §13).

The window creates or opens a series file, adds member events (several tournament files at once), shows the
standings as the member events are now (read off the GUI thread: ``runner``), names an event in progress,
changed, missing or unreadable in one sentence, lets the director tick the likely merges of spellings to
confirm, and exports the standings as a PDF, a workbook, a static page or pictures, or copies the picture to the
clipboard for the players' WeChat group. Member events are only read, never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.gui.clipboard_picture import put_on_clipboard
from tournament_desk.gui.series.model import SeriesModel
from tournament_desk.gui.series.new_dialog import SUFFIX, NewSeries, NewSeriesDialog
from tournament_desk.gui.series.runner import SeriesRunner
from tournament_desk.gui.series.view import SeriesView, read_view
from tournament_desk.gui.series.words import SeriesWords
from tournament_desk.reports.series_data import SeriesData
from tournament_desk.services.output.series import (
    HTML,
    PDF,
    PNG,
    XLSX,
    export_series,
    series_data,
    series_pictures,
)
from tournament_desk.services.series import SeriesDesk, add_events, confirm_events, create_series, open_series
from tournament_desk.services.series_standings import MergeCandidate, confirm_merge

SERIES_FILES = f"*{SUFFIX}"


class SeriesWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("series-window")
        self.folder = folder or Path.home()
        self.path: Path | None = None
        self.view: SeriesView | None = None
        self.new_dialog: NewSeriesDialog | None = None
        self.runner = SeriesRunner(self)
        self.words = SeriesWords(self)
        self.runner.busy.connect(self.set_busy)
        self.setWindowTitle(self.tr("Series and meets"))
        self._build()
        self.resize(1000, 680)
        self.show_view(None)

    def changeEvent(self, event: QEvent) -> None:
        """Another language chosen in the main window (its translators swapped): every word built again in it,
        the series as it was shown."""
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Series and meets"))
            self._build()
            self.show_view(self.view)
            self.set_busy(self.runner.running())
        super().changeEvent(event)

    # --- building ----------------------------------------------------------------------------------------
    def _button(self, row: QHBoxLayout, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: slot())
        row.addWidget(button)
        return button

    def _build(self) -> None:
        top = QHBoxLayout()
        self._button(top, "series-new", self.tr("New series…"), self.new_series)
        self._button(top, "series-open", self.tr("Open series…"), self.open_series)
        self.add_button = self._button(top, "series-add", self.tr("Add events…"), self.add_events)
        self.refresh_button = self._button(
            top, "series-refresh", self.tr("Read the events again"), self.refresh
        )
        self.accept_button = self._button(
            top, "series-accept", self.tr("Accept the events' changes"), self.accept_changes
        )
        top.addStretch(1)
        exports = QHBoxLayout()
        exports.addWidget(QLabel(self.tr("Export:")))
        self.export_buttons = [
            self._button(exports, f"series-export-{kind}", text, partial(self.export, kind))
            for kind, text in (
                (PDF, self.tr("PDF…")),
                (XLSX, self.tr("Workbook…")),
                (HTML, self.tr("Web page…")),
                (PNG, self.tr("Picture…")),
            )
        ]
        self.copy_button = self._button(exports, "series-copy", self.tr("Copy as picture"), self.copy_picture)
        exports.addStretch(1)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        self._build_heading(layout)
        layout.addWidget(self._build_split(), 1)
        layout.addLayout(exports)
        self.setCentralWidget(body)

    def _build_heading(self, layout: QVBoxLayout) -> None:
        """The series' name, its rule in words, and (red) the events not final or not counted."""
        self.title = QLabel()
        self.title.setObjectName("series-title")
        self.rule = QLabel()
        self.warning = QLabel()
        self.warning.setObjectName("series-warning")
        self.warning.setStyleSheet("color: #c62828;")
        for label in (self.title, self.rule, self.warning):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)
        for label in (self.title, self.rule, self.warning):
            layout.addWidget(label)

    def _build_split(self) -> QSplitter:
        """The standings at the left; the events and the likely merges at the right."""
        self.model = SeriesModel(self)
        self.table = QTableView()
        self.table.setObjectName("series-standings")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.events = QTableWidget(0, 4)
        self.events.setObjectName("series-events")
        self.events.verticalHeader().hide()
        self.events.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.events.horizontalHeader().setStretchLastSection(True)
        self.merges = QListWidget()
        self.merges.setObjectName("series-merges")
        self.merge_button = QPushButton(self.tr("Merge the ticked"))
        self.merge_button.setObjectName("series-merge")
        self.merge_button.clicked.connect(lambda _=False: self.merge_ticked())
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(QLabel(self.tr("Events")))
        side_layout.addWidget(self.events, 2)
        self.merges_label = QLabel(self.tr("Likely the same (tick those that are, then merge):"))
        self.merges_label.setWordWrap(True)
        side_layout.addWidget(self.merges_label)
        side_layout.addWidget(self.merges, 1)
        side_layout.addWidget(self.merge_button)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        return split

    # --- showing -----------------------------------------------------------------------------------------
    def set_busy(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage(self.tr("Reading the events…"))
        else:
            self.statusBar().clearMessage()
        self.setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.ArrowCursor)

    def show_view(self, view: SeriesView | None) -> None:
        self.view = view
        data = view.data if view is not None else None
        self.model.set_data(data)
        if data is not None:  # the unit column takes the room left (its index: before the events)
            unit_column = 1 if data.per_unit else 2
            header = self.table.horizontalHeader()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(unit_column, QHeaderView.ResizeMode.Stretch)
        has = view is not None
        for button in (self.add_button, self.refresh_button, self.copy_button, *self.export_buttons):
            button.setEnabled(has)
        self.title.setText(data.name if data is not None else self.tr("No series open: create or open one."))
        self.rule.setText(self.words.rule_text(data.rule) if data is not None else "")
        self.warning.setText(self.words.warning_text(data) if data is not None else "")
        self.warning.setVisible(bool(self.warning.text()))
        self._show_events(data)
        self.accept_button.setVisible(view is not None and view.changed)
        self._show_merges(
            view.candidates if view is not None else (), view.same_players if view else frozenset()
        )
        if view is not None:
            self.setWindowTitle(self.tr("Series and meets — {name}").format(name=data.name if data else ""))

    def _show_events(self, data: SeriesData | None) -> None:
        events = data.events if data is not None else ()
        self.events.clear()
        self.events.setHorizontalHeaderLabels(
            [self.tr("No."), self.tr("Event"), self.tr("Status"), self.tr("File")]
        )
        self.events.setRowCount(len(events))
        for row, e in enumerate(events):
            for column, text in enumerate((str(e.number), e.name, self.words.status_text(e), e.source)):
                item = QTableWidgetItem(text)
                if column == 2 and (e.status != "final" or e.changed):
                    item.setForeground(Qt.GlobalColor.darkRed)
                if column == 2 and e.problem:
                    item.setToolTip(e.problem)
                self.events.setItem(row, column, item)
        self.events.resizeColumnsToContents()

    def _show_merges(self, candidates: Sequence[MergeCandidate], same_players: frozenset[int]) -> None:
        self.merges.clear()
        for c in candidates:
            item = QListWidgetItem(self.words.merge_text(c, same_players=c.number in same_players))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, (c.keep, c.other))
            self.merges.addItem(item)
        shown = bool(candidates)
        self.merges_label.setVisible(shown)
        self.merges.setVisible(shown)
        self.merge_button.setVisible(shown)

    # --- acting ------------------------------------------------------------------------------------------
    def on_series(self, path: Path, work: Callable[[SeriesDesk], Any] | None = None) -> None:
        """Open the series at ``path``, do ``work`` (a change, one transaction), read the view: off the GUI
        thread; the window shows it when it arrives."""

        def job() -> SeriesView:
            with open_series(path) as desk:
                if work is not None:
                    work(desk)
                return read_view(path, desk)

        self.runner.start(job, self.arrived)

    def arrived(self, view: SeriesView) -> None:
        self.path = view.path
        self.show_view(view)

    def refresh(self) -> None:
        if self.path is not None:
            self.on_series(self.path)

    def new_series(self) -> NewSeriesDialog:
        """The new-series dialog (window-modal, not blocking: its OK creates the file)."""
        dialog = NewSeriesDialog(self, self.folder)
        dialog.accepted.connect(lambda: self.make_series(dialog.choices()))
        self.new_dialog = dialog
        dialog.open()
        return dialog

    def make_series(self, chosen: NewSeries) -> None:
        def job() -> SeriesView:
            with create_series(chosen.path, name=chosen.name, points=chosen.points, best=chosen.best,
                               min_events=chosen.min_events, per=chosen.per) as desk:  # fmt: skip
                return read_view(chosen.path, desk)

        self.runner.start(job, self.arrived)

    def choose_series_file(self) -> Path | None:
        """The series file to open (tests replace this); None when the director cancels."""
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Open series"), str(self.folder), SERIES_FILES)
        return Path(name) if name else None

    def open_series(self) -> None:
        path = self.choose_series_file()
        if path is not None:
            self.on_series(path)

    def choose_event_files(self) -> list[Path]:
        """The tournament files to add (several at once; tests replace this)."""
        names, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Add events"), str(self.folder), self.tr("Tournament files (*.tdesk)")
        )
        return [Path(n) for n in names]

    def add_events(self) -> None:
        if self.path is None:
            return
        paths = self.choose_event_files()
        if paths:
            self.on_series(self.path, lambda desk: add_events(desk, paths))

    def accept_changes(self) -> None:
        """The member events' places as they are now become the ones added: a change seen stops showing."""
        if self.path is not None:
            self.on_series(self.path, confirm_events)

    def ticked(self) -> list[tuple[str, str]]:
        items = (self.merges.item(i) for i in range(self.merges.count()))
        return [
            item.data(Qt.ItemDataRole.UserRole)
            for item in items
            if item.checkState() == Qt.CheckState.Checked
        ]

    def merge_ticked(self) -> None:
        pairs = self.ticked()
        if self.path is None or not pairs:
            return

        def merge(desk: SeriesDesk) -> None:
            for keep, other in pairs:
                confirm_merge(desk, keep, [other])

        self.on_series(self.path, merge)

    def choose_export_file(self, kind: str) -> Path | None:
        """Where to write the export (tests replace this); None when the director cancels."""
        suffix = {PDF: ".pdf", XLSX: ".xlsx", HTML: ".html", PNG: ".png"}[kind]
        stem = self.view.data.name if self.view is not None else "series"
        default = (self.path.parent if self.path else self.folder) / f"{stem}{suffix}"
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export the standings"), str(default), f"*{suffix}"
        )
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)

    def export(self, kind: str) -> None:
        out = self.choose_export_file(kind) if self.path is not None else None
        if self.path is None or out is None:
            return
        path = self.path

        def job() -> list[Path]:
            with open_series(path) as desk:
                return export_series(desk, kind, out)

        self.runner.start(job, self.exported)

    def exported(self, written: list[Path]) -> None:
        self.last_written = written
        self.statusBar().showMessage(
            self.tr("Saved {files}").format(files=", ".join(p.name for p in written)), 10_000
        )

    def copy_picture(self) -> None:
        """The standings as a picture on the clipboard (a long list: the first picture; Picture… saves all)."""
        if self.path is None:
            return
        path = self.path

        def job() -> Any:
            with open_series(path) as desk:
                return series_pictures(series_data(desk), first_only=True)

        self.runner.start(job, self.copied)

    def copied(self, made: list[Any]) -> None:
        if made:
            put_on_clipboard(self, made[0], self.tr("Picture…"))


def open_series_window(parent: QWidget, folder: Path | None = None) -> SeriesWindow:
    """The series window of ``parent`` (the main window): the one already open, or a new one."""
    found = parent.findChild(SeriesWindow)
    window = found if found is not None else SeriesWindow(parent, folder)
    window.show()
    window.raise_()
    window.activateWindow()
    return window

"""Column widths measured with the view's own font: wide enough for what a column can hold, never cut.

``resizeColumnsToContents`` sizes a column for what it shows at that moment: an empty VP column then
shows "0⋯" as soon as a result is typed. These helpers size a column for the widest thing it can ever
hold, and names for the longest name there is (up to a sensible maximum) rather than Qt's 100 px default.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QStyle, QTableView

# Names wider than this many "中" are cut (with a tooltip) rather than pushing the rest off the screen.
NAME_MAX_EMS = 18


def cell_padding(view: QTableView) -> int:
    """What a cell adds around its text: the style's margins on both sides, and a little air."""
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return 2 * margin + view.fontMetrics().horizontalAdvance("00")


def text_width(view: QTableView, texts: Iterable[str]) -> int:
    """The width a cell needs to show the widest of ``texts`` whole."""
    metrics = view.fontMetrics()
    return max((metrics.horizontalAdvance(t) for t in texts), default=0) + cell_padding(view)


def header_width(view: QTableView, column: int) -> int:
    header = view.horizontalHeader()
    return header.sectionSizeFromContents(column).width()


def reserve(view: QTableView, column: int, widest: Iterable[str]) -> None:
    """Make ``column`` at least wide enough for the widest of ``widest`` (and its header)."""
    header = view.horizontalHeader()
    wanted = max(text_width(view, widest), header_width(view, column))
    if header.sectionSize(column) < wanted:
        header.resizeSection(column, wanted)


def fit_names(view: QTableView, column: int, names: Iterable[str], *, max_ems: int = NAME_MAX_EMS) -> None:
    """Size a column of names (or units) for its longest entry, up to ``max_ems`` wide characters."""
    limit = view.fontMetrics().horizontalAdvance("中" * max_ems) + cell_padding(view)
    width = max(text_width(view, names), header_width(view, column))
    view.horizontalHeader().resizeSection(column, min(width, limit))


def keep_whole(view: QTableView, last: int, last_texts: Iterable[str], *, max_ems: int) -> None:
    """A list beside a splitter: never narrower than its columns (up to ``max_ems`` wide characters, so what
    stands beside it keeps room). The last column stretches to the view's width, so it is measured from
    ``last_texts`` and its header instead (a stretched one is never narrower than the default section)."""
    header = view.horizontalHeader()
    last_width = max(text_width(view, last_texts), header_width(view, last), header.defaultSectionSize())
    columns = sum(header.sectionSize(c) for c in range(last)) + last_width
    wanted = columns + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
    view.setMinimumWidth(min(wanted, view.fontMetrics().horizontalAdvance("中") * max_ems))

"""A line of the team-match page whose text changes at every key or game (the running games, the message line)
without laying the whole window out again."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLabel, QSizePolicy, QWidget


class QuietLine(QWidget):
    """Holds a label whose text changes at every key or game without laying the window out again: in a layout,
    a label's new text lays out (and paints) the whole main window again, up through every layout above it.
    The holder has no layout: it gives the label its own size, and is as high as ``lines`` lines of it."""

    def __init__(self, label: QLabel, lines: int) -> None:
        super().__init__()
        self.label = label
        label.setParent(self)
        label.ensurePolished()  # its style sheet's font, to measure the lines
        margins = label.contentsMargins()
        height = (
            lines * label.fontMetrics().lineSpacing() + margins.top() + margins.bottom() + 2 * label.margin()
        )
        self.setFixedHeight(height + 2)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setAutoFillBackground(True)  # opaque: a new text repaints this line, not the page behind it

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.label.setGeometry(self.rect())
        super().resizeEvent(event)


def quiet(label: QLabel, lines: int) -> None:
    """Put ``label`` in a ``QuietLine`` where it stands in its layout."""
    parent = label.parentWidget()
    layout = parent.layout() if parent is not None else None
    if isinstance(layout, QBoxLayout):
        at = layout.indexOf(label)
        layout.removeWidget(label)
        layout.insertWidget(at, QuietLine(label, lines))

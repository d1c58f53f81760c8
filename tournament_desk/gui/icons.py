"""Small icons drawn by the program, for marks the bundled font has no glyph for.

The bundled CJK font (WenQuanYi Micro Hei) has no 🔒 (U+1F512), so on a machine without an emoji font a
locked table showed a box. The padlock is drawn instead: the same on every machine, in any language.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QStyle

LOCK_COLOUR = QColor("#5d4037")
ICON_SIZES = (16, 24, 32, 48)


def _padlock(size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 16.0
    # The shackle: a thick arc over the body.
    pen = QPen(LOCK_COLOUR, 1.8 * s)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    shackle = QPainterPath()
    shackle.moveTo(4.8 * s, 8.0 * s)
    shackle.lineTo(4.8 * s, 5.5 * s)
    shackle.arcTo(QRectF(4.8 * s, 1.6 * s, 6.4 * s, 7.8 * s), 180, -180)
    shackle.lineTo(11.2 * s, 8.0 * s)
    painter.drawPath(shackle)
    # The body, with a keyhole.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(LOCK_COLOUR)
    painter.drawRoundedRect(QRectF(2.5 * s, 7.0 * s, 11.0 * s, 8.0 * s), 1.5 * s, 1.5 * s)
    painter.setBrush(QColor("white"))
    painter.drawEllipse(QRectF(7.0 * s, 9.2 * s, 2.0 * s, 2.0 * s))
    painter.drawRect(QRectF(7.55 * s, 10.5 * s, 0.9 * s, 2.6 * s))
    painter.end()
    return pixmap


@cache
def lock_icon() -> QIcon:
    """A padlock, for locked tables (rounds page, results grid)."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addPixmap(_padlock(size))
    return icon


@cache
def warning_icon() -> QIcon:
    """The style's warning sign, for non-standard actions in the audit trail (the bundled font has no ⚠)."""
    style = QApplication.style()
    return style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)

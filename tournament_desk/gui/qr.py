"""A QR code as a picture: the players' address on the Live dialog and on the projector."""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QR_SCALE = 6


def qr_pixmap(text: str) -> QPixmap:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=QR_SCALE, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap

"""qr: the players' address as a QR picture, module for module the code segno makes."""

from __future__ import annotations

import segno
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from tournament_desk.gui.qr import QR_SCALE, qr_pixmap

BORDER = 2


def test_the_picture_is_the_code_scaled_with_a_quiet_border(qapp: QApplication) -> None:
    text = "http://192.168.1.20:8080/t/甲"
    pixmap = qr_pixmap(text)
    matrix = segno.make(text, error="m").matrix
    size = (len(matrix) + 2 * BORDER) * QR_SCALE
    assert (pixmap.width(), pixmap.height()) == (size, size)
    image = pixmap.toImage()
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            x = (c + BORDER) * QR_SCALE + QR_SCALE // 2
            y = (r + BORDER) * QR_SCALE + QR_SCALE // 2
            assert (QColor(image.pixel(x, y)).lightness() < 128) == bool(dark), (r, c)
    assert QColor(image.pixel(1, 1)).lightness() > 128  # the quiet border is light


def test_a_longer_address_gives_a_bigger_code(qapp: QApplication) -> None:
    assert qr_pixmap("http://h/" + "x" * 200).width() > qr_pixmap("http://h/").width()

"""icons: the drawn padlock at every size, and the style's warning sign."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from tournament_desk.gui.icons import ICON_SIZES, LOCK_COLOUR, lock_icon, warning_icon


def test_the_padlock_is_drawn_at_each_size_in_its_colour_on_transparent(qapp: QApplication) -> None:
    icon = lock_icon()
    assert sorted(s.width() for s in icon.availableSizes()) == sorted(ICON_SIZES)
    image = icon.pixmap(QSize(32, 32)).toImage()
    assert image.pixelColor(0, 0).alpha() == 0  # the corner is left transparent
    body = image.pixelColor(8, 26)  # inside the body (x 5–27, y 14–30 at 32 px), beside the keyhole
    assert body.alpha() == 255 and body.rgb() == LOCK_COLOUR.rgb()
    keyhole = image.pixelColor(16, 20)
    assert keyhole.lightness() > QColor(LOCK_COLOUR).lightness()
    assert lock_icon() is icon  # drawn once


def test_the_warning_sign_is_the_styles(qapp: QApplication) -> None:
    assert not warning_icon().isNull()
    assert warning_icon() is warning_icon()

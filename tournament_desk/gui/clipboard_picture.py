"""A picture to share put on the clipboard, as every window that makes one does it (issue 30): the main window's
Copy as picture and the series window's."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QMainWindow

from tournament_desk.gui import boxes
from tournament_desk.services.output.pictures import Picture


def put_on_clipboard(window: QMainWindow, first: Picture, save_action: str) -> QImage:
    """The first of the pictures on the clipboard, said in ``window``'s status bar; when the list made several,
    a box says the first is copied and ``save_action`` (the window's own "Save picture…") writes them all."""
    # True colour on the clipboard: every chat program takes it (the PNG itself has a palette).
    image = QImage.fromData(first.png).convertToFormat(QImage.Format.Format_RGB32)
    QGuiApplication.clipboard().setImage(image)
    window.statusBar().showMessage(
        QCoreApplication.translate(
            "PictureClipboard",
            "The picture is on the clipboard ({width} × {height} pixels): paste it into a chat.",
        ).format(width=image.width(), height=image.height()),
        10_000,
    )
    if first.total > 1:
        boxes.tell(
            window,
            QCoreApplication.translate("PictureClipboard", "Picture to share"),
            QCoreApplication.translate(
                "PictureClipboard",
                "The list is long, so it makes {count} pictures. The first is on the clipboard; {save} saves them all.",
            ).format(count=first.total, save=save_action),
        )
    return image

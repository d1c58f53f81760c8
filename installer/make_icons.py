"""Render resources/icons/tournament-desk.svg to the PNG sizes, the Windows .ico and the macOS .icns.

    .venv/bin/python installer/make_icons.py

Run it after changing the SVG and commit the results: the build only copies them, so it needs neither an
SVG renderer nor this script. Qt draws the SVG (QtSvg ships with PySide6-Essentials); Pillow writes the
multi-size .ico and .icns (Pillow comes with reportlab).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PIL import Image

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "tournament-desk.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(size: int) -> Image.Image:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    # RGBA8888 is byte for byte what Pillow calls RGBA (straight alpha, no row padding at these sizes).
    image = QImage(size, size, QImage.Format.Format_RGBA8888)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(SVG)).render(painter)
    painter.end()
    return Image.frombytes("RGBA", (size, size), bytes(image.constBits()))


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for size in PNG_SIZES:
        render(size).save(ICONS / f"tournament-desk-{size}.png", optimize=True)
    # Each .ico size drawn from the vector, not scaled down from one bitmap: small sizes stay crisp.
    ico = [render(size) for size in ICO_SIZES]
    ico[-1].save(ICONS / "tournament-desk.ico", sizes=[(s, s) for s in ICO_SIZES], append_images=ico[:-1])
    render(1024).save(ICONS / "tournament-desk.icns")
    for path in sorted(ICONS.iterdir()):
        print(f"{path.name:32} {path.stat().st_size:>8} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
